// boardgame.io's stock Server (in-memory storage, socket.io transport) running the
// trivial game, on the port given: `node server.js PORT` with NODE_PATH pointing at a
// node_modules that holds boardgame.io 0.50.2 (npm install boardgame.io@0.50.2).
// Prints "ready" once it listens. Belle's closed-loop bench starts and measures it.
const { Server } = require('boardgame.io/server');
const { Trivial } = require('./game');

const port = Number(process.argv[2]);
const server = Server({ games: [Trivial], origins: [/.*/] });
server.run(port, () => console.log('ready'));

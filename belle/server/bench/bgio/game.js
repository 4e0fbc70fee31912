// The trivial game (a match has as many seats as asked) `belle bench --server --closed-loop --bgio DIR` gives
// boardgame.io's stock server: each turn the player to move plays one move, `play(n)`,
// which counts it and remembers n. Nothing hidden, no randomness, no end: the
// cheapest game its server can run, so its figures are its framework's cost per move.
const Trivial = {
  name: 'trivial',
  setup: () => ({ moves: 0, last: null }),
  moves: {
    play: ({ G }, n) => {
      G.moves += 1;
      G.last = n;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
};

module.exports = { Trivial };

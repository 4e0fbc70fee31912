// One line of the log per turn and per run of chance events, in the reader's language
// (issue 16 item 2). turnText(game, steps, ctx) and chanceText(game, steps, ctx) read the
// steps' notation (docs/notation.md); ctx = {names, players, lookup(kind, key)}, where
// lookup is the renderer's own (city values, district names: data it loaded). Steps are
// {text, player, chance}; a hidden step's text is "?". What a game has no phrase for is
// said with describe() of moves.js, step by step.
import { currentLanguage, t } from "./i18n.js";
import { colour, company, describe, endTileText, keyPlace, lineColour, word } from "./moves.js";

const HIDDEN = "?";
const words = (step) => step.text.trim().split(/\s+/);
const verbOf = (step) => words(step)[0].toLowerCase();
const argsOf = (step) => words(step).slice(1);
const list = (items) => items.join(", ");
const cap = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
// A sentence's first letter made small inside a line ("· take a material"); German keeps
// it, its nouns are capitalised ("· Material nehmen").
const lower = (text) => (text && currentLanguage() !== "de" ? text[0].toLowerCase() + text.slice(1) : text);
const seatName = (ctx, seat) => (ctx.names && ctx.names[seat]) || t("Player {n}", { n: Number(seat) + 1 });
const look = (ctx, kind, key, fallback) => {
  const found = ctx.lookup ? ctx.lookup(kind, key) : null;
  return found === null || found === undefined ? fallback : found;
};

/** Consecutive steps with the same verb, as [verb, [args, ...]]. */
function byVerb(steps) {
  const out = [];
  for (const step of steps) {
    const verb = step.text === HIDDEN ? HIDDEN : verbOf(step);
    const last = out[out.length - 1];
    if (last && last[0] === verb) last[1].push(argsOf(step));
    else out.push([verb, [argsOf(step)]]);
  }
  return out;
}

/** describe() of each step, joined: the fallback of every game. */
function stepByStep(game, steps, ctx) {
  return steps.filter((s) => s.text !== HIDDEN).map((s) => lower(describe(game, s.text, ctx) || s.text)).join(" · ");
}

/** Counts of chance verbs, phrased by the game's own table (`phrases[verb](n, args)`).
 * `same` names the verb a hidden step ("?") counts with, when the game's only secret
 * chance is that one (the shares dealt: your own and the others' are one count). */
function chanceRuns(game, steps, ctx, phrases, same = null) {
  const counts = new Map();
  for (const step of steps) {
    const verb = step.text === HIDDEN ? same || HIDDEN : verbOf(step);
    if (!counts.has(verb)) counts.set(verb, []);
    counts.get(verb).push(argsOf(step));
  }
  const parts = [];
  for (const [verb, args] of counts) {
    const phrase = phrases[verb];
    if (phrase) parts.push(phrase(args.length, args, ctx));
    else if (verb === HIDDEN) parts.push(t("{n} secret draws", { n: args.length }));
    else if (args.length === 1) parts.push(lower(describe(game, [verb, ...args[0]].join(" "), ctx) || verb));
    else parts.push(t("{what} ×{n}", { what: lower(describe(game, [verb, ...args[0]].join(" "), ctx) || verb), n: args.length }));
  }
  return cap(parts.join(" · "));
}

const startPlayer = (n, args, ctx) => t("{player} starts", { player: seatName(ctx, args[0][0]) });

// -- Paris Connection ---------------------------------------------------------------

function pcTurn(steps, ctx) {
  const own = steps.filter((s) => !s.chance);
  const verbs = own.map(verbOf);
  if (verbs[0] === "build") {
    const name = company(ctx, argsOf(own[0])[0]);
    const hexes = own.filter((s) => verbOf(s) === "place").map((s) => argsOf(s).join(" "));
    const gain = hexes.reduce((sum, hex) => sum + (Number(look(ctx, "value", hex, 0)) || 0), 0);
    const built = hexes.length ? t("built {company}: {hexes}", { company: name, hexes: list(hexes) }) : t("starts building {company}", { company: name });
    return gain ? t("{built} — {company} +{gain}", { built, company: name, gain }) : built;
  }
  if (verbs[0] === "return") {
    const returned = company(ctx, argsOf(own[0])[0]);
    const take = own.find((s) => verbOf(s) === "take");
    if (!take) return t("returned a {company} share", { company: returned });
    const args = argsOf(take);
    const count = args.length > 1 ? args[0] : "1";
    return t("traded: returned a {returned} share, took {count} {company}", { returned, count, company: company(ctx, args[args.length - 1]) });
  }
  return stepByStep("paris_connection", own, ctx);
}

function pcChance(steps, ctx) {
  const drawn = (n) => (ctx.players && n % ctx.players === 0
    ? t("each player drew {n} shares", { n: n / ctx.players })
    : n === 1 ? t("a share was drawn") : t("{n} shares were drawn", { n }));
  return chanceRuns("paris_connection", steps, ctx, {
    start: (n, args) => t("the companies start on {starts}", {
      starts: list(args.map(([letter, hex]) => t("{hex} ({company})", { hex, company: company(ctx, letter) }))),
    }),
    deal: drawn,
    [HIDDEN]: drawn,
    first: startPlayer,
  }, "deal");
}

// -- Paris ------------------------------------------------------------------------

const place = (code, ctx) => look(ctx, "place", code, code);

function parisTurn(steps, ctx) {
  const parts = [];
  let value = null;
  for (const step of steps) if (step.chance && verbOf(step) === "value") value = argsOf(step)[0];
  for (const [verb, args] of byVerb(steps.filter((s) => !s.chance))) {
    const a = args[0];
    if (verb === "draw") parts.push(value ? t("drew a tile of value {value} from stack {stack}", { value, stack: a[0] }) : t("drew from stack {stack}", { stack: a[0] }));
    else if (verb === "key") parts.push(t("put a key on {place}", { place: place(keyPlace(a[0]), ctx) }));
    else if (verb === "move" && a.includes("build")) parts.push(t("moved a key from {from} to build {landmark}", { from: place(a[0], ctx), landmark: place(a[a.indexOf("build") + 1], ctx) }));
    else if (verb === "move") parts.push(t("moved a key from {from} to {to}", { from: place(a[0], ctx), to: place(a[1], ctx) }));
    else if (verb === "buy") parts.push(t("bought {tokens}", { tokens: list(args.map((x) => look(ctx, "kind", x[0], x[0]))) }));
    else if (verb === "sell") parts.push(t("sold {tokens}", { tokens: list(args.map((x) => look(ctx, "kind", x[0], x[0]))) }));
    else if (verb === "bonus") parts.push(t("took bonus tile {tile}", { tile: a[0] }));
    else if (verb === "nobonus") parts.push(t("took no bonus tile"));
    else if (verb === "use") parts.push(t("used bonus tile {tile}", { tile: a[0] }));
    else if (verb === "put") parts.push(t("put the tile in {district}", { district: place(a[0], ctx) }));
    else if (verb === "endgame") parts.push(t("looked through the end-game tiles"));
    else if (verb === HIDDEN || verb === "take") parts.push(t("took an end-game tile"));
    else if (verb === "play") parts.push(...args.map((x) => t("played an end-game tile: {tile}", { tile: endTileText(x, ctx) })));
    else if (verb === "vptile") parts.push(t("laid VP tile {tile} on {district}", { tile: a[0], district: place(a[1], ctx) }));
    else if (verb === "novptile") parts.push(t("laid no VP tile"));
    else if (verb === "give") parts.push(t("handed in the prestige token of slot {slot}", { slot: a[0] }));
    else if (verb === "pass") parts.push(t("passed"));
    else if (verb === "end" || verb === "done") continue;
    else parts.push(lower(args.map((x) => describe("paris", [verb, ...x].join(" "), ctx) || verb).join(", ")));
  }
  return parts.join(" · ") || t("ended the turn");
}

function parisChance(steps, ctx) {
  return chanceRuns("paris", steps, ctx, {
    first: startPlayer,
    top: (n, args) => t("the stacks show {districts}", { districts: list(args.map((x) => place(x[1], ctx))) }),
    token: (n) => t("{n} tokens laid out", { n }),
    track: (n) => t("the bonus track laid out ({n} tiles)", { n }),
    value: (n, args) => t("a drawn tile has value {value}", { value: args[0][0] }),
  });
}

// -- Paris: La Cité de la Lumière ---------------------------------------------------

function colTurn(steps, ctx) {
  const parts = [];
  for (const [verb, args] of byVerb(steps.filter((s) => !s.chance))) {
    for (const a of args) {
      if (verb === "tile") parts.push(t("laid tile {tile} in {slot}", { tile: a[0], slot: a[1] }));
      else if (verb === "take") parts.push(t("took building {building}", { building: a[0] }));
      else if (verb === "build") parts.push(t("chose building {building}", { building: a[0] }));
      else if (verb === "at") parts.push(t("placed it at {space}", { space: a[0] }));
      else if (verb === "card") parts.push(t("activated {card}", { card: look(ctx, "card", a[0], a[0]) }));
      else if (verb === "on" && parts.length) parts[parts.length - 1] = t("{done}, aimed at {target}", { done: parts[parts.length - 1], target: a.join(" ") });
      else if (verb === "on") parts.push(t("aimed at {target}", { target: a.join(" ") }));
      else if (verb === "side") parts.push(t("chose the bank of the Seine: {side}", { side: a.join(" ") }));
      else if (verb === "quadrant") parts.push(t("chose quadrant {quadrant}", { quadrant: a.join(" ") }));
      else if (verb === "swap") parts.push(t("gave {give} and took {take}", { give: a[0], take: a[1] }));
      else if (verb === "use") parts.push(t("carried out the card"));
      else if (verb === "decline") parts.push(t("without its action"));
      else if (verb === "pass") parts.push(t("passed"));
      else parts.push(lower(describe("city_of_light", [verb, ...a].join(" "), ctx) || verb));
    }
  }
  return parts.join(" · ");
}

function colChance(steps, ctx) {
  return chanceRuns("city_of_light", steps, ctx, {
    first: (n, args) => t("{colour} starts", { colour: colour(args[0][0]) }),
    draw: (n) => (n === 1 ? t("a tile was drawn") : t("{n} tiles were drawn", { n })),
    [HIDDEN]: (n) => (n === 1 ? t("a tile was drawn") : t("{n} tiles were drawn", { n })),
    pick: (n, args) => t("postcards in play: {cards}", { cards: list(args.map((x) => look(ctx, "card", x[0], x[0]))) }),
  });
}

// -- Paris Paris ------------------------------------------------------------------

function ppTurn(steps, ctx) {
  const parts = [];
  for (const step of steps.filter((s) => !s.chance)) {
    const a = argsOf(step);
    const verb = verbOf(step);
    if (verb === "take") parts.push(t("took {stop} ({line})", { stop: a.slice(0, -1).join(" "), line: lineColour(a[a.length - 1]) }));
    else if (verb === "remove") parts.push(t("removed the {player} shop", { player: colour(a[0]) }));
    else parts.push(lower(describe("paris_paris", step.text, ctx) || step.text));
  }
  return parts.join(" · ");
}

function ppChance(steps, ctx) {
  const dealt = (n) => (ctx.players && n % ctx.players === 0
    ? (n === ctx.players ? t("each player was dealt a secret line") : t("each player was dealt {n} secret lines", { n: n / ctx.players }))
    : n === 1 ? t("a secret line was dealt") : t("{n} secret lines were dealt", { n }));
  return chanceRuns("paris_paris", steps, ctx, {
    lay: (n, args) => t("cards laid out: {cards}", { cards: list(args.map((x) => `${x.slice(0, -1).join(" ")} (${lineColour(x[x.length - 1])})`)) }),
    secret: dealt,
    [HIDDEN]: dealt,
    open: (n, args) => t("the open line is {line}", { line: lineColour(args[0][0]) }),
    first: startPlayer,
  }, "secret");
}

// -- Bruxelles 1893 ---------------------------------------------------------------

const BRUSSELS = {
  market: () => t("used the market"),
  bourse: () => t("used the stock exchange"),
  "grand-place": () => t("went to the Grand-Place"),
  parc: () => t("went to the park"),
};
const unit = (x) => (x === "bf" ? t("3 BF") : word(x));
const figure = (ctx, id) => look(ctx, "figure", id, id);

/** One step of a Bruxelles turn, said in the past (after "Ana"); `a` its words. */
const BRX_DONE = {
  shield: (a) => t("set the bracket on shield {shield}", { shield: a[0] }),
  place: (a) => t("placed an assistant on {space}", { space: a[0] }),
  bid: (a) => t("offered {amount} BF", { amount: a[0] }),
  copy: (a) => t("copied the Art Nouveau action {action}", { action: word(a[0]) }),
  pass: () => t("passed"),
  keep: (a, ctx) => (a[0] === "figure" ? t("kept the figure")
    : a[0] === "bonus" ? t("kept the bonus: {kind}", { kind: word(a.slice(1).join(" ")) })
      : t("kept a work of art: {colour}", { colour: colour(a[0]) })),
  discard: () => t("discarded the figure"),
  sell: (a) => t("sold a work of art: {colour}", { colour: colour(a[0]) }),
  cover: (a) => t("covered shop space {space}", { space: a[0] }),
  hire: (a) => t("hired the theatre card of slot {slot}", { slot: a[0] }),
  needle: (a) => t("turned compass needle {needle}", { needle: a[0] }),
  build: (a) => t("built on {space}", { space: a[0] }),
  activate: (a, ctx) => t("activated {figure}", { figure: figure(ctx, a[0]) }),
  accept: () => t("accepted the secondary action"),
  decline: () => t("declined"),
  use: () => t("used the bonus card"),
  settle: (a, ctx) => t("paid {figure}", { figure: figure(ctx, a[0]) }),
};

// Steps that come in runs, said once for the run: "took wood, stone".
const BRX_RUNS = {
  cursor: (xs) => t("moved the workshop cursor: {moves}", { moves: list(xs.map(word)) }),
  take: (xs) => t("took {materials}", { materials: list(xs.map(word)) }),
  pay: (xs) => t("paid {units}", { units: list(xs.map(unit)) }),
};

function brxTurn(steps, ctx) {
  const own = steps.filter((s) => !s.chance && s.text !== HIDDEN);
  const parts = [];
  let run = null;
  for (let i = 0; i < own.length; i++) {
    const [verb, a, next] = [verbOf(own[i]), argsOf(own[i]), own[i + 1]];
    if (BRX_RUNS[verb]) {
      if (run && run.verb === verb) run.args.push(a[0]);
      else parts.push((run = { verb, args: [a[0]] }));
      continue;
    }
    run = null;
    if (verb === "place" && next && verbOf(next) === "bid") {
      parts.push(t("put an assistant on {space} (bid {amount} BF)", { space: a[0], amount: argsOf(next)[0] }));
      i++;
    } else if (BRUSSELS[verb]) parts.push(BRUSSELS[verb]());
    else if (BRX_DONE[verb]) parts.push(BRX_DONE[verb](a, ctx));
    else parts.push(lower(describe("bruxelles_1893", own[i].text, ctx) || own[i].text));
  }
  return parts.map((part) => (typeof part === "string" ? part : BRX_RUNS[part.verb](part.args))).join(" · ");
}

function brxChance(steps, ctx) {
  return chanceRuns("bruxelles_1893", steps, ctx, {
    strip: (n) => t("the Art Nouveau strips are laid ({n})", { n }),
    compass: (n) => t("the compass is assembled ({n} tiles)", { n }),
    bonus: (n) => t("{n} bonus cards dealt", { n }),
    figure: (n, args) => (n === 1 ? t("public figure dealt: {figure}", { figure: look(ctx, "figure", args[0][0], args[0][0]) }) : t("{n} public figures dealt", { n })),
    draw: (n) => (n === 1 ? t("a work of art was drawn") : t("{n} works of art were drawn", { n })),
    [HIDDEN]: (n) => (n === 1 ? t("a work of art was drawn") : t("{n} works of art were drawn", { n })),
    stock: () => t("a new stock exchange card"),
    first: startPlayer,
  });
}

const GAMES = {
  paris_connection: [pcTurn, pcChance],
  paris: [parisTurn, parisChance],
  city_of_light: [colTurn, colChance],
  paris_paris: [ppTurn, ppChance],
  bruxelles_1893: [brxTurn, brxChance],
};

/** What a seat did in one turn, in one line (without the seat's name). */
export function turnText(game, steps, ctx) {
  const own = GAMES[game];
  return own ? own[0](steps, ctx) : stepByStep(game, steps, ctx);
}

/** What chance did in one run of events. */
export function chanceText(game, steps, ctx) {
  const own = GAMES[game];
  return own ? own[1](steps, ctx) : cap(stepByStep(game, steps, ctx));
}

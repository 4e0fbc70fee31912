// What a move means, in the reader's language. The engines write moves in a short
// notation ("build R", "key MO", "tile 3 B2 90"; docs/notation.md) that the log and the
// legal-move list keep showing; describe(game, text) adds a sentence for it, from one
// table per game: the notation's verb → a function of the words after it. Places and
// pieces are named from the renderer's material (`ctx.lookup`) where it has them, else
// kept as the notation writes them. scoreComponent(game,
// label) translates the score lines' labels (State.score_breakdown()'s `component`).
import { engineText, hasEngineText, t } from "./i18n.js";

const all = (args) => args.join(" ");

const COLOURS = {
  red: () => t("red"), blue: () => t("blue"), yellow: () => t("yellow"), black: () => t("black"),
  purple: () => t("purple"), brown: () => t("brown"), green: () => t("green"), grey: () => t("grey"),
  orange: () => t("orange"), white: () => t("white"), beige: () => t("beige"),
};

const WORDS = {
  up: () => t("up"), down: () => t("down"), left: () => t("left"), right: () => t("right"),
  wood: () => t("wood"), stone: () => t("stone"), iron: () => t("iron"), joker: () => t("joker"),
  bf: () => t("Belgian francs"), marble: () => t("marble"), gold: () => t("gold"),
  // Bruxelles: bonus categories and Art Nouveau actions, as the notation writes them
  money: () => t("money"), assistants: () => t("assistants"), materials: () => t("Materials"),
  art: () => t("works of art"), workshop: () => t("Workshop"), sale: () => t("Sale"),
  theatre: () => t("Theatre"), construction: () => t("Construction"),
};

/** A direction, material or money word of the notation in the reader's language. */
export function word(text) {
  const found = WORDS[String(text).toLowerCase()];
  return found ? found() : text;
}

/** A colour word in the reader's language (unknown words unchanged). */
export function colour(word) {
  const found = COLOURS[String(word).toLowerCase()];
  return found ? found() : word;
}

/** A piece's name from the renderer's material (`ctx.lookup`), else its id. */
const named = (ctx, kind, id) => (ctx && ctx.lookup && ctx.lookup(kind, id)) || id;

/** Paris: "L12 MO", a landmark built in a district, as "Opéra Garnier (Montmartre)". */
const landmarkIn = ([landmark, district], ctx) => (district
  ? `${named(ctx, "place", landmark)} (${named(ctx, "place", district)})` : named(ctx, "place", landmark));

/** Paris Connection: a company by its colour ("blue"), from its letter in the notation. */
export const company = (ctx, letter) => colour(named(ctx, "company", letter));

/** Paris: where "key X" puts the key, as a place code: "arc", or X's bank ("bank-MO"). */
export const keyPlace = (target) => (target === "arc" ? "arc" : `bank-${target}`);

/** Paris Paris: a line's colour as the game's catalogue names lines (French and Spanish
 * agree it with "ligne", "línea": "verte", "roja"). */
export const lineColour = (word) => (hasEngineText("paris_paris", `line.${word}`)
  ? engineText("paris_paris", { id: `line.${word}`, params: {} }) : colour(word));

/** Paris Paris: a card's words, its line's colour last ("Clichy red"), in the reader's language. */
const ppCard = (a) => [...a.slice(0, -1), lineColour(a[a.length - 1] || "")].join(" ");

/** Paris: the goods chosen for a bonus or end-game tile, "(gold, marble)"; "" if none. */
const chosen = (kinds, ctx) => (kinds.length ? `(${kinds.map((x) => named(ctx, "kind", x)).join(", ")})` : "");

/** Paris: "play res marble"'s words after the verb, as "counts as 1 resource … (marble)". */
export const endTileText = (a, ctx) => `${named(ctx, "endgame", a[0])} ${chosen(a.slice(1), ctx)}`.trim();

/** "first 2": the start player, by name when the table's names are given. */
const SEAT_FIRST = (a, ctx) => {
  const seat = Number(all(a));
  const name = ctx && ctx.names && ctx.names[seat];
  return name ? t("Start player: {player}", { player: name }) : t("Start player: player {n}", { n: seat + 1 });
};

const VERBS = {
  paris_connection: {
    build: (a, ctx) => t("Start a build with company {company}", { company: company(ctx, all(a)) }),
    place: (a) => t("Place a locomotive on {hex}", { hex: all(a) }),
    stop: () => t("End the build"),
    return: (a, ctx) => t("Return a share of company {company}", { company: company(ctx, all(a)) }),
    take: (a, ctx) => t("Take {count} share(s) of company {company}", {
      count: a.length > 1 ? a[0] : "1", company: company(ctx, a.length > 1 ? a.slice(1).join(" ") : all(a)),
    }),
    deal: (a, ctx) => t("Draw a locomotive of company {company}", { company: company(ctx, all(a)) }),
    start: (a, ctx) => t("Company {company} starts on {hex}", { company: company(ctx, a[0]), hex: a.slice(1).join(" ") }),
    first: SEAT_FIRST,
  },
  paris: {
    draw: (a) => t("Reveal the top tile of stack {stack}", { stack: all(a) }),
    put: (a, ctx) => t("Put the drawn tile in district {district}", { district: named(ctx, "place", all(a)) }),
    key: (a, ctx) => t("Place a key on {place}", { place: named(ctx, "place", keyPlace(a[0])) }),
    move: (a, ctx) => (a.includes("build")
      ? t("Move a key from {from} to build landmark {landmark}", { from: named(ctx, "place", a[0]), landmark: landmarkIn(a.slice(a.indexOf("build") + 1), ctx) })
      : t("Move a key from {from} to {to}", { from: named(ctx, "place", a[0]), to: named(ctx, "place", a.slice(1).join(" ")) })),
    endgame: () => t("Search the end-game tiles"),
    take: (a, ctx) => (a.length === 1 ? t("Take end-game tile {tile}", { tile: named(ctx, "endgame", a[0]) }) : t("Take an end-game tile")),
    pass: () => t("Pass"),
    end: () => t("End the turn"),
    bonus: (a) => t("Take bonus tile {tile}", { tile: all(a) }),
    nobonus: () => t("Take no bonus tile"),
    give: (a) => t("Hand in the prestige token of slot {slot}", { slot: all(a) }),
    done: () => t("Done"),
    vptile: (a, ctx) => t("Put VP tile {tile} on {district}", { tile: a[0], district: named(ctx, "place", a.slice(1).join(" ")) }),
    novptile: () => t("Put no VP tile"),
    buy: (a, ctx) => t("Buy {token}", { token: named(ctx, "kind", all(a)) }),
    sell: (a, ctx) => t("Sell {token}", { token: named(ctx, "kind", all(a)) }),
    use: (a, ctx) => t("Use bonus tile {tile} {choice}", { tile: a[0], choice: chosen(a.slice(1), ctx) }).trim(),
    play: (a, ctx) => t("Play end-game tile {tile}", { tile: endTileText(a, ctx) }),
    first: SEAT_FIRST,
    token: (a, ctx) => t("Token laid out: {token}", { token: named(ctx, "kind", all(a)) }),
    track: (a) => t("Bonus track number laid: {number}", { number: all(a) }),
    top: (a, ctx) => t("Stack {stack} now shows district {district}", { stack: a[0], district: named(ctx, "place", a.slice(1).join(" ")) }),
    value: (a) => t("The drawn tile has value {value}", { value: all(a) }),
  },
  city_of_light: {
    tile: (a) => t("Lay tile {tile} in slot {slot}, turned {rotation}°", { tile: a[0], slot: a[1], rotation: a[2] || "0" }),
    take: (a) => t("Take building {building}", { building: all(a) }),
    pass: () => t("Pass"),
    build: (a) => t("Choose building {building} to place", { building: all(a) }),
    at: (a, ctx) => {
      const where = { space: a[0], rotation: a[1] || "0" };
      const building = ctx?.view?.pending?.building;
      return building ? t("Place building {building} at {space}, turned {rotation}°", { building, ...where })
        : t("Place it at {space}, turned {rotation}°", where);
    },
    card: (a, ctx) => t("Activate postcard {card}", { card: named(ctx, "card", all(a)) }),
    on: (a) => t("Target: {target}", { target: all(a) }),
    side: (a) => t("Bank of the Seine: {side}", { side: all(a) }),
    quadrant: (a) => t("Quadrant: {quadrant}", { quadrant: all(a) }),
    swap: (a) => t("Give {give}, take {take}", { give: a[0], take: a[1] }),
    use: () => t("Carry out the card"),
    decline: () => t("Activate without carrying out the action"),
    pick: (a, ctx) => t("Postcard in play: {card}", { card: named(ctx, "card", all(a)) }),
    first: (a) => t("Start player: {player}", { player: colour(all(a)) }),
    draw: (a) => t("Tile drawn: {tile}", { tile: all(a) }),
  },
  paris_paris: {
    take: (a) => t("Take the card {card}", { card: ppCard(a) }),
    remove: (a) => t("Remove the shop of {player}", { player: colour(all(a)) }),
    lay: (a) => t("Card laid out: {card}", { card: ppCard(a) }),
    secret: (a) => t("Secret line dealt: {line}", { line: lineColour(all(a)) }),
    open: (a) => t("Open line: {line}", { line: lineColour(all(a)) }),
    first: SEAT_FIRST,
  },
  bruxelles_1893: {
    shield: (a) => t("Put the bracket on shield {shield}", { shield: all(a) }),
    place: (a) => t("Put an assistant on {space}", { space: all(a) }),
    bid: (a) => t("Bid {amount} BF", { amount: all(a) }),
    market: () => t("Brussels action: the market"),
    bourse: () => t("Brussels action: the stock exchange"),
    "grand-place": () => t("Brussels action: the Grand-Place"),
    parc: () => t("Brussels action: the park"),
    copy: (a) => t("Copy the Art Nouveau action {action}", { action: word(all(a)) }),
    pass: () => t("Pass"),
    keep: (a) => (a[0] === "figure" ? t("Keep the figure")
      : a[0] === "bonus" ? t("Keep the bonus: {kind}", { kind: word(a.slice(1).join(" ")) })
        : t("Keep the work of art: {colour}", { colour: colour(all(a)) })),
    discard: () => t("Discard the figure"),
    cursor: (a) => t("Move the workshop cursor: {direction}", { direction: word(all(a)) }),
    sell: (a) => t("Sell a work of art: {colour}", { colour: colour(all(a)) }),
    cover: (a) => t("Cover shop space {space}", { space: all(a) }),
    hire: (a) => t("Hire the theatre card of slot {slot}", { slot: all(a) }),
    take: (a) => t("Take a material: {material}", { material: word(all(a)) }),
    pay: (a) => t("Pay one unit: {unit}", { unit: word(all(a)) }),
    needle: (a) => t("Turn compass needle {needle}", { needle: all(a) }),
    build: (a) => t("Build on {space}", { space: all(a) }),
    activate: (a, ctx) => t("Activate the figure {figure}", { figure: named(ctx, "figure", all(a)) }),
    accept: () => t("Accept the secondary action"),
    decline: () => t("Decline"),
    use: () => t("Use the bonus card"),
    settle: (a, ctx) => t("Pay the public figure {figure}", { figure: named(ctx, "figure", all(a)) }),
    strip: (a) => t("Art Nouveau strip laid: {strip}", { strip: all(a) }),
    compass: (a, ctx) => t("Compass tile laid: {tile}", { tile: named(ctx, "compass", all(a)) }),
    bonus: (a, ctx) => t("Bonus card dealt: {card}", { card: named(ctx, "bonus", all(a)) }),
    figure: (a, ctx) => t("Public figure dealt: {figure}", { figure: named(ctx, "figure", all(a)) }),
    draw: (a) => t("Work of art drawn: {colour}", { colour: colour(all(a)) }),
    first: SEAT_FIRST,
    stock: () => t("A new stock exchange card"),
  },
};

/** The sentence for a move's notation, or null when there is none (unknown, "?").
 * `ctx.names` (the seats' names) lets "first 2" name the start player; `ctx.lookup`
 * (the renderer's) names pieces known by id; `ctx.view`, for a move legal now (the move
 * list, a held move), names what the player holds: City of Light's "at" names the building
 * chosen before it, which a log's line leaves to the line above. */
export function describe(game, text, ctx = null) {
  if (typeof text !== "string" || !text.trim() || text.trim() === "?") return null;
  const [verb, ...args] = text.trim().split(/\s+/);
  const table = VERBS[game] || {};
  const make = Object.hasOwn(table, verb.toLowerCase()) ? table[verb.toLowerCase()] : null;
  if (text.trim() === "take an end-game tile") return t("Take an end-game tile");
  return make ? make(args, ctx) : null;
}

const COMPONENTS = [
  [/^(\w+) shares$/, (m) => t("{company} shares", { company: colour(m[1]) })],
  [/^over the portfolio limit$/, () => t("over the portfolio limit")],
  [/^end-game tiles$/, () => t("end-game tiles")],
  [/^bonus tiles$/, () => t("bonus tiles")],
  [/^bonus tile (\d+)$/, (m) => t("bonus tile {n}", { n: m[1] })],
  [/^(.+) majority$/, (m) => t("{district} majority", { district: m[1] })],
  [/^landmark prestige$/, () => t("landmark prestige")],
  [/^value-8 buildings$/, () => t("value-8 buildings")],
  [/^postcards$/, () => t("postcards")],
  [/^largest complex$/, () => t("largest complex")],
  [/^unbuilt buildings$/, () => t("unbuilt buildings")],
  [/^lit buildings$/, () => t("lit buildings")],
  [/^final: (\w+) line$/, (m) => t("final: {line} line", { line: colour(m[1]) })],
  [/^small excursions$/, () => t("small excursions")],
  [/^big excursions$/, () => t("big excursions")],
  [/^secret line$/, () => t("secret line")],
  [/^bag$/, () => t("bag")],
  [/^bonus cards: money$/, () => t("bonus cards: money")],
  [/^bonus cards: art$/, () => t("bonus cards: art")],
  [/^bonus cards: assistants$/, () => t("bonus cards: assistants")],
  [/^bonus cards: materials$/, () => t("bonus cards: materials")],
  [/^masterpiece completion$/, () => t("masterpiece completion")],
  [/^public figures unpaid$/, () => t("public figures unpaid")],
  [/^money$/, () => t("money")],
  [/^VP during the game$/, () => t("VP during the game")],
  [/^VP on the score track$/, () => t("VP on the score track")],
  [/^buildings$/, () => t("buildings")],
];

/** A score line's label in the reader's language (unknown labels unchanged). */
export function scoreComponent(game, label) {
  for (const [pattern, make] of COMPONENTS) {
    const m = pattern.exec(String(label));
    if (m) return make(m);
  }
  return label;
}

// The engines write why a game ended in English, some with a rule number in brackets
// ("Marseille is connected (PC-59)"): the reader gets the sentence, never the number.
const END_REASONS = [
  [/^all (\d+) rounds are played\b/, (m) => t("all {n} rounds are played", { n: m[1] })],
  [/^only one storage board holds locomotives\b/, () => t("only one storage board holds locomotives")],
  [/^no player can place a building and all markers are used\b/, () => t("no player can place a building and all markers are used")],
  [/^Marseille is connected\b/, () => t("Marseille is connected")],
  [/^no company could build for a whole round\b/, () => t("no company could build for a whole round")],
];

/** Why a game ended (the view's `end_reason`), in the reader's language. */
export function endReason(text) {
  for (const [pattern, make] of END_REASONS) {
    const m = pattern.exec(String(text));
    if (m) return make(m);
  }
  return withoutRuleIds(text);
}

// Rule numbers of rules/<game>.md ("PC-58", "G-8", "BRX-206..209", "REQ-COL-P4"), not card
// names that look alike ("SX-08").
const RULE_ID = "(?:PARIS|PC|COL|PP|BRX|REQ|EX|G|P)(?:-[A-Z]+)*-[A-Z]?\\d+(?:\\.\\.\\d+)?";
const RULE_IDS_IN_BRACKETS = new RegExp(`\\s*\\((?:[^()]*?\\b)?${RULE_ID}(?:[^()]*)\\)`, "g");
const RULE_IDS = new RegExp(`\\b${RULE_ID}(?:\\s*(?:,|and|to)\\s*${RULE_ID})*\\b:?\\s*`, "g");

/** `text` without rule and gap numbers ("(PC-58)", "G-8 house rule", "BRX-206..209: …"). */
export function withoutRuleIds(text) {
  return String(text).replace(RULE_IDS_IN_BRACKETS, "").replace(RULE_IDS, "").replace(/\s{2,}/g, " ").trim();
}

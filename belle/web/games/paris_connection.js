// Paris Connection in the browser: the hex map of France, the storage boards, the
// company value track, the seat's own hidden shares, and build / trade by clicking.
//
// The map geometry comes from the server (GET /api/games/paris_connection/board,
// built from belle/games/paris_connection/data.py); nothing of data.py is copied here.
// What is here is presentation only: display colours and layout.
import { engineText, fill, h, s, t } from "/static/js/ui.js";
import { colour, describe, endReason } from "/static/js/moves.js";
import { zoomable } from "/static/js/zoom.js";

// Fallback display colours (rules G-6) if the board data carries none, keyed by letter.
const COMPANY_COLOURS = {
  R: "#b8322a", B: "#2359a0", Y: "#e2b227", K: "#26231f", P: "#6e3d8f", N: "#7d5230",
};
// Cities are rings coloured by value (PC-7), kept apart from the train colours.
const CITY_RINGS = { 1: "#cdb48a", 2: "#9a76b3", 3: "#c65a4e", 4: "#3f7cc0" };
const CITY_NAMES = { 1: "beige", 2: "purple", 3: "red", 4: "blue" };
const SIZE = 30; // hex radius in SVG units
const SQRT3 = Math.sqrt(3);
const TRACK_TOP = 30; // the printed value track runs 0–30 (G-7: "30+" beyond)

let board = null; // {hexes, byLabel, blocked, companies, byLetter, bounds}
let boardError = null;

/** Load the map once per page. Without it the rest of the table still works. */
export async function init({ get }) {
  try {
    const data = await get("/api/games/paris_connection/board");
    board = normaliseBoard(data.board || data);
  } catch (err) {
    boardError = t("The map could not be loaded ({error}).", { error: err.message });
  }
}

/** Without the map data: the companies from the view, no hexes. */
function fallbackBoard(view) {
  return normaliseBoard({ hexes: [], companies: Object.keys(view.values || {}).map((letter) => ({ letter })) });
}

// -- the map data ----------------------------------------------------------------

function normaliseBoard(data) {
  const companies = (data.companies || []).map((c, i) => ({
    letter: c.letter,
    name: c.name || c.letter,
    id: c.id || `C${i + 1}`,
    colour: c.colour || c.css || COMPANY_COLOURS[c.letter] || "#777",
  }));
  const byLetter = Object.fromEntries(companies.map((c) => [c.letter, c]));
  const companyLetter = (value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === "number") return companies[value] ? companies[value].letter : null;
    const found = companies.find((c) => c.letter === value || c.id === value || c.name === value);
    return found ? found.letter : value;
  };
  const raw = data.hexes || [];
  const coords = raw.map((hx) => (Array.isArray(hx.coord) ? hx.coord : [hx.q, hx.r]));
  const minCol = Math.min(...coords.map(([q, r]) => q + ((r - (r & 1)) >> 1)));
  const minRow = Math.min(...coords.map(([, r]) => r));
  const hexes = raw.map((hx, i) => {
    const [q, r] = coords[i];
    const kind = hx.kind || hx.type || "rural";
    return {
      index: i,
      q,
      r,
      kind,
      value: hx.value || 0,
      name: kind === "city" ? hx.name : null,
      // The grid label the server uses in views and actions (rules.grid_label).
      label: hx.label || `${String.fromCharCode(65 + q + ((r - (r & 1)) >> 1) - minCol)}${r - minRow + 1}`,
      company: companyLetter(hx.company),
      x: SIZE * SQRT3 * (q + r / 2),
      y: SIZE * 1.5 * r,
    };
  });
  const byLabel = new Map(hexes.map((hx) => [hx.label, hx]));
  const byCoord = new Map(hexes.map((hx) => [`${hx.q},${hx.r}`, hx]));
  const toHex = (end) => (typeof end === "string" ? byLabel.get(end) : byCoord.get(`${end[0]},${end[1]}`) || byCoord.get(`${end.q},${end.r}`));
  const blocked = (data.blocked_edges || data.blocked || [])
    .map((edge) => (Array.isArray(edge) ? edge : [edge.a, edge.b]).map(toHex))
    .filter(([a, b]) => a && b);
  if (!hexes.length) return { hexes, byLabel, blocked, companies, byLetter, bounds: null };
  const xs = hexes.map((hx) => hx.x);
  const ys = hexes.map((hx) => hx.y);
  const pad = SIZE * 1.2;
  const bounds = {
    x: Math.min(...xs) - pad, y: Math.min(...ys) - pad,
    w: Math.max(...xs) - Math.min(...xs) + 2 * pad, h: Math.max(...ys) - Math.min(...ys) + 2 * pad,
  };
  return { hexes, byLabel, blocked, companies, byLetter, bounds };
}

function corners(cx, cy, r = SIZE) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const cap = (word) => (word ? word[0].toUpperCase() + word.slice(1) : "");
const companyName = (letter) => cap(colour(board.byLetter[letter] ? board.byLetter[letter].name : letter));

// -- legal actions ----------------------------------------------------------------

function actionKey(json) {
  switch (json.type) {
    case "place":
      return `place:${json.hex}`;
    case "take":
      return `take:${json.company}:${json.count}`;
    case "build":
    case "return":
      return `${json.type}:${json.company}`;
    default:
      return json.type;
  }
}

function legalIndex(legal) {
  const map = new Map();
  for (const item of legal || []) map.set(actionKey(item.json), item);
  return map;
}

// -- rendering --------------------------------------------------------------------

/**
 * Draw `view` into `container`. `legal` lists {json, text} for the seat to move;
 * `onAction(json)` plays one. ctx: {names, seat, replay, pending}.
 */
export function render(container, view, legal, onAction, ctx = {}) {
  if (!board) board = fallbackBoard(view);
  const moves = legalIndex(legal);
  const act = (key) => {
    const item = moves.get(key);
    if (item && onAction && !ctx.pending) onAction(item.json);
  };
  const status = statusLine(view, moves, act, ctx);
  if (ctx.prompt) fill(ctx.prompt, status);
  const mapped = drawMap(view, moves, act);
  const root = h(
    "div.pc",
    { dataset: { phase: view.phase } },
    ctx.prompt ? null : status,
    h(
      "div.pc-main",
      {},
      h("div.pc-map-wrap", {}, board.bounds ? zoomable(mapped, { key: "pc-map", aspect: board.bounds.h / board.bounds.w }) : mapped),
      h(
        "div.pc-side",
        {},
        storageBoards(view, moves, act),
        view.phase === "over" ? finalPortfolios(view, ctx) : ownHand(view, moves, act, ctx),
      ),
    ),
    valueTrack(view),
  );
  fill(container, root);
}

/** The running score box's title (table.js): a seat's score is what its shares are
 * worth at the companies' current values (PC-62). */
export const scoreTitle = () => t("Your shares are worth");

/** The players panel's row: players have no colour here (the companies have); the seat's
 * number, its score at the end, and how many shares it holds (public, PC-17). */
export function seatSummary(view, seat) {
  const size = view.portfolio_sizes ? view.portfolio_sizes[seat] : null;
  const holdings = [];
  if (size !== null && size !== undefined) holdings.push({ label: t("shares"), value: size, title: t("Shares behind the screen (limit {limit})", { limit: view.limit }) });
  return {
    score: view.scores ? view.scores[seat] : null,
    holdings,
    notes: [view.start_player === seat ? t("start player") : null],
  };
}

/** Company names and hex values for the log (js/turns.js). */
export function lookup(kind, key) {
  if (!board) return null;
  if (kind === "company") return board.byLetter[key] ? board.byLetter[key].name : null;
  if (kind === "value") {
    const hx = hexByName(key);
    return hx ? hx.value : null;
  }
  return null;
}

function hexByName(text) {
  if (!board) return null;
  return board.byLabel.get(text) || board.hexes.find((hx) => hx.name && hx.name.toLowerCase() === String(text).toLowerCase()) || null;
}

/** What the other players' moves touched: the hexes placed on, the boards traded with. */
export function targetsOf(text) {
  const [verb, ...a] = text.split(/\s+/);
  if (verb === "place") {
    const hx = hexByName(a.join(" "));
    return hx ? [`g.hex[data-hex="${hx.label}"]`] : [];
  }
  if (verb === "build") return [`.pc-store[data-company="${a[0]}"]`];
  if (verb === "return" || verb === "take") return [`.pc-store[data-company="${a[a.length - 1]}"]`];
  return [];
}

function statusLine(view, moves, act, ctx) {
  let text;
  const extras = [];
  if (view.phase === "deal") text = t("The locomotives are being drawn from the bag…");
  else if (view.phase === "first") text = t("Choosing the start player…");
  else if (view.phase === "over") text = t("Game over: {reason}.", { reason: view.end ? engineText("paris_connection", view.end) : view.end_reason ? endReason(view.end_reason) : t("the game has ended") });
  else if (view.building) {
    const b = view.building;
    text = t("Building {company}: {placed} placed, +{gain} value when the build ends.", { company: companyName(b.company), placed: b.placed, gain: b.pending_gain });
    if (moves.size) text += " " + (moves.has("stop") ? t("Click a highlighted hex, or stop.") : t("Click a highlighted hex."));
    if (moves.has("stop")) {
      extras.push(h("button.pc-stop.primary", { type: "button", dataset: { action: moves.get("stop").text }, onclick: () => act("stop") }, t("Stop building")));
    }
  } else if (view.returned) {
    text = t("{company} share returned.", { company: companyName(view.returned) });
    if (moves.size) text += " " + t("Take 1 or 2 shares of another company from a storage board.");
  } else if (moves.size) {
    text = t("Build: click a company's storage board (or its start hex). Trade: click one of your shares to return it.");
  } else if (ctx.names && view.to_move !== null && view.to_move !== undefined) {
    text = t("{player} is choosing: build or trade.", { player: ctx.names[view.to_move] || t("Player {n}", { n: view.to_move + 1 }) });
  } else text = "";
  return h(
    "div.pc-status" + (moves.size ? ".active" : ""),
    {},
    h("span", {}, text),
    view.marseille_connected && view.phase !== "over" ? h("span.badge", {}, t("Marseille connected")) : null,
    extras,
  );
}

// The map is built once per page (hexes, rings, barriers, names) and each render only
// updates what changes: the locomotives, the clickable hexes and their descriptions.
let map = null; // {svg, cells: Map(label -> {g, ring}), tokens, act, moves}

function drawMap(view, moves, act) {
  if (!board.hexes.length) return h("p.empty", {}, boardError || t("The map could not be loaded."));
  if (!map) map = buildMap();
  map.act = act;
  map.moves = moves;
  const occupants = new Map((view.board || []).map((cell) => [cell.hex, cell.companies]));
  // PC-19: the colours are drawn onto the start hexes at setup; the view says which.
  const startOf = new Map(Object.entries(view.starts || {}).filter(([, at]) => at).map(([letter, at]) => [at, letter]));
  const building = view.building ? view.building.company : null;
  const tokens = [];
  for (const hx of board.hexes) {
    const { g, ring } = map.cells.get(hx.label);
    if (ring && (startOf.get(hx.label) || null) !== hx.company) {
      hx.company = startOf.get(hx.label) || null;
      ring.setAttribute("stroke", hx.company ? colourOf(hx.company) : "#999");
    }
    const here = occupants.get(hx.label) || [];
    const key = hexMove(hx, moves);
    g.classList.toggle("legal", !!key);
    g.classList.toggle("start-build", !!key && key.startsWith("build:"));
    g.classList.toggle("network", !!building && here.includes(building));
    if (key) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.dataset.action = moves.get(key).text;
    } else {
      g.removeAttribute("tabindex");
      g.removeAttribute("role");
      delete g.dataset.action;
    }
    // What the hex is (and holds) on hover, focus, tap or long press (js/info.js); the
    // same words, with the move a tap plays, name it for screen readers.
    g.dataset.info = hexTitle(hx, here, null);
    if (key) g.setAttribute("aria-label", hexTitle(hx, here, moves.get(key)));
    else g.removeAttribute("aria-label"); // a name only for what can be pressed
    here.forEach((letter, i) => tokens.push(loco(hx, letter, i, here.length)));
  }
  map.tokens.replaceChildren(...tokens);
  return map.svg;
}

/** The action key a click on this hex plays now, or null. */
function hexMove(hx, moves) {
  if (moves.has(`place:${hx.label}`)) return `place:${hx.label}`;
  if (hx.kind === "start" && hx.company && moves.has(`build:${hx.company}`)) return `build:${hx.company}`;
  return null;
}

function buildMap() {
  const b = board.bounds;
  const svg = s("svg", {
    class: "pc-map",
    viewBox: `${b.x.toFixed(0)} ${b.y.toFixed(0)} ${b.w.toFixed(0)} ${b.h.toFixed(0)}`,
    role: "group",
    "aria-label": t("Map of France"),
  });
  const base = s("g", { class: "hexes" });
  const tokens = s("g", { class: "tokens" });
  const labels = s("g", { class: "labels" });
  const cells = new Map();
  for (const hx of board.hexes) {
    const classes = ["hex", "hex-" + hx.kind];
    if (hx.kind === "city") classes.push("city-" + hx.value);
    const cell = s("g", { class: classes.join(" "), dataset: { hex: hx.label } });
    cell.append(s("polygon", { class: "hex-shape", points: corners(hx.x, hx.y, SIZE - 0.6) }));
    if (hx.kind === "city") {
      cell.append(s("polygon", { class: "city-ring", points: corners(hx.x, hx.y, SIZE - 4), stroke: CITY_RINGS[hx.value] || "#999" }));
    }
    const ring = hx.kind === "start" ? s("polygon", { class: "start-ring", points: corners(hx.x, hx.y, SIZE - 3.5), stroke: hx.company ? colourOf(hx.company) : "#999" }) : null;
    if (ring) cell.append(ring);
    if (hx.kind === "eiffel") cell.append(eiffel(hx.x, hx.y));
    base.append(cell);
    cells.set(hx.label, { g: cell, ring });
    if (hx.kind === "city" && hx.name) {
      labels.append(s("text", { class: "city-name", x: hx.x.toFixed(1), y: (hx.y + SIZE * 0.62).toFixed(1) }, hx.name));
    } else if (hx.kind === "rural") {
      labels.append(s("text", { class: "grid-label", x: hx.x.toFixed(1), y: (hx.y - SIZE * 0.5).toFixed(1) }, hx.label));
    }
  }
  const edges = s("g", { class: "blocked" });
  for (const [a, c] of board.blocked) edges.append(...barrier(a, c));
  svg.append(base, edges, tokens, labels);
  const play = (event) => {
    const g = event.target.closest("g.hex.legal");
    const hx = g && board.byLabel.get(g.dataset.hex);
    const key = hx && hexMove(hx, map.moves);
    if (key) map.act(key);
    return !!key;
  };
  svg.addEventListener("click", play);
  svg.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && play(event)) event.preventDefault();
  });
  return { svg, cells, tokens, act: null, moves: new Map() };
}

function hexTitle(hx, here, move) {
  let text = hx.kind === "city" ? t("{city} ({hex}) — {colour} city, +{value}", { city: hx.name, hex: hx.label, colour: colour(CITY_NAMES[hx.value] || ""), value: hx.value })
    : hx.kind === "eiffel" ? t("Eiffel Tower")
      : hx.kind === "start" ? t("{company} start hex", { company: companyName(hx.company) })
        : t("{hex} — rural", { hex: hx.label });
  if (here.length) text += ` · ${here.map(companyName).join(", ")}`;
  if (move) text += " · " + t("click: {move}", { move: describe("paris_connection", move.text) || move.text });
  return text;
}

function colourOf(letter) {
  return (board.byLetter[letter] && board.byLetter[letter].colour) || COMPANY_COLOURS[letter] || "#777";
}

/** A locomotive token: a little engine in the company colour. */
function loco(hx, letter, i, count) {
  const dx = count > 1 ? (i === 0 ? -8.5 : 8.5) : 0;
  const dy = hx.kind === "city" ? -3 : 3;
  const x = hx.x + dx;
  const y = hx.y + dy;
  const fill = colourOf(letter);
  const edge = letter === "K" ? "#d8cbb0" : "#1d1a16";
  return s(
    "g",
    { class: "loco", dataset: { company: letter }, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    s("rect", { x: -7, y: -5, width: 14, height: 8, rx: 1.5, fill, stroke: edge, "stroke-width": 1 }),
    s("rect", { x: -7, y: -9, width: 5, height: 5, rx: 1, fill, stroke: edge, "stroke-width": 1 }),
    s("rect", { x: 3, y: -8, width: 2.2, height: 3.2, fill: edge }),
    s("circle", { cx: -3.5, cy: 4, r: 2, fill: edge }),
    s("circle", { cx: 3.5, cy: 4, r: 2, fill: edge }),
    s("text", { class: "loco-letter", x: 0, y: 1.4, fill: letter === "Y" ? "#1d1a16" : "#fff" }, letter),
  );
}

function eiffel(x, y) {
  return s(
    "g",
    { class: "eiffel", transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    s("path", { d: "M0,-19 L2,-8 L4.5,3 L9,15 L4.5,15 Q0,7 -4.5,15 L-9,15 L-4.5,3 L-2,-8 Z" }),
    s("path", { class: "eiffel-deck", d: "M-6,3 H6 M-3.2,-8 H3.2" }),
  );
}

/** A checkered line (PC-6) on the edge shared by hexes a and b. */
function barrier(a, b) {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const px = -(b.y - a.y) / len;
  const py = (b.x - a.x) / len;
  const half = SIZE / 2;
  const line = { x1: (mx + px * half).toFixed(1), y1: (my + py * half).toFixed(1), x2: (mx - px * half).toFixed(1), y2: (my - py * half).toFixed(1) };
  return [s("line", { ...line, class: "barrier-base" }), s("line", { ...line, class: "barrier-check" })];
}

function storageBoards(view, moves, act) {
  const supply = view.supply;
  const cards = board.companies.map((c) => {
    const count = supply ? supply[c.letter] : null;
    const build = moves.get(`build:${c.letter}`);
    const take1 = moves.get(`take:${c.letter}:1`);
    const take2 = moves.get(`take:${c.letter}:2`);
    const buttons = [];
    if (build) buttons.push(h("button.pc-build", { type: "button", dataset: { action: build.text }, onclick: (e) => { e.stopPropagation(); act(`build:${c.letter}`); } }, t("Build")));
    if (take1) buttons.push(h("button.pc-take", { type: "button", dataset: { count: "1", action: take1.text }, onclick: (e) => { e.stopPropagation(); act(`take:${c.letter}:1`); } }, t("Take 1")));
    if (take2) buttons.push(h("button.pc-take", { type: "button", dataset: { count: "2", action: take2.text }, onclick: (e) => { e.stopPropagation(); act(`take:${c.letter}:2`); } }, t("Take 2")));
    const building = view.building && view.building.company === c.letter;
    const card = h(
      "div.pc-store" + (build ? ".clickable" : "") + (building ? ".building" : "") + (count === 0 ? ".empty" : ""),
      {
        dataset: { company: c.letter },
        title: build ? t("Click to build {company}", { company: companyName(c.letter) }) : t("{company} storage board", { company: companyName(c.letter) }),
        onclick: build ? () => act(`build:${c.letter}`) : null,
      },
      h("span.swatch"),
      h("span.pc-store-name", {}, companyName(c.letter)),
      h("span.pc-store-count", {}, count === null ? "–" : String(count)),
      h("span.pc-store-value", { title: t("Company value") }, t("value {value}", { value: view.values ? view.values[c.letter] : 0 })),
      buttons.length ? h("span.pc-store-actions", {}, buttons) : null,
    );
    card.querySelector(".swatch").style.background = c.colour;
    return card;
  });
  return h("section.pc-stores", {}, h("h3", {}, t("Storage boards")), h("div.pc-store-grid", {}, cards));
}

function ownHand(view, moves, act, ctx) {
  if (!view.portfolio) {
    if (view.seat === null || view.seat === undefined) {
      return h("section.pc-hand.spectator", {}, h("h3", {}, t("Portfolios")), h("p.muted", {}, t("Each player's shares stay behind their screen until the end.")));
    }
    return null;
  }
  const total = Object.values(view.portfolio).reduce((a, b) => a + b, 0);
  const over = total > view.limit;
  const chips = board.companies.map((c) => {
    const n = view.portfolio[c.letter] || 0;
    const ret = moves.get(`return:${c.letter}`);
    const chip = h(
      "button.pc-share" + (ret ? ".clickable" : "") + (n ? "" : ".none"),
      {
        type: "button",
        disabled: !ret,
        dataset: ret ? { company: c.letter, action: ret.text } : { company: c.letter },
        title: ret ? t("Return one {company} share (trade)", { company: companyName(c.letter) }) : `${n} ${companyName(c.letter)}`,
        onclick: ret ? () => act(`return:${c.letter}`) : null,
      },
      h("span.swatch"),
      h("span.pc-share-count", {}, String(n)),
      h("span.pc-share-name", {}, companyName(c.letter)),
    );
    chip.querySelector(".swatch").style.background = c.colour;
    return chip;
  });
  return h(
    "section.pc-hand",
    { id: "private-hand" },
    h("h3", {}, t("Your shares"), " ", h("small.muted", {}, t("— behind your screen"))),
    h("div.pc-share-row", {}, chips),
    h("p.pc-limit" + (over ? ".over" : ""), {}, limitText(total, view.limit)),
  );
}

function limitText(total, limit) {
  const held = t("{total} held · limit {limit}", { total, limit });
  return total > limit ? [held, t("−20 each for {n} over", { n: total - limit })].join(" · ") : held;
}

function finalPortfolios(view, ctx) {
  const portfolios = view.portfolios || [];
  const names = ctx.names || [];
  return h(
    "section.pc-final",
    {},
    h("h3", {}, t("Screens lifted")),
    h(
      "table.pc-final-table",
      {},
      h("thead", {}, h("tr", {}, h("th", {}, ""), board.companies.map((c) => {
        const th = h("th", { title: companyName(c.letter) }, h("span.swatch"));
        th.querySelector(".swatch").style.background = c.colour;
        return th;
      }), h("th", {}, t("pts")))),
      h("tbody", {},
        h("tr.values", {}, h("th", {}, t("value")), board.companies.map((c) => h("td", {}, String(view.values[c.letter]))), h("td", {}, "")),
        portfolios.map((p, seat) => h(
          "tr" + (view.ranking && view.ranking[seat] === 0 ? ".winner" : ""),
          {},
          h("th", {}, names[seat] || t("Player {n}", { n: seat + 1 })),
          board.companies.map((c) => h("td", {}, p[c.letter] ? String(p[c.letter]) : "·")),
          h("td.num", {}, view.scores ? String(view.scores[seat]) : ""),
        ))),
    ),
  );
}

/** The company value track, 0–30 (and "30+" beyond, G-7): one row on a wide screen,
 * three on a phone (one row of 32 cells would shrink its numbers to 4 px). */
function valueTrack(view) {
  const cell = 24;
  const count = TRACK_TOP + 2;
  const perRow = window.matchMedia("(max-width: 700px)").matches ? Math.ceil(count / 3) : count;
  const values = view.values || {};
  const stacks = new Map();
  for (const c of board.companies) {
    const v = Math.min(values[c.letter] || 0, TRACK_TOP + 1);
    if (!stacks.has(v)) stacks.set(v, []);
    stacks.get(v).push(c);
  }
  // Each row as tall as its highest stack of markers.
  const rows = Math.ceil(count / perRow);
  const bases = [];
  let base = 0;
  for (let r = 0; r < rows; r++) {
    let most = 0;
    for (const [v, list] of stacks) if (Math.floor(v / perRow) === r) most = Math.max(most, list.length);
    base += 24 + most * 15;
    bases.push(base);
  }
  const width = perRow * cell;
  const height = base + 2;
  const at = (v) => ({ x: (v % perRow) * cell, base: bases[Math.floor(v / perRow)] });
  const svg = s("svg", { class: "pc-track", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("Company value track") });
  for (let v = 0; v <= TRACK_TOP + 1; v++) {
    const { x, base } = at(v);
    svg.append(
      s("rect", { class: "track-cell" + (v % 5 === 0 ? " fifth" : ""), x: x + 1, y: base - 20, width: cell - 2, height: 18, rx: 2 }),
      s("text", { class: "track-num", x: x + cell / 2, y: base - 7 }, v > TRACK_TOP ? "30+" : String(v)),
    );
  }
  for (const [v, list] of stacks) {
    list.forEach((c, i) => {
      const { x, base } = at(v);
      const cx = x + cell / 2;
      const cy = base - 29 - i * 15;
      const marker = s("g", { class: "track-marker", dataset: { company: c.letter, info: `${companyName(c.letter)}: ${values[c.letter] || 0}` } },
        s("circle", { cx, cy, r: 7, fill: c.colour, stroke: c.letter === "K" ? "#d8cbb0" : "#1d1a16" }),
        s("text", { class: "marker-letter", x: cx, y: cy + 3.5, fill: c.letter === "Y" ? "#1d1a16" : "#fff" }, c.letter));
      svg.append(marker);
    });
  }
  return h("section.pc-track-wrap", {}, h("h3", {}, t("Company values")), svg);
}

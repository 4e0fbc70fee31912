// Paris in the browser, drawn as the city (issue 16 item 2): six districts around the Arc
// de Triomphe, boulevards to each, the three building stacks under the Arc and the bonus
// track along the bottom — one board that fits the screen — beside the seat's own screen,
// the landmarks still to build and the VP tiles. All from the view.
//
// Fixed material (district colours, tile texts, prices) comes from
// GET /api/games/paris/board (views.board_json() in belle/games/paris/views.py).
// Every element that plays an action carries data-action="<notation>"; a key move takes
// two clicks when several keys could make it: first the key, then the space (the key
// carries data-actions with every move it leads to).
import { fieldText, fill, fitText, h, nameControlsByText, s, t, tData } from "/static/js/ui.js";
import { zoomable } from "/static/js/zoom.js";
import { colour, keyPlace } from "/static/js/moves.js";

let board = null;
let boardError = null;
let selected = null; // the key place chosen for a move: "arc", "bank-MO", "MO3", ...
let selectedTile = null; // a VP tile chosen for placement: "3"
let selectedLandmark = null; // a landmark of the supply chosen to build: "L12"

const FALLBACK_COLOURS = ["#d23c3c", "#2f6fd6", "#e0b000", "#2e9e4f"];
const SEAT_COLOUR_NAMES = ["red", "blue", "yellow", "green"];
const KIND_COLOURS = { wood: "#8a5a2b", marble: "#e9e6df", gold: "#e4b51c", bronze: "#b06a2c", silver: "#b9bec4", pgold: "#f2d64b" };
const KIND_LETTER = { wood: "W", marble: "M", gold: "G", bronze: "B", silver: "S", pgold: "G" };
const PRESTIGE = new Set(["bronze", "silver", "pgold"]);
const KIND_NAMES = {
  wood: () => t("wood"), marble: () => t("marble"), gold: () => t("gold"),
  bronze: () => t("bronze prestige"), silver: () => t("silver prestige"), pgold: () => t("gold prestige"),
};
const TYPE_NAMES = {
  newsstand: () => t("newsstand"), "café": () => t("café"), bakery: () => t("bakery"), residence: () => t("residence"),
  restaurant: () => t("restaurant"), hotel: () => t("hotel"), theatre: () => t("theatre"),
};
const kindName = (kind) => (KIND_NAMES[kind] ? KIND_NAMES[kind]() : kind);
const typeName = (type) => (TYPE_NAMES[type] ? TYPE_NAMES[type]() : tData(type));
// A proper name, as the French edition prints it.
const ARC_NAME = "Arc de Triomphe";

// The city: district boxes around the Arc (viewBox units).
const BOX_W = 300;
const BOX_H = 270;
const CENTRES = [[500, 145], [815, 322], [815, 628], [500, 805], [185, 628], [185, 322]];
const ARC_AT = [500, 400];
const TRACK_Y = 975;
const VIEW_H = 1072;

export async function init({ get }) {
  injectStyle();
  try {
    const data = await get("/api/games/paris/board");
    board = data.board || data;
  } catch (err) {
    boardError = t("The board data could not be loaded ({error}).", { error: err.message });
  }
}

function injectStyle() {
  if (document.getElementById("paris-style")) return;
  document.head.append(h("style", { id: "paris-style" }, STYLE));
}

const STYLE = `
  .paris { display: grid; grid-template-columns: minmax(0, 1fr) minmax(250px, 320px); gap: 10px; align-items: start; }
  @media (max-width: 760px) { .paris { grid-template-columns: minmax(0, 1fr); } }
  .paris-board { background: #efe7d3; border-radius: 8px; }
  .paris-board text { font-family: var(--sans); pointer-events: none; }
  .paris-board .boulevard { stroke: #d8cba8; stroke-width: 26; stroke-linecap: round; }
  .paris-board .legal { cursor: pointer; }
  .paris-board .legal > .shape { stroke: #c26a00; stroke-width: 4.5; stroke-dasharray: none; }
  .paris-board .legal:hover > .shape, .paris-board .legal:focus > .shape { fill: #fff2c2; }
  .paris-board .selected > .shape { stroke: #b3261e; stroke-width: 6; }
  .paris-board .recent > .shape { stroke: #7a2b3a; stroke-width: 5; stroke-dasharray: 10 5; }
  .paris-board .key-text { font-weight: 700; font-size: 13px; text-anchor: middle; }
  .paris-side { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
  .paris-card { border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; background: #fffdf7; }
  .paris-card h3 { margin: 0 0 4px 0; font-size: 0.95rem; }
  .paris-card .row { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; margin: 2px 0; }
  .paris-chip { font: 0.85rem var(--sans); text-align: left; }
  button.paris-chip.legal { border-color: #c26a00; background: #fff2c2; font-weight: 600; }
  button.paris-chip.selected { border-color: #b3261e; background: #ffd6d6; }
  .paris-token { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 1px solid #0006; vertical-align: -1px; margin-right: 3px; }
  .paris-mine { display: inline-flex; align-items: center; gap: 6px; font: 0.9rem var(--sans); }
  .paris-final td, .paris-final th { padding: 2px 6px; }
  .paris-stock { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: 2px 8px; font: 0.85rem var(--sans); margin: 4px 0; }
  .paris-stock.exchange { grid-template-columns: minmax(0, 1fr); }
  .paris-stock .stock-item { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; min-height: 24px; }
  .paris-stock .stock-name { flex: 1 1 0; min-width: 0; overflow-wrap: anywhere; }
  .paris-supply .row .paris-chip { flex: 1 1 45%; }
  .paris-landmark small { display: block; color: var(--muted); font-size: 0.78rem; }
`;

const seatColour = (seat) => ((board && board.seat_colours) || FALLBACK_COLOURS)[seat] || "#777";
const districtIndex = (code) => (board && board.districts ? board.districts.findIndex((d) => d.code === code) : -1);
const districtColour = (i) => (board && board.districts && board.districts[i] ? board.districts[i].colour : "#888");
const districtName = (code) => {
  const i = districtIndex(code);
  return i >= 0 ? board.districts[i].name : code;
};
// A tile's effect from the game's catalogue (views.board_json gives text_id and params).
// An older record's edition names the bonus tiles it printed otherwise (view.bonus_texts).
let editionTexts = null;
const bonusText = (n) => fieldText("paris", (editionTexts && editionTexts[n]) || (board && board.bonus ? board.bonus.find((b) => b.number === n) : null) || null, "text");
const endText = (code) => fieldText("paris", (board && board.endgame ? board.endgame.find((e) => e.code === code) : null) || { text: code }, "text");
const costText = (cost) => (cost || []).map((n, k) => (n ? `${n} ${kindName(["wood", "marble", "gold"][k])}` : "")).filter(Boolean).join(" + ");

/** A key place or space as people say it: "Montmartre bank", "Montmartre 5", "Opéra Garnier". */
export function placeName(code, view = null) {
  if (!code) return "";
  if (code === "arc") return ARC_NAME;
  if (code.startsWith("bank-")) return t("{district} bank", { district: districtName(code.slice(5)) });
  const landmark = findLandmark(view, code);
  if (landmark) return tData(landmark.name);
  const m = /^([A-Z]{2})(\d+)$/.exec(code);
  if (m) return `${districtName(m[1])} ${m[2]}`;
  if (/^[A-Z]{2}$/.test(code)) return districtName(code);
  return code;
}

let lastView = null;

function findLandmark(view, code) {
  const v = view || lastView;
  if (!v || !/^L\d+$/.test(code)) return null;
  for (const d of v.districts || []) for (const lm of d.landmarks) if (lm.space === code) return lm;
  return (v.landmark_supply || []).find((lm) => lm.space === code) || null;
}

/** Names and kinds for the log (js/turns.js). */
export function lookup(kind, key) {
  if (kind === "place") return placeName(key);
  if (kind === "kind") return kindName(key);
  if (kind === "endgame") return board && board.endgame && board.endgame.some((e) => e.code === key) ? endText(key) : null;
  return null;
}

function legalIndex(legal) {
  const map = new Map();
  for (const item of legal || []) map.set(item.text, item);
  return map;
}

export function render(container, view, legal, onAction, ctx = {}) {
  editionTexts = view.bonus_texts || null;
  lastView = view;
  const moves = legalIndex(legal);
  const act = (text) => {
    const item = moves.get(text);
    if (item && onAction && !ctx.pending) {
      selected = selectedTile = selectedLandmark = null;
      onAction(item.json);
    }
  };
  if (!moves.size) selected = selectedTile = selectedLandmark = null;
  const rerender = () => render(container, view, legal, onAction, ctx);
  const ui = { moves, act, rerender, ctx, view };
  const status = statusLine(view, ui);
  if (ctx.prompt) fill(ctx.prompt, status);
  fill(
    container,
    h(
      "div.paris",
      { dataset: { phase: view.phase } },
      ctx.prompt ? null : status,
      view.districts ? zoomable(drawBoard(view, ui), { key: "paris-board", aspect: VIEW_H / 1000 }) : h("p.empty", {}, boardError || t("No board.")),
      sidePanel(view, ui),
    ),
  );
  nameControlsByText(container);
}

/** The players panel's row: colour with the seat's number, VP, what is public. */
export function seatSummary(view, seat) {
  const info = view.seats ? view.seats[seat] : null;
  if (!info) return null;
  const onBoard = countKeys(view, seat);
  const holdings = [
    { label: t("keys on the board"), value: onBoard },
    { label: t("track"), value: info.meeple, title: t("Space of the pawn on the bonus track") },
  ];
  if (info.endgame_count) holdings.push({ label: t("end-game tiles"), value: info.endgame_count });
  if ((info.bonus_used || []).length) holdings.push({ label: t("bonus tiles used"), value: info.bonus_used.length });
  return {
    colour: seatColour(seat), score: info.vp, scoreLabel: t("victory points"), holdings,
    notes: [t("{colour} keys", { colour: colour(SEAT_COLOUR_NAMES[seat] || "") }), view.start_player === seat ? t("start player") : null],
  };
}

function countKeys(view, seat) {
  let n = (view.arc || []).filter((s2) => s2 === seat).length;
  for (const d of view.districts || []) {
    n += d.bank_keys.filter((s2) => s2 === seat).length;
    for (const sp of d.spaces) n += sp.keys.filter((s2) => s2 === seat).length;
    for (const lm of d.landmarks) n += lm.keys.filter((s2) => s2 === seat).length;
  }
  return n;
}

/** What the other players' moves touched on the board (table.js highlights them). */
export function targetsOf(text) {
  const [verb, ...a] = text.split(/\s+/);
  if (verb === "key") return [`[data-place="${keyPlace(a[0])}"]`];
  if (verb === "move") {
    const to = a.includes("build") ? a[a.indexOf("build") + 1] : a[1];
    return [`[data-space="${to}"]`];
  }
  if (verb === "bonus") return [`.track-space[data-space="${a[0]}"]`];
  if (verb === "put") return [`.district[data-district="${a[0]}"] > .shape`];
  if (verb === "draw") return [`.stack[data-stack="${a[0]}"]`];
  if (verb === "vptile") return [`.vp-spot[data-district="${a[1]}"]`];
  return [];
}

// -- the prompt ------------------------------------------------------------------

const PROMPTS = {
  step1: () => t("Step 1: tap a stack under the Arc to draw a building tile."),
  step2: () => t("Step 2: put a key on a bank or the Arc, move one of your keys (tap it, then a space), or take an end-game tile."),
  put: () => t("Free districts: tap the district for the drawn tile."),
  pick: () => t("Choose an end-game tile from the pile (in your screen); the others will not see which."),
  take_any: () => t("Bonus tile 17: tap any bonus tile on the track."),
  after: () => t("Use tiles or exchange in your screen, then end your turn."),
};

function statusLine(view, ui) {
  const { moves, act, ctx } = ui;
  let text;
  if (view.phase === "over") text = t("Game over.");
  else if (!moves.size) {
    const who = view.to_move === null || view.to_move === undefined ? null : (ctx.names && ctx.names[view.to_move]) || t("Player {n}", { n: view.to_move + 1 });
    text = who ? t("{player} is playing…", { player: who }) : t("Dealing…");
  } else {
    text = PROMPTS[view.phase] ? PROMPTS[view.phase]() : "";
    const p = view.pending;
    if (p && p.kind === "bonus") text = p.fee ? t("Take a bonus tile: tap a track space (fee {fee} F), or decline.", { fee: p.fee }) : t("Take a bonus tile: tap a track space, or decline.");
    if (p && p.kind === "prestige") text = t("Landmark {landmark}: hand in prestige tokens for VP, or done.", { landmark: placeName(`L${p.landmark}`, view) });
    if (p && p.kind === "vptile") text = t("A district has 4 keys: tap a VP tile in your screen, then the district's VP spot (or decline).");
    if (p && p.kind === "put") text = t("Free districts: tap a district for the {type} of value {value} from {district}.", { type: typeName(p.type), value: p.value, district: districtName(p.district) });
    if (selected) text += " " + t("Selected: your key on {place}.", { place: placeName(selected, view) });
    if (selectedLandmark) text += " " + t("Selected: {landmark} — tap the district to build it in.", { landmark: placeName(selectedLandmark, view) });
  }
  const buttons = [];
  for (const word of ["end", "endgame", "pass", "nobonus", "done", "novptile"]) {
    if (moves.has(word)) buttons.push(h("button.paris-chip.legal", { type: "button", dataset: { action: word }, onclick: () => act(word) }, LABELS[word]()));
  }
  const p = view.pending;
  if (p && p.kind === "prestige") {
    for (let i = 1; i <= 3; i++) {
      const mv = `give ${i}`;
      if (moves.has(mv)) buttons.push(h("button.paris-chip.legal", { type: "button", dataset: { action: mv }, onclick: () => act(mv) }, t("Hand in slot {slot}", { slot: i })));
    }
  }
  if (selected || selectedLandmark) {
    buttons.push(h("button.quiet", { type: "button", onclick: () => { selected = selectedLandmark = null; ui.rerender(); } }, t("Cancel")));
  }
  if (view.end_triggered && view.phase !== "over") buttons.push(h("span.badge", {}, t("The end is triggered: turns left after this one: {n}", { n: view.turns_left })));
  return h("div.paris-status" + (moves.size ? ".active" : ""), {}, h("span", {}, text), " ", buttons);
}

const LABELS = {
  end: () => t("End turn"), endgame: () => t("Take an end-game tile"), pass: () => t("Pass"),
  nobonus: () => t("No bonus tile"), done: () => t("Done"), novptile: () => t("No VP tile"),
};

// -- the city board ---------------------------------------------------------------

function drawBoard(view, ui) {
  const svg = s("svg", { class: "paris-board", viewBox: `0 0 1000 ${VIEW_H}`, role: "group", "aria-label": t("The board of Paris") });
  const roads = s("g", { class: "boulevards" });
  for (const [x, y] of CENTRES) roads.append(s("line", { class: "boulevard", x1: ARC_AT[0], y1: ARC_AT[1], x2: x, y2: y }));
  svg.append(roads);
  view.districts.forEach((d, i) => {
    const [cx, cy] = CENTRES[i];
    svg.append(districtBox(view, d, i, cx - BOX_W / 2, cy - BOX_H / 2, ui));
  });
  svg.append(arc(view, ui), stacks(view, ui), track(view, ui));
  return svg;
}

/** The action a tap on key place / space `name` plays, or "select", or null. */
function clickFor(name, ui) {
  const { moves } = ui;
  if (selected) {
    const direct = `move ${selected} ${name}`;
    if (moves.has(direct)) return direct;
  }
  const asSource = sourceMoves(name, ui);
  const asTarget = [...moves.keys()].filter((mv) => mv.startsWith("move ") && mv.split(" ")[2] === name);
  if (!selected && asTarget.length === 1 && !asSource.length) return asTarget[0];
  if (asSource.length) return "select";
  return null;
}

const sourceMoves = (name, ui) => [...ui.moves.keys()].filter((mv) => mv.startsWith(`move ${name} `));

function clickable(g, action, name, ui, label) {
  if (!action) return g;
  g.classList.add("legal");
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  if (label) g.setAttribute("aria-label", label);
  if (action === "select") g.dataset.actions = sourceMoves(name, ui).join("|");
  else g.dataset.action = action;
  const go = (event) => {
    if (event) event.stopPropagation();
    if (action === "select") {
      selected = selected === name ? null : name;
      selectedLandmark = null;
      ui.rerender();
    } else ui.act(action);
  };
  g.addEventListener("click", go);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      go(e);
    }
  });
  return g;
}

/** Keys as discs in the seat's colour with the seat's number (colour is not the only sign). */
function keyDots(keys, x, y, step = 22) {
  return keys.map((seat, i) => s("g", { class: "key", dataset: { seat: String(seat) } },
    s("circle", { cx: x + i * step, cy: y, r: 10, fill: seatColour(seat), stroke: "#222", "stroke-width": 1.5 }),
    s("text", { class: "key-text", x: x + i * step, y: y + 4.5, fill: seat === 2 ? "#222" : "#fff" }, String(seat + 1))));
}

function districtBox(view, d, i, x, y, ui) {
  const g = s("g", { class: "district", dataset: { district: d.code }, transform: `translate(${x},${y})` });
  const frame = s("rect", { class: "shape", x: 0, y: 0, width: BOX_W, height: BOX_H, rx: 12, fill: "#fffdf7", stroke: districtColour(i), "stroke-width": 3 });
  g.append(frame);
  const put = `put ${d.code}`;
  if (ui.moves.has(put)) clickable(g, put, null, ui, t("Put the tile in {district}", { district: d.name }));
  if (selectedLandmark) {
    const options = [...ui.moves.keys()].filter((mv) => {
      const w = mv.split(" ");
      return w[2] === "build" && w[3] === selectedLandmark && w[4] === d.code && (!selected || w[1] === selected);
    });
    const build = options.length === 1 ? options[0] : null;
    if (build) clickable(g, build, null, ui, t("Build {landmark} in {district}", { landmark: placeName(selectedLandmark, view), district: d.name }));
  }
  g.append(s("rect", { x: 0, y: 0, width: BOX_W, height: 34, rx: 12, fill: districtColour(i) }));
  g.append(s("rect", { x: 0, y: 20, width: BOX_W, height: 14, fill: districtColour(i) }));
  g.append(fitText(d.name, { x: 12, y: 24, size: 19, max: 176, fill: "#fff", "font-weight": "bold" }));
  g.append(vpSpot(view, d, ui));
  d.spaces.forEach((sp, k) => g.append(space(sp, d, 4 + (k % 3) * 98, 40 + Math.floor(k / 3) * 90, ui)));
  g.append(bank(d, ui));
  d.landmarks.forEach((lm, k) => g.append(landmark(lm, 134 + k * 55, 222, ui)));
  return g;
}

function vpSpot(view, d, ui) {
  const tile = d.vp_tile;
  const label = tile ? t("VP {amounts}", { amounts: d.vp_amounts.join("/") }) : t("keys {n}/4", { n: d.keys_on_spaces });
  const info = tile
    ? t("VP tile {amounts}: at the end the district's majorities score {amounts} VP.", { amounts: d.vp_amounts.join("/") })
    : t("{n} keys on the buildings and landmarks of {district}; at 4 a VP tile is set out.", { n: d.keys_on_spaces, district: d.name });
  const g = s("g", { class: "vp-spot", dataset: { district: d.code, info } },
    s("rect", { class: "shape", x: 196, y: 5, width: 98, height: 25, rx: 6, fill: tile ? "#dff3d8" : "#fffdf7", stroke: "#6a8f5a" }),
    fitText(label, { x: 245, y: 23, size: 15, max: 90, "text-anchor": "middle", fill: "#1f3a1a" }));
  if (selectedTile) {
    const mv = `vptile ${selectedTile} ${d.code}`;
    if (ui.moves.has(mv)) clickable(g, mv, null, ui, t("Put the VP tile on {district}", { district: d.name }));
  }
  return g;
}

function bank(d, ui) {
  const name = `bank-${d.code}`;
  const g = s("g", { class: "bank", dataset: { place: name, info: t("{district} bank: putting a key here pays {francs} francs, once.", { district: d.name, francs: d.bank }) } },
    s("rect", { class: "shape", x: 4, y: 222, width: 124, height: 44, rx: 6, fill: "#f7e9b0", stroke: "#8a6d1d" }),
    fitText(t("Bank"), { x: 12, y: 240, size: 15, max: 56, "font-weight": "bold" }),
    s("text", { x: 12, y: 259, "font-size": 15 }, t("{francs} F", { francs: d.bank })),
    ...keyDots(d.bank_keys, 72, 244, 22));
  const action = ui.moves.has(`key ${d.code}`) ? `key ${d.code}` : clickFor(name, ui);
  clickable(g, action, name, ui, placeName(name));
  if (selected === name) g.classList.add("selected");
  return g;
}

function spaceInfo(sp, d) {
  const type = typeName(sp.type);
  const parts = [t("{district} {value}: {type}", { district: d.name, value: sp.value, type })];
  parts.push(t("Costs {value} F from a bank or the Arc (the difference when moving up).", { value: sp.value }));
  const cost = costText(sp.cost);
  if (cost) parts.push(t("Also costs {cost}.", { cost }));
  if (sp.value <= 2) parts.push(t("Gives a free bonus tile."));
  if (sp.value === 3) parts.push(t("Gives a bonus tile for 2 F."));
  if (sp.value === 8) parts.push(t("Gives 2 VP."));
  if (sp.token) parts.push(t("Token: {token}.", { token: kindName(sp.token) }));
  if (!sp.built) parts.push(t("Not built yet."));
  return parts.join("\n");
}

function space(sp, d, x, y, ui) {
  const g = s("g", { class: "space" + (sp.built ? " built" : " empty"), dataset: { space: sp.space, info: spaceInfo(sp, d) }, transform: `translate(${x},${y})` });
  g.append(s("rect", { class: "shape", x: 0, y: 0, width: 94, height: 84, rx: 6, fill: sp.built ? "#fbf3df" : "#ecebe6", stroke: sp.built ? "#9a8450" : "#c9c6bd", "stroke-dasharray": sp.built ? null : "5 4" }));
  const ink = sp.built ? "#222" : "#8d897f";
  g.append(s("text", { x: 7, y: 23, "font-size": 23, "font-weight": "bold", fill: ink }, String(sp.value)));
  g.append(s("text", { x: 6, y: 44, "font-size": 16, fill: ink, textLength: typeName(sp.type).length > 10 ? 84 : null, lengthAdjust: "spacingAndGlyphs" }, typeName(sp.type)));
  const cost = (sp.cost || []).map((n, k) => (n ? `${n}${["W", "M", "G"][k]}` : "")).filter(Boolean).join(" ");
  const gain = sp.value <= 2 ? t("bonus") : sp.value === 3 ? t("bonus 2F") : sp.value === 8 ? t("+2 VP") : "";
  const line = [cost ? t("cost {cost}", { cost }) : "", gain].filter(Boolean).join(" · ");
  if (line) g.append(s("text", { x: 6, y: 61, "font-size": 14.5, textLength: line.length > 11 ? 84 : null, lengthAdjust: "spacingAndGlyphs", fill: sp.built ? "#6b4a1f" : "#8d897f" }, line));
  if (sp.token) {
    g.append(s("circle", { cx: 78, cy: 17, r: 11, fill: KIND_COLOURS[sp.token], stroke: "#555" }),
      s("text", { x: 78, y: 22, "font-size": 13, "font-weight": "bold", "text-anchor": "middle", fill: PRESTIGE.has(sp.token) ? "#222" : sp.token === "wood" ? "#fff" : "#222" }, KIND_LETTER[sp.token] + (PRESTIGE.has(sp.token) ? "*" : "")));
  }
  g.append(...keyDots(sp.keys, 14, 72, 22));
  clickable(g, sp.built ? clickFor(sp.space, ui) : null, sp.space, ui, placeName(sp.space));
  if (selected === sp.space) g.classList.add("selected");
  return g;
}

function landmarkInfo(lm) {
  const slots = lm.slots.map((sl) => t("{kind}: {vp} VP", { kind: kindName(sl.kind), vp: sl.vp })).join(", ");
  return [
    t("{landmark} (value {value})", { landmark: tData(lm.name), value: lm.value }),
    t("Costs {value} F and {cost}.", { value: lm.value, cost: costText(lm.cost) }),
    t("Hand in prestige for VP: {slots}.", { slots }),
  ].join("\n");
}

function landmark(lm, x, y, ui) {
  const g = s("g", { class: "landmark", dataset: { space: lm.space, info: landmarkInfo(lm) }, transform: `translate(${x},${y})` },
    s("rect", { class: "shape", x: 0, y: 0, width: 52, height: 44, rx: 6, fill: "#efe1f5", stroke: "#7b4b91" }),
    s("text", { x: 26, y: 17, "font-size": 15, "font-weight": "bold", "text-anchor": "middle" }, String(lm.value)),
    ...keyDots(lm.keys, 16, 32, 20));
  clickable(g, clickFor(lm.space, ui), lm.space, ui, tData(lm.name));
  if (selected === lm.space) g.classList.add("selected");
  return g;
}

function arc(view, ui) {
  const [x, y] = ARC_AT;
  const g = s("g", { class: "arc", dataset: { place: "arc", info: t("The Arc de Triomphe: a key put here may later move to any district.") } },
    s("circle", { class: "shape", cx: x, cy: y, r: 78, fill: "#e8dcc0", stroke: "#6d5a2f", "stroke-width": 3 }),
    s("path", { d: `M${x - 34},${y + 22} v-40 h68 v40 h-20 v-22 a14,14 0 0 0 -28,0 v22 z`, fill: "#b9a47a", stroke: "#6d5a2f" }),
    s("text", { x, y: y + 44, "font-size": 16, "font-weight": "bold", "text-anchor": "middle" }, ARC_NAME),
    ...keyDots(view.arc || [], x - ((view.arc || []).length - 1) * 11, y - 40, 22));
  const action = ui.moves.has("key arc") ? "key arc" : clickFor("arc", ui);
  clickable(g, action, "arc", ui, ARC_NAME);
  if (selected === "arc") g.classList.add("selected");
  return g;
}

function stacks(view, ui) {
  const g = s("g", { class: "stacks" });
  g.append(s("text", { x: 500, y: 512, "font-size": 16, "text-anchor": "middle", fill: "#4a3f2c" }, t("Building stacks")));
  (view.stacks || []).forEach((st, i) => {
    const x = 352 + i * 100;
    const top = st.top ? districtIndex(st.top) : -1;
    const info = st.top ? t("Stack {n}: {size} tiles; the top one is from {district}.", { n: i + 1, size: st.size, district: districtName(st.top) }) : t("Stack {n}: {size} tiles.", { n: i + 1, size: st.size });
    const stack = s("g", { class: "stack", dataset: { stack: String(i + 1), info } },
      s("rect", { x: x + 6, y: 528, width: 84, height: 104, rx: 8, fill: "#cdbf9d" }),
      s("rect", { class: "shape", x, y: 522, width: 84, height: 104, rx: 8, fill: top >= 0 ? districtColour(top) : "#ddd", stroke: "#4a3f2c", "stroke-width": 2 }),
      ...nameLines(st.top ? districtName(st.top) : "—", x + 42, 546),
      s("text", { x: x + 42, y: 590, "font-size": 26, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, String(i + 1)),
      fitText(t("{n} tiles", { n: st.size }), { x: x + 42, y: 612, size: 15, max: 76, "text-anchor": "middle", fill: "#fff" }));
    const mv = `draw ${i + 1}`;
    if (ui.moves.has(mv)) clickable(stack, mv, null, ui, t("Draw from stack {n}", { n: i + 1 }));
    g.append(stack);
  });
  g.append(s("text", { x: 500, y: 652, "font-size": 15, "text-anchor": "middle", fill: "#4a3f2c" }, t("End-game pile: {n}", { n: view.endgame_pile })));
  return g;
}

/** A district name on one or two lines of a stack (split at a hyphen or a space). */
function nameLines(name, x, y) {
  const cut = name.length > 9 ? Math.max(name.indexOf("-"), name.indexOf(" ")) : -1;
  const lines = cut > 0 ? [name.slice(0, cut + (name[cut] === "-" ? 1 : 0)), name.slice(cut + 1)] : [name];
  return lines.map((line, i) => fitText(line, { x, y: y + i * 16, size: 15, max: 76, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }));
}

function track(view, ui) {
  const g = s("g", { class: "track" });
  const pawns = new Map();
  for (const seat of view.seats || []) {
    if (!pawns.has(seat.meeple)) pawns.set(seat.meeple, []);
    pawns.get(seat.meeple).push(seat.seat);
  }
  // Each word after the one before, however long it is in the reader's language (an
  // estimated 0.6 em a character: "départ :" must not run under the pawns).
  const label = t("Bonus track"), start = t("start:");
  const startX = 12 + label.length * 17 * 0.6 + 12;
  const dotsX = startX + start.length * 15 * 0.6 + 14;
  g.append(s("text", { x: 12, y: TRACK_Y - 8, "font-size": 17, "font-weight": "bold", fill: "#4a3f2c" }, label),
    s("text", { x: startX, y: TRACK_Y - 8, "font-size": 15, fill: "#6b5d45" }, start),
    ...keyDots(pawns.get(0) || [], dotsX, TRACK_Y - 14, 22));
  for (const cell of view.track || []) {
    const row = cell.space > 15 ? 1 : 0;
    const x = 10 + ((cell.space - 1) % 15) * 65.5;
    const y = TRACK_Y + row * 48;
    const info = t("Space {space}: bonus tile {tile} — {text}", { space: cell.space, tile: cell.number, text: bonusText(cell.number) }) + (cell.count > 1 ? "\n" + t("{n} copies", { n: cell.count }) : "") + (cell.count ? "" : "\n" + t("taken"));
    const c = s("g", { class: "track-space", dataset: { space: String(cell.space), info } },
      s("rect", { class: "shape", x, y, width: 61, height: 42, rx: 5, fill: cell.count ? "#fffdf7" : "#d9d4c6", stroke: "#8d7f60" }),
      s("text", { x: x + 8, y: y + 27, "font-size": 18, "font-weight": "bold", fill: cell.count ? "#222" : "#8d897f" }, String(cell.number)),
      cell.count > 1 ? s("text", { x: x + 36, y: y + 27, "font-size": 14, fill: "#6b5d45" }, `×${cell.count}`) : null,
      ...keyDots(pawns.get(cell.space) || [], x + 50, y + 10, -14));
    const mv = `bonus ${cell.space}`;
    if (ui.moves.has(mv)) clickable(c, mv, null, ui, t("Take bonus tile {tile}", { tile: cell.number }));
    g.append(c);
  }
  return g;
}

// -- beside the board ------------------------------------------------------------------

function sidePanel(view, ui) {
  return h("div.paris-side", {},
    view.phase === "over" ? finalScreens(view, ui) : ownScreen(view, ui),
    supplyCard(view, ui));
}

function chip(text, action, ui, extra = {}) {
  const legal = action && ui.moves.has(action);
  return h(`button.paris-chip${legal ? ".legal" : ""}${extra.selected ? ".selected" : ""}`, {
    type: "button", disabled: !legal && !extra.onclick, dataset: { ...(legal ? { action } : {}), ...(extra.info ? { info: extra.info } : {}) },
    onclick: extra.onclick || (() => legal && ui.act(action)),
  }, text);
}

function supplyCard(view, ui) {
  const builds = [...ui.moves.keys()].filter((mv) => mv.includes(" build "));
  const lms = (view.landmark_supply || []).map((lm) => {
    const options = builds.filter((mv) => mv.split(" ")[3] === lm.space && (!selected || mv.split(" ")[1] === selected));
    const label = h("span.paris-landmark", {}, `${lm.value} · ${tData(lm.name)}`, h("small", {}, costText(lm.cost)));
    if (options.length === 1) return chip(label, options[0], ui, { info: landmarkInfo(lm) });
    if (options.length > 1) {
      const el = chip(label, null, ui, { info: landmarkInfo(lm), selected: selectedLandmark === lm.space, onclick: () => { selectedLandmark = lm.space; ui.rerender(); } });
      el.classList.add("legal");
      el.dataset.actions = options.join("|");
      return el;
    }
    return chip(label, null, ui, { info: landmarkInfo(lm) });
  });
  const tiles = (view.vp_tiles || []).filter((mv) => !mv.district).map((mv) => {
    const options = [...ui.moves.keys()].filter((a) => a.startsWith(`vptile ${mv.tile} `));
    const info = t("VP tile {amounts}: at the end the district's majorities score {amounts} VP.", { amounts: mv.amounts.join("/") });
    const el = chip(mv.amounts.join("/"), null, ui, options.length ? { info, selected: selectedTile === String(mv.tile), onclick: () => { selectedTile = String(mv.tile); ui.rerender(); } } : { info });
    el.classList.add("paris-vptile");
    el.dataset.tile = String(mv.tile);
    if (options.length) {
      el.classList.add("legal");
      el.dataset.actions = options.join("|");
    }
    return el;
  });
  const supply = Object.entries(view.supply || {}).filter(([k, n]) => n && ["wood", "marble", "gold"].includes(k)).map(([k, n]) => `${n} ${kindName(k)}`).join(", ");
  return h("section.paris-card.paris-supply", {},
    h("h3", {}, t("Landmarks to build")), h("div.row", {}, lms.length ? lms : t("none")),
    builds.length && !selected ? h("p.hint", {}, t("To build one, tap your key first.")) : null,
    h("h3", {}, t("VP tiles")), h("div.row", {}, tiles.length ? tiles : t("none")),
    h("p.hint", {}, t("General supply: {supply}", { supply: supply || t("empty") })),
    view.discarded && view.discarded.length ? h("p.hint", {}, t("Removed: {tiles}", { tiles: view.discarded.join(", ") })) : null);
}

function ownScreen(view, ui) {
  const me = view.me;
  if (!me) return h("section.paris-card.spectator", {}, h("h3", {}, t("Screens")), t("Each player's francs, keys, tokens and tiles are behind their screen."));
  const seat = view.seat;
  const exchange = [...ui.moves.keys()].some((mv) => /^(buy|sell) /.test(mv));
  const kinds = h("div.paris-stock" + (exchange ? ".exchange" : ""), {}, Object.entries(me.stock).map(([k, n]) => h("div.stock-item", { dataset: { kind: k } },
    h("span.stock-name", {}, h("span.paris-token", { style: `background:${KIND_COLOURS[k]}` }), h("b", {}, String(n)), " ", kindName(k)),
    exchange ? h("span.stock-buttons", {},
      chip(t("sell"), `sell ${k}`, ui),
      ["wood", "marble", "gold"].includes(k) ? chip(t("buy"), `buy ${k}`, ui) : null) : null)));
  const prices = view.prices ? t("Buy: wood {w} F, marble {m} F, gold {g} F. Sell: wood, marble, gold {rs} F; bronze, silver, gold prestige {ps} F.", {
    w: view.prices.buy[0], m: view.prices.buy[1], g: view.prices.buy[2],
    rs: view.prices.sell.slice(0, 3).join(", "), ps: view.prices.sell.slice(3, 6).join(", "),
  }) : null;
  const uses = [...ui.moves.keys()].filter((mv) => mv.startsWith("use ") || mv.startsWith("play "));
  const usesOf = (verb, id) => uses.filter((mv) => mv.split(" ")[0] === verb && mv.split(" ")[1] === String(id));
  const choiceLabel = (mv) => mv.split(" ").slice(2).map((w) => kindName(w)).join(" ") || t("use");
  const bonus = me.bonus.map((n) => h("div.row", { dataset: { info: bonusText(n) } }, h("span", {}, t("Bonus {n}: {text}", { n, text: bonusText(n) })),
    usesOf("use", n).map((mv) => chip(choiceLabel(mv), mv, ui))));
  const ends = [...new Set(me.endgame)].map((code) => h("div.row", {}, h("span", {}, t("End-game tile: {text}", { text: endText(code) })),
    usesOf("play", code).map((mv) => chip(choiceLabel(mv), mv, ui))));
  const pile = me.pile ? h("div.paris-pile", {}, h("h3", {}, t("The end-game pile")),
    h("div.row", {}, me.pile.filter((p) => p.count).map((p) => chip(`${endText(p.tile)} ×${p.count}`, `take ${p.tile}`, ui)))) : null;
  return h("section.paris-card", { id: "private-hand" },
    h("h3", {}, t("Your screen")),
    h("p.paris-mine", {}, h("span.swatch.seat-swatch", { style: `background:${seatColour(seat)};color:${seat === 2 ? "#222" : "#fff"}` }, String(seat + 1)),
      t("Your keys are {colour}.", { colour: colour(SEAT_COLOUR_NAMES[seat] || "") })),
    h("div.row", {}, t("Francs: {francs} · keys left: {keys}", { francs: me.francs, keys: me.keys })),
    kinds, exchange && prices ? h("p.hint", {}, prices) : null, bonus, ends, pile);
}

function finalScreens(view, ui) {
  const names = (ui.ctx && ui.ctx.names) || [];
  const rows = (view.screens || []).map((sc, seat) => h("tr", {},
    h("td", {}, h("span.swatch.seat-swatch", { style: `background:${seatColour(seat)};color:${seat === 2 ? "#222" : "#fff"}` }, String(seat + 1)), " ", names[seat] || t("Player {n}", { n: seat + 1 })),
    h("td", {}, String(view.scores ? view.scores[seat] : "")),
    h("td", {}, String(sc.francs)),
    h("td", {}, view.ranking ? String(view.ranking[seat] + 1) : "")));
  return h("section.paris-card", {}, h("h3", {}, t("Final scores")),
    h("table.paris-final", {}, h("thead", {}, h("tr", {}, h("th", {}, t("player")), h("th", {}, t("VP")), h("th", {}, t("francs")), h("th", {}, t("place")))), h("tbody", {}, rows)));
}

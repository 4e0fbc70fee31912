// Paris in the browser: six districts around the Arc de Triomphe, the bonus track, the
// stacks, landmarks and VP tiles, and the seat's own screen — all from the view.
//
// Fixed material (district colours, tile texts, prices) comes from
// GET /api/games/paris/board (views.board_json() in belle/games/paris/views.py).
// Every element that plays an action carries data-action="<notation>"; a key move
// takes two clicks when several keys could make it: first the key, then the space.
import { fill, h, s, t, tData } from "/static/js/ui.js";

let board = null;
let boardError = null;
let selected = null; // the key place chosen for a move: "arc", "bank-MO", "MO3", ...
let selectedTile = null; // a VP tile chosen for placement: "3"

const FALLBACK_COLOURS = ["#d23c3c", "#2f6fd6", "#e0b000", "#2e9e4f"];
const KIND_COLOURS = { wood: "#8a5a2b", marble: "#e9e6df", gold: "#e4b51c", bronze: "#b06a2c", silver: "#b9bec4", pgold: "#f2d64b" };
const KIND_LABEL = { wood: "W", marble: "M", gold: "G", bronze: "b", silver: "s", pgold: "g" };
const KIND_NAMES = {
  wood: () => t("wood"), marble: () => t("marble"), gold: () => t("gold"),
  bronze: () => t("bronze"), silver: () => t("silver"), pgold: () => t("gold (prestige)"),
};
const kindName = (kind) => (KIND_NAMES[kind] ? KIND_NAMES[kind]() : kind);
const W = 330; // district box
const HD = 250;

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
  const css = STYLE;
  document.head.append(h("style", { id: "paris-style" }, css));
}

const STYLE = `
  .paris { display: flex; flex-direction: column; gap: 8px; }
  .paris-status { padding: 6px 10px; border-radius: 6px; background: #f4efe4; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  .paris-status.active { background: #fff2c2; font-weight: 600; }
  .paris-main { display: flex; gap: 10px; align-items: flex-start; flex-wrap: wrap; }
  .paris-board { width: 1040px; max-width: 100%; height: auto; background: #f7f3ea; border-radius: 8px; }
  .paris-side { display: flex; flex-direction: column; gap: 8px; min-width: 260px; max-width: 340px; }
  .paris-card { border: 1px solid #cbbf9f; border-radius: 6px; padding: 6px 8px; background: #fffdf7; }
  .paris-card h4 { margin: 0 0 4px 0; font-size: 0.95em; }
  .paris-board .legal { cursor: pointer; }
  .paris-board .legal > .shape { stroke: #e08a00; stroke-width: 3.5; }
  .paris-board .selected > .shape { stroke: #c0262d; stroke-width: 4; }
  .paris-board text { font-family: system-ui, sans-serif; pointer-events: none; }
  .paris-chip { display: inline-block; margin: 2px; padding: 2px 6px; border-radius: 10px; border: 1px solid #bbb; background: #fff; font-size: 0.85em; }
  button.paris-chip.legal { border-color: #e08a00; background: #fff2c2; cursor: pointer; }
  button.paris-chip.selected { border-color: #c0262d; background: #ffd6d6; }
  .paris-key { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 2px; vertical-align: middle; }
  .paris-final td, .paris-final th { padding: 2px 6px; }
  `;

const seatColour = (seat) => ((board && board.seat_colours) || FALLBACK_COLOURS)[seat] || "#777";
const districtColour = (i) => (board && board.districts && board.districts[i] ? board.districts[i].colour : "#888");
const bonusText = (n) => (board && board.bonus ? (board.bonus.find((b) => b.number === n) || {}).text : "") || "";
const endText = (code) => (board && board.endgame ? (board.endgame.find((mv) => mv.code === code) || {}).text : "") || code;

/** Index the legal actions by their notation. */
function legalIndex(legal) {
  const map = new Map();
  for (const item of legal || []) map.set(item.text, item);
  return map;
}

export function render(container, view, legal, onAction, ctx = {}) {
  const moves = legalIndex(legal);
  const act = (text) => {
    const item = moves.get(text);
    if (item && onAction && !ctx.pending) {
      selected = null;
      selectedTile = null;
      onAction(item.json);
    }
  };
  if (!moves.size) {
    selected = null;
    selectedTile = null;
  }
  const rerender = () => render(container, view, legal, onAction, ctx);
  const ui = { moves, act, rerender, ctx };
  fill(
    container,
    h(
      "div.paris",
      { dataset: { phase: view.phase } },
      statusLine(view, ui),
      h("div.paris-main", {}, drawBoard(view, ui), sidePanel(view, ui)),
    ),
  );
}

/** A short line per seat for the players panel. */
export function seatInfo(view, seat) {
  const info = view.seats ? view.seats[seat] : null;
  if (!info) return "";
  const parts = [t("{vp} VP", { vp: info.vp })];
  if (info.endgame_count) parts.push(t("end-game tiles: {n}", { n: info.endgame_count }));
  if (view.start_player === seat) parts.push(t("start player"));
  return parts.join(" · ");
}

// -- the status line ---------------------------------------------------------------

const PROMPTS = {
  step1: () => t("Step 1: click a stack to draw a building tile."),
  step2: () => t("Step 2: place a key (click a bank or the Arc), move a key (click your key, then a space), or take an end-game tile."),
  put: () => t("Free districts: click the district for the drawn tile."),
  pick: () => t("Choose an end-game tile from the pile (in your screen); the others will not see which."),
  take_any: () => t("Bonus tile 17: click any bonus tile on the track."),
  after: () => t("Use tiles or exchange (in your screen), then end your turn."),
};

function statusLine(view, ui) {
  const { moves, act, ctx } = ui;
  let text;
  if (view.phase === "over") text = t("Game over.");
  else if (!moves.size) {
    const who = view.to_move === null || view.to_move === undefined ? t("Chance") : (ctx.names && ctx.names[view.to_move]) || t("Seat {seat}", { seat: view.to_move });
    text = t("{player} is playing…", { player: who });
  } else {
    text = PROMPTS[view.phase] ? PROMPTS[view.phase]() : "";
    const p = view.pending;
    if (p && p.kind === "bonus") text = p.fee ? t("Take a bonus tile: click a track space (fee {fee} F), or decline.", { fee: p.fee }) : t("Take a bonus tile: click a track space, or decline.");
    if (p && p.kind === "prestige") text = t("Landmark L{landmark}: hand in prestige tokens for VP, or done.", { landmark: p.landmark });
    if (p && p.kind === "vptile") text = t("A district has 4 keys: click a VP tile, then a district's VP spot (or decline).");
    if (p && p.kind === "put") text = t("Free districts: click a district for {tile} ({type}).", { tile: `${p.district}${p.value}`, type: p.type });
    if (selected) text += " " + t("Key selected: {key}.", { key: selected });
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
  if (view.end_triggered && view.phase !== "over") buttons.push(h("span.badge", {}, t("The end is triggered: turns left after this one: {n}", { n: view.turns_left })));
  return h("div.paris-status" + (moves.size ? ".active" : ""), {}, h("span", {}, text), buttons);
}

const LABELS = {
  end: () => t("End turn"), endgame: () => t("Take an end-game tile"), pass: () => t("Pass"),
  nobonus: () => t("No bonus tile"), done: () => t("Done"), novptile: () => t("No VP tile"),
};

// -- the board ----------------------------------------------------------------------

const POS = [[10, 10], [355, 10], [700, 10], [10, 402], [355, 402], [700, 402]];

function drawBoard(view, ui) {
  if (!view.districts) return h("p.empty", {}, boardError || t("No board."));
  const svg = s("svg", { class: "paris-board", viewBox: "0 0 1040 815", role: "img", "aria-label": t("The board of Paris") });
  view.districts.forEach((d, i) => svg.append(districtBox(view, d, i, POS[i][0], POS[i][1], ui)));
  svg.append(arc(view, ui), track(view, ui));
  return svg;
}

/** The action a click on key place / space `name` plays, or "select" or null. */
function clickFor(name, ui) {
  const { moves } = ui;
  if (selected) {
    const direct = `move ${selected} ${name}`;
    if (moves.has(direct)) return direct;
  }
  const asSource = [...moves.keys()].some((mv) => mv.startsWith(`move ${name} `));
  const asTarget = [...moves.keys()].filter((mv) => mv.startsWith("move ") && mv.split(" ")[2] === name);
  if (!selected && asTarget.length === 1 && !asSource) return asTarget[0];
  if (asSource) return "select";
  return null;
}

function clickable(g, action, name, ui) {
  if (!action) return g;
  g.classList.add("legal");
  if (action !== "select") g.dataset.action = action;
  g.setAttribute("role", "button");
  g.addEventListener("click", () => {
    if (action === "select") {
      selected = selected === name ? null : name;
      ui.rerender();
    } else ui.act(action);
  });
  return g;
}

function keyDots(keys, x, y) {
  return keys.map((seat, i) => s("circle", { class: "key", cx: x + i * 13, cy: y, r: 5.5, fill: seatColour(seat), stroke: "#222", "stroke-width": 1, dataset: { seat: String(seat) } }));
}

function districtBox(view, d, i, x, y, ui) {
  const g = s("g", { class: "district", dataset: { district: d.code }, transform: `translate(${x},${y})` });
  const put = `put ${d.code}`;
  const frame = s("rect", { class: "shape", x: 0, y: 0, width: W, height: HD + 105, rx: 10, fill: "#fffdf7", stroke: districtColour(i), "stroke-width": 2.5 });
  g.append(frame);
  if (ui.moves.has(put)) clickable(g, put, null, ui);
  g.append(s("rect", { x: 0, y: 0, width: W, height: 28, rx: 10, fill: districtColour(i) }));
  g.append(s("text", { x: 10, y: 19, fill: "#fff", "font-weight": "bold", "font-size": 14 }, `${d.code} ${d.name}`));
  // the bank
  const bankName = `bank-${d.code}`;
  const bank = s("g", { class: "bank", dataset: { place: bankName } },
    s("rect", { class: "shape", x: 180, y: 3, width: 145, height: 22, rx: 5, fill: "#f7e9b0", stroke: "#8a6d1d" }),
    s("text", { x: 186, y: 18, "font-size": 12 }, t("Bank {francs} F", { francs: d.bank })),
    ...keyDots(d.bank_keys, 252, 14));
  const bankAction = ui.moves.has(`key ${d.code}`) ? `key ${d.code}` : clickFor(bankName, ui);
  clickable(bank, bankAction, bankName, ui);
  if (selected === bankName) bank.classList.add("selected");
  g.append(bank);
  // the buildings: two rows of three
  d.spaces.forEach((sp, k) => g.append(space(sp, 8 + (k % 3) * 106, 36 + Math.floor(k / 3) * 108, ui)));
  // landmarks
  const lmY = 256;
  g.append(s("text", { x: 8, y: lmY, "font-size": 11, fill: "#555" }, t("Landmarks:")));
  d.landmarks.forEach((lm, k) => g.append(landmark(lm, 75 + k * 52, lmY - 14, ui)));
  // VP tile spot
  const tile = d.vp_tile;
  const vp = s("g", { class: "vp-spot", dataset: { district: d.code } },
    s("rect", { class: "shape", x: 8, y: 300, width: 150, height: 48, rx: 6, fill: tile ? "#dff3d8" : "#f1f1f1", stroke: "#6a8f5a" }),
    s("text", { x: 16, y: 320, "font-size": 12 }, tile ? t("VP tile {amounts}", { amounts: d.vp_amounts.join("/") }) : t("no VP tile yet")),
    s("text", { x: 16, y: 338, "font-size": 11, fill: "#555" }, t("keys on spaces: {n}", { n: d.keys_on_spaces })));
  if (selectedTile) {
    const mv = `vptile ${selectedTile} ${d.code}`;
    if (ui.moves.has(mv)) clickable(vp, mv, null, ui);
  }
  g.append(vp);
  return g;
}

function space(sp, x, y, ui) {
  const g = s("g", { class: "space" + (sp.built ? " built" : " empty"), dataset: { space: sp.space }, transform: `translate(${x},${y})` });
  g.append(s("rect", { class: "shape", x: 0, y: 0, width: 100, height: 100, rx: 6, fill: sp.built ? "#fbf3df" : "#eeeeee", stroke: sp.built ? "#9a8450" : "#cfcfcf", "stroke-dasharray": sp.built ? null : "4 3" }));
  g.append(s("text", { x: 6, y: 18, "font-size": 16, "font-weight": "bold", fill: sp.built ? "#222" : "#aaa" }, String(sp.value)));
  g.append(s("text", { x: 28, y: 17, "font-size": 11, fill: sp.built ? "#333" : "#aaa" }, sp.type + (sp.built && sp.tile_district && !sp.space.startsWith(sp.tile_district) ? ` (${sp.tile_district})` : "")));
  const cost = (sp.cost || []).map((n, k) => (n ? `${n}${["W", "M", "G"][k]}` : "")).filter(Boolean).join(" ");
  if (cost) g.append(s("text", { x: 6, y: 36, "font-size": 11, fill: "#8a5a2b" }, t("cost {cost}", { cost })));
  if (sp.token) {
    g.append(s("circle", { cx: 84, cy: 36, r: 9, fill: KIND_COLOURS[sp.token], stroke: "#555" }),
      s("text", { x: 80, y: 40, "font-size": 11 }, KIND_LABEL[sp.token]));
  }
  const bonus = sp.value <= 2 ? t("bonus tile") : sp.value === 3 ? t("bonus 2F") : sp.value === 8 ? t("+2 VP") : "";
  if (bonus) g.append(s("text", { x: 6, y: 54, "font-size": 10, fill: "#666" }, bonus));
  g.append(...keyDots(sp.keys, 12, 80));
  clickable(g, sp.built ? clickFor(sp.space, ui) : null, sp.space, ui);
  if (selected === sp.space) g.classList.add("selected");
  const title = s("title", {}, t("{space}: {type}, value {value}", { space: sp.space, type: sp.type, value: sp.value }));
  g.append(title);
  return g;
}

function landmarkTitle(lm) {
  const slots = lm.slots.map((sl) => [kindName(sl.kind), t("{vp} VP", { vp: sl.vp })].join(" ")).join(", ");
  return `${tData(lm.name)} (${lm.value}): ${slots}`;
}

function landmark(lm, x, y, ui) {
  const g = s("g", { class: "landmark", dataset: { space: lm.space }, transform: `translate(${x},${y})` },
    s("rect", { class: "shape", x: 0, y: 0, width: 48, height: 40, rx: 5, fill: "#efe1f5", stroke: "#7b4b91" }),
    s("text", { x: 4, y: 14, "font-size": 12, "font-weight": "bold" }, lm.space),
    s("title", {}, landmarkTitle(lm)),
    ...keyDots(lm.keys, 9, 30));
  clickable(g, clickFor(lm.space, ui), lm.space, ui);
  if (selected === lm.space) g.classList.add("selected");
  return g;
}

// A proper name, as the French edition prints it.
const ARC_NAME = "Arc de Triomphe";

function arc(view, ui) {
  const g = s("g", { class: "arc", dataset: { place: "arc" }, transform: "translate(395,372)" },
    s("rect", { class: "shape", x: 0, y: 0, width: 250, height: 22, rx: 6, fill: "#e8dcc0", stroke: "#6d5a2f" }),
    s("text", { x: 8, y: 16, "font-size": 13, "font-weight": "bold" }, ARC_NAME),
    ...keyDots(view.arc || [], 140, 11));
  const action = ui.moves.has("key arc") ? "key arc" : clickFor("arc", ui);
  clickable(g, action, "arc", ui);
  if (selected === "arc") g.classList.add("selected");
  return g;
}

function track(view, ui) {
  const g = s("g", { class: "track", transform: "translate(10,800)" });
  const meeples = new Map();
  for (const seat of view.seats || []) {
    if (!meeples.has(seat.meeple)) meeples.set(seat.meeple, []);
    meeples.get(seat.meeple).push(seat.seat);
  }
  g.append(s("text", { x: 0, y: -6, "font-size": 11 }, t("Bonus track")), ...keyDots(meeples.get(0) || [], 78, -10));
  for (const cell of view.track || []) {
    const x = 0 + (cell.space - 1) * 34;
    const c = s("g", { class: "track-space", dataset: { space: String(cell.space) }, transform: `translate(${x},0)` },
      s("rect", { class: "shape", x: 0, y: -26, width: 31, height: 22, rx: 3, fill: cell.count ? "#fff" : "#ddd", stroke: "#999" }),
      s("text", { x: 4, y: -10, "font-size": 11, fill: cell.count ? "#222" : "#999" }, `${cell.number}${cell.count > 1 ? "×" + cell.count : ""}`),
      s("title", {}, t("space {space}: tile {tile} — {text}", { space: cell.space, tile: cell.number, text: bonusText(cell.number) })),
      ...keyDots(meeples.get(cell.space) || [], 6, -34));
    const mv = `bonus ${cell.space}`;
    if (ui.moves.has(mv)) clickable(c, mv, null, ui);
    g.append(c);
  }
  return g;
}

// -- the side panel -------------------------------------------------------------------

function sidePanel(view, ui) {
  return h("div.paris-side", {}, stacksCard(view, ui), commonCard(view, ui),
    view.phase === "over" ? finalScreens(view, ui) : ownScreen(view, ui));
}

function chip(text, action, ui, extra = {}) {
  const legal = action && ui.moves.has(action);
  return h(`button.paris-chip${legal ? ".legal" : ""}${extra.selected ? ".selected" : ""}`, {
    type: "button", disabled: !legal && !extra.onclick, dataset: legal ? { action } : {},
    onclick: extra.onclick || (() => legal && ui.act(action)),
  }, text);
}

function stacksCard(view, ui) {
  return h("div.paris-card.paris-stacks", {}, h("h4", {}, t("Building stacks")),
    (view.stacks || []).map((st, i) => chip(st.top ? t("Stack {n}: {size} · {top} on top", { n: i + 1, size: st.size, top: st.top }) : t("Stack {n}: {size}", { n: i + 1, size: st.size }), `draw ${i + 1}`, ui)),
    h("div", {}, t("End-game pile: {n} tile(s)", { n: view.endgame_pile })),
    view.discarded && view.discarded.length ? h("div", {}, t("Removed: {tiles}", { tiles: view.discarded.join(", ") })) : null);
}

function commonCard(view, ui) {
  const builds = [...ui.moves.keys()].filter((mv) => mv.includes(" build "));
  const lms = (view.landmark_supply || []).map((lm) => {
    const mine = builds.filter((mv) => mv.split(" ")[3] === lm.space && (!selected || mv.split(" ")[1] === selected));
    const action = mine.length === 1 ? mine[0] : null;
    return chip(`${lm.space} ${tData(lm.name)} (${lm.cost.map((n, k) => (n ? n + ["W", "M", "G"][k] : "")).join("")}; ${lm.slots.map((sl) => KIND_LABEL[sl.kind] + sl.vp).join(" ")})`, action, ui);
  });
  const tiles = (view.vp_tiles || []).filter((mv) => !mv.district).map((mv) => {
    const can = [...ui.moves.keys()].some((a) => a.startsWith(`vptile ${mv.tile} `));
    const el = chip(`${mv.amounts.join("/")}`, null, ui, can ? { selected: selectedTile === String(mv.tile), onclick: () => { selectedTile = String(mv.tile); ui.rerender(); } } : {});
    el.classList.add("paris-vptile");
    el.dataset.tile = String(mv.tile);
    if (can) el.classList.add("legal");
    return el;
  });
  const supply = Object.entries(view.supply || {}).filter(([k, n]) => n && ["wood", "marble", "gold"].includes(k)).map(([k, n]) => `${n} ${kindName(k)}`).join(", ");
  return h("div.paris-card", {}, h("h4", {}, t("Landmarks to build")), lms.length ? lms : t("none"),
    builds.length && selected ? h("div", {}, t("Click a landmark to build it for the selected key.")) : null,
    h("h4", {}, t("VP tiles")), tiles.length ? tiles : t("none"),
    h("div", {}, t("General supply: {supply}", { supply: supply || t("empty") })));
}

function ownScreen(view, ui) {
  const me = view.me;
  if (!me) return h("div.paris-card.spectator", {}, h("h4", {}, t("Screens")), t("Each player's francs, keys, tokens and tiles are behind their screen."));
  const kinds = Object.entries(me.stock).map(([k, n]) => h("span", {},
    h("span.paris-key", { style: `background:${KIND_COLOURS[k]}` }), `${n} ${kindName(k)} `,
    chip(t("sell"), `sell ${k}`, ui),
    ["wood", "marble", "gold"].includes(k) ? chip(t("buy"), `buy ${k}`, ui) : null));
  const uses = [...ui.moves.keys()].filter((mv) => mv.startsWith("use ") || mv.startsWith("play "));
  const bonus = me.bonus.map((n) => h("div", {}, t("Bonus {n}: {text}", { n, text: bonusText(n) }), " ",
    uses.filter((mv) => mv.split(" ")[0] === "use" && mv.split(" ")[1] === String(n)).map((mv) => chip(mv.split(" ").slice(2).join(" ") || "use", mv, ui))));
  const ends = [...new Set(me.endgame)].map((code) => h("div", {}, t("End-game {code}: {text}", { code, text: endText(code) }), " ",
    uses.filter((mv) => mv.split(" ")[0] === "play" && mv.split(" ")[1] === code).map((mv) => chip(mv.split(" ").slice(2).join(" ") || "play", mv, ui))));
  const pile = me.pile ? h("div.paris-pile", {}, h("h4", {}, t("The end-game pile")),
    me.pile.filter((p) => p.count).map((p) => chip(`${p.tile} ×${p.count}: ${endText(p.tile)}`, `take ${p.tile}`, ui))) : null;
  return h("div.paris-card", { id: "private-hand" }, h("h4", {}, t("Your screen (seat {seat})", { seat: view.seat })),
    h("div", {}, t("Francs: {francs} · Keys: {keys}", { francs: me.francs, keys: me.keys })), h("div", {}, kinds), bonus, ends, pile);
}

function finalScreens(view, ui) {
  const names = (ui.ctx && ui.ctx.names) || [];
  const rows = (view.screens || []).map((sc, seat) => h("tr", {},
    h("td", {}, h("span.paris-key", { style: `background:${seatColour(seat)}` }), names[seat] || t("Seat {seat}", { seat })),
    h("td", {}, String(view.scores ? view.scores[seat] : "")),
    h("td", {}, String(sc.francs)),
    h("td", {}, view.ranking ? String(view.ranking[seat] + 1) : "")));
  return h("div.paris-card", {}, h("h4", {}, t("Final scores")),
    h("table.paris-final", {}, h("thead", {}, h("tr", {}, h("th", {}, t("seat")), h("th", {}, t("VP")), h("th", {}, t("francs")), h("th", {}, t("place")))), h("tbody", {}, rows)));
}

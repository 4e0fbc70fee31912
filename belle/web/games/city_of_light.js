// Paris: La Cité de la Lumière in the browser: the 8×8 board as SVG, the hand tile (own
// only), the stack view, reserves and supply, the postcards, the running score display
// with highlighting, and the private planning mode (seed: "Planung").
//
// Tile patterns and building shapes come from GET /api/games/city_of_light/board
// (views.board_json()); legality always comes from the server's legal list. The plan is
// kept on the server for this seat alone (issue 14 item 7): it goes with each action
// (`planOf`), the server saves it when the action ends the turn ("Änderungen an deinem
// Plan werden gespeichert, wenn du auf die Schaltfläche „Zug beenden“ klickst") and sends
// it back after each hello (`receivePlan`), so it follows the player to another browser.
// It never reaches the other seat, a view or a replay (REQ-COL-P4, P5). A move that ends
// the turn is held by the table until "End turn" is pressed (`endsTurn`, REQ-COL-P7); the
// board shows it alone meanwhile (`ctx.staged`).
import { engineText, fieldText, fill, h, s, t } from "/static/js/ui.js";
import { colour } from "/static/js/moves.js";
import { zoomable } from "/static/js/zoom.js";

const CELL = 46;
const FILL = { O: "#e08a2e", B: "#3f7fc4", M: "#8a62b3", L: "#2b2b33" };
const OWNER_FILL = ["#8f3f06", "#173f72"];
const OWNER_NAME = ["orange", "blue"];
const ownerName = (seat) => colour(OWNER_NAME[seat]);
const MARKER = ["☀", "☾"]; // G-18: orange = sun, blue = moon (stack view)
const PIECE_GLYPH = { // letters, not emoji: every system font has them
  PEINTRE: "Pt", MOULIN_ROUGE: "Da", FONTAINE: "Fo", PENSEUR: "St", GRANDE_LUMIERE: "✺",
  BASE_STREETLIGHT: "✦", BASE_MIXED: "Mx", BASE_ANNEX: "+", BASE_GARDEN: "Ga", OBELISQUE: "Ob",
  INVALIDES: "H", ARC: "Ar", TOUR_EIFFEL: "Ei", CATACOMBES: "Sk", SEINE: "~", LIBERTE: "Li",
};
const LETTERS = "abcdefgh";

let board = null; // board_json()
const ui = {
  rot: 0, // hand-tile rotation in degrees (client-side until the click)
  orient: null, // "rot|mirror" of the building placement being chosen
  targetCell: null, // a chosen cell waiting for its facing
  highlight: null, // {seat, component} of the opened score row
  // the score display unfolded (its heading folds it to its totals); folded at first on a
  // phone, where it would cover a third of the board
  scoreOpen: !(globalThis.matchMedia && globalThis.matchMedia("(max-width: 700px)").matches),
  stack: null, // seat whose unplayed tiles are shown
  planMode: false,
  plan: null, // the working copy {buildings: [{id, cells}], cards: [{id, cell}]}
  saved: null, // the plan as the server last saved it (the end of this seat's last turn)
  planPick: null, // {kind: "building"|"card", id}
  planRot: 0,
  wasMyTurn: false,
};

export async function init({ get }) {
  try {
    const data = await get("/api/games/city_of_light/board");
    board = data.board || data;
  } catch (err) {
    board = null;
  }
  injectStyle();
}

// -- helpers --------------------------------------------------------------------------

const idx = (label) => (parseInt(label.slice(1), 10) - 1) * 8 + LETTERS.indexOf(label[0]);
const lab = (i) => `${LETTERS[i % 8]}${Math.floor(i / 8) + 1}`;
const rc = (label) => [parseInt(label.slice(1), 10) - 1, LETTERS.indexOf(label[0])];

function keyOf(json) {
  switch (json.type) {
    case "tile": return `tile:${json.slot}:${json.rot}`;
    case "take": case "build": return `${json.type}:${json.building}`;
    case "at": return `at:${json.space}:${json.rot}:${json.mirror ? 1 : 0}`;
    case "card": return `card:${json.card}`;
    case "on": return `on:${json.space}:${json.facing || ""}`;
    case "side": return `side:${json.side}`;
    case "quadrant": return `quadrant:${json.quadrant}`;
    case "swap": return `swap:${json.give}:${json.take}`;
    default: return json.type;
  }
}

function rotateTile(spaces, deg) {
  let cells = spaces.slice();
  for (let k = 0; k < (deg / 90) % 4; k++) cells = [cells[2], cells[0], cells[3], cells[1]];
  return cells;
}

function shapeCells(id, rot, mirror) {
  const spec = board && board.buildings.find((b) => b.id === id);
  if (!spec) return [];
  return spec.orientations[String(rot / 90 + (mirror ? 4 : 0))];
}

function cellsAt(anchor, cells) {
  const [r0, c0] = rc(anchor);
  return cells.map(([r, c]) => [r0 + r, c0 + c]).filter(([r, c]) => r < 8 && c < 8).map(([r, c]) => lab(r * 8 + c));
}

// -- the plan (REQ-COL-P1..P9, kept on the server for this seat) -------------------------

const emptyPlan = () => ({ buildings: [], cards: [] });
const copy = (plan) => JSON.parse(JSON.stringify(plan));

function savedPlan() {
  return ui.saved ? copy(ui.saved) : emptyPlan();
}

/** The server's saved plan for this seat (the `plan` message after a hello). */
export function receivePlan(plan) {
  ui.saved = plan && Array.isArray(plan.buildings) && Array.isArray(plan.cards) ? plan : null;
  ui.plan = savedPlan();
}

/** Whether a move ends the turn: all but choosing a building or a postcard (COL-57,
 * COL-60; the server's list, board_json's `continuing`). */
export function endsTurn(json) {
  const continuing = (board && board.continuing) || ["build", "card"];
  return Boolean(json) && !continuing.includes(json.type);
}

/** The plan to send with this seat's action (null when there is none to keep). */
export function planOf() {
  return ui.plan ? copy(ui.plan) : null;
}

function syncPlan(plan, view, seat) {
  // Sync: every piece really placed replaces its planned position (REQ-COL-P8).
  const real = view.buildings.filter((b) => b.owner === seat);
  plan.buildings = plan.buildings.filter((p) => !real.some((b) => b.id === p.id));
  for (const b of real) plan.buildings.push({ id: b.id, cells: b.cells.slice() });
  for (const piece of view.pieces.filter((p) => p.owner === seat && p.cells.length)) {
    plan.cards = plan.cards.filter((c) => c.id !== piece.card);
    plan.cards.push({ id: piece.card, cell: piece.cells[0] });
  }
  return plan;
}

function trackTurns(view, legal, ctx) {
  if (ctx.replay || ctx.seat === null || ctx.seat === undefined) return;
  const mine = legal.length > 0;
  if (mine && !ui.wasMyTurn) ui.plan = savedPlan(); // the turn starts: the saved plan
  if (!mine && ui.wasMyTurn && ui.plan) ui.saved = copy(ui.plan); // REQ-COL-P7 (the server confirms with `plan`)
  if (!ui.plan) ui.plan = savedPlan();
  ui.wasMyTurn = mine;
}

// -- render ---------------------------------------------------------------------------------

/** Draw `view`; `legal` lists {json, text}; `onAction(json)` plays one. */
export function render(...args) {
  lastArgs = args;
  draw(...args);
}

function draw(container, view, legal, onAction, ctx = {}) {
  const moves = new Map((legal || []).map((item) => [keyOf(item.json), item]));
  const act = (key) => {
    const item = moves.get(key);
    if (item && onAction && !ctx.pending) {
      ui.targetCell = null;
      onAction(item.json);
    }
  };
  trackTurns(view, legal || [], ctx);
  const seat = ctx.seat;
  const canPlan = seat !== null && seat !== undefined && !ctx.replay;
  const editable = canPlan && (legal || []).length > 0; // REQ-COL-P6
  const status = statusLine(view, moves, act, ctx);
  if (ctx.prompt) fill(ctx.prompt, status);
  const root = h(
    "div.col",
    { dataset: { phase: view.phase } },
    ctx.prompt ? null : status,
    h(
      "div.col-main",
      {},
      h("div.col-board-wrap", {}, stackMarkers(view), stackPanel(view),
        zoomable(drawBoard(view, moves, act, editable, ctx.staged), { key: "col-board", aspect: 1 })),
      h(
        "div.col-side",
        {},
        canPlan ? planControls(view, editable, seat) : null,
        ui.planMode ? planPalette(view, seat) : null,
        handPanel(view, moves, act),
        pendingPanel(view, moves, act),
        playersPanel(view, moves, act, ctx),
        postcardsPanel(view, moves, act),
      ),
    ),
    scorePanel(view, ctx),
  );
  fill(container, root);
}

/** The players panel's row: the seat's colour with its sun or moon, the score if the game
 * ended now (phase 2 on), and what lies in front of it. */
export function seatSummary(view, seat) {
  const score = view.totals ? view.totals[seat] : view.scores ? view.scores[seat] : null;
  return {
    colour: OWNER_FILL[seat], mark: MARKER[seat], ink: "#fff", score,
    scoreLabel: t("score if the game ended now"),
    holdings: [
      { label: t("reserve"), value: view.reserves[seat].length, title: t("Buildings in reserve") },
      { label: t("markers"), value: view.markers[seat] },
      { label: t("chimneys"), value: view.chimneys[seat] },
      { label: t("tiles left"), value: view.unplayed[seat].length },
    ],
    notes: [ownerName(seat)],
  };
}

/** Postcard names for the log (js/turns.js). */
export function lookup(kind, key) {
  if (kind === "card") return cardName(key);
  return null;
}

const GAME = "city_of_light";
const say = (message, ctx = {}) => engineText(GAME, message, ctx);
const sayField = (item, field, ctx = {}) => fieldText(GAME, item, field, ctx);

/** A postcard's name from the game's catalogue (its id in the notation, any case). */
function cardName(id) {
  const key = String(id).toUpperCase();
  const all = (board && board.postcards) || [];
  const card = all.find((c) => c.id.toUpperCase() === key);
  return card ? sayField(card, "name") : say({ id: `postcard.${key}.name`, params: {} });
}

/** The spaces of a 2×2 slot ("B2": columns c-d, rows 3-4). */
function slotSpaces(slot) {
  const col = "ABCD".indexOf(slot[0]);
  const row = parseInt(slot.slice(1), 10) - 1;
  const out = [];
  for (const dr of [0, 1]) for (const dc of [0, 1]) out.push(lab((2 * row + dr) * 8 + 2 * col + dc));
  return out;
}

/** What the other player's moves touched (table.js highlights them). */
export function targetsOf(text) {
  const [verb, ...a] = text.split(/\s+/);
  if (verb === "tile" && a[1]) return slotSpaces(a[1].toUpperCase()).map((cell) => `.mark[data-mark="${cell}"]`);
  if (verb === "at" || verb === "on") return [`.mark[data-mark="${a[0]}"]`];
  if (verb === "take") return [`.reserve-chip[data-building="${a[0]}"]`];
  if (verb === "card") return [`.col-card[data-card="${a[0].toUpperCase()}"]`];
  return [];
}

function statusLine(view, moves, act, ctx) {
  const names = ctx.names || [];
  const who = (seat) => t("{player} ({colour})", { player: names[seat] || t("Player {n}", { n: seat + 1 }), colour: ownerName(seat) });
  const phases = {
    setup: () => t("Setting up…"),
    streets: () => t("Phase 1: lay street tiles or take buildings."),
    build: () => t("Phase 2: place buildings or activate postcards."),
    over: () => t("The game is over."),
  };
  const parts = [phases[view.phase] ? phases[view.phase]() : ""];
  if (view.to_move !== null && view.to_move !== undefined && view.phase !== "over" && !moves.size) parts.push(t("{player} to play.", { player: who(view.to_move) }));
  if (moves.size && ctx.staged) parts.push(t("Check your move on the board, then press “End turn”."));
  else if (moves.size) {
    if (view.pending.building) parts.push(t("Place {building}: choose a rotation, then click a highlighted corner.", { building: view.pending.building }));
    else if (view.pending.card) parts.push(t("{card}: click a highlighted space or a button, or decline.", { card: cardName(view.pending.card) }));
    else if (view.phase === "streets") parts.push(t("Turn your tile, then click an empty slot — or take a building."));
    else parts.push(t("Click a building of your reserve or a postcard."));
  }
  const text = parts.filter(Boolean).join(" ");
  const pass = moves.get("pass");
  return h("p.col-status", {}, text, pass && !ctx.staged ? h("button.col-pass", { type: "button", dataset: { action: pass.text }, onclick: () => act("pass") }, t("Pass")) : null);
}

// -- the board ----------------------------------------------------------------------------

function drawBoard(view, moves, act, editable, staged) {
  const size = 8 * CELL;
  const svg = s("svg", { class: "col-board" + (ui.planMode ? " planning" : ""), viewBox: `-18 -18 ${size + 20} ${size + 20}`, role: "group", "aria-label": t("The board") });
  for (let c = 0; c < 8; c++) svg.append(s("text", { class: "coord", x: c * CELL + CELL / 2, y: -5 }, LETTERS[c]));
  for (let r = 0; r < 8; r++) svg.append(s("text", { class: "coord", x: -9, y: r * CELL + CELL / 2 + 4 }, String(r + 1)));
  const highlight = highlightedCells(view);
  for (let i = 0; i < 64; i++) {
    const kind = view.spaces[i];
    const x = (i % 8) * CELL;
    const y = Math.floor(i / 8) * CELL;
    const g = s("g", { class: "space" + (highlight.has(lab(i)) ? " hl" : ""), dataset: { space: lab(i) } });
    g.append(s("rect", { x, y, width: CELL, height: CELL, fill: kind ? FILL[kind] : "#ddd8cc", class: "space-bg" }));
    if (kind === "L") g.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 9, class: "lamp" }));
    svg.append(g);
  }
  for (let k = 0; k <= 4; k++) {
    svg.append(s("line", { x1: k * 2 * CELL, y1: 0, x2: k * 2 * CELL, y2: size, class: "slot-line" }));
    svg.append(s("line", { x1: 0, y1: k * 2 * CELL, x2: size, y2: k * 2 * CELL, class: "slot-line" }));
  }
  if (ui.planMode) drawPlan(svg, editable);
  else {
    drawBuildings(svg, view);
    drawPieces(svg, view);
    // One frame per space above the pieces: table.js marks the ones the last moves touched.
    const marks = s("g", { class: "marks" });
    for (let i = 0; i < 64; i++) marks.append(s("rect", { class: "mark", x: (i % 8) * CELL + 2, y: Math.floor(i / 8) * CELL + 2, width: CELL - 4, height: CELL - 4, dataset: { mark: lab(i) } }));
    svg.append(marks);
    drawMoves(svg, view, staged ? stagedOnly(moves, staged) : moves, act, staged ? " staged" : "");
  }
  return svg;
}

function drawBuildings(svg, view) {
  for (const b of view.buildings) {
    const g = s("g", { class: `building owner-${b.owner}`, dataset: { building: b.id } });
    for (const cell of b.cells) {
      const [r, c] = rc(cell);
      g.append(s("rect", { x: c * CELL + 3, y: r * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 4, fill: OWNER_FILL[b.owner], class: "bcell" }));
    }
    const [r, c] = rc(b.cells[0]);
    g.append(s("circle", { cx: c * CELL + CELL - 11, cy: r * CELL + 11, r: 6, class: `chimney owner-${b.owner}` }));
    let tag = `${MARKER[b.owner]} ${b.hotel ? "Hôtel" : b.id}`;
    if (b.gargoyle) tag += " ☗";
    if (b.louvre) tag += " ◈";
    if (b.skull) tag += " ☠";
    g.append(s("text", { x: c * CELL + 6, y: r * CELL + CELL - 8, class: "btag" }, tag));
    svg.append(g);
  }
}

function drawPieces(svg, view) {
  for (const piece of view.pieces) {
    for (const cell of piece.cells) {
      const [r, c] = rc(cell);
      const glyph = PIECE_GLYPH[piece.card] || "•";
      const arrow = piece.facing ? { N: "↑", E: "→", S: "↓", W: "←" }[piece.facing] : "";
      svg.append(s("circle", { cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: 15, class: "piece-disc" }));
      svg.append(s("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 + 5, class: "piece", dataset: { piece: piece.card } }, glyph + arrow));
    }
    if (piece.where) svg.append(s("text", { x: 4 * CELL, y: 8 * CELL - 3, class: "piece-note" }, `${cardName(piece.card)}: ${sayField(piece, "where")}`));
  }
}

/** The held move alone (REQ-COL-P7), drawn as it was chosen: its rotation, its facing. */
function stagedOnly(moves, staged) {
  const key = keyOf(staged.json);
  const item = moves.get(key);
  if (staged.json.type === "tile") ui.rot = staged.json.rot;
  if (staged.json.type === "at") ui.orient = `${staged.json.rot}|${staged.json.mirror ? 1 : 0}`;
  return item ? new Map([[key, item]]) : new Map();
}

function drawMoves(svg, view, moves, act, mark = "") {
  if (!moves.size) return;
  const handSpaces = view.hand ? rotateTile(view.hand.spaces, ui.rot) : null;
  if (view.phase === "streets" && handSpaces) {
    for (let slot = 0; slot < 16; slot++) {
      const label = `${"ABCD"[slot % 4]}${Math.floor(slot / 4) + 1}`;
      const key = `tile:${label}:${ui.rot}`;
      if (!moves.has(key)) continue;
      const x = (slot % 4) * 2 * CELL;
      const y = Math.floor(slot / 4) * 2 * CELL;
      const g = s("g", { class: "slot legal" + mark, role: "button", "aria-label": moves.get(key).text, dataset: { slot: label, action: moves.get(key).text }, onclick: () => act(key) });
      handSpaces.forEach((kind, k) => g.append(s("rect", { x: x + (k % 2) * CELL + 2, y: y + Math.floor(k / 2) * CELL + 2, width: CELL - 4, height: CELL - 4, fill: FILL[kind], class: "ghost" })));
      g.append(s("rect", { x: x + 1, y: y + 1, width: 2 * CELL - 2, height: 2 * CELL - 2, class: "slot-hit" }));
      svg.append(g);
    }
  }
  const puts = [...moves.values()].filter((m) => m.json.type === "at");
  if (puts.length) {
    const orients = [...new Set(puts.map((m) => `${m.json.rot}|${m.json.mirror ? 1 : 0}`))];
    if (!orients.includes(ui.orient)) ui.orient = orients[0];
    const [rot, mirror] = ui.orient.split("|");
    const cells = shapeCells(view.pending.building, Number(rot), mirror === "1");
    for (const item of puts.filter((m) => `${m.json.rot}|${m.json.mirror ? 1 : 0}` === ui.orient)) {
      const anchor = item.json.space;
      const footprint = cellsAt(anchor, cells);
      const g = s("g", { class: "put legal" + mark, role: "button", "aria-label": item.text, dataset: { anchor, action: item.text }, onclick: () => act(keyOf(item.json)) });
      for (const cell of footprint) {
        const [r, c] = rc(cell);
        g.append(s("rect", { x: c * CELL + 4, y: r * CELL + 4, width: CELL - 8, height: CELL - 8, class: "footprint" }));
      }
      const [r, c] = rc(anchor);
      g.append(s("rect", { x: c * CELL + 1, y: r * CELL + 1, width: CELL - 2, height: CELL - 2, class: "anchor" }));
      svg.append(g);
    }
  }
  const ons = [...moves.values()].filter((m) => m.json.type === "on");
  const byCell = new Map();
  for (const item of ons) byCell.set(item.json.space, [...(byCell.get(item.json.space) || []), item]);
  for (const [cell, items] of byCell) {
    const [r, c] = rc(cell);
    const single = items.length === 1 && !items[0].json.facing;
    const g = s("g", {
      class: "target legal" + mark + (ui.targetCell === cell ? " chosen" : ""),
      role: "button",
      "aria-label": items[0].text,
      dataset: single ? { target: cell, action: items[0].text } : { target: cell, actions: items.map((m) => m.text).join("|") },
      onclick: () => {
        if (single) act(keyOf(items[0].json));
        else { ui.targetCell = cell; rerender(); }
      },
    });
    g.append(s("rect", { x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 4, class: "target-hit" }));
    svg.append(g);
  }
}

let lastArgs = null; // the last server update: local changes (rotation, plan) redraw it
function rerender() {
  if (lastArgs) draw(...lastArgs);
}

// -- the side panels --------------------------------------------------------------------------

function tileSvg(spaces, size = 22) {
  const svg = s("svg", { class: "tile", width: 2 * size, height: 2 * size, viewBox: `0 0 ${2 * size} ${2 * size}` });
  spaces.forEach((kind, k) => {
    svg.append(s("rect", { x: (k % 2) * size, y: Math.floor(k / 2) * size, width: size - 1, height: size - 1, fill: FILL[kind] }));
    if (kind === "L") svg.append(s("circle", { cx: (k % 2) * size + size / 2, cy: Math.floor(k / 2) * size + size / 2, r: size / 5, class: "lamp" }));
  });
  return svg;
}

function handPanel(view, moves, act) {
  if (view.phase !== "streets") return null;
  if (!view.hand) return h("div.col-hand.hidden", {}, h("h3", {}, t("Hand")), view.seat === null ? t("Hands are hidden from spectators.") : t("No tile in hand."));
  const spaces = rotateTile(view.hand.spaces, ui.rot);
  const turn = (delta) => { ui.rot = (ui.rot + delta + 360) % 360; rerender(); };
  const after = (delta) => [...moves.values()].filter((m) => m.json.type === "tile" && m.json.rot === (ui.rot + delta + 360) % 360).map((m) => m.text).join("|");
  return h(
    "div.col-hand",
    { id: "private-hand" },
    h("h3", {}, t("Your tile {tile}", { tile: view.hand.tile })),
    tileSvg(spaces, 34),
    h("div.row", {},
      h("button.rot-left", { type: "button", onclick: () => turn(-90), title: t("Turn left"), "aria-label": t("Turn left"), dataset: { actions: [after(-90), after(180)].filter(Boolean).join("|") } }, "⟲"),
      h("span.rot", {}, `${ui.rot}°`),
      h("button.rot-right", { type: "button", onclick: () => turn(90), title: t("Turn right"), "aria-label": t("Turn right"), dataset: { actions: after(90) } }, "⟳")),
  );
}

function pendingPanel(view, moves, act) {
  const items = [...moves.values()];
  const extra = items.filter((m) => ["side", "quadrant", "swap", "use", "decline"].includes(m.json.type));
  const puts = items.filter((m) => m.json.type === "at");
  const facings = ui.targetCell ? items.filter((m) => m.json.type === "on" && m.json.space === ui.targetCell && m.json.facing) : [];
  if (!extra.length && !puts.length && !facings.length) return null;
  const orients = [...new Set(puts.map((m) => `${m.json.rot}|${m.json.mirror ? 1 : 0}`))];
  return h(
    "div.col-pending",
    {},
    puts.length ? h("div.orients", {}, h("span", {}, t("Rotate {building}:", { building: view.pending.building }), " "), orients.map((o) => {
      const [rot, mirror] = o.split("|");
      const leads = puts.filter((m) => `${m.json.rot}|${m.json.mirror ? 1 : 0}` === o).map((m) => m.text).join("|");
      return h("button.orient" + (o === ui.orient ? ".on" : ""), { type: "button", dataset: { orient: o, actions: leads }, onclick: () => { ui.orient = o; rerender(); } }, mirror === "1" ? t("{rotation}° mirrored", { rotation: rot }) : `${rot}°`);
    })) : null,
    facings.length ? h("div.facings", {}, t("Facing from {space}:", { space: ui.targetCell }), " ", facings.map((m) => h("button.facing", { type: "button", dataset: { facing: m.json.facing, action: m.text }, onclick: () => act(keyOf(m.json)) }, FACING_NAMES[m.json.facing] ? FACING_NAMES[m.json.facing]() : m.json.facing))) : null,
    extra.map((m) => h("button.col-choice" + (m.json.type === "decline" ? ".decline" : ""), { type: "button", dataset: { action: m.text }, onclick: () => act(keyOf(m.json)) }, choiceLabel(m))),
  );
}

const FACING_NAMES = { N: () => say({ id: "side.N", params: {} }), E: () => say({ id: "side.E", params: {} }), S: () => say({ id: "side.S", params: {} }), W: () => say({ id: "side.W", params: {} }) };

/** A postcard's choice ("side north", "use", "decline") as words. */
function choiceLabel(m) {
  const describe = { use: () => t("Carry out the card"), decline: () => t("Activate without carrying out the action") };
  if (describe[m.json.type]) return describe[m.json.type]();
  if (m.json.type === "side") return t("Bank of the Seine: {side}", { side: say({ id: `side.${m.json.side}`, params: {} }) });
  if (m.json.type === "quadrant") return t("Quadrant: {quadrant}", { quadrant: say({ id: `quadrant.${m.json.quadrant}`, params: {} }) });
  if (m.json.type === "swap") return t("Give {give}, take {take}", { give: m.json.give, take: m.json.take });
  return m.text;
}

function buildingInfo(id) {
  const spec = board && board.buildings.find((b) => b.id === id);
  return spec ? t("Building {building}: {n} spaces.", { building: id, n: spec.size }) : id;
}

function chip(name, key, moves, act, cls = "") {
  const item = moves.get(key);
  return h("button.bchip" + cls + (item ? ".legal" : ""), {
    type: "button", disabled: !item, dataset: item ? { building: name, action: item.text, info: buildingInfo(name) } : { building: name, info: buildingInfo(name) },
    onclick: () => act(key),
  }, name);
}

function playersPanel(view, moves, act, ctx) {
  const names = ctx.names || [];
  const rows = [0, 1].map((seat) => h(
    "div.col-player.owner-" + seat + (view.to_move === seat ? ".to-move" : ""),
    { dataset: { seat: String(seat) } },
    h("h3", {}, `${MARKER[seat]} ${names[seat] || ownerName(seat)}`, h("small.muted", {}, ` — ${ownerName(seat)}`)),
    h("div.meta", {}, t("Chimneys {chimneys} · markers {markers} · tiles left {tiles}", { chimneys: view.chimneys[seat], markers: view.markers[seat], tiles: view.unplayed[seat].length }), view.holding[seat] ? " " + t("(one in hand)") : ""),
    h("div.reserve", {}, t("Reserve:"), " ", view.reserves[seat].length ? view.reserves[seat].map((b) => chip(b, `build:${b}`, moves, act, ".reserve-chip")) : "—"),
  ));
  return h(
    "div.col-players",
    {},
    rows,
    h("div.supply", {}, h("h3", {}, t("Supply")), view.supply.length ? view.supply.map((b) => chip(b, `take:${b}`, moves, act, ".supply-chip")) : t("empty")),
  );
}

function postcardsPanel(view, moves, act) {
  return h(
    "div.col-cards",
    {},
    h("h3", {}, t("Postcards")),
    view.postcards.map((card) => {
      const key = `card:${card.id}`;
      const state = card.owner === null ? t("open") : [ownerName(card.owner), card.used ? t("used") : t("declined")].join(", ");
      const item = moves.get(key);
      return h(
        "div.col-card" + (item ? ".legal" : "") + (card.owner !== null ? ".done" : ""),
        { dataset: item ? { card: card.id, action: item.text } : { card: card.id }, role: item ? "button" : null, tabindex: item ? "0" : null, onclick: () => act(key) },
        h("b", {}, h("span.glyph", { "aria-hidden": "true" }, PIECE_GLYPH[card.id] || "✉"), " ", cardName(card.id)),
        h("span.card-state", {}, state),
        h("small", {}, sayField(card, "text")),
      );
    }),
  );
}

// -- the stack view (REQ-COL-S1..S3) ---------------------------------------------------------

function stackMarkers(view) {
  if (view.phase !== "streets") return null;
  return h("div.col-stack-markers", {}, h("span.muted", {}, t("Unplayed tiles:")), [0, 1].map((seat) => h("button.stack-marker", {
    type: "button", dataset: { seat: String(seat) }, title: t("Unplayed tiles of {player}", { player: ownerName(seat) }), "aria-label": t("Unplayed tiles of {player}", { player: ownerName(seat) }),
    onclick: () => { ui.stack = ui.stack === seat ? null : seat; rerender(); },
  }, MARKER[seat])));
}

function stackPanel(view) {
  if (view.phase !== "streets" || ui.stack === null || !board) return null;
  const seat = ui.stack;
  return h("div.col-stack", {}, h("b", {}, t("Unplayed tiles of {player} (in no particular order)", { player: ownerName(seat) })),
    h("div.tiles", {}, view.unplayed[seat].map((mv) => h("span.stack-tile", { dataset: { tile: String(mv) } }, tileSvg(board.tiles[seat][mv - 1]), String(mv)))));
}

// -- the score display (REQ-COL-D1..D4) ----------------------------------------------------------

function highlightedCells(view) {
  const found = new Set();
  if (!ui.highlight || !view.score) return found;
  const line = (view.score[ui.highlight.seat] || []).find((l) => l.component_id === ui.highlight.component);
  for (const item of (line && line.items) || []) {
    for (const cell of item.spaces || []) found.add(cell);
    for (const cell of item.lamps || []) found.add(cell);
  }
  return found;
}

function scorePanel(view, ctx) {
  if (!view.score) return null;
  const names = ctx.names || [];
  const components = view.score[0].map((l) => l.component_id);
  const totals = [0, 1].map((seat) => view.score[seat].reduce((sum, l) => sum + l.points, 0));
  const open = ui.highlight;
  const rows = components.map((component, k) => h(
    "tr",
    {},
    h("th", {}, sayField(view.score[0][k], "component")),
    [0, 1].map((seat) => {
      const line = view.score[seat][k];
      const on = open && open.seat === seat && open.component === component;
      return h("td", {}, h("a.score-open" + (on ? ".on" : ""), {
        href: "#", dataset: { seat: String(seat), component },
        onclick: (e) => { e.preventDefault(); ui.highlight = on ? null : { seat, component }; rerender(); },
      }, String(line.points)), h("div.score-detail", {}, sayField(line, "detail")));
    }),
  ));
  let items = null;
  if (open) {
    const line = view.score[open.seat].find((l) => l.component_id === open.component);
    const list = (line && line.items) || [];
    const empty = line ? h("li", {}, t("{player}, {component}: nothing yet", { player: ownerName(open.seat), component: sayField(line, "component") })) : null;
    items = h("ul.score-items", {}, list.length ? null : empty, list.map((item) => h("li", {}, h("b", {}, sayField(item, "label")), ` ${item.points} — ${sayField(item, "detail")} `, (item.spaces || []).join(" "), item.lamps && item.lamps.length ? " · " + t("lamps {lamps}", { lamps: item.lamps.join(" ") }) : "")));
  }
  const heading = view.phase === "over" ? t("Score") : t("Score if the game ended now");
  const line = [0, 1].map((seat) => `${names[seat] || ownerName(seat)} ${totals[seat]}`).join(" · ");
  // From phase 2 the score stands at the bottom of the window (the seed's "am unteren Rand
  // des Fensters"): sticky there while the board is in view; its heading folds it to the totals.
  return h(
    "details.col-score",
    { open: ui.scoreOpen, ontoggle: (e) => { ui.scoreOpen = e.target.open; } },
    h("summary", {}, h("h3", {}, heading), h("span.score-totals", {}, line)),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), [0, 1].map((seat) => h("th", {}, `${names[seat] || ownerName(seat)}`)))),
      h("tbody", {}, rows, h("tr.total", {}, h("th", {}, t("total")), totals.map((mv) => h("td", {}, String(mv)))))),
    items,
  );
}

// -- planning mode (REQ-COL-P1..P9) -------------------------------------------------------------

function planControls(view, editable, seat) {
  const toggle = h("label.plan-switch", {}, h("input", { type: "checkbox", id: "plan-toggle", checked: ui.planMode, onchange: (e) => { ui.planMode = e.target.checked; rerender(); } }), " ", t("Planning mode (private)"));
  if (!ui.planMode) return h("div.col-plan", {}, toggle);
  const buttons = editable ? h("div.plan-buttons", {},
    h("button.plan-reload", { type: "button", title: t("Discard this turn's changes"), onclick: () => { ui.plan = savedPlan(); rerender(); } }, t("Reload")),
    h("button.plan-sync", { type: "button", title: t("Add every piece you placed in the game"), onclick: () => { syncPlan(ui.plan, view, seat); rerender(); } }, t("Sync")),
    h("button.plan-reset", { type: "button", title: t("Clear the plan, then add your placed pieces"), onclick: () => { ui.plan = syncPlan({ buildings: [], cards: [] }, view, seat); rerender(); } }, t("Reset")),
  ) : h("p.hint", {}, t("You can look at your plan; you may change it on your turn."));
  return h("div.col-plan.on", {}, toggle, buttons, h("p.hint", {}, t("Saved when your turn ends. Nobody else sees it.")));
}

function planPalette(view, seat) {
  if (!board) return null;
  const pick = (kind, id) => { ui.planPick = ui.planPick && ui.planPick.id === id ? null : { kind, id }; rerender(); };
  return h(
    "div.plan-palette",
    {},
    h("div", {}, t("Buildings:"), " ", board.buildings.map((b) => h("button.plan-piece" + (ui.planPick && ui.planPick.id === b.id ? ".on" : ""), { type: "button", dataset: { plan: b.id }, onclick: () => pick("building", b.id) }, b.id))),
    h("div", {}, t("Postcards:"), " ", view.postcards.map((c) => h("button.plan-piece" + (ui.planPick && ui.planPick.id === c.id ? ".on" : ""), { type: "button", dataset: { plan: c.id }, onclick: () => pick("card", c.id) }, PIECE_GLYPH[c.id] || "✉"))),
    h("div", {}, h("button.plan-rot", { type: "button", onclick: () => { ui.planRot = (ui.planRot + 90) % 360; rerender(); } }, t("Turn ({rotation}°)", { rotation: ui.planRot }))),
  );
}

function drawPlan(svg, editable) {
  const plan = ui.plan || { buildings: [], cards: [] };
  plan.buildings.forEach((b, k) => {
    const g = s("g", { class: "plan-building", dataset: { planned: b.id }, onclick: (e) => { if (!editable) return; e.stopPropagation(); plan.buildings.splice(k, 1); rerender(); } });
    for (const cell of b.cells) {
      const [r, c] = rc(cell);
      g.append(s("rect", { x: c * CELL + 5, y: r * CELL + 5, width: CELL - 10, height: CELL - 10, rx: 5, class: "plan-cell" }));
    }
    const [r, c] = rc(b.cells[0]);
    g.append(s("text", { x: c * CELL + 7, y: r * CELL + CELL - 9, class: "btag" }, b.id));
    svg.append(g);
  });
  plan.cards.forEach((card, k) => {
    const [r, c] = rc(card.cell);
    svg.append(s("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 + 7, class: "piece plan-card", onclick: (e) => { if (!editable) return; e.stopPropagation(); plan.cards.splice(k, 1); rerender(); } }, PIECE_GLYPH[card.id] || "✉"));
  });
  if (!editable || !ui.planPick) return;
  for (let i = 0; i < 64; i++) {
    const x = (i % 8) * CELL;
    const y = Math.floor(i / 8) * CELL;
    svg.append(s("rect", {
      x, y, width: CELL, height: CELL, class: "plan-hit", dataset: { plancell: lab(i) },
      onclick: () => {
        if (ui.planPick.kind === "building") {
          plan.buildings = plan.buildings.filter((b) => b.id !== ui.planPick.id);
          plan.buildings.push({ id: ui.planPick.id, cells: cellsAt(lab(i), shapeCells(ui.planPick.id, ui.planRot, false)) });
        } else {
          plan.cards = plan.cards.filter((c) => c.id !== ui.planPick.id);
          plan.cards.push({ id: ui.planPick.id, cell: lab(i) });
        }
        ui.plan = plan;
        rerender();
      },
    }));
  }
}

function injectStyle() {
  if (document.getElementById("col-style")) return;
  const style = document.createElement("style");
  style.id = "col-style";
  style.textContent = STYLE;
  document.head.append(style);
}

const STYLE = `
.col { font-size: 14px; }
.col-status { margin: 0 0 .5em; }
.col-main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(260px, 360px); gap: 1em; align-items: start; }
@media (max-width: 760px) { .col-main { grid-template-columns: minmax(0, 1fr); } }
.col-board-wrap { position: relative; min-width: 0; }
.col-board .marks { pointer-events: none; }
.col-board .mark { fill: none; stroke: none; }
.col-board .mark.recent { stroke: #fbf3df; stroke-width: 4; stroke-dasharray: 7 4; }
.col-card.recent, .bchip.recent { outline: 3px dashed #7a2b3a; outline-offset: 1px; }
.col-status .col-pass { margin-left: .5em; }
.col-board .coord { font-size: 11px; fill: #777; text-anchor: middle; }
.col-board .space-bg { stroke: #00000022; }
.col-board .lamp { fill: #ffe066; stroke: #b58900; stroke-width: 2; }
.col-board .slot-line { stroke: #222; stroke-width: 2.5; }
.col-board .bcell { stroke: #ffffffaa; stroke-width: 1.5; opacity: .92; }
.col-board .chimney.owner-0 { fill: #ffb366; stroke: #000; }
.col-board .chimney.owner-1 { fill: #9cc7ff; stroke: #000; }
.col-board .btag { font-size: 11px; fill: #fff; font-weight: bold; pointer-events: none; }
.col-board .piece { font-size: 14px; font-weight: bold; text-anchor: middle; pointer-events: none; }
.col-board .piece-disc { fill: #fffbe8; stroke: #333; stroke-width: 1.5; pointer-events: none; }
.col-board .piece-note { font-size: 12px; text-anchor: middle; fill: #000; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.col-board .slot.legal { cursor: pointer; }
.col-board .slot .ghost { opacity: 0; }
.col-board .slot:hover .ghost { opacity: .85; }
.col-board .slot-hit { fill: #ffffff10; stroke: #1b9e3e; stroke-width: 3; stroke-dasharray: 6 4; }
.col-board .put { cursor: pointer; }
.col-board .put .footprint { fill: none; stroke: none; }
.col-board .put:hover .footprint { fill: #ffffffaa; stroke: #0a0; stroke-width: 2; }
.col-board .put .anchor { fill: #ffffff22; stroke: #1b9e3e; stroke-width: 2.5; }
.col-board .target { cursor: pointer; }
.col-board .target-hit { fill: #ffffff33; stroke: #1b9e3e; stroke-width: 3; }
.col-board .target.chosen .target-hit { stroke: #d00; }
.col-board .staged { cursor: default; }
.col-board .slot.staged .ghost { opacity: .9; }
.col-board .put.staged .footprint { fill: #ffffffbb; stroke: #7a2b3a; stroke-width: 3; }
.col-board .staged .slot-hit, .col-board .staged .anchor, .col-board .staged .target-hit { stroke: #7a2b3a; stroke-dasharray: none; stroke-width: 4; }
.col-board .space.hl .space-bg { stroke: #ff0; stroke-width: 4; }
.col-board.planning { outline: 3px dashed #8a62b3; }
.col-board .plan-cell { fill: #ffffffcc; stroke: #8a62b3; stroke-width: 2; }
.col-board .plan-building .btag { fill: #5b2c8a; }
.col-board .plan-hit { fill: transparent; cursor: crosshair; }
.col-board .plan-hit:hover { fill: #ffffff55; }
.col-side { display: flex; flex-direction: column; gap: .6em; min-width: 0; }
.col-side h3 { margin: .2em 0; font-size: 15px; }
.col-player.to-move h3::after { content: " ◀"; }
.col-player.owner-0 h3 { color: #8f3f06; } .col-player.owner-1 h3 { color: #173f72; }
.bchip { margin: 2px; padding: 2px 8px; border-radius: 4px; border: 1px solid #999; background: #f4f1ea; }
.bchip.legal { border-color: #1b9e3e; background: #e3f6e7; cursor: pointer; font-weight: bold; }
.col-card { border: 1px solid #ccc; border-radius: 6px; padding: 4px 6px; margin: 3px 0; display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; }
.col-card small { grid-column: 1 / 3; color: #555; }
.col-card .glyph { display: inline-block; min-width: 1.6em; padding: 0 .2em; border-radius: 3px; background: #fffbe8; border: 1px solid #333; font-size: .8em; text-align: center; }
.col-card.legal { border-color: #1b9e3e; cursor: pointer; background: #effaf1; }
.col-card.done { background: #efe8d8; border-style: dashed; }  /* used: its text keeps its contrast */
.col-stack-markers { display: flex; gap: 4px; align-items: center; margin-bottom: 4px; font-size: .85rem; }
.stack-marker { font-size: 18px; padding: 0 8px; }
.col-stack { position: absolute; left: 8px; top: 48px; background: #fff; border: 1px solid #999; padding: 6px; z-index: 3; box-shadow: 0 2px 8px #0004; }
.col-stack .tiles { display: flex; gap: 6px; flex-wrap: wrap; }
.stack-tile { display: inline-flex; flex-direction: column; align-items: center; font-size: 11px; }
.col-score { position: sticky; bottom: 0; z-index: 2; margin-top: 1em; padding: 2px 8px 6px; background: var(--panel, #fbf7ee); border-top: 2px solid var(--gold, #b48a47); box-shadow: 0 -3px 10px rgba(60, 40, 20, 0.15); max-height: 34vh; overflow: auto; }
.col-score > summary { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1em; min-height: 40px; cursor: pointer; }
.col-score > summary h3 { display: inline; margin: 0; }
.col-score > summary::before { content: "▸"; color: var(--muted, #6b5f52); }
.col-score[open] > summary::before { content: "▾"; }
.col-score:not([open]) > summary { align-items: center; }
.col-score .score-totals { font-weight: bold; }
.col-score[open] .score-totals { display: none; }
.col-score table { border-collapse: collapse; width: 100%; }
.col-score td, .col-score th { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
@media (max-width: 700px) {
  .col-score td, .col-score th { padding: 2px 4px; }
  .col-score tbody th { width: 42%; font-size: 0.82rem; }
  .col-score { max-height: 38vh; }
}
.col-score .score-open { color: #1d5aa6; text-decoration: underline; font-weight: bold; display: inline-flex; align-items: center; min-width: 40px; min-height: 40px; }
.col-score .score-open.on { background: #ffef99; }
.col-score .score-detail { font-size: 11px; color: #666; max-width: 360px; }
.col-score tr.total td, .col-score tr.total th { font-weight: bold; }
.col-plan.on { background: #f3ecfa; padding: 4px; border-radius: 6px; }
.plan-switch { display: inline-flex; align-items: center; min-height: 40px; cursor: pointer; }
.plan-piece.on, .orient.on { background: #8a62b3; color: #fff; }
.col .hint { color: #666; font-size: 12px; margin: 2px 0; }
`;

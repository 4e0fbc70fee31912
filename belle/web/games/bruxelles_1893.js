// Bruxelles 1893 in the browser: the Art Nouveau board (5×5 spaces, the bracket's
// area, assistants with their bids, buildings, the bonus strip), the Brussels board
// (Royal Theatre line, compass, workshop grid and cursor, shop, the four Brussels
// actions) and each architect's board, all drawn from the seat's view.
//
// Every legal action that has a place on the table is clickable there (class
// `brx-legal`, `data-action` = its notation); table.js also lists them as buttons.
// Fixed material (figures, bonus cards, grid values) comes from
// GET /api/games/bruxelles_1893/board (views.board_json); colours below are
// presentation only. Private works appear only when the view carries them.
import { fill, h, s, t, tData } from "/static/js/ui.js";
import { colour as colourWord, describe } from "/static/js/moves.js";

const SEAT_COLOURS = ["#d35400", "#2471a3", "#229954", "#8e44ad", "#7f8c8d"];
const ART_CSS = { blue: "#2f6db5", red: "#c0392b", yellow: "#e5b626", green: "#3f9a4a", black: "#222" };
const ACTION_CSS = { workshop: "#efd9ef", sale: "#f7efc8", theatre: "#f5d6d0", materials: "#d9eed9", construction: "#d6ecf2" };
const ACTION_TITLES = {
  workshop: () => t("Workshop"), sale: () => t("Sale"), theatre: () => t("Royal Theatre"),
  materials: () => t("Materials"), construction: () => t("Construction"),
};
const MATERIAL_NAMES = { wood: () => t("wood"), stone: () => t("stone"), iron: () => t("iron"), joker: () => t("joker") };
const TILE_TEXT = { ...MATERIAL_NAMES, money: () => t("3 BF"), any: () => t("any noble"), empty: () => t("empty") };
const materialName = (kind) => (MATERIAL_NAMES[kind] ? MATERIAL_NAMES[kind]() : kind);
const MATERIAL_CSS = { wood: "#a0522d", stone: "#95a5a6", iron: "#566573", joker: "#fdfefe" };
const CELL = 92; // Art Nouveau space size (SVG units)

let board = null; // GET /api/games/bruxelles_1893/board
let styled = false;

export async function init({ get }) {
  try {
    const data = await get("/api/games/bruxelles_1893/board");
    board = data.board || data;
  } catch (err) {
    board = null; // the table still works: names come from the view
  }
}

function injectStyle() {
  if (styled) return;
  styled = true;
  document.head.append(h("style", {}, STYLE));
}

const STYLE = `
.brx { display: flex; flex-direction: column; gap: .6rem; }
.brx-status { padding: .45rem .7rem; border-radius: 6px; background: #f3ead6; }
.brx-status.active { background: #f6e8c2; box-shadow: inset 3px 0 0 #b8860b; }
.brx-main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.05fr); gap: .8rem; align-items: start; }
.brx svg { width: 100%; height: auto; display: block; }
.brx .brx-legal { cursor: pointer; }
.brx rect.brx-legal, .brx circle.brx-legal, .brx path.brx-legal { stroke: #b8860b; stroke-width: 4; }
.brx g.brx-legal > rect:first-child, .brx g.brx-legal > circle:first-child { stroke: #b8860b; stroke-width: 4; }
.brx .brx-legal:hover { filter: brightness(1.1); }
.brx-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: .5rem; }
.brx-player { border: 2px solid #ccc; border-radius: 8px; padding: .4rem .6rem; background: #fbf7ee; font-size: .9rem; }
.brx-player.me { box-shadow: 0 0 0 3px #b8860b55; }
.brx-player h4 { margin: 0 0 .25rem; display: flex; justify-content: space-between; }
.brx-chip { display: inline-block; min-width: 1.6em; padding: 0 .3em; margin: 1px; border-radius: 4px; border: 1px solid #0003; text-align: center; }
.brx-chip.brx-legal { outline: 3px solid #b8860b; cursor: pointer; }
.brx-tiles { display: inline-grid; grid-template-columns: repeat(2, 1.2em); gap: 2px; vertical-align: middle; }
.brx-tiles span { height: .8em; border: 1px solid #0005; }
.brx-extra { display: flex; flex-wrap: wrap; gap: .3rem; }
`;

/** Draw `view`; `legal` lists {json, text}; `onAction(json)` plays one. */
export function render(container, view, legal, onAction, ctx = {}) {
  injectStyle();
  const moves = new Map((legal || []).map((item) => [item.text, item]));
  const act = (text) => {
    const item = moves.get(text);
    if (item && onAction && !ctx.pending) onAction(item.json);
  };
  const clickable = (text, attrs = {}) => (moves.has(text)
    ? { ...attrs, class: `${attrs.class || ""} brx-legal`.trim(), dataset: { action: text }, onclick: () => act(text) }
    : { ...attrs, dataset: { action: text } });
  const root = h(
    "div.brx",
    { dataset: { phase: view.phase } },
    statusLine(view, moves, act, ctx),
    h("div.brx-main", {}, brusselsBoard(view, clickable), artBoard(view, clickable)),
    h("div.brx-players", {}, view.players_state.map((p, seat) => playerBoard(view, p, seat, clickable, ctx))),
  );
  fill(container, root);
}

export function seatInfo(view, seat) {
  const p = view.players_state ? view.players_state[seat] : null;
  if (!p) return "";
  const parts = [t("{vp} VP", { vp: p.vp }), t("{money} BF", { money: p.money }), t("{built}/6 tiles", { built: p.built })];
  if (view.first_player === seat) parts.push("Manneken Pis");
  return parts.join(" · ");
}

function seatName(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || t("Seat {seat}", { seat });
}

// -- the status line with the decision's own buttons -------------------------------

function statusLine(view, moves, act, ctx) {
  let text = "";
  const d = view.decision;
  if (view.phase === "over") {
    const best = Math.max(...view.scores);
    const winners = view.scores.map((v, i) => (view.ranking[i] === 0 ? seatName(ctx, i) : null)).filter(Boolean);
    text = winners.length === 1
      ? t("Game over: {player} wins with {vp} VP.", { player: winners[0], vp: best })
      : t("Game over: {players} win with {vp} VP.", { players: winners.join(", "), vp: best });
  } else if (d) {
    const who = d.seat === view.seat ? t("You") : seatName(ctx, d.seat);
    text = t("Round {round}/5 · {player}: {decision}", { round: view.round, player: who, decision: d.text });
    if (d.space) text += ` (${d.space})`;
    if (d.cost) text += " — " + t("{n} units", { n: d.cost });
    if (d.steps_left !== undefined) text += " — " + t("cursor steps left: {n}", { n: d.steps_left });
  } else text = t("Round {round}: dealing…", { round: view.round || "–" });
  // Choices without a place on the board: bids, keep/discard, bonus cards, pass…
  const extras = [];
  for (const [label, item] of moves) {
    if (/^(bid|keep|discard|use|accept|decline|pass|copy|settle)\b/.test(label) && !/^keep (blue|red|yellow|green|black)$/.test(label)) {
      extras.push(h("button.brx-choice", { type: "button", dataset: { action: label }, onclick: () => act(label), title: describe("bruxelles_1893", label) || label }, label));
    }
  }
  const drawn = view.drawn && view.drawn.length
    ? h("span", {}, " ", t("Drawn:"), " ", view.drawn.map((c) => chip(c, ART_CSS[c], moves.has(`keep ${c}`) ? { action: `keep ${c}`, act } : null)))
    : view.drawn_count ? h("span", {}, " ", t("({n} works drawn in secret)", { n: view.drawn_count })) : null;
  const phase = phaseTitle(view.phase);
  return h("div.brx-status" + (moves.size ? ".active" : ""), {},
    phase ? h("span.brx-phase", { dataset: { phase: view.phase } }, phase, " · ") : null,
    h("span", {}, text), drawn, extras.length ? h("div.brx-extra", {}, extras) : null);
}

/** BRX-2: the round's four phases by name (view.phase), the last one "Fin de Turno". */
function phaseTitle(phase) {
  switch (phase) {
    case "stock": return t("Stock Exchange phase");
    case "action": return t("Action phase");
    case "resolution": return t("Turn Resolution phase");
    case "end_of_round": return t("End of Round phase");
    case "scoring": return t("Final scoring");
    default: return "";
  }
}

function chip(label, colour, click) {
  const dark = ["blue", "red", "green", "black"].includes(label) || colour === "#222";
  const attrs = { style: `background:${colour};color:${dark ? "#fff" : "#222"}`, title: colourWord(label) };
  if (click) {
    attrs.class = "brx-legal";
    attrs.dataset = { action: click.action };
    attrs.onclick = () => click.act(click.action);
  }
  return h("span.brx-chip", attrs, colourWord(label));
}

// -- the Art Nouveau board ---------------------------------------------------------

function artBoard(view, clickable) {
  const b = view.board;
  const W = CELL * 5 + 40, H = CELL * 6 + 40;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "brx-art" });
  svg.append(s("text", { x: 20, y: 16, "font-size": 14, "font-weight": "bold" }, t("Art Nouveau board ({side})", { side: b.side })));
  b.spaces.forEach((sp, i) => {
    const row = Math.floor(i / 5), col = i % 5;
    const x = 20 + col * CELL, y = 24 + row * CELL;
    const text = `place ${sp.label}`;
    const buildText = `build ${sp.label}`;
    const g = s("g", clickable(text, { class: `brx-space${sp.available ? " open" : ""}`, "data-space": sp.label }));
    const attrsBuild = clickable(buildText);
    if (attrsBuild.onclick && !g.getAttribute("class").includes("brx-legal")) {
      g.setAttribute("class", g.getAttribute("class") + " brx-legal");
      g.dataset.action = buildText;
      g.addEventListener("click", attrsBuild.onclick);
    }
    g.append(s("rect", {
      x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6,
      fill: sp.action ? ACTION_CSS[sp.action] : "#eee",
      stroke: sp.available ? "#6b4f1d" : "#bbb", "stroke-width": sp.available ? 2.5 : 1,
      opacity: sp.available || view.phase !== "action" ? 1 : 0.55,
    }));
    g.append(s("text", { x: x + 8, y: y + 18, "font-size": 12, fill: "#333" }, sp.action ? ACTION_TITLES[sp.action]() : "?"));
    g.append(s("text", { x: x + CELL - 26, y: y + CELL - 8, "font-size": 10, fill: "#777" }, sp.label));
    if (sp.building !== null) {
      const c = SEAT_COLOURS[sp.building];
      g.append(s("path", { d: `M${x + 14} ${y + 74} l0 -22 l14 -12 l14 12 l0 22 z`, fill: c, stroke: "#222", class: "brx-building" }));
    }
    if (sp.assistant !== null) {
      const c = SEAT_COLOURS[sp.assistant];
      g.append(s("circle", { cx: x + CELL - 28, cy: y + 46, r: 15, fill: c, stroke: "#222", class: "brx-assistant" }));
      g.append(s("text", { x: x + CELL - 28, y: y + 51, "font-size": 13, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, sp.bid ? `${sp.bid}` : "?"));
    }
    svg.append(g);
  });
  // Shields at the inner intersections; the chosen one carries the bracket.
  for (let r = 1; r <= 4; r++) {
    for (let c = 1; c <= 4; c++) {
      const key = `${r},${c}`;
      const cx = 20 + c * CELL, cy = 24 + r * CELL;
      const chosen = b.shield === key;
      const offered = view.stock && view.stock.shields.includes(key);
      const attrs = clickable(`shield ${key}`, {
        cx, cy, r: chosen ? 13 : 8, fill: chosen ? "#b8860b" : offered ? "#f4d03f" : "#d0c7b0",
        stroke: "#5d4a1f", class: "brx-shield",
      });
      svg.append(s("circle", attrs));
    }
  }
  // The bonus strip under the grid.
  b.bonus_strip.forEach((card, col) => {
    const x = 20 + col * CELL, y = 24 + 5 * CELL + 6;
    svg.append(s("rect", { x: x + 4, y, width: CELL - 8, height: CELL - 40, rx: 5, fill: card ? "#fff8e1" : "#eee", stroke: "#b8860b" }));
    svg.append(s("text", { x: x + CELL / 2, y: y + 28, "font-size": 11, "text-anchor": "middle" }, card ? bonusText(card) : "—"));
  });
  return svg;
}

function bonusText(id) {
  const found = board && board.bonus_cards ? board.bonus_cards.find((c) => c.id === id) : null;
  return found ? tData(found.text.replace("free 1 assistant (else 3 BF)", "free assistant")) : id;
}

// -- the Brussels board ------------------------------------------------------------

function brusselsBoard(view, clickable) {
  const svg = s("svg", { viewBox: "0 0 560 600", class: "brx-brussels" });
  svg.append(s("text", { x: 10, y: 16, "font-size": 14, "font-weight": "bold" }, t("Brussels board")));
  // The Royal Theatre: slot 4 (3 BF) next to the deck, slot 1 (free) on the right.
  svg.append(s("text", { x: 10, y: 38, "font-size": 12 }, t("Royal Theatre (deck {n})", { n: view.theatre_deck })));
  view.theatre.forEach((fig, i) => {
    const x = 10 + (3 - i) * 135, y = 44;
    const g = s("g", clickable(`hire ${i + 1}`, { class: "brx-figure" }));
    g.append(s("rect", { x, y, width: 128, height: 46, rx: 5, fill: fig ? "#fdebd0" : "#eee", stroke: "#a04000" }));
    g.append(s("text", { x: x + 6, y: y + 18, "font-size": 12, "font-weight": "bold" }, fig ? figureName(fig) : "—"));
    g.append(s("text", { x: x + 6, y: y + 31, "font-size": 9.5 }, theatreLine(i, fig)));
    if (fig) g.append(s("text", { x: x + 6, y: y + 42, "font-size": 9, fill: "#7b241c" }, figureEffect(fig).split(" · ")[1] || ""));
    svg.append(g);
  });
  drawCompass(svg, view, clickable, 110, 210);
  drawWorkshop(svg, view, clickable, 250, 110);
  // The shop: two stacks, the top visible.
  svg.append(s("text", { x: 250, y: 390, "font-size": 12 }, t("Shop")));
  view.shop.forEach((stack, i) => {
    const x = 290 + i * 70, y = 372;
    const attrs = clickable(`cover ${i + 1}`, { x, y, width: 56, height: 28, rx: 4, fill: stack.length ? ART_CSS[stack[stack.length - 1]] : "#eee", stroke: "#333", class: "brx-shop" });
    svg.append(s("rect", attrs));
    if (stack.length > 1) svg.append(s("text", { x: x + 28, y: y + 42, "font-size": 10, "text-anchor": "middle" }, t("+{n} under", { n: stack.length - 1 })));
  });
  // The four Brussels actions, with the assistants on them.
  view.brussels.forEach((spot, i) => {
    const x = 10 + i * 137, y = 430;
    const word = spot.action === "grand_place" ? "grand-place" : spot.action;
    const g = s("g", clickable(word, { class: "brx-brussels-action" }));
    g.append(s("rect", { x, y, width: 130, height: 64, rx: 6, fill: "#e8f0e0", stroke: "#2e4d2e" }));
    g.append(s("text", { x: x + 6, y: y + 16, "font-size": 12, "font-weight": "bold" }, spot.title));
    g.append(s("text", { x: x + 6, y: y + 32, "font-size": 10 }, t("next: {n} assistant(s)", { n: spot.next_cost })));
    let k = 0;
    spot.assistants.forEach((n, seat) => {
      for (let j = 0; j < n; j++, k++) g.append(s("circle", { cx: x + 12 + k * 13, cy: y + 50, r: 6, fill: SEAT_COLOURS[seat], stroke: "#222" }));
    });
    svg.append(g);
  });
  // Courthouse, supply, stock card.
  const court = view.players_state.map((p, seat) => `${seat}: ${p.courthouse}`).join("  ");
  svg.append(s("text", { x: 10, y: 516, "font-size": 12 }, t("Courthouse — {court}", { court })));
  const sup = view.supply;
  ["wood", "stone", "iron"].forEach((m, i) => {
    const attrs = clickable(`take ${m}`, { x: 10 + i * 95, y: 528, width: 88, height: 26, rx: 4, fill: MATERIAL_CSS[m], stroke: "#333", class: "brx-material" });
    svg.append(s("rect", attrs));
    svg.append(s("text", { x: 16 + i * 95, y: 546, "font-size": 12, fill: "#fff", "pointer-events": "none" }, `${materialName(m)} ${sup[m]}`));
  });
  svg.append(s("text", { x: 300, y: 546, "font-size": 12 }, t("jokers {jokers} · works: {coloured} coloured, {black} black", { jokers: sup.joker, coloured: view.piles.coloured, black: view.piles.black })));
  if (view.stock) {
    svg.append(s("text", { x: 10, y: 580, "font-size": 12 }, t("Stock card {card}: shield {shields} · Bourse pays {money} BF", { card: view.stock.id, shields: view.stock.shields.join(" / "), money: view.stock.payout })));
  }
  if (view.exhibition && view.exhibition.year) {
    svg.append(s("text", { x: 380, y: 580, "font-size": 12 }, t("Exhibition {year}", { year: view.exhibition.year })));
  }
  return svg;
}

/** A theatre slot's cost and its figure's effect. */
function theatreLine(slot, fig) {
  const cost = slot === 0 ? t("free") : t("{money} BF", { money: slot });
  return `${cost} · ${fig ? figureEffect(fig).split(" · ")[0] : ""}`;
}

function figureName(id) {
  const f = board && board.figures ? board.figures.find((x) => x.id === id) : null;
  return f ? f.name : id;
}

function figureEffect(id) {
  const f = board && board.figures ? board.figures.find((x) => x.id === id) : null;
  if (!f) return "";
  const [kind, n] = f.effect;
  const text = {
    money: () => t("{money} BF", { money: n }), materials: () => t("{n} materials", { n }), free: () => t("free assistant"),
    city_hall: () => t("+1 City Hall"), architect: () => t("+1 architect"), palace: () => t("+1 Palace"),
    art: () => t("draw {n} keep 1", { n }), vp: () => t("{vp} VP", { vp: n }),
  };
  const owes = t("owes {payment}", { payment: f.payment });
  return `${text[kind] ? text[kind]() : kind} · ${owes}`;
}

// The needles' letters, as printed on the board.
const NEEDLES = ["A", "B"];

function drawCompass(svg, view, clickable, cx, cy) {
  const R = 78;
  svg.append(s("text", { x: cx - 30, y: cy - R - 14, "font-size": 12 }, t("Compass")));
  svg.append(s("circle", { cx, cy, r: R + 10, fill: "#f4ecd8", stroke: "#6b4f1d" }));
  const tiles = view.compass.tiles;
  tiles.forEach((tile, i) => {
    const a = (Math.PI * 2 * i) / 6 - Math.PI / 2;
    const x = cx + Math.cos(a) * R * 0.78, y = cy + Math.sin(a) * R * 0.78;
    svg.append(s("circle", { cx: x, cy: y, r: 20, fill: tile === "money" ? "#f9e79f" : MATERIAL_CSS[tile] || "#fff", stroke: "#333", class: "brx-compass-tile" }));
    svg.append(s("text", { x, y: y + 4, "font-size": 9, "text-anchor": "middle" }, TILE_TEXT[tile] ? TILE_TEXT[tile]() : tile));
  });
  if (!tiles.length) return;
  view.compass.needles.forEach((pos, n) => {
    const a = (Math.PI * 2 * pos) / 6 - Math.PI / 2;
    const x = cx + Math.cos(a) * R * 0.5, y = cy + Math.sin(a) * R * 0.5;
    svg.append(s("line", { x1: cx, y1: cy, x2: x, y2: y, stroke: n ? "#1a5276" : "#922b21", "stroke-width": 6, "stroke-linecap": "round" }));
    const knob = clickable(`needle ${"AB"[n]}`, { cx: x, cy: y, r: 11, fill: n ? "#1a5276" : "#922b21", class: "brx-needle" });
    svg.append(s("circle", knob));
    svg.append(s("text", { x, y: y + 4, "font-size": 10, "text-anchor": "middle", fill: "#fff", "pointer-events": "none" }, NEEDLES[n]));
  });
}

function drawWorkshop(svg, view, clickable, x0, y0) {
  const C = 30;
  const money = board && board.grid ? board.grid.money_by_row : [6, 5, 4, 3, 4, 5, 6];
  const vp = board && board.grid ? board.grid.vp_by_col : [5, 4, 3, 2, 3, 4, 5];
  const points = board && board.grid ? board.grid.points : [[-1, -1], [-1, 1], [1, -1], [1, 1], [0, 0]];
  svg.append(s("text", { x: x0, y: y0 - 6, "font-size": 12 }, t("Workshop (rows: BF, columns: VP)")));
  for (let r = 0; r < 7; r++) {
    svg.append(s("text", { x: x0 + 6, y: y0 + 22 + (r + 1) * C - 10, "font-size": 10 }, `${money[r]}`));
    for (let c = 0; c < 7; c++) {
      svg.append(s("rect", { x: x0 + 20 + c * C, y: y0 + 10 + r * C + 8, width: C, height: C, fill: "#fffdf5", stroke: "#ccc" }));
    }
  }
  for (let c = 0; c < 7; c++) svg.append(s("text", { x: x0 + 20 + c * C + 11, y: y0 + 14, "font-size": 10 }, `${vp[c]}`));
  const [cr, cc] = view.workshop.cursor;
  const cx0 = x0 + 20 + (cc - 2) * C, cy0 = y0 + 18 + (cr - 2) * C;
  svg.append(s("rect", { x: cx0, y: cy0, width: 3 * C, height: 3 * C, fill: "none", stroke: "#6b4f1d", "stroke-width": 3, class: "brx-cursor" }));
  ["blue", "red", "yellow", "green", "black"].forEach((colour, i) => {
    const [dr, dc] = points[i];
    svg.append(s("circle", { cx: cx0 + (dc + 1) * C + C / 2, cy: cy0 + (dr + 1) * C + C / 2, r: 8, fill: ART_CSS[colour], stroke: "#fff" }));
  });
  const arrows = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
  const mid = [x0 + 20 + 3.5 * C, y0 + 18 + 3.5 * C];
  for (const [dir, [dx, dy]] of Object.entries(arrows)) {
    const ax = mid[0] + dx * 4.3 * C, ay = mid[1] + dy * 4.3 * C;
    const attrs = clickable(`cursor ${dir}`, { cx: ax, cy: ay, r: 10, fill: "#f7dc6f", stroke: "#7d6608", class: "brx-arrow" });
    if (attrs.onclick) {
      svg.append(s("circle", attrs));
      svg.append(s("text", { x: ax, y: ay + 4, "font-size": 11, "text-anchor": "middle", "pointer-events": "none" }, { up: "↑", down: "↓", left: "←", right: "→" }[dir]));
    }
  }
}

// -- the architects ----------------------------------------------------------------

const usedThisRound = () => " " + t("(used this round)");

function playerBoard(view, p, seat, clickable, ctx) {
  const mine = view.seat === seat;
  const colour = SEAT_COLOURS[seat];
  const pick = (text) => clickable(text);
  const works = Object.entries(p.works).flatMap(([c, n]) => Array.from({ length: n }, (_, k) => {
    const attrs = k === 0 ? pick(`sell ${c}`) : {};
    return h("span.brx-chip" + (attrs.onclick ? ".brx-legal" : ""), {
      style: `background:${ART_CSS[c]};color:${c === "yellow" ? "#222" : "#fff"}`,
      dataset: attrs.dataset, onclick: attrs.onclick, title: colourWord(c),
    }, c[0].toUpperCase());
  }));
  const pays = ["wood", "stone", "iron", "bf", "joker"].map((kind) => {
    const n = kind === "bf" ? `${p.money} BF` : kind === "joker" ? `J${p.jokers}` : `${kind[0].toUpperCase()}${p.materials[kind]}`;
    const attrs = mine ? pick(`pay ${kind}`) : {};
    const bg = kind === "bf" ? "#f9e79f" : MATERIAL_CSS[kind];
    return h("span.brx-chip" + (attrs.onclick ? ".brx-legal" : ""), {
      style: `background:${bg};color:${kind === "wood" || kind === "iron" ? "#fff" : "#222"}`,
      dataset: attrs.dataset, onclick: attrs.onclick, title: kind === "bf" ? "BF" : materialName(kind),
    }, n);
  });
  const figures = p.figures.map((f) => {
    const attrs = mine ? pick(`activate ${f.id}`) : {};
    return h("span.brx-chip" + (attrs.onclick ? ".brx-legal" : ""), {
      style: `background:${f.ready ? "#fdebd0" : "#ddd"}`, dataset: attrs.dataset, onclick: attrs.onclick,
      title: `${figureName(f.id)}: ${figureEffect(f.id)}${f.ready ? "" : usedThisRound()}`,
    }, `${f.id}${f.ready ? "" : " ↻"}`);
  });
  const tiles = h("span.brx-tiles", {}, [4, 5, 2, 3, 0, 1].map((i) => h("span", { style: `background:${i < p.built ? colour : "#fff"}` })));
  const bonus = Object.entries(p.bonus_kept).filter(([, n]) => n).map(([k, n]) => `${k} ×${n}`).join(", ");
  return h("div.brx-player" + (mine ? ".me" : ""), { style: `border-color:${colour}`, dataset: { seat: String(seat) } },
    h("h4", {}, h("span", { style: `color:${colour}` }, seatName(ctx, seat) + (view.first_player === seat ? " ♛" : "") + (p.passed ? " " + t("(passed)") : "")), h("span", {}, t("{vp} VP", { vp: p.vp }))),
    h("div", {}, t("{money} BF · assistants {assistants} (courthouse {courthouse}) · exhibitions {exhibitions}", { money: p.money, assistants: p.assistants, courthouse: p.courthouse, exhibitions: p.exhibitions })),
    h("div", {}, t("Masterpiece"), " ", tiles, " ", t("{built}/6 · architect {architect} · City Hall {city_hall} · Palace {palace}", { built: p.built, architect: p.architect_value, city_hall: p.city_hall_value, palace: p.palace_value })),
    h("div", {}, t("Works:"), " ", works.length ? works : t("none")),
    h("div", {}, t("Stock:"), " ", pays),
    h("div", {}, t("Figures:"), " ", figures.length ? figures : t("none")),
    bonus ? h("div", {}, t("Bonus cards kept: {cards}", { cards: bonus })) : null,
  );
}

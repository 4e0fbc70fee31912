// Bruxelles 1893 in the browser: the Art Nouveau board (5×5 spaces, the bracket's
// area, assistants with their bids, buildings, the bonus strip), the Brussels board
// (Royal Theatre line, compass, workshop grid and cursor, shop, the four Brussels
// actions) and each architect's board, all drawn from the seat's view.
//
// Every legal action that has a place on the table is clickable there (class
// `brx-legal`, `data-action` = its notation); the choices without a place (bids,
// keep/discard, bonus cards, pass) are buttons in the prompt. Fixed material (figures,
// bonus cards, grid values) comes from GET /api/games/bruxelles_1893/board
// (views.board_json); colours below are presentation only. Private works appear only
// when the view carries them. Every text is at least 13 units high and is condensed to
// the width of its box (fitText), so nothing runs out of a box and nothing reads at 8 px.
// What the last resolution did (the view's `notes`: exhibitions, bonus cards, shield
// majorities, the Courthouse, the round's end; kept until the next resolution) is listed
// under the prompt, in the reader's language (engine messages, its texts.py).
import { engineText, fill, fitText, h, nameControlsByText, s, t, tData } from "/static/js/ui.js";
import { colour as colourWord, describe } from "/static/js/moves.js";
import { zoomable } from "/static/js/zoom.js";

const SEAT_COLOURS = ["#d35400", "#2471a3", "#229954", "#8e44ad", "#7f8c8d"];
const ART_CSS = { blue: "#2f6db5", red: "#c0392b", yellow: "#e5b626", green: "#3f9a4a", black: "#222" };
const ACTION_CSS = { workshop: "#efd9ef", sale: "#f7efc8", theatre: "#f5d6d0", materials: "#d9eed9", construction: "#d6ecf2" };
const ACTION_TITLES = {
  workshop: () => t("Workshop"), sale: () => t("Sale"), theatre: () => t("Royal Theatre"),
  materials: () => t("Materials"), construction: () => t("Construction"),
};
// On the small Art Nouveau spaces.
const SPACE_TITLES = { ...ACTION_TITLES, theatre: () => t("Theatre") };
const SIDES = { basic: () => t("basic side"), expert: () => t("expert side") };
const BRUSSELS_TITLES = {
  market: () => t("Market"), bourse: () => t("Stock Exchange"), grand_place: () => t("Grand-Place"), parc: () => t("Art Nouveau copy"),
};
const BRUSSELS_INFO = {
  market: () => t("Market: take jokers (materials of any kind)."),
  bourse: () => t("Stock Exchange: the money shown on the stock exchange card."),
  grand_place: () => t("Grand-Place: activate your public figures that are ready."),
  parc: () => t("Art Nouveau copy: carry out an action of the Art Nouveau board."),
};
// The engine's prompts, keyed by the decision's kind (views.PROMPTS).
const PROMPTS = {
  shield: () => t("choose the shield for the bracket (the largest area opens)"),
  turn: () => t("place an assistant on the Art Nouveau board, take a Brussels action, or pass"),
  bid: () => t("bid for the space just taken (at least 1 BF)"),
  keep_art: () => t("keep one of the works drawn"),
  sale: () => t("move the workshop cursor, then sell a work"),
  cover: () => t("choose which shop work to cover"),
  hire: () => t("hire a public figure at the Royal Theatre"),
  fig_keep: () => t("keep the public figure (pay it at the end) or discard it"),
  material: () => t("take a noble material"),
  pay: () => t("pay the construction, one unit at a time"),
  needle: () => t("turn a compass needle one space clockwise"),
  build: () => t("place the building tile on an empty space"),
  secondary: () => t("secondary action for your building"),
  grand: () => t("activate a ready public figure, or stop"),
  copy: () => t("choose the Art Nouveau action to copy"),
  bonus: () => t("use the bonus card now, or keep it for a final scoring category"),
  settle: () => t("pay your public figures; unpaid ones cost 5 VP"),
};
// Bonus cards by id (data.BONUS_CARDS): what each gives when used.
const BONUS_TEXT = {
  free: () => t("a free assistant (else 3 BF)"), architect: () => t("+1 architect"), city_hall: () => t("+1 City Hall"),
  palace: () => t("+1 Royal Palace"), money: () => t("5 BF"), materials: () => t("2 materials"),
  art: () => t("draw 2 works, keep 1"), vp: () => t("4 VP"),
};
const BONUS_SHORT = { free: () => t("free assistant") };
const CATEGORY_TEXT = {
  money: () => t("1 VP per 5 BF"), assistants: () => t("1 VP per assistant outside the Courthouse"),
  materials: () => t("1 VP per 3 cubes"), art: () => t("2 VP per work of art"),
};
const MATERIAL_NAMES = { wood: () => t("wood"), stone: () => t("stone"), iron: () => t("iron"), joker: () => t("joker") };
const TILE_TEXT = { ...MATERIAL_NAMES, money: () => t("3 BF"), any: () => t("any noble"), empty: () => t("empty") };
const TILE_SHORT = { ...TILE_TEXT, any: () => t("any") };
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
.brx-main { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: .8rem; align-items: start; }
@media (max-width: 760px) { .brx-main { grid-template-columns: minmax(0, 1fr); } }
.brx svg { width: 100%; height: auto; display: block; }
.brx svg text { font-family: var(--sans); }
.brx .brx-legal { cursor: pointer; }
.brx rect.brx-legal, .brx circle.brx-legal, .brx path.brx-legal { stroke: #b8860b; stroke-width: 4; }
.brx g.brx-legal > rect:first-child, .brx g.brx-legal > circle:first-child { stroke: #b8860b; stroke-width: 4; }
.brx .brx-legal:hover { filter: brightness(1.1); }
.brx .recent > rect:first-child, .brx rect.recent, .brx circle.recent { stroke: #7a2b3a; stroke-width: 4; stroke-dasharray: 7 4; }
.brx-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: .5rem; }
.brx-player { border: 2px solid #ccc; border-radius: 8px; padding: .4rem .6rem; background: #fbf7ee; font-size: .9rem; }
.brx-player.me { box-shadow: 0 0 0 3px #b8860b55; }
.brx-player h4 { margin: 0 0 .25rem; display: flex; justify-content: space-between; gap: .4rem; align-items: center; }
.brx-player h4 .name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.brx-player .row { display: flex; flex-wrap: wrap; gap: 2px 4px; align-items: center; margin: 2px 0; }
.brx-chip { display: inline-flex; align-items: center; justify-content: center; min-width: 1.8em; min-height: 1.6em; padding: 0 .35em; margin: 1px; border-radius: 4px; border: 1px solid #0003; text-align: center; font-family: var(--sans); }
.brx-chip.brx-legal { outline: 3px solid #b8860b; cursor: pointer; min-width: 40px; min-height: 40px; }
.brx-tiles { display: inline-grid; grid-template-columns: repeat(2, 1.2em); gap: 2px; vertical-align: middle; }
.brx-tiles span { height: .8em; border: 1px solid #0005; }
.brx-extra { display: inline-flex; flex-wrap: wrap; gap: .3rem; margin-left: .4rem; }
.brx-notes { padding: .35rem .7rem; border-left: 4px solid #b8860b; background: #fbf7ee; }
.brx-notes h4 { margin: 0 0 .2rem; font-size: .95rem; }
.brx-notes ul { margin: 0; padding-left: 1.2rem; }
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
    ? { ...attrs, class: `${attrs.class || ""} brx-legal`.trim(), role: "button", "aria-label": describe("bruxelles_1893", text) || text, dataset: { ...(attrs.dataset || {}), action: text }, onclick: () => act(text) }
    : attrs);
  const status = statusLine(view, moves, act, ctx);
  if (ctx.prompt) fill(ctx.prompt, status);
  const root = h(
    "div.brx",
    { dataset: { phase: view.phase } },
    ctx.prompt ? null : status,
    roundNotes(view, ctx),
    h("div.brx-main", {},
      zoomable(brusselsBoard(view, clickable), { key: "brx-brussels", aspect: 640 / 560, minHeight: 300 }),
      zoomable(artBoard(view, clickable), { key: "brx-art", aspect: 600 / 500, minHeight: 300, legend: "" })),
    h("div.brx-players", {}, view.players_state.map((p, seat) => playerBoard(view, p, seat, clickable, ctx))),
  );
  fill(container, root);
  nameControlsByText(container);
}

/** What the last resolution did (public events), or nothing before the first one. */
function roundNotes(view, ctx) {
  const notes = view.notes || [];
  if (!notes.length) return null;
  const ended = notes.find((note) => note.id === "note.end_of_round");
  const title = t("Resolution of round {round}", { round: ended ? ended.params.round : view.round });
  return h("section.brx-notes", { "aria-label": title },
    h("h4", {}, title),
    h("ul", {}, notes.map((note) => h("li", {}, noteLine(note, ctx)))));
}

/** A resolution note as a list item: a sentence, so capitalised, unless it opens with a
 * player's name ("end of round 2: …" → "End of round 2: …"; "ana wins …" stays). */
function noteLine(note, ctx) {
  const text = engineText("bruxelles_1893", note, { names: ctx.names });
  return note.params && "player" in note.params ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The players panel's row: the architect's colour with the seat's number, VP, money,
 * assistants and the masterpiece (all public). */
export function seatSummary(view, seat) {
  const p = view.players_state ? view.players_state[seat] : null;
  if (!p) return null;
  return {
    colour: SEAT_COLOURS[seat], ink: "#fff", score: p.vp, scoreLabel: t("victory points"),
    holdings: [
      { label: t("BF"), value: p.money, title: t("Money (Belgian francs)") },
      { label: t("assistants"), value: p.assistants },
      { label: t("masterpiece"), value: `${p.built}/6` },
      { label: t("Courthouse"), value: p.courthouse, title: t("Assistants in the Courthouse") },
    ],
    notes: [view.first_player === seat ? t("Manneken Pis: first player") : null, p.passed ? t("passed") : null],
  };
}

/** Figure names for the log (js/turns.js). */
export function lookup(kind, key) {
  if (kind === "figure") return figureName(key);
  if (kind === "bonus") return BONUS_TEXT[key] ? bonusText(key) : null;
  if (kind === "compass") return TILE_TEXT[key] ? TILE_TEXT[key]() : null;
  return null;
}

/** What the other players' moves touched (table.js highlights them). */
export function targetsOf(text) {
  const [verb, ...a] = text.split(/\s+/);
  if (verb === "place" || verb === "build") return [`.brx-space[data-space="${a[0]}"]`];
  if (verb === "hire") return [`.brx-figure[data-slot="${a[0]}"]`];
  if (verb === "shield") return [`.brx-shield[data-shield="${a[0]}"]`];
  if (verb === "take") return [`.brx-material[data-material="${a[0]}"]`];
  if (verb === "cover") return [`.brx-shop[data-shop="${a[0]}"]`];
  if (["market", "bourse", "grand-place", "parc"].includes(verb)) return [`.brx-brussels-action[data-brussels="${verb}"]`];
  return [];
}

function seatName(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || t("Player {n}", { n: seat + 1 });
}

// -- the prompt with the decision's own buttons -------------------------------------

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
    const decision = PROMPTS[d.kind] ? PROMPTS[d.kind]() : tData(d.text);
    text = t("Round {round}/5 · {player}: {decision}", { round: view.round, player: who, decision });
    if (d.space) text += ` (${d.space})`;
    if (d.cost) text += " — " + t("{n} units", { n: d.cost });
    if (d.steps_left !== undefined) text += " — " + t("cursor steps left: {n}", { n: d.steps_left });
    if (d.card && d.kind === "bonus") text += " — " + bonusText(d.card);
    if (d.card && d.kind === "fig_keep") text += " — " + `${figureName(d.card)}: ${figureEffect(d.card)}`;
  } else text = t("Round {round}: dealing…", { round: view.round || "–" });
  // Choices without a place on the board: bids, keep/discard, bonus cards, pass…
  const extras = [];
  for (const [label] of moves) {
    if (/^(bid|keep|discard|use|accept|decline|pass|copy|settle)\b/.test(label) && !/^keep (blue|red|yellow|green|black)$/.test(label)) {
      extras.push(h("button.brx-choice", { type: "button", dataset: { action: label }, onclick: () => act(label), title: describe("bruxelles_1893", label) || choiceLabel(label) }, choiceLabel(label)));
    }
  }
  // The keeper's prompt already names the works ("keep one of the works drawn: red
  // blue"); anyone else reads them labelled.
  const keeping = view.drawn && view.drawn.some((c) => moves.has(`keep ${c}`));
  const drawn = view.drawn && view.drawn.length
    ? h("span", {}, keeping ? ": " : [" · ", t("Drawn:"), " "], view.drawn.map((c) => chip(c, ART_CSS[c], moves.has(`keep ${c}`) ? { action: `keep ${c}`, act } : null)))
    : view.drawn_count ? h("span", {}, " ", t("({n} works drawn in secret)", { n: view.drawn_count })) : null;
  const phase = phaseTitle(view.phase);
  return h("div.brx-status" + (moves.size ? ".active" : ""), {},
    phase ? h("span.brx-phase", { dataset: { phase: view.phase } }, phase, " · ") : null,
    h("span", {}, text), drawn, extras.length ? h("span.brx-extra", {}, extras) : null);
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

/** A short label for a choice button: "Bid 3 BF", "Keep for: art". */
function choiceLabel(label) {
  const [verb, ...a] = label.split(/\s+/);
  if (verb === "bid") return t("{amount} BF", { amount: a[0] });
  if (verb === "keep" && a[0] === "bonus") return t("Keep for: {category}", { category: categoryText(a[1]) });
  return describe("bruxelles_1893", label) || label;
}

function categoryText(id) {
  return CATEGORY_TEXT[id] ? CATEGORY_TEXT[id]() : id;
}

function chip(label, colour, click) {
  const dark = ["blue", "red", "green", "black"].includes(label) || colour === "#222";
  const attrs = { style: `background:${colour};color:${dark ? "#fff" : "#222"}`, title: colourWord(label) };
  if (click) {
    attrs.class = "brx-chip brx-legal"; // the class attribute replaces the tag's classes
    attrs.dataset = { action: click.action };
    attrs.role = "button";
    attrs.tabindex = "0";
    attrs.onclick = () => click.act(click.action);
  }
  return h("span.brx-chip", attrs, colourWord(label));
}

// -- the Art Nouveau board ---------------------------------------------------------

function artBoard(view, clickable) {
  const b = view.board;
  const W = CELL * 5 + 40;
  const svg = s("svg", { viewBox: `0 0 ${W} 600`, class: "brx-art", role: "group", "aria-label": t("Art Nouveau board") });
  svg.append(fitText(t("Art Nouveau board ({side})", { side: SIDES[b.side] ? SIDES[b.side]() : tData(b.side) }), { x: 20, y: 18, size: 16, max: W - 40, "font-weight": "bold" }));
  b.spaces.forEach((sp, i) => {
    const row = Math.floor(i / 5), col = i % 5;
    const x = 20 + col * CELL, y = 26 + row * CELL;
    const text = `place ${sp.label}`;
    const buildText = `build ${sp.label}`;
    const attrs = clickable(text, { class: `brx-space${sp.available ? " open" : ""}`, dataset: { space: sp.label, info: spaceInfo(sp) } });
    const g = s("g", attrs.onclick ? attrs : clickable(buildText, attrs));
    g.append(s("rect", {
      x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6,
      fill: sp.action ? ACTION_CSS[sp.action] : "#eee",
      stroke: sp.available ? "#6b4f1d" : "#bbb", "stroke-width": sp.available ? 2.5 : 1,
      opacity: sp.available || view.phase !== "action" ? 1 : 0.55,
    }));
    g.append(fitText(sp.action ? SPACE_TITLES[sp.action]() : "?", { x: x + 8, y: y + 21, size: 14, max: CELL - 16, fill: "#333", "font-weight": "bold" }));
    g.append(fitText(sp.label, { x: x + 14, y: y + CELL - 10, size: 13, max: 24, fill: "#6b5d45" }));
    if (sp.building !== null) {
      const c = SEAT_COLOURS[sp.building];
      g.append(s("path", { d: `M${x + 10} ${y + 64} l0 -22 l15 -12 l15 12 l0 22 z`, fill: c, stroke: "#222", class: "brx-building" }),
        s("text", { x: x + 25, y: y + 60, "font-size": 13, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, String(sp.building + 1)));
    }
    if (sp.assistant !== null) {
      const c = SEAT_COLOURS[sp.assistant];
      g.append(s("circle", { cx: x + CELL - 26, cy: y + 46, r: 15, fill: c, stroke: "#222", class: "brx-assistant" }));
      g.append(s("text", { x: x + CELL - 26, y: y + 51, "font-size": 14, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, String(sp.assistant + 1)));
      g.append(fitText(sp.bid ? t("{amount} BF", { amount: sp.bid }) : "?", { x: x + CELL - 26, y: y + 78, size: 13, max: 40, "text-anchor": "middle", fill: "#222", "font-weight": "bold" }));
    }
    svg.append(g);
  });
  // Shields at the inner intersections; the chosen one carries the bracket.
  for (let r = 1; r <= 4; r++) {
    for (let c = 1; c <= 4; c++) {
      const key = `${r},${c}`;
      const cx = 20 + c * CELL, cy = 26 + r * CELL;
      const chosen = b.shield === key;
      const offered = view.stock && view.stock.shields.includes(key);
      const attrs = clickable(`shield ${key}`, {
        cx, cy, r: chosen ? 14 : 10, fill: chosen ? "#b8860b" : offered ? "#f4d03f" : "#d0c7b0",
        stroke: "#5d4a1f", class: "brx-shield", dataset: { shield: key },
      });
      svg.append(s("circle", attrs));
    }
  }
  // The bonus strip under the grid.
  b.bonus_strip.forEach((card, col) => {
    const x = 20 + col * CELL, y = 26 + 5 * CELL + 8;
    svg.append(s("g", { class: "brx-bonus", dataset: card ? { info: t("Bonus card: {effect}", { effect: bonusText(card) }) } : {} },
      s("rect", { x: x + 4, y, width: CELL - 8, height: 50, rx: 5, fill: card ? "#fff8e1" : "#eee", stroke: "#b8860b" }),
      fitText(card ? bonusShort(card) : "—", { x: x + CELL / 2, y: y + 30, size: 14, max: CELL - 16, "text-anchor": "middle" })));
  });
  return svg;
}

function spaceInfo(sp) {
  const parts = [sp.label, sp.action ? ACTION_TITLES[sp.action]() : t("no action")];
  if (sp.assistant !== null) parts.push(t("assistant of player {n}, bid {amount} BF", { n: sp.assistant + 1, amount: sp.bid || "?" }));
  if (sp.building !== null) parts.push(t("building of player {n}", { n: sp.building + 1 }));
  return parts.join(" — ");
}

function bonusText(id) {
  return BONUS_TEXT[id] ? BONUS_TEXT[id]() : id;
}

function bonusShort(id) {
  return BONUS_SHORT[id] ? BONUS_SHORT[id]() : bonusText(id);
}

// -- the Brussels board ------------------------------------------------------------

function brusselsBoard(view, clickable) {
  const svg = s("svg", { viewBox: "0 0 560 640", class: "brx-brussels", role: "group", "aria-label": t("Brussels board") });
  svg.append(s("text", { x: 10, y: 18, "font-size": 16, "font-weight": "bold" }, t("Brussels board")));
  // The Royal Theatre: slot 4 (3 BF) next to the deck, slot 1 (free) on the right.
  svg.append(fitText(t("Royal Theatre (deck {n})", { n: view.theatre_deck }), { x: 10, y: 40, size: 14, max: 300 }));
  view.theatre.forEach((fig, i) => {
    const x = 10 + (3 - i) * 137, y = 48;
    const info = fig ? `${figureName(fig)}\n${theatreCost(i)}\n${figureEffect(fig)}` : null;
    const g = s("g", clickable(`hire ${i + 1}`, { class: "brx-figure", dataset: info ? { slot: String(i + 1), info } : { slot: String(i + 1) } }));
    g.append(s("rect", { x, y, width: 130, height: 74, rx: 5, fill: fig ? "#fdebd0" : "#eee", stroke: "#a04000" }));
    g.append(fitText(fig ? figureName(fig) : "—", { x: x + 6, y: y + 19, size: 14, max: 118, "font-weight": "bold" }));
    g.append(fitText(theatreCost(i), { x: x + 6, y: y + 38, size: 13, max: 118 }));
    if (fig) {
      const [effect, owes] = figureEffect(fig).split(" · ");
      g.append(fitText(effect, { x: x + 6, y: y + 54, size: 13, max: 118 }));
      g.append(fitText(owes || "", { x: x + 6, y: y + 69, size: 13, max: 118, fill: "#7b241c" }));
    }
    svg.append(g);
  });
  drawCompass(svg, view, clickable, 112, 250);
  drawWorkshop(svg, view, clickable, 250, 150);
  // The shop: two stacks, the top visible.
  svg.append(s("text", { x: 250, y: 420, "font-size": 14 }, t("Shop")));
  view.shop.forEach((stack, i) => {
    const x = 300 + i * 74, y = 402;
    const top = stack.length ? stack[stack.length - 1] : null;
    const attrs = clickable(`cover ${i + 1}`, { x, y, width: 60, height: 30, rx: 4, fill: top ? ART_CSS[top] : "#eee", stroke: "#333", class: "brx-shop", dataset: { shop: String(i + 1), info: top ? t("Shop: {colour} on top", { colour: colourWord(top) }) : t("Shop: empty") } });
    svg.append(s("rect", attrs));
    if (top) svg.append(s("text", { x: x + 30, y: y + 20, "font-size": 13, "text-anchor": "middle", fill: top === "yellow" ? "#222" : "#fff", "pointer-events": "none" }, colourWord(top)[0].toUpperCase()));
    if (stack.length > 1) svg.append(fitText(t("+{n} under", { n: stack.length - 1 }), { x: x + 30, y: y + 46, size: 13, max: 70, "text-anchor": "middle" }));
  });
  // The four Brussels actions, with the assistants on them.
  view.brussels.forEach((spot, i) => {
    const x = 10 + i * 137, y = 462;
    const word = spot.action === "grand_place" ? "grand-place" : spot.action;
    const info = BRUSSELS_INFO[spot.action] ? BRUSSELS_INFO[spot.action]() : null;
    const g = s("g", clickable(word, { class: "brx-brussels-action", dataset: info ? { brussels: word, info } : { brussels: word } }));
    g.append(s("rect", { x, y, width: 130, height: 74, rx: 6, fill: "#e8f0e0", stroke: "#2e4d2e" }));
    g.append(fitText(BRUSSELS_TITLES[spot.action] ? BRUSSELS_TITLES[spot.action]() : tData(spot.title), { x: x + 6, y: y + 19, size: 14, max: 118, "font-weight": "bold" }));
    g.append(fitText(t("next: {n} assistant(s)", { n: spot.next_cost }), { x: x + 6, y: y + 38, size: 13, max: 118 }));
    let k = 0;
    spot.assistants.forEach((n, seat) => {
      for (let j = 0; j < n; j++, k++) {
        g.append(s("circle", { cx: x + 14 + k * 21, cy: y + 57, r: 10, fill: SEAT_COLOURS[seat], stroke: "#222" }),
          s("text", { x: x + 14 + k * 21, y: y + 61.5, "font-size": 12.5, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, String(seat + 1)));
      }
    });
    svg.append(g);
  });
  // Courthouse: each player's assistants there, by colour and number.
  svg.append(s("text", { x: 10, y: 560, "font-size": 14 }, t("Courthouse")));
  view.players_state.forEach((p, seat) => {
    const x = 110 + seat * 62;
    svg.append(s("circle", { cx: x, cy: 555, r: 10, fill: SEAT_COLOURS[seat], stroke: "#222" }),
      s("text", { x, y: 559.5, "font-size": 12, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, String(seat + 1)),
      s("text", { x: x + 14, y: 560, "font-size": 14 }, `×${p.courthouse}`));
  });
  const sup = view.supply;
  ["wood", "stone", "iron"].forEach((m, i) => {
    const attrs = clickable(`take ${m}`, { x: 10 + i * 98, y: 574, width: 92, height: 32, rx: 4, fill: MATERIAL_CSS[m], stroke: "#333", class: "brx-material", dataset: { material: m } });
    svg.append(s("rect", attrs));
    svg.append(fitText(`${materialName(m)} ${sup[m]}`, { x: 16 + i * 98, y: 595, size: 14, max: 80, fill: "#fff", "pointer-events": "none" }));
  });
  svg.append(fitText(t("jokers {jokers} · works: {coloured} coloured, {black} black", { jokers: sup.joker, coloured: view.piles.coloured, black: view.piles.black }), { x: 306, y: 595, size: 13, max: 248 }));
  const foot = [];
  if (view.stock) foot.push(t("Stock card: shields {shields} · the Stock Exchange pays {money} BF", { shields: view.stock.shields.join(" / "), money: view.stock.payout }));
  if (view.exhibition && view.exhibition.year) foot.push(t("Exhibition {year}", { year: view.exhibition.year }));
  if (foot.length) svg.append(fitText(foot.join(" · "), { x: 10, y: 628, size: 13, max: 540 }));
  return svg;
}

/** A theatre slot's cost. */
function theatreCost(slot) {
  return slot === 0 ? t("hire: free") : t("hire: {money} BF", { money: slot });
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
  const R = 80;
  svg.append(s("text", { x: cx, y: cy - R - 16, "font-size": 14, "text-anchor": "middle" }, t("Compass")));
  svg.append(s("circle", { cx, cy, r: R + 10, fill: "#f4ecd8", stroke: "#6b4f1d" }));
  const tiles = view.compass.tiles;
  tiles.forEach((tile, i) => {
    const a = (Math.PI * 2 * i) / 6 - Math.PI / 2;
    const x = cx + Math.cos(a) * R * 0.76, y = cy + Math.sin(a) * R * 0.76;
    const label = TILE_SHORT[tile] ? TILE_SHORT[tile]() : tile;
    svg.append(s("g", { class: "brx-compass-tile", dataset: { info: t("Compass: {tile}", { tile: TILE_TEXT[tile] ? TILE_TEXT[tile]() : tile }) } },
      s("circle", { cx: x, cy: y, r: 23, fill: tile === "money" ? "#f9e79f" : MATERIAL_CSS[tile] || "#fff", stroke: "#333" }),
      fitText(label, { x, y: y + 4.5, size: 13, max: 42, "text-anchor": "middle", fill: tile === "wood" || tile === "iron" ? "#fff" : "#222" })));
  });
  if (!tiles.length) return;
  view.compass.needles.forEach((pos, n) => {
    const a = (Math.PI * 2 * pos) / 6 - Math.PI / 2;
    const x = cx + Math.cos(a) * R * 0.45, y = cy + Math.sin(a) * R * 0.45;
    svg.append(s("line", { x1: cx, y1: cy, x2: x, y2: y, stroke: n ? "#1a5276" : "#922b21", "stroke-width": 6, "stroke-linecap": "round" }));
    const knob = clickable(`needle ${"AB"[n]}`, { cx: x, cy: y, r: 13, fill: n ? "#1a5276" : "#922b21", class: "brx-needle" });
    svg.append(s("circle", knob));
    svg.append(s("text", { x, y: y + 5, "font-size": 13, "text-anchor": "middle", fill: "#fff", "pointer-events": "none" }, NEEDLES[n]));
  });
}

function drawWorkshop(svg, view, clickable, x0, y0) {
  const C = 30;
  const money = board && board.grid ? board.grid.money_by_row : [6, 5, 4, 3, 4, 5, 6];
  const vp = board && board.grid ? board.grid.vp_by_col : [5, 4, 3, 2, 3, 4, 5];
  const points = board && board.grid ? board.grid.points : [[-1, -1], [-1, 1], [1, -1], [1, 1], [0, 0]];
  svg.append(fitText(t("Workshop (rows: BF, columns: VP)"), { x: x0, y: y0 - 20, size: 14, max: 300 }));
  for (let r = 0; r < 7; r++) {
    svg.append(s("text", { x: x0 + 10, y: y0 + 12 + (r + 1) * C, "font-size": 13, "text-anchor": "middle" }, `${money[r]}`));
    for (let c = 0; c < 7; c++) {
      svg.append(s("rect", { x: x0 + 20 + c * C, y: y0 + 8 + r * C + 8, width: C, height: C, fill: "#fffdf5", stroke: "#ccc" }));
    }
  }
  for (let c = 0; c < 7; c++) svg.append(s("text", { x: x0 + 20 + c * C + C / 2, y: y0 + 10, "font-size": 13, "text-anchor": "middle" }, `${vp[c]}`));
  const [cr, cc] = view.workshop.cursor;
  const cx0 = x0 + 20 + (cc - 2) * C, cy0 = y0 + 16 + (cr - 2) * C;
  svg.append(s("rect", { x: cx0, y: cy0, width: 3 * C, height: 3 * C, fill: "none", stroke: "#6b4f1d", "stroke-width": 3, class: "brx-cursor" }));
  ["blue", "red", "yellow", "green", "black"].forEach((art, i) => {
    const [dr, dc] = points[i];
    const x = cx0 + (dc + 1) * C + C / 2, y = cy0 + (dr + 1) * C + C / 2;
    svg.append(s("circle", { cx: x, cy: y, r: 10, fill: ART_CSS[art], stroke: "#fff" }),
      s("text", { x, y: y + 4.5, "font-size": 12, "font-weight": "bold", "text-anchor": "middle", fill: art === "yellow" ? "#222" : "#fff" }, colourWord(art)[0].toUpperCase()));
  });
  const arrows = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
  const mid = [x0 + 20 + 3.5 * C, y0 + 16 + 3.5 * C];
  for (const [dir, [dx, dy]] of Object.entries(arrows)) {
    const ax = mid[0] + dx * 4.3 * C, ay = mid[1] + dy * 4.3 * C;
    const attrs = clickable(`cursor ${dir}`, { cx: ax, cy: ay, r: 13, fill: "#f7dc6f", stroke: "#7d6608", class: "brx-arrow" });
    if (attrs.onclick) {
      svg.append(s("circle", attrs));
      svg.append(s("text", { x: ax, y: ay + 5, "font-size": 14, "text-anchor": "middle", "pointer-events": "none" }, { up: "↑", down: "↓", left: "←", right: "→" }[dir]));
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
      dataset: attrs.dataset, onclick: attrs.onclick, role: attrs.role, title: colourWord(c),
    }, colourWord(c)[0].toUpperCase());
  }));
  const pays = ["wood", "stone", "iron", "bf", "joker"].map((kind) => {
    const n = kind === "bf" ? `${p.money} BF` : kind === "joker" ? `${materialName("joker")} ${p.jokers}` : `${materialName(kind)} ${p.materials[kind]}`;
    const attrs = mine ? pick(`pay ${kind}`) : {};
    const bg = kind === "bf" ? "#f9e79f" : MATERIAL_CSS[kind];
    return h("span.brx-chip" + (attrs.onclick ? ".brx-legal" : ""), {
      style: `background:${bg};color:${kind === "wood" || kind === "iron" ? "#fff" : "#222"}`,
      dataset: attrs.dataset, onclick: attrs.onclick, role: attrs.role, title: kind === "bf" ? t("Belgian francs") : materialName(kind),
    }, n);
  });
  const figures = p.figures.map((f) => {
    const attrs = mine ? pick(`activate ${f.id}`) : {};
    return h("span.brx-chip" + (attrs.onclick ? ".brx-legal" : ""), {
      style: `background:${f.ready ? "#fdebd0" : "#ddd"}`, dataset: { ...(attrs.dataset || {}), info: `${figureName(f.id)}: ${figureEffect(f.id)}${f.ready ? "" : usedThisRound()}` }, onclick: attrs.onclick, role: attrs.role,
    }, `${figureName(f.id)}${f.ready ? "" : " ↻"}`);
  });
  const tiles = h("span.brx-tiles", { "aria-hidden": "true" }, [4, 5, 2, 3, 0, 1].map((i) => h("span", { style: `background:${i < p.built ? colour : "#fff"}` })));
  const bonus = Object.entries(p.bonus_kept).filter(([, n]) => n).map(([k, n]) => `${categoryText(k)} ×${n}`).join(", ");
  return h("div.brx-player" + (mine ? ".me" : ""), { style: `border-color:${colour}`, dataset: { seat: String(seat) } },
    h("h4", {}, h("span.swatch.seat-swatch", { style: `background:${colour};color:#fff` }, String(seat + 1)),
      h("span.name", {}, seatName(ctx, seat) + (view.first_player === seat ? " ♛" : "") + (p.passed ? " " + t("(passed)") : "")), h("span", {}, t("{vp} VP", { vp: p.vp }))),
    h("div", {}, t("{money} BF · assistants {assistants} (courthouse {courthouse}) · exhibitions {exhibitions}", { money: p.money, assistants: p.assistants, courthouse: p.courthouse, exhibitions: p.exhibitions })),
    h("div", {}, t("Masterpiece"), " ", tiles, " ", t("{built}/6 · architect {architect} · City Hall {city_hall} · Palace {palace}", { built: p.built, architect: p.architect_value, city_hall: p.city_hall_value, palace: p.palace_value })),
    h("div.row", {}, t("Works:"), " ", works.length ? works : t("none")),
    h("div.row", {}, t("Stock:"), " ", pays),
    h("div.row", {}, t("Figures:"), " ", figures.length ? figures : t("none")),
    bonus ? h("div", {}, t("Bonus cards kept: {cards}", { cards: bonus })) : null,
  );
}

// Paris Paris in the browser: the bus map of Paris with its five coloured lines, the
// stops and their shops, the face-up cards, the waiting cards, the bag counts, the
// viewer's own secret line, and every excursion's itemised scoring.
//
// The map comes from the server (GET /api/games/paris_paris/board, built from
// belle/games/paris_paris/data.py); nothing of data.py is copied here. A card is taken
// by clicking it (or its highlighted stop, REQ-PP-5); on a full crossing the shop to
// remove is chosen by clicking its colour (REQ-PP-6). Only the view is drawn, so a
// secret line shows only for its owner (REQ-PP-8).
import { engineText, fieldText, fill, h, s, t } from "/static/js/ui.js";
import { hasEngineText } from "/static/js/i18n.js";
import { colour, describe, endReason } from "/static/js/moves.js";
import { zoomable } from "/static/js/zoom.js";

const FALLBACK_PLAYERS = [
  { name: "green", css: "#3fae49" }, { name: "grey", css: "#8d8d8d" },
  { name: "purple", css: "#8e44ad" }, { name: "yellow", css: "#f2c616" },
];
const STYLE = `
.pp { display: grid; gap: .6rem; }
.pp-status { padding: .4rem .6rem; border-radius: 4px; background: #f3efe6; }
.pp-status.active { background: #f6e8c2; box-shadow: inset 3px 0 0 #b8860b; }
.pp-main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(220px, 300px); gap: .8rem; align-items: start; }
.pp-map { width: 100%; height: auto; display: block; background: #fbf8f1; border: 1px solid #d8cfbd; border-radius: 6px; }
.pp-map .shop-mark { font: 700 10px sans-serif; text-anchor: middle; pointer-events: none; }
.pp-map .stop.recent .stop-dot { stroke: #7a2b3a; stroke-width: 5; stroke-dasharray: 5 3; }
@media (max-width: 760px) { .pp-main { grid-template-columns: minmax(0, 1fr); } }
.pp-map .route { fill: none; stroke-width: 7; stroke-linecap: round; stroke-linejoin: round; opacity: .85; }
.pp-map .stop-dot { fill: #fff; stroke: #333; stroke-width: 2; }
.pp-map .stop.crossing .stop-dot { stroke-width: 3; }
.pp-map .stop.offered .stop-dot { fill: #ffe680; stroke: #b8860b; stroke-width: 4; }
.pp-map .stop.legal { cursor: pointer; }
.pp-map .stop.legal:hover .stop-dot { fill: #ffd23f; }
.pp-map .stop.pending .stop-dot { stroke: #c0392b; stroke-width: 5; }
.pp-map .stop-name { font: 600 17px sans-serif; fill: #222; paint-order: stroke; stroke: #fbf8f1; stroke-width: 4px; }
.pp-map .shop { stroke: #222; stroke-width: 1.5; }
.pp-map .shop.removable { cursor: pointer; stroke: #c0392b; stroke-width: 3.5; }
.pp-side { display: grid; gap: .6rem; min-width: 0; }
.pp-side h3 { margin: 0 0 .3rem; font-size: .95rem; }
.pp-cards { display: flex; flex-wrap: wrap; gap: .35rem; }
.pp-card { border: 2px solid #999; border-left-width: 10px; border-radius: 5px; padding: .3rem .5rem; background: #fff; font: inherit; text-align: left; }
.pp-card.legal { cursor: pointer; box-shadow: 0 0 0 2px #ffd23f; }
.pp-card.legal:hover { background: #fff6cf; }
.pp-card small { display: block; color: #555; }
.pp-remove { display: flex; gap: .4rem; flex-wrap: wrap; }
.pp-remove-shop { border: 2px solid #222; border-radius: 50%; width: 2.6rem; height: 2.6rem; cursor: pointer; font-weight: 700; }
.pp-swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 50%; border: 1px solid #222; margin-right: .3rem; vertical-align: -1px; }
.pp-line-chip { display: inline-block; padding: 0 .45rem; border-radius: 3px; border: 1px solid #0003; border-left: .8em solid; background: #fff; color: #1a1714; font-weight: 600; }
.pp-excursions { max-height: 14rem; overflow: auto; font-size: .85rem; margin: 0; padding-left: 2rem; }
.pp-excursions li { margin-bottom: .2rem; }
`;

let board = null;
let boardError = null;
const networks = {}; // rules revision → normalised map (a game replayed from an older engine)

/** Load the map once per page, and add this renderer's styles. */
export async function init({ get }) {
  if (!document.getElementById("pp-style")) {
    const style = document.createElement("style");
    style.id = "pp-style";
    style.textContent = STYLE;
    document.head.append(style);
  }
  try {
    const data = await get("/api/games/paris_paris/board");
    board = normalise(data.board || data);
    for (const [revision, map] of Object.entries((data.board || data).networks || {})) {
      networks[revision] = normalise({ ...map, players: (data.board || data).players });
    }
  } catch (err) {
    boardError = t("The map could not be loaded ({error}).", { error: err.message });
  }
}

function normalise(data) {
  const stops = data.stops || [];
  const byId = new Map(stops.map((st) => [st.id, st]));
  const lines = data.lines || [];
  const byColour = new Map(lines.map((l) => [l.colour, l]));
  return { stops, byId, lines, byColour, players: data.players || FALLBACK_PLAYERS };
}

const playerCss = (seat) => (board.players[seat] || FALLBACK_PLAYERS[seat]).css;
const playerName = (seat) => (board.players[seat] || FALLBACK_PLAYERS[seat]).name;
const lineCss = (colour) => (board.byColour.get(colour) || { css: "#777" }).css;
const stopName = (id) => (board.byId.get(id) || { name: id }).name;

const GAME_ID = "paris_paris";
const colourName = colour;
/** A line's colour as the game's catalogue names lines: French and Spanish agree it with
 * "ligne", "línea" ("ligne verte", "línea roja"); players' colours stay colourName's. */
const lineName = (c) => (hasEngineText(GAME_ID, `line.${c}`) ? engineText(GAME_ID, { id: `line.${c}`, params: {} }) : colour(c));

function lineChip(colour) {
  return h("span.pp-line-chip", { style: `border-left-color:${lineCss(colour)}` }, lineName(colour));
}

function swatch(seat) {
  return h("span.swatch.seat-swatch", { style: `background:${playerCss(seat)};color:${seat === 1 || seat === 3 ? "#1a1714" : "#fff"}` }, String(seat + 1));
}

/** Map legal moves by key: "take:STOP:line" and "remove:seat". */
function legalIndex(legal) {
  const map = new Map();
  for (const item of legal || []) {
    const j = item.json;
    if (j.type === "take") map.set(`take:${j.stop}:${j.line}`, item);
    else if (j.type === "remove") map.set(`remove:${j.seat}`, item);
  }
  return map;
}

/**
 * Draw `view` into `container`. `legal` lists {json, text} for the seat to move;
 * `onAction(json)` plays one. ctx: {names, seat, pending}.
 */
export function render(container, view, legal, onAction, ctx = {}) {
  if (!board) board = normalise({});
  if (networks[view.network]) board = networks[view.network]; // the map this game plays on
  const moves = legalIndex(legal);
  const act = (key) => {
    const item = moves.get(key);
    if (item && onAction && !ctx.pending) onAction(item.json);
  };
  const names = ctx.names || [];
  const status = statusLine(view, moves, names);
  if (ctx.prompt) fill(ctx.prompt, status);
  const map = drawMap(view, moves, act);
  fill(
    container,
    h(
      "div.pp",
      { dataset: { phase: view.phase } },
      ctx.prompt ? null : status,
      h(
        "div.pp-main",
        {},
        h("div.pp-map-wrap", {}, board.stops.length ? zoomable(map, { key: "pp-map", aspect: 780 / 1000 }) : map),
        h("div.pp-side", {}, cardsPanel(view, moves, act), removePanel(view, moves, act),
          secretPanel(view), discardPanel(view)),
      ),
      excursionsPanel(view, names),
    ),
  );
}

/** The players panel's row: the shop colour with the seat's number, the score, the
 * shops in supply, on the board and in the bag (all public, PP-68). */
export function seatSummary(view, seat) {
  return {
    colour: playerCss(seat), ink: seat === 1 || seat === 3 ? "#1a1714" : "#fff",
    score: view.scores ? view.scores[seat] : null,
    holdings: [
      { label: t("supply"), value: view.supply[seat], title: t("Shops left to open") },
      { label: t("shops"), value: view.on_board[seat], title: t("Shops on the map") },
      { label: t("bag"), value: view.bag[seat], title: t("Shops in the bag (they score at the end)") },
    ],
    notes: [t("{colour} shops", { colour: colourName(playerName(seat)) }), view.start_player === seat ? t("start player") : null],
  };
}

function stopByName(name) {
  return board.stops.find((st) => st.name === name || st.id === name) || null;
}

/** What the other players' moves touched: the stop of the card taken or the shop removed. */
export function targetsOf(text, view) {
  const [verb, ...a] = text.split(/\s+/);
  if (verb === "take") {
    const stop = stopByName(a.slice(0, -1).join(" "));
    return stop ? [`.stop[data-stop="${stop.id}"]`] : [];
  }
  if (verb === "remove" && view && view.pending_stop) return [`.stop[data-stop="${view.pending_stop}"]`];
  return [];
}

function who(view, seat, names) {
  return names[seat] || colourName(playerName(seat));
}

function statusLine(view, moves, names) {
  let text;
  const round = { round: Math.max(view.round, 1), rounds: view.rounds };
  const mover = () => who(view, view.to_move, names);
  if (view.phase === "over") text = t("Game over: {reason}.", { reason: view.end ? engineText("paris_paris", view.end) : view.end_reason ? endReason(view.end_reason) : t("the game has ended") });
  else if (view.phase === "setup" || view.phase === "lay") text = t("Round {round} of {rounds}: the cards are laid…", round);
  else if (view.phase === "remove") {
    text = t("{stop} is full.", { stop: stopName(view.pending_stop) }) + " ";
    text += moves.size ? t("Click the shop to remove (on the map or below).") : t("{player} chooses the shop to remove.", { player: mover() });
  } else if (moves.size) text = t("Round {round} of {rounds}: take a card — click it, or its highlighted stop on the map.", round);
  else text = t("Round {round} of {rounds}: {player} is choosing a card.", { ...round, player: mover() });
  return h("div.pp-status" + (moves.size ? ".active" : ""), {}, text);
}

function drawMap(view, moves, act) {
  if (!board.stops.length) return h("p.empty", {}, boardError || t("The map could not be loaded."));
  const svg = s("svg", { class: "pp-map", viewBox: "0 0 1000 780", role: "group", "aria-label": t("Map of Paris") });
  const routes = s("g", { class: "routes" });
  board.lines.forEach((line, i) => {
    // Lines sharing a segment would hide each other: offset each a little.
    const dx = (i - 2) * 2.5;
    const pts = line.stops.map((id) => board.byId.get(id)).filter(Boolean).map((st) => `${st.x + dx},${st.y + dx}`);
    routes.append(s("polyline", { class: "route", points: pts.join(" "), stroke: line.css, dataset: { line: line.colour } },
      s("title", {}, t("{line} line", { line: lineName(line.colour) }))));
  });
  svg.append(routes);
  const offered = new Map();
  for (const card of view.face_up || []) {
    if (!offered.has(card.stop)) offered.set(card.stop, []);
    offered.get(card.stop).push(card.line);
  }
  const shops = view.shops || {};
  for (const st of board.stops) svg.append(drawStop(st, shops[st.id] || [], offered.get(st.id), view, moves, act));
  return svg;
}

function stopTitle(st) {
  const lines = st.lines.map(lineName).join(", ");
  return st.crossing ? t("{stop} — crossing ({lines})", { stop: st.name, lines }) : `${st.name} (${lines})`;
}

/** What a stop is and does, for its tooltip (hover, focus, tap; js/info.js), as the
 * other games' tiles and cards say it: its lines, its room, its shops, what scores there
 * (PP-27, PP-38, PP-50) and the move a tap makes. */
function stopInfo(st, owners, takes) {
  const parts = [stopTitle(st) + "."];
  parts.push(st.crossing ? t("Room for 2 shops; big excursions of both its lines score here, 1 point per shop.")
    : t("Room for 1 shop; a small excursion that reaches it scores 1 point."));
  parts.push(owners.length ? t("Shops: {players}.", { players: owners.map((o) => colourName(playerName(o))).join(", ") }) : t("No shop yet."));
  if (takes.length) parts.push(t("Your move here: {move}.", { move: takes.map((m) => describe("paris_paris", m) || m).join(" / ") }));
  return parts.join(" ");
}

function drawStop(st, owners, offeredLines, view, moves, act) {
  const takeKeys = (offeredLines || []).map((line) => `take:${st.id}:${line}`).filter((k) => moves.has(k));
  const pending = view.pending_stop === st.id;
  const classes = ["stop", st.crossing ? "crossing" : "plain"];
  if (offeredLines) classes.push("offered");
  if (takeKeys.length) classes.push("legal");
  if (pending) classes.push("pending");
  const r = st.crossing ? 17 : 12;
  // Its accessible name is its visible text (the stop's name, the shops' numbers).
  const g = s("g", {
    class: classes.join(" "),
    dataset: { stop: st.id, info: stopInfo(st, owners, takeKeys.map((k) => moves.get(k).text)), ...(takeKeys.length ? { action: moves.get(takeKeys[0]).text } : {}) },
    tabindex: takeKeys.length ? "0" : null, role: takeKeys.length ? "button" : null,
  });
  g.append(s("circle", { class: "stop-dot", cx: st.x, cy: st.y, r }));
  owners.forEach((seat, i) => {
    const cx = st.x + (owners.length > 1 || st.crossing ? (i === 0 ? -7 : 7) : 0);
    const removable = pending && moves.has(`remove:${seat}`);
    const shop = s("g", { class: "shop-piece", dataset: removable ? { seat: String(seat), action: moves.get(`remove:${seat}`).text } : { seat: String(seat) } },
      s("rect", {
        class: "shop" + (removable ? " removable" : ""),
        x: cx - 7, y: st.y - 7, width: 14, height: 14, rx: 2, fill: playerCss(seat),
      }),
      s("text", { class: "shop-mark", x: cx, y: st.y + 3.5, fill: seat === 1 || seat === 3 ? "#1a1714" : "#fff" }, String(seat + 1)));
    if (removable) shop.addEventListener("click", (e) => { e.stopPropagation(); act(`remove:${seat}`); });
    g.append(shop);
  });
  // The name touches its dot (above it near the bottom edge), so the stop is one shape:
  // a tap between the two never falls through to the map.
  const below = st.y > 700 ? -(r + 5) : r + 16;
  g.append(s("text", { class: "stop-name", x: st.x, y: st.y + below, "text-anchor": "middle" }, st.name));
  if (takeKeys.length) {
    const play = () => act(takeKeys[0]);
    g.addEventListener("click", play);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(); } });
  }
  return g;
}

function cardButton(card, moves, act, extraClass = "") {
  const key = `take:${card.stop}:${card.line}`;
  const legal = moves.has(key);
  return h(
    (legal ? "button.pp-card.legal" : "div.pp-card") + extraClass,
    {
      type: legal ? "button" : null,
      style: `border-left-color:${lineCss(card.line)}`,
      dataset: legal ? { stop: card.stop, line: card.line, action: moves.get(key).text } : { stop: card.stop, line: card.line },
      onclick: legal ? () => act(key) : null,
    },
    stopName(card.stop),
    h("small", {}, t("{line} line", { line: lineName(card.line) })),
  );
}

function cardsPanel(view, moves, act) {
  const cards = view.face_up || [];
  return h("section.pp-offer", {}, h("h3", {}, t("Face-up cards ({n})", { n: cards.length })),
    cards.length ? h("div.pp-cards", {}, cards.map((c) => cardButton(c, moves, act))) : h("p.muted", {}, "—"));
}

function removePanel(view, moves, act) {
  if (view.phase !== "remove") return null;
  const owners = (view.shops || {})[view.pending_stop] || [];
  const choices = [...new Set(owners)].filter((seat) => moves.has(`remove:${seat}`));
  if (!choices.length) return null;
  return h("section.pp-remove-wrap", {}, h("h3", {}, t("Remove a shop at {stop}", { stop: stopName(view.pending_stop) })),
    h("div.pp-remove", {}, choices.map((seat) => h("button.pp-remove-shop", {
      type: "button", title: t("remove {player}", { player: colourName(playerName(seat)) }), "aria-label": t("remove {player}", { player: colourName(playerName(seat)) }),
      style: `background:${playerCss(seat)};color:${seat === 1 || seat === 3 ? "#1a1714" : "#fff"}`,
      dataset: { seat: String(seat), action: moves.get(`remove:${seat}`).text }, onclick: () => act(`remove:${seat}`),
    }, String(seat + 1)))));
}

function secretPanel(view) {
  const parts = [];
  if (view.dm) parts.push(h("p", {}, t("Option dm: all five lines are scored at the end.")));
  if (view.secret_line) parts.push(h("p", { id: "pp-secret" }, t("Your secret line:"), " ", lineChip(view.secret_line)));
  if (view.open_line) parts.push(h("p", {}, t("Open line:"), " ", lineChip(view.open_line)));
  if (view.secret_lines && view.secret_lines.some(Boolean)) {
    parts.push(h("p", {}, t("Secret lines:"), " ", view.secret_lines.map((l, seat) => (l ? h("span", {}, swatch(seat), lineChip(l), " ") : null))));
  }
  return parts.length ? h("section.pp-lines", {}, parts) : null;
}

function discardPanel(view) {
  const cards = view.discard || [];
  return h("section.pp-discard", {}, h("h3", {}, t("Waiting cards")),
    cards.length ? h("div.pp-cards", {}, cards.map((c) => cardButton(c, new Map(), null))) : h("p.muted", {}, t("none")),
    h("p.muted", {}, t("Cards left in the deck: {n}", { n: view.deck })));
}

const KIND = { small: t("Small excursion"), big: t("Big excursion"), final: t("Final excursion") };

function excursionsPanel(view, names) {
  const list = (view.excursions || []).slice().reverse();
  return h("section.pp-excursions-wrap", {}, h("h3", {}, t("Excursions")),
    list.length ? h("ol.pp-excursions", { reversed: true, tabindex: "0", "aria-label": t("Excursions") }, list.map((e) => h("li", { dataset: { kind: e.kind } },
      h("b", {}, `${KIND[e.kind]} `), lineChip(e.line),
      e.stop ? " " + t("from {stop}", { stop: stopName(e.stop) }) : "",
      " ", t("(round {round}):", { round: e.round }), " ",
      e.items.length ? e.items.map((i, k) => h("span", {}, k ? ", " : "", swatch(i.seat), t("{player} +{points} at {stop} ({reason})", { player: who(view, i.seat, names), points: i.points, stop: stopName(i.stop), reason: fieldText("paris_paris", i, "reason") }))) : t("nobody scores"),
    ))) : h("p.muted", {}, t("none yet")));
}

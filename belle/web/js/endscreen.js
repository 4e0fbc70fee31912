// The end screen of a finished table (issue 20 item 4): the score breakdown side by side,
// a chart of each player's score over the game (what they would score if the game ended
// after each turn, the end's own scoring included: State.score_if_ended_now, so the end
// scoring is no jump on the last turn), its decisive moments (the largest swings), and links to replay and
// the rules (playing again with the same players is the Rematch button of the players
// panel, table.js). The story comes from
// /api/tables/<id>/story, which the server tells only once the game is over.
import { get } from "./api.js";
import { scoreComponent } from "./moves.js";
import { rulesUrl } from "./movelist.js";
import { chanceText, turnText } from "./turns.js";
import { attempt, fieldText, fill, h, s, t } from "./ui.js";

// 4.5:1 or more on the panel: they colour the names as well as the lines.
const COLOURS = ["#b5482c", "#2c6db5", "#2e7031", "#8a4fb0", "#8a6209", "#4a4a4a"];
const PLACES = () => [t("1st"), t("2nd"), t("3rd"), t("4th"), t("5th"), t("6th")];
let shownFor = null;

/** Draw the end screen of `table` into `box` once (names: the seats' names; lookup: the
 * renderer's names of pieces known by id, as the log uses them). */
export async function renderEndScreen(box, { table, names, lookup = null }) {
  if (shownFor === table.id) return;
  shownFor = table.id;
  const story = await attempt(() => get(`/api/tables/${table.id}/story`));
  if (!story) {
    shownFor = null;
    return;
  }
  box.hidden = false;
  fill(
    box,
    h("h2", {}, t("The game in review")),
    breakdownTable(table.game, story, names),
    h("h3", {}, t("Score over the game")),
    chart(story, names),
    h("h3", {}, t("Decisive moments")),
    moments(story, { game: table.game, names, players: table.players, lookup }),
    h("p.end-links", {},
      h("a.button", { href: "#replay", onclick: () => document.getElementById("replay")?.scrollIntoView() }, t("Replay the game")), " ",
      h("a.button", { href: rulesUrl(table.game), target: "_blank", rel: "noopener" }, t("Rules"))),
  );
}

function breakdownTable(game, story, names) {
  const seats = story.final.map((_, seat) => seat);
  const lines = story.breakdown || seats.map(() => []);
  // One row per component (its English text tells lines apart: a bonus category is a
  // parameter of one message), named from a line of it in the reader's language.
  const named = new Map();
  for (const seatLines of lines) for (const line of seatLines || []) if (!named.has(line.component)) named.set(line.component, line);
  const components = [...named.keys()];
  const label = (component) => {
    const line = named.get(component);
    return line.component_id ? fieldText(game, line, "component", { names }) : scoreComponent(game, component);
  };
  const points = (seat, component) => (lines[seat] || []).filter((l) => l.component === component).reduce((a, l) => a + Number(l.points || 0), 0);
  const place = (seat) => (story.ranking ? PLACES()[story.ranking[seat]] || String(story.ranking[seat] + 1) : "");
  return h("table.end-breakdown", {},
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Score")), seats.map((seat) =>
      h("th", { scope: "col", style: `color:${COLOURS[seat % COLOURS.length]}` }, names[seat], h("small", {}, " ", place(seat)))))),
    h("tbody", {}, components.map((component) => h("tr", {},
      h("th", { scope: "row" }, label(component)),
      seats.map((seat) => h("td.num", {}, fmt(points(seat, component))))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("Total")), seats.map((seat) => h("td.num", {}, fmt(story.final[seat]))))));
}

function chart(story, names) {
  const width = 560, height = 220, pad = 30;
  const points = story.points;
  const all = points.flatMap((p) => p.scores);
  const top = Math.max(1, ...all), bottom = Math.min(0, ...all);
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, points.length - 1);
  const y = (v) => height - pad - ((v - bottom) * (height - 2 * pad)) / (top - bottom);
  const seats = story.final.map((_, seat) => seat);
  const label = t("What each player would score if the game ended after each turn, from the first turn to the end");
  return h("figure.score-chart", {},
    s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "score-chart-svg" },
      s("line", { x1: pad, y1: y(bottom), x2: width - pad, y2: y(bottom), stroke: "#888" }),
      s("text", { x: 2, y: y(top) + 4, "font-size": 11 }, fmt(top)),
      seats.map((seat) => s("polyline", {
        fill: "none", stroke: COLOURS[seat % COLOURS.length], "stroke-width": 2, dataset: { seat: String(seat) },
        points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.scores[seat] ?? 0).toFixed(1)}`).join(" "),
      })),
      story.moments.map((m) => s("circle", { cx: x(m.turn), cy: y(points[m.turn].scores[m.seat] ?? 0), r: 5, fill: "none", stroke: "#000" }))),
    h("figcaption", {}, seats.map((seat) => h("span.legend", { style: `color:${COLOURS[seat % COLOURS.length]}` }, "— ", names[seat], " "))));
}

function moments(story, ctx) {
  const names = ctx.names;
  if (!story.moments.length) return h("p.empty", {}, t("No single turn changed the standings much."));
  return h("ol.moments", {}, story.moments.map((m) => {
    const who = m.seat === null ? t("The setup") : names[m.seat];
    const gain = m.seat === null ? 0 : m.gains[m.seat];
    return h("li.moment", { dataset: { turn: String(m.turn) } },
      h("b", {}, t("Turn {n}", { n: m.turn })), " — ",
      m.last ? t("{player} scored {points} points in the last turn", { player: who, points: fmt(gain) })
        : t("{player} scored {points} points", { player: who, points: fmt(gain) }),
      m.lead ? [" · ", leadText(m.lead.map((seat) => names[seat]))] : null,
      m.moves.length ? movesLine(m, ctx) : null);
  }));
}

/** What the moment's player did, as the log says it (the notation is its tooltip). */
function movesLine(m, ctx) {
  const notation = m.moves.join(" · ");
  const steps = m.moves.map((text) => ({ text, player: m.seat, chance: m.seat === null }));
  let sentence = notation;
  try {
    sentence = (m.seat === null ? chanceText : turnText)(ctx.game, steps, ctx) || notation;
  } catch (err) {
    console.warn("moment line failed", err);
  }
  return h("div.moment-moves", { title: notation }, sentence,
    m.more_moves ? " " + t("and {n} more", { n: m.more_moves }) : "");
}

function fmt(n) {
  const v = Math.round(Number(n) * 100) / 100;
  return Number.isNaN(v) ? String(n) : (v < 0 ? "−" : "") + Math.abs(v);
}

/** Who leads after a decisive moment: one player, or several who share the lead. */
function leadText(players) {
  return players.length === 1 ? t("{player} now leads", { player: players[0] })
    : t("{players} now share the lead", { players: players.join(", ") });
}

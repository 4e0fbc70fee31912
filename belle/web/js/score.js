// The score display: one <details> per seat, one line per score component
// ({component, points, detail} from State.score_breakdown()).
import { h, fill, t } from "./ui.js";
import { scoreComponent } from "./moves.js";

function total(lines) {
  return (lines || []).reduce((sum, line) => sum + (Number(line.points) || 0), 0);
}

const PLACES = [t("1st"), t("2nd"), t("3rd"), t("4th"), t("5th"), t("6th")];

/**
 * Render scores into `container`.
 * breakdown: {seat: [lines]} or [[lines] per seat]; names: seat names;
 * scores / ranking: optional final totals and places; open: seats expanded at first.
 */
export function renderScores(container, { breakdown, names, scores, ranking, title, open = [], game = "" }) {
  // A seat's lines may be null: a running view holds only the viewer's own score.
  const entries = (Array.isArray(breakdown)
    ? breakdown.map((lines, seat) => [seat, lines])
    : Object.entries(breakdown || {}).map(([seat, lines]) => [Number(seat), lines])
  ).filter(([, lines]) => Array.isArray(lines));
  // Keep what the reader opened across re-renders.
  const wasOpen = [...container.querySelectorAll("details.score-seat[open]")].map((d) => Number(d.dataset.seat));
  open = [...open, ...wasOpen];
  const order = entries.slice();
  if (ranking) order.sort((a, b) => ranking[a[0]] - ranking[b[0]] || a[0] - b[0]);
  const items = order.map(([seat, lines]) => {
    const points = scores && scores[seat] !== undefined ? scores[seat] : total(lines);
    const place = ranking ? ranking[seat] : null;
    const details = h(
      "details.score-seat" + (place === 0 ? ".winner" : ""),
      { dataset: { seat: String(seat) } },
      h(
        "summary",
        {},
        place !== null && place !== undefined ? h("span.place", {}, PLACES[place] || t("place {n}", { n: place + 1 })) : null,
        h("span.who", {}, names[seat] || t("Player {n}", { n: seat + 1 })),
        h("span.points", {}, t("{points} pts", { points: fmt(points) })),
      ),
      h(
        "table.score-lines",
        {},
        h("tbody", {}, (lines || []).map((line) =>
          h(
            "tr.score-line",
            {},
            h("th", { scope: "row", dataset: { component: line.component } }, scoreComponent(game, line.component)),
            h("td.num", {}, fmt(line.points)),
            h("td.detail", {}, line.detail || ""),
          ),
        )),
      ),
    );
    if (open.includes(seat)) details.open = true;
    return details;
  });
  fill(container, title ? h("h2", {}, title) : null, items);
  container.classList.add("scores");
}

function fmt(n) {
  const v = Number(n);
  if (Number.isNaN(v)) return String(n);
  return (v < 0 ? "−" : "") + Math.abs(Math.round(v * 100) / 100);
}

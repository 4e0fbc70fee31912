// A player's statistics on their page (issue 20 item 4): per game the games, wins,
// average score and favourite seat, and a chart of the rating over time (from
// /api/stats?name=…, which counts only the tables the reader may see).
import { t } from "./i18n.js";
import { fill, gameText, h, labelCells, s } from "./ui.js";

export function renderStats(box, stats) {
  if (!stats.games.length) return;
  box.hidden = false;
  fill(
    box,
    h("h2", {}, t("Statistics")),
    labelCells(h("table.rank-table.stacked.stats-table", {},
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", dataset: { stack: "head" } }, t("Game")), h("th.num", { scope: "col" }, t("Games")), h("th.num", { scope: "col" }, t("Wins")),
        h("th.num", { scope: "col" }, t("Average score")), h("th.num", { scope: "col" }, t("Favourite seat")))),
      h("tbody", {}, stats.games.map((g) => h("tr", { dataset: { game: g.game } },
        h("td", {}, gameText(g.title)),
        h("td.num.games", {}, String(g.games)),
        h("td.num.wins", {}, String(g.wins)),
        h("td.num", {}, g.average_score === null ? "—" : String(g.average_score)),
        h("td.num", {}, t("seat {n}", { n: g.favourite_seat + 1 }))))))),
    stats.rating.map((line) => ratingChart(line)),
  );
}

function ratingChart(line) {
  const width = 480, height = 160, pad = 28;
  const values = line.points.map((p) => p.rating);
  const top = Math.max(...values), bottom = Math.min(...values);
  const span = Math.max(1, top - bottom);
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad - ((v - bottom) * (height - 2 * pad)) / span;
  const title = t("Rating over time: {game}", { game: gameText(line.title) });
  return h("figure.rating-chart", { dataset: { game: line.game } },
    h("figcaption", {}, title),
    s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title },
      s("text", { x: 2, y: y(top) + 4, "font-size": 11 }, String(top)),
      s("text", { x: 2, y: y(bottom) + 4, "font-size": 11 }, String(bottom)),
      s("polyline", { fill: "none", stroke: "#2c6db5", "stroke-width": 2,
        points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }),
      values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 3, fill: "#2c6db5" }))));
}

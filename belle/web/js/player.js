// A player's page (/player?name=…): their rating at each game and their recent finished
// tables, with the place, the other players, the rating change and a link to the replay.
import { ApiError, get } from "./api.js";
import { t } from "./i18n.js";
import { leaderboardUrl, playerLink, signed } from "./players.js";
import { renderStats } from "./stats.js";
import { fill, gameText, h, labelCells, timeAgo, toast } from "./ui.js";
import { blockButton } from "./moderation.js";

const $ = (id) => document.getElementById(id);

async function main() {
  const name = new URLSearchParams(location.search).get("name") || "";
  if (!name) return missing(t("Which player? The address names no one."));
  let page;
  try {
    page = await get(`/api/players?name=${encodeURIComponent(name)}`);
  } catch (err) {
    return missing(err.message);
  }
  document.title = t("{name} — Belle", { name: page.player.name });
  fill($("player-title"), page.player.name);
  blockButton(page.player.name).then((button) => button && $("player-title").after(button));
  fill($("player-since"), t("Playing since {date}", { date: new Date(page.player.since).toLocaleDateString() }));
  renderRatings(page.ratings);
  renderHistory(page.player.name, page.tables);
  const stats = await get(`/api/stats?name=${encodeURIComponent(name)}`).catch(() => null);
  if (stats) renderStats($("stats"), stats);
}

function missing(text) {
  fill($("player-title"), t("Player"));
  for (const id of ["ratings", "history"]) $(id).hidden = true;
  show($("ratings-empty"), text);
}

function show(el, text) {
  el.hidden = false;
  fill(el, text);
}

function renderRatings(ratings) {
  fill($("ratings").querySelector("tbody"), ratings.map((r) => h(
    "tr",
    { dataset: { game: r.game } },
    h("td", {}, h("a", { href: leaderboardUrl(r.game) }, gameText(r.title))),
    h("td.num.rating", {}, String(r.rating)),
    h("td.num", {}, String(r.position)),
    h("td.num", {}, String(r.games)),
  )));
  if (!ratings.length) {
    $("ratings").hidden = true;
    show($("ratings-empty"), t("No rated game yet: games between people, without bots, count."));
  }
}

function renderHistory(me, tables) {
  fill($("history").querySelector("tbody"), tables.map((table) => h(
    "tr",
    { dataset: { table: String(table.id) } },
    h("td", {}, gameText(table.title)),
    h("td", { title: table.finished_at }, timeAgo(table.finished_at)),
    h("td.place", {}, t("{place} of {players}", { place: table.place, players: table.players })),
    h("td.others", {}, others(me, table)),
    h("td.num.change", {}, change(table)),
    h("td", {}, h("a.replay-link", { href: table.replay }, t("Replay"))),
  )));
  labelCells($("history"));
  if (!tables.length) {
    $("history").hidden = true;
    show($("history-empty"), t("No finished game yet."));
  }
}

function others(me, table) {
  const names = table.seats
    .filter((seat) => seat.seat !== table.seat)
    .map((seat) => (seat.kind === "human" ? playerLink(seat.name) : t("{bot} bot", { bot: seat.name || "" })));
  return names.flatMap((item, i) => (i ? [", ", item] : [item]));
}

function change(table) {
  if (!table.rated) return h("span.muted", {}, t("unrated"));
  const kind = table.change > 0 ? "up" : table.change < 0 ? "down" : "same";
  return h("span.rating-change." + kind, { title: `${table.rating_before} → ${table.rating_after}` },
    `${table.rating_after} (${signed(table.change)})`);
}

main().catch((err) => toast(err instanceof ApiError ? err.message : String(err)));

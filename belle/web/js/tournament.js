// One tournament (/tournament/{id}): sign up or leave, the creator's bots and start,
// the entries, each round's tables (links to play, watch or replay) and the standings.
// The page asks the server again every few seconds while the tournament is not over.
import { ApiError, get, games as fetchGames, me, post } from "./api.js";
import { botName, fill, gameText, h, labelCells, t, toast } from "./ui.js";
import { statusName, systemName } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
const id = Number(location.pathname.split("/").pop());
const REFRESH_MS = 1500;
let player = null;
let timer = null;

async function main() {
  const [who, catalogue] = await Promise.all([me(), fetchGames()]);
  player = who;
  fill($("bot-kind"), ...catalogue.bots.map((b) => h("option", { value: b }, botName(b))));
  $("signup").addEventListener("click", () => act(() => post(`/api/tournaments/${id}/signup`)));
  $("leave").addEventListener("click", () => act(() => post(`/api/tournaments/${id}/leave`)));
  $("add-bot").addEventListener("click", () =>
    act(() => post(`/api/tournaments/${id}/bots`, { bot: $("bot-kind").value })));
  $("start").addEventListener("click", () => act(() => post(`/api/tournaments/${id}/start`)));
  await refresh();
}

async function act(call) {
  try {
    render(await call());
  } catch (err) {
    toast(err.message);
  }
}

async function refresh() {
  clearTimeout(timer);
  try {
    render(await get(`/api/tournaments/${id}`));
  } catch (err) {
    fill($("tournament-title"), err.message);
    return;
  }
}

function render(page) {
  const tour = page.tournament;
  document.title = t("{name} — Belle", { name: tour.name });
  fill($("tournament-title"), tour.name);
  const size = t("{n} players a table", { n: tour.table_size });
  const where = tour.status === "running"
    ? t("round {round} of {rounds}", { round: tour.round, rounds: tour.rounds })
    : statusName(tour.status);
  fill($("tournament-status"), `${gameText(tour.title)} · ${systemName(tour.system)} · ${size} · ${where}`);
  $("tournament-status").dataset.status = tour.status;
  const mine = player && page.entries.some((e) => e.player_id === player.id);
  const creator = player && tour.created_by === player.id;
  const open = tour.status === "signup";
  $("signup").hidden = !(player && open && !mine);
  $("leave").hidden = !(player && open && mine);
  $("bot-controls").hidden = !(creator && open);
  $("start").hidden = !(creator && open);
  fill($("entries"), ...page.entries.map((e) => h("li", { dataset: { entry: String(e.id) } }, entryName(e))));
  renderStandings(page.standings);
  renderRounds(page.rounds);
  if (tour.status !== "finished") timer = setTimeout(refresh, REFRESH_MS);
}

function entryName(entry) {
  return entry.bot ? t("{name} (bot)", { name: entry.name }) : entry.name;
}

function renderStandings(rows) {
  fill($("standings").querySelector("tbody"), ...rows.map((row, index) => h(
    "tr",
    { dataset: { entry: String(row.entry) } },
    h("td.num", {}, String(index + 1)),
    h("td.name", {}, row.bot ? t("{name} (bot)", { name: row.name }) : row.name),
    h("td.num.points", {}, String(row.points)),
    h("td.num", {}, String(row.score_difference)),
    h("td.num", {}, String(row.played + row.byes)),
  )));
  labelCells($("standings"));
}

function renderRounds(rounds) {
  fill($("rounds"), ...rounds.map((round) => h(
    "div.round",
    { dataset: { round: String(round.round) } },
    h("h3", {}, t("Round {round}", { round: round.round })),
    h("ul", {}, ...round.tables.map(tableItem)),
    round.byes.length ? h("p.byes", {}, t("Bye: {names}", { names: round.byes.join(", ") })) : "",
  )));
}

function tableItem(table) {
  const names = table.players.map((name, seat) => {
    const first = table.ranking && table.ranking[seat] === 0;
    const score = table.returns ? ` (${table.returns[seat]})` : "";
    return h(first ? "span.winner" : "span", {}, name + score);
  });
  const link = table.status === "finished"
    ? h("a.replay-link", { href: `/table/${table.table_id}` }, t("Replay"))
    : table.status === "running"
      ? h("a.play-link", { href: `/table/${table.table_id}` }, t("Play or watch"))
      : h("span.muted", {}, t("stopped"));
  return h("li.tournament-table", { dataset: { table: String(table.table_id), status: table.status } },
    ...names.flatMap((item, i) => (i ? [" – ", item] : [item])), " · ", link);
}

main().catch((err) => toast(err instanceof ApiError ? err.message : String(err)));

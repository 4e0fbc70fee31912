// "How we checked these values" on a rules page: each game's balance figures in brief,
// from /static/rules/balance.json, which `belle balance --all --summary` writes in the same
// run as docs/balance.md (belle/balance/summary.py). Per player count: how many games the
// bots played, how often the first player (or a one-track strategy) won, and how many of
// the balance checks passed, are not yet decided, or failed. Numbers only come from the
// file; every word is the reader's (issue 15).
import { botName } from "./notices.js";
import { currentLanguage } from "./i18n.js";
import { h, t } from "./ui.js";

function percent(value) {
  return value === null || value === undefined ? "–"
    : new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: 0 }).format(value);
}

function when(iso) {
  const date = new Date(String(iso).replace(" UTC", "Z").replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? String(iso)
    : new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long" }).format(date);
}

function runText(run, players) {
  const fair = percent(1 / players);
  if (run.kind === "strategy") {
    return t("a one-track strategy against the {bot} bot won {rate} of its {games} games (fair share {fair})",
      { bot: botName("greedy"), rate: percent(run.strategy_wins.value), games: run.games, fair });
  }
  const who = run.kind === "greedy" ? t("the {bot} bot", { bot: botName("greedy") }) : t("a search bot");
  return t("{who} played itself {games} times and the first player won {rate} (fair share {fair})",
    { who, games: run.games, rate: percent(run.first_player_wins.value), fair });
}

function countItem(players, runs) {
  const shown = runs.filter((run) => run.kind !== "endings");
  const total = (status) => runs.reduce((sum, run) => sum + run.bounds[status], 0);
  return h("li", {},
    h("strong", {}, t("{count} players", { count: players })), ": ",
    shown.map((run) => runText(run, Number(players))).join("; "), ". ",
    t("Checks: {pass} passed, {undecided} not yet decided, {fail} failed.",
      { pass: total("pass"), undecided: total("undecided"), fail: total("fail") }));
}

/** The block for `game`: the sentence at once, the figures when the file has arrived. */
export function balanceSummary(game) {
  const box = h("div.refs.balance", {},
    h("p", {}, t("How we checked these values: bots play the game many times, and Belle's balance report gives how often the holder of each rebuilt value wins.")));
  fetch("/static/rules/balance.json")
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      const counts = data && data.games && data.games[game];
      if (!counts) return;
      box.append(
        h("p", {}, t("Measured on {date}: the first player's wins, each rebuilt value's holders' wins, one-track strategies against the bots, and how games end, each checked against our bounds.", { date: when(data.measured) })),
        h("ul", {}, Object.entries(counts).map(([players, runs]) => countItem(players, runs))),
      );
    })
    .catch(() => {}); // the sentence alone is still true
  return box;
}

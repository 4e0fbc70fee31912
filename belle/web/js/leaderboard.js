// The leaderboard page (/leaderboard/{game}): the best ratings at one game, and links to
// the other games' boards. Without a game in the path, the first installed game.
import { ApiError, games as fetchGames, get } from "./api.js";
import { t } from "./i18n.js";
import { leaderboardUrl, playerLink } from "./players.js";
import { fill, gameText, h, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);

function gameInPath() {
  const parts = location.pathname.replace(/\/+$/, "").split("/");
  return parts.length > 2 ? decodeURIComponent(parts.pop()) : null;
}

async function main() {
  const { games } = await fetchGames();
  const game = gameInPath() || (games[0] && games[0].id);
  fill($("board-games"), games.map((g) => h(
    "a.rank-game" + (g.id === game ? ".current" : ""),
    { href: leaderboardUrl(g.id), dataset: { game: g.id } },
    gameText(g.title),
  )));
  if (!game) return showEmpty(t("No games are installed."));
  let board;
  try {
    board = await get(`/api/leaderboard/${encodeURIComponent(game)}`);
  } catch (err) {
    fill($("board-title"), t("Leaderboard"));
    return showEmpty(err.message);
  }
  document.title = t("{game} leaderboard — Belle", { game: gameText(board.title) });
  fill($("board-title"), t("{game} leaderboard", { game: gameText(board.title) }));
  const body = $("board").querySelector("tbody");
  fill(body, board.players.map((p) => h(
    "tr",
    { dataset: { player: p.name } },
    h("td.num", {}, String(p.position)),
    h("td", {}, playerLink(p.name)),
    h("td.num.rating", {}, String(p.rating)),
    h("td.num.games", {}, String(p.games)),
  )));
  if (!board.players.length) showEmpty(t("No rated game yet: games between people, without bots, count."));
}

function showEmpty(text) {
  $("board").hidden = true;
  const empty = $("board-empty");
  empty.hidden = false;
  fill(empty, text);
}

main().catch((err) => toast(err instanceof ApiError ? err.message : String(err)));

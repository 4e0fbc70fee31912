// The tournaments page (/tournaments): every tournament, and the form that creates one
// (game, Swiss or round robin, rounds, players per table, live or turn-based, clock).
import { ApiError, games as fetchGames, get, me, post } from "./api.js";
import { clockFields, readClock } from "./clock.js";
import { fill, gameText, h, t, toast } from "./ui.js";
import { systemName, statusName } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);

async function main() {
  const [player, catalogue, listed] = await Promise.all([me(), fetchGames(), get("/api/tournaments")]);
  renderList(listed.tournaments);
  const form = $("tournament-form");
  if (!player) {
    $("create-signin").hidden = false;
    form.hidden = true;
    return;
  }
  const games = catalogue.games;
  fill($("t-game"), ...games.map((g) => h("option", { value: g.id }, gameText(g.title))));
  $("t-clock").append(clockFields());
  const sizes = () => {
    const game = games.find((g) => g.id === $("t-game").value);
    const counts = [];
    for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
    fill($("t-size"), ...counts.map((n) => h("option", { value: String(n) }, String(n))));
  };
  $("t-game").addEventListener("change", sizes);
  sizes();
  $("t-system").addEventListener("change", () => {
    $("t-rounds-field").hidden = $("t-system").value !== "swiss";
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      name: $("t-name").value,
      game: $("t-game").value,
      system: $("t-system").value,
      rounds: parseInt($("t-rounds").value, 10),
      table_size: parseInt($("t-size").value, 10),
      mode: $("t-mode").value,
      ...readClock(form),
    };
    try {
      const made = await post("/api/tournaments", body);
      location.href = `/tournament/${made.tournament.id}`;
    } catch (err) {
      toast(err.message);
    }
  });
}

function renderList(tournaments) {
  fill($("tournaments").querySelector("tbody"), ...tournaments.map((item) => h(
    "tr",
    { dataset: { tournament: String(item.id) } },
    h("td", {}, h("a", { href: `/tournament/${item.id}` }, item.name)),
    h("td", {}, gameText(item.title)),
    h("td", {}, systemName(item.system)),
    h("td", {}, statusName(item.status)),
  )));
  $("tournaments").hidden = !tournaments.length;
  $("tournaments-empty").hidden = !!tournaments.length;
}

main().catch((err) => toast(err instanceof ApiError ? err.message : String(err)));

// An invitation link, /invite/<token> (issue 20 item 1): shows the table it invites to;
// someone who arrives for the first time picks a name here, then sits down at once.
import { get, me, post } from "./api.js";
import { attempt, fill, gameText, t, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
const token = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());

async function main() {
  const path = `/api/invite/${encodeURIComponent(token)}`;
  const [player, invitation] = await Promise.all([attempt(me), get(path).catch((err) => err)]);
  if (invitation instanceof Error) {
    fill($("invite-table"), t("This invitation link is not valid any more: it may have been withdrawn, used by someone else, or its table may be over."));
    return;
  }
  const table = invitation.table;
  const host = table.host || table.created_by;
  fill($("invite-table"), t("{host} invites you to {game} for {n} players.", { host, game: gameText(table.title), n: table.players }));
  $("invite-table").classList.remove("empty");
  const form = $("invite-form");
  form.hidden = false;
  if (player) {
    $("invite-name-label").hidden = true;
    $("invite-sit").textContent = t("Sit down as {name}", { name: player.name });
  } else {
    $("invite-name").required = true;
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!player) {
      const name = $("invite-name").value.trim();
      if (!(await attempt(() => post("/api/session", { name })))) return;
    }
    const joined = await attempt(() => post(path, { sit: true }));
    if (joined) location.href = `/table/${joined.id}`;
  });
}

main().catch((err) => toast(err.message || String(err)));

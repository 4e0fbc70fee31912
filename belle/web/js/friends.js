// The lobby's friends panel (issue 20 item 2): follow a player by name; who of them is
// online, at which tables (the ones you may see), and whose turn-based tables wait for
// them; your invitations (to tables, and the rematches offered to you) and the tables
// waiting for your move. Re-read from
// /api/friends when the lobby socket says `friends` or `invited`.
import { del, get, post } from "./api.js";
import { playerLink } from "./players.js";
import { attempt, fill, h, t } from "./ui.js";

/** Draw the panel into `box` for the signed-in `player` (hide it for nobody). */
export async function renderFriends(box, player) {
  box.hidden = !player;
  if (!player) return;
  const data = await attempt(() => get("/api/friends"));
  if (!data) return;
  const name = h("input", { name: "follow", id: "follow-name", maxlength: 24, required: true, "aria-label": t("Player name"), placeholder: t("Player name") });
  const form = h("form.follow-form", {
    onsubmit: async (event) => {
      event.preventDefault();
      if (await attempt(() => post("/api/follows", { name: name.value.trim() }))) renderFriends(box, player);
    },
  }, name, " ", h("button", { type: "submit" }, t("Follow")));
  fill(
    box,
    h("h2", {}, t("Friends")),
    invitationList(data),
    data.waiting_for_you.length ? h("p.waiting-for-you", {}, t("Waiting for your move:"), " ",
      data.waiting_for_you.map((w, i) => [i ? ", " : null, h("a", { href: `/table/${w.table}` }, t("table {n}", { n: w.table }))])) : null,
    data.following.length
      ? h("ul.friends-list", { id: "friends-list" }, data.following.map((f) => friendItem(f, box, player)))
      : h("p.empty", {}, t("You follow nobody yet: follow a player to see when they are online.")),
    form,
  );
}

/** The rematches offered to me, then the tables I was invited to (null: none). */
function invitationList(data) {
  const rematches = data.rematches || [];
  if (!rematches.length && !data.invitations.length) return null;
  const offer = (r) => h("li.rematch-offer", { dataset: { table: String(r.table) } },
    h("a", { href: `/table/${r.table}` }, t("{name} offers a rematch of table {n}", { name: r.by, n: r.table })));
  const invitation = (i) => h("li", {}, h("a", { href: `/table/${i.table}` },
    i.by ? t("{name} invites you to table {n}", { name: i.by, n: i.table }) : t("Table {n}", { n: i.table })));
  return h("div.invitations", {}, h("h3", {}, t("Invitations")),
    h("ul", {}, rematches.map(offer), data.invitations.map(invitation)));
}

function friendItem(friend, box, player) {
  const where = friend.tables.map((id, i) => [i ? ", " : null, h("a", { href: `/table/${id}` }, t("table {n}", { n: id }))]);
  const waiting = friend.waiting.map((id, i) => [i ? ", " : null, h("a", { href: `/table/${id}` }, t("table {n}", { n: id }))]);
  return h(
    "li.friend" + (friend.online ? ".online" : ""),
    { dataset: { name: friend.name } },
    h("span.presence", { "aria-hidden": "true" }, friend.online ? "●" : "○"), " ",
    playerLink(friend.name), " ",
    h("span.muted", {}, friend.online ? t("online") : t("offline")),
    where.length ? [" · ", t("at"), " ", where] : null,
    waiting.length ? [" · ", t("their move at"), " ", waiting] : null,
    " ",
    h("button.quiet", {
      type: "button",
      onclick: async () => { if (await attempt(() => del(`/api/follows/${encodeURIComponent(friend.name)}`))) renderFriends(box, player); },
    }, t("Unfollow")),
  );
}

/** A button that starts a guided first game of `game` against bots (item 5). */
export function learnButton(game, title) {
  return h("button.quiet.learn", {
    type: "button",
    dataset: { learn: game },
    title: t("A first game of {game} against bots, with the rules shown as they come up", { game: title }),
    onclick: async () => {
      const table = await attempt(() => post(`/api/learn/${encodeURIComponent(game)}`));
      if (table) location.href = `/table/${table.id}`;
    },
  }, t("Learn by playing"));
}

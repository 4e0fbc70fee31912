// Seat controls of an open table (join, leave; for its host: add or remove a bot, ask a
// person to leave, hand the table on, start, close), shared by the lobby's table cards
// and the table page.
import { post, del } from "./api.js";
import { h, attempt, botName, mySeat, sameName, seatLabel, t } from "./ui.js";

/**
 * The seats of `table` as a list with buttons. `changed(table?)` is called after a
 * successful request (with the new summary when the server returns one).
 */
export function seatControls(table, player, bots, changed) {
  const open = table.status === "open";
  const mine = mySeat(table, player);
  const hostName = table.host ?? creatorName(table);
  const host = Boolean(player) && sameName(hostName, player.name);
  const call = (fn) => attempt(async () => {
    const result = await fn();
    changed(result && result.seats ? result : (result && result.table) || null);
  });
  const botChoice = (seat) => {
    const select = h("select", { "aria-label": t("Bot for seat {n}", { n: seat + 1 }) }, bots.map((b) => h("option", { value: b }, botName(b))));
    select.value = bots.includes("medium") ? "medium" : bots[0];
    return h(
      "span.bot-pick",
      {},
      select,
      h("button.add-bot", {
        type: "button",
        title: t("Put a bot in this seat"),
        onclick: () => call(() => post(`/api/tables/${table.id}/bots`, { bot: select.value, seat })),
      }, t("+ bot")),
    );
  };
  const rows = (table.seats || []).map((seat) => {
    const isMe = seat.seat === mine;
    const actions = [];
    if (open && player) {
      if (seat.kind === "empty") {
        if (mine === null) {
          actions.push(h("button.join", {
            type: "button",
            onclick: () => call(() => post(`/api/tables/${table.id}/join`, { seat: seat.seat })),
          }, t("Sit here")));
        }
        if (host) actions.push(botChoice(seat.seat));
      } else if (seat.kind === "bot" && host) {
        actions.push(h("button.remove-bot.quiet", {
          type: "button",
          title: t("Remove this bot"),
          onclick: () => call(() => del(`/api/tables/${table.id}/bots/${seat.seat}`)),
        }, t("remove")));
      } else if (isMe) {
        actions.push(h("button.leave.quiet", {
          type: "button",
          onclick: () => call(() => post(`/api/tables/${table.id}/leave`)),
        }, t("Leave")));
      } else if (seat.kind === "human" && host) {
        actions.push(h("button.kick.quiet", {
          type: "button",
          title: t("Ask this player to leave: they cannot sit at this table again"),
          onclick: () => {
            if (!window.confirm(t("Ask {name} to leave this table?", { name: seatLabel(seat) }))) return;
            call(() => post(`/api/tables/${table.id}/kick`, { seat: seat.seat }));
          },
        }, t("Ask to leave")));
        actions.push(h("button.hand-on.quiet", {
          type: "button",
          title: t("Make this player the table's host: they will manage seats and start the game"),
          onclick: () => call(() => post(`/api/tables/${table.id}/host`, { seat: seat.seat })),
        }, t("Make host")));
      }
    }
    return h(
      "li.seat.seat-" + seat.kind + (isMe ? ".me" : ""),
      { dataset: { seat: String(seat.seat) } },
      h("span.seat-no", {}, t("Seat {n}", { n: seat.seat + 1 })),
      h("span.seat-name", {}, seatLabel(seat), isMe ? " " + t("(you)") : ""),
      actions,
    );
  });
  const full = (table.seats || []).every((seat) => seat.kind !== "empty");
  const seated = (table.seats || []).filter((seat) => seat.kind !== "empty").length;
  const fewest = table.min_players || table.players;
  // REQ-PP-2: the host may start with fewer than the seats, the empty ones left out;
  // while the host holds no seat, so may anyone seated (the server's Hosting.may_start).
  const hostSeated = (table.seats || []).some((seat) => seat.kind === "human" && sameName(seat.name, hostName));
  const starter = host || (!hostSeated && mine !== null);
  const mayStart = open && player && starter && (full || seated >= fewest);
  return h(
    "div.seat-controls",
    {},
    h("ul.seats", {}, rows),
    open && mayStart
      ? h("button.start.primary", {
        type: "button",
        onclick: () => call(() => post(`/api/tables/${table.id}/start`)),
      }, full ? t("Start the game") : t("Start with {n} players", { n: seated }))
      : null,
    open && !full ? h("p.hint", {}, hostSeated
      ? t("The host starts the game once at least {n} players are seated; empty seats are then left out.", { n: fewest })
      : t("Anyone seated may start the game once at least {n} players are seated; empty seats are then left out.", { n: fewest })) : null,
    open && host
      ? h("button.close-table.quiet", {
        type: "button",
        title: t("Close this table: it will never start and leaves the lobby"),
        onclick: () => {
          if (!window.confirm(t("Close table #{id}? It will never start.", { id: table.id }))) return;
          call(() => post(`/api/tables/${table.id}/close`));
        },
      }, t("Close table"))
      : null,
  );
}

function creatorName(table) {
  const by = table.created_by;
  if (by && typeof by === "object") return by.name;
  return typeof by === "string" ? by : null;
}

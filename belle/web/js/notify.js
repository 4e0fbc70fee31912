// "Your turn" in the browser (issue 10 item 4): the page title while it is my turn, a
// system notification when the page is hidden (if the player allowed it with the
// "Notify me" button), and the "Next table waiting for me (N)" button, which opens the
// running table that has waited longest for my move (GET /api/me/next).
import { get } from "./api.js";
import { t } from "./i18n.js";
import { fill, gameText, h } from "./ui.js";

const REFRESH_MS = 30000;
const turn = { mine: null, tableId: null };
const next = { box: null, exclude: null, timer: null, player: false };

/** Called by the table page whenever it draws the turn: `mine` is whether I am to move;
 * `title` is the page title otherwise. Notifies when my turn begins. */
export function showTurn(mine, { title, game, tableId }) {
  document.title = mine ? t("● Your turn — {game} — Belle", { game }) : title;
  const began = mine && turn.mine === false;
  const changed = turn.mine !== null && mine !== turn.mine;
  turn.mine = mine;
  turn.tableId = tableId;
  if (began) notifyTurn(game, tableId);
  if (changed) refreshNext();
}

function notifyTurn(game, tableId) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const note = new Notification(t("Your turn at {game}", { game }), {
      body: t("Table #{id} is waiting for your move.", { id: tableId }),
      tag: `belle-turn-${tableId}`,
    });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (err) {
    console.warn("no notification", err); // e.g. a browser that only allows them from a service worker
  }
}

/** The "Notify me" control: asks for permission on click (browsers require a click). */
export function notifyMeControl() {
  const box = h("span.notify-me");
  const render = () => {
    if (!("Notification" in window) || Notification.permission === "denied") {
      fill(box);
    } else if (Notification.permission === "granted") {
      fill(box, h("span.muted", { title: t("A notification tells you when your turn comes while this page is hidden.") }, t("Notifications on")));
    } else {
      fill(box, h("button.quiet", {
        type: "button",
        id: "notify-me",
        title: t("Show a notification when your turn comes while this page is hidden"),
        onclick: async () => {
          try {
            await Notification.requestPermission();
          } finally {
            render();
          }
        },
      }, t("Notify me")));
    }
  };
  render();
  return box;
}

/** Keep the "Next table waiting for me (N)" button in `box`, for the signed-in player;
 * `exclude` is the table this page shows (never proposed). */
export function nextTableButton(box, { signedIn, exclude = null }) {
  next.box = box;
  next.exclude = exclude;
  next.player = signedIn;
  clearInterval(next.timer);
  if (!signedIn) {
    fill(box);
    return;
  }
  next.timer = setInterval(refreshNext, REFRESH_MS);
  refreshNext();
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refreshNext();
});

let refreshing = null;
export async function refreshNext() {
  if (!next.box || !next.player) return;
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      renderNext(await get("/api/me/next"));
    } catch {
      // signed out meanwhile or offline: keep the last answer
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function renderNext(data) {
  const others = (data.tables || []).filter((table) => String(table.id) !== String(next.exclude));
  const excluded = (data.tables || []).length - others.length;
  const count = Math.max(0, (data.waiting || 0) - excluded);
  const target = others[0];
  fill(next.box, h("button.next-table", {
    type: "button",
    id: "next-table",
    disabled: !target,
    dataset: { count: String(count), table: target ? String(target.id) : "" },
    title: target ? t("{game}, table #{id}: waiting for your move", { game: gameText(target.title), id: target.id }) : t("No other table is waiting for your move"),
    onclick: () => {
      if (target) location.href = `/table/${target.id}`;
    },
  }, t("Next table waiting for me ({n})", { n: count })));
}

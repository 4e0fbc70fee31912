// Moderation in the browser: a report button on every chat line said by someone else
// (POST /api/chat/{id}/report), lines of the players you blocked hidden, and
// blockPlayer / unblockPlayer for the player page (/api/me/blocks).
import { del, get, post } from "./api.js";
import { h, t, toast } from "./ui.js";

let me = null;
let blocked = new Set();

async function load() {
  try {
    const who = await get("/api/me");
    me = who.player || who;
    blocked = new Set((await get("/api/me/blocks")).blocked.map((n) => n.toLowerCase()));
  } catch {
    me = null; // not signed in: nothing to report or block
  }
}

function decorate(item) {
  if (!(item instanceof HTMLElement) || !item.dataset.chat || item.dataset.moderated) return;
  item.dataset.moderated = "1";
  const from = item.dataset.from || "";
  if (blocked.has(from.toLowerCase())) {
    item.hidden = true;
    return;
  }
  if (!me || from.toLowerCase() === (me.name || "").toLowerCase()) return;
  const button = h("button.chat-report", {
    type: "button",
    title: t("Report this line to the operator"),
    "aria-label": t("Report this line to the operator"),
  }, "⚑");
  button.addEventListener("click", async () => {
    const reason = prompt(t("Why do you report this line? (optional)"));
    if (reason === null) return;
    try {
      await post(`/api/chat/${item.dataset.chat}/report`, { reason });
      toast(t("Thank you: the operator will read it."), "info");
      button.disabled = true;
    } catch (err) {
      toast(err.message);
    }
  });
  item.append(" ", button);
}

export async function watchChat(root = document.body) {
  await load();
  for (const item of root.querySelectorAll("li[data-chat]")) decorate(item);
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) decorate(node);
  }).observe(root, { childList: true, subtree: true });
}

export async function blockPlayer(name) {
  const answer = await post("/api/me/blocks", { name });
  blocked = new Set(answer.blocked.map((n) => n.toLowerCase()));
  return answer.blocked;
}

export async function unblockPlayer(name) {
  const answer = await del(`/api/me/blocks/${encodeURIComponent(name)}`);
  blocked = new Set(answer.blocked.map((n) => n.toLowerCase()));
  return answer.blocked;
}

/** A Block / Unblock button for `name` (the player page), or null for oneself. */
export async function blockButton(name) {
  await load();
  if (!me || name.toLowerCase() === (me.name || "").toLowerCase()) return null;
  let on = blocked.has(name.toLowerCase());
  const button = h("button.block-toggle", { type: "button" });
  const label = () => { button.textContent = on ? t("Unblock") : t("Block this player"); };
  button.addEventListener("click", async () => {
    try {
      await (on ? unblockPlayer(name) : blockPlayer(name));
      on = !on;
      toast(on ? t("Blocked: they cannot join your tables or write to you.") : t("Unblocked."), "info");
    } catch (err) {
      toast(err.message);
    }
    label();
  });
  label();
  return button;
}

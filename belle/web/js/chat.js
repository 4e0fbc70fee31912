// A chat panel: the lines of a room and an input. Lines starting with "/" are commands
// (at a table /join [seat], /leave, /start, /bot NAME, /help; in the lobby the same with
// the table's number first); the server runs them.
import { h, fill, t } from "./ui.js";
import { noticeText } from "./notices.js";

const TOOK_BACK = "took back: "; // the server's undo line (belle/server/undo.py)

/** A line the table wrote: "Ana took back: build R". */
function systemText(from, text) {
  if (text.startsWith(TOOK_BACK)) {
    return t("{name} took back: {action}", { name: from, action: text.slice(TOOK_BACK.length) });
  }
  return from ? `${from} ${text}` : text;
}

const HELP = t("Commands: /join [seat], /leave, /start, /bot NAME (e.g. /bot greedy), /help");
export const LOBBY_HELP =
  t("Commands: /join ID [seat], /leave ID, /start ID, /bot ID NAME (e.g. /bot 12 greedy), /help — ID is the table's number");

export class Chat {
  /** `send(text)` delivers a line to the server; `commands`: true for the table's help
   * line, a string for another one, false for none. */
  constructor(container, { send, title = t("Chat"), commands = true }) {
    this.send = send;
    this.list = h("ol.chat-lines", { "aria-live": "polite", tabindex: "0", "aria-label": title });
    this.input = h("input", {
      type: "text",
      maxLength: 500,
      placeholder: commands ? t("Say something, or /help") : t("Say something"),
      "aria-label": t("Chat message"),
      autocomplete: "off",
    });
    const form = h(
      "form.chat-form",
      { onsubmit: (e) => this.submit(e) },
      this.input,
      h("button", { type: "submit" }, t("Send")),
    );
    fill(container, h("h2", {}, title), this.list, form);
    container.classList.add("chat");
    this.help = typeof commands === "string" ? commands : commands ? HELP : null;
    if (this.help) this.system(this.help);
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    this.input.value = "";
    this.send(text);
  }

  /** Replace every line (from a `sync`). */
  reset(lines) {
    this.list.replaceChildren();
    if (this.help) this.system(this.help);
    for (const line of lines || []) this.add(line);
  }

  /** Add one line: {from, text, at} (from null/"" = the table itself; `system: true`:
   * a line the table wrote about a player, such as an undo). */
  add(line) {
    const from = line.from ?? line.name ?? null;
    if (line.notice) { // the table's own line, worded in the reader's language
      const kind = line.notice === "took_back" ? "li.system.notice-line.undo-line" : "li.system.notice-line";
      this.addItem(h(kind, { dataset: { notice: line.notice } },
        noticeText(line.notice, line.params, line.text)), line.at);
      return;
    }
    if (line.system) {
      this.addItem(h("li.system.undo-line", {}, systemText(from, line.text)), line.at);
      return;
    }
    const item = h(
      "li" + (from ? "" : ".system"),
      { dataset: line.id && from ? { chat: String(line.id), from } : {} }, // moderation.js
      from ? h("b", {}, from + ": ") : null,
      line.text,
    );
    this.addItem(item, line.at);
  }

  addItem(item, at) {
    if (at) item.title = new Date(typeof at === "number" ? at * 1000 : at).toLocaleString();
    this.list.append(item);
    while (this.list.children.length > 200) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  system(text) {
    this.add({ from: null, text });
  }
}

// Small DOM helpers shared by the lobby and the table (no framework, no build step).
import { currentLanguage, engineText, fieldText, hasEngineText, serverText, t, tData } from "./i18n.js";
import { botName, noticeText } from "./notices.js";

export { botName, engineText, fieldText, t, tData };

/** Create an element: h("button.primary", {onclick}, "Start"). */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  append(el, children); // before attributes, so a <select>'s value finds its option
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "value") el.value = value;
    else if (key in el && key !== "list" && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * Label each body cell of `table` with its column's header (data-label), so a phone shows
 * the rows as stacked lines of "header: value" (css: .rank-table.stacked). A header with
 * data-stack="head" heads its row instead (no label); data-stack="bare": no label.
 */
export function labelCells(table) {
  const heads = [...table.querySelectorAll("thead th")];
  for (const row of table.querySelectorAll("tbody tr")) {
    [...row.cells].forEach((cell, i) => {
      const th = heads[i];
      if (!th) return;
      if (th.dataset.stack === "head") cell.classList.add("stack-head");
      else if (th.dataset.stack !== "bare" && th.textContent.trim()) cell.dataset.label = th.textContent.trim();
    });
  }
  return table;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an SVG element with attributes. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * An SVG text that never runs out of its box: when `text` at `size` would be wider than
 * `max` units (estimated at 0.56 em a character), it is condensed to exactly `max`.
 */
export function fitText(text, { max, size = 14, ...attrs }) {
  const value = String(text);
  const wide = value.length * size * 0.56 > max;
  return s("text", { ...attrs, "font-size": size, textLength: wide ? max : null, lengthAdjust: wide ? "spacingAndGlyphs" : null }, value);
}

/**
 * Let SVG controls that show text be named by that text: an aria-label that differs from
 * the visible words would confuse people who speak commands (axe:
 * label-content-name-mismatch). Controls without words keep their aria-label.
 */
export function nameControlsByText(root) {
  for (const el of root.querySelectorAll("svg [role=button][aria-label]")) {
    if (el.querySelector("text")) el.removeAttribute("aria-label");
  }
  return root;
}

/** A transient message at the bottom of the page. */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div.toast." + kind, {}, message);
  box.append(item);
  setTimeout(() => item.remove(), 5000);
}

/** The operator banned this player: say so at the top of the page, for good (the
 * server closed the page's socket with BANNED_CLOSE, belle.server.moderation.bans). */
export function showBanned() {
  if (document.getElementById("banned")) return;
  document.body.prepend(h("div.banned-notice", { id: "banned", role: "alert" },
    t("The operator has banned you: your connection was closed and you can no longer play or chat here.")));
}

/** Run an async UI action, showing its error as a toast. */
export async function attempt(fn) {
  try {
    return await fn();
  } catch (err) {
    toast(err.message || String(err));
    return undefined;
  }
}

export function timeAgo(iso) {
  if (!iso) return "";
  const then = typeof iso === "number" ? iso * (iso < 1e12 ? 1000 : 1) : Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const secs = Math.max(0, (Date.now() - then) / 1000);
  if (secs < 60) return t("just now");
  if (secs < 3600) return t("{n} min ago", { n: Math.floor(secs / 60) });
  if (secs < 86400) return t("{n} h ago", { n: Math.floor(secs / 3600) });
  return t("{n} d ago", { n: Math.floor(secs / 86400) });
}

export function sameName(a, b) {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/** The seat `player` holds at `table`, or null. */
export function mySeat(table, player) {
  if (!table || !player) return null;
  for (const seat of table.seats || []) {
    if (seat.kind !== "human") continue;
    if ((seat.player_id !== undefined && seat.player_id === player.id) || sameName(seat.name, player.name)) {
      return seat.seat;
    }
  }
  return null;
}

export function seatLabel(seat) {
  if (!seat) return "";
  if (seat.kind === "empty") return t("empty");
  if (seat.kind === "bot") {
    // A label starts with a capital ("Random bot 2", "Bot aléatoire 2"); German also
    // writes the level as a name ("Bot Zufällig 2").
    const level = botName(seat.bot || seat.name || "bot");
    const bot = currentLanguage() === "de" ? level[0].toUpperCase() + level.slice(1) : level;
    const label = t("{bot} bot {seat}", { bot, seat: seat.seat + 1 });
    return label[0].toUpperCase() + label.slice(1);
  }
  return seat.name;
}


/** Text of a game's title, summary or option help: sent by the server in English. */
export const gameText = tData;

/** Whether this page's catalogues word `refusal` (a newer server's id: its English). */
function knownRefusal(refusal) {
  if (!refusal || typeof refusal.id !== "string") return false;
  return hasEngineText(refusal.id.startsWith("engine.") ? "engine" : refusal.game, refusal.id);
}

/**
 * What to show for a refusal from the server: the engine's own refusal of a move
 * (`refusal`, {game, id, params}: worded from the game's catalogue, seats named by
 * `names`) or a notice when it has one; else the server's message in the reader's
 * language when the catalogue has it (the message is its own msgid, or `template` with
 * `params` when it names values: belle/server/errors.py); else in English the server's
 * own message; in another language a translated sentence for its error code, falling
 * back to the server's message for a code this table does not know.
 */
export function errorText(code, message, notice, params, refusal, names, template) {
  if (knownRefusal(refusal)) return engineText(refusal.game, refusal, { names });
  if (notice) return noticeText(notice, params, message); // a sentence of its own
  const translated = serverText(template || message || "", params || {});
  if (translated) return translated;
  if (currentLanguage() === "en" && message) return message;
  const texts = {
    network: t("The server cannot be reached. Is it running?"),
    not_signed_in: t("Pick a name in the lobby first."),
    bad_password: t("Wrong password for this name."),
    not_seated: t("You do not have a seat at this table."),
    not_found: t("Not found: it may have been removed."),
    not_your_turn: t("It is not your turn."),
    stale: t("The table moved on; the page is being updated."),
    table_full: t("This seat or table is already taken."),
    not_ready: t("The game cannot start yet: too few players are seated."),
    not_open: t("This table is no longer open."),
    game_over: t("The game is over."),
    name_taken: t("This name is kept by someone else: enter its password or pick another."),
    illegal: t("That move is not allowed now."),
    malformed: t("The request was not understood."),
    unknown_type: t("The request was not understood."),
    bad_options: t("Some of the values given are not allowed."),
    bad_name: t("Names have 1–24 letters, digits, spaces, _ - ."),
    too_large: t("The message is too long."),
    rate_limited: t("Too many requests: wait a moment."),
    too_many_tables: t("You have too many tables open."),
    blocked: t("A player there has blocked you."),
    muted: t("The operator has muted you: you cannot chat."),
    banned: t("The operator has banned this name."),
  };
  return texts[code] || message || code;
}

// Interface strings: t("English text {name}", {name}) returns the text in the reader's
// language, with {placeholders} filled in. Every visible string of the interface goes
// through t() (HTML elements carry data-i18n="English text", attributes
// data-i18n-title="…" and the like), so `python -m belle.i18n extract` finds them all and
// `python -m belle.i18n check` fails when one lacks a translation.
//
// This module loads the catalogue before anything that imports it runs (a top-level
// await), so t() stays synchronous. The language is the reader's choice from the menu in
// the header (cookie belle_lang, read by the server), else the server's pick from
// Accept-Language. Messages missing from the catalogue show in English.
//
// Engine text (card names and effects, prompts, score details, end reasons) arrives in
// views as messages, {id, params}, keyed per game (belle/i18n/text.py); engineText(game,
// message) shows one in the reader's language from the games' catalogues, which come with
// the interface's (English templates where a translation is missing). Ids under "engine."
// are the engine's own (the refusals every game shares, belle/engine/texts.py): any game's
// message may name one, its nested parameters still the game's.

const COOKIE = "belle_lang";
let catalogue = {};
let engine = {}; // game → message id → text
let language = "en";
let languages = { en: "English" };

export function setCatalogue(messages) {
  catalogue = messages || {};
}

export function setEngineCatalogue(games) {
  engine = games || {};
}

const isMessage = (value) => value && typeof value === "object" && typeof value.id === "string";

/** A number as the reader writes it ("−5", "2,5"); integers need no locale. */
function numberText(value) {
  if (Number.isInteger(value)) return value < 0 ? `−${-value}` : String(value);
  return value.toLocaleString(language);
}

/** One parameter of an engine message: a number, a string shown as it is, a nested
 * message, {seat: n} (the seat's player: ctx.names[n]) or a list of these. */
function paramText(game, value, ctx) {
  if (typeof value === "number") return numberText(value);
  if (Array.isArray(value)) return value.map((item) => paramText(game, item, ctx)).join(", ");
  if (isMessage(value)) return engineText(game, value, ctx);
  if (value && typeof value === "object" && "seat" in value) {
    const n = Number(value.seat);
    return (ctx.names && ctx.names[n]) || t("Player {n}", { n: n + 1 });
  }
  return value === null || value === undefined ? "" : String(value);
}

/** An engine message ({id, params}, or a field's id with its object's params) in the
 * reader's language; `ctx.names` names seats. A plain string is shown as it is. */
export function engineText(game, message, ctx = {}) {
  if (message === null || message === undefined) return "";
  if (!isMessage(message)) return String(message);
  const texts = (message.id.startsWith("engine.") ? engine.engine : engine[game]) || {};
  const template = Object.hasOwn(texts, message.id) ? texts[message.id] : message.id;
  const params = message.params || {};
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? paramText(game, params[key], ctx) : whole));
}

/** Whether `game`'s catalogue has the message `id` (a renderer's optional texts). */
export function hasEngineText(game, id) {
  return Object.hasOwn(engine[game] || {}, id);
}

/** The text of `item[field]`: its message (`<field>_id` with the item's `params`) in the
 * reader's language, else the field as it is. */
export function fieldText(game, item, field, ctx = {}) {
  if (!item) return "";
  const id = item[`${field}_id`];
  if (typeof id === "string") return engineText(game, { id, params: item.params || {} }, ctx);
  return isMessage(item[field]) ? engineText(game, item[field], ctx) : item[field] ?? "";
}

/** A server's refusal (belle/server/errors.py) in the reader's language: its English
 * message or template is the msgid (extracted from the server's source, not from here),
 * filled with `params`; null when the catalogue does not translate it. */
export function serverText(msgid, params = {}) {
  const text = catalogue[msgid];
  if (!text) return null;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export function t(msgid, params = {}) {
  const text = catalogue[msgid] || msgid;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** Translate text that arrives as data (game titles, summaries, option help: English
 * from the server, extracted from the game registry). */
export function tData(text) {
  return (text && catalogue[text]) || text;
}

/** The language the page is shown in ("en", "de", "fr", "es"). */
export function currentLanguage() {
  return language;
}

/** Show the interface in `lang` from now on (this browser), reloading the page. */
export function chooseLanguage(lang) {
  document.cookie = `${COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

/** Translate the static HTML: data-i18n (text) and data-i18n-<attribute>. */
export function translateDocument(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = tData(el.dataset.i18n);
  for (const el of root.querySelectorAll("*")) {
    for (const attr of [...el.attributes]) {
      if (attr.name.startsWith("data-i18n-")) el.setAttribute(attr.name.slice(10), tData(attr.value));
    }
  }
}

function languageMenu() {
  const header = document.querySelector("header.masthead");
  if (!header || document.getElementById("lang-menu")) return;
  const select = document.createElement("select");
  select.id = "lang-menu";
  select.className = "lang-menu";
  select.setAttribute("aria-label", t("Language"));
  select.title = t("Language");
  for (const [code, name] of Object.entries(languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = language;
  select.addEventListener("change", () => chooseLanguage(select.value));
  header.append(select);
}

async function load() {
  try {
    const response = await fetch("/api/i18n", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (response.ok) {
      const data = await response.json();
      language = data.lang || "en";
      languages = data.languages || languages;
      setCatalogue(data.messages);
      setEngineCatalogue(data.games);
    }
  } catch {
    // offline or an old server: English
  }
  if (typeof document !== "undefined") {
    document.documentElement.lang = language;
    translateDocument();
    languageMenu();
  }
}

await load();

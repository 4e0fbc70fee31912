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

const COOKIE = "belle_lang";
let catalogue = {};
let language = "en";
let languages = { en: "English" };

export function setCatalogue(messages) {
  catalogue = messages || {};
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

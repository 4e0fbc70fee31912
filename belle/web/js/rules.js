// The rules pages: /static/rules.html?game=<id>#<anchor>, drawn from
// /static/rules/<lang>/<id>.json in the reader's language, or /static/rules/<id>.json (English)
// when that language has no translation of the game's rules yet.
//
// Every section has a short summary and a full text. The reader chooses what to show —
// short summary only, full text only, or both — as the City of Light rulebook offers
// (shared/seeds/city_of_light.de.txt, first lines); the choice is kept in localStorage.
// Values the rulebooks do not give are listed in one collapsible section at the end, "How
// we rebuilt this game", taken from the reconstruction list of docs/games/<id>.md
// (tests/web/test_rules_data.py checks that every row there has its entry here); a rule
// that uses such a value links to it. Rule numbers, file paths and gap ids stay in the
// data for implementers and never reach the page (issue 16 item 4).
import { balanceSummary } from "./balance.js";
import { currentLanguage } from "./i18n.js";
import { withoutRuleIds } from "./moves.js";
import { fill, gameText, h, t } from "./ui.js";

export const GAMES = [
  ["paris", "Paris"],
  ["paris_connection", "Paris Connection"],
  ["city_of_light", "Paris: La Cité de la Lumière"],
  ["paris_paris", "Paris Paris"],
  ["bruxelles_1893", "Bruxelles 1893"],
];
export const MODES = ["summary", "full", "both"];
const STORE = "belle:rules:display";
const $ = (id) => document.getElementById(id);

/** The URL of a game's rules, optionally at an anchor. */
export function rulesUrl(game, anchor = "") {
  return `/static/rules.html?game=${encodeURIComponent(game)}${anchor ? "#" + anchor : ""}`;
}

function storedMode() {
  try {
    const mode = localStorage.getItem(STORE);
    return MODES.includes(mode) ? mode : "both";
  } catch {
    return "both";
  }
}

function setMode(mode) {
  document.body.dataset.display = mode;
  try {
    localStorage.setItem(STORE, mode);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

// -- a very small, escaping text format ------------------------------------------
// Paragraphs are strings; a string starting with "- " is a list item (consecutive items
// form one list). Inline: **bold**, *italic*, [text](#anchor) or [text](?game=id#anchor).

/** Plain text with a line-break opportunity after each slash between words: a list such
 * as "newsstand/café/residence/…" wraps on a phone instead of widening the page. */
function breakable(text) {
  const parts = text.split(/(?<=\S\/)(?=\S)/);
  return parts.flatMap((part, i) => (i ? [h("wbr"), part] : [part]));
}

function inline(text) {
  const out = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(((?:\?game=[a-z0-9_]+)?(?:#[a-z0-9-]+)?)\)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(...breakable(text.slice(last, m.index)));
    if (m[1] !== undefined) out.push(h("strong", {}, m[1]));
    else if (m[2] !== undefined) out.push(h("em", {}, m[2]));
    else {
      const href = m[4].startsWith("?") ? "/static/rules.html" + m[4] : m[4];
      out.push(h("a", { href }, m[3]));
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(...breakable(text.slice(last)));
  return out;
}

function blocks(paragraphs) {
  const out = [];
  let list = null;
  for (const para of [].concat(paragraphs || [])) {
    if (para.startsWith("- ")) {
      if (!list) out.push((list = h("ul")));
      list.append(h("li", {}, inline(para.slice(2))));
    } else {
      list = null;
      out.push(h("p", {}, inline(para)));
    }
  }
  return out;
}

// -- the page ----------------------------------------------------------------------

/** One rebuilt value: what it is, what this table uses, and why (no ids, no paths). */
function notice(item) {
  return h(
    "li.reconstructed",
    { id: "rc-" + slug(item.id), dataset: { gap: item.id } },
    h("strong", {}, item.what), ": ",
    inline(withoutRuleIds(item.shown || item.value)), // `shown`: when the docs' cell is not for players
    item.provenance ? ` (${item.provenance})` : "", ".",
    item.note ? h("span.note", {}, " ", inline(withoutRuleIds(item.note))) : null,
  );
}

function slug(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function section(sec, data, level = 2) {
  const rebuilt = (sec.notices || []).filter((id) => (data.reconstructed || []).some((r) => r.id === id));
  return h(
    `section.rule-section.level-${level}`,
    { id: sec.id },
    h(`h${level}`, {}, sec.title, " ", h("a.anchor", { href: "#" + sec.id, title: t("Link to this rule"), "aria-label": t("Link to {section}", { section: sec.title }) }, "¶")),
    sec.summary ? h("div.rule-summary", {}, blocks(sec.summary)) : null,
    sec.full ? h("div.rule-full", {}, blocks(sec.full)) : null,
    rebuilt.length ? h("p.rebuilt-here", {}, h("a", { href: "#rc-" + slug(rebuilt[0]), onclick: () => openRebuilt() },
      t("Some values here are not printed in the rulebooks we have: see “How we rebuilt this game”."))) : null,
    (sec.children || []).map((child) => section(child, data, level + 1)),
  );
}

function reconstructedSection(data) {
  return h(
    "details.rule-section.level-2.rebuilt",
    { id: "reconstructed" },
    h("summary", {}, h("h2", {}, t("How we rebuilt this game"))),
    h("p", {}, t("The rulebooks we had do not give every printed value of the box. Where one is missing, this table uses the value below, chosen to fit the rules and checked by bots playing many games. If you own the game and a value differs, tell us: it is changed in one place.")),
    h("ul.rebuilt-list", {}, (data.reconstructed || []).map((n) => notice(n))),
    balanceSummary(data.game),
  );
}

function openRebuilt() {
  const box = document.getElementById("reconstructed");
  if (box) box.open = true;
}

function toc(data) {
  const item = (sec) => h("li", {}, h("a", { href: "#" + sec.id }, sec.title), sec.children ? h("ul", {}, sec.children.map(item)) : null);
  return h("ol", {}, data.sections.map(item), h("li", {}, h("a", { href: "#reconstructed", onclick: () => openRebuilt() }, t("How we rebuilt this game"))));
}

function showTarget() {
  document.querySelectorAll(".rule-section.target").forEach((el) => el.classList.remove("target"));
  const id = decodeURIComponent(location.hash.slice(1));
  if (id === "reconstructed" || id.startsWith("rc-")) openRebuilt();
  const el = id && document.getElementById(id);
  if (el) {
    el.classList.add("target");
    el.scrollIntoView({ block: "start" });
  }
}

/** The rules in the reader's language, or in English when there is no translation (404). */
async function loadRules(game, title) {
  const lang = currentLanguage();
  if (lang !== "en") {
    const translated = await fetch(`/static/rules/${lang}/${game}.json`).catch(() => null);
    if (translated && translated.ok) {
      document.body.dataset.rulesLang = lang;
      return translated.json();
    }
  }
  const response = await fetch(`/static/rules/${game}.json`);
  if (!response.ok) throw new Error(t("The rules of {game} could not be loaded ({status}).", { game: gameText(title), status: response.status }));
  document.body.dataset.rulesLang = "en";
  return response.json();
}

async function main() {
  const mode = storedMode();
  document.body.dataset.display = mode;
  for (const input of document.querySelectorAll('#display-mode input[name="display"]')) {
    input.checked = input.value === mode;
    input.addEventListener("change", () => input.checked && setMode(input.value));
  }
  const game = new URLSearchParams(location.search).get("game") || "";
  fill($("rules-games"), GAMES.map(([id, title]) => h("a" + (id === game ? ".current" : ""), { href: rulesUrl(id) }, gameText(title))));
  const known = GAMES.find(([id]) => id === game);
  if (!known) {
    fill($("rules"), h("h1", {}, t("Rules of the games")), h("ul.rules-index", {}, GAMES.map(([id, title]) => h("li", {}, h("a", { href: rulesUrl(id) }, gameText(title))))));
    return;
  }
  const data = await loadRules(game, known[1]);
  document.title = t("{game} — rules — Belle", { game: data.title });
  fill($("rules-title"), data.title, h("span.muted", {}, " · ", t("rules")));
  fill(
    $("rules"),
    h("header.rules-head", {}, h("h1", {}, data.title), h("p.meta", {}, data.meta)),
    h("p.how-to-read", {}, t("New to the game? Read the full text and skip the shaded summaries: they are there to bring you back into the game quickly. Use “Show” to keep only one of them.")),
    data.sections.map((sec) => section(sec, data)),
    reconstructedSection(data),
  );
  const narrow = window.matchMedia("(max-width: 800px)").matches;
  fill($("rules-toc"), h("details.toc-box", { open: !narrow }, h("summary", {}, t("Contents")), toc(data)));
  document.body.dataset.ready = "1";
  showTarget();
  window.addEventListener("hashchange", showTarget);
}

main().catch((err) => {
  console.error(err);
  fill($("rules"), h("p.empty", {}, err.message || String(err)));
});

// The rules pages: /static/rules.html?game=<id>#<anchor>, drawn from
// /static/rules/<lang>/<id>.json in the reader's language, or /static/rules/<id>.json (English)
// when that language has no translation of the game's rules yet.
//
// Every section has a short summary and a full text. The reader chooses what to show —
// short summary only, full text only, or both — as the City of Light rulebook offers
// (shared/seeds/city_of_light.de.txt, first lines); the choice is kept in localStorage.
// Values the rulebooks do not give are shown in "Printed value not known" boxes, taken from
// the reconstruction list of docs/games/<id>.md (tests/test_rules_pages_data.py checks that
// every row there has its box here).
import { currentLanguage } from "./i18n.js";
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

function inline(text) {
  const out = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(((?:\?game=[a-z0-9_]+)?(?:#[a-z0-9-]+)?)\)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h("strong", {}, m[1]));
    else if (m[2] !== undefined) out.push(h("em", {}, m[2]));
    else {
      const href = m[4].startsWith("?") ? "/static/rules.html" + m[4] : m[4];
      out.push(h("a", { href }, m[3]));
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
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

function notice(item, data) {
  return h(
    "aside.reconstructed",
    { id: "rc-" + slug(item.id), dataset: { gap: item.id } },
    h("strong", {}, t("Printed value not known")),
    h("span", {}, " — ", t("{what}: this table uses", { what: item.what }), " ", inline(item.value), item.provenance ? ` (${item.provenance})` : "", "."),
    item.note ? h("span.note", {}, " ", inline(item.note)) : null,
    h("small.source", {}, " ", t("Reconstruction {id}, listed in {docs}; correct it in {data}.", { id: item.id, docs: data.sources.docs, data: data.sources.data })),
  );
}

function slug(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function section(sec, data, level = 2) {
  const byId = new Map((data.reconstructed || []).map((r) => [r.id, r]));
  const notices = (sec.notices || []).map((id) => byId.get(id)).filter(Boolean);
  return h(
    `section.rule-section.level-${level}`,
    { id: sec.id },
    h(`h${level}`, {}, sec.title, " ", h("a.anchor", { href: "#" + sec.id, title: t("Link to this rule"), "aria-label": t("Link to {section}", { section: sec.title }) }, "¶")),
    sec.summary ? h("div.rule-summary", {}, blocks(sec.summary)) : null,
    sec.full ? h("div.rule-full", {}, blocks(sec.full)) : null,
    notices.map((n) => notice(n, data)),
    sec.refs ? h("p.refs", {}, t("Reference:"), " ", sec.refs) : null,
    (sec.children || []).map((child) => section(child, data, level + 1)),
  );
}

function reconstructedSection(data) {
  return h(
    "section.rule-section.level-2",
    { id: "reconstructed" },
    h("h2", {}, t("Values this table had to reconstruct"), " ", h("a.anchor", { href: "#reconstructed", "aria-label": t("Link to this list") }, "¶")),
    h("div.rule-summary", {}, h("p", {}, t("The rulebooks we had do not give every printed value. The boxes below say what this table uses instead."))),
    h("div.rule-full", {}, h("p", {}, t("Every value below is tagged \"reconstructed\" in {data}, the one place an owner of the box can correct it; the list is the one in {docs}. Each box also appears next to the rule it affects. Where the rulebook was ambiguous rather than silent, the reading this table follows is written in the rule itself.", { data: data.sources.data, docs: data.sources.docs }))),
    (data.reconstructed || []).map((n) => notice(n, data)),
    h("p.refs.balance", {}, t("How we checked this reconstruction: {doc} (bots play the game many times and report how often each reconstructed value wins).", { doc: `docs/balance.md#${data.game}` })),
  );
}

function toc(data) {
  const item = (sec) => h("li", {}, h("a", { href: "#" + sec.id }, sec.title), sec.children ? h("ul", {}, sec.children.map(item)) : null);
  return h("ol", {}, data.sections.map(item), h("li", {}, h("a", { href: "#reconstructed" }, t("Reconstructed values"))));
}

function showTarget() {
  document.querySelectorAll(".rule-section.target").forEach((el) => el.classList.remove("target"));
  const id = decodeURIComponent(location.hash.slice(1));
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
    h("p.refs", {}, t("The numbered reference for implementers is {rules}; the table's own decisions are in {docs}.", { rules: data.sources.rules, docs: data.sources.docs })),
  );
  fill($("rules-toc"), toc(data));
  document.body.dataset.ready = "1";
  showTarget();
  window.addEventListener("hashchange", showTarget);
}

main().catch((err) => {
  console.error(err);
  fill($("rules"), h("p.empty", {}, err.message || String(err)));
});

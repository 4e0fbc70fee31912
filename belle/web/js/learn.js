// Learning by playing (issue 20 item 5), on a table made by "Learn by playing": the rules
// page's summary shown step by step — the goal and the turn at first, then each rule the
// first time a move it governs is offered — and "Why can't I…?": the server says why a
// move (in the game's notation) is refused now — the engine's own reason in the words of
// the game's rules (State.why_illegal), a message of the game's catalogue worded here in
// the reader's language — and which moves of its kind are legal.
import { currentLanguage, engineText } from "./i18n.js";
import { post } from "./api.js";
import { withoutRuleIds } from "./moves.js";
import { rulesUrl } from "./movelist.js";
import { attempt, fill, h, t } from "./ui.js";

const FIRST = ["goal", "turn"];

async function rulesData(game) {
  const lang = currentLanguage();
  if (lang !== "en") {
    const translated = await fetch(`/static/rules/${lang}/${game}.json`).catch(() => null);
    if (translated && translated.ok) return translated.json();
  }
  const response = await fetch(`/static/rules/${game}.json`);
  return response.ok ? response.json() : null;
}

function flatten(sections, into = new Map()) {
  for (const section of sections || []) {
    into.set(section.id, section);
    flatten(section.children, into);
  }
  return into;
}

/** The rules data's small inline format as plain text (**bold**, *italic*, [text](#a)). */
function plain(text) {
  return text.replace(/\*\*([^*]+)\*\*/g, "$1").replace(/\*([^*]+)\*/g, "$1").replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");
}

/** A refusal {game, id, params, sentence} in the reader's language, seats named. */
function refusalText(why, table) {
  const names = (table.seats || []).map((seat, i) => seat.name || t("Player {n}", { n: i + 1 }));
  return engineText(why.game, why, { names }) || why.sentence;
}

export class Lessons {
  constructor(box, table) {
    this.box = box;
    this.table = table;
    this.key = `belle:learn:${table.id}`;
    this.shown = this.restore();
    this.sections = new Map();
    this.actions = {};
    this.answer = h("div.why-answer", { role: "status", "aria-live": "polite" });
  }

  restore() {
    try {
      return JSON.parse(localStorage.getItem(this.key) || "[]");
    } catch {
      return [];
    }
  }

  async load() {
    const data = await rulesData(this.table.game);
    if (!data) return false;
    this.sections = flatten(data.sections);
    this.actions = data.actions || {};
    for (const id of FIRST) this.note(id);
    return true;
  }

  note(id) {
    if (this.sections.has(id) && !this.shown.includes(id)) this.shown.push(id);
  }

  /** New lessons for the moves offered now (`legal`: [{json, text}]), then redraw. */
  update(legal) {
    const before = this.shown.length;
    for (const item of legal || []) {
      const anchor = item.json && this.actions[item.json.type];
      if (anchor) this.note(anchor);
    }
    try {
      localStorage.setItem(this.key, JSON.stringify(this.shown));
    } catch {
      // private mode: the lessons start again on reload
    }
    if (this.shown.length !== before || this.box.hidden) this.render();
  }

  render() {
    this.box.hidden = false;
    const move = h("input", { id: "why-move", maxlength: 200, required: true, placeholder: t("a move, e.g. as in the move list"), "aria-label": t("The move you want to make") });
    const lessons = [...this.shown].reverse().map((id, i) => {
      const section = this.sections.get(id);
      const summary = plain(withoutRuleIds([].concat(section.summary || []).join(" ")));
      return h("details.lesson", { open: i === 0, dataset: { lesson: id } },
        h("summary", {}, section.title),
        h("p", {}, summary), h("a", { href: rulesUrl(this.table.game, id), target: "_blank", rel: "noopener" }, t("The full rule")));
    });
    fill(this.box,
      h("h2", {}, t("Learning the game")),
      h("form.why-form", { onsubmit: (event) => this.ask(event, move) },
        h("label", { for: "why-move" }, t("Why can't I…?")), " ", move, " ", h("button", { type: "submit" }, t("Ask"))),
      this.answer,
      lessons);
  }

  async ask(event, input) {
    event.preventDefault();
    const reply = await attempt(() => post(`/api/tables/${this.table.id}/why`, { move: input.value }));
    if (!reply) return;
    if (reply.legal) {
      fill(this.answer, t("“{move}” is a legal move now.", { move: reply.move }));
      return;
    }
    fill(this.answer,
      h("p.why", {}, h("b", {}, reply.move), ": ", refusalText(reply.why, this.table)),
      reply.instead.length ? h("p.instead", {}, t("Moves of this kind you can make:"), " ", h("code", {}, reply.instead.join(" · "))) : null);
  }
}

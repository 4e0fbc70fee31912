// The move list of the prompt bar (issue 16 item 2). The board is the control: every
// board or prompt element that plays a move carries data-action="<notation>" (or
// data-actions="a|b" when it leads to several), so the list shows as buttons only the
// legal moves that no element offers, and every move under a collapsed "All moves (N)"
// for the keyboard and for readers of the notation. Beside each button a "?" opens the
// rule that governs the move (issue 10), from the game's rules data.
import { describe } from "./moves.js";
import { fill, h, t } from "./ui.js";

let ruleAnchors = null; // action JSON type -> anchor on the game's rules page

/** The rules page of `game`, at an anchor. */
export function rulesUrl(game, anchor = "") {
  return `/static/rules.html?game=${encodeURIComponent(game)}${anchor ? "#" + anchor : ""}`;
}

/** Load the action → rule anchors of `game`; true when they came. */
export async function loadRuleAnchors(game) {
  try {
    const response = await fetch(`/static/rules/${encodeURIComponent(game)}.json`);
    if (!response.ok) return false;
    ruleAnchors = (await response.json()).actions || {};
    return true;
  } catch {
    return false; // no rules page for this game: no "?" links
  }
}

/** The "?" beside a move: its rule, named by the move's words (`meaning`), not its notation. */
function ruleHelp(game, item, meaning) {
  const type = item.json && item.json.type;
  const anchor = ruleAnchors && type ? ruleAnchors[type] : null;
  if (!anchor) return null;
  const move = meaning || item.text;
  return h("a.rule-help", {
    href: rulesUrl(game, anchor), target: "_blank", rel: "noopener",
    title: t("The rule for “{move}”", { move }), "aria-label": t("Rule for {move}", { move }),
    dataset: { anchor },
  }, "?");
}

/** The notation of every move that an element under `roots` already offers. */
function movesElsewhere(roots) {
  const found = new Set();
  for (const root of roots) {
    for (const el of root.querySelectorAll("[data-action]")) found.add(el.dataset.action);
    for (const el of root.querySelectorAll("[data-actions]")) el.dataset.actions.split("|").forEach((a) => found.add(a));
  }
  return found;
}

function legalButton(item, i, { game, names, lookup, view, pending, onAction }) {
  const meaning = describe(game, item.text, { names, lookup, view });
  return h("span.legal-item", {}, h("button.legal", {
    type: "button",
    disabled: pending,
    title: meaning ? `${meaning} (${item.text})` : item.text,
    dataset: { index: String(i), action: item.text },
    onclick: () => onAction(item.json),
  }, meaning || item.text, h("code.notation", {}, item.text)), ruleHelp(game, item, meaning));
}

/**
 * Draw the list into `box`. opts: {game, legal: [{json, text}], names, lookup, view (the
 * view the moves are legal in), pending, onAction(json), roots: the elements whose
 * data-action moves need no button}.
 */
export function renderMoveList(box, opts) {
  const elsewhere = movesElsewhere(opts.roots);
  const direct = opts.legal.map((item, i) => [item, i]).filter(([item]) => !elsewhere.has(item.text));
  const wasOpen = Boolean(box.querySelector("details.all-moves[open]"));
  const all = h("details.all-moves", { open: wasOpen },
    h("summary", {}, t("All moves ({n})", { n: opts.legal.length })),
    h("div.all-moves-list", {}, opts.legal.map((item, i) => legalButton(item, i, opts))));
  fill(box, direct.map(([item, i]) => legalButton(item, i, opts)), direct.length < opts.legal.length ? all : null);
}

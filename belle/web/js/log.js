// The move log as people read it (issue 16 item 2): one line per turn ("Ana built red:
// H2, Amiens, I1 — red +1"), one line per run of chance events ("each player drew 10
// shares"), and the notation on demand (the "notation" switch shows each line's steps as
// the engine writes them). Entries are {n, player, text}: player is a seat, or "chance".
import { h, t } from "./ui.js";
import { chanceText, turnText } from "./turns.js";
import { swatch } from "./roster.js";

const SHORT_CHANCE = 2; // a run this short between two turns belongs to the turn before

const isSeat = (player) => typeof player === "number" && player >= 0;

/** Runs of entries by the same seat (or by chance), in order. */
function runs(entries) {
  const out = [];
  for (const entry of entries) {
    const who = isSeat(entry.player) ? entry.player : null;
    const last = out[out.length - 1];
    if (last && last.player === who) last.entries.push(entry);
    else out.push({ player: who, entries: [entry] });
  }
  return out;
}

/**
 * Group entries into lines: {kind: "turn"|"chance", player, entries}. A chance run
 * between two runs of one seat is part of that seat's turn (a tile revealed mid-turn);
 * a short chance run after a turn joins it (the hand refilled); the others stand alone.
 */
export function groupEntries(entries) {
  const list = runs(entries);
  const groups = [];
  for (let i = 0; i < list.length; i++) {
    const run = list[i];
    const last = groups[groups.length - 1];
    if (run.player === null) {
      const next = list[i + 1];
      if (last && last.kind === "turn" && next && next.player === last.player) {
        last.entries.push(...run.entries, ...next.entries);
        i++;
        continue;
      }
      if (last && last.kind === "turn" && run.entries.length <= SHORT_CHANCE) {
        last.entries.push(...run.entries);
        continue;
      }
      groups.push({ kind: "chance", player: null, entries: run.entries.slice() });
    } else if (last && last.kind === "turn" && last.player === run.player) {
      last.entries.push(...run.entries);
    } else {
      groups.push({ kind: "turn", player: run.player, entries: run.entries.slice() });
    }
  }
  return groups;
}

const stepsOf = (entries) => entries.map((e) => ({ ...e, chance: !isSeat(e.player) }));

/** The text of one line (without the player's name). */
export function lineText(group, ctx) {
  const steps = stepsOf(group.entries);
  try {
    return group.kind === "turn" ? turnText(ctx.game, steps, ctx) : chanceText(ctx.game, steps, ctx);
  } catch (err) {
    console.warn("log line failed", err);
    return steps.map((s) => s.text).join(" · ");
  }
}

/**
 * Draw the log into `list`. opts: {game, names, lookup, players, replay: {step, goTo}|null,
 * summaries(player): seat summary for the swatch}.
 */
export function renderLog(list, entries, opts) {
  const groups = groupEntries(entries);
  let index = 0;
  const items = groups.map((group) => {
    const first = index + 1;
    index += group.entries.length;
    const last = index;
    const who = group.kind === "turn" ? opts.names[group.player] || t("Player {n}", { n: group.player + 1 }) : null;
    const notation = group.entries.map((e) => e.text).join(" · ");
    const item = h(
      "li.log-line." + group.kind,
      { dataset: { n: String(group.entries[group.entries.length - 1].n ?? last), first: String(first), last: String(last) } },
      h("span.n", {}, String(group.entries[0].n ?? first)),
      who !== null ? swatch(group.player, opts.summaries ? opts.summaries(group.player) : null) : null,
      who !== null ? h("b.who", {}, who) : null,
      " ",
      h("span.line-text", {}, lineText(group, opts)),
      h("code.notation", {}, notation),
    );
    const replay = opts.replay;
    if (replay) {
      if (replay.step >= first && replay.step <= last) item.classList.add("current");
      if (first > replay.step) item.classList.add("future");
      item.tabIndex = 0;
      item.addEventListener("click", () => replay.goTo(last));
      item.addEventListener("keydown", (event) => {
        if (event.key === "Enter") replay.goTo(last);
      });
    }
    return item;
  });
  list.replaceChildren(...items);
  // At the next frame: reading the layout now would force it for the whole page.
  requestAnimationFrame(() => {
    const current = list.querySelector(".current");
    // Within the list only: scrollIntoView would also scroll the page (on a phone, away
    // from the board).
    if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    else list.scrollTop = list.scrollHeight;
  });
}

/** The entries of the other players since `seat` last moved (spectators: the last turn). */
export function recentEntries(entries, seat) {
  const out = [];
  const seated = seat !== null && seat !== undefined;
  let i = entries.length - 1;
  if (seated) while (i >= 0 && (!isSeat(entries[i].player) || entries[i].player === seat)) i--; // my turn so far
  for (; i >= 0; i--) {
    const entry = entries[i];
    if (!isSeat(entry.player)) continue;
    if (seated ? entry.player === seat : out.length && out[0].player !== entry.player) break;
    out.unshift(entry);
  }
  return out;
}

// Clocks in the browser: the clock fields of the lobby's create form (presets and free
// values), a label for table summaries, and the countdown shown next to each seat at
// the table. The server measures time; the page only counts down from the last `clock`
// message it received (`left` seconds for the seat whose time runs).
import { t } from "./i18n.js";
import { h } from "./ui.js";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

// value → the `clock` of the create-table payload
export const PRESETS = {
  none: null,
  "live-move": { kind: "per-move", seconds: 2 * MINUTE },
  "live-game": { kind: "game", seconds: 10 * MINUTE, increment: 10 },
  "turn-1d": { kind: "per-move", seconds: DAY },
  "turn-3d": { kind: "per-move", seconds: 3 * DAY },
};

/** The clock fields of the create form. */
export function clockFields() {
  const custom = h(
    "span.clock-custom",
    { hidden: true },
    h("select", { name: "clock-kind", "aria-label": t("Kind of clock") },
      h("option", { value: "per-move" }, t("per move")),
      h("option", { value: "game" }, t("for the game"))),
    " ",
    h("label.inline", {}, h("input", { type: "number", name: "clock-seconds", value: "300", min: "10", max: String(30 * DAY), step: "1" }), " ", t("seconds")),
    " ",
    h("label.inline", {}, "+ ", h("input", { type: "number", name: "clock-increment", value: "0", min: "0", max: String(DAY), step: "1" }), " ", t("seconds a move")),
  );
  const preset = h(
    "select",
    { name: "clock", id: "create-clock", "aria-label": t("Clock"), onchange: () => { custom.hidden = preset.value !== "custom"; } },
    h("option", { value: "none" }, t("no clock")),
    h("option", { value: "live-move" }, t("live: 2 minutes a move")),
    h("option", { value: "live-game" }, t("live: 10 minutes + 10 seconds a move")),
    h("option", { value: "turn-1d" }, t("turn-based: 1 day a move")),
    h("option", { value: "turn-3d" }, t("turn-based: 3 days a move")),
    h("option", { value: "custom" }, t("other…")),
  );
  return h(
    "fieldset.clock",
    {},
    h("legend", { dataset: { i18n: "Clock" } }, t("Clock")),
    h("label.inline", {}, preset),
    custom,
    h("label.inline", {}, " ", t("when time runs out:"), " ", h(
      "select",
      { name: "on_timeout", id: "create-on-timeout" },
      h("option", { value: "bot-moves" }, t("a bot plays the move")),
      h("option", { value: "forfeit" }, t("the player forfeits and a bot takes the seat")),
    )),
  );
}

/** The `clock` and `on_timeout` members of the create-table payload (none without a clock). */
export function readClock(form) {
  const choice = form.elements.clock.value;
  if (choice === "none") return {};
  let clock = PRESETS[choice] ?? null;
  if (choice === "custom") {
    const kind = form.elements["clock-kind"].value;
    clock = { kind, seconds: parseInt(form.elements["clock-seconds"].value, 10) };
    if (kind === "game") clock.increment = parseInt(form.elements["clock-increment"].value, 10);
  }
  return { clock, on_timeout: form.elements.on_timeout.value };
}

/** "3:05", "1 h 02", "2 d 4 h" */
export function formatSeconds(total) {
  const s = Math.max(0, Math.ceil(total));
  if (s >= DAY) return t("{d} d {h} h", { d: Math.floor(s / DAY), h: Math.floor((s % DAY) / HOUR) });
  if (s >= HOUR) return t("{h} h {m}", { h: Math.floor(s / HOUR), m: String(Math.floor((s % HOUR) / MINUTE)).padStart(2, "0") });
  return `${Math.floor(s / MINUTE)}:${String(s % MINUTE).padStart(2, "0")}`;
}

/** A short label of a table's clock settings (null: no clock). */
export function clockLabel(settings) {
  if (!settings || settings.kind === "none") return null;
  const time = formatSeconds(settings.seconds);
  if (settings.kind === "per-move") return t("{time} a move", { time });
  return settings.increment ? t("{time} + {inc} s", { time, inc: settings.increment }) : time;
}

/** The table page's clocks: remembers the last `clock` message and counts down. */
export class SeatClocks {
  constructor(onTick) {
    this.clock = null;
    this.received = 0;
    this.timer = null;
    this.onTick = onTick;
  }

  update(clock) {
    this.clock = clock || null;
    this.received = performance.now();
    clearInterval(this.timer);
    this.timer = this.clock && this.clock.seat !== null ? setInterval(this.onTick, 1000) : null;
  }

  /** Seconds left to `seat` now, or null without a clock. */
  left(seat) {
    const clock = this.clock;
    if (!clock || !clock.remaining) return null;
    if (clock.seat === seat && clock.left !== null) {
      return Math.max(0, clock.left - (performance.now() - this.received) / 1000);
    }
    return clock.remaining[seat] ?? null;
  }

  /** The element shown next to `seat` (null without a clock). */
  element(seat) {
    const left = this.left(seat);
    if (left === null) return null;
    const running = this.clock.seat === seat;
    return h("span.seat-clock" + (running ? ".running" : "") + (running && left < 30 ? ".low" : ""),
      { title: running ? t("time left for this move") : t("time on the clock") }, formatSeconds(left));
  }
}

// The players panel of a running or finished table (issue 16 item 2): one row per seat
// with the seat's colour swatch and mark (never colour alone), the name, the score, and
// what the seat holds in public — from the renderer's seatSummary(view, seat):
//   {colour, mark, score, scoreLabel, holdings: [{label, value, title}], notes: [text]}
// A renderer without it may still give seatInfo(view, seat), a line of text.
import { h, seatLabel, t } from "./ui.js";

/** Seats are numbered from 1 for people (the protocol counts from 0). */
export const seatNumber = (seat) => seat + 1;

function summaryOf(renderer, view, seat) {
  if (!view || !renderer) return null;
  try {
    if (renderer.seatSummary) return renderer.seatSummary(view, seat);
    if (renderer.seatInfo) return { notes: [renderer.seatInfo(view, seat)] };
  } catch (err) {
    console.warn("seat summary failed", err);
  }
  return null;
}

/** The swatch of a seat: its colour with its mark (the seat number unless given). */
export function swatch(seat, summary) {
  const colour = summary && summary.colour;
  const mark = summary && summary.mark ? summary.mark : String(seatNumber(seat));
  const el = h("span.swatch.seat-swatch" + (colour ? "" : ".plain"), { "aria-hidden": "true" }, mark);
  if (colour) {
    el.style.background = colour;
    el.style.color = summary.ink || readableInk(colour);
  }
  return el;
}

/** Black or white, whichever reads better on `colour` (#rgb or #rrggbb). */
export function readableInk(colour) {
  const hex = String(colour).replace("#", "");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  if ([r, g, b].some(Number.isNaN)) return "#000";
  const lum = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const light = 0.2126 * lum(r) + 0.7152 * lum(g) + 0.0722 * lum(b);
  return light > 0.18 ? "#1a1714" : "#fff";
}

/**
 * The players list. opts: {table, view, renderer, mySeat, mover, clock(seat), standIn(seat)}.
 */
export function rosterList({ table, view, renderer, mySeat, mover, clock, standIn }) {
  return h("ul.seats.player-list", {}, (table.seats || []).map((seat) => {
    const summary = summaryOf(renderer, view, seat.seat);
    const me = seat.seat === mySeat;
    const moving = seat.seat === mover;
    const holdings = (summary && summary.holdings) || [];
    const notes = (summary && summary.notes) || [];
    const score = summary && summary.score !== undefined && summary.score !== null ? summary.score : null;
    const label = seatLabel(seat);
    return h(
      "li.seat.player-row.seat-" + seat.kind + (me ? ".me" : "") + (moving ? ".to-move" : ""),
      { dataset: { seat: String(seat.seat) }, "aria-current": moving ? "true" : null },
      swatch(seat.seat, summary),
      h("span.seat-name", { title: label }, h("span.name-text", {}, label), me ? h("span.you", {}, " ", t("(you)")) : null),
      moving ? h("span.to-move-mark", { title: t("to play"), "aria-label": t("to play") }, "▶") : null,
      score !== null ? h("span.seat-score", { title: summary.scoreLabel || t("score") }, String(score)) : null,
      holdings.length || notes.length
        ? h("span.seat-holdings", {},
          holdings.map((item) => h("span.holding", { title: item.title || item.label },
            h("span.holding-label", {}, item.label), " ", h("b", {}, String(item.value)))),
          notes.filter(Boolean).map((note) => h("span.holding.note", {}, note)))
        : null,
      standIn(seat),
      clock(seat.seat),
    );
  }));
}

// Small DOM helpers shared by the lobby and the table (no framework, no build step).

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
  if (secs < 60) return "just now";
  if (secs < 3600) return `${Math.floor(secs / 60)} min ago`;
  if (secs < 86400) return `${Math.floor(secs / 3600)} h ago`;
  return `${Math.floor(secs / 86400)} d ago`;
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
  if (seat.kind === "empty") return "empty";
  if (seat.kind === "bot") {
    const bot = seat.bot || seat.name || "bot";
    return `${bot[0].toUpperCase()}${bot.slice(1)} bot ${seat.seat}`;
  }
  return seat.name;
}

// What a tile, card or landmark costs and does, on hover and on tap (issue 16 item 2).
//
// Any element with data-info="text" (HTML or SVG) shows the text in one tooltip: when the
// mouse rests on it, when it has the keyboard focus, on a tap when tapping it does
// nothing else, and on a long press (or a right click) when a tap would play a move.
// Escape, a tap elsewhere or scrolling hides it. The renderers only set data-info.

const LONG_PRESS_MS = 450;
let tip = null;
let shownFor = null;
let pinned = false;
let pressTimer = null;
let suppressClick = false;

function tooltip() {
  if (!tip) {
    tip = document.createElement("div");
    tip.id = "info-tip";
    tip.className = "info-tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    document.body.append(tip);
  }
  return tip;
}

const infoOf = (target) => (target instanceof Element ? target.closest("[data-info]") : null);

/** Whether a tap on `el` plays something (then a tap does not open the tooltip). */
function actionable(el) {
  return Boolean(el.closest("button, a, [role=button], .legal, [data-action].brx-legal"));
}

export function showInfo(el, pin = false) {
  const box = tooltip();
  box.textContent = el.dataset.info;
  box.hidden = false;
  shownFor = el;
  pinned = pin;
  const rect = el.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  box.style.maxWidth = `${width}px`;
  const tipRect = box.getBoundingClientRect();
  let left = rect.left + rect.width / 2 - tipRect.width / 2;
  left = Math.max(8, Math.min(left, window.innerWidth - tipRect.width - 8));
  let top = rect.bottom + 8;
  if (top + tipRect.height > window.innerHeight - 8) top = Math.max(8, rect.top - tipRect.height - 8);
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

export function hideInfo() {
  if (tip) tip.hidden = true;
  shownFor = null;
  pinned = false;
}

function install() {
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse" || pinned) return;
    const el = infoOf(event.target);
    if (el) showInfo(el);
    else if (shownFor) hideInfo();
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse" || pinned) return;
    const el = infoOf(event.target);
    if (el && el === shownFor && !el.contains(event.relatedTarget)) hideInfo();
  });
  document.addEventListener("focusin", (event) => {
    const el = infoOf(event.target);
    if (el) showInfo(el);
  });
  document.addEventListener("focusout", () => {
    if (!pinned) hideInfo();
  });
  document.addEventListener("pointerdown", (event) => {
    clearTimeout(pressTimer);
    const el = infoOf(event.target);
    if (!el || event.pointerType === "mouse") return;
    pressTimer = setTimeout(() => {
      showInfo(el, true);
      suppressClick = actionable(el);
    }, LONG_PRESS_MS);
  });
  const cancelPress = () => clearTimeout(pressTimer);
  document.addEventListener("pointerup", cancelPress);
  document.addEventListener("pointercancel", cancelPress);
  document.addEventListener("click", (event) => {
    if (suppressClick) {
      suppressClick = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const el = infoOf(event.target);
    if (el && !actionable(el)) {
      if (pinned && shownFor === el) hideInfo();
      else showInfo(el, true);
    } else if (pinned && !(tip && tip.contains(event.target))) hideInfo();
  }, true);
  document.addEventListener("contextmenu", (event) => {
    const el = infoOf(event.target);
    if (!el) return;
    event.preventDefault();
    showInfo(el, true);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideInfo();
  });
  window.addEventListener("scroll", () => hideInfo(), { passive: true, capture: true });
}

if (typeof document !== "undefined") install();

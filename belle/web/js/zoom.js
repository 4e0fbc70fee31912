// Boards that fit the screen and can be zoomed and panned (issue 16 item 1).
//
// zoomable(content, {key}) wraps a board in a viewport: at zoom 1 the board fits the
// width (and, on a wide screen, the height left below the viewport's top, so the prompt
// and the controls stay in sight); −, + and ⤢ buttons, a pinch on a touch screen and
// Ctrl + wheel change the zoom; panning is the viewport's own scrolling (a finger, the
// scrollbars, the wheel), so a tap on a board element stays an ordinary click. The tools
// sit in a row above the board, never over it, with a legend on their left. The zoom
// and the scroll position live per `key`, so the renderers may redraw at every move.
import { h, t } from "./ui.js";

const MIN = 1;
const MAX = 4;
const STEP = 1.5;
const WIDE = 900; // px: from here on the board also fits the height of the window
const kept = new Map(); // key -> {zoom, left, top}

function state(key) {
  if (!kept.has(key)) kept.set(key, { zoom: 1, left: 0, top: 0 });
  return kept.get(key);
}

const clamp = (z) => Math.max(MIN, Math.min(MAX, z));

/**
 * The board `content` in a zoomable viewport. `aspect` (height / width) may be given
 * when the content is one SVG; otherwise it is measured. `minHeight`: the fitted board
 * is never shorter than this many px on a wide screen (tall boards would be thumbnails).
 */
export function zoomable(content, { key, aspect = null, minHeight = 420, legend = null } = {}) {
  const zs = state(key);
  const inner = h("div.zoom-content", {}, content);
  const view = h("div.zoom-view", { tabindex: "0", "aria-label": t("Board: scroll to pan when zoomed in") }, inner);
  const level = h("span.zoom-level", { "aria-live": "polite" });
  const button = (cls, label, symbol, onclick) => h(`button.zoom-${cls}`, { type: "button", title: label, "aria-label": label, onclick }, symbol);
  const tools = h(
    "div.zoom-tools",
    {},
    legend === "" ? h("span.zoom-legend.empty") : h("span.zoom-legend", {}, legend || t("Highlighted: the other players' moves since your last turn.")),
    button("out", t("Zoom out"), "−", () => setZoom(zs.zoom / STEP)),
    button("in", t("Zoom in"), "+", () => setZoom(zs.zoom * STEP)),
    button("fit", t("Fit the board to the screen"), "⤢", () => setZoom(1)),
    level,
  );
  const wrapper = h("div.zoom", { dataset: { zoomKey: key } }, tools, view);
  let fitWidth = 0;

  function fit() {
    if (!wrapper.isConnected) return false;
    const width = view.clientWidth;
    if (!width) return false;
    let ratio = aspect;
    if (!ratio) {
      inner.style.width = `${width}px`;
      ratio = inner.offsetHeight / width || 1;
    }
    let target = width;
    if (window.innerWidth >= WIDE) {
      const top = view.getBoundingClientRect().top + window.scrollY;
      const room = Math.max(minHeight, window.innerHeight - top - 12);
      target = Math.min(width, room / ratio);
    }
    fitWidth = Math.floor(target);
    apply(ratio);
    return true;
  }

  function apply(ratio = aspect || inner.offsetHeight / Math.max(1, inner.offsetWidth)) {
    const zoomed = zs.zoom > 1.001;
    inner.style.width = `${Math.round(fitWidth * zs.zoom)}px`;
    view.style.height = zoomed ? `${Math.round(fitWidth * ratio)}px` : "";
    wrapper.classList.toggle("zoomed", zoomed);
    wrapper.dataset.zoom = zs.zoom.toFixed(2);
    level.textContent = zoomed ? `${Math.round(zs.zoom * 100)} %` : "";
    tools.querySelector(".zoom-out").disabled = !zoomed;
    tools.querySelector(".zoom-in").disabled = zs.zoom >= MAX - 0.001;
    tools.querySelector(".zoom-fit").disabled = !zoomed;
    view.scrollLeft = zs.left;
    view.scrollTop = zs.top;
  }

  /** Zoom to `z`, keeping the content point under (x, y) of the viewport in place. */
  function setZoom(z, x = view.clientWidth / 2, y = view.clientHeight / 2) {
    const before = zs.zoom;
    const next = clamp(z);
    if (Math.abs(next - before) < 0.001) return;
    const ratio = aspect || inner.offsetHeight / Math.max(1, inner.offsetWidth);
    const cx = (view.scrollLeft + x) / before;
    const cy = (view.scrollTop + y) / before;
    zs.zoom = next;
    zs.left = Math.max(0, cx * next - x);
    zs.top = Math.max(0, cy * next - y);
    apply(ratio);
    zs.left = view.scrollLeft;
    zs.top = view.scrollTop;
  }

  view.addEventListener("scroll", () => {
    zs.left = view.scrollLeft;
    zs.top = view.scrollTop;
  }, { passive: true });
  view.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const box = view.getBoundingClientRect();
    setZoom(zs.zoom * (event.deltaY < 0 ? 1.15 : 1 / 1.15), event.clientX - box.left, event.clientY - box.top);
  }, { passive: false });
  pinch(view, () => zs.zoom, setZoom);

  const observer = new ResizeObserver(() => {
    if (!wrapper.isConnected) observer.disconnect();
    else fit();
  });
  observer.observe(view);
  return wrapper;
}

/** Two fingers on the viewport zoom around their midpoint. */
function pinch(view, current, setZoom) {
  let start = null; // {distance, zoom}
  const distance = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  view.addEventListener("touchstart", (event) => {
    if (event.touches.length === 2) start = { distance: distance(event.touches), zoom: current() };
  }, { passive: true });
  view.addEventListener("touchmove", (event) => {
    if (!start || event.touches.length !== 2) return;
    event.preventDefault();
    const box = view.getBoundingClientRect();
    const x = (event.touches[0].clientX + event.touches[1].clientX) / 2 - box.left;
    const y = (event.touches[0].clientY + event.touches[1].clientY) / 2 - box.top;
    setZoom(start.zoom * (distance(event.touches) / start.distance), x, y);
  }, { passive: false });
  const stop = (event) => {
    if (event.touches.length < 2) start = null;
  };
  view.addEventListener("touchend", stop, { passive: true });
  view.addEventListener("touchcancel", stop, { passive: true });
}

// The server contract (docs/protocol.md) seen from the browser: JSON over HTTP, and
// one websocket per page that resumes after a drop with `hello {since: N}`.
import { learnLabels } from "./options.js";
import { errorText, showBanned } from "./ui.js";

const BANNED_CLOSE = 4403; // the operator banned this player: do not reconnect
const SIGNED_OUT_CLOSE = 4401; // this session ended (logout, a password change): reload as who we are now

export class ApiError extends Error {
  constructor(status, code, message, notice, params, refusal, template) {
    super(errorText(code, message, notice, params, refusal, undefined, template));
    this.detail = message;
    this.status = status;
    this.code = code;
  }
}

/** Call the HTTP API; resolve with the JSON body, reject with an ApiError. */
export async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", "The server cannot be reached. Is it running?");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    const detail = data && typeof data.detail === "string" ? data.detail : null;
    throw new ApiError(
      response.status,
      error.code || "http_" + response.status,
      error.message || detail || `${method} ${path} failed (${response.status})`,
      error.notice,
      error.params,
      error.refusal,
      error.template,
    );
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);
export const del = (path) => api("DELETE", path);

/** The signed-in player, or null. */
export async function me() {
  try {
    const data = await get("/api/me");
    return data.player || data;
  } catch (err) {
    if (err.status === 401) return null;
    throw err;
  }
}

/** `GET /api/games`, normalised to {games, bots}. */
export async function games() {
  const data = await get("/api/games");
  const found = Array.isArray(data) ? data : data.games || [];
  learnLabels(found);
  return { games: found, bots: data.bots || ["random", "greedy"] };
}

/**
 * A websocket that reconnects (with backoff) and resumes from the last event it saw.
 *
 * `onMessage(msg)` gets every server message; `onStatus(state)` gets "open",
 * "connecting", "closed" or "banned" (the server closed it for good: the page says so). Event numbers come from `sync.event` and `event.n`.
 */
export class Socket {
  constructor(path, { onMessage, onStatus } = {}) {
    this.path = path;
    this.onMessage = onMessage || (() => {});
    this.onStatus = onStatus || (() => {});
    this.lastEvent = null;
    this.ws = null;
    this.retry = 0;
    this.closed = false;
    this.pingTimer = null;
    this.queue = [];
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.path}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", since: this.lastEvent }));
      for (const msg of this.queue.splice(0)) ws.send(JSON.stringify(msg));
      this.onStatus("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "sync" && typeof msg.event === "number") this.lastEvent = msg.event;
      if (msg.type === "event" && typeof msg.n === "number") {
        if (this.lastEvent !== null && msg.n <= this.lastEvent) return; // already seen
        // a move's message may carry the chance outcomes after it, each an event
        const folded = Array.isArray(msg.chance) ? msg.chance : [];
        this.lastEvent = folded.length ? folded[folded.length - 1].n : msg.n;
      }
      if (msg.type === "pong") return;
      this.onMessage(msg);
    };
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (event.code === BANNED_CLOSE) {
        this.closed = true;
        showBanned();
        this.onStatus("banned");
        return;
      }
      if (event.code === SIGNED_OUT_CLOSE) {
        this.closed = true;
        window.location.reload();
        return;
      }
      if (this.closed) {
        this.onStatus("closed");
        return;
      }
      this.onStatus("connecting");
      const delay = Math.min(8000, 300 * 2 ** this.retry++) * (0.75 + Math.random() / 2);
      setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => {};
  }

  /** Send a message now, or as soon as the socket is open again. */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else if (msg.type !== "ping") this.queue.push(msg);
  }

  /** Drop what we know and ask for a full `sync` (after a seat change, a stale error…). */
  resync() {
    this.lastEvent = null;
    const old = this.ws;
    this.ws = null;
    if (old) {
      old.onclose = null;
      old.close();
    }
    clearInterval(this.pingTimer);
    this.connect();
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }
}

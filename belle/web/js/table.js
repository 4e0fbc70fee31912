// The table page: live play, watching, and the replay of a finished game.
// The board is drawn by the game's own renderer, /static/games/<game>.js, which
// exports render(container, view, legal, onAction, ctx) and optionally:
//   init(ctx)                 load the game's fixed material once;
//   seatSummary(view, seat)   the players panel's row (js/roster.js), or seatInfo(view, seat);
//   scoreTitle                the running score box's title (a string or a function of the view);
//   targetsOf(text, view)     CSS selectors of the board elements a move touched, so the
//                             other players' moves since my last turn are highlighted;
//   lookup(kind, key)         names and values from its material for the log (js/turns.js);
//   endsTurn(json)            whether a move ends the player's turn: such a move is held
//                             until the player presses "End turn" (City of Light,
//                             REQ-COL-P7), unless they turned "confirm each turn" off.
// ctx.prompt is the prompt bar's slot: a renderer draws its status line (what to do now,
// with the buttons that have no place on the board) there. Every board element that plays
// a move carries data-action="<notation>"; the move list shows only the moves that have no
// such element (or data-actions="a|b" on an element that leads to several), and lists all
// of them under "All moves" (js/movelist.js).
import { Socket, ApiError, del, games as fetchGames, get, me, post } from "./api.js";
import { Chat } from "./chat.js";
import { nextTableButton, notifyMeControl, showTurn } from "./notify.js";
import { renderScores } from "./score.js";
import { seatControls } from "./seats.js";
import { SeatClocks, clockLabel, formatSeconds } from "./clock.js";
import { describe, endReason } from "./moves.js";
import { optionsLine } from "./options.js";
import { loadRuleAnchors, renderMoveList, rulesUrl } from "./movelist.js";
import { groupEntries, lineText, recentEntries, renderLog as drawLog } from "./log.js";
import { rosterList, seatNumber } from "./roster.js";
import "./info.js";
import { renderEndScreen } from "./endscreen.js";
import { renderInvitePanel } from "./invitepanel.js";
import { Lessons } from "./learn.js";
import { noticeText } from "./notices.js";
import "./push.js"; // the service worker (offline page, turn notices)
import { watchChat } from "./moderation.js";
import { attempt, engineText, errorText, fill, gameText, h, mySeat, seatLabel, t, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
const CONFIRM_STORE = "belle:confirm-turns"; // "0": send a turn-ending move at once
const DEFAULT_SCORE_TITLE = t("Your score");
const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());

const st = {
  player: null,
  bots: [],
  table: null,
  renderer: null,
  seat: null,
  version: null,
  view: null,
  legal: [],
  canUndo: false, // the server says I may take back my last step (issue 10 item 5)
  log: [],
  toMove: null,
  over: null, // {ranking, breakdown, scores} once the game has ended
  pending: false,
  staged: null, // {json, text, version}: my turn-ending move, held until "End turn"
  replay: null, // {seat, record, entries, step, views: Map, noViews}
  rematch: null, // {accepted: [seats], table} at a finished table (the `rematch` message)
};
let socket = null;
let chat = null;
let friendsParts = null; // issue 20: {members, lessons, loading} once the members are asked for
const clocks = new SeatClocks(refreshClocks);

async function main() {
  watchChat();
  const [player, catalogue, table] = await Promise.all([
    attempt(me),
    fetchGames().catch(() => ({ games: [], bots: ["random", "greedy"] })),
    get(`/api/tables/${encodeURIComponent(tableId)}`).catch((err) => err),
  ]);
  if (table instanceof ApiError) {
    fill($("board"), h("p.empty", {}, table.status === 404 ? t("There is no such table.") : table.message));
    return;
  }
  st.player = player || null;
  st.bots = catalogue.bots;
  st.table = table.table || table;
  renderWho();
  if (st.player) $("notices").append(notifyMeControl());
  nextTableButton($("next-table-slot"), { signedIn: !!st.player, exclude: st.table.id });
  $("rules-link").href = rulesUrl(st.table.game);
  loadRuleAnchors(st.table.game).then((loaded) => loaded && renderLegal());
  st.renderer = await import(`/static/games/${st.table.game}.js`);
  if (st.renderer.init) await st.renderer.init({ get, game: st.table.game, table: st.table });
  chat = new Chat($("chat"), { title: t("Table chat"), send: (text) => socket.send({ type: "chat", text }) });
  renderAll();
  socket = new Socket(`/ws/table/${encodeURIComponent(tableId)}`, {
    onMessage,
    onStatus: (status) => {
      const conn = $("conn");
      if (status === "banned") conn.textContent = "○ " + t("banned");
      else conn.textContent = status === "open" ? "● " + t("connected") : "○ " + t("reconnecting…");
      conn.className = "conn " + status;
    },
  });
  document.addEventListener("keydown", onKey);
  confirmToggle();
  const notation = $("show-notation");
  notation.checked = localStorage.getItem("belle:notation") === "1";
  document.body.classList.toggle("show-notation", notation.checked);
  notation.addEventListener("change", () => {
    document.body.classList.toggle("show-notation", notation.checked);
    try {
      localStorage.setItem("belle:notation", notation.checked ? "1" : "0");
    } catch {
      // private mode: for this page only
    }
  });
}

// -- messages from the server ------------------------------------------------

function onMessage(msg) {
  switch (msg.type) {
    case "sync":
      return onSync(msg);
    case "event":
      return onEvent(msg);
    case "error":
      return onError(msg);
    case "notice":
      return chat.system(msg.notice ? noticeText(msg.notice, msg.params, msg.text) : msg.text);
    case "plan":
      if (st.renderer && st.renderer.receivePlan) st.renderer.receivePlan(msg.plan);
      return renderPlay();
    case "rematch":
      return onRematch(msg);
    case "clock":
      clocks.update(msg.clock);
      return renderSeats();
    default:
      return undefined;
  }
}

function onSync(msg) {
  st.table = msg.table || st.table;
  st.seat = msg.seat ?? null;
  st.version = msg.version ?? null;
  st.view = msg.view ?? null;
  st.toMove = msg.to_move ?? null;
  st.legal = msg.legal || [];
  st.canUndo = Boolean(msg.can_undo);
  st.log = msg.log || [];
  st.pending = false;
  clocks.update(msg.clock);
  if (msg.chat) chat.reset(msg.chat);
  const view = st.view || {};
  if (st.table.status === "finished" || view.phase === "over" || msg.breakdown) {
    st.over = {
      breakdown: msg.breakdown || view.breakdown,
      ranking: msg.ranking || view.ranking,
      scores: msg.returns || msg.scores || view.scores,
    };
  }
  renderAll();
  if (st.over) startReplay();
}

function onEvent(msg) {
  if (msg.kind === "chat") {
    chat.add(msg);
    return;
  }
  if (msg.kind === "table") {
    const before = st.table;
    st.table = msg.table || st.table;
    if (msg.view !== undefined) {
      st.view = msg.view;
      st.legal = msg.legal || [];
      st.canUndo = Boolean(msg.can_undo);
      st.toMove = msg.to_move ?? null;
      if (msg.version !== undefined) st.version = msg.version;
    }
    const seatChanged = mySeat(st.table, st.player) !== st.seat;
    if (seatChanged || before.status !== st.table.status) socket.resync();
    renderAll();
    return;
  }
  if (msg.kind === "action") {
    if (msg.view) st.view = msg.view;
    if ("to_move" in msg) st.toMove = msg.to_move;
    st.legal = msg.legal || [];
    st.canUndo = Boolean(msg.can_undo);
    if (msg.version !== undefined) st.version = msg.version;
    // Log entries are numbered by state version (as in `sync`), not by event number;
    // the chance outcomes that followed the move at once ride in its message.
    const chance = Array.isArray(msg.chance) ? msg.chance : [];
    const own = msg.version !== undefined ? msg.version - chance.length : st.log.length + 1;
    st.log.push({ n: own, player: msg.player, text: msg.text });
    for (const c of chance) st.log.push({ n: c.version, player: "chance", text: c.text });
    st.pending = false;
    if (st.table.status === "open") st.table = { ...st.table, status: "running" };
    scheduleRender(); // a burst of bot moves is drawn once
    return;
  }
  if (msg.kind === "undo") {
    onUndo(msg);
    return;
  }
  if (msg.kind === "over") {
    if (msg.view) st.view = msg.view;
    if (msg.table) st.table = msg.table;
    if (msg.version !== undefined) st.version = msg.version;
    st.legal = [];
    st.canUndo = false;
    st.over = {
      breakdown: msg.breakdown || (msg.view && msg.view.breakdown),
      ranking: msg.ranking || (msg.view && msg.view.ranking),
      scores: msg.returns || msg.scores || (msg.view && msg.view.scores),
    };
    st.table = { ...st.table, status: "finished" };
    renderAll();
    startReplay();
  }
}

// Someone took back their last step: the state goes back to `version`, the move leaves
// the log, and the table's line ("Ana took back: build R") joins the chat.
function onUndo(msg) {
  st.view = msg.view ?? st.view;
  st.toMove = msg.to_move ?? null;
  st.legal = msg.legal || [];
  st.canUndo = Boolean(msg.can_undo);
  st.version = msg.version;
  st.log = st.log.filter((entry) => entry.n <= msg.version);
  st.pending = false;
  chat.add(msg);
  renderAll();
}

function onError(msg) {
  st.pending = false;
  if (msg.code === "stale") {
    socket.resync();
    return;
  }
  const text = errorText(msg.code, msg.message, msg.notice, msg.params, msg.refusal, names(), msg.template);
  chat.system(text);
  if (msg.code !== "unknown_type") toast(text);
  renderPlay();
}

function onUndoClick() {
  if (st.pending || st.replay || !st.canUndo) return;
  st.pending = true;
  socket.send({ type: "undo", version: st.version });
  renderLegal();
}

function onAction(actionJson) {
  if (st.pending || st.replay || st.staged) return;
  if (confirmsTurns() && st.renderer.endsTurn(actionJson)) {
    st.staged = { ...legalItem(actionJson), version: st.version };
    renderPlay();
    return;
  }
  sendAction(actionJson);
  renderLegal();
}

function sendAction(actionJson) {
  st.pending = true;
  // Planning mode (City of Light): the seat's plan goes with its action; the server keeps
  // it when the action ends the turn, for this seat alone.
  const plan = st.renderer && st.renderer.planOf ? st.renderer.planOf() : null;
  socket.send({ type: "action", version: st.version, action: actionJson, ...(plan ? { plan } : {}) });
}

// -- "End turn" (REQ-COL-P7) -------------------------------------------------------

let confirmPreference = null; // true/false once read or set; kept in localStorage when it can be

function confirmsTurns() {
  if (!st.renderer || !st.renderer.endsTurn) return false;
  if (confirmPreference === null) {
    try {
      confirmPreference = localStorage.getItem(CONFIRM_STORE) !== "0";
    } catch {
      confirmPreference = true; // no storage (private mode): ask, as the seed's table does
    }
  }
  return confirmPreference;
}

function legalItem(json) {
  const wire = JSON.stringify(json);
  return st.legal.find((item) => item.json === json || JSON.stringify(item.json) === wire) || { json, text: "" };
}

function endTurn() {
  const staged = st.staged;
  if (!staged || st.pending) return;
  st.staged = null;
  sendAction(staged.json);
  renderPlay(); // the board and the list, the move no longer held
}

function changeMove() {
  st.staged = null;
  renderPlay();
}

/** The held move in words, with "End turn" and "Change move" (only while one is held). */
function renderConfirm() {
  const box = $("confirm");
  const staged = st.staged;
  box.hidden = !staged;
  if (!staged) {
    box.replaceChildren();
    return;
  }
  const words = describe(st.table.game, staged.text, { names: names(), lookup: lookup(), view: st.view }) || staged.text;
  fill(box,
    h("span.confirm-move", {}, t("Your move: {move}", { move: words })),
    h("button.end-turn.primary", { type: "button", disabled: st.pending, onclick: endTurn }, t("End turn")),
    h("button.change-move", { type: "button", disabled: st.pending, onclick: changeMove }, t("Change move")));
}

/** The "confirm each turn" switch beside "notation", for games that hold a turn's end. */
function confirmToggle() {
  const label = $("confirm-turns-toggle");
  label.hidden = !(st.renderer && st.renderer.endsTurn);
  const box = $("confirm-turns");
  box.checked = confirmsTurns();
  box.addEventListener("change", () => {
    confirmPreference = box.checked;
    try {
      localStorage.setItem(CONFIRM_STORE, box.checked ? "1" : "0");
    } catch {
      // private mode: for this page only
    }
    if (!box.checked && st.staged) endTurn(); // the held move goes as it would now
  });
}

// -- rendering -----------------------------------------------------------------

let renderTimer = null;
function scheduleRender() {
  if (renderTimer !== null) return;
  renderTimer = setTimeout(() => {
    renderTimer = null;
    renderPlay();
    renderLog();
  }, 0);
}

function names() {
  return (st.table.seats || []).map((seat) => seatLabel(seat) || t("Player {n}", { n: seatNumber(seat.seat) }));
}

function renderAll() {
  fill($("table-title"), gameText(st.table.title) || st.table.game, h("span.muted", {}, " · ", t("table #{id}", { id: st.table.id })));
  renderPlay();
  renderLog();
  renderFriendsParts();
}

/** Invitations, lessons and the end screen (issue 20), beside the game. */
async function renderFriendsParts() {
  if (st.over && st.table.status === "finished") {
    renderEndScreen($("end"), { table: st.table, names: names(), lookup: lookup() });
  }
  if (friendsParts === null) {
    friendsParts = { members: undefined, lessons: null, loading: false };
    friendsParts.members = await renderInvitePanel($("invite"), st.table, st.player);
  }
  const parts = friendsParts;
  // The members are read once; the seat may be known only on a later render (a sync that
  // arrives before the seat), so the lessons are looked for on every render until found.
  if (parts.members === undefined) return;
  if (!parts.lessons && !parts.loading && parts.members && parts.members.origin === "learn"
      && st.seat !== null) {
    parts.loading = true;
    const lessons = new Lessons($("lesson"), st.table);
    if (await lessons.load()) parts.lessons = lessons;
  }
  if (parts.lessons) parts.lessons.update(st.legal);
}

function renderWho() {
  fill($("who"), st.player ? h("span", {}, h("span.playing-as", {}, t("Playing as"), " "), h("b", {}, st.player.name)) : h("a", { href: "/" }, t("Pick a name in the lobby")));
}

function toMove() {
  const view = st.view;
  if (!view || st.over) return null;
  if (st.legal.length) return st.seat;
  return st.toMove ?? view.to_move ?? null;
}

function renderTurn() {
  const banner = $("turn");
  const status = st.table.status;
  const mover = toMove();
  let text;
  let cls = "";
  const replay = st.replay;
  if (st.over && replay && replay.step < replay.entries.length) {
    // an earlier position of a finished game: the board and its prompt are that
    // position's, so the banner says so rather than "Game over"
    text = t("Replay") + " — " + t("Move {step} of {total}", { step: replay.step, total: replay.entries.length });
    cls = "replay";
  } else if (st.over) {
    const reason = st.view && (st.view.end ? engineText(st.table.game, st.view.end, { names: names() }) : st.view.end_reason && endReason(st.view.end_reason));
    text = reason ? t("Game over — {reason}", { reason }) : t("Game over");
    cls = "over";
  } else if (status === "closed") {
    text = t("This table was closed by its creator: it will not start.");
  } else if (status === "aborted") {
    text = t("This game was aborted: it ends with no result.");
  } else if (status === "open") {
    text = t("Waiting for players — the host starts the game once enough are seated.");
  } else if (st.legal.length) {
    text = t("Your turn");
    cls = "mine";
  } else if (mover !== null && mover !== undefined && mover >= 0) {
    text = t("{player} to play", { player: names()[mover] || t("Player {n}", { n: seatNumber(mover) }) });
    cls = "theirs";
  } else {
    text = st.view ? t("Dealing…") : t("Starting…");
  }
  banner.textContent = text;
  banner.className = "turn-banner " + cls;
  const base = `${gameText(st.table.title) || st.table.game} #${st.table.id}`;
  showTurn(cls === "mine", { title: `${base} — Belle`, game: gameText(st.table.title) || st.table.game, tableId: st.table.id });
  document.body.classList.toggle("my-turn", cls === "mine");
}

function renderSeats() {
  const box = $("seats");
  const table = st.table;
  if (table.status === "open") {
    fill(box, h("h2", {}, t("Seats")), seatControls(table, st.player, st.bots, (updated) => {
      if (updated) st.table = updated;
      renderAll();
    }));
    return;
  }
  const mover = toMove();
  const view = st.replay ? replayView() : st.view;
  fill(
    box,
    h("h2", {}, t("Players")),
    rosterList({
      table, view, renderer: st.renderer, mySeat: st.seat, mover,
      clock: (seat) => (table.status === "running" ? clocks.element(seat) : null),
      standIn: standInNote,
    }),
    clockLabel(table.clock) ? h("p.clock-settings.muted", {}, t("Clock: {clock}", { clock: clockLabel(table.clock) }), " · ",
      table.clock.on_timeout === "forfeit" ? t("a player out of time forfeits") : t("a bot moves for a player out of time")) : null,
    standInButton(table),
    gameButtons(table),
    rematchButtons(table),
    st.seat === null && table.status === "running" ? h("p.hint", {}, t("You are watching: private information stays hidden.")) : null,
  );
}

/** "away" / "forfeited" next to a seat a stand-in bot plays. */
function standInNote(seat) {
  if (seat.forfeited) return h("span.stand-in.forfeited", {}, " ", t("forfeited: a bot plays"));
  if (seat.away) return h("span.stand-in.away", {}, " ", t("away: a bot plays"));
  return null;
}

/** My seat during the game: hand it to a bot, or take it back. */
function standInButton(table) {
  if (table.status !== "running" || st.seat === null) return null;
  const mine = (table.seats || [])[st.seat];
  if (!mine || mine.forfeited) return null;
  if (mine.away) {
    return h("button.back.primary", { type: "button", onclick: () => socket.send({ type: "back" }) }, t("Take my seat back"));
  }
  return h("button.away.quiet", { type: "button", onclick: () => socket.send({ type: "away" }) }, t("Let a bot play for me"));
}

/** During the game: resign my seat, or abort a game someone has not moved in yet. */
function gameButtons(table) {
  if (table.status !== "running" || st.over) return null;
  const mine = st.seat === null ? null : (table.seats || [])[st.seat];
  const host = st.player && table.host && table.host.toLowerCase() === st.player.name.toLowerCase();
  if (!mine && !host) return null;
  const call = (path) => attempt(async () => {
    const updated = await post(`/api/tables/${table.id}/${path}`);
    if (updated && updated.seats) st.table = updated;
    renderAll();
  });
  return h(
    "p.game-buttons",
    {},
    mine && !mine.forfeited ? h("button.resign.quiet", {
      type: "button",
      onclick: () => {
        if (!window.confirm(t("Resign? A bot will play your seat to the end, and you will rank last."))) return;
        call("resign");
      },
    }, t("Resign")) : null,
    h("button.abort.quiet", {
      type: "button",
      title: t("Stop a game that someone has not made a move in yet"),
      onclick: () => {
        if (!window.confirm(t("Abort this game? It ends with no result."))) return;
        call("abort");
      },
    }, t("Abort the game")),
    claimButton(table, mine, call),
  );
}

/** At a table without a clock, when another person is to move: claim their seat once
 * they have been silent long (5 minutes live, 3 days turn-based; the server says how
 * long is left if it is too early). */
function claimButton(table, mine, call) {
  if (!mine || mine.forfeited || table.clock) return null;
  const mover = toMove();
  if (typeof mover !== "number" || mover === st.seat) return null;
  const seat = (table.seats || [])[mover];
  if (!seat || seat.kind !== "human" || seat.away || seat.forfeited) return null;
  const turnBased = table.mode === "turn";
  return h("button.claim.quiet", {
    type: "button",
    title: turnBased
      ? t("If {name} has not moved for 3 days, a bot plays their seat to the end and they rank last", { name: seat.name })
      : t("If {name} has not moved for 5 minutes, a bot plays their seat to the end and they rank last", { name: seat.name }),
    onclick: () => {
      if (!window.confirm(t("Claim the seat of {name}? A bot will play it to the end, and they will rank last.", { name: seat.name }))) return;
      call("claim");
    },
  }, t("Claim the silent seat"));
}

/** At a finished table: Rematch, the one way to play it again (same players, options
 * and clock, bots kept; each person clicks once, the first click invites the others),
 * who accepted, and the new table once everyone did. */
function rematchButtons(table) {
  if (!st.over || table.status === "aborted") return null;
  const rematch = st.rematch || { accepted: [], table: null };
  if (rematch.table) {
    return h("p.rematch", {}, h("a.button.primary", { href: `/table/${rematch.table}` }, t("Go to the rematch")));
  }
  if (st.seat === null) return null;
  const mine = rematch.accepted.includes(st.seat);
  const waiting = (table.seats || []).map((s, i) => (s.kind === "human" && !rematch.accepted.includes(i) ? names()[i] : null)).filter(Boolean);
  const call = (method) => attempt(async () => {
    const body = await (method === "delete" ? del : post)(`/api/tables/${table.id}/rematch`);
    st.rematch = body;
    if (body.table) {
      goToRematch(body.table);
      return;
    }
    renderSeats();
  });
  return h(
    "p.rematch",
    {},
    mine
      ? h("button.rematch-withdraw.quiet", { type: "button", onclick: () => call("delete") }, t("Withdraw my rematch"))
      : h("button.rematch-accept.primary", {
        type: "button",
        title: t("Play again with the same players and bots: the new table starts once every player has accepted"),
        onclick: () => call("post"),
      }, rematch.accepted.length ? t("Accept the rematch") : t("Rematch")),
    mine && waiting.length ? h("span.muted", {}, " ", t("Waiting for {names}", { names: waiting.join(", ") })) : null,
  );
}

/** The rematch changed. Seen starting while on this page, it takes the players who
 * accepted there (it is running: their clocks may be too); a page opened later stays. */
function onRematch(msg) {
  const before = st.rematch;
  st.rematch = msg;
  if (before && !before.table && msg.table && st.seat !== null && (msg.accepted || []).includes(st.seat)) {
    goToRematch(msg.table);
    return;
  }
  renderSeats();
}

let leavingFor = null;

/** Open the rematch's table, once: the answer to the last click and the table's own
 * message may both say it started, and a second navigation would abort the first. */
function goToRematch(tableId) {
  if (leavingFor !== null) return;
  leavingFor = tableId;
  location.assign(`/table/${tableId}`);
}

/** Once a second: the running clock's text (the rest of the seats list stays). */
function refreshClocks() {
  for (const el of document.querySelectorAll("#seats li[data-seat]")) {
    const shown = el.querySelector(".seat-clock");
    const left = clocks.left(Number(el.dataset.seat));
    if (shown && left !== null) {
      shown.textContent = formatSeconds(left);
      shown.classList.toggle("low", shown.classList.contains("running") && left < 30);
    }
  }
}

function ctx(extra = {}) {
  const all = names();
  return {
    // a held move leaves the board still: its renderer shows it (`staged`)
    names: all, seat: st.seat, table: st.table, pending: st.pending || Boolean(st.staged),
    staged: st.staged, prompt: $("prompt"),
    describe: (text) => describe(st.table.game, text, { names: all, lookup: lookup() }), ...extra,
  };
}

function renderPlay() {
  if (st.staged && (st.staged.version !== st.version || st.replay || !st.legal.length)) st.staged = null;
  document.body.dataset.version = st.version ?? "";
  document.body.dataset.status = st.table.status;
  renderTurn();
  renderSeats();
  const board = $("board");
  if (st.replay) {
    renderReplay();
  } else if (st.view) {
    st.renderer.render(board, st.view, st.legal, onAction, ctx());
    markRecent(st.view, recentEntries(st.log, st.seat));
  } else {
    fill($("prompt"));
    fill(board, st.table.status === "open" ? waitingText()
      : st.table.status === "closed" ? h("p.empty.closed", {}, t("This table was closed."))
        : h("p.empty", {}, t("Loading…")));
  }
  renderLegal();
  renderScore();
}

/** Mark the board elements the other players' recent moves touched (class "recent"). */
function markRecent(view, entries) {
  const targets = st.renderer && st.renderer.targetsOf;
  const board = $("board");
  board.querySelectorAll(".recent").forEach((el) => el.classList.remove("recent"));
  if (!targets || !entries.length) return;
  for (const entry of entries) {
    if (!entry.text || entry.text === "?") continue;
    let selectors = [];
    try {
      selectors = targets(entry.text, view) || [];
    } catch (err) {
      console.warn("targetsOf failed", err);
    }
    for (const selector of selectors) {
      for (const el of board.querySelectorAll(selector)) {
        el.classList.add("recent");
        el.dataset.recentBy = String(seatNumber(entry.player));
      }
    }
  }
}

function waitingText() {
  const table = st.table;
  const options = optionsLine(table.game, table.options, { all: true });
  const pace = table.mode === "turn" ? t("turn-based") : t("live");
  return h(
    "div.waiting",
    {},
    h("p", {}, t("{game} for {n} players, {pace}.", { game: gameText(table.title) || table.game, n: table.players, pace })),
    options ? h("p.muted", {}, t("Options"), " — " + options) : null,
    h("p.empty", {}, t("The board appears when the game starts. Take a seat, add bots, or type /help in the chat.")),
  );
}

function renderLegal() {
  const box = $("actions");
  const live = !st.replay && st.legal.length > 0;
  renderConfirm();
  box.hidden = !live || Boolean(st.staged);
  const undo = $("undo");
  undo.hidden = !live || !st.canUndo;
  undo.disabled = st.pending;
  undo.textContent = t("Undo");
  undo.title = t("Take back your last step");
  undo.onclick = onUndoClick;
  document.body.classList.toggle("pending", st.pending);
  if (!live) {
    $("legal").replaceChildren();
    return;
  }
  if (friendsParts && friendsParts.lessons) friendsParts.lessons.update(st.legal);
  renderMoveList($("legal"), {
    game: st.table.game, legal: st.legal, names: names(), lookup: lookup(), view: st.view, pending: st.pending, onAction,
    roots: [$("board"), $("prompt")],
  });
}

function renderScore() {
  const box = $("score");
  const view = st.replay ? replayView() : st.view;
  if (st.over && (!st.replay || st.replay.step === st.replay.entries.length)) {
    box.hidden = false;
    renderScores(box, {
      title: t("Final scores"),
      game: st.table.game,
      breakdown: st.over.breakdown,
      names: names(),
      scores: st.over.scores,
      ranking: st.over.ranking,
    });
    return;
  }
  const breakdown = view && view.breakdown;
  if (breakdown && Object.values(breakdown).some(Array.isArray)) {
    box.hidden = false;
    renderScores(box, {
      title: st.replay ? t("Score at this point") : scoreTitle(view),
      game: st.table.game,
      breakdown,
      names: names(),
    });
    return;
  }
  box.hidden = true;
}

/** The running score box's title: the renderer's optional `scoreTitle` (a string, or a
 * function of the view giving one), else "Your score". */
function scoreTitle(view) {
  const custom = st.renderer && st.renderer.scoreTitle;
  try {
    const title = typeof custom === "function" ? custom(view) : custom;
    if (typeof title === "string" && title.trim()) return title;
  } catch (err) {
    console.warn("scoreTitle failed; using the default", err);
  }
  return DEFAULT_SCORE_TITLE;
}

function entryName(player) {
  if (player === null || player === undefined || player === "chance" || player < 0) return null;
  return names()[player] || t("Player {n}", { n: seatNumber(player) });
}

/** The log's line that step `step` (1-based) of `entries` belongs to, cut after that step:
 * the turn so far, as the replay bar says it. */
function lineSoFar(entries, step) {
  let first = 1;
  for (const group of groupEntries(entries)) {
    const last = first + group.entries.length - 1;
    if (step <= last) return { ...group, entries: group.entries.slice(0, step - first + 1) };
    first = last + 1;
  }
  return null;
}

/** A step of the replay bar: the log's sentence for its turn so far ("traded: returned a
 * blue share, took 1 black", after the player's name), then the step's notation (shown
 * with the "notation" switch, as in the log). */
function stepText(line, entry) {
  if (!line) return entry.text;
  const meaning = lineText(line, { game: st.table.game, names: names(), players: st.table.players, lookup: lookup() });
  if (!meaning) return entry.text;
  return h("span.move", { title: entry.text }, h("span.move-desc", {}, meaning), " ", h("code.notation", {}, entry.text));
}

/** The renderer's names of pieces known by id (for the log and the move list), or null. */
function lookup() {
  const renderer = st.renderer;
  return renderer && renderer.lookup ? (kind, key) => renderer.lookup(kind, key) : null;
}

function renderLog() {
  const view = st.replay ? replayView() : st.view;
  const renderer = st.renderer;
  drawLog($("log"), st.replay ? st.replay.entries : st.log, {
    game: st.table.game,
    names: names(),
    players: st.table.players,
    lookup: lookup(),
    summaries: (seat) => (renderer && renderer.seatSummary && view ? safe(() => renderer.seatSummary(view, seat)) : null),
    replay: st.replay ? { step: st.replay.step, goTo } : null,
  });
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return null;
  }
}

// -- replay -------------------------------------------------------------------

async function startReplay() {
  if (st.replay) return;
  const seat = st.seat !== null ? st.seat : 0;
  st.replay = { seat, record: null, entries: [], step: 0, views: new Map(), noViews: false };
  await loadReplay(seat);
}

async function loadReplay(seat) {
  const q = seat === null ? "" : `?seat=${seat}`;
  const data = await attempt(() => get(`/api/tables/${encodeURIComponent(tableId)}/replay${q}`));
  if (!data) return;
  const record = data.record || data;
  st.replay.seat = seat;
  st.replay.record = record;
  st.replay.entries = (record.actions || []).map((a, i) => ({ n: i + 1, player: a.player, text: a.text }));
  st.replay.views = new Map();
  if (!st.replay.step || st.replay.step > st.replay.entries.length) st.replay.step = st.replay.entries.length;
  await goTo(st.replay.step);
}

function replayView() {
  const r = st.replay;
  return (r && r.views.get(r.step)) || (r && r.step === r.entries.length && r.seat === st.seat ? st.view : null);
}

async function fetchView(step) {
  const r = st.replay;
  if (r.noViews || r.views.has(step)) return;
  const q = new URLSearchParams({ at: String(step) });
  if (r.seat !== null) q.set("seat", String(r.seat));
  try {
    const data = await get(`/api/tables/${encodeURIComponent(tableId)}/view?${q}`);
    r.views.set(step, data.view || data);
  } catch (err) {
    if (err.status === 404 || err.status === 405) r.noViews = true;
    else toast(err.message);
  }
}

async function goTo(step) {
  const r = st.replay;
  if (!r) return;
  step = Math.max(0, Math.min(r.entries.length, step));
  r.step = step;
  const seat = r.seat;
  await fetchView(step);
  if (r.step !== step || r.seat !== seat) return; // the reader moved on meanwhile
  renderPlay();
  renderLog();
  if (step < r.entries.length) fetchView(step + 1); // read ahead
}

function renderReplay() {
  const r = st.replay;
  const box = $("replay");
  box.hidden = false;
  const total = r.entries.length;
  const seats = st.table.seats || [];
  const pick = h(
    "select",
    { id: "replay-seat", "aria-label": t("Viewpoint"), onchange: (e) => changeViewpoint(e.target.value) },
    h("option", { value: "" }, t("a spectator")),
    seats.map((seat) => h("option", { value: String(seat.seat) }, seatLabel(seat))),
  );
  pick.value = r.seat === null ? "" : String(r.seat);
  const slider = h("input", {
    type: "range", id: "replay-slider", min: "0", max: String(total), value: String(r.step),
    "aria-label": t("Move"), oninput: (e) => goTo(parseInt(e.target.value, 10)),
  });
  const entry = r.entries[r.step - 1];
  const line = entry ? lineSoFar(r.entries, r.step) : null;
  const who = line && line.kind === "turn" ? entryName(line.player) : null;
  fill(
    box,
    h(
      "div.replay-bar",
      {},
      h("strong", {}, t("Replay")),
      h("button.replay-first", { type: "button", title: t("First (Home)"), "aria-label": t("First move"), onclick: () => goTo(0), disabled: r.step === 0 }, "«"),
      h("button.replay-prev", { type: "button", title: t("Previous (←)"), "aria-label": t("Previous move"), onclick: () => goTo(r.step - 1), disabled: r.step === 0 }, "‹"),
      h("button.replay-next", { type: "button", title: t("Next (→)"), "aria-label": t("Next move"), onclick: () => goTo(r.step + 1), disabled: r.step === total }, "›"),
      h("button.replay-last", { type: "button", title: t("Last (End)"), "aria-label": t("Last move"), onclick: () => goTo(total), disabled: r.step === total }, "»"),
      slider,
      h("label.viewpoint", {}, t("Seen as"), " ", pick),
    ),
    h("p.replay-step", { id: "replay-step" },
      t("Move {step} of {total}", { step: r.step, total }),
      entry ? h("span", {}, ": ", who ? h("b", {}, who + " ") : "", stepText(line, entry)) : " — " + t("the start")),
  );
  const view = replayView();
  if (view) st.renderer.render($("board"), view, [], null, ctx({ replay: true, seat: r.seat }));
  else if (r.noViews) fill($("board"), h("p.empty", {}, t("This server cannot show the board of past moves; the move list is on the right.")));
}

async function changeViewpoint(value) {
  const seat = value === "" ? null : parseInt(value, 10);
  await loadReplay(seat);
}

function onKey(event) {
  if (!st.replay || event.target.closest("input, textarea, select")) return;
  const keys = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in keys) goTo(st.replay.step + keys[event.key]);
  else if (event.key === "Home") goTo(0);
  else if (event.key === "End") goTo(st.replay.entries.length);
  else return;
  event.preventDefault();
}

main().catch((err) => {
  console.error(err);
  toast(err.message || String(err));
});

// The lobby: pick a name, create a table with the game's options, list open, running
// and finished tables, manage seats, and chat. Live updates come from /ws/lobby.
import { showAccount } from "./account.js";
import { ApiError, Socket, games as fetchGames, get, me, post } from "./api.js";
import { Chat, LOBBY_HELP } from "./chat.js";
import { learnButton, renderFriends } from "./friends.js";
import { leaderboardUrl, playerLink } from "./players.js";
import { seatControls } from "./seats.js";
import { clockFields, clockLabel, readClock } from "./clock.js";
import { choiceWord, optionHelp, optionWord, optionsLine } from "./options.js";
import { noticeText } from "./notices.js";
import "./push.js"; // the service worker, and turn notices on this device
import { watchChat } from "./moderation.js";
import { attempt, errorText, fill, gameText, h, mySeat, seatLabel, t, timeAgo, toast } from "./ui.js";

const state = { player: null, games: [], bots: [], tables: { open: [], running: [], finished: [] } };
const $ = (id) => document.getElementById(id);
let socket = null; // the lobby socket; reopened when the player changes (it carries the cookie)

async function main() {
  $("signin-form").addEventListener("submit", signIn);
  const [player, catalogue] = await Promise.all([attempt(me), attempt(fetchGames)]);
  state.player = player || null;
  if (catalogue) Object.assign(state, catalogue);
  renderWho();
  renderCreate();
  renderRulesList();
  renderLeaderboardList();
  watchChat();
  await refreshTables();
  renderFriends($("friends"), state.player);
  const chat = new Chat($("lobby-chat"), {
    title: t("Lobby chat"),
    commands: LOBBY_HELP,
    send: (text) => {
      if (!state.player) return toast(t("Pick a name first."));
      socket.send({ type: "chat", text });
    },
  });
  socket = new Socket("/ws/lobby", {
    onMessage: (msg) => onLobbyMessage(msg, chat),
    onStatus: (status) => document.body.classList.toggle("offline", status !== "open"),
  });
  setInterval(refreshTables, 15000); // a safety net; the socket normally pushes changes
}

function onLobbyMessage(msg, chat) {
  if (msg.type === "sync") {
    chat.reset(msg.chat || []);
    if (msg.tables) setTables(msg.tables);
    if (msg.more && msg.more.length) scheduleRefresh(); // a page: the rest over HTTP
  } else if (msg.type === "event") {
    if (msg.kind === "chat") chat.add(msg);
    else if (msg.kind === "table" && msg.table) upsert(msg.table);
    else scheduleRefresh();
  } else if (msg.type === "notice") {
    chat.system(msg.notice ? noticeText(msg.notice, msg.params, msg.text) : msg.text);
  } else if (msg.type === "error") {
    chat.system(errorText(msg.code, msg.message, msg.notice, msg.params, msg.refusal, undefined, msg.template));
  } else if (msg.type === "tables" || msg.type === "table") {
    scheduleRefresh();
  } else if (msg.type === "friends" || msg.type === "invited") {
    renderFriends($("friends"), state.player);
  }
}

let refreshTimer = null;
function scheduleRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refreshTables, 150);
}

/** Put a changed table summary in the right list. */
function upsert(table) {
  for (const status of ["open", "running", "finished"]) {
    state.tables[status] = state.tables[status].filter((t) => t.id !== table.id);
  }
  const list = state.tables[table.status];
  if (list) {
    list.unshift(table);
    list.sort((a, b) => (b.id > a.id ? 1 : -1));
  }
  renderTables();
}

function setTables(tables) {
  const list = Array.isArray(tables) ? tables : [...(tables.open || []), ...(tables.running || []), ...(tables.finished || [])];
  for (const status of ["open", "running", "finished"]) state.tables[status] = list.filter((t) => t.status === status);
  renderTables();
}

async function refreshTables() {
  const lists = await Promise.all(
    ["open", "running", "finished"].map((status) =>
      get(`/api/tables?status=${status}`).catch(() => null)),
  );
  ["open", "running", "finished"].forEach((status, i) => {
    const data = lists[i];
    if (data) state.tables[status] = Array.isArray(data) ? data : data.tables || [];
  });
  renderTables();
}

// -- identity -------------------------------------------------------------

async function signIn(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  const password = $("password").value;
  const body = password ? { name, password } : { name };
  const result = await attempt(() => post("/api/session", body));
  if (!result) return;
  state.player = result.player || result;
  $("password").value = "";
  if (socket) socket.resync();
  renderWho();
  renderCreate();
  renderTables();
  renderRulesList();
  renderFriends($("friends"), state.player);
}

function renderWho() {
  const who = $("who");
  const player = state.player;
  showAccount(player);
  $("signin").hidden = !!player;
  $("create").hidden = !player;
  if (!player) {
    fill(who, h("span.muted", {}, t("Not signed in")));
    return;
  }
  const keep = h(
    "form.keep-name",
    { hidden: true, onsubmit: (e) => keepName(e, keep) },
    player.registered ? h("input", { type: "password", name: "current", placeholder: t("Current password"), required: true, autocomplete: "current-password", "aria-label": t("Current password") }) : null,
    h("input", { type: "password", name: "password", placeholder: t("New password"), required: true, autocomplete: "new-password", "aria-label": t("Password") }),
    h("button", { type: "submit" }, t("Save")),
  );
  fill(
    who,
    h("span", {}, h("span.playing-as", {}, t("Playing as"), " "), h("b", { id: "player-name" }, playerLink(player.name, { title: t("Your page: ratings and games") }))),
    player.registered ? h("span.badge", { title: t("This name is kept with a password") }, t("kept")) : null,
    h("button.quiet.change-password", { type: "button", onclick: () => { keep.hidden = !keep.hidden; } }, player.registered ? t("Change password…") : t("Keep this name…")),
    keep,
    h("button.quiet", { type: "button", onclick: () => signOut(false) }, t("Sign out")),
    h("button.quiet.sign-out-everywhere", { type: "button", title: t("End every session of this name, on every device"), onclick: () => signOut(true) }, t("Sign out everywhere")),
  );
}

async function keepName(event, form) {
  event.preventDefault();
  const password = form.elements.password.value;
  const wasKept = state.player.registered;
  const body = wasKept ? { password, current: form.elements.current.value } : { password };
  const ok = await attempt(() => post("/api/password", body));
  if (ok === undefined) return;
  state.player = { ...state.player, registered: true };
  toast(wasKept ? t("Your password is changed: every other device was signed out.")
    : t("Your name is kept: sign in with it and this password next time."), "info");
  renderWho();
}

async function signOut(everywhere) {
  await attempt(() => post("/api/logout", everywhere ? { everywhere: true } : undefined));
  state.player = null;
  if (socket) socket.resync();
  renderWho();
  renderTables();
}

// -- creating a table -----------------------------------------------------

function renderCreate() {
  const form = $("create-form");
  if (!state.games.length) {
    fill(form, h("p.empty", {}, t("No games are installed.")));
    return;
  }
  const gameSelect = h(
    "select",
    { name: "game", id: "create-game", onchange: () => renderGameFields() },
    state.games.map((g) => h("option", { value: g.id }, gameText(g.title))),
  );
  const fields = h("div.game-fields");
  const rulesLink = h("a.rules-link", { id: "create-rules", target: "_blank", rel: "noopener" }, t("Rules"));
  const renderGameFields = () => {
    const game = state.games.find((g) => g.id === gameSelect.value);
    const players = h(
      "select",
      { name: "players", id: "create-players" },
      range(game.min_players, game.max_players).map((n) => h("option", { value: String(n) }, t("{n} players", { n }))),
    );
    rulesLink.href = rulesUrl(game.id);
    rulesLink.title = t("How to play {game}", { game: gameText(game.title) });
    fill(
      fields,
      game.summary ? h("p.summary", {}, gameText(game.summary)) : null,
      h("label", {}, t("Players"), " ", players),
      (game.options || []).length ? h("fieldset.options", {}, h("legend", {}, t("Options")), game.options.map((spec) => optionField(game.id, spec))) : null,
    );
  };
  fill(
    form,
    h("div.game-pick", {}, h("label", {}, t("Game"), " ", gameSelect), rulesLink),
    fields,
    h(
      "fieldset.mode",
      {},
      h("legend", {}, t("Pace")),
      h("label.inline", {}, h("input", { type: "radio", name: "mode", value: "live", checked: true }), " ", t("live")),
      h("label.inline", {}, h("input", { type: "radio", name: "mode", value: "turn" }), " ", t("turn-based (days)")),
    ),
    clockFields(),
    h("label.inline", {}, h("input", { type: "checkbox", name: "sit", id: "create-sit", checked: true }), " ", t("take the first seat")),
    h("label.inline", { title: t("Listed and open only to the people you invite") }, h("input", { type: "checkbox", name: "private", id: "create-private" }), " ", t("private (by invitation)")),
    h("button.primary", { type: "submit", id: "create-submit" }, t("Create the table")),
  );
  form.onsubmit = createTable;
  renderGameFields();
}

/** Rules pages (belle/web/rules.html, issue 10): one link per installed game. */
function rulesUrl(game, anchor = "") {
  return `/static/rules.html?game=${encodeURIComponent(game)}${anchor ? "#" + anchor : ""}`;
}

function renderRulesList() {
  const box = $("rules-list");
  if (!box || !state.games.length) return;
  fill(box, state.games.map((g) => h("li", {}, h("a.rules-link", { href: rulesUrl(g.id), dataset: { game: g.id } }, gameText(g.title)),
    state.player ? [" ", learnButton(g.id, gameText(g.title))] : null)));
}

/** Leaderboards (issue 10): one link per installed game. */
function renderLeaderboardList() {
  const box = $("leaderboard-list");
  if (!box || !state.games.length) return;
  fill(box, state.games.map((g) => h("li", {}, h("a.leaderboard-link", { href: leaderboardUrl(g.id), dataset: { game: g.id }, title: t("Leaderboard: {game}", { game: gameText(g.title) }) }, gameText(g.title)))));
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** One input per option of the game's schema, showing its default. */
function optionField(game, spec) {
  const name = "opt:" + spec.name;
  const text = optionHelp(game, spec);
  const help = text ? h("small.help", {}, text) : null;
  const label = h("span.opt-name", {}, optionWord(spec.name));
  if (spec.kind === "bool") {
    return h("label.option.bool", {}, h("input", { type: "checkbox", name, checked: !!spec.default, dataset: { kind: "bool" } }), " ", label, help);
  }
  if (spec.kind === "int") {
    return h("label.option", {}, label, " ", h("input", {
      type: "number", name, value: String(spec.default), min: spec.minimum ?? "", max: spec.maximum ?? "", step: "1", dataset: { kind: "int" },
    }), help);
  }
  if (spec.kind === "choice") {
    return h("label.option", {}, label, " ", h("select", { name, value: spec.default, dataset: { kind: "choice" } }, (spec.choices || []).map((c) => h("option", { value: c }, choiceWord(game, spec.name, c)))), help);
  }
  const chosen = new Set(spec.default || []);
  return h(
    "fieldset.option.list",
    { dataset: { kind: "list", name: spec.name } },
    h("legend", {}, label),
    (spec.choices || []).map((c) => h("label.inline", {}, h("input", { type: "checkbox", name, value: c, checked: chosen.has(c) }), " ", choiceWord(game, spec.name, c))),
    help,
  );
}

function readOptions(form, game) {
  const options = {};
  for (const spec of game.options || []) {
    const name = "opt:" + spec.name;
    if (spec.kind === "bool") options[spec.name] = form.elements[name].checked;
    else if (spec.kind === "int") options[spec.name] = parseInt(form.elements[name].value, 10);
    else if (spec.kind === "choice") options[spec.name] = form.elements[name].value;
    else options[spec.name] = [...form.querySelectorAll(`input[name="${CSS.escape(name)}"]:checked`)].map((i) => i.value);
  }
  return options;
}

async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const game = state.games.find((g) => g.id === form.elements.game.value);
  const body = {
    game: game.id,
    players: parseInt(form.elements.players.value, 10),
    options: readOptions(form, game),
    mode: form.elements.mode.value,
    private: form.elements.private.checked,
    ...readClock(form),
  };
  const result = await attempt(() => post("/api/tables", body));
  if (!result) return;
  const table = result.table || result;
  if (form.elements.sit.checked) await attempt(() => post(`/api/tables/${table.id}/join`, { seat: 0 }));
  location.href = `/table/${table.id}`;
}

// -- table lists ----------------------------------------------------------

function renderTables() {
  renderList($("tables-open"), state.tables.open, t("No open table. Create one!"));
  renderList($("tables-running"), state.tables.running, t("No game is being played."));
  renderList($("tables-finished"), state.tables.finished.slice(0, 30), t("No finished game yet."));
}

function renderList(box, tables, emptyText) {
  if (!tables.length) {
    fill(box, h("p.empty", {}, emptyText));
    return;
  }
  fill(box, tables.map(tableCard));
}

function tableCard(table) {
  const seated = mySeat(table, state.player) !== null;
  const link = {
    open: seated ? t("Go to the table") : t("Look"),
    running: seated ? t("Play") : t("Watch"),
    finished: t("Replay"),
  }[table.status] || t("Open");
  const optionText = optionsLine(table.game, table.options);
  return h(
    "article.table-card.status-" + table.status,
    { dataset: { table: String(table.id) } },
    h(
      "header",
      {},
      h("a.table-title", { href: `/table/${table.id}` }, gameText(table.title) || table.game),
      table.private ? h("span.badge.private", { title: t("Listed and open only to the people invited") }, t("private")) : null,
      h("span.meta", {}, `#${table.id} · `, t("{n} players", { n: table.players }), " · ", table.mode === "turn" ? t("turn-based") : t("live"), clockLabel(table.clock) ? " · ⏱ " + clockLabel(table.clock) : ""),
      h("a.button.go", { href: `/table/${table.id}` }, link),
    ),
    optionText ? h("p.options-text", {}, optionText) : null,
    table.status === "open"
      ? seatControls(table, state.player, state.bots, () => refreshTables())
      : h("p.seat-names", {}, seatNames(table.seats || []), table.created_at ? h("span.muted", {}, " — " + timeAgo(table.created_at)) : null),
  );
}

/** The seats of a running or finished table: people link to their page. */
function seatNames(seats) {
  return seats.flatMap((seat, i) => [i ? " · " : null, seat.kind === "human" && seat.name ? playerLink(seat.name) : seatLabel(seat)]);
}

main().catch((err) => toast(err instanceof ApiError ? err.message : String(err)));

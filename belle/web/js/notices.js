// The server's notices (belle/server/announcements.py) in the reader's language: a table's
// own chat lines, the replies to chat commands and refusals arrive as {notice, params}
// beside an English `text`; each id here gives its sentence through t(), so the .po
// catalogues translate it. A list parameter is joined the reader's way ("A, B and C").
// An id this page does not know (a newer server) shows the English text. Bots arrive by
// their English level ("easy"; a winner as "easy bot"): the sentences name them in the
// reader's words. The bots a chat command accepts ({bots} of help and unknown_bot) stay
// the words to type.
import { t, currentLanguage } from "./i18n.js";

const SENTENCES = {
  joined: (p) => t("{name} sat down at seat {seat}.", p),
  moved: (p) => t("{name} moved to seat {seat}.", p),
  left: (p) => t("{name} left seat {seat}.", p),
  bot_added: (p) => t("A bot ({bot}) sat down at seat {seat}.", p),
  bot_removed: (p) => t("The {bot} bot left seat {seat}.", p),
  kicked: (p) => t("{host} asked {name} to leave the table.", p),
  new_host: (p) => t("{name} is the table's host now.", p),
  started: (p) => t("The game has started.", p),
  started_fewer: (p) => t("The game has started with {players} players: the empty seats are left out.", p),
  took_back: (p) => t("{name} took back: {action}", p),
  resigned: (p) => t("{name} resigned: a bot plays their seat to the end.", p),
  aborted: (p) => t("{name} aborted the game: it ends without a result.", p),
  claimed: (p) => t("{name} had stopped moving: {by} claimed the seat, and a bot plays it to the end.", p),
  banned_resigned: (p) => t("{name} was banned by the operator: a bot plays their seat to the end.", p),
  banned_aborted: (p) => t("{name} was banned by the operator: the game ends without a result.", p),
  closed: (p) => t("{name} closed the table: it will not start.", p),
  over: (p) => t("The game is over: {winners} won.", p),
  over_shared: (p) => t("The game is over: {winners} share the win.", p),
  rematch_offered: (p) => t("{name} offers a rematch.", p),
  rematch_accepted: (p) => t("{name} accepts the rematch.", p),
  rematch_withdrawn: (p) => t("{name} no longer wants a rematch.", p),
  rematch_started: (p) => t("The rematch has started at table {table}.", p),
  help_table: (p) => t("Commands: /join [seat] takes a seat (numbered from 1; the first free one without a number) · /leave gives it up · /bot NAME [seat] adds a bot ({bots}) · /start starts with everyone seated, the empty seats left out · /close closes a table you created that has not started · /claim gives a bot the seat of a person silent too long · /help", p),
  help_lobby: (p) => t("Commands name a table by its number (#12 or 12): /join ID [seat] takes a seat (numbered from 1; the first free one without a number) · /leave ID gives it up · /bot ID NAME [seat] adds a bot ({bots}) · /start ID starts with everyone seated, the empty seats left out · /close ID closes a table you created that has not started · /help. At a table the same commands need no ID.", p),
  you_sat: (p) => t("You sit at seat {seat}.", p),
  you_sat_at: (p) => t("You sit at seat {seat} of table {table}.", p),
  you_left: (p) => t("You left your seat.", p),
  you_left_at: (p) => t("You left your seat at table {table}.", p),
  bot_sits: (p) => t("A bot ({bot}) sits down.", p),
  bot_sits_at: (p) => t("A bot ({bot}) sits down at table {table}.", p),
  game_starts: (p) => t("The game starts.", p),
  game_starts_at: (p) => t("The game at table {table} starts.", p),
  you_closed: (p) => t("You closed the table.", p),
  you_closed_at: (p) => t("You closed table {table}.", p),
  you_claimed: (p) => t("You claimed the seat: a bot plays it to the end.", p),
  too_few_seated: (p) => t("At least {fewest} players must be seated to start; {seated} are.", p),
  seat_range: (p) => t("Seats are numbered 1 to {last}; there is no seat {seat}.", p),
  seat_taken: (p) => t("Seat {seat} is taken.", p),
  table_full: (p) => t("Every seat is taken.", p),
  no_bot_at: (p) => t("Seat {seat} has no bot.", p),
  unknown_bot: (p) => t("There is no bot called {bot}; the table offers {bots}.", p),
  unknown_command: (p) => t("There is no command /{command}; type /help to see them.", p),
  usage: (p) => t("Write it as {usage}.", p),
  usage_table_id: (p) => t("Write it as {usage}, where ID is the table's number as the lobby shows it.", p),
  sign_in_first: (p) => t("Pick a name first.", p),
  not_seated: (p) => t("You have no seat at this table.", p),
  not_host: (p) => t("Only the table's host may do this (its creator, unless they handed the table on).", p),
  table_closed: (p) => t("This table was closed by its creator.", p),
  game_started: (p) => t("The game has started: seats can no longer change.", p),
  kicked_out: (p) => t("The host asked you to leave this table: you cannot sit at it again.", p),
  nobody_there: (p) => t("Nobody sits at seat {seat}.", p),
  kick_yourself: (p) => t("You cannot ask yourself to leave: leave your seat instead.", p),
  hand_on_person: (p) => t("Hand the table on to another person seated at it.", p),
  claim_nobody: (p) => t("Only the seat of another person who is to move can be claimed.", p),
  claim_too_early_minutes: (p) => t("{name} has been silent for {waited} min; a seat can be claimed after {grace} min of silence.", p),
  claim_too_early_hours: (p) => t("{name} has been silent for {waited} h; a seat can be claimed after {grace} h of silence.", p),
  rematch_not_over: (p) => t("A rematch can be offered once the game is over.", p),
  rematch_not_player: (p) => t("Only the people who played at this table can ask for a rematch.", p),
  no_planning: (p) => t("This game has no planning mode.", p),
  plan_too_large: (p) => t("A plan may hold at most {limit} bytes.", p),
  plan_not_object: (p) => t("A plan is a JSON object.", p),
};

const BOT_WORDS = {
  easy: () => t("easy"), medium: () => t("medium"), hard: () => t("hard"),
  expert: () => t("expert"), random: () => t("random"), greedy: () => t("greedy"),
  bot: () => t("bot"),
};

/** A bot level's name as shown (the server's names are English identifiers). */
export function botName(name) {
  return Object.hasOwn(BOT_WORDS, name) ? BOT_WORDS[name]() : name;
}

/** A seat's name in a notice: "easy bot" (the server's name of a bot) in the reader's
 * words; with its seat number (from 1) when known, as several bots may share a level. */
function seatName(name, seat) {
  const found = /^(\S+) bot$/.exec(String(name));
  if (!found || !Object.hasOwn(BOT_WORDS, found[1])) return String(name);
  const bot = botName(found[1]);
  return seat ? t("the {bot} bot in seat {seat}", { bot, seat }) : t("the {bot} bot", { bot });
}

const BOT_NOTICES = new Set(["bot_added", "bot_removed", "bot_sits", "bot_sits_at"]);

function shown(id, params) {
  const out = {};
  for (const [key, value] of Object.entries(params || {})) {
    if (key === "bot" && BOT_NOTICES.has(id)) out[key] = botName(String(value));
    else if (key === "winners" && Array.isArray(value)) {
      out[key] = joined(value.map((name, i) => seatName(name, Array.isArray(params.seats) ? params.seats[i] : null)));
    }
    else out[key] = Array.isArray(value) ? joined(value.map(String)) : value;
  }
  return out;
}

function joined(items) {
  try {
    return new Intl.ListFormat(currentLanguage(), { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

/** The sentence of notice `id` with `params`, or `fallback` (the server's English). */
export function noticeText(id, params, fallback) {
  const sentence = SENTENCES[id];
  return sentence ? sentence(shown(id, params)) : fallback || "";
}

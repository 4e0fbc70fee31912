"""The terminal's own words (`belle play`, `belle replay`): prompts, the interactive
loop's help, the lines around the board, the move log and the final scores, as English
templates keyed by id in the catalogue domain ``terminal`` (belle.i18n.text;
translations in belle/locale/<lang>/LC_MESSAGES/terminal.po).

`Words(lang)` says one in a reader's language. What a player types stays as typed: the
command words (actions, board, log, info, undo, help, quit), the notation and the
seat numbers, which count from 1 everywhere (`--seat 1=human`, "seat 1", `belle replay
--seat 1`), though the engine counts from 0. The boards themselves, the notation
help and the chance lines are the games' renderers' (belle/games/<id>/render.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from belle.i18n import SOURCE_LANGUAGE
from belle.i18n.catalogue import messages as interface_messages
from belle.i18n.say import Voice, say
from belle.i18n.text import Texts

_TEMPLATES: Final[dict[str, str]] = {
    # the start and the end of a match
    "terminal.intro": "{count} players: {seats}. Seed {seed}.",
    "terminal.intro.seat": "seat {number} {player}",
    "terminal.intro.how":
        "At your turn, enter a number from the list or an action (type {help} for the "
        "notation and commands).",
    "terminal.you": "you",
    "terminal.left": "You left the match.",
    "terminal.interrupted": "Interrupted.",
    "terminal.internal_error": "internal error: saving the match record first.",
    "terminal.game_over": "Game over",
    "terminal.saved": "Match record saved to {path}  (see it again: belle replay {path})",
    "terminal.replay.title": "{game}: after {count} of {total} actions, as {who}",
    "terminal.replay.spectator": "a spectator",
    "terminal.replay.seats": "{seats}. Seed {seed}, engine {engine}.",
    "terminal.resumed": "Resumed from {path} after {count} actions; the rest is saved anew.",
    # --seat K=PLAYER (belle.cli.seats), seats counted from 1
    "terminal.refuse.seat_shape":
        "Write --seat as SEAT=PLAYER, for example 1=human or 2=greedy, not “{typed}”.",
    "terminal.refuse.seat_number": "--seat “{typed}”: “{seat}” is not a seat number.",
    "terminal.refuse.seat_range":
        "--seat “{typed}”: the seats are numbered 1 to {count} for {count} players.",
    # belle replay
    "terminal.refuse.replay_to":
        "--to must be from 0 to {total}: the record holds {total} actions.",
    "terminal.refuse.replay_seat":
        "--seat {seat}: the seats of this match are numbered 1 to {count}.",
    # belle resume
    "terminal.refuse.resume_over": "This match is over: see it with belle replay {path}",
    "terminal.refuse.seat_twice": "--seat “{typed}”: seat {seat} is given twice.",
    "terminal.refuse.seat_bot": "--seat “{typed}”: {reason}",
    "terminal.refuse.lang": "--lang “{typed}”: the languages are {languages}.",
    "terminal.refuse.player":
        "There is no player “{player}”: write {players}, or a level: {levels}.",
    "terminal.refuse.record_dir": "--record-dir “{path}” is not writable.",
    # a turn
    "terminal.seat": "seat {number}",
    "terminal.move": "{seat} ({player}): {move}",
    "terminal.since": "Since your last move:",
    "terminal.hand_over": "Pass the keyboard to {seat} and press Enter ",
    "terminal.took_back": "took back: {move}",
    "terminal.chance": "chance: {outcomes}",
    "terminal.chance.seen": "chance, seen by {seats}: {outcomes}",
    "terminal.chance.secret": "chance: {count} secret outcomes for {seats}",
    "terminal.chance.secret.one": "chance: {count} secret outcome for {seats}",
    # help
    "terminal.help.commands": "Commands:",
    "terminal.help.notation": "Notation:",
    "terminal.help.NUMBER": "NUMBER",
    "terminal.help.ACTION": "ACTION",
    "terminal.help.number": "play the action with that number in the list",
    "terminal.help.action": "play an action written in the game's notation",
    "terminal.help.actions": "list the legal actions again",
    "terminal.help.board": "draw the board again",
    "terminal.help.log": "show the last moves",
    "terminal.help.info":
        "what a card, tile, figure or landmark does and costs (info alone: the ids)",
    "terminal.help.undo":
        "take back your last step (if nothing came after it and it revealed nothing)",
    "terminal.help.help": "show this help",
    "terminal.help.quit": "save the match record and leave (end of input does the same)",
    # info ID (belle.cli.info)
    "terminal.info.on_board": "Every element of this game shows its effect on the board itself.",
    "terminal.info.unknown": "No element is called “{key}”. ",
    "terminal.info.known": "Known: {known}",
    # the move log (belle.cli.log)
    "terminal.log.chance": "chance",
    "terminal.log.chance_for": "chance for {seats}",
    "terminal.log.hidden": "{count} hidden",
    # the final scores (belle.cli.scores)
    "terminal.scores.title": "Final scores",
    "terminal.scores.seat": "seat",
    "terminal.scores.component": "component",
    "terminal.scores.points": "points",
    "terminal.scores.detail": "detail",
    "terminal.scores.total": "total",
    "terminal.scores.who": "{seat} ({player})",
    "terminal.scores.place": "{ordinal} place",
    "terminal.scores.wins": " ★ wins",
    "terminal.ordinal.first": "1st",
    "terminal.ordinal.st": "{n}st",
    "terminal.ordinal.nd": "{n}nd",
    "terminal.ordinal.rd": "{n}rd",
    "terminal.ordinal.th": "{n}th",
    "terminal.winner": "{players} wins with {points} points.",
    "terminal.winners": "{players} share the win with {points} points.",
}

TEXTS: Final = Texts("terminal", _TEMPLATES)


def ordinal(place: int) -> dict[str, Any]:
    """Place `place` (0 for the first) as a message: "1st", "2nd", … in English."""
    n = place + 1
    if n == 1:
        return TEXTS.message("terminal.ordinal.first")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return TEXTS.message(f"terminal.ordinal.{suffix}", n=n)


@dataclass(frozen=True, slots=True)
class Words:
    """The terminal's words in `lang`; a game's messages (score lines) in it too."""

    lang: str = SOURCE_LANGUAGE

    def __call__(self, message_id: str, /, **params: Any) -> str:
        return say(self.lang, TEXTS.game, TEXTS.message(message_id, **params))

    def seat(self, index: int) -> str:
        """Seat `index` (0-based, as the engine counts) as a player reads it: from 1."""
        return self("terminal.seat", number=index + 1)

    def title(self, game: str) -> str:
        """The game's title as the interface's catalogue words it in this language."""
        from belle.engine.registry import load_game

        english = load_game(game).info.title
        return interface_messages(self.lang).get(english, english)

    def voice(self, game: str, seats: int) -> Voice:
        """What `game`'s renderer says in this language, its seats named as here."""
        return Voice(game, self.lang, tuple(self.seat(i) for i in range(seats)))

    def game_text(self, game: str, item: dict[str, Any], field: str) -> str:
        """`item[field]` of a game's view or score line, worded from its `<field>_id`
        and the item's `params` when it has one (else as the engine wrote it)."""
        return Voice(game, self.lang).field(item, field)

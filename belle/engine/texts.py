"""The engine's own text: the refusals every game shares, as English templates keyed by
id (belle.i18n.text), all under ``engine.``. A game's `Texts` finds them too, so a game's
action parser refuses with ``TEXTS.error(InvalidActionError, "engine.refuse.empty",
usage=USAGE)`` and the reader's catalogue words it. Translations are in
belle/locale/<lang>/LC_MESSAGES/engine.po.

Parameters are what a player reads: what they typed (`typed`, cut short), moves in the
game's notation, counts. Never a seat index, a Python name or anything the mover may not
see: the illegal-move refusal lists the mover's own legal moves, which their table shows.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from belle.i18n.text import Texts

TYPED_LENGTH: Final = 40
"""What a player typed is quoted up to this many characters."""

_TEMPLATES: Final[dict[str, str]] = {
    # a move that is well formed but refused (belle.engine.game.State)
    "engine.refuse.game_over": "The game is over: no move can be made any more.",
    "engine.refuse.not_legal": "“{action}” is not possible now. Possible: {legal}.",
    "engine.refuse.not_legal.more":
        "“{action}” is not possible now. Possible: {legal} and {more} more.",
    "engine.refuse.not_your_turn": "It is not your turn: {player} is to move.",
    "engine.refuse.not_your_turn.chance":
        "It is not your turn: the next thing to happen is a random draw.",
    # why a move is refused when the game has no more precise reason (State.why_illegal)
    "engine.why.not_now": "This move is not possible now.",
    "engine.why.wrong_moment": "This kind of move cannot be made at this point of the turn.",
    # what names no move of the game
    "engine.refuse.not_action": "That is not a move of {game}.",
    "engine.refuse.index": "A move's number goes from 0 to {last}.",
    "engine.refuse.not_text": "A move is written as text.",
    "engine.refuse.empty": "Write a move, for example: {usage}",
    "engine.refuse.unreadable": "“{text}” cannot be read as a move. Moves are written: {usage}",
    "engine.refuse.alone": "“{verb}” is written alone, with nothing after it.",
    "engine.refuse.number": "Write a number from {low} to {high} here, not “{text}”.",
    "engine.refuse.write_as": "Write it like this: {usage}",
    # the wire form of a move (JSON; a client program's mistake more than a player's)
    "engine.refuse.json": "A move is sent as a JSON object with a text field “type”.",
    "engine.refuse.json_text": "The move's field “{field}” must be text.",
    "engine.refuse.json_number": "The move's field “{field}” must be a whole number.",
    "engine.refuse.json_range":
        "The move's field “{field}” must be a whole number from {low} to {high}.",
    "engine.refuse.json_choice": "The move's field “{field}” must be one of {allowed}.",
    "engine.refuse.json_bool": "The move's field “{field}” must be true or false.",
    "engine.refuse.json_words": "The move's field “args” must be a list of single words.",
    "engine.refuse.json_type": "There is no move of type “{type}”. Types: {types}.",
    "engine.refuse.json_no_value": "A move of type “{type}” has no field “value”.",
    # the terminal's numbered moves (belle.cli.play)
    "engine.refuse.choose": "Choose a number from 1 to {count}, or type help.",
    # taking back a step (belle.engine.undo; belle.server.table.undo)
    "engine.undo.not_your_turn": "You can take back a step only during your own turn.",
    "engine.undo.nothing_of_yours":
        "Nothing to take back: your last step is not the last one of the game (a draw or "
        "another player's move came after it, or your turn has just begun).",
    "engine.undo.secret": "A secret step cannot be taken back.",
    "engine.undo.revealed":
        "That step showed you hidden information, so it cannot be taken back.",
    "engine.undo.not_running": "The game is not under way: there is nothing to take back.",
    "engine.undo.bot": "A bot's steps are never taken back.",
    # a bot's spec and settings (belle.bots.make_bot)
    "engine.bot.unknown": "There is no bot “{bot}”. Bots: {bots}.",
    "engine.bot.setting": "“{setting}” is not a setting of this bot. Its settings: {known}.",
    "engine.bot.setting.none": "“{setting}”: this bot has no settings.",
    "engine.bot.value": "Bot setting “{setting}”: “{value}” is not a possible value.",
    "engine.bot.both": "An ismcts bot takes iterations or seconds, not both.",
    "engine.bot.iterations": "An ismcts bot needs at least 1 iteration.",
    "engine.bot.seconds": "An ismcts bot thinks more than 0 and at most 600 seconds.",
    "engine.bot.depth": "An ismcts bot's depth cannot be negative.",
    "engine.bot.samples": "A greedy bot needs at least 1 sample.",
    # a game's options (belle.engine.options; GameInfo, Game.check_players)
    "engine.option.bad_value": "Option “{option}”: “{value}” is not {allowed}.",
    "engine.option.allowed.bool": "true or false",
    "engine.option.allowed.int": "a whole number from {low} to {high}",
    "engine.option.allowed.choice": "one of {choices}",
    "engine.option.allowed.list": "a comma-separated list of {choices}",
    "engine.option.unknown": "There is no option “{option}”. This game's options: {known}.",
    "engine.option.unknown.none": "There is no option “{option}”: this game has no options.",
    "engine.option.assignment": "Write an option as name=value, not “{typed}”.",
    "engine.option.players": "{game} is played by {low} to {high} players, not {count}.",
    "engine.seat": "There is no seat {seat} in this game: its seats are numbered 0 to {last}.",
    # match records a player opens (belle.engine.record)
    "engine.record.not_object": "A match record is a JSON object.",
    "engine.record.field":
        "This match record is damaged: its field “{field}” is missing or wrong.",
    "engine.record.entry": "This match record is damaged: move {number} is unreadable.",
    "engine.record.unreadable": "The match record {path} cannot be read: {reason}",
    "engine.record.not_text": "{path} is not a text file (a match record is JSON text).",
    "engine.record.not_json": "{path} is not JSON: line {line} cannot be read.",
    "engine.record.redacted":
        "Move {number} is hidden in this record: the record cannot be replayed.",
    "engine.record.wrong_player":
        "Move {number} is recorded for another player than the one to move: the record "
        "does not replay.",
    "engine.record.does_not_replay": "Move {number} ({move}) does not replay: {reason}",
}

TEXTS: Final = Texts("engine", _TEMPLATES)
OPTION_ALLOWED: Final = {kind: f"engine.option.allowed.{kind}"
                         for kind in ("bool", "int", "choice", "list")}
"""What an option of each kind accepts (`allowed` of ``engine.option.bad_value``)."""


def typed(text: object) -> str:
    """What a player typed, as a refusal quotes it: one line, cut at TYPED_LENGTH."""
    shown = " ".join(str(text).split())
    return shown if len(shown) <= TYPED_LENGTH else shown[: TYPED_LENGTH - 1] + "…"


_LIGATURES: Final = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss"})


def name_key(text: str) -> str:
    """How the notation compares names: case, accents, ligatures, spaces, hyphens,
    apostrophes and underscores do not count (`Sacré-Cœur`, `sacre coeur` and
    `SacreCoeur` are one name; `La Villette` and `lavillette` too)."""
    plain = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(c for c in plain.encode("ascii", "ignore").decode().lower() if c.isalnum())

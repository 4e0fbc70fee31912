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
}

TEXTS: Final = Texts("engine", _TEMPLATES)


def typed(text: object) -> str:
    """What a player typed, as a refusal quotes it: one line, cut at TYPED_LENGTH."""
    shown = " ".join(str(text).split())
    return shown if len(shown) <= TYPED_LENGTH else shown[: TYPED_LENGTH - 1] + "…"

"""The error hierarchy every part of Belle raises and maps to messages.

`GameError` is the root. Each message says what was wrong and what is allowed, so a
CLI, an HTTP handler or a websocket can show it to a person unchanged.

A refusal a player can cause (a move out of turn, an illegal move, action text that
does not parse) also carries its sentence as a message of the catalogues
(belle.i18n.text): `message` is ``{"id", "params"}`` and `domain` the game whose
catalogue words it (ids under ``engine.`` are the engine's own, belle/engine/texts.py,
shared by every game). ``str(exc)`` stays the English sentence, for logs and Python
callers; `refusal()` is what a server sends so a client words it in its reader's
language. Build one with a catalogue's `Texts.error`.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Anything a caller did wrong with a game: bad id, options, input or move."""

    def __init__(self, *args: object, message: dict[str, Any] | None = None,
                 domain: str | None = None) -> None:
        super().__init__(*args)
        self.message = message
        self.domain = domain

    def refusal(self, game: str | None = None) -> dict[str, Any] | None:
        """``{"game", "id", "params"}``: the sentence for a client to word (None when the
        error has no message); `game` names the catalogue when the error does not."""
        if self.message is None:
            return None
        return {"game": self.domain or game or "engine", **self.message}


class UnknownGameError(GameError):
    """A game id that is not registered."""


class OptionError(GameError):
    """Bad game options or player count."""


class InvalidActionError(GameError):
    """Malformed action input: text, JSON or int that names no action of the game."""


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow in this state. `reason`: why, as
    a message of the game's catalogue (State.why_illegal), when the state said so."""

    reason: dict[str, Any] | None = None


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the one to move."""


class SeatError(GameError):
    """A seat index the game does not have (a view asked for seat -1 or 4 of 2)."""


class RecordError(GameError):
    """A match record that cannot be read or replayed."""

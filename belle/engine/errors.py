"""The error hierarchy every part of Belle raises and maps to messages.

`GameError` is the root. Each message says what was wrong and what is allowed, so a
CLI, an HTTP handler or a websocket can show it to a person unchanged.
"""

from __future__ import annotations


class GameError(Exception):
    """Anything a caller did wrong with a game: bad id, options, input or move."""


class UnknownGameError(GameError):
    """A game id that is not registered."""


class OptionError(GameError):
    """Bad game options or player count."""


class InvalidActionError(GameError):
    """Malformed action input: text, JSON or int that names no action of the game."""


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow in this state."""


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the one to move."""


class RecordError(GameError):
    """A match record that cannot be read or replayed."""

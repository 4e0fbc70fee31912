"""The registry of games: `list_games()` and `load_game(id, **options)`.

Game packages register themselves lazily: the registry knows each id's module and
imports it on first use, so `import belle` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

from belle.engine.errors import UnknownGameError
from belle.engine.game import Game, GameInfo

_MODULES: dict[str, str] = {
    "bruxelles_1893": "belle.games.bruxelles_1893",
    "city_of_light": "belle.games.city_of_light",
    "paris": "belle.games.paris",
    "paris_connection": "belle.games.paris_connection",
    "paris_paris": "belle.games.paris_paris",
}
_CLASSES: dict[str, type[Game[Any]]] = {}


def register(game_class: type[Game[Any]]) -> type[Game[Any]]:
    """Class decorator: make a Game subclass loadable by its `info.id`."""
    _CLASSES[game_class.info.id] = game_class
    _MODULES.setdefault(game_class.info.id, game_class.__module__)
    return game_class


def _game_class(game_id: str) -> type[Game[Any]]:
    if game_id not in _CLASSES:
        if game_id not in _MODULES:
            known = ", ".join(sorted(_MODULES))
            raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
        importlib.import_module(_MODULES[game_id])
    return _CLASSES[game_id]


def list_games() -> list[GameInfo]:
    """Every registered game's info, in id order."""
    return [_game_class(game_id).info for game_id in sorted(_MODULES)]


def game_ids() -> list[str]:
    return sorted(_MODULES)


def load_game(game_id: str, **options: object) -> Game[Any]:
    """The game `game_id` configured with `options` (defaults for the rest)."""
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game id is a string, not {game_id!r}")
    return _game_class(game_id)(**options)


def load_recorded_game(game_id: str, options: dict[str, Any], engine_version: str) -> Game[Any]:
    """The game of a match recorded by engine `engine_version` with `options`, with the
    rules it was played by (`Game.options_for_record`)."""
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game id is a string, not {game_id!r}")
    game_class = _game_class(game_id)
    return game_class(**game_class.options_for_record(options, engine_version))

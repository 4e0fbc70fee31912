"""Plumbing shared by the commands: consoles, one-line errors, games and renderers.

Every mistake a person can make on the command line ends in `fail`: one line on
stderr, exit status 2, never a traceback. `GameError` messages are written for people:
in English they are shown unchanged; `belle play` (its `--lang`, else the environment's
language, belle.i18n.say) and `belle replay` (the environment's) word a refusal carrying
its message from the catalogues.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any, NoReturn

import typer
from rich.console import Console, RenderableType
from rich.pretty import Pretty

from belle.engine.errors import GameError, OptionError
from belle.engine.game import Game
from belle.engine.options import parse_option_assignments
from belle.engine.registry import load_game
from belle.i18n import SOURCE_LANGUAGE
from belle.i18n.say import refusal_text

USAGE_ERROR = 2
"""Exit status for bad arguments (as click and most Unix tools use)."""

Renderer = Callable[..., RenderableType]
"""`render(view, voice=None)`: a game's board; `voice` (belle.i18n.say.Voice) says its
words in the reader's language (English without)."""


def stdout_console() -> Console:
    """A console on the current stdout (made per command, so test runners can swap it)."""
    return Console(highlight=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


def one_line(message: str) -> str:
    return " ".join(str(message).split())


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print `belle: message` as one line on stderr and exit with `code`."""
    stderr_console().print(f"belle: {one_line(message)}", markup=False, soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def user_errors(lang: str = SOURCE_LANGUAGE) -> Iterator[None]:
    """Turn the errors a person can cause (bad game, option, record, file) into `fail`,
    worded in `lang` (the players' commands pass the terminal's language; the research
    tools' stay English, as their output)."""
    try:
        yield
    except GameError as exc:
        fail(str(exc) if lang == SOURCE_LANGUAGE else refusal_text(exc, lang))
    except OSError as exc:
        where = f" {exc.filename!r}" if exc.filename else ""
        fail(f"cannot use{where}: {exc.strerror or exc}")


def configured_game(game_id: str, options: list[str] | None) -> Game[Any]:
    """Load `game_id` with `--option k=v` assignments (raises GameError on mistakes)."""
    game = load_game(game_id)
    if options:
        values = parse_option_assignments(game.info.options, options)
        game = load_game(game_id, **values)
    return game


def player_count(game: Game[Any], players: int | None) -> int:
    """The requested player count (the game's minimum when not given), checked."""
    count = game.info.min_players if players is None else players
    game.check_players(count)
    return count


def database_url(given: str | None) -> str:
    """`--db`, else $BELLE_DATABASE_URL, else the default SQLite file (serve, export, import)."""
    from belle.storage import DEFAULT_DATABASE_URL

    return given or os.environ.get("BELLE_DATABASE_URL") or DEFAULT_DATABASE_URL


def check_positive(name: str, value: int) -> None:
    if value < 1:
        raise OptionError(f"{name} must be at least 1, not {value}")


def render_module(game_id: str) -> ModuleType | None:
    """The game's terminal renderer module `belle.games.<id>.render`, if it has one."""
    try:
        return importlib.import_module(f"belle.games.{game_id}.render")
    except ModuleNotFoundError as exc:
        if exc.name != f"belle.games.{game_id}.render":
            raise
        return None


def renderer(game_id: str) -> Renderer:
    """`render(view, voice)` of the game, or a plain pretty-printer of the view dict."""
    module = render_module(game_id)
    render = getattr(module, "render", None)
    if callable(render):
        return render  # type: ignore[no-any-return]
    return lambda view, voice=None: Pretty(view)

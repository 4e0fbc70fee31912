"""`info ID` at the terminal: what a face-up element does and costs, in words.

A game's renderer (belle/games/<id>/render.py) may define ``elements(voice, view)``, a
function returning ``{id: description}`` for every element a player may ask about
(cards, tiles, figures, landmarks; ids as the board and the notation write them, any
case), described in the voice's language (belle.i18n.say.Voice); ``view``, the
table's public view when there is a table, lets a game describe what its rules edition
printed (Paris' bonus tiles of older editions). Games without it answer that they
describe everything on the board itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from belle.cli.common import render_module
from belle.cli.texts import Words
from belle.i18n.say import Voice

ENGLISH = Words()


Elements = Callable[[Voice, Mapping[str, Any] | None], dict[str, str]]


def elements(game_id: str, voice: Voice | None = None,
             view: Mapping[str, Any] | None = None) -> dict[str, str]:
    """id → description of every element of `game_id` that `info` knows (as the table
    whose public `view` is given has them, when one is)."""
    module = render_module(game_id)
    found: Elements | None = getattr(module, "elements", None)
    return found(voice or Voice(game_id), view) if callable(found) else {}


def element_info(game_id: str, key: str, words: Words = ENGLISH,
                 voice: Voice | None = None,
                 view: Mapping[str, Any] | None = None) -> RenderableType:
    """The description of `key`, the list of ids for an empty or unknown key."""
    known = elements(game_id, voice or Voice(game_id, words.lang), view)
    if not known:
        return Text(words("terminal.info.on_board"))
    by_key = {k.lower(): (k, v) for k, v in known.items()}
    if key and key.lower() in by_key:
        name, text = by_key[key.lower()]
        return Text.assemble((name, "bold"), ": ", text)
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for name, text in known.items():
        table.add_row(name, text)
    if not key:
        return table
    return Text.assemble((words("terminal.info.unknown", key=key), "red"),
                         words("terminal.info.known", known=list(known)))

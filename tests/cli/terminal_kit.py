"""What the terminal tests share: a renderable as plain text at the terminal's width, and
a seeded random game of each game to draw positions from."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from rich.console import Console

from belle.bots import make_bot
from belle.engine import load_game, play_match
from belle.engine.record import MatchRecord

PLAYERS = {"paris_connection": 3}
WIDTH = 80


def plain(renderable: Any, width: int = WIDTH) -> str:
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None,
            highlight=False).print(renderable)
    return out.getvalue()


@cache
def record_of(game: str, seed: int) -> MatchRecord:
    """A game of random bots (two seats, three where two are too few)."""
    players = PLAYERS.get(game, 2)
    return play_match(load_game(game), [make_bot("random") for _ in range(players)],
                      seed=seed).record

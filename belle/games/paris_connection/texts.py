"""Paris Connection's engine text: the English templates of what views, score lines and
the end say to a player, keyed by id (belle.i18n.text). Translations are in
belle/locale/<lang>/LC_MESSAGES/paris_connection.po.
"""

from __future__ import annotations

from typing import Final

from belle.games.paris_connection import data
from belle.i18n.text import Texts

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.start_hex": "“{text}” is not a start hex. Start hexes: {labels}.",
    "refuse.company": "There is no company “{text}”. Companies: {names}.",
    "refuse.hex": "There is no hex “{text}”: name a city (such as Lyon) or a grid label "
                  "(such as {label}).",
    "refuse.take": "Write it like this: take 1 B or take 2 B (one or two shares of a company).",
}
"""Refusals of action text; shown beside the engine's shared ones."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    # why the game ended (PC-58..60, G-11)
    "end.marseille": "Marseille is connected",
    "end.storage": "only one storage board holds locomotives",
    "end.stalled": "no company could build for a whole round",
    "end.swaps": "no locomotive left the storage boards for {rounds} rounds",
    # score lines (PC-62, PC-64)
    "score.shares": "{company} shares",
    "score.excess": "over the portfolio limit",
    "detail.shares": "{count} × value {value}",
    "detail.excess": "{held} held, limit {limit}: {excess} × −{penalty}",
    # the companies (data.py)
    **{f"company.{c.letter}": c.name for c in data.COMPANIES},
}

TEXTS: Final = Texts("paris_connection", _TEMPLATES)

END_REASONS: Final = {
    r"Marseille is connected": "end.marseille",
    r"only one storage board": "end.storage",
    r"no company could build": "end.stalled",
    r"no locomotive left the storage boards for (?P<rounds>\d+) rounds": "end.swaps",
}
"""The engine's English end reasons (state.py) and their messages."""

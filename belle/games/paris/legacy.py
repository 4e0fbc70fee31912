"""The Paris of engine 0.1.0, kept so that its match records keep replaying.

Engine 0.2.0 changed two tables (issue 14): every landmark now costs marble and gold
(PARIS-86; the Moulin Rouge and the Grand Palais cost marble only, the Panthéon gold
only), and bonus tiles 20, 21, 24, 25, 29 and 30 are no longer plain francs or VP tiles
(G-6). A record made by an older engine replays with these tables: the game's
option rules_version=1 (set by `options_for_record` for a record of engine 0.1.0,
which has no such option) picks RULES_0_1. Nothing else uses this module.
"""

from __future__ import annotations

from dataclasses import replace

from belle.games.paris import data
from belle.games.paris.rules import Ruleset

_COSTS_0_1 = {9: (0, 1, 0), 10: (0, 0, 1), 11: (0, 1, 0)}
_BONUS_0_1: dict[int, tuple[data.BonusKind, int, str]] = {
    20: ("francs", 6, "+6 francs"),
    21: ("vp", 5, "+5 VP"),
    24: ("francs", 8, "+8 francs"),
    25: ("vp", 7, "+7 VP"),
    29: ("vp", 9, "+9 VP"),
    30: ("vp", 10, "+10 VP"),
}


def _bonus_0_1(spec: data.BonusSpec) -> data.BonusSpec:
    old = _BONUS_0_1.get(spec.number)
    if old is None:
        return spec
    kind, amount, text = old
    return replace(spec, kind=kind, amount=amount, text=text)


RULES_0_1 = Ruleset(
    tuple(replace(lm, cost=_COSTS_0_1.get(lm.value, lm.cost)) for lm in data.LANDMARKS),
    tuple(_bonus_0_1(b) for b in data.BONUS),
)

ENGINES_OF_RULES_V1 = frozenset({"0.1.0"})
"""Engines whose records carry no rules_version option and were played by edition 1."""

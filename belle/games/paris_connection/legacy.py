"""The older editions of Paris Connection's rules, kept so that their records keep replaying.

Edition 2 (engines 0.2.0 and 0.2.1, RULES_0_2) ended a stalled game (PC-71) after a round
in which no build was *legal*; edition 3 ends it after ten rounds in which no locomotive
left the storage boards, because one-for-one trades could keep a build legal every other
turn and go on for ever (docs/decisions.md, "Paris Connection: games that end"). Records
of edition 2 name `rules_version=2` in their options.

Edition 1 is engine 0.1.0's. Engine 0.2.0 changed three rules and the map (issue 14):
the colours are drawn onto the start hexes at setup (PC-19; they stood in a fixed
order), the cut-off test holds for all companies together (PC-44; each company was
checked alone), the build that reaches Marseille ends at once (PC-60; it could go on),
and the board has Nîmes and Béziers and no Montpellier (G-2). A record of engine 0.1.0
replays by these rules: the game's option rules_version=1 (set by `options_for_record`
for a record of engine 0.1.0, which has no such option) picks RULES_0_1. Nothing else
uses this module.
"""

from __future__ import annotations

from dataclasses import replace

from belle.games.paris_connection import data
from belle.games.paris_connection.rules import (
    CURRENT_RULES,
    Board,
    Ruleset,
    build_board,
    expand,
)

# The 0.1.0 map: the same hexes and edges, with Montpellier (beige) where Nîmes is now
# and a rural hex where Béziers is.
_CHANGED_0_1: dict[tuple[int, int], tuple[data.HexKind, int, str | None]] = {
    (3, 12): ("city", 1, "Montpellier"),
    (1, 13): ("rural", 0, None),
}
HEXES_0_1 = tuple(
    replace(h, kind=k, value=v, name=n) if (k, v, n) != (h.kind, h.value, h.name) else h
    for h in data.HEXES
    for k, v, n in [_CHANGED_0_1.get((h.q, h.r), (h.kind, h.value, h.name))]
)
BOARD_0_1: Board = build_board(HEXES_0_1)  # same geometry as BOARD: only cities differ
RULES_0_1 = Ruleset(BOARD_0_1, random_starts=False, joint_cutoff=False,
                    marseille_ends_build=False, stall_rounds=None)
RULES_0_2 = replace(CURRENT_RULES, stall_rounds=None)

ENGINES_OF_RULES_V1 = frozenset({"0.1.0"})
"""Engines whose records carry no rules_version option and were played by edition 1."""


def alone_can_reach_city(network: int, enterable: int, board: Board) -> bool:
    """The 0.1.0 cut-off test (PC-44 read for each company alone): can a company holding
    `network` still build to an empty city through the hexes with room (`enterable`)?
    The fill also crosses the company's own hexes."""
    passable = enterable | network
    empty_cities = board.city_mask & enterable
    region = network
    while True:
        grown = region | (expand(region) & passable)
        if grown & empty_cities:
            return True
        if grown == region:
            return False
        region = grown


def flood_region(network: int, enterable: int) -> int:
    """Every hex a company holding `network` could still build through (0.1.0)."""
    passable = enterable | network
    region = network
    while True:
        grown = region | (expand(region) & passable)
        if grown == region:
            return region
        region = grown

"""Paris (Wolfgang Kramer & Michael Kiesling, Game Brewer 2020).

2–4 players, chance (the start player, the building stacks, the random setup), hidden
information (the screens; above all the end-game tiles, taken by a secret move).
Rules: shared/rules/paris.md (PARIS-n); seed: shared/seeds/paris.es.txt.
"""

from __future__ import annotations

from typing import cast

from belle.engine.game import Game, GameInfo
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.paris import legacy
from belle.games.paris.actions import ALL_ACTIONS, Action
from belle.games.paris.rules import CURRENT_RULES, Ruleset
from belle.games.paris.state import ParisState

RULES_VERSION = 9
"""The current rules edition; 1 is engine 0.1.0's, 2 engine 0.2.0's before issue 15's
recalibration, 3 engine 0.2.1's, 4 engine 0.2.2's, 5 engines 0.2.3's and 0.2.4's, 6
engine 0.2.5's, 7 engine 0.2.6's, 8 engine 0.2.7's (legacy.py), kept for their
records."""

REVISIONS = ("0.2.0", "0.2.1", "0.2.2", "0.2.3", "0.2.5", "0.2.6", "0.2.7", "0.2.8")
"""Engine versions from which rules editions 2 to 9 apply (GameInfo.revisions): a record
of an older engine names no rules_version and replays by edition 1. Edition 3
(issue 15: VP tiles and sale prices recalibrated) shipped with engine 0.2.1, edition 4
(issue 15: the end-game franc tiles became VP tiles) with 0.2.2, edition 5 (issue 15:
the VP tiles one step down) with 0.2.3, edition 6 (issue 15: a flatter VP-tile series)
with 0.2.5, edition 7 (issue 15: tokens sold for 1 franc, the VP tiles lower) with
0.2.6, edition 8 (issue 15: flatter VP tiles and end-game VP tiles, bonus tiles 25, 26
and 28 lower) with 0.2.7, edition 9 (issue 15: bonus tile 22 pays +5 VP) with 0.2.8;
every record names its edition, so this table only decides for records that name
none."""

INFO = GameInfo(
    id="paris",
    title="Paris",
    min_players=2,  # PARIS-1
    max_players=4,
    options=(  # PARIS-157: the variants combine freely
        OptionSpec(
            "random_setup",
            "bool",
            False,
            # PARIS-151, PARIS-152
            "Variant setup: gold beside the value-8 spaces, the other tokens shuffled; "
            "bonus tiles shuffled within zones A, B and C",
        ),
        OptionSpec(
            "free_districts",
            "bool",
            False,
            # PARIS-153..156
            "Free district placement: no tile removed; a drawn tile goes on a free space "
            "of its value in any district without a building of its type",
        ),
        OptionSpec(
            "rules_version", "int", RULES_VERSION,
            "the edition of Belle's rules: 9, the current one; 8 replays games recorded "
            "before bonus tile 22 was lowered from 6 to 5 VP; 7 replays games recorded "
            "before the VP tiles were flattened to at most 12, 8 and 4 points and the "
            "end-game tiles' points evened out to 5 or 6 and bonus tiles 25, 26 and 28 "
            "paid 1 VP less per district or building; 6 replays games recorded "
            "before every token sold for 1 franc and the VP tiles were lowered to 14, 7 "
            "and 4 points at most; 5 replays games recorded "
            "before the largest VP tiles were lowered to 16, 8 and 4 points; 4 replays "
            "games recorded before the VP tiles were lowered by one step; 3 replays games recorded "
            "before three end-game tiles paid points instead of francs; 2 replays games "
            "recorded before the VP tiles were raised by half and tokens sold for less; 1 replays "
            "games recorded before every landmark cost marble and gold and before bonus "
            "tiles 20, 21, 24, 25, 29 and 30 stopped paying plain francs or points",
            minimum=1, maximum=RULES_VERSION,
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    revisions=REVISIONS,
    summary="Place keys on banks and the Arc de Triomphe, buy your way up the buildings "
    "of six Belle Époque districts, build landmarks, and win the district majorities.",
)


@register
class Paris(Game[Action]):
    info = INFO
    ruleset: Ruleset

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.rules_version = cast(int, self.option("rules_version"))
        self.ruleset = legacy.EDITIONS.get(self.rules_version, CURRENT_RULES)

    def _new_initial_state(self, num_players: int) -> ParisState:
        return ParisState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "Paris", "ParisState"]

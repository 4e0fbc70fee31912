"""Paris Connection (David V. H. Peters; Winsome Games 2010, Queen Games 2011).

3–6 players, chance (the secret deal, the start player), hidden information (the
shares behind each screen). Rules: shared/rules/paris_connection.md (PC-n).
"""

from __future__ import annotations

from typing import cast

from belle.engine.game import Game, GameInfo
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.paris_connection import legacy
from belle.games.paris_connection.actions import ALL_ACTIONS, Action
from belle.games.paris_connection.rules import CURRENT_RULES, Ruleset
from belle.games.paris_connection.state import ParisConnectionState

RULES_VERSION = 3
"""The current rules edition; 1 (engine 0.1.0's) and 2 (0.2.0's) are kept for their
records (legacy.py)."""

REVISIONS = ("0.2.0", "0.2.1")
"""Engine versions from which rules editions 2, … apply (GameInfo.revisions): a record
of an older engine names no rules_version and replays by edition 1."""

INFO = GameInfo(
    id="paris_connection",
    title="Paris Connection",
    min_players=3,
    max_players=6,
    options=(
        OptionSpec(
            "house_tie_break",
            "bool",
            False,
            # G-8 (a house rule); PC-66 when off
            "House rule: on equal points, fewer shares over the limit, then more shares "
            "wins (off: tied players share the win)",
        ),
        OptionSpec(
            "rules_version", "int", RULES_VERSION,
            "the edition of Belle's rules: 3, the current one; 2 replays games recorded "
            "when a game without builds ended after one round in which no build was "
            "possible, and one-for-one trades could go on for ever; 1 also has the start "
            "colours in a fixed order, each company alone kept from being cut off, a "
            "build going on past Marseille and Montpellier on the map",
            minimum=1, maximum=RULES_VERSION,
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    revisions=REVISIONS,
    summary="Build railways out of Paris with shared companies, trade shares behind a screen, "
    "and hold the most valuable ones when a line reaches Marseille or the supply runs dry.",
)


@register
class ParisConnection(Game[Action]):
    info = INFO
    ruleset: Ruleset

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.rules_version = cast(int, self.option("rules_version"))
        self.ruleset = {1: legacy.RULES_0_1, 2: legacy.RULES_0_2}.get(
            self.rules_version, CURRENT_RULES)

    def _new_initial_state(self, num_players: int) -> ParisConnectionState:
        return ParisConnectionState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "ParisConnection", "ParisConnectionState"]

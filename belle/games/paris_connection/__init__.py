"""Paris Connection (David V. H. Peters; Winsome Games 2010, Queen Games 2011).

3–6 players, chance (the secret deal, the start player), hidden information (the
shares behind each screen). Rules: shared/rules/paris_connection.md (PC-n).
"""

from __future__ import annotations

from belle.engine.game import Game, GameInfo
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.paris_connection import legacy
from belle.games.paris_connection.actions import ALL_ACTIONS, Action
from belle.games.paris_connection.rules import CURRENT_RULES, Ruleset
from belle.games.paris_connection.state import ParisConnectionState

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
            "G-8 house rule: on equal points, fewer shares over the limit, then more shares "
            "wins (off: tied players share the win, PC-66)",
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    summary="Build railways out of Paris with shared companies, trade shares behind a screen, "
    "and hold the most valuable ones when a line reaches Marseille or the supply runs dry.",
)


@register
class ParisConnection(Game[Action]):
    info = INFO
    ruleset: Ruleset = CURRENT_RULES

    def for_record(self, engine_version: str) -> ParisConnection:
        """Records of engines before 0.2.0 replay by their rules (legacy.py)."""
        if not legacy.is_older(engine_version):
            return self
        old = ParisConnection(**self.options)
        old.ruleset = legacy.RULES_0_1
        return old

    def _new_initial_state(self, num_players: int) -> ParisConnectionState:
        return ParisConnectionState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "ParisConnection", "ParisConnectionState"]

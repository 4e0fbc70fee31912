"""Paris (Wolfgang Kramer & Michael Kiesling, Game Brewer 2020).

2–4 players, chance (the start player, the building stacks, the random setup), hidden
information (the screens; above all the end-game tiles, taken by a secret move).
Rules: shared/rules/paris.md (PARIS-n); seed: shared/seeds/paris.es.txt.
"""

from __future__ import annotations

from belle.engine.game import Game, GameInfo
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.paris import legacy
from belle.games.paris.actions import ALL_ACTIONS, Action
from belle.games.paris.rules import CURRENT_RULES, Ruleset
from belle.games.paris.state import ParisState

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
            "Variant setup (PARIS-151, PARIS-152): gold beside the value-8 spaces, the other "
            "tokens shuffled; bonus tiles shuffled within zones A, B and C",
        ),
        OptionSpec(
            "free_districts",
            "bool",
            False,
            "Free district placement (PARIS-153..156): no tile removed; a drawn tile goes on "
            "a free space of its value in any district without a building of its type",
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    summary="Place keys on banks and the Arc de Triomphe, buy your way up the buildings "
    "of six Belle Époque districts, build landmarks, and win the district majorities.",
)


@register
class Paris(Game[Action]):
    info = INFO
    ruleset: Ruleset = CURRENT_RULES

    def for_record(self, engine_version: str) -> Paris:
        """Records of engines before 0.2.0 replay with their tables (legacy.py)."""
        if not legacy.is_older(engine_version):
            return self
        old = Paris(**self.options)
        old.ruleset = legacy.RULES_0_1
        return old

    def _new_initial_state(self, num_players: int) -> ParisState:
        return ParisState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "Paris", "ParisState"]

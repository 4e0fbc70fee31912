"""Paris Paris (Michael Schacht; Abacus Spiele 2003, Rio Grande Games).

2–4 players, chance (the shuffled stop cards, the secret lines, the start player),
hidden information (each player's secret line, PP-69). Rules:
shared/rules/paris_paris.md (PP-n); seed: shared/seeds/paris_paris.fr.txt.
"""

from __future__ import annotations

from belle.engine.game import Game, GameInfo, rules_version_option
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.paris_paris import data
from belle.games.paris_paris.actions import ALL_ACTIONS, Action
from belle.games.paris_paris.rules import READING_NAMES
from belle.games.paris_paris.state import ParisParisState, ParisParisStateR1

REVISIONS = ("0.2.0",)
"""Rules revision 2 (engine 0.2.0): the network on which every statement of the seed's
examples holds (issue 14 item 4); revision 1 replays older records on the old one."""

INFO = GameInfo(
    id="paris_paris",
    title="Paris Paris",
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    options=(
        OptionSpec(
            "dm",
            "bool",
            False,
            # PP-71
            "At the end all five lines are scored as big excursions "
            "(instead of the secret lines)",
        ),
        OptionSpec(
            "readings",
            "list",
            (),
            # PP-73
            "Alternative readings of ambiguous rules (none: the rules' defaults)",
            choices=READING_NAMES,
            labels={"small_each_direction": "small excursion: the nearest shop each way scores",
                    "adjacent_for_all": "neighbouring shops score without a shop at the crossing",
                    "adjacent_line_only": "neighbours along the toured line only",
                    "self_removed_out": "shops you remove yourself leave the game",
                    "returns_two_players": "2 players: removed shops go back to their owner"},
        ),
        rules_version_option(
            REVISIONS,
            "the edition of Belle's rules: 2, the current one; 1 replays games recorded "
            "on Belle's first reconstruction of the bus network (engines before 0.2.0)",
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    revisions=REVISIONS,
    summary="Open shops along the bus lines of Paris; the card nobody takes sends the bus "
    "on a small excursion, two of a colour on a big one along its whole line.",
)


@register
class ParisParis(Game[Action]):
    info = INFO

    def _new_initial_state(self, num_players: int) -> ParisParisState:
        if self.revision == 1:
            return ParisParisStateR1(self, num_players)
        return ParisParisState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "ParisParis", "ParisParisState"]

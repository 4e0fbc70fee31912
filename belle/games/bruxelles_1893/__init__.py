"""Bruxelles 1893 (Etienne Espreman; Pearl Games 2013).

2–5 players, chance (the strips, the compass, the decks, the works of art, the first
player) and a little hidden information (works drawn several at a time are seen only
by the drawer until one is kept). Rules: shared/rules/bruxelles_1893.md (BRX-n) and
the seed rulebook, which wins where they disagree (docs/games/bruxelles_1893.md).
"""

from __future__ import annotations

from belle.engine.game import Game, GameInfo, rules_version_option
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.bruxelles_1893.actions import ALL_ACTIONS, Act
from belle.games.bruxelles_1893.state import BruxellesState

REVISIONS = ("0.2.0", "0.2.1", "0.2.3")
"""Rules revision 2 (engine 0.2.0): payable public figures must be paid, unpaid ones
cost 5 VP from the final total (BRX-189..191, issue 14 item 12); the masterpiece and
the "materials" category recalibrated (issue 15). Revision 3 (engine 0.2.1): the
masterpiece scores 4 VP per tile built (issue 15, data.COMPLETION_VP). Revision 4
(engine 0.2.3): a pile of works that runs out is rebuilt from the shop at once, as the
seed says, not when a later draw finds it short (BRX-75, steps.rebuild_if_out)."""

INFO = GameInfo(
    id="bruxelles_1893",
    title="Bruxelles 1893",
    min_players=2,  # BRX-201; BRX-204 (stock card line), BRX-205 (no other 2p rule)
    max_players=5,
    options=(
        OptionSpec(
            "expert_strips",
            "bool",
            False,
            # BRX-206..209
            "Play the Art Nouveau strips on their expert side (columns may "
            "repeat or lack an action)",
        ),
        OptionSpec(
            "first_game_compass",
            "bool",
            False,
            # BRX-38 (random is the default); BRX-210 itself is assembly only
            "First-game compass: the six compass tiles in a fixed order instead of at "
            "random",
        ),
        rules_version_option(
            REVISIONS,
            "the edition of Belle's rules: 4, the current one; 3 replays games recorded "
            "before a pile of works was rebuilt the moment it ran out (engines 0.2.1 and "
            "0.2.2); 2 replays games recorded before the masterpiece scored 4 VP per tile "
            "(engine 0.2.0); 1 replays games recorded before payable public figures had "
            "to be paid (engines before 0.2.0)",
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    revisions=REVISIONS,
    summary="Five rounds of Art Nouveau in Brussels: bid for action spaces and the "
    "bonus cards below them, create and sell works of art, hire public figures, and "
    "build your masterpiece through a turning compass — but mind the Courthouse.",
)


@register
class Bruxelles1893(Game[Act]):
    info = INFO

    def _new_initial_state(self, num_players: int) -> BruxellesState:
        return BruxellesState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "Bruxelles1893", "BruxellesState"]

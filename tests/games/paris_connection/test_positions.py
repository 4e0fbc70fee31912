"""Named positions and their legal-action counts (a regression guard, as perft in chess).

Each position is built from an action log, so a failure prints something reproducible.
"""

from __future__ import annotations

import pytest

from .helpers import dealt, default_hands, play

POSITIONS = {
    # 3 players; seat 0 was dealt R R R B B B Y Y Y K (default_hands)
    "start-3p": ([], 6 + 4),  # six companies can build, four colours can be returned
    "build-red": (["build R"], 3),  # red's start borders H2, I2 and Reims
    "after-return": (["return R"], 10),  # 5 other companies × take 1 or 2
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts(name: str) -> None:
    log, expected = POSITIONS[name]
    state = dealt(default_hands(3))
    play(state, *log)
    assert len(state.legal_actions()) == expected, [state.action_to_string(a)
                                                     for a in state.legal_actions()]

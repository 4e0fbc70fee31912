"""Named positions and their legal-action counts (a regression guard, as perft in chess).

Each position is an action log from `start()`, so a failure prints something
reproducible.
"""

from __future__ import annotations

import pytest

from .helpers import legal, play, start

POSITIONS = {
    # 3 players, SX-05, shield 1,2: 12 open spaces, 2 Construction spaces unpayable
    "turn-start": ([], 10 + 4 + 1),
    "bid-5bf": (["place E2"], 5),
    "theatre": (["place E4", "bid 1"], 4),
    "materials": (["place C2", "bid 1"], 3),
    "after-market": (["market"], 10 + 4 + 1),  # seat 1: 6 BF, market costs 2 now
    "sale-start": (["place E3", "bid 1"], 4 + 1),  # 1 work: 4 steps or sell blue
    "copy": (["parc"], 4),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts(name: str) -> None:
    log, expected = POSITIONS[name]
    state = start(players=3, shield="1,2")
    play(state, *log)
    assert len(state.legal_actions()) == expected, legal(state)

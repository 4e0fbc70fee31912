"""Named positions and their legal-action counts (a regression guard, as perft in chess).

Each position is an action log from a fixed setup, so a failure prints something
reproducible.
"""

from __future__ import annotations

import pytest

from .helpers import OPEN, grid, play, started

POSITIONS = {
    # orange holds tile 1, blue tile 2; 16 slots × 4 turns + 12 takes
    "start": ([], 64 + 12),
    "after-one-tile": (["tile 1 A1 0", "draw 3"], 60 + 12),
    "after-a-take": (["take S6a"], 64 + 11),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts(name: str) -> None:
    log, expected = POSITIONS[name]
    state = started(hands=(1, 2))
    play(state, *log)
    assert len(state.legal_actions()) == expected


def test_phase2_counts() -> None:
    """An open half-board: S4a (the square) has 3 × 7 spots on orange's 4 × 8 half."""
    state = grid(OPEN, reserves=(("S4a", "S3a"), ()))
    assert len(state.legal_actions()) == 2 + 8  # two buildings, eight postcards
    play(state, "build S4a")
    assert len(state.legal_actions()) == 3 * 7
    state = grid(OPEN, reserves=(("S3a",), ()))
    play(state, "build S3a")
    assert len(state.legal_actions()) == 2 * 8 + 4 * 6  # horizontal, vertical

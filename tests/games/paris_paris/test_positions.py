"""Named positions and their legal-action counts (a regression guard, as perft in chess).

Each position is built from a set-up game and an action log, so a failure prints
something reproducible.
"""

from __future__ import annotations

import pytest

from .helpers import GREY, PURPLE, place, play, started

CARDS_4P = ("lay Pont Neuf blue", "lay Pont Neuf blue", "lay Odéon red", "lay Notre-Dame green",
            "lay Clichy red")
POSITIONS = {
    # name: (players, shops placed, actions, legal-action count)
    "setup-4p": (4, {}, [], 1),  # chance: the first lay (counted below as outcomes)
    "first-pick-4p": (4, {}, list(CARDS_4P), 4),  # two Pont Neuf blue cards offer once
    "full-crossing": (4, {"PNF": (GREY, PURPLE)}, [*CARDS_4P, "take Pont Neuf blue"], 2),
    "after-removal": (4, {"PNF": (GREY, PURPLE)},
                      [*CARDS_4P, "take Pont Neuf blue", "remove purple"], 4),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts(name: str) -> None:
    players, shops, log, expected = POSITIONS[name]
    state = started(players, first=0)
    place(state, shops)
    play(state, *log)
    if state.is_chance_node():
        assert len(state.chance_outcomes()) == 35  # every card kind is in the deck
    else:
        assert len(state.legal_actions()) == expected, [
            state.action_to_string(a) for a in state.legal_actions()]


def test_chance_probabilities_follow_the_card_counts() -> None:
    state = started(3)
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes["lay Pompidou green"] == pytest.approx(2 / 60)  # PP-8
    assert outcomes["lay Sacré-Cœur green"] == pytest.approx(1 / 60)
    assert outcomes["lay Luxembourg brown"] == pytest.approx(2 / 60)

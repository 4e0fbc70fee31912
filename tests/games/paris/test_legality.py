"""`is_legal` (checks.py, the fast path of apply_action) agrees with `legal_actions()`, on
positions from random games at every player count and option set: every listed action is
legal, and a sample of the game's other actions (a different one at each position, so the
whole action set is covered over the run) is refused."""

from __future__ import annotations

import random

import pytest

import belle
from belle.engine.referee import sample_chance
from belle.games.paris import actions as act
from belle.games.paris.state import ParisState

EVERYTHING = list(act.ALL_ACTIONS)


def _check(state: ParisState, rng: random.Random) -> None:
    listed = state.legal_actions()
    fresh = state.clone()
    fresh.board_changed()  # the cached key moves must be what a fresh look finds
    assert fresh.legal_actions() == listed
    for action in listed:
        assert state.is_legal(action), (state.action_to_string(action), state.phase)
    chosen = set(listed)
    for action in rng.sample(EVERYTHING, 250):
        assert state.is_legal(action) == (action in chosen), (
            state.action_to_string(action), state.phase)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"random_setup": True, "free_districts": True}])
def test_is_legal_agrees_with_the_legal_list(players: int, options: dict[str, bool]) -> None:
    rng = random.Random(players)
    game = belle.load_game("paris", **options)
    checked = 0
    for _ in range(2):
        state = game.new_initial_state(players)
        while not state.is_terminal():
            if rng.random() < 0.2:
                _check(state, rng)
                checked += 1
            action = (sample_chance(state, rng) if state.is_chance_node()
                      else rng.choice(state.legal_actions()))
            state.apply_action(action)
    assert checked > 60

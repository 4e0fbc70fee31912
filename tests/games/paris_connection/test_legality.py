"""`is_legal` (the fast path of apply_action) agrees with `legal_actions()` for every
action of the game, on positions from random games at every player count."""

from __future__ import annotations

import random

import pytest

import belle
from belle.engine.referee import sample_chance
from belle.games.paris_connection import actions as act


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_is_legal_agrees_with_the_legal_list(players: int) -> None:
    rng = random.Random(players)
    game = belle.load_game("paris_connection")
    checked = 0
    for _ in range(3):
        state = game.new_initial_state(players)
        while not state.is_terminal():
            if rng.random() < 0.3:
                listed = set(state.legal_actions())
                for action in act.ALL_ACTIONS:
                    assert state.is_legal(action) == (action in listed), (
                        state.action_to_string(action), state.phase)
                checked += 1
            action = (sample_chance(state, rng) if state.is_chance_node()
                      else rng.choice(state.legal_actions()))
            state.apply_action(action)
    assert checked > 100

"""The move path's shared notations (belle.server.table.notations) say exactly what each
state would say of its own actions, in every registered game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from belle.engine.game import CHANCE, State
from belle.engine.referee import sample_chance
from belle.engine.registry import game_ids, load_game
from belle.server.table import notations, payloads

STEPS = 40


def _states(game_id: str, seed: int = 3) -> list[State[Any]]:
    """The decision states of the first STEPS actions of a random game."""
    game = load_game(game_id)
    state = game.new_initial_state(game.info.max_players)
    rng = random.Random(seed)
    seen: list[State[Any]] = []
    while not state.is_terminal() and len(seen) < STEPS:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("game_id", game_ids())
def test_the_legal_list_text_is_the_legal_list_encoded(game_id: str) -> None:
    for state in _states(game_id):
        mover = state.current_player()
        assert notations.legal_text(state) == payloads.encode(payloads.legal(state, mover))


@pytest.mark.parametrize("game_id", game_ids())
def test_an_actions_notation_is_its_own(game_id: str) -> None:
    for state in _states(game_id):
        for action in state.legal_actions():
            assert notations.notation(state, action) == (
                state.action_to_json(action), state.action_to_string(action))


def test_equal_actions_share_one_notation() -> None:
    first, *_, last = _states("paris_connection")
    action = last.legal_actions()[0]
    again = first.action_from_json(first.action_to_json(action))
    assert again == action
    assert notations.notation(last, action)[0] is notations.notation(first, again)[0]

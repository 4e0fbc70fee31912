"""The OpenSpiel adapter: OpenSpiel's own random simulation test and ISMCTS bot on
every registered game (skipped only when `open_spiel` is not installed)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import belle

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("belle.adapters.openspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

GAMES = [info.id for info in belle.list_games()]


def _advance(state: Any, rng: random.Random, steps: int) -> Any:
    """Play `steps` random actions (chance sampled) unless the game ends first."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_load_game_by_name(game_id: str) -> None:
    info = belle.load_game(game_id).info
    game = pyspiel.load_game(f"belle_{game_id}")
    assert game.num_players() == info.min_players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().provides_information_state_string
    bigger = pyspiel.load_game(f"belle_{game_id}", {"players": info.max_players})
    assert bigger.num_players() == info.max_players


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_from_infostate_keeps_the_information_state(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    state = _advance(game.new_initial_state(), random.Random(4), 40)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in range(game.num_players()):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        if state.current_player() == player:
            assert sample.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_bot_plays(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    bot = ismcts.ISMCTSBot(
        game=game,
        uct_c=2.0,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None),
        max_simulations=3,
        random_state=np.random.RandomState(1),
    )
    rng = random.Random(2)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 2:
        if state.is_chance_node() or len(state.legal_actions()) == 1:
            _advance(state, rng, 1)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 2

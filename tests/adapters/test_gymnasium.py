"""The Gymnasium single-agent wrapper on every game: one seat learns, Belle bots play
the others (skipped only when gymnasium is not installed)."""

from __future__ import annotations

from typing import Any

import pytest

import belle
from tests.adapters.conftest import GAMES, need

np = need("numpy")
gymnasium = need("gymnasium")
adapter = need("belle.adapters.gymnasium")
checker = need("gymnasium.utils.passive_env_checker")


def _episode(env: Any, seed: int) -> tuple[list[int], float, dict[str, Any]]:
    """A masked random episode; the actions taken, the final reward and info."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = []
    while True:
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.action_masks()) and mask.any()
        action = int(rng.choice(np.flatnonzero(mask)))
        taken.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            return taken, float(reward), info
        assert reward == 0.0


@pytest.mark.parametrize("game_id", GAMES)
def test_episodes_against_bots_are_seeded(game_id: str) -> None:
    env = adapter.BelleGymEnv(game_id, seat=None, opponents="random")
    checker.env_reset_passive_checker(env, seed=0)
    taken, reward, info = _episode(env, seed=5)
    assert _episode(env, seed=5)[0] == taken
    players = env.num_players
    assert reward == (players - 1 - 2 * info["ranking"][info["seat"]]) / (players - 1)
    assert len(info["scores"]) == players


def test_the_learner_moves_only_at_its_own_seat() -> None:
    env = adapter.BelleGymEnv("paris_connection", players=4, seat=2,
                              opponents=["greedy", "random", "random"])
    _, info = env.reset(seed=3)
    assert env.state.current_player() == 2 and info["seat"] == 2
    before = env.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(belle.IllegalActionError):
        env.step(illegal)
    assert env.state.to_json() == before


def test_gymnasium_make_and_bad_settings() -> None:
    env = gymnasium.make("belle/paris_paris-v0", opponents="greedy", players=3)
    obs, _ = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape
    with pytest.raises(belle.OptionError):
        adapter.BelleGymEnv("paris_paris", players=3, opponents=["random"])
    with pytest.raises(belle.OptionError):
        adapter.BelleGymEnv("paris_paris", seat=5)
    with pytest.raises(belle.OptionError):
        adapter.BelleGymEnv("paris_paris", opponents="nobody")


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_raise_or_are_penalised(game_id: str) -> None:
    """`illegal="raise"`: anything but a legal int raises and changes nothing (65.5 is
    not played as 65); `illegal="penalise"`: it changes nothing and costs −1."""
    strict = adapter.BelleGymEnv(game_id, opponents="random")
    lenient = adapter.BelleGymEnv(game_id, opponents="random", illegal="penalise")
    for env in (strict, lenient):
        obs, info = env.reset(seed=2)
        legal = int(np.flatnonzero(info["action_mask"])[0])
        before = env.state.to_json()
        for action in (int(np.flatnonzero(info["action_mask"] == 0)[0]), -1,
                       env.num_actions, legal + 0.5, str(legal), True, np.float32(legal)):
            if env is strict:
                with pytest.raises(belle.IllegalActionError):
                    env.step(action)
            else:
                again, reward, terminated, truncated, step_info = env.step(action)
                assert reward == adapter.ILLEGAL_REWARD and step_info["illegal"]
                assert not terminated and not truncated and np.array_equal(again, obs)
            assert env.state.to_json() == before
        env.step(np.int64(legal))
        assert env.state.to_json() != before
    with pytest.raises(belle.OptionError):
        adapter.BelleGymEnv(game_id, illegal="ignore")  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env_passes_when_illegal_actions_are_penalised(game_id: str) -> None:
    """Gymnasium's full checker steps unmasked samples: it passes in penalise mode."""
    import warnings

    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on infinite Box bounds (counts)
        check_env(adapter.BelleGymEnv(game_id, illegal="penalise"))

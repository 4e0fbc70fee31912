"""The PettingZoo adapter: PettingZoo's own `api_test` and `seed_test` on every
registered game (skipped only when `pettingzoo` is not installed)."""

from __future__ import annotations

import warnings
from functools import partial

import pytest

import belle
from tests.adapters.conftest import GAMES, need

np = need("numpy")
need("pettingzoo")
need("gymnasium")
pz_test = need("pettingzoo.test")
env = need("belle.adapters.pettingzoo").env


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation shapes, not failures
        pz_test.api_test(env(game_id), num_cycles=1000)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test(game_id: str) -> None:
    """Two environments reset with the same seed and fed the same seeded actions
    give the same observations, masks, rewards and agents (PettingZoo's seed_test)."""
    pz_test.seed_test(partial(env, game_id), num_cycles=500)


@pytest.mark.parametrize("game_id", GAMES)
def test_masked_random_play_is_seeded_and_scores_every_agent(game_id: str) -> None:
    def play(seed: int) -> tuple[list[int], dict[str, float]]:
        e = env(game_id)
        e.reset(seed=seed)
        taken, finals = [], {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                finals[agent] = reward
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.sum() >= 1
            assert e.observation_space(agent)["observation"].contains(obs["observation"])
            action = int(np.flatnonzero(mask)[(len(taken) * 7) % int(mask.sum())])
            taken.append(action)
            e.step(action)
        return taken, finals

    first, finals = play(3)
    assert play(3)[0] == first
    assert set(finals) == set(env(game_id).possible_agents)
    assert max(finals.values()) == 1.0


def test_only_the_agent_to_move_has_a_mask() -> None:
    e = env("paris_connection", players=4)
    e.reset(seed=2)
    mover = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)


def test_information_state_observations() -> None:
    e = env("paris_paris", players=3, observation="information_state")
    e.reset(seed=4)
    obs, *_ = e.last()
    space = e.observation_space(e.agent_selection)["observation"]
    assert obs["observation"].shape == space.shape and space.contains(obs["observation"])
    with pytest.raises(ValueError):
        env("paris_paris", observation="everything")


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_action_is_refused_and_changes_nothing(game_id: str) -> None:
    """Illegal ints, ints outside the codec and non-ints (floats and strings are not
    truncated, bools are not ints here) all raise IllegalActionError; numpy ints play."""
    e = env(game_id)
    e.reset(seed=1)
    obs, *_ = e.last()
    mask = obs["action_mask"]
    before = e.state.to_json()
    legal = int(np.flatnonzero(mask)[0])
    illegal = [int(np.flatnonzero(mask == 0)[0]), -1, len(mask), 2**70, legal + 0.5,
               float(legal), str(legal), True, None, np.float64(legal), [legal]]
    for action in illegal:
        with pytest.raises(belle.IllegalActionError):
            e.step(action)
        assert e.state.to_json() == before, action
    e.step(np.int64(legal))
    assert e.state.to_json() != before

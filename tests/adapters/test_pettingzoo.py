"""The PettingZoo adapter: PettingZoo's own `api_test` on every registered game
(skipped only when `pettingzoo` is not installed)."""

from __future__ import annotations

import warnings

import pytest

import belle

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
api_test = pytest.importorskip("pettingzoo.test").api_test
env = pytest.importorskip("belle.adapters.pettingzoo").env

GAMES = [info.id for info in belle.list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation shapes, not failures
        api_test(env(game_id), num_cycles=1000)


@pytest.mark.parametrize("game_id", GAMES)
def test_masked_random_play_is_seeded_and_scores_every_agent(game_id: str) -> None:
    def play(seed: int) -> tuple[list[int], dict[str, float]]:
        e = env(game_id)
        e.reset(seed=seed)
        e.action_space(e.possible_agents[0]).seed(seed)
        taken, finals = [], {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                finals[agent] = reward
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.sum() >= 1
            action = int(np.flatnonzero(mask)[(len(taken) * 7) % int(mask.sum())])
            taken.append(action)
            e.step(action)
        return taken, finals

    first, finals = play(3)
    assert play(3)[0] == first
    assert set(finals) == set(env(game_id).possible_agents)
    assert max(finals.values()) == 1.0


def test_illegal_action_is_refused() -> None:
    e = env("paris_paris")
    e.reset(seed=1)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(belle.IllegalActionError):
        e.step(illegal)

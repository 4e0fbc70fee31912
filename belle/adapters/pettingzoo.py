"""Belle's games as PettingZoo AEC environments (`pip install belle[pettingzoo]`).

    from belle.adapters.pettingzoo import env
    e = env("paris_paris", players=3)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)

- Agents are `player_0` … `player_{n-1}`; the acting agent is Belle's current seat.
  Chance nodes are resolved inside the environment with its seeded RNG
  (`reset(seed=...)`), so agents only ever see decisions.
- Actions are Belle's dense int codec: `Discrete(game.num_distinct_actions(n))`,
  with `action_to_int` / `action_from_int`. Every observation carries an
  `action_mask` (int8, 1 = legal now; all zeros when it is not the agent's turn).
  Anything else raises `belle.IllegalActionError` and changes nothing: an int that is
  not legal now, outside the codec, or not an int at all (a float or a string is never
  truncated; numpy integers are ints).
- `observation` is the agent's observation tensor (belle.adapters.tensors: built from
  its `view`, layouts in docs/research.md), or with `observation="information_state"`
  its information-state tensor; float32 in a Box whose bounds come from the layout.
  The seat's JSON view is `env.view(agent)`; the true Belle state is `env.state`.
- Rewards come at the end: `(n - 1 - 2·place) / (n - 1)` in [-1, 1] (first +1,
  last −1, a shared place shares the value), as in the OpenSpiel adapter.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import belle
from belle.adapters.tensors import Layout, Tensors
from belle.engine.errors import IllegalActionError
from belle.engine.game import CHANCE, Game, State, safe_repr
from belle.engine.referee import sample_chance

ObservationKind = Literal["observation", "information_state"]


def rank_rewards(state: State[Any]) -> list[float]:
    """Per seat, `(n - 1 - 2·place) / (n - 1)`: +1 first, −1 last."""
    n = state.num_players
    return [(n - 1 - 2 * place) / (n - 1) if n > 1 else 1.0 for place in state.ranking()]


def belle_action(state: State[Any], action: Any) -> Any:
    """The Belle action of dense int `action` (an int or a numpy integer), or
    `IllegalActionError` for anything else: a float, a string, a bool or an int outside
    the codec is refused, never truncated (65.5 is not 65)."""
    size = len(state.notation.dense)
    if isinstance(action, bool | np.bool_):
        index = None
    else:
        try:
            index = operator.index(action)  # int, numpy integer, 0-d integer array
        except TypeError:
            index = None
    if index is None:
        raise IllegalActionError(f"an action is an int from 0 to {size - 1}, "
                                 f"not {safe_repr(action)}")
    if not 0 <= index < size:
        raise IllegalActionError(f"action {index} is outside 0 to {size - 1}")
    return state.action_from_int(index)


def legal_mask(state: State[Any], seat: int, size: int) -> np.ndarray:
    """int8 mask of `seat`'s legal dense ints (all zeros unless it is `seat`'s turn)."""
    mask = np.zeros(size, np.int8)
    if not state.is_terminal() and state.current_player() == seat:
        mask[[state.action_to_int(a) for a in state.legal_actions()]] = 1
    return mask


class SeatTensors:
    """A game's tensors for one kind of observation, with the Box that holds them."""

    def __init__(self, game: Game[Any], players: int, kind: ObservationKind) -> None:
        if kind not in ("observation", "information_state"):
            raise ValueError(f"observation must be 'observation' or 'information_state', "
                             f"not {kind!r}")
        self.tensors = Tensors(game, players)
        self.kind = kind
        self.layout: Layout = (
            self.tensors.observation if kind == "observation" else self.tensors.information_state)
        low, high = self.layout.bounds()
        self.space = spaces.Box(low, high, (self.layout.size,), np.float32)

    def encode(self, state: State[Any], seat: int) -> np.ndarray:
        if self.kind == "observation":
            return self.tensors.observation_tensor(state, seat)
        return self.tensors.information_state_tensor(state, seat)


class BelleAECEnv(AECEnv):  # type: ignore[misc]
    """One Belle game as an agent-environment-cycle environment with action masks."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        observation: ObservationKind = "observation",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game: Game[Any] = belle.load_game(game_id, **options)
        self.num_players = self.game.info.min_players if players is None else players
        self.game.check_players(self.num_players)
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"], "name": f"belle_{game_id}_v0", "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.num_actions = self.game.num_distinct_actions(self.num_players)
        self.encoder = SeatTensors(self.game, self.num_players, observation)
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        self._action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": self.encoder.space,
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            })
            for a in self.agents
        }
        self._rng = random.Random()
        self.state: State[Any] = self.game.new_initial_state(self.num_players)
        self.reset()

    # -- spaces -----------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    # -- the cycle --------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state(self.num_players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        state.apply_action_for(self.seat(agent), belle_action(state, action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance()

    def _advance(self) -> None:
        """Resolve chance nodes; then select the seat to move, or end the game."""
        state = self.state
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, self._rng))
        if state.is_terminal():
            for agent, reward in zip(self.agents, rank_rewards(state), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[state.current_player()]

    # -- what an agent sees -----------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat(agent)
        return {
            "observation": self.encoder.encode(self.state, seat),
            "action_mask": legal_mask(self.state, seat, self.num_actions),
        }

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's JSON view of the table (what the web table shows that seat)."""
        return self.state.view(self.seat(agent))

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.state}: {self.state.returns()}"
        return None

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def env(game_id: str, players: int | None = None, **kwargs: Any) -> BelleAECEnv:
    """The AEC environment of Belle game `game_id` (options as keyword arguments)."""
    return BelleAECEnv(game_id, players, **kwargs)


__all__ = ["BelleAECEnv", "SeatTensors", "belle_action", "env", "legal_mask", "rank_rewards"]

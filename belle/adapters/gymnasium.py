"""One seat of a Belle game as a Gymnasium environment; Belle bots play the others.

    from belle.adapters.gymnasium import BelleGymEnv
    env = BelleGymEnv("paris_paris", players=2, opponents="greedy")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated:
            break

Or `gymnasium.make("belle/paris_paris-v0", opponents="random")` (every game is
registered as `belle/<id>-v0` when this module is imported).

- The learner plays `seat` (an int, or None for a seat drawn at each reset); each
  other seat is played by a Belle bot (`opponents`: one spec such as "random",
  "greedy" or "ismcts:iterations=200" for every other seat, or a list of specs, one
  per other seat in turn order). Bots are handed a determinization of the state for
  their seat (`resample`), as the referee does, so they cannot cheat.
- Observations are the learner's observation tensor (or its information-state tensor
  with `observation="information_state"`), float32; `info["action_mask"]` and
  `action_masks()` (what sb3-contrib's MaskablePPO asks for) give the legal ints.
- Actions are Belle's dense ints. With `illegal="raise"` (the default) anything but a
  legal int raises `belle.IllegalActionError` and changes nothing (an int not legal
  now or outside the codec, a float, a string: never truncated). With
  `illegal="penalise"` such an action changes nothing either, but the step returns
  the same observation, a reward of `ILLEGAL_REWARD` (−1, the last place's), not
  terminated, and `info["illegal"] = True`: for algorithms that cannot mask, and for
  Gymnasium's full `check_env`, which steps unmasked `action_space.sample()`s. Such an
  episode can go on for ever: wrap it in `TimeLimit` when actions are not masked.
- The reward is 0 until the end, then `(n - 1 - 2·place) / (n - 1)`: +1 for first
  place, −1 for last; `info` then holds the `scores` and the `ranking`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

import belle
from belle.adapters.pettingzoo import (
    ObservationKind,
    SeatTensors,
    belle_action,
    legal_mask,
    rank_rewards,
)
from belle.bots import make_bot
from belle.engine.game import CHANCE, Game, State
from belle.engine.referee import Bot, bot_decision, sample_chance

ILLEGAL_REWARD = -1.0
"""The reward of an illegal action with `illegal="penalise"`: the last place's."""


def _bots(opponents: str | Bot | Sequence[str | Bot], count: int) -> list[Bot]:
    """One bot per other seat, from one spec (or bot) for all of them or a list."""
    items: list[str | Bot]
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        items = [opponents] * count
    else:
        items = list(opponents)
    if len(items) != count:
        raise belle.OptionError(f"{count} opponents needed, {len(items)} given")
    return [make_bot(item) if isinstance(item, str) else item for item in items]


class BelleGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A single-agent environment: the learner's seat against Belle bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's own declaration)

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int | None = 0,
        opponents: str | Bot | Sequence[str | Bot] = "random",
        observation: ObservationKind = "observation",
        render_mode: str | None = None,
        illegal: Literal["raise", "penalise"] = "raise",
        **options: Any,
    ) -> None:
        if illegal not in ("raise", "penalise"):
            raise belle.OptionError(f"illegal must be 'raise' or 'penalise', not {illegal!r}")
        self.illegal = illegal
        self.game: Game[Any] = belle.load_game(game_id, **options)
        self.num_players = self.game.info.min_players if players is None else players
        self.game.check_players(self.num_players)
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise belle.OptionError(f"seat must be from 0 to {self.num_players - 1} or None")
        self.fixed_seat = seat
        self.opponents = _bots(opponents, self.num_players - 1)
        self.encoder = SeatTensors(self.game, self.num_players, observation)
        self.num_actions = self.game.num_distinct_actions(self.num_players)
        self.observation_space = self.encoder.space
        self.action_space = spaces.Discrete(self.num_actions)
        self.render_mode = render_mode
        self._rng = random.Random()
        self.seat = 0 if seat is None else seat
        self.state: State[Any] = self.game.new_initial_state(self.num_players)
        self._bot_rngs: list[random.Random] = []

    # -- the episode ------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.seat = self._rng.randrange(self.num_players) if self.fixed_seat is None \
            else self.fixed_seat
        self._bot_rngs = [random.Random(self._rng.getrandbits(64))
                          for _ in range(self.num_players)]
        self.state = self.game.new_initial_state(self.num_players)
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        try:
            state.apply_action_for(self.seat, belle_action(state, action))
        except belle.IllegalActionError:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal"] = True
            return self._observe(), ILLEGAL_REWARD, False, False, info
        self._play_others()
        terminated = state.is_terminal()
        reward = rank_rewards(state)[self.seat] if terminated else 0.0
        return self._observe(), reward, terminated, False, self._info()

    def _play_others(self) -> None:
        """Chance and the bots' seats, until the learner is to move or the game ends."""
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, self._rng))
            elif player == self.seat:
                return
            else:
                bot = self.opponents[(player - self.seat - 1) % self.num_players]
                state.apply_action(bot_decision(bot, state, player, self._bot_rngs[player]))

    # -- what the learner sees ---------------------------------------------
    def _observe(self) -> np.ndarray:
        return self.encoder.encode(self.state, self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal ints now, as booleans (sb3-contrib's MaskablePPO reads this)."""
        return legal_mask(self.state, self.seat, self.num_actions).astype(bool)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": legal_mask(self.state, self.seat, self.num_actions),
            "seat": self.seat,
        }
        if self.state.is_terminal():
            info["scores"] = self.state.returns()
            info["ranking"] = self.state.ranking()
        return info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.state}: {self.state.returns()}"
        return None


def _make(**kwargs: Any) -> BelleGymEnv:
    return BelleGymEnv(**kwargs)


def register_all() -> list[str]:
    """Register every game with Gymnasium as `belle/<id>-v0` (idempotent)."""
    ids = []
    for info in belle.list_games():
        env_id = f"belle/{info.id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=_make,
                               kwargs={"game_id": info.id}, disable_env_checker=True)
        ids.append(env_id)
    return ids


register_all()

__all__ = ["BelleGymEnv", "register_all"]

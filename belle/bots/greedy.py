"""The greedy bot: one ply over the game's heuristic, averaged over determinizations.

It looks one action ahead and scores the result with `State.heuristic(seat)`. The
state it is given is already a determinization made by the referee; it draws
`samples - 1` more with `resample`, so its guess about hidden information is an
average, never the truth. Ties are broken at random.
"""

from __future__ import annotations

import random
from typing import Any

from belle.engine.game import State


class GreedyBot:
    """Picks the action with the best mean heuristic after one ply."""

    name = "greedy"

    def __init__(self, samples: int = 3) -> None:
        if samples < 1:
            raise ValueError("greedy needs at least 1 sample")
        self.samples = samples

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        worlds = [state] + [state.resample(seat, rng) for _ in range(self.samples - 1)]
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal:
            value = sum(self._value_after(world, action, seat) for world in worlds)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)

    @staticmethod
    def _value_after(world: State[Any], action: Any, seat: int) -> float:
        child = world.clone()
        child._apply(action)
        return child.heuristic(seat)

"""The random bot: a uniformly random legal action, from its own seeded RNG."""

from __future__ import annotations

import random
from typing import Any

from belle.engine.game import State


class RandomBot:
    """Plays uniformly at random among the legal actions."""

    name = "random"

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())

"""Paris Connection's determinization draws from the RNG as `random.Random` does."""

from __future__ import annotations

import random

from belle.games.paris_connection.views import _shuffle


def test_the_inline_shuffle_is_random_shuffle() -> None:
    """views._shuffle writes random.Random's shuffle out (its integer draw inline): the
    same order and the same draws, for every length, so a search's determinizations are
    the ones `rng.shuffle` would give."""
    for seed in range(200):
        for length in (0, 1, 2, 3, 7, 16, 31, 32, 33, 60):
            items = [i % 6 for i in range(length)]
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, expected = list(items), list(items)
            _shuffle(mine, ours)
            theirs.shuffle(expected)
            assert mine == expected
            assert ours.getstate() == theirs.getstate()

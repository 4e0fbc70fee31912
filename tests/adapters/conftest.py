"""Shared helpers of the adapter tests: configurations and seeded random walks."""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

import belle
from belle.engine.errors import OptionError
from belle.engine.game import State
from belle.engine.options import OptionSpec
from belle.engine.referee import sample_chance

GAMES = [info.id for info in belle.list_games()]
REQUIRE_EXTRAS = "BELLE_REQUIRE_EXTRAS"
"""Set to 1 (CI does, in .ci/run): a missing adapter extra fails these suites."""


def need(module: str) -> Any:
    """`module`, or a skip when it is not installed (an extra: openspiel, pettingzoo,
    research) — except with BELLE_REQUIRE_EXTRAS=1, where its ImportError fails the run,
    so CI cannot go green on suites it never ran."""
    if os.environ.get(REQUIRE_EXTRAS) == "1":
        return importlib.import_module(module)
    return pytest.importorskip(module)


def _option_settings(game_id: str, spec: OptionSpec) -> list[Any]:
    """Values other than the default worth a game: True, every other choice, and for a
    list option that defaults to nothing, all its choices at once (those the game's
    current rules edition accepts: a choice kept only to replay old records is left out)."""
    if spec.kind == "bool":
        return [True]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != spec.default]
    if spec.kind == "list" and spec.default == () and spec.choices:
        return [tuple(c for c in spec.choices if _accepted(game_id, spec.name, (c,)))]
    return []


def _accepted(game_id: str, name: str, value: Any) -> bool:
    try:
        belle.load_game(game_id, **{name: value})
    except OptionError:
        return False
    return True


def configurations() -> list[Any]:
    """Every game at every player count with default options, and at its fewest players
    with each other option setting, one option at a time."""
    params = []
    for info in belle.list_games():
        for players in range(info.min_players, info.max_players + 1):
            params.append(pytest.param((info.id, players, {}), id=f"{info.id}-{players}p"))
        for spec in info.options:
            for value in _option_settings(info.id, spec):
                label = f"{spec.name}={value if not isinstance(value, tuple) else 'all'}"
                params.append(pytest.param((info.id, info.min_players, {spec.name: value}),
                                           id=f"{info.id}-{info.min_players}p-{label}"))
    return params


def random_step(state: State[Any], rng: random.Random) -> None:
    """One seeded random action (chance sampled by its probabilities)."""
    state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                       else rng.choice(state.legal_actions()))


def walk(state: State[Any], rng: random.Random, every: int) -> Iterator[State[Any]]:
    """Play `state` to its end at random, yielding it every `every` actions and last."""
    steps = 0
    while not state.is_terminal():
        if steps % every == 0:
            yield state
        random_step(state, rng)
        steps += 1
    yield state

"""Parametrization of the conformance suite: every game × player count × option set
(every rules edition among them)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import belle
from belle.engine.errors import OptionError
from belle.engine.game import GameInfo
from belle.engine.options import OptionSpec


def option_values(spec: OptionSpec) -> list[Any]:
    """A few values of an option: both booleans, every choice, the ends of a range."""
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "int":
        return sorted({v for v in (spec.minimum, spec.default, spec.maximum) if v is not None})
    return [spec.default]


def one_at_a_time(spec: OptionSpec) -> list[Any]:
    """Values played with the other options at their defaults: an int option's values
    strictly inside its range (every rules edition between the first and today's), and
    each choice alone of a list option that is empty by default (a variant, a reading)."""
    if spec.kind == "int" and spec.minimum is not None and spec.maximum is not None:
        return [v for v in range(spec.minimum + 1, spec.maximum) if v != spec.default]
    if spec.kind == "list" and not spec.default:
        return [(choice,) for choice in spec.choices]
    return []


def accepted(info: GameInfo, combo: tuple[Any, ...]) -> bool:
    """Whether the game takes these options (a variant may belong to one rules edition)."""
    try:
        belle.load_game(info.id, **{s.name: v for s, v in zip(info.options, combo, strict=True)})
    except OptionError:
        return False
    return True


def option_sets(info: GameInfo) -> list[tuple[Any, ...]]:
    """The product of option_values, then one_at_a_time's values each alone: with the
    other options at their defaults, or at their minimums where the defaults refuse it
    (City of Light's statue_lamps_free belongs to rules edition 1)."""
    combos = list(itertools.product(*(option_values(s) for s in info.options)))
    defaults = tuple(s.default for s in info.options)
    lowest = tuple(s.minimum if s.kind == "int" else s.default for s in info.options)
    for k, spec in enumerate(info.options):
        for value in one_at_a_time(spec):
            tries = [(*base[:k], value, *base[k + 1:]) for base in (defaults, lowest)]
            combos += [combo for combo in tries if accepted(info, combo)][:1]
    return combos


def configurations() -> list[Any]:
    params = []
    for info in belle.list_games():
        combos = option_sets(info)
        for players in range(info.min_players, info.max_players + 1):
            for combo in combos:
                options = {s.name: v for s, v in zip(info.options, combo, strict=True)}
                label = ",".join(f"{k}={v}" for k, v in options.items())
                params.append(
                    pytest.param((info.id, players, options), id=f"{info.id}-{players}p-{label}")
                )
    return params


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "config" in metafunc.fixturenames:
        metafunc.parametrize("config", configurations())

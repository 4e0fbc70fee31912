"""Parametrization of the conformance suite: every game × player count × option set."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import belle
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


def configurations() -> list[Any]:
    params = []
    for info in belle.list_games():
        combos = list(itertools.product(*(option_values(s) for s in info.options)))
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

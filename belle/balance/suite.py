"""The runs of `belle balance --all`: every registered game at every player count.

Per game and player count: self-play of the `--bots` line-up (`--games` games), ISMCTS
self-play (`--ismcts-games` games of `--ismcts`, if any), and each of the game's scripted
strategies against the `--bots` line-up (`--strategy-games` games, if any). Each run's
games are seeded from the one seed and the run itself, so a run of the suite gives the
figures of the same run made alone (`belle balance GAME --players N ...`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from belle.balance.runner import Run, lineup
from belle.balance.strategies import strategies_for
from belle.engine.registry import list_games


@dataclass(frozen=True, slots=True)
class SuitePlan:
    seed: int
    games: int
    bots: tuple[str, ...]
    ismcts_games: int = 0
    ismcts: str = "ismcts:iterations=40"
    strategy_games: int = 0


def runs_for(game: str, players: int, plan: SuitePlan,
             options: tuple[tuple[str, Any], ...] = ()) -> list[Run]:
    runs = [Run(game, players, lineup(players, plan.bots), plan.games, plan.seed, options)]
    if plan.ismcts_games:
        runs.append(Run(game, players, lineup(players, [plan.ismcts]), plan.ismcts_games,
                        plan.seed, options))
    if plan.strategy_games:
        runs += [Run(game, players, lineup(players, plan.bots, strategy.name),
                     plan.strategy_games, plan.seed, options, strategy.name)
                 for strategy in strategies_for(game)]
    return runs


def suite_runs(plan: SuitePlan, games: Sequence[str] | None = None) -> list[Run]:
    """Every run of the suite, game by game (id order), then by player count."""
    runs: list[Run] = []
    for info in list_games():
        if games is not None and info.id not in games:
            continue
        for players in range(info.min_players, info.max_players + 1):
            runs += runs_for(info.id, players, plan)
    return runs

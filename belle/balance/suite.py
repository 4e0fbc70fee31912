"""The runs of `belle balance --all`: every registered game at every player count.

Per game and player count: self-play of the `--bots` line-up (`--games` games), ISMCTS
self-play (`--ismcts-games` games of `--ismcts`, if any), and each of the game's scripted
strategies against the `--bots` line-up (`--strategy-games` games, if any); and, for the
games named by `--ending-games GAME=K`, K more games of the `--bots` self-play played
only for how they end. `--games-of GAME=K` and `--ismcts-games-of GAME=K` give one game
more (or fewer) self-play games than the others, where its bounds need them to decide;
a run's games do not depend on how many it plays, so the first K of a longer run are
the games of the shorter one (and `--cache` keeps them). Each run's games are seeded
from the one seed and the run itself, so a run of the suite gives the figures of the
same run made alone (`belle balance GAME --players N ...`).

The fallback-endings bound of each self-play report is then judged on every self-play
game played at its game and player count (`pool_endings`): an ending is the rules', not
one bot's, and a rare one needs more games than any one run has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from belle.balance.bounds import judge
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
    ending_games: tuple[tuple[str, int], ...] = ()
    """(game id, K): K more self-play games per player count, for the endings alone."""
    games_of: tuple[tuple[str, int], ...] = ()
    """(game id, K): K self-play games of the bots per player count instead of `games`."""
    ismcts_games_of: tuple[tuple[str, int], ...] = ()
    """(game id, K): K ISMCTS self-play games per player count instead of `ismcts_games`."""


def runs_for(game: str, players: int, plan: SuitePlan,
             options: tuple[tuple[str, Any], ...] = ()) -> list[Run]:
    games = dict(plan.games_of).get(game, plan.games)
    ismcts_games = dict(plan.ismcts_games_of).get(game, plan.ismcts_games)
    runs = [Run(game, players, lineup(players, plan.bots), games, plan.seed, options)]
    if ismcts_games:
        runs.append(Run(game, players, lineup(players, [plan.ismcts]), ismcts_games,
                        plan.seed, options))
    if plan.strategy_games:
        runs += [Run(game, players, lineup(players, plan.bots, strategy.name),
                     plan.strategy_games, plan.seed, options, strategy.name)
                 for strategy in strategies_for(game)]
    more = dict(plan.ending_games).get(game, 0)
    if more:
        runs.append(Run(game, players, lineup(players, plan.bots[:1]), more, plan.seed,
                        options, endings_only=True))
    return runs


def pool_endings(reports: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give each self-play report the endings of every self-play game at its game,
    options and player count (`endings_pool`), and judge it again."""
    pools: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for report in reports:
        if report["self_play"] and report["strategy"] is None:
            key = (report["game"], report["players"], repr(sorted(report["options"].items())))
            pools.setdefault(key, []).append(report)
    for pool in pools.values():
        if len(pool) < 2:
            continue
        summary = {
            "games": sum(r["completed"] for r in pool),
            "fallbacks": sum(e["k"] for r in pool for e in r["end_reasons"] if e["fallback"]),
            "runs": [f"{r['completed']} of {r['label']}" for r in pool],
        }
        for report in pool:
            report["endings_pool"] = summary
            judge(report)
    return list(reports)


def suite_runs(plan: SuitePlan, games: Sequence[str] | None = None) -> list[Run]:
    """Every run of the suite, game by game (id order), then by player count."""
    runs: list[Run] = []
    for info in list_games():
        if games is not None and info.id not in games:
            continue
        for players in range(info.min_players, info.max_players + 1):
            runs += runs_for(info.id, players, plan)
    return runs

"""`belle bench`: engine speed per game, measured the way search uses the engine.

Four figures per game, at its largest player count (the slowest and longest games):

- random playouts: games/s and actions/s of whole games from the initial state, chance
  sampled from a seeded RNG, each decision `rng.choice(legal_actions())` then the
  checked `apply_action` (no bots, no resampling);
- `clone()`/s over the states met in a few playouts;
- `legal_actions()`/s over fresh copies of those states, each called once, as a
  playout meets them (so a per-state cache cannot inflate the figure).

Each figure is the median of `runs` runs; a run repeats its work until `seconds` have
passed. The workload is seeded, so two machines measure the same games.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from belle import __version__
from belle.engine.game import Game, State
from belle.engine.referee import sample_chance
from belle.engine.registry import load_game

SAMPLE_GAMES = 3
"""Playouts whose decision states are the clone / legal_actions workload."""


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    players: int
    runs: int
    games_per_second: float
    actions_per_second: float
    clones_per_second: float
    legal_actions_per_second: float

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["game"]
        return data


def random_playout(game: Game[Any], players: int, rng: random.Random) -> int:
    """One whole game with random decisions; returns its number of actions."""
    state = game.new_initial_state(players)
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions += 1
    return actions


def decision_states(game: Game[Any], players: int, seed: int) -> list[State[Any]]:
    """Copies of every decision state met in SAMPLE_GAMES seeded random playouts."""
    rng = random.Random(seed)
    states: list[State[Any]] = []
    for _ in range(SAMPLE_GAMES):
        state = game.new_initial_state(players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            states.append(state.clone())  # before legal_actions() fills any cache
            state.apply_action(rng.choice(state.legal_actions()))
    return states


def timed(work: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Repeat `work` (which returns how many units it did) for at least `seconds`."""
    done = 0
    elapsed = 0.0
    while elapsed < seconds or done == 0:
        started = time.perf_counter()
        done += work()
        elapsed += time.perf_counter() - started
    return done, elapsed


def playout_rates(game: Game[Any], players: int, seed: int, seconds: float) -> tuple[float, float]:
    """(games/s, actions/s) of random playouts for about `seconds`."""
    rng = random.Random(seed)
    games = actions = 0
    started = time.perf_counter()
    while True:
        actions += random_playout(game, players, rng)
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return games / elapsed, actions / elapsed


def clone_rate(states: list[State[Any]], seconds: float) -> float:
    def work() -> int:
        for state in states:
            state.clone()
        return len(states)

    done, elapsed = timed(work, seconds)
    return done / elapsed


def legal_actions_rate(states: list[State[Any]], seconds: float) -> float:
    done = 0
    elapsed = 0.0
    while elapsed < seconds or done == 0:
        fresh = [state.clone() for state in states]  # untimed: only the calls count
        started = time.perf_counter()
        for state in fresh:
            state.legal_actions()
        elapsed += time.perf_counter() - started
        done += len(fresh)
    return done / elapsed


def bench_game(game_id: str, runs: int = 5, seconds: float = 0.5, seed: int = 0) -> BenchResult:
    """The four figures of `game_id` (default options, largest player count)."""
    game = load_game(game_id)
    players = game.info.max_players
    states = decision_states(game, players, seed)
    samples: dict[str, list[float]] = {k: [] for k in ("games", "actions", "clone", "legal")}
    for run in range(runs):
        games, actions = playout_rates(game, players, seed + run, seconds)
        samples["games"].append(games)
        samples["actions"].append(actions)
        samples["clone"].append(clone_rate(states, seconds))
        samples["legal"].append(legal_actions_rate(states, seconds))
    median = {k: statistics.median(v) for k, v in samples.items()}
    return BenchResult(
        game=game_id,
        players=players,
        runs=runs,
        games_per_second=round(median["games"], 2),
        actions_per_second=round(median["actions"]),
        clones_per_second=round(median["clone"]),
        legal_actions_per_second=round(median["legal"]),
    )


def bench_json(results: list[BenchResult]) -> dict[str, Any]:
    return {
        "belle": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": {result.game: result.to_json() for result in results},
    }


def bench_abuse(tables: str, seconds: float, think: float, as_json: bool) -> None:
    """`belle bench --abuse` (belle.server.bench.abuse): print its report."""
    import typer

    from belle.server.bench.abuse import run_abuse_bench

    try:
        count = int(tables.split(",")[0]) if tables != "50,500" else 50
        report = run_abuse_bench(count, seconds, think=think)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    if as_json:
        typer.echo(json.dumps(report))
        return
    quiet, loud = report["quiet"], report["under_attack"]
    typer.echo(f"{report['tables']} honest tables, {report['seconds']} s a phase, "
               f"think {report['think_s']} s ({report['server']})")
    for name, phase in (("quiet", quiet), ("under attack", loud)):
        typer.echo(f"  {name:>12}: {phase['moves_per_s']} moves/s, p50 {phase['p50_ms']} ms, "
                   f"p99 {phase['p99_ms']} ms, max {phase['max_ms']} ms")
    typer.echo(f"  floods met: {report['floods_met']}")
    typer.echo(f"  server RSS before → after the floods: {report['rss_mib']} MiB")

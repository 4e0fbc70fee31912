"""`belle bench`: engine speed per game, measured the way search uses the engine.

Figures per game, at its largest player count (the slowest and longest games):

- random playouts: games/s and actions/s of whole games from the initial state, chance
  sampled from a seeded RNG, each decision `rng.choice(legal_actions())` then the
  checked `apply_action` (no bots, no resampling) — per wall-second and per
  CPU-second of this process (`time.process_time`), which other work on the machine
  disturbs far less;
- `clone()`/s over the states met in a few playouts;
- `legal_actions()`/s over fresh copies of those states, each called once, as a
  playout meets them (so a per-state cache cannot inflate the figure); both per
  wall-second and per CPU-second too;
- ISMCTS iterations per second (wall and CPU) of the default `ismcts` bot searching
  `ismcts_seconds` per move, as the web table's levels do, at two positions of a seeded
  random game: its first decision with a choice ("early") and the one halfway ("mid").

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

from rich.table import Table

from belle import __version__
from belle.bots.ismcts import IsmctsBot
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
    actions_per_cpu_second: float = 0.0
    clones_per_cpu_second: float = 0.0
    legal_actions_per_cpu_second: float = 0.0
    ismcts_seconds: float = 0.0  # per move; 0: not measured
    ismcts_iterations_per_second: dict[str, float] | None = None  # early / mid
    ismcts_iterations_per_cpu_second: dict[str, float] | None = None

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


def timed(work: Callable[[], int], seconds: float) -> tuple[int, float, float]:
    """Repeat `work` (which returns how many units it did) for at least `seconds`;
    (units, wall seconds, CPU seconds) spent in it."""
    done = 0
    elapsed = cpu = 0.0
    while elapsed < seconds or done == 0:
        started, cpu_started = time.perf_counter(), time.process_time()
        done += work()
        elapsed += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
    return done, elapsed, max(cpu, 1e-9)


def playout_rates(
    game: Game[Any], players: int, seed: int, seconds: float
) -> tuple[float, float, float]:
    """(games/s, actions/s, actions per CPU-second) of random playouts for `seconds`."""
    rng = random.Random(seed)
    games = actions = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    while True:
        actions += random_playout(game, players, rng)
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            cpu = max(time.process_time() - cpu_started, 1e-9)
            return games / elapsed, actions / elapsed, actions / cpu


def clone_rate(states: list[State[Any]], seconds: float) -> tuple[float, float]:
    """(clones per wall-second, per CPU-second)."""
    def work() -> int:
        for state in states:
            state.clone()
        return len(states)

    done, elapsed, cpu = timed(work, seconds)
    return done / elapsed, done / cpu


def legal_actions_rate(states: list[State[Any]], seconds: float) -> tuple[float, float]:
    """(legal_actions() calls per wall-second, per CPU-second) on fresh copies."""
    done = 0
    elapsed = cpu = 0.0
    while elapsed < seconds or done == 0:
        fresh = [state.clone() for state in states]  # untimed: only the calls count
        started, cpu_started = time.perf_counter(), time.process_time()
        for state in fresh:
            state.legal_actions()
        elapsed += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
        done += len(fresh)
    return done / elapsed, done / max(cpu, 1e-9)


def search_positions(states: list[State[Any]]) -> dict[str, State[Any]]:
    """"early": the first decision state with a choice; "mid": the one halfway."""
    choices = [state for state in states if len(state.legal_actions()) > 1]
    return {"early": choices[0], "mid": choices[len(choices) // 2]} if choices else {}


def ismcts_rates(state: State[Any], seconds: float, seed: int) -> tuple[float, float]:
    """(iterations per wall-second, per CPU-second) of one `ismcts:seconds=…` move."""
    seat = state.current_player()
    bot = IsmctsBot(seconds=seconds)
    started, cpu_started = time.perf_counter(), time.process_time()
    bot.choose(state.resample(seat, random.Random(seed)), seat, random.Random(seed + 1))
    elapsed = time.perf_counter() - started
    cpu = max(time.process_time() - cpu_started, 1e-9)
    return bot.last_iterations / elapsed, bot.last_iterations / cpu


def bench_game(
    game_id: str, runs: int = 5, seconds: float = 0.5, seed: int = 0,
    ismcts_seconds: float = 1.0,
) -> BenchResult:
    """The figures of `game_id` (default options, largest player count); ISMCTS is
    measured when `ismcts_seconds` is positive."""
    game = load_game(game_id)
    players = game.info.max_players
    states = decision_states(game, players, seed)
    positions = search_positions(states) if ismcts_seconds > 0 else {}
    samples: dict[str, list[float]] = {
        k: [] for k in ("games", "actions", "cpu", "clone", "clone-cpu", "legal", "legal-cpu",
                        *(f"{p}-wall" for p in positions), *(f"{p}-cpu" for p in positions))}
    for run in range(runs):
        games, actions, per_cpu = playout_rates(game, players, seed + run, seconds)
        samples["games"].append(games)
        samples["actions"].append(actions)
        samples["cpu"].append(per_cpu)
        for name, (wall, cpu) in (("clone", clone_rate(states, seconds)),
                                  ("legal", legal_actions_rate(states, seconds))):
            samples[name].append(wall)
            samples[f"{name}-cpu"].append(cpu)
        for name, state in positions.items():
            wall, cpu = ismcts_rates(state, ismcts_seconds, seed + run)
            samples[f"{name}-wall"].append(wall)
            samples[f"{name}-cpu"].append(cpu)
    median = {k: statistics.median(v) for k, v in samples.items()}
    return BenchResult(
        game=game_id,
        players=players,
        runs=runs,
        games_per_second=round(median["games"], 2),
        actions_per_second=round(median["actions"]),
        clones_per_second=round(median["clone"]),
        legal_actions_per_second=round(median["legal"]),
        actions_per_cpu_second=round(median["cpu"]),
        clones_per_cpu_second=round(median["clone-cpu"]),
        legal_actions_per_cpu_second=round(median["legal-cpu"]),
        ismcts_seconds=ismcts_seconds if positions else 0.0,
        ismcts_iterations_per_second={p: round(median[f"{p}-wall"]) for p in positions}
        if positions else None,
        ismcts_iterations_per_cpu_second={p: round(median[f"{p}-cpu"]) for p in positions}
        if positions else None,
    )


def engine_table(results: list[BenchResult], runs: int) -> Table:
    """The terminal table of `belle bench` (engine figures)."""
    searched = [r for r in results if r.ismcts_iterations_per_second]
    caption = ("games/s, actions/s: random playouts; clone/s and legal/s: clone() and "
               "legal_actions() on the states met in playouts; per wall-second, and per "
               "second of this process's CPU time in brackets (what a loaded machine "
               "disturbs least)")
    if searched:
        caption += (f"; ISMCTS: iterations/s of the default bot at {searched[0].ismcts_seconds:g}"
                    " s per move, at the first decision with a choice and halfway "
                    "(wall; CPU in brackets)")
    table = Table(
        title=f"belle bench: median of {runs} runs, at each game's largest player count",
        title_justify="left", caption=caption, caption_justify="left",
    )
    columns = ["game", "players", "games/s", "actions/s (CPU)", "clone/s (CPU)",
               "legal/s (CPU)"]
    if searched:
        columns += ["ISMCTS early", "ISMCTS mid"]
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
    for r in results:
        row = [r.game, str(r.players), f"{r.games_per_second:,.2f}",
               f"{r.actions_per_second:,.0f} ({r.actions_per_cpu_second:,.0f})",
               f"{r.clones_per_second:,.0f} ({r.clones_per_cpu_second:,.0f})",
               f"{r.legal_actions_per_second:,.0f} ({r.legal_actions_per_cpu_second:,.0f})"]
        if searched:
            wall = r.ismcts_iterations_per_second or {}
            cpu = r.ismcts_iterations_per_cpu_second or {}
            row += [f"{wall[p]:,.0f} ({cpu[p]:,.0f})" if p in wall else "–"
                    for p in ("early", "mid")]
        table.add_row(*row)
    return table


def bench_json(results: list[BenchResult]) -> dict[str, Any]:
    return {
        "belle": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": {result.game: result.to_json() for result in results},
    }


def bench_abuse(tables: str, seconds: float, think: float, as_json: bool,
                baseline: str | None = None, rounds: int = 1,
                profile: str | None = None, lobby_tables: int = 0) -> None:
    """`belle bench --abuse` (belle.server.bench.abuse_runs): print its report."""
    import typer

    from belle.server.bench.abuse_runs import run_abuse_bench

    try:
        count = int(tables.split(",")[0]) if tables != "50,500" else 50
        report = run_abuse_bench(count, seconds, think=think, baseline=baseline,
                                 rounds=rounds, profile=profile,
                                 lobby_tables=lobby_tables)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    if as_json:
        typer.echo(json.dumps(report))
        return
    typer.echo(f"{report['tables']} honest tables ({report['lobby_tables']} more waiting "
               f"in the lobby), {report['seconds']} s a phase, "
               f"think {report['think_s']} s ({report['server']}; {report['cpus']} CPUs)")
    for run in report.get("runs", [report]):
        if "code" in run:
            typer.echo(f"{run['code']} code, round {run['round']}:")
        for name in ("quiet", "under_attack"):
            phase, load = run[name], run["load_average"][name]
            typer.echo(f"  {name:>12}: {phase['moves_per_s']} moves/s, p50 "
                       f"{phase['p50_ms']} ms, p99 {phase['p99_ms']} ms, max "
                       f"{phase['max_ms']} ms (load average {load})")
        typer.echo(f"  floods met: {run['floods_met']}")
        typer.echo(f"  server RSS before → after the floods: {run['rss_mib']} MiB; CPU "
                   f"{run['server_cpu_s']} s; {run['cost']}")
    if "summary" in report:
        typer.echo(f"medians over {report['rounds']} rounds (baseline "
                   f"{report['baseline']}): {json.dumps(report['summary'])}")
    typer.echo(f"how to read: {report['how_to_read']}")


def bench_closed_loop(tables: str, moves: int, rounds: int, game: str, players: int,
                      bgio: str | None, as_json: bool, db: str | None = None,
                      bgio_players: int | None = None) -> None:
    """`belle bench --server --closed-loop` (belle.server.bench.closedloop): its report."""
    import typer

    from belle.server.bench.closedloop import run_closed_loop
    from belle.server.bench.schema import BenchDatabaseError

    def progress(line: str) -> None:
        typer.echo(line, err=True)

    try:
        counts = [int(n) for n in tables.split(",") if n.strip()]
        report = run_closed_loop(counts, moves, rounds=rounds, game=game, players=players,
                                 bgio=bgio, progress=progress, db=db,
                                 bgio_players=bgio_players)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    except (RuntimeError, BenchDatabaseError) as exc:  # a server or its schema failed
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from exc
    if as_json:
        typer.echo(json.dumps(report))
        return
    for name, detail in report["servers"].items():
        typer.echo(f"{name}: {detail}")
    typer.echo(f"closed loop, {report['moves_per_table']} moves a table, median of "
               f"{report['rounds']} interleaved rounds")
    for level in report["levels"]:
        for name in report["servers"]:
            typer.echo(_closed_line(level["tables"], name, level[name]))
        if "cpu_ratio" in level:
            typer.echo(f"  {level['tables']} tables: Belle's CPU per move is "
                       f"{level['cpu_ratio']}× boardgame.io's")


def _closed_line(tables: int, name: str, run: dict[str, Any]) -> str:
    errors = f", refused {run['errors']}" if run["errors"] else ""
    stalled = f", {run['stalled']} tables stalled" if run["stalled"] else ""
    return (f"  {tables:>5} tables {name:>12}: {run['cpu_ms_per_move']} CPU ms/move "
            f"(runs {run['cpu_ms_per_move_runs']}), p50 {run['p50_ms']} ms, "
            f"p99 {run['p99_ms']} ms, {run['messages_per_move']} msgs and "
            f"{run['bytes_per_move']} B a move, RSS {run['rss_mib_start']} → "
            f"{run['rss_mib_ready']} → {run['rss_mib_after']} MiB "
            f"({run['kib_per_table']} KiB/table), load {run['load_average']}"
            f"{errors}{stalled}")

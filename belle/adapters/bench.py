"""`belle bench --adapters`: what the OpenSpiel adapter costs over Belle's own engine.

Per game, at its largest player count, two ratios of CPU time (time.process_time):

- playouts: whole random games from the initial state, chance sampled from a seeded
  RNG, each decision `rng.choice(legal_actions())` then the checked `apply_action`:
  once on Belle states, once on `belle_<id>` OpenSpiel states (the loop an OpenSpiel
  user writes). Figures are actions per CPU second; the ratio is native / adapter
  time per action (target: at most 1.5);
- clone: `clone()` of the decision states met in a few seeded playouts, Belle's
  against the adapter's on the same states (target: at most 4).

Each run measures both sides back to back for `seconds` each; a figure is the median
of `runs` runs, and so is each ratio (of the runs' own ratios), so a burst of load on
the shared machine moves one run, not the result.
"""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from belle.engine.game import Game, State
from belle.engine.referee import sample_chance
from belle.engine.registry import load_game

SAMPLE_GAMES = 2
"""Playouts whose decision states are the clone workload."""
PLAYOUT_TARGET = 1.5
CLONE_TARGET = 4.0


@dataclass(frozen=True, slots=True)
class AdapterBench:
    game: str
    players: int
    runs: int
    native_actions_per_second: float
    adapter_actions_per_second: float
    playout_ratio: float
    native_clones_per_second: float
    adapter_clones_per_second: float
    clone_ratio: float

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["game"]
        return data


def native_playout(game: Game[Any], players: int, rng: random.Random) -> int:
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


def adapter_playout(game: Any, rng: random.Random) -> int:
    """The same loop on a pyspiel game (chance sampled as `sample_chance` does)."""
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            roll = rng.random()
            cumulative = 0.0
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]
            for outcome, probability in outcomes:
                cumulative += probability
                if roll < cumulative:
                    action = outcome
                    break
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions += 1
    return actions


def per_second(work: Callable[[], int], seconds: float) -> float:
    """Units of `work` per CPU second, repeating it for at least `seconds`."""
    done = 0
    spent = 0.0
    while spent < seconds or done == 0:
        started = time.process_time()
        done += work()
        spent += time.process_time() - started
    return done / spent


def decision_states(game: Game[Any], players: int, seed: int) -> list[State[Any]]:
    rng = random.Random(seed)
    states: list[State[Any]] = []
    for _ in range(SAMPLE_GAMES):
        state = game.new_initial_state(players)
        while not state.is_terminal():
            if not state.is_chance_node():
                states.append(state.clone())
            state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    return states


def bench_adapter(game_id: str, runs: int = 5, seconds: float = 0.5,
                  seed: int = 0) -> AdapterBench:
    from belle.adapters import openspiel

    game = load_game(game_id)
    players = game.info.max_players
    spiel_game = openspiel.load_game(game_id, players=players)
    states = decision_states(game, players, seed)
    wrapped = [openspiel.wrap(spiel_game, state.clone()) for state in states]
    figures: dict[str, list[float]] = {k: [] for k in ("native", "adapter", "nc", "ac")}
    ratios: dict[str, list[float]] = {"playout": [], "clone": []}
    for run in range(runs):
        native_rng, adapter_rng = random.Random(seed + run), random.Random(seed + run)
        native = per_second(partial(native_playout, game, players, native_rng), seconds)
        adapter = per_second(partial(adapter_playout, spiel_game, adapter_rng), seconds)
        native_clones = per_second(partial(_clone_all, states), seconds)
        adapter_clones = per_second(partial(_clone_all, wrapped), seconds)
        for key, value in (("native", native), ("adapter", adapter), ("nc", native_clones),
                           ("ac", adapter_clones)):
            figures[key].append(value)
        ratios["playout"].append(native / adapter)
        ratios["clone"].append(native_clones / adapter_clones)
    median = {k: statistics.median(v) for k, v in figures.items()}
    return AdapterBench(
        game=game_id,
        players=players,
        runs=runs,
        native_actions_per_second=round(median["native"]),
        adapter_actions_per_second=round(median["adapter"]),
        playout_ratio=round(statistics.median(ratios["playout"]), 2),
        native_clones_per_second=round(median["nc"]),
        adapter_clones_per_second=round(median["ac"]),
        clone_ratio=round(statistics.median(ratios["clone"]), 2),
    )


def _clone_all(states: list[Any]) -> int:
    for state in states:
        state.clone()
    return len(states)


def bench_json(results: list[AdapterBench]) -> dict[str, Any]:
    return {
        "adapter": "openspiel",
        "targets": {"playout_ratio": PLAYOUT_TARGET, "clone_ratio": CLONE_TARGET},
        "results": {r.game: r.to_json() for r in results},
    }


def table_rows(results: list[AdapterBench]) -> list[list[str]]:
    """Rows for the `belle bench --adapters` table (header first)."""
    rows = [["game", "players", "native act/s", "adapter act/s", "playout ×",
             "native clone/s", "adapter clone/s", "clone ×"]]
    for r in results:
        rows.append([
            r.game, str(r.players), f"{r.native_actions_per_second:,.0f}",
            f"{r.adapter_actions_per_second:,.0f}", f"{r.playout_ratio:.2f}",
            f"{r.native_clones_per_second:,.0f}", f"{r.adapter_clones_per_second:,.0f}",
            f"{r.clone_ratio:.2f}",
        ])
    return rows



def report(game_ids: list[str], runs: int, seconds: float, as_json: bool) -> str:
    """`belle bench --adapters`: the figures of `game_ids` as JSON or a table."""
    import json

    from rich.console import Console
    from rich.table import Table

    results = [bench_adapter(game_id, runs, seconds) for game_id in game_ids]
    if as_json:
        return json.dumps(bench_json(results))
    header, *rows = table_rows(results)
    table = Table(
        title=f"belle bench --adapters: OpenSpiel adapter against Belle, median of {runs} "
        "runs, CPU time, each game at its largest player count",
        title_justify="left",
        caption=f"× = adapter time / native time (targets: playouts ≤ {PLAYOUT_TARGET}, "
        f"clone ≤ {CLONE_TARGET})",
        caption_justify="left",
    )
    for column in header:
        table.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    console = Console(file=io.StringIO(), width=160)
    console.print(table)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return text.rstrip("\n")


__all__ = ["AdapterBench", "bench_adapter", "bench_json", "report", "table_rows"]

"""Playing the games of a balance run, in several processes, reproducibly.

A `Run` is one line-up of bots (or a scripted strategy against bots) at one player
count. Game g of a run is played from `Run.game_seed(g)`, a hash of the run seed, the
game, the player count, the line-up and g, and with the line-up rotated by g places,
so every bot sits at every seat equally often. Each game is played on its own from its
seed, with fresh bots: the results, put back in game order, are the same whatever the
number of processes (bots with a time budget aside: their moves depend on the machine).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from belle.balance.games import probe_for
from belle.balance.probe import GameFacts, Played
from belle.balance.strategies import STRATEGY_PREFIX, make_strategy
from belle.bots import make_bot
from belle.engine.game import Game
from belle.engine.referee import Bot, play_match
from belle.engine.registry import load_game


@dataclass(frozen=True, slots=True)
class Run:
    """One set of games: a game, options, a player count and a line-up of players."""

    game: str
    players: int
    lineup: tuple[str, ...]
    """The player spec of each seat in game 0 (a bot spec, or "strategy:NAME")."""
    games: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    strategy: str | None = None
    endings_only: bool = False
    """More games of a line-up played only for the fallback-endings bound: seeded apart
    from the run of the same line-up, and reported by their endings alone."""

    @property
    def self_play(self) -> bool:
        return len(set(self.lineup)) == 1

    @property
    def label(self) -> str:
        if self.endings_only:
            return f"{self.lineup[0]} self-play, more games for the endings"
        if self.strategy is not None:
            others = sorted(set(self.lineup) - {STRATEGY_PREFIX + self.strategy})
            return f"strategy {self.strategy} against {', '.join(others)}"
        if self.self_play:
            return f"{self.lineup[0]} self-play"
        return " vs ".join(dict.fromkeys(self.lineup))

    def seating(self, index: int) -> list[str]:
        """The player of each seat in game `index`: the line-up shifted by `index`."""
        n = self.players
        return [self.lineup[(seat + index) % n] for seat in range(n)]

    def game_seed(self, index: int) -> int:
        """63 bits, stable across machines and independent of the other runs."""
        key = f"belle-balance:{self.seed}:{self.game}:{self.players}:{self.options}:" \
              f"{','.join(self.lineup)}:{'endings:' if self.endings_only else ''}{index}"
        return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


@dataclass(slots=True)
class GameResult:
    """One played game, reduced to what the report needs (plain, picklable data)."""

    index: int
    seed: int
    seats: list[str]
    ranking: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    facts: GameFacts | None = None
    actions: int = 0
    decisions: int = 0
    error: str | None = None


def lineup(players: int, specs: Sequence[str], strategy: str | None = None) -> tuple[str, ...]:
    """The seats of game 0: the strategy (if any) at seat 0, the specs cycled over the rest."""
    if strategy is None:
        return tuple(specs[seat % len(specs)] for seat in range(players))
    return (STRATEGY_PREFIX + strategy, *(specs[seat % len(specs)] for seat in range(players - 1)))


def make_player(spec: str, game_id: str) -> Bot:
    """A bot from its spec, or a scripted strategy from "strategy:NAME"."""
    if spec.startswith(STRATEGY_PREFIX):
        return make_strategy(game_id, spec.removeprefix(STRATEGY_PREFIX))
    return make_bot(spec)


MAX_ACTIONS_PER_GAME = 20_000
"""A game still running after this many actions is reported as an error of its run
(the longest games of the five, 5-6 players, take a few thousand): a guard, so that an
engine bug cannot hold a whole report up. Every rules edition in use ends within it;
Paris Connection's edition 2 could swap round for ever, which edition 3's PC-71 bounds
at 19,033 actions (docs/games/paris_connection.md, "Games that end")."""


@lru_cache(maxsize=8)
def _game(game_id: str, options: tuple[tuple[str, Any], ...]) -> Game[Any]:
    return load_game(game_id, **dict(options))


def play_one(run: Run, index: int) -> GameResult:
    """Play game `index` of `run` and inspect it; an exception is reported, not raised."""
    seats, seed = run.seating(index), run.game_seed(index)
    result = GameResult(index, seed, seats)
    try:
        game = _game(run.game, run.options)
        probe = probe_for(run.game)
        tracker = probe.tracker(run.players)
        played = play_match(game, [make_player(spec, run.game) for spec in seats], seed,
                            max_actions=MAX_ACTIONS_PER_GAME,
                            on_action=tracker.observe if tracker.watches else None)
        state = played.state
        result.ranking, result.scores = state.ranking(), state.returns()
        result.facts = probe.inspect(Played(state, played.record, tracker))
        result.actions = len(played.record.actions)
        result.decisions = sum(1 for entry in played.record.actions if entry.player >= 0)
    except Exception as exc:  # a failing game is counted and named; the run goes on
        result.error = f"{type(exc).__name__}: {exc}"
    return result


def _leave_interrupts_to_the_parent() -> None:
    """Workers ignore Ctrl-C: the parent stops the pool (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_job(job: tuple[int, Run, int]) -> tuple[int, GameResult]:
    number, run, index = job
    return number, play_one(run, index)


def play_runs(
    runs: Sequence[Run], jobs: int, on_game: Callable[[int], None] | None = None,
    cache: Path | None = None,
) -> list[list[GameResult]]:
    """Every game of every run, in game order per run; `jobs` processes (1: this one).

    `on_game(run_number)` is called as each game finishes (for a progress bar). With a
    `cache` directory, games already played there are read back and each game played is
    kept there (belle.balance.cache), so a stopped run goes on where it stopped.
    """
    from belle.balance import cache as kept  # imports this module

    work = [(number, run, index) for number, run in enumerate(runs) for index in range(run.games)]
    results: list[list[GameResult | None]] = [[None] * run.games for run in runs]

    def store(number: int, result: GameResult) -> None:
        results[number][result.index] = result
        if cache is not None:
            kept.store(cache, runs[number], result)
        if on_game is not None:
            on_game(number)

    if cache is not None:
        for number, run, index in work:
            found = kept.load(cache, run, index)
            if found is not None:
                results[number][index] = found
                if on_game is not None:
                    on_game(number)
        work = [job for job in work if results[job[0]][job[2]] is None]
    if jobs <= 1:
        for job in work:
            store(*_play_job(job))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context,
                                 initializer=_leave_interrupts_to_the_parent) as pool:
            futures: list[Future[tuple[int, GameResult]]] = [
                pool.submit(_play_job, job) for job in work]
            try:
                for future in as_completed(futures):
                    store(*future.result())
            except BaseException:  # Ctrl-C included: stop handing out games
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    return [[r for r in per_run if r is not None] for per_run in results]

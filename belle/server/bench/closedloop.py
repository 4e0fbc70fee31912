"""`belle bench --server --closed-loop`: the load shape of boardgame.io's load generator.

No think time, one move in flight per table, and whole waves: every table plays
`moves` moves (fewer only if its game ends first), its seat to move answering the
moment its turn arrives, and the next move leaves only once the mover has its own echo.
The move phase starts when every table is dealt and waiting for its first move, and
ends when the last table has played its wave. Over that phase the report gives the
server's CPU per move (user + system time from /proc, so other engineers' load on a
shared machine does not count), the p50/p99 of send → own echo, the messages and bytes
the clients received per move, and the server's resident memory when it started, when
every table was ready and after the wave (`kib_per_table`: growth from start to after,
per table, with every socket still open).

The same loop drives two servers, each a fresh process per level and round:

- Belle (`closed_belle`): `belle serve` on a temp SQLite file, one table of `game` with
  `players` people per table, every move committed before anyone is told of it;
- boardgame.io 0.50.2's stock `Server` (`closed_bgio`), when `bgio` names a directory
  whose node_modules holds it: in-memory storage, socket.io, the trivial game of
  belle/server/bench/bgio/ with as many seats a table as Belle's (`bgio_players` sets
  another count: issue 18's first comparison set 3 seats of Belle against 2).

Rounds are interleaved (Belle then boardgame.io at each level, then the next round),
and each figure is the median over rounds, so a burst of someone else's load falls on
both servers alike. This process is the instrument: its garbage collector is frozen
over the move phase.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from belle.server.bench.processes import (
    client_loop,
    process_cpu,
    process_rss,
    raise_file_limit,
)

MAX_TABLES = 2000
MAX_MOVES = 1000
MAX_ROUNDS = 9
READY_SECONDS = 600.0  # a loaded machine deals 500 tables slowly
SETUP_CONCURRENCY = 32


class Seat(Protocol):
    """One client's socket: sends a move for the turn it was given."""

    async def play(self, version: int, options: Any, rng: random.Random) -> None: ...


@dataclass
class Meter:
    """What the clients of one run measured; counting only while `measuring`."""

    measuring: bool = False
    messages: int = 0
    byte_count: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def received(self, frame: str | bytes) -> None:
        if self.measuring:
            self.messages += 1
            self.byte_count += len(frame.encode() if isinstance(frame, str) else frame)

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


@dataclass
class Wave:
    """One table's closed loop: `wanted` moves, one in flight at a time.

    A seat's reader calls `turn` when its seat may move (with the version and what the
    move is chosen from) and `echo` when an event shows its own move applied. A turn
    that arrives while a move is in flight (the next mover's event can be read before
    the mover's echo) waits for that echo.
    """

    wanted: int
    meter: Meter
    rng: random.Random
    started: bool = False
    done: int = 0
    over: bool = False
    flight: tuple[int, int, float] | None = None  # seat, version, sent at
    waiting: tuple[Seat, int, int, Any] | None = None  # seat object, seat, version, options
    finished: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def ready(self) -> bool:
        return self.waiting is not None or self.over

    async def turn(self, seat_obj: Seat, seat: int, version: int, options: Any) -> None:
        self.waiting = (seat_obj, seat, version, options)
        if self.started and self.flight is None:
            await self._next()

    async def echo(self, seat: int, version: int) -> None:
        flight = self.flight
        if flight is None or flight[0] != seat or version != flight[1] + 1:
            return
        self.meter.latencies.append(time.perf_counter() - flight[2])
        self.flight = None
        self.done += 1
        if self.done >= self.wanted:
            self.finished.set()
        elif self.waiting is not None:
            await self._next()

    def end(self) -> None:
        """The game is over (or the table stalled): this wave plays no more."""
        self.over = True
        self.finished.set()

    def failed(self) -> None:
        """The move in flight was refused: the next turn (after a resync) goes on."""
        self.flight = None

    async def begin(self) -> None:
        self.started = True
        if self.over or self.done >= self.wanted:
            self.finished.set()
        elif self.waiting is not None:
            await self._next()

    async def _next(self) -> None:
        if self.done >= self.wanted or self.over:
            return
        waiting = self.waiting
        assert waiting is not None
        self.waiting = None
        seat_obj, seat, version, options = waiting
        self.flight = (seat, version, time.perf_counter())
        await seat_obj.play(version, options, self.rng)


# Opens `count` tables on the server at `url`, each a Wave, its sockets entered in the
# stack and its readers started; returns when they are open (not necessarily dealt).
Opener = Callable[[str, int, int, Meter, contextlib.AsyncExitStack], Awaitable[list[Wave]]]


@dataclass(frozen=True)
class Target:
    """A server the loop drives: how to start one and how to open its tables."""

    name: str
    start: Callable[[], AbstractContextManager[tuple[str, int]]]
    open_tables: Opener
    detail: str


# -- one run ---------------------------------------------------------------------------
async def _wait_ready(waves: list[Wave]) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while not all(w.ready for w in waves):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{sum(not w.ready for w in waves)} tables were not dealt "
                               f"within {READY_SECONDS:.0f} s")
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # the last deals' events settle before the phase starts


async def _move_phase(waves: list[Wave], timeout: float) -> int:
    """Start every wave at once; the tables still playing when `timeout` ran out."""
    for wave in waves:
        await wave.begin()
    pending = [asyncio.ensure_future(w.finished.wait()) for w in waves]
    _done, left = await asyncio.wait(pending, timeout=timeout)
    for task in left:
        task.cancel()
    return len(left)


def _mib(size: int | None) -> float | None:
    return round(size / 2**20, 1) if size is not None else None


async def run_once(target: Target, url: str, pid: int, tables: int, moves: int,
                   seed: int, phase: Callable[[bool], None] | None = None) -> dict[str, Any]:
    """One level on a fresh server: open the tables, play one wave, measure. `phase` is
    told when the move phase begins (True) and ends (False): another instrument's
    window (tools/server_instructions.py)."""
    meter = Meter()
    rss_start = process_rss(pid)
    async with contextlib.AsyncExitStack() as stack:
        waves = await target.open_tables(url, tables, moves, meter, stack)
        for index, wave in enumerate(waves):
            wave.rng.seed(seed * 100_003 + index)
        await _wait_ready(waves)
        rss_ready = process_rss(pid)
        gc.collect()
        gc.freeze()
        gc.disable()
        try:
            if phase is not None:
                phase(True)
            cpu_before, began = process_cpu(pid), time.perf_counter()
            meter.measuring = True
            stalled = await _move_phase(waves, timeout=max(120.0, tables * moves * 0.05))
            meter.measuring = False
            cpu_after, seconds = process_cpu(pid), time.perf_counter() - began
            if phase is not None:
                phase(False)
        finally:
            gc.enable()
            gc.unfreeze()
        rss_after = process_rss(pid)
    played = sum(w.done for w in waves)
    count = max(1, played)
    cpu = cpu_after - cpu_before if cpu_after is not None and cpu_before is not None else None
    latencies = sorted(meter.latencies)

    def ms(q: float) -> float | None:
        if not latencies:
            return None
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2)

    growth = rss_after - rss_start if rss_after is not None and rss_start is not None else None
    return {
        "tables": tables, "moves": played, "moves_per_table": moves,
        "games_ended_early": sum(w.over and w.done < moves for w in waves),
        "stalled": stalled, "seconds": round(seconds, 2),
        "cpu_ms_per_move": round(1000 * cpu / count, 3) if cpu is not None else None,
        "p50_ms": ms(0.50), "p99_ms": ms(0.99),
        "messages_per_move": round(meter.messages / count, 2),
        "bytes_per_move": round(meter.byte_count / count),
        "rss_mib_start": _mib(rss_start), "rss_mib_ready": _mib(rss_ready),
        "rss_mib_after": _mib(rss_after),
        "kib_per_table": round(growth / 1024 / tables, 1) if growth is not None else None,
        "errors": dict(meter.errors), "load_average": round(os.getloadavg()[0], 2),
    }


def _measure(target: Target, tables: int, moves: int, seed: int) -> dict[str, Any]:
    with target.start() as (url, pid), asyncio.Runner(loop_factory=client_loop()) as runner:
        return runner.run(run_once(target, url, pid, tables, moves, seed))


# -- rounds and the report -------------------------------------------------------------
def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each numeric figure over runs; errors added up; the CPU of each."""
    merged: dict[str, Any] = {}
    for key, first in runs[0].items():
        values = [run[key] for run in runs]
        if key == "errors":
            merged[key] = {code: sum(run[key].get(code, 0) for run in runs)
                           for code in sorted({c for run in runs for c in run[key]})}
        elif isinstance(first, int | float) and all(isinstance(v, int | float) for v in values):
            merged[key] = round(statistics.median(values), 3)
        else:
            merged[key] = first
    merged["cpu_ms_per_move_runs"] = [run["cpu_ms_per_move"] for run in runs]
    return merged


def check(tables: list[int], moves: int, rounds: int) -> None:
    if not tables or any(not 1 <= n <= MAX_TABLES for n in tables):
        raise ValueError(f"table counts are from 1 to {MAX_TABLES}")
    if not 1 <= moves <= MAX_MOVES:
        raise ValueError(f"--moves is from 1 to {MAX_MOVES}")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"--rounds is from 1 to {MAX_ROUNDS}")


def run_closed_loop(
    tables: list[int] | None = None, moves: int = 40, *, rounds: int = 3,
    game: str = "paris_connection", players: int = 3, bgio: str | Path | None = None,
    progress: Callable[[str], None] | None = None, db: str | None = None,
    bgio_players: int | None = None,
) -> dict[str, Any]:
    """Belle (and boardgame.io, with `bgio`) at each number of tables, `rounds` rounds
    interleaved; a JSON-able report with the medians. `db`: Belle on that PostgreSQL
    database, in a schema of its own per run (a temp SQLite file by default).
    `bgio_players`: boardgame.io's seats a table, Belle's `players` by default (as many
    sockets and messages a move on both sides)."""
    from belle.server.bench import closed_belle, closed_bgio

    levels = tables if tables is not None else [50, 500]
    check(levels, moves, rounds)
    targets = [closed_belle.target(game, players, db)]
    bgio_seats = players if bgio_players is None else bgio_players
    if bgio is not None:
        targets.append(closed_bgio.target(Path(bgio), bgio_seats))
    raise_file_limit()
    measured: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for round_index in range(rounds):
        for count in levels:
            for target in targets:
                if progress is not None:
                    progress(f"round {round_index + 1}/{rounds}: {target.name}, "
                             f"{count} tables × {moves} moves")
                run = _measure(target, count, moves, seed=round_index)
                measured.setdefault((count, target.name), []).append(run)
    return {
        "shape": "closed loop: no think time, one move in flight per table, a wave of "
                 "`moves_per_table` moves per table; CPU from /proc over the move phase",
        "servers": {t.name: t.detail for t in targets},
        "game": game, "players": players, "moves_per_table": moves, "rounds": rounds,
        **({"bgio_players": bgio_seats} if bgio is not None else {}),
        "levels": [_level(count, measured, [t.name for t in targets]) for count in levels],
    }


def _level(count: int, measured: dict[tuple[int, str], list[dict[str, Any]]],
           names: list[str]) -> dict[str, Any]:
    level: dict[str, Any] = {"tables": count}
    for name in names:
        level[name] = median_run(measured[(count, name)])
    belle, bgio = level.get("belle"), level.get("boardgame.io")
    if belle and bgio and belle["cpu_ms_per_move"] and bgio["cpu_ms_per_move"]:
        level["cpu_ratio"] = round(belle["cpu_ms_per_move"] / bgio["cpu_ms_per_move"], 2)
    return level

"""Load generator for `belle bench --server`: websocket clients against one `belle serve`.

For each level (a number of concurrent tables), `runs` times (each figure is the median
over the runs), it starts one server process on a loopback port (`python -m belle.server`,
the code `belle serve` runs; a temp SQLite database, or the benchmark's own schema of a
PostgreSQL database, belle.server.bench.schema), signs in `players` people who sit at
every table, and opens one websocket per seat. Each client plays a random legal action
from the `legal` list it receives, after a think time drawn uniformly from 0.5–1.5 ×
`think`, and when a game ends its table group starts a new one.

Offered load: a table has one seat to move at a time, and that client thinks, sends,
and waits for the echo before the next move, so the clients offer at most
tables / think actions a second (500 tables at 0.4 s: 1,250/s), less by the latency.
The report gives that ceiling (`offered_per_s`), what was sent in the window
(`sent_per_s`) and what was accepted (`accepted_per_s`: actions whose own echo event
came back inside the window, the sustained rate), with p50/p99/max of the latency
from sending an action to receiving its echo. If accepted is close to offered with low
latency, the clients set the pace, not the server: lower `think` to push harder.

This process is the measuring instrument, so its own cyclic garbage collector is
frozen for the window (a pause here would be counted as server latency); the server
runs as `belle serve` does.

`run_server_bench([50, 500], 20.0, think=0.4)` returns a JSON-able dict, one entry
per level.

Several workers (issue 9): `workers=N` with a PostgreSQL `db` and a `redis` URL starts N
processes sharing them, or `urls` targets servers already running (with their `pids`,
if on this machine, for CPU and memory). Table groups are spread over the servers in
turn (all seats of a table on one, as a balancer that keeps a table's sockets together
would; `spread_seats` puts each seat on the next server instead, so every move crosses
Redis). `idle_tables=N` also measures memory: the servers' resident size before and
after opening N tables (created, every seat taken, so each table's actor is in memory),
per table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import time
from dataclasses import dataclass
from typing import Any

from belle.server.bench.costs import Counters
from belle.server.bench.measure import Cpu, Level, Stats, combine, summarize
from belle.server.bench.processes import client_loop, process_rss, server_processes
from belle.server.bench.schema import BenchDatabaseError, check_unused, is_postgres, own_schema

MAX_TABLES = 2000
MAX_SECONDS = 300.0
MAX_THINK = 60.0
MAX_RUNS = 20
SETUP_CONCURRENCY = 32
DEFAULT_THINK = 0.4


@dataclass
class Setup:
    urls: list[str]
    tokens: list[str]
    players: int
    think: float
    stats: Stats
    go: asyncio.Event
    stop_at: list[float]  # one cell, set when the window is known
    http_limit: asyncio.Semaphore
    spread_seats: bool = False


# -- one table group: a table at a time, one client per seat ---------------------------
async def _post(setup: Setup, http: Any, path: str, token: str, body: Any = None) -> Any:
    async with setup.http_limit:
        response = await http.post(path, json=body or {},
                                   headers={"cookie": f"belle_session={token}"})
    response.raise_for_status()
    return response.json()


async def _new_table(setup: Setup, http: Any, base: str = "") -> int:
    owner = setup.tokens[0]
    table = await _post(setup, http, f"{base}/api/tables", owner,
                        {"game": "paris_connection", "players": setup.players})
    table_id: int = table["id"]
    for index, token in enumerate(setup.tokens):
        await _post(setup, http, f"{base}/api/tables/{table_id}/join", token, {"seat": index})
    return table_id


async def _group(setup: Setup, http: Any, rng: random.Random, index: int = 0) -> None:
    """Play tables one after another until the window closes; a failure is counted."""
    try:
        await _play_tables(setup, http, rng, index)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # reported, not hidden: the level says how many failed
        setup.stats.failed += 1
        setup.stats.error(f"client {type(exc).__name__}: {str(exc)[:120]}")


async def _play_tables(setup: Setup, http: Any, rng: random.Random, index: int) -> None:
    from websockets.asyncio.client import connect

    first = True
    urls = setup.urls
    home = urls[index % len(urls)]
    while time.perf_counter() < setup.stop_at[0]:
        table_id = await _new_table(setup, http, home)
        seat_urls = [urls[(index + seat) % len(urls)] if setup.spread_seats else home
                     for seat in range(len(setup.tokens))]
        async with contextlib.AsyncExitStack() as stack:
            sockets = [
                await stack.enter_async_context(connect(
                    url.replace("http://", "ws://") + f"/ws/table/{table_id}",
                    additional_headers={"cookie": f"belle_session={token}"},
                    compression=None, proxy=None, max_size=1 << 22, open_timeout=60,
                    ping_interval=None,
                ))
                for token, url in zip(setup.tokens, seat_urls, strict=True)
            ]
            for ws in sockets:
                await ws.send(json.dumps({"type": "hello", "since": None}))
            await _post(setup, http, f"{home}/api/tables/{table_id}/start", setup.tokens[0])
            if first:
                setup.stats.ready += 1
                first = False
            seats = [_seat(setup, ws, index, rng) for index, ws in enumerate(sockets)]
            await asyncio.gather(*seats)
        setup.stats.games_finished += 1


async def _seat(setup: Setup, ws: Any, seat: int, rng: random.Random) -> None:
    """One client: answer every `legal` list with a random action after a think time."""
    stats = setup.stats
    sent: tuple[int, float] | None = None
    async for raw in ws:
        message = json.loads(raw)
        kind = message.get("kind")
        if message["type"] == "error":
            stats.error(message["code"])
            sent = None
            await ws.send(json.dumps({"type": "hello", "since": None}))
            continue
        if kind == "over":
            return
        now = time.perf_counter()
        if sent is not None and kind == "action" and message.get("player") == seat \
                and own_version(message) == sent[0] + 1:
            if stats.inside(sent[1]) and stats.inside(now):
                stats.latencies.append(now - sent[1])
            sent = None
        if message.get("legal") and sent is None:
            sent = await _act(setup, ws, message, rng)
            if sent is None:
                return


def own_version(message: dict[str, Any]) -> int:
    """The state version just after the move an action event tells (the chance outcomes
    folded into its message come after it: docs/protocol.md)."""
    return int(message.get("version") or 0) - len(message.get("chance") or ())


async def _act(setup: Setup, ws: Any, message: dict[str, Any],
               rng: random.Random) -> tuple[int, float] | None:
    await setup.go.wait()
    await asyncio.sleep(setup.think * rng.uniform(0.5, 1.5))
    if time.perf_counter() >= setup.stop_at[0]:
        return None
    version: int = message["version"]
    action = rng.choice(message["legal"])["json"]
    moment = time.perf_counter()
    await ws.send(json.dumps({"type": "action", "version": version, "action": action}))
    if setup.stats.inside(moment):
        setup.stats.sent += 1
    return version, moment


# -- a level ------------------------------------------------------------------------
async def _session(http: Any, name: str) -> str:
    response = await http.post("/api/session", json={"name": name})
    response.raise_for_status()
    token: str = response.cookies["belle_session"]
    http.cookies.clear()
    return token


async def _level(url: str | list[str], tables: int, seconds: float, players: int,
                 think: float, pid: int | list[int] | None = None,
                 spread_seats: bool = False, counters: Counters | None = None) -> Level:
    import httpx

    urls = [url] if isinstance(url, str) else url
    counters = counters or Counters(None, None)
    stats = Stats()
    cpu = Cpu([pid] if isinstance(pid, int) else pid or [])
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=urls[0], timeout=120, limits=limits) as http:
        tokens = [await _session(http, f"bench {i}") for i in range(players)]
        setup = Setup(urls, tokens, players, think, stats, asyncio.Event(), [float("inf")],
                      asyncio.Semaphore(SETUP_CONCURRENCY), spread_seats)
        began = time.perf_counter()
        groups = [asyncio.create_task(_group(setup, http, random.Random(i), i))
                  for i in range(tables)]
        while stats.ready + stats.failed < tables and time.perf_counter() - began < 300:
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # let the deals of the last tables settle
        setup_s = time.perf_counter() - began
        gc.collect()
        gc.freeze()  # the clients' own pauses must not count as server latency
        gc.disable()
        try:
            counters.begin()
            stats.start = time.perf_counter()
            stats.end = setup.stop_at[0] = stats.start + seconds
            cpu.begin()
            setup.go.set()
            await asyncio.sleep(seconds)
            cpu.end()
            counters.end()
        finally:
            gc.enable()
            gc.unfreeze()
        for task in groups:
            task.cancel()
        await asyncio.gather(*groups, return_exceptions=True)
    level = summarize(tables, players, seconds, think, setup_s, stats, cpu)
    level.costs = counters.per_action(level.accepted)
    return level


async def idle_memory(urls: list[str], pids: list[int], count: int, players: int = 3
                      ) -> dict[str, Any]:
    """Open `count` tables (every seat taken) spread over `urls`; the servers' resident
    memory before and after, per table."""
    import httpx

    before = [process_rss(pid) for pid in pids]
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=urls[0], timeout=120, limits=limits) as http:
        tokens = [await _session(http, f"idle {i}") for i in range(players)]
        setup = Setup(urls, tokens, players, 1.0, Stats(), asyncio.Event(), [0.0],
                      asyncio.Semaphore(SETUP_CONCURRENCY))
        await asyncio.gather(*(_new_table(setup, http, urls[i % len(urls)])
                               for i in range(count)))
    after = [process_rss(pid) for pid in pids]
    known = [(b, a) for b, a in zip(before, after, strict=True) if b is not None and a is not None]
    grown = sum(a - b for b, a in known) if known and len(known) == len(pids) else None
    return {
        "idle_tables": count,
        "rss_before_mib": [round(b / 2**20, 1) for b, _a in known],
        "rss_after_mib": [round(a / 2**20, 1) for _b, a in known],
        "kib_per_idle_table": round(grown / 1024 / count, 1) if grown is not None else None,
    }


def run_server_bench(
    tables: list[int] | None = None,
    seconds: float = 20.0,
    *,
    players: int = 3,
    think: float = DEFAULT_THINK,
    workers: int = 1,
    db: str | None = None,
    redis: str | None = None,
    urls: list[str] | None = None,
    pids: list[int] | None = None,
    idle_tables: int = 0,
    spread_seats: bool = False,
    runs: int = 1,
    db_as_is: bool = False,
) -> dict[str, Any]:
    """Measure at each number of concurrent tables, `runs` times (medians): `workers`
    fresh server processes per run (on a temp SQLite file by default; on `db`, PostgreSQL,
    in a schema of their own made and dropped for the run unless `db_as_is`; and `redis`
    for several), or the servers at `urls`. `idle_tables`: memory per idle open table too.

    Raises ValueError for bad figures, BenchDatabaseError for a database it must not use."""
    levels = tables if tables is not None else [50, 500]
    _check(levels, seconds, think, workers, db, redis, idle_tables, runs)
    own = bool(db and is_postgres(db) and not db_as_is and not urls)
    if db and not own and not urls:
        check_unused(db)  # the database as it is: never one that holds real data

    def servers(stack: contextlib.ExitStack) -> tuple[list[str], list[int]]:
        """The servers of one run: `urls` as given, or fresh processes."""
        if urls:
            return list(urls), list(pids or [])
        schema = stack.enter_context(own_schema(db)) if own and db else None
        found = stack.enter_context(server_processes(workers, db, redis, schema))
        return [url for url, _pid in found], [pid for _url, pid in found]

    results: list[dict[str, Any]] = []
    for count in levels:
        measured: list[Level] = []
        for _run in range(runs):
            with contextlib.ExitStack() as stack, asyncio.Runner(
                loop_factory=client_loop()
            ) as runner:
                where, known = servers(stack)
                measured.append(runner.run(_level(
                    where, count, seconds, players, think, known or None, spread_seats,
                    Counters(db, redis))))
        results.append(combine(measured))
    memory: dict[str, Any] | None = None
    if idle_tables:
        with contextlib.ExitStack() as stack, asyncio.Runner(
            loop_factory=client_loop()
        ) as runner:
            where, known = servers(stack)
            memory = runner.run(idle_memory(where, known, idle_tables, players))
    database = "SQLite" if not db or db.startswith("sqlite") else (
        "PostgreSQL (a schema of its own per run)" if own else "PostgreSQL")
    shown = ", ".join(urls) if urls else (
        f"{workers} belle serve process{'es' if workers > 1 else ''}, {database}"
        f"{' + Redis' if redis else ''}, loopback")
    return {
        "server": shown,
        "note": "each table has one seat to move at a time, so the clients offer at most "
                "tables / think_s actions a second (offered_per_s); accepted_per_s counts "
                "actions whose own echo came back in the window; latency is send → own "
                "echo; each figure is the median of `runs` runs; costs: the PostgreSQL and "
                "Redis counters' growth per accepted action (whole database and server)",
        "game": "paris_connection",
        "players_per_table": players,
        "think_s": think,
        "spread_seats": spread_seats,
        "runs": runs,
        "levels": results,
        "memory": memory,
    }


def _check(levels: list[int], seconds: float, think: float, workers: int, db: str | None,
           redis: str | None, idle_tables: int, runs: int) -> None:
    if not levels or any(not 1 <= n <= MAX_TABLES for n in levels):
        raise ValueError(f"table counts are from 1 to {MAX_TABLES}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds are from 0 to {MAX_SECONDS}")
    if not 0 < think <= MAX_THINK:
        raise ValueError(f"the think time is from 0 to {MAX_THINK} seconds")
    if not 1 <= workers <= 16:
        raise ValueError("--workers is from 1 to 16")
    if workers > 1 and not (db and redis):
        raise ValueError("several workers need --db postgresql://… and --redis redis://…")
    if not 0 <= idle_tables <= 10_000:
        raise ValueError("--idle-tables is from 0 to 10000")
    if not 1 <= runs <= MAX_RUNS:
        raise ValueError(f"--runs is from 1 to {MAX_RUNS}")


def main(argv: list[str] | None = None) -> None:
    """`python -m belle.server.bench.loadgen [--seconds S] [--think S] [TABLES ...]`: JSON."""
    parser = argparse.ArgumentParser(prog="python -m belle.server.bench.loadgen",
                                     description="Load one belle serve; print JSON figures.")
    parser.add_argument("tables", nargs="*", type=int, help="concurrent tables (50 500)")
    parser.add_argument("--seconds", type=float, default=20.0, help="window per level")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help="mean seconds a client thinks before each move")
    parser.add_argument("--workers", type=int, default=1, help="server processes to start")
    parser.add_argument("--db", default=None, help="their database (PostgreSQL for several)")
    parser.add_argument("--redis", default=None, help="their Redis (several workers)")
    parser.add_argument("--url", action="append", default=None,
                        help="a running server instead (repeat for several)")
    parser.add_argument("--pid", type=int, action="append", default=None,
                        help="the process id of each --url, for CPU and memory")
    parser.add_argument("--idle-tables", type=int, default=0,
                        help="also measure memory per idle open table")
    parser.add_argument("--spread-seats", action="store_true",
                        help="each seat of a table on the next server")
    parser.add_argument("--runs", type=int, default=1, help="runs per level (medians)")
    parser.add_argument("--db-as-is", action="store_true",
                        help="use --db itself (empty or an earlier benchmark's), no schema")
    args = parser.parse_args(argv)
    try:
        report = run_server_bench(
            args.tables or None, args.seconds, think=args.think, workers=args.workers,
            db=args.db, redis=args.redis, urls=args.url, pids=args.pid,
            idle_tables=args.idle_tables, spread_seats=args.spread_seats, runs=args.runs,
            db_as_is=args.db_as_is)
    except (ValueError, BenchDatabaseError) as exc:
        parser.error(str(exc))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

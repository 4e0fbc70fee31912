"""`python -m belle.server.bench.handover`: how long bot tables pause in a rolling restart.

Two workers (`python -m belle.server`, the code `belle serve` runs) on the benchmark's own
schema of a PostgreSQL database (belle.server.bench.schema: made for the run and dropped
after it, never the database's own tables) and a Redis server; `--tables` tables of three
random bots (Paris Connection), each watched by a websocket spectator on each worker.
After a quiet window (`--quiet` seconds: the tables' normal gap between two moves, a bot
delay and the move), the rolling restart of docs/deploy.md §6: SIGTERM to the worker
that leads most tables, wait for it to exit, start it again and wait until it serves,
`--tail` seconds; then the same with the other worker. A stopped worker's spectators
are opened again once it serves.

A table's timeline is the moment any of its spectators first saw each of its moves; its
pause in a phase is the longest time between two of its moves from that phase's SIGTERM
to its end (or from the SIGTERM to its first move). The report gives p50 and max over
the tables, per phase and over the whole restart, beside the normal gap; issue 21's
target is that no table waits more than a second longer than its normal gap.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from belle.server.bench.processes import LIFTED_LIMITS, WorkerProcess
from belle.server.bench.schema import BenchDatabaseError, is_postgres, own_schema

BOTS = 3
TARGET_EXTRA_S = 1.0  # issue 21: no table pauses more than a second (beyond its normal gap)


@dataclass
class Timeline:
    """When any spectator first saw each move of each table, and when games ended."""

    moves: dict[int, dict[int, float]] = field(default_factory=dict)
    ended: dict[int, float] = field(default_factory=dict)

    def saw(self, table: int, message: dict[str, Any]) -> None:
        if message.get("type") != "event":
            return
        if message.get("kind") == "action" and isinstance(message.get("version"), int):
            self.moves.setdefault(table, {}).setdefault(message["version"], time.monotonic())
        elif message.get("kind") == "over":
            self.ended.setdefault(table, time.monotonic())

    def longest_gap(self, table: int, start: float, end: float) -> float | None:
        """The longest wait for a move between `start` and `end`, the waits at either
        end included (None: the game ended before `end`)."""
        if self.ended.get(table, end) < end:
            return None
        moments = sorted(t for t in self.moves.get(table, {}).values() if start < t < end)
        return max(b - a for a, b in itertools.pairwise([start, *moments, end]))


@dataclass
class Phase:
    """One worker's stop and start in the rolling restart."""

    name: str
    led: int  # tables whose lease it held at the SIGTERM
    began: float
    exit_s: float = 0.0
    restart_s: float = 0.0
    end: float = 0.0


async def _watch(url: str, table: int, timeline: Timeline) -> None:
    """A spectator of `table` on the worker at `url`, until that worker closes it."""
    from websockets.asyncio.client import connect

    socket_url = url.replace("http://", "ws://") + f"/ws/table/{table}"
    with contextlib.suppress(Exception):  # the worker stopped (1012) or is gone
        async with connect(socket_url, ping_interval=None, max_queue=None) as ws:
            await ws.send(json.dumps({"type": "hello", "since": None}))
            async for raw in ws:
                timeline.saw(table, json.loads(raw))


def _bot_tables(worker_urls: list[str], count: int) -> list[int]:
    """`count` started tables of random bots, made and started on the workers in turn."""
    import httpx

    tables = []
    with httpx.Client(timeout=60) as http:
        signed = http.post(f"{worker_urls[0]}/api/session", json={"name": "Handover"})
        signed.raise_for_status()
        cookie = {"cookie": f"belle_session={signed.cookies['belle_session']}"}
        for index in range(count):
            base = worker_urls[index % len(worker_urls)]

            def post(path: str, body: dict[str, Any], base: str = base) -> Any:
                response = http.post(f"{base}{path}", json=body, headers=cookie)
                response.raise_for_status()
                return response.json()

            table = post("/api/tables", {"game": "paris_connection", "players": BOTS})["id"]
            for _ in range(BOTS):
                post(f"/api/tables/{table}/bots", {"bot": "random"})
            post(f"/api/tables/{table}/start", {})
            tables.append(table)
    return tables


def _worker_id(worker: WorkerProcess) -> str:
    import httpx

    worker_id: str = httpx.get(f"{worker.url}/api/health", timeout=10).json()["worker"]
    return worker_id


def _namespace(db: str, schema: str) -> str:
    """The deployment's instance id (its Redis namespace), from the schema's settings."""
    from sqlalchemy import create_engine, text

    from belle.storage import normalize_url

    engine = create_engine(normalize_url(db))
    try:
        with engine.connect() as conn:
            value = conn.execute(text(f'SELECT value FROM "{schema}".settings '
                                      "WHERE key = 'instance_id'")).scalar()
    finally:
        engine.dispose()
    return str(value)


def _holders(redis_url: str, namespace: str, tables: list[int]) -> list[str | None]:
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        values = client.mget([f"belle:{namespace}:lease:{t}" for t in tables])
    finally:
        client.close()
    return [v.decode() if isinstance(v, bytes) else None for v in values]


async def _rolling_restart(workers: list[WorkerProcess], tables: list[int], namespace: str,
                           redis_url: str, quiet: float, tail: float
                           ) -> tuple[Timeline, tuple[float, float], list[Phase]]:
    timeline = Timeline()
    watchers = [asyncio.create_task(_watch(w.url, t, timeline))
                for w in workers for t in tables]
    began = time.monotonic()
    await asyncio.sleep(quiet)
    quiet_window = (began, time.monotonic())
    ids = [_worker_id(w) for w in workers]
    holders = _holders(redis_url, namespace, tables)
    order = sorted(range(len(workers)), key=lambda i: -holders.count(ids[i]))
    phases = []
    for index in order:
        worker = workers[index]
        led = _holders(redis_url, namespace, tables).count(_worker_id(worker))
        phase = Phase(f"worker {index + 1}", led, time.monotonic())
        phase.exit_s = await asyncio.to_thread(worker.terminate)
        restarted = time.monotonic()
        await asyncio.to_thread(worker.start)
        phase.restart_s = time.monotonic() - restarted
        watchers += [asyncio.create_task(_watch(worker.url, t, timeline)) for t in tables]
        await asyncio.sleep(tail)
        phase.end = time.monotonic()
        phases.append(phase)
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    return timeline, quiet_window, phases


def _spread(values: list[float]) -> dict[str, float | None]:
    """p50 and max in milliseconds (None for no values)."""
    if not values:
        return {"p50": None, "max": None}
    return {"p50": round(statistics.median(values) * 1000),
            "max": round(max(values) * 1000)}


def _report(timeline: Timeline, tables: list[int], quiet: tuple[float, float],
            phases: list[Phase], options: dict[str, Any]) -> dict[str, Any]:
    start, end = phases[0].began, phases[-1].end
    normal, whole = {}, {}  # the tables whose game went on through the restart
    for table in tables:
        usual, longest = timeline.longest_gap(table, *quiet), timeline.longest_gap(
            table, start, end)
        if usual is not None and longest is not None:
            normal[table], whole[table] = usual, longest
    extra = [whole[t] - normal[t] for t in whole]
    return {
        **options, "tables": len(tables), "measured_tables": len(whole),
        "ended_during_the_restart": len(tables) - len(whole),
        "normal_gap_ms": _spread(list(normal.values())),
        "phases": [{
            "stopped": p.name, "tables_it_led": p.led, "exit_s": round(p.exit_s, 2),
            "restart_s": round(p.restart_s, 2),
            "longest_gap_ms": _spread([g for t in whole if (
                g := timeline.longest_gap(t, p.began, p.end)) is not None]),
        } for p in phases],
        "longest_gap_ms": _spread(list(whole.values())),
        "extra_over_normal_ms": _spread(extra),
        "target_met": bool(extra) and max(extra) <= TARGET_EXTRA_S,
    }


def run_handover(db: str, redis_url: str, *, tables: int = 6, bot_delay: float = 0.6,
                 lease_seconds: float = 10.0, quiet: float = 5.0, tail: float = 5.0
                 ) -> dict[str, Any]:
    """The measurement above; a JSON-able report."""
    if not is_postgres(db):
        raise BenchDatabaseError("the rolling restart needs PostgreSQL (--db postgresql://…)")
    if tables < 1 or bot_delay < 0 or lease_seconds <= 0 or quiet <= 0 or tail < 0:
        raise ValueError("--tables ≥ 1, --bot-delay ≥ 0, --lease-seconds, --quiet > 0, "
                         "--tail ≥ 0")
    with own_schema(db) as schema, tempfile.TemporaryDirectory(prefix="belle-handover-") as tmp:
        arguments = ["--db", db, "--redis", redis_url, "--bot-delay", str(bot_delay),
                     "--lease-seconds", str(lease_seconds), "--log-level", "warning"]
        workers = [WorkerProcess(arguments, Path(tmp) / f"worker{i + 1}.log", schema,
                                 LIFTED_LIMITS) for i in range(2)]
        try:
            for worker in workers:
                worker.start()
            made = _bot_tables([w.url for w in workers], tables)
            timeline, window, phases = asyncio.run(_rolling_restart(
                workers, made, _namespace(db, schema), redis_url, quiet, tail))
            logs = [w.log.read_text(errors="replace") for w in workers]
        finally:
            for worker in workers:
                worker.stop()
    report = _report(timeline, made, window, phases, {
        "bot_delay_s": bot_delay, "lease_s": lease_seconds, "quiet_s": quiet, "tail_s": tail})
    report["leases_not_released"] = sum(log.count("not released") for log in logs)
    return report


def _text(report: dict[str, Any]) -> str:
    lines = [f"{report['tables']} bot tables ({report['measured_tables']} measured, "
             f"{report['ended_during_the_restart']} ended during the restart), bot delay "
             f"{report['bot_delay_s']} s, lease {report['lease_s']} s",
             f"normal gap between two moves: p50 {report['normal_gap_ms']['p50']} ms, "
             f"max {report['normal_gap_ms']['max']} ms"]
    for phase in report["phases"]:
        gap = phase["longest_gap_ms"]
        lines.append(f"SIGTERM to {phase['stopped']} (it led {phase['tables_it_led']}): "
                     f"exited in {phase['exit_s']} s, served again {phase['restart_s']} s "
                     f"later; longest gap p50 {gap['p50']} ms, max {gap['max']} ms")
    whole, extra = report["longest_gap_ms"], report["extra_over_normal_ms"]
    lines.append(f"whole restart: longest gap p50 {whole['p50']} ms, max {whole['max']} ms; "
                 f"beyond the normal gap p50 {extra['p50']} ms, max {extra['max']} ms "
                 f"(target ≤ {TARGET_EXTRA_S * 1000:.0f} ms: "
                 f"{'met' if report['target_met'] else 'NOT met'})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.server.bench.handover",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--db", default=os.environ.get("BELLE_DATABASE_URL"),
                        help="PostgreSQL URL (default $BELLE_DATABASE_URL); the run uses a "
                        "schema of its own in it")
    parser.add_argument("--redis", default=os.environ.get("BELLE_REDIS_URL"),
                        help="Redis URL (default $BELLE_REDIS_URL)")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--bot-delay", type=float, default=0.6)
    parser.add_argument("--lease-seconds", type=float, default=10.0)
    parser.add_argument("--quiet", type=float, default=5.0, help="seconds before the restart")
    parser.add_argument("--tail", type=float, default=5.0,
                        help="seconds after each restarted worker serves")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.db or not args.redis:
        sys.exit("error: give --db postgresql://… and --redis redis://… (or set "
                 "BELLE_DATABASE_URL and BELLE_REDIS_URL)")
    try:
        report = run_handover(args.db, args.redis, tables=args.tables,
                              bot_delay=args.bot_delay, lease_seconds=args.lease_seconds,
                              quiet=args.quiet, tail=args.tail)
    except (BenchDatabaseError, ValueError, RuntimeError) as exc:
        sys.exit(f"error: {exc}")
    print(json.dumps(report) if args.json else _text(report))


if __name__ == "__main__":
    main()

"""Planned restarts and Redis restarts with bot tables (issue 21 items 3 and 4).

Workers here hold leases of 30 s (renewed every 15 s): a table a stopped worker led
could be taken over by the lease lapsing only 15 to 30 s later, and the sweep waits a
whole lease period of quiet on top. So a bot table that moves again within 15 s of its
worker's SIGTERM was handed over. That bound is not a speed claim: the hand-over takes
about a bot delay (docs/scaling.md has the measured pause; `python -m
belle.server.bench.handover` measures it); 15 s is what the lease allows to tell a
hand-over from a lapse on a loaded machine. Likewise after a Redis outage: a table
the sweep had to rescue would move only a lease period (30 s) after its last move.
"""

from __future__ import annotations

import contextlib
import itertools
import signal
import time
from collections.abc import Callable
from typing import Any

from belle.engine.record import replay
from belle.server.bench.handover import run_handover
from belle.storage import Store

from .kit import (
    Client,
    RedisServer,
    Worker,
    action_events,
    bot_table,
    instance_of,
    lease_holder,
    post,
    sign_in,
    stored_actions,
    wait_for,
)

Cluster = Callable[..., list[Worker]]
LEASE = 30.0
WITHIN = LEASE / 2  # a move sooner than this after the stop is not a lapsed lease
BOT_DELAY = 0.2  # slow enough that the games are mid-way when the worker stops
TABLES = 3
OUTAGE = 2.0  # seconds Redis is down: every table's bot turn meets it down, twice


def _bot_tables(w0: Worker, w1: Worker) -> tuple[list[int], list[Client]]:
    """TABLES started bot tables, made on w0; a watcher of each on w1 (the survivor)."""
    owner = sign_in(w0, "Ada")
    tables = [bot_table(w0, owner) for _ in range(TABLES)]
    watchers = [Client(w1, table_id, None) for table_id in tables]
    for watcher in watchers:
        watcher.hello()
    for table_id in tables:
        post(w0, owner, f"/api/tables/{table_id}/start")
    for watcher in watchers:
        watcher.until(lambda m: m.get("kind") == "action" and m.get("version", 0) >= 5)
    return tables, watchers


def _version(watcher: Client) -> int:
    events = action_events(watcher)
    return events[-1][1] if events else 0


def _moves_again(watcher: Client, after: int, since: float) -> float:
    """Wait (up to WITHIN after `since`) for an action past version `after`, or the end;
    the longest wait between two of the table's actions seen from `since` until then."""
    def later(m: dict[str, Any]) -> bool:
        return m.get("kind") == "over" or (m.get("kind") == "action" and m["version"] > after)

    if not any(later(m) for m in watcher.seen):
        watcher.until(later, timeout=max(0.1, since + WITHIN - time.monotonic()))
    moments = [since] + [t for m, t in zip(watcher.seen, watcher.times, strict=True)
                         if t >= since and m.get("kind") in ("action", "over")]
    return max(b - a for a, b in itertools.pairwise(moments)) if len(moments) > 1 else 0.0


def _finish_cleanly(pg_url: str, tables: list[int], watchers: list[Client]) -> None:
    """Every game ends; each watcher followed it move by move (an action event is always
    the next version; a resync only moves forward) to the stored log's end, and the log
    replays: no bot move lost or doubled across the change of leader."""
    store = Store(pg_url)
    try:
        for table_id, watcher in zip(tables, watchers, strict=True):
            over = next((m for m in watcher.seen if m.get("kind") == "over"), None) \
                or watcher.until(lambda m: m.get("kind") == "over", timeout=180)
            stored = stored_actions(pg_url, table_id)
            assert over["version"] == len(stored)
            assert _followed(watcher) == len(stored)
            replay(store.load_record(table_id))
    finally:
        store.close()


def _followed(watcher: Client) -> int:
    """The last version `watcher` knows, checking each step on the way."""
    known = 0
    for message in watcher.seen:
        if message["type"] == "sync":
            assert message["version"] >= known
            known = message["version"]
        elif message.get("kind") == "action":
            assert message["version"] == known + 1, (known, message["version"])
            known += 1
    return known


def _stop_and_restart(stopping: Worker, taking: Worker, tables: list[int], namespace: str,
                      redis_url: str) -> tuple[list[Client], float]:
    """SIGTERM `stopping`; every table it led moves again, now led by `taking`, sooner
    than a lease could lapse; then `stopping` starts again. Watchers on `taking` (made
    here, so they see the whole hand-over) and the longest pause between two moves."""
    led = [t for t in tables if lease_holder(redis_url, namespace, t) == stopping.worker_id()]
    assert led  # the stopped worker leads bot tables
    watchers = [Client(taking, t, None) for t in tables]
    for watcher in watchers:
        watcher.hello()
    before = {t: _version(w) for t, w in zip(tables, watchers, strict=True)}
    stopped = time.monotonic()
    # a clean exit: uvicorn shuts down, then ends by the signal it was sent
    assert stopping.terminate() in (0, -signal.SIGTERM)
    pauses = [_moves_again(w, before[t], stopped)
              for t, w in zip(tables, watchers, strict=True) if t in led]
    for table_id in led:
        holder = lease_holder(redis_url, namespace, table_id)
        assert holder in (taking.worker_id(), None)  # None: that game has ended
    assert "not released" not in stopping.log.read_text()
    stopping.start()
    wait_for(stopping.ready, "the restarted worker")
    return watchers, max(pauses)


def test_rolling_restart_hands_the_bot_tables_over(cluster: Cluster, pg_url: str,
                                                   redis_server: RedisServer) -> None:
    """Issue 21 item 4: a rolling restart. The worker that leads bot tables gets SIGTERM:
    it hands their leases over as it stops, and the other worker moves every one of them
    again before a lease could have lapsed; restarted, it then takes them all back the
    same way when the other worker is restarted; every game ends with its log whole."""
    w0, w1 = cluster(2, lease_seconds=LEASE, bot_delay=BOT_DELAY)
    tables, _watchers = _bot_tables(w0, w1)
    namespace = instance_of(pg_url)
    holders = [lease_holder(redis_server.url, namespace, t) for t in tables]
    first = max((w0, w1), key=lambda w: holders.count(w.worker_id()))
    second = w1 if first is w0 else w0
    _on_second, pause = _stop_and_restart(first, second, tables, namespace, redis_server.url)
    watchers, pause_back = _stop_and_restart(second, first, tables, namespace,
                                             redis_server.url)
    print(f"longest wait between two moves after each SIGTERM: {pause:.2f} s, "
          f"{pause_back:.2f} s (bot delay {BOT_DELAY} s)")
    _finish_cleanly(pg_url, tables, watchers)


def _drain(watcher: Client) -> None:
    """Read what `watcher` was sent so far (until it is quiet for a moment)."""
    with contextlib.suppress(TimeoutError):
        while True:
            watcher.recv(timeout=0.5)


def test_redis_restart_bot_tables_move_on(cluster: Cluster, pg_url: str,
                                          redis_server: RedisServer) -> None:
    """Issue 21 item 3: Redis down for a while under running bot tables, then back. The
    workers check every lease with Redis (`lease_cache` 0: none is believed from an
    earlier answer), so every bot turn during the outage meets Redis down, on the retry
    too. Every table moves again sooner than a lease could lapse and the sweep take it
    (each turn waits for Redis and asks again), and ends with its log whole."""
    w0, w1 = cluster(2, lease_seconds=LEASE, lease_cache=0.0, bot_delay=BOT_DELAY)
    tables, watchers = _bot_tables(w0, w1)
    redis_server.kill()
    time.sleep(OUTAGE)
    for watcher in watchers:
        _drain(watcher)
    before = [_version(w) for w in watchers]
    redis_server.start()
    back = time.monotonic()
    waits = [_moves_again(watcher, version, back)
             for watcher, version in zip(watchers, before, strict=True)]
    print(f"longest wait for a move after Redis came back: {max(waits):.2f} s "
          f"(bot delay {BOT_DELAY} s, Redis down {OUTAGE} s)")
    wait_for(w0.ready, "w0 to resubscribe")
    wait_for(w1.ready, "w1 to resubscribe")
    _finish_cleanly(pg_url, tables, watchers)


def test_the_handover_benchmark_measures_both_stops(pg_url: str,
                                                    redis_server: RedisServer) -> None:
    """Issue 21 item 2: `python -m belle.server.bench.handover` runs the rolling restart
    on a schema of its own (dropped after), and reports each table's longest wait for a
    move through both stops; every wait is shorter than a lease could lapse, and no
    worker failed to release its leases."""
    report = run_handover(pg_url, redis_server.url, tables=2, bot_delay=BOT_DELAY,
                          lease_seconds=LEASE, quiet=2.0, tail=1.0)
    assert report["measured_tables"] + report["ended_during_the_restart"] == 2
    assert [p["stopped"] for p in report["phases"]] in (
        ["worker 1", "worker 2"], ["worker 2", "worker 1"])
    assert report["phases"][0]["tables_it_led"] >= 1
    if report["measured_tables"]:
        assert report["longest_gap_ms"]["max"] < WITHIN * 1000
    assert report["leases_not_released"] == 0
    assert not _bench_schemas(pg_url)


def _bench_schemas(db: str) -> list[str]:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(text(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'belle_bench_%'"))]
    finally:
        engine.dispose()

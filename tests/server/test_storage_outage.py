"""Storage outages (issue 17, point 3): another process holding the database's write lock,
a database that refuses writes. Every refusal is a JSON `unavailable` (HTTP 503, or an
`error` on the socket, which stays open), `/api/health` says so, and when the lock goes
every table — a bot table too — plays on by itself.

Real servers: a SQLite file locked by a second process (BEGIN IMMEDIATE), and the
PostgreSQL of BELLE_TEST_DATABASE_URLS locked by a second connection (LOCK TABLE …
IN EXCLUSIVE MODE: reads go on, writes wait past the lock timeout).
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from belle.server import database
from belle.server.database import Database, StorageUnavailable
from belle.storage import Store

from .kit import Sock, add_bot, make_app, new_table, seat, sign_in, start, table_actor

LOCKER = r"""
import sys
url = sys.argv[1]
if url.startswith("sqlite"):
    import sqlite3
    db = sqlite3.connect(url.split("///", 1)[1], timeout=10, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
else:
    import psycopg
    db = psycopg.connect(url.replace("postgresql+psycopg", "postgresql"))
    db.execute("LOCK TABLE tables, actions, chat, players, settings IN EXCLUSIVE MODE")
print("locked", flush=True)
sys.stdin.readline()
db.rollback()
print("released", flush=True)
"""


@contextmanager
def write_lock(db_url: str) -> Iterator[None]:
    """Another process holds the database's write lock until the block ends."""
    process = subprocess.Popen([sys.executable, "-c", LOCKER, db_url], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "locked"
        yield
    finally:
        assert process.stdin is not None
        process.stdin.write("\n")
        process.stdin.flush()
        process.wait(timeout=30)


def wait_until(predicate: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds  # a safety net, not a measure
    while not predicate():
        assert time.monotonic() < deadline, f"{what} did not happen"
        time.sleep(0.05)


def my_turn(sock: Sock) -> dict[str, Any]:
    seen = next((m for m in reversed(sock.seen) if m.get("legal")), None)
    return seen or sock.until(lambda m: bool(m.get("legal")))


def test_a_locked_database_refuses_clearly_and_play_resumes(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client, ExitStack() as stack:
        people = [sign_in(client, name) for name in ("ann", "bob", "cy")]
        table_id = new_table(people[0], players=3)
        for index, person in enumerate(people):
            seat(person, table_id, index)
        start(people[0], table_id)
        socks = [stack.enter_context(p.socket(f"/ws/table/{table_id}")) for p in people]
        for sock in socks:
            sock.hello()
        actor = table_actor(client, table_id)
        sock = socks[actor.state.current_player()]
        turn = my_turn(sock)
        action = {"type": "action", "version": turn["version"],
                  "action": turn["legal"][0]["json"]}
        with write_lock(db_url):
            health = client.get("/api/health")
            assert health.status_code == 503
            assert health.json()["ok"] is False and health.json()["storage"] == "unavailable"
            sock.send(action)
            refused = sock.expect_error("unavailable")
            assert "try again" in refused["message"]
            sock.send({"type": "ping"})  # the socket stays open
            assert sock.until(lambda m: m["type"] == "pong")
            created = people[0].post("/api/tables", {"game": "paris_connection",
                                                     "players": 3})
            assert created.status_code == 503
            assert created.json()["error"]["code"] == "unavailable"
            assert client.get(f"/api/tables/{table_id}").status_code == 200  # reads go on
        wait_until(lambda: not actor.broken, "the table to be rebuilt")
        # healthy again once a heartbeat has settled the outage (it may follow the rebuild)
        wait_until(lambda: client.get("/api/health").status_code == 200, "health to be ok")
        assert actor.version == turn["version"]  # the refused move left nothing behind
        sock.send(action)  # the same move, now that the lock is gone
        echo = sock.until(lambda m: m.get("kind") == "action" and m.get("player") == turn[
            "to_move"])
        assert echo["version"] == turn["version"] + 1


def test_a_stop_while_storage_does_not_answer_still_closes(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The last batches of turn and push notices are written at shutdown; storage that
    does not answer then (or an outage the heartbeat has not settled yet) costs those
    batches, logged, and the server still closes its tables and database."""
    app = make_app(db_url)

    async def unavailable() -> None:
        raise StorageUnavailable()

    with TestClient(app):
        app.state.notifier.flush = unavailable
        app.state.pusher.flush = unavailable
    said = [r.getMessage() for r in caplog.records]
    assert "storage did not answer at shutdown: the last turn notices were not saved" in said
    assert "storage did not answer at shutdown: the last push notices were not saved" in said


def test_a_bot_whose_write_fails_moves_once_storage_is_back(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_delay=0.3)) as client:
        ann = sign_in(client, "ann")
        table_id = new_table(ann, players=3)
        seat(ann, table_id, 0)
        add_bot(ann, table_id)
        add_bot(ann, table_id)
        start(ann, table_id)
        actor = table_actor(client, table_id)
        with ann.socket(f"/ws/table/{table_id}") as sock:
            sock.hello()
            sock.send({"type": "away"})  # every seat is played by a bot now
            sock.until(lambda m: m.get("kind") == "table")
            with write_lock(db_url):
                wait_until(lambda: actor.broken, "a bot's write to fail")
                stuck = actor.version
            # No one asks anything of the table: it goes on by itself.
            wait_until(lambda: actor.version > stuck + 2 and not actor.broken,
                       "the bots to play on after the lock")


def _chattr() -> str | None:
    return shutil.which("chattr")


def test_a_read_only_database_is_detected(db_url: str, tmp_path: Path) -> None:
    if db_url.startswith("sqlite"):
        if _chattr() is None:
            pytest.skip("chattr is needed to make a file read-only for root")
        with TestClient(make_app(db_url)) as client:  # migrated, a player created
            sign_in(client, "ann")
        path = db_url.split("///", 1)[1]
        if subprocess.run([_chattr(), "+i", path], capture_output=True).returncode:
            pytest.skip("this file system cannot make a file immutable")
        try:
            _check_read_only(TestClient(make_app(db_url)))
        finally:
            subprocess.run([_chattr(), "-i", path], check=True)
        return
    app = make_app(db_url)
    engine = app.state.hub.store.engine

    @event.listens_for(engine, "connect")
    def read_only(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute("SET default_transaction_read_only = on")
        dbapi_connection.commit()

    engine.dispose()
    _check_read_only(TestClient(app))


def _check_read_only(client: TestClient) -> None:
    with client:
        health = client.get("/api/health")
        assert health.status_code == 503 and health.json()["storage"] == "read-only"
        response = client.post("/api/session", json={"name": "bob"})
        assert response.status_code == 503
        assert response.headers["content-type"].startswith("application/json")
        assert response.json()["error"]["code"] == "unavailable"
        assert "read-only" in response.json()["error"]["message"]
        assert client.get("/api/games").status_code == 200  # reading still works
        assert client.get("/api/tables").status_code == 200


def test_only_the_heartbeat_lets_writes_through_after_an_outage(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a write let in before the breaker opened and stored after the outage
    does not close it, nor does a probe while a settling write (the heartbeat's) is under
    way, however long it waits; `check` reads only once the heartbeat `settled`."""
    monkeypatch.setattr(database, "SETTLER_GRACE", 0.0)  # only a settle under way counts
    monkeypatch.setattr(database, "COOLDOWN", 0.0)  # every refused write could probe
    store = Store(f"sqlite:///{tmp_path / 'belle.db'}")
    store.migrate()
    db = Database(store)
    db.writer = ThreadPoolExecutor(max_workers=2)  # writes side by side, as on PostgreSQL
    go = threading.Event()

    def waits(what: str) -> Callable[[], str]:
        def call() -> str:
            assert go.wait(10)
            return what
        return call

    def locked() -> str:
        raise sqlite3.OperationalError("database is locked")

    async def outage() -> None:
        late = asyncio.ensure_future(db.write(waits("a move")))  # admitted: writes work
        with pytest.raises(StorageUnavailable):
            await db.write(locked)  # the breaker opens
        go.set()
        assert await late == "a move" and db.writes_failing
        go.clear()
        beat = asyncio.ensure_future(db.settle(waits("the beat")))
        await asyncio.sleep(0.05)
        for refused in (db.write(waits("a timeout")), db.check(lambda: "the clock")):
            with pytest.raises(StorageUnavailable):
                await refused
        go.set()
        assert await beat == "the beat" and db.writes_failing  # not before `settled`
        db.settled()
        assert await db.check(lambda: "the clock") == "the clock"
        assert await db.write(lambda: "a timeout") == "a timeout"

    try:
        asyncio.run(outage())
    finally:
        db.close()
        store.engine.dispose()

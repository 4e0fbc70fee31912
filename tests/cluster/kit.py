"""Helpers for the cluster tests: real worker processes, a redis-server of the test's own,
people signed in over HTTP, and websocket clients (the `websockets` sync client).

Workers are `python -m belle.server` processes (what `belle serve` runs) on free loopback
ports, on the PostgreSQL database of BELLE_TEST_DATABASE_URLS, with short bot delays and
lease periods so a dead worker's tables are taken over within about a second. A worker
with a `schema` runs on that schema of the database (belle.server.bench.schema): a
deployment of its own, as a second database would be.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from belle.engine.record import RecordEntry
from belle.server.bench.processes import stop_process
from belle.server.bench.schema import SCHEMA_PREFIX, worker_command
from belle.storage import Store
from belle.storage.models import metadata

HOST = "127.0.0.1"
LEASE_SECONDS = 1.0
BOT_DELAY = 0.01
START_TIMEOUT = 60.0


def postgres_url() -> str | None:
    raw = os.environ.get("BELLE_TEST_DATABASE_URLS", "")
    found = [u.strip() for u in raw.split(",") if u.strip().startswith("postgres")]
    return found[0] if found else None


def empty_database(url: str) -> None:
    """The test database's tables dropped, and any benchmark schema a run stopped midway
    left behind (`kill`, a CI deadline): a test that counts them starts from none."""
    engine = create_engine(url)
    with engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        left = conn.execute(text(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE :prefix"),
            {"prefix": SCHEMA_PREFIX.replace("_", r"\_") + "%"}).scalars().all()
        for schema in left:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(check: Callable[[], bool], what: str, timeout: float = START_TIMEOUT) -> None:
    """Poll `check` (real processes: there is no event to wait on) up to `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class RedisServer:
    """A redis-server on a free port, no persistence; `kill` and `start` again at will."""

    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.binary = binary
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", HOST, "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, "redis-server")

    def _answers(self) -> bool:
        try:
            with socket.create_connection((HOST, self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@dataclass
class Worker:
    """One `python -m belle.server` process."""

    db: str
    redis: str
    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    schema: str | None = None  # a deployment on this schema of `db`
    lease_seconds: float = LEASE_SECONDS
    lease_cache: float | None = None  # None: the server's default (half the lease)
    bot_delay: float = BOT_DELAY

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        command = [*worker_command(self.schema), "--host", HOST, "--port",
                   str(self.port), "--db", self.db, "--redis", self.redis,
                   "--bot-delay", str(self.bot_delay),
                   "--lease-seconds", str(self.lease_seconds), "--log-level", "warning"]
        env = dict(os.environ)
        if self.lease_cache is not None:
            env["BELLE_LEASE_CACHE_SECONDS"] = str(self.lease_cache)
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            env=env)
        wait_for(self.ready, f"the worker on port {self.port}")

    def health(self) -> dict[str, Any] | None:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"the worker exited: {self.log.read_text()[-3000:]}")
        try:
            response = httpx.get(f"{self.url}/api/health", timeout=2)
        except httpx.HTTPError:
            return None
        return response.json() if response.status_code == 200 else None

    def ready(self) -> bool:
        health = self.health()
        return health is not None and health["fanout"] == "up"

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def worker_id(self) -> str:
        health = self.health()
        assert health is not None
        worker: str = health["worker"]
        return worker

    def terminate(self) -> int:
        """SIGTERM (a planned stop, as systemd and docker do) and wait for the exit."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)

    def stop(self) -> None:
        stop_process(self.process)


class Client:
    """A table socket on one worker; every message received is kept in `seen`."""

    def __init__(self, worker: Worker, table_id: int | None, token: str | None) -> None:
        """A table's socket; `table_id` None: the lobby's."""
        headers = {"cookie": f"belle_session={token}"} if token else {}
        path = "/ws/lobby" if table_id is None else f"/ws/table/{table_id}"
        self.ws: ClientConnection = connect(
            f"ws://{HOST}:{worker.port}{path}", additional_headers=headers,
            open_timeout=20, proxy=None,
            # no keepalive thread: a client of a killed worker would log its failed pings
            # as errors into whatever test runs next
            ping_interval=None,
            # keep every frame until the test reads it: with a bounded queue the client
            # stops reading its socket, answers no ping, and the server drops it
            max_queue=None,
        ).__enter__()
        self.seen: list[dict[str, Any]] = []
        self.times: list[float] = []  # when each of `seen` was read (time.monotonic)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(data)
        self.times.append(time.monotonic())
        return data

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30.0
              ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such message; last: {self.seen[-3:]}")
            message = self.recv(left)
            if pred(message):
                return message

    def hello(self, since: int | None = None) -> dict[str, Any]:
        self.send({"type": "hello", "since": since})
        return self.recv()

    def last_event(self) -> int:
        """The number of the last table event or sync this client has."""
        numbers = [m["n"] if m["type"] == "event" else m["event"]
                   for m in self.seen if m["type"] in ("event", "sync")]
        return numbers[-1] if numbers else 0

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def sign_in(worker: Worker, name: str) -> str:
    response = httpx.post(f"{worker.url}/api/session", json={"name": name}, timeout=20)
    assert response.status_code == 200, response.text
    token: str = response.cookies["belle_session"]
    return token


def post(worker: Worker, token: str, path: str, body: Any = None) -> Any:
    response = httpx.post(f"{worker.url}{path}", json=body or {}, timeout=20,
                          headers={"cookie": f"belle_session={token}"})
    assert response.status_code == 200, response.text
    return response.json()


def new_table(worker: Worker, token: str, players: int = 3) -> int:
    table = post(worker, token, "/api/tables", {"game": "paris_connection", "players": players})
    table_id: int = table["id"]
    return table_id


def progress(message: dict[str, Any]) -> bool:
    return message["type"] == "sync" or (
        message["type"] == "event" and message["kind"] in ("action", "table", "over"))


def legal_at(client: Client, version: int) -> list[dict[str, Any]]:
    """The legal actions `client` was sent for `version` (waiting for them if need be)."""
    def mine(m: dict[str, Any]) -> bool:
        return m.get("version") == version and bool(m.get("legal"))

    own = next((m for m in reversed(client.seen) if mine(m)), None) or client.until(mine)
    legal: list[dict[str, Any]] = own["legal"]
    return legal


def _moving(m: dict[str, Any]) -> bool:
    return progress(m) and (m.get("to_move") is not None or m.get("kind") == "over")


def current(watcher: Client) -> dict[str, Any]:
    """The watcher's latest position someone is to move in (waiting for one if need be)."""
    latest = next((m for m in reversed(watcher.seen) if progress(m)), None)
    if latest is not None and _moving(latest):
        return latest
    return watcher.until(_moving)


def play(movers: dict[int, Client], watcher: Client, moves: int, rng: random.Random
         ) -> dict[str, Any]:
    """Make `moves` moves (fewer if the game ends) with each seat's client; `watcher`
    sees every event. Returns the watcher's last progress message."""
    message = current(watcher)
    for _ in range(moves):
        if message.get("kind") == "over":
            return message
        version, mover = message["version"], message["to_move"]
        client = movers[mover]
        choice = rng.choice(legal_at(client, version))["json"]
        client.send({"type": "action", "version": version, "action": choice})
        message = watcher.until(lambda m, v=version: progress(m) and (
            m.get("kind") == "over" or (m.get("version", 0) > v and m.get("to_move") is not None)))
    return message


def stored_actions(db: str, table_id: int) -> list[RecordEntry]:
    store = Store(db)
    try:
        return store.load_actions(table_id)
    finally:
        store.close()


def errors(clients: list[Client]) -> list[dict[str, Any]]:
    return [m for c in clients for m in c.seen if m["type"] == "error"]


def await_errors(clients: list[Client], count: int, timeout: float = 20.0) -> None:
    """Read the clients' sockets until they have `count` errors between them."""
    deadline = time.monotonic() + timeout
    while len(errors(clients)) < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"expected {count} errors, got {errors(clients)}")
        for client in clients:
            with contextlib.suppress(TimeoutError):
                client.recv(timeout=0.05)


def action_events(client: Client) -> list[tuple[int, int, str]]:
    """(event number, version, text) of every action event `client` received."""
    return [(m["n"], m["version"], m["text"]) for m in client.seen
            if m["type"] == "event" and m["kind"] == "action"]


def instance_of(db: str, schema: str | None = None) -> str:
    """The deployment's instance id (its Redis namespace), from its settings."""
    where = f'"{schema}".settings' if schema else "settings"
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            value = conn.execute(text(f"SELECT value FROM {where} WHERE key = 'instance_id'")
                                 ).scalar()
    finally:
        engine.dispose()
    assert isinstance(value, str)
    return value


def lease_holder(redis_url: str, namespace: str, table_id: int) -> str | None:
    """The worker holding the table's lease in that deployment's namespace (None: free)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        value = client.get(f"belle:{namespace}:lease:{table_id}")
    finally:
        client.close()
    return value.decode() if isinstance(value, bytes) else None


def bot_table(worker: Worker, token: str, bots: int = 3) -> int:
    """A table of `bots` random bots made by the signed-in `token` (not started)."""
    table_id = new_table(worker, token, bots)
    for _ in range(bots):
        post(worker, token, f"/api/tables/{table_id}/bots", {"bot": "random"})
    return table_id

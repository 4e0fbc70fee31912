"""Helpers for the server tests: an app on a temp SQLite file, people, sockets, play.

One TestClient (one event loop) serves every person of a test; each person sends their
own session cookie explicitly, so the client's shared cookie jar stays empty.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import warnings
from collections.abc import Callable, Coroutine, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
import pytest
from fastapi import FastAPI

from belle.server import Limits, create_app

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.testclient import WebSocketTestSession  # noqa: E402

SECRET = "test-secret-" + "x" * 32
FAST = Limits(rate=10_000.0, burst=10_000, http_per_minute=0,  # HTTP limit off
              sockets_per_address=0, sockets_per_player=0, hellos_per_second=0,
              address_hellos_per_second=0, player_hellos_per_second=0,  # hello caps off
              names_per_address_hour=0, open_tables_per_address=0)  # one test address


T = TypeVar("T")


def run_coroutine(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """asyncio.run() in a thread of its own: Playwright's sync API (the browser tests)
    leaves a running loop in the main thread, where asyncio.run() refuses to start."""
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(asyncio.run(make()))
        except BaseException as error:
            errors.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]
    return results[0]


def make_app(db_url: str, bot_delay: float = 0.0, limits: Limits = FAST) -> FastAPI:
    return create_app(db_url, bot_delay=bot_delay, secret=SECRET, limits=limits)


def redis_url() -> str:
    """The test Redis (BELLE_TEST_REDIS_URL); the test is skipped without one."""
    url = os.environ.get("BELLE_TEST_REDIS_URL")
    if not url:
        pytest.skip("needs Redis: set BELLE_TEST_REDIS_URL")
    return url


@contextmanager
def two_workers(db_url: str, **caps: Any) -> Iterator[tuple[TestClient, TestClient]]:
    """Two workers on one PostgreSQL database and Redis (skipped on SQLite), with FAST's
    limits but for `caps`."""
    if not db_url.startswith("postgresql"):
        pytest.skip("several workers need PostgreSQL")
    redis = redis_url()
    fields = {f: getattr(FAST, f) for f in FAST.__dataclass_fields__}
    limits = Limits(**{**fields, **caps})
    apps = [create_app(db_url, bot_delay=0.0, secret=SECRET, limits=limits, redis_url=redis)
            for _ in range(2)]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        yield one, two


class Sock:
    """A websocket with timeouts; every message received is kept in `seen`."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.seen: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.session.send_text(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        async def receive() -> Any:
            with anyio.fail_after(timeout):
                return await self.session._send_rx.receive()

        message = self.session.portal.call(receive)
        assert message["type"] == "websocket.send", f"socket closed: {message}"
        data: dict[str, Any] = json.loads(message["text"])
        self.seen.append(data)
        return data

    def until(self, pred: Callable[[dict[str, Any]], bool], limit: int = 5000) -> dict[str, Any]:
        for _ in range(limit):
            message = self.recv()
            if pred(message):
                return message
        raise AssertionError("no such message")

    def hello(self, since: int | None = None) -> dict[str, Any]:
        self.send({"type": "hello", "since": since})
        return self.recv()

    def expect_error(self, code: str) -> dict[str, Any]:
        message = self.until(lambda m: m["type"] in ("error", "notice"), limit=50)
        assert message["type"] == "error" and message["code"] == code, message
        return message


@dataclass
class Person:
    client: TestClient
    name: str
    token: str | None
    id: int = 0
    socks: list[Sock] = field(default_factory=list)

    @property
    def headers(self) -> dict[str, str]:
        return {"cookie": f"belle_session={self.token}"} if self.token else {}

    def get(self, path: str) -> Any:
        return self.client.get(path, headers=self.headers)

    def post(self, path: str, body: Any = None) -> Any:
        return self.client.post(path, json=body, headers=self.headers)

    def delete(self, path: str) -> Any:
        return self.client.delete(path, headers=self.headers)

    @contextmanager
    def socket(self, path: str) -> Iterator[Sock]:
        with self.client.websocket_connect(path, headers=self.headers) as session:
            sock = Sock(session)
            self.socks.append(sock)
            yield sock


def sign_in(client: TestClient, name: str, password: str | None = None) -> Person:
    body: dict[str, Any] = {"name": name}
    if password is not None:
        body["password"] = password
    response = client.post("/api/session", json=body)
    assert response.status_code == 200, response.text
    token = response.cookies.get("belle_session")
    client.cookies.clear()
    return Person(client, name, token, response.json()["player"]["id"])


def guest(client: TestClient) -> Person:
    """Someone who has not picked a name (a spectator)."""
    return Person(client, "guest", None)


def new_table(owner: Person, players: int = 3, **options: Any) -> int:
    response = owner.post("/api/tables", {"game": "paris_connection", "players": players,
                                          "options": options, "mode": "live"})
    assert response.status_code == 200, response.text
    table_id: int = response.json()["id"]
    return table_id


def anna_bob_and_a_bot(client: TestClient, bot: str = "random") -> tuple[Person, Person, int]:
    """A new three-player table (not started): Anna at seat 0, Bob at 1, `bot` at 2."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = new_table(anna)
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    add_bot(anna, table_id, bot)
    return anna, bob, table_id


@dataclass
class LiveTable:
    """A started table with sockets open, each said hello before the start: Anna's
    (`a`, seat 0), Bob's (`b`, seat 1), the watchers' and a spectator's (`s`)."""

    anna: Person
    bob: Person
    table_id: int
    a: Sock
    b: Sock
    s: Sock
    watchers: list[Sock]

    @property
    def seats(self) -> dict[int, Sock]:
        return {0: self.a, 1: self.b}

    def persons_turn(self) -> tuple[dict[str, Any], Sock, Sock]:
        """Let the bots move until Anna or Bob is to: the mover's own message of that
        event (its version, legal moves, view), the mover's socket and the other's."""
        event = play({}, self.s, stop=lambda m: m.get("to_move") in (0, 1))
        mover, other = (self.a, self.b) if event["to_move"] == 0 else (self.b, self.a)
        return mover.until(lambda m: m.get("n") == event["n"]), mover, other


@contextmanager
def connected_and_started(client: TestClient, table_id: int, anna: Person, bob: Person,
                          *watchers: Person) -> Iterator[LiveTable]:
    """Open Anna's, Bob's, the watchers' and a spectator's sockets at `table_id`, say
    hello on each, and start the table (Anna hosts it)."""
    path = f"/ws/table/{table_id}"
    with ExitStack() as stack:
        a, b = (stack.enter_context(person.socket(path)) for person in (anna, bob))
        others = [stack.enter_context(person.socket(path)) for person in watchers]
        s = stack.enter_context(guest(client).socket(path))
        for sock in (a, b, *others, s):
            sock.hello()
        start(anna, table_id)
        yield LiveTable(anna, bob, table_id, a, b, s, others)


@contextmanager
def anna_bob_and_a_bot_started(client: TestClient, *watchers: Person,
                               bot: str = "random") -> Iterator[LiveTable]:
    """`anna_bob_and_a_bot`, `connected_and_started` with the watchers' sockets."""
    anna, bob, table_id = anna_bob_and_a_bot(client, bot)
    with connected_and_started(client, table_id, anna, bob, *watchers) as game:
        yield game


def seat(person: Person, table_id: int, index: int | None = None) -> None:
    body = {} if index is None else {"seat": index}
    response = person.post(f"/api/tables/{table_id}/join", body)
    assert response.status_code == 200, response.text


def add_bot(person: Person, table_id: int, bot: str = "greedy") -> None:
    response = person.post(f"/api/tables/{table_id}/bots", {"bot": bot})
    assert response.status_code == 200, response.text


def seated_with_bots(person: Person, bot: str = "greedy", players: int = 3) -> int:
    """A new table with `person` at seat 0 and `bot`s in the other seats (not started)."""
    table_id = new_table(person, players=players)
    seat(person, table_id, 0)
    for _ in range(players - 1):
        add_bot(person, table_id, bot)
    return table_id


def start(person: Person, table_id: int) -> None:
    response = person.post(f"/api/tables/{table_id}/start")
    assert response.status_code == 200, response.text


def play(humans: dict[int, Sock], watcher: Sock, seed: int = 1,
         stop: Callable[[dict[str, Any]], bool] | None = None,
         first: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play random legal actions for the human seats until `over` (or `stop`).

    `watcher` is a member that sees every event (a spectator); `first` is a message it
    already received (its sync). When a human seat is to move, that seat's own socket
    has the same version with its legal actions.
    """
    rng = random.Random(seed)
    message = first
    while True:
        if message is None:
            message = watcher.until(is_progress)
        if message.get("kind") == "over" or (stop is not None and stop(message)):
            return message
        if message["type"] == "sync" and message["table"]["status"] == "finished":
            return message
        mover = message.get("to_move")
        if mover in humans:
            act(humans[mover], message["version"], rng)
        message = None


def is_progress(message: dict[str, Any]) -> bool:
    return message["type"] == "sync" or (message["type"] == "event" and message["kind"] != "chat")


def act(sock: Sock, version: int, rng: random.Random) -> None:
    """Send a random legal action from the message of `version` with legal actions."""

    def mine(m: dict[str, Any]) -> bool:
        return m.get("version") == version and bool(m.get("legal"))

    own = next((m for m in reversed(sock.seen) if mine(m)), None) or sock.until(mine)
    choice = rng.choice(own["legal"])["json"]
    sock.send({"type": "action", "version": version, "action": choice})


def table_actor(client: TestClient, table_id: int) -> Any:
    app: Any = client.app
    return app.state.hub.actors[table_id]

"""Floods (issue 17, points 1 and 2): hellos and sockets capped per address and player,
a `sync` built once per table event and shared, outgoing queues bounded in bytes (a
member that does not read is dropped), HTTP bodies refused before they are parsed."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.server import Limits
from belle.server.table.broadcast import Broadcast
from belle.server.ws.connection import Connection

from .kit import FAST, guest, make_app, new_table, run_coroutine, seat, sign_in, start


def capped(db_url: str, **caps: Any) -> TestClient:
    fields = {**{f: getattr(FAST, f) for f in FAST.__dataclass_fields__}, **caps}
    return TestClient(make_app(db_url, limits=Limits(**fields)))


# -- hellos and sockets ------------------------------------------------------------
def test_hellos_of_one_socket_are_capped(db_url: str) -> None:
    with capped(db_url, hellos_per_second=0.01, hello_burst=2) as client:
        ann = sign_in(client, "ann")
        with ann.socket("/ws/lobby") as sock:
            assert sock.hello()["type"] == "sync"
            assert sock.hello()["type"] == "sync"
            refused = sock.hello()
            assert refused["type"] == "error" and refused["code"] == "rate_limited"
            sock.send({"type": "ping"})  # the socket goes on
            assert sock.until(lambda m: m["type"] == "pong")


def test_hellos_of_one_address_are_capped_across_its_sockets(db_url: str) -> None:
    with capped(db_url, address_hellos_per_second=0.01, hello_burst=3) as client:
        answers = []
        for _ in range(5):  # five sockets of one address, one hello each
            with guest(client).socket("/ws/lobby") as sock:
                answers.append(sock.hello()["type"])
        assert answers == ["sync"] * 3 + ["error"] * 2


def test_hellos_of_one_player_are_capped_across_their_sockets(db_url: str) -> None:
    with capped(db_url, player_hellos_per_second=0.01, hello_burst=2) as client:
        ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
        table_id = new_table(ann)
        answers = []
        for _ in range(3):
            with ann.socket(f"/ws/table/{table_id}") as sock:
                answers.append(sock.hello()["type"])
        assert answers == ["sync", "sync", "error"]
        with bob.socket(f"/ws/table/{table_id}") as sock:  # another player is not held up
            assert sock.hello()["type"] == "sync"


def test_sockets_of_one_address_are_capped(db_url: str) -> None:
    with capped(db_url, sockets_per_address=2) as client:
        ann = sign_in(client, "ann")
        with ann.socket("/ws/lobby") as first, guest(client).socket("/ws/lobby") as second:
            assert first.hello()["type"] == "sync" and second.hello()["type"] == "sync"
            with guest(client).socket("/ws/lobby") as third:
                refused = third.recv()
                assert refused["type"] == "error" and refused["code"] == "rate_limited"
        with guest(client).socket("/ws/lobby") as later:  # closed sockets free their place
            assert later.hello()["type"] == "sync"


def test_sockets_of_one_player_are_capped(db_url: str) -> None:
    with capped(db_url, sockets_per_player=1) as client:
        ann = sign_in(client, "ann")
        with ann.socket("/ws/lobby") as first:
            assert first.hello()["type"] == "sync"
            with ann.socket("/ws/lobby") as second:
                assert second.recv()["code"] == "rate_limited"
            with guest(client).socket("/ws/lobby") as other:  # a guest is not that player
                assert other.hello()["type"] == "sync"


def test_a_sync_is_built_once_per_event_and_viewer(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int | None] = []
    original = Broadcast._sync_body

    def counting(self: Broadcast, seat: int | None) -> str:
        built.append(seat)
        return original(self, seat)

    monkeypatch.setattr(Broadcast, "_sync_body", counting)
    with TestClient(make_app(db_url)) as client:
        people = [sign_in(client, name) for name in ("ann", "bob", "cy")]
        ann = people[0]
        table_id = new_table(ann, players=3)
        for index, person in enumerate(people):  # people only: nothing moves meanwhile
            seat(person, table_id, index)
        start(ann, table_id)
        with ann.socket(f"/ws/table/{table_id}") as mine:
            first = mine.hello()
            for _ in range(20):
                assert mine.hello() == first  # the same state, from the one build
            with guest(client).socket(f"/ws/table/{table_id}") as watching:
                seen = [watching.hello() for _ in range(20)]
            assert all(s["seat"] is None and s["event"] == first["event"] for s in seen)
        assert built.count(0) == 1 and built.count(None) == 1


# -- outgoing queues ---------------------------------------------------------------
class NeverReads:
    """A socket whose peer never reads: a send waits forever."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def test_a_member_that_does_not_read_is_dropped_at_the_byte_cap() -> None:
    async def scenario() -> tuple[Connection, NeverReads]:
        socket = NeverReads()
        conn = Connection(socket, None, Limits(queue=10_000, queue_bytes=10_000))  # type: ignore[arg-type]
        conn.start()
        await asyncio.sleep(0)
        for _ in range(100):  # 100 events of 1,000 bytes: ten fit
            conn.send("x" * 1000)
            await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        return conn, socket

    conn, socket = run_coroutine(scenario)
    assert conn.dropped and conn.closed
    assert conn.pending_bytes == 0  # nothing is kept for it any more
    assert socket.closed_with == 1013  # try again later: it resyncs with hello {since}
    assert len(socket.sent) == 1  # the writer stopped at the first send that never ended
    conn.send("y" * 10)  # nothing more is queued
    assert conn.pending_bytes == 0


def test_a_member_keeping_up_is_not_dropped() -> None:
    class Reads:
        async def send_text(self, text: str) -> None:
            await asyncio.sleep(0)

    async def scenario() -> Connection:
        conn = Connection(Reads(), None, Limits(queue_bytes=10_000))  # type: ignore[arg-type]
        conn.start()
        for _ in range(100):
            conn.send("x" * 1000)
            await asyncio.sleep(0.001)
        await conn.close()
        return conn

    assert not run_coroutine(scenario).dropped


# -- HTTP bodies -------------------------------------------------------------------
@pytest.fixture
def small_bodies(db_url: str) -> Iterator[TestClient]:
    with capped(db_url, max_body=1024) as client:
        yield client


def test_a_body_over_the_limit_is_refused_before_parsing(small_bodies: TestClient) -> None:
    response = small_bodies.post("/api/session", content=b'{"name": "' + b"x" * 2000 + b'"}',
                                 headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    assert "1024 bytes" in response.json()["error"]["message"]
    assert small_bodies.get("/api/games").status_code == 200  # the server goes on


def test_a_chunked_body_over_the_limit_is_refused(small_bodies: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(100):
            yield b"x" * 100
        yield b'"}'

    response = small_bodies.post("/api/session", content=chunks(),
                                 headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_a_body_under_the_limit_is_served(small_bodies: TestClient) -> None:
    response = small_bodies.post("/api/session", json={"name": "ann"})
    assert response.status_code == 200, response.text
    assert response.json()["player"]["name"] == "ann"

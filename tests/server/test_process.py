"""A real `belle serve` process (issue 17): `kill -9` and a restart with a clock running
(the downtime is nobody's), the cookie's `Secure` and HSTS behind a proxy that says
`X-Forwarded-Proto: https`, and a 256 MiB body refused before it is read."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .processkit import HOST, Server, cookie, post, session, until, wait_for


@pytest.fixture
def any_server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    """A server on SQLite, or on each PostgreSQL of BELLE_TEST_DATABASE_URLS."""
    running = Server(db_url, tmp_path / "server.log")
    running.start()
    try:
        yield running
    finally:
        running.stop()


def clocked_turn(server: Server, ann: str, seconds: int) -> tuple[str, int]:
    """A started table with a per-move clock of `seconds` (forfeit on timeout): Ann at
    seat 0, two random bots; when it is Ann's turn, the socket's address and the version."""
    table = post(server, ann, "/api/tables", {
        "game": "paris_connection", "players": 3,
        "clock": {"kind": "per-move", "seconds": seconds}, "on_timeout": "forfeit"})
    table_id = table["id"]
    post(server, ann, f"/api/tables/{table_id}/join", {"seat": 0})
    post(server, ann, f"/api/tables/{table_id}/bots", {"bot": "random"})
    post(server, ann, f"/api/tables/{table_id}/bots", {"bot": "random"})
    post(server, ann, f"/api/tables/{table_id}/start")
    address = f"ws://{HOST}:{server.port}/ws/table/{table_id}"
    with connect(address, additional_headers=cookie(ann), proxy=None,
                 ping_interval=None) as ws:
        ws.send(json.dumps({"type": "hello", "since": None}))
        mine = until(ws, lambda m: bool(m.get("legal")))  # Ann's turn, her clock runs
    return address, int(mine["version"])


def synced(address: str, token: str) -> dict[str, Any]:
    with connect(address, additional_headers=cookie(token), proxy=None,
                 ping_interval=None) as ws:
        ws.send(json.dumps({"type": "hello", "since": None}))
        return until(ws, lambda m: m["type"] == "sync")


def test_a_clock_does_not_run_while_the_server_is_down(any_server: Server) -> None:
    """kill -9, 22 s down, a 20 s move clock: the downtime is nobody's (SQLite, and each
    PostgreSQL of BELLE_TEST_DATABASE_URLS)."""
    server = any_server
    ann = session(server, "ann")
    address, version = clocked_turn(server, ann, 20)
    time.sleep(0.5)  # a heartbeat or two while her time runs
    server.kill9()
    time.sleep(22)  # longer than her whole move clock
    server.start()
    sync = synced(address, ann)
    assert sync["version"] == version  # no timeout move was made for her
    assert not sync["table"]["seats"][0].get("forfeited")
    assert sync["to_move"] == 0 and sync["legal"]
    clock = sync["clock"]
    assert clock["seat"] == 0 and clock["left"] > 0  # the 22 s outage did not end her time


def test_a_clock_does_not_run_while_storage_does_not_answer(any_server: Server,
                                                            db_url: str) -> None:
    """Another process holds the database's write lock for 25 s while Ann's 20 s move
    clock runs: nobody could move, so nobody's time ran; once storage answers, her turn
    goes on with the time she had (issue 17, session 6, item 5)."""
    from .test_storage_outage import write_lock

    server = any_server
    ann = session(server, "ann")
    address, version = clocked_turn(server, ann, 20)
    with write_lock(db_url):
        time.sleep(25)  # past her deadline: the timeout fires and cannot be stored
        health = httpx.get(f"{server.url}/api/health", timeout=30)
        assert health.status_code == 503
    # Healthy again once the heartbeat settled the outage: the clocks were moved on by it
    # before any write (a move, a timeout) was let through.
    wait_for(lambda: httpx.get(f"{server.url}/api/health", timeout=30).status_code == 200,
             "storage to answer again")
    sync = synced(address, ann)
    assert sync["version"] == version  # no timeout was made for her
    assert not sync["table"]["seats"][0].get("forfeited")
    assert sync["to_move"] == 0 and sync["legal"]
    assert sync["clock"]["seat"] == 0 and sync["clock"]["left"] > 5


def test_secure_cookie_and_hsts_behind_a_proxy(server: Server) -> None:
    forwarded = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7"}
    response = httpx.post(f"{server.url}/api/session", json={"name": "ann"}, headers=forwarded)
    assert response.status_code == 200
    cookie = response.headers["set-cookie"].lower()
    assert "secure" in cookie and "httponly" in cookie
    assert response.headers["strict-transport-security"].startswith("max-age=")
    plain = httpx.post(f"{server.url}/api/session", json={"name": "bob"})
    assert "secure" not in plain.headers["set-cookie"].lower()
    assert "strict-transport-security" not in plain.headers


def test_a_huge_body_is_refused_before_it_is_read(server: Server) -> None:
    chunk = b"x" * (1 << 20)

    def body() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(256):  # 256 MiB, never all sent
            yield chunk

    try:
        response = httpx.post(f"{server.url}/api/session", content=body(),
                              headers={"content-type": "application/json",
                                       "content-length": str(256 << 20)}, timeout=30)
    except httpx.HTTPError:  # the server answered and closed while we were still sending
        pass
    else:
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "too_large"
    assert httpx.get(f"{server.url}/api/health").json()["ok"] is True

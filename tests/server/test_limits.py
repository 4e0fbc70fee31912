"""Limits (issue 9, item 3): message size, messages per second per connection, tables per
player, chat length. Each is configurable through `belle.server.Limits`; each refusal is
an `error` with its code, the connection goes on, and nothing changes."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from belle.server import Limits
from belle.server.errors import ServerError
from belle.server.ws.messages import MAX_DEPTH
from belle.server.ws.messages import parse as parse_message

from .kit import FAST, make_app, new_table, seat, sign_in, start, table_actor


def client_with(tmp_path: Path, limits: Limits) -> TestClient:
    return TestClient(make_app(f"sqlite:///{tmp_path / 'limits.db'}", limits=limits))


@pytest.fixture
def small(db_url: str) -> Iterator[TestClient]:
    limits = Limits(max_message=1024, max_chat=40, rate=10_000.0, burst=10_000,
                    max_open_tables=3)
    with TestClient(make_app(db_url, limits=limits)) as client:
        yield client


@pytest.mark.parametrize("path", ["/ws/lobby", "table"])
def test_message_size(small: TestClient, path: str) -> None:
    ann = sign_in(small, "ann")
    if path == "table":
        path = f"/ws/table/{new_table(ann)}"
    with ann.socket(path) as sock:
        sock.hello()
        filler = "x" * 1000
        sock.send({"type": "chat", "text": filler})  # 1,000 characters + the rest > 1 KiB
        assert "1024 bytes" in sock.expect_error("too_large")["message"]
        sock.send(json.dumps({"type": "chat", "text": "é" * 510}))  # 1,020 bytes of text
        sock.expect_error("too_large")
        sock.session.send_bytes(b"[" * 2000)
        sock.expect_error("too_large")
        sock.send({"type": "ping"})  # the connection goes on
        assert sock.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_nesting_depth(small: TestClient) -> None:
    ann = sign_in(small, "ann")
    with ann.socket("/ws/lobby") as sock:
        sock.hello()
        deep = '{"type":"chat","text":' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}"
        sock.send(deep)
        assert "nests" in sock.expect_error("malformed")["message"]
        sock.send("[" * 400 + "]" * 400)
        sock.expect_error("malformed")


def test_default_message_size_is_16_kib(tmp_path: Path) -> None:
    with client_with(tmp_path, FAST) as client:
        ann = sign_in(client, "ann")
        with ann.socket("/ws/lobby") as sock:
            sock.hello()
            body = json.dumps({"type": "hello", "pad": ""})
            sock.send(json.dumps({"type": "hello", "pad": "p" * (16 * 1024 - len(body))}))
            assert sock.recv()["type"] == "sync"  # exactly 16 KiB: fine
            sock.send(json.dumps({"type": "hello", "pad": "p" * (16 * 1024 - len(body) + 1)}))
            sock.expect_error("too_large")


def test_messages_per_second_per_connection(tmp_path: Path) -> None:
    limits = Limits(rate=20.0, burst=5)
    with client_with(tmp_path, limits) as client:
        ann = sign_in(client, "ann")
        bob = sign_in(client, "bob")
        with ann.socket("/ws/lobby") as flood, bob.socket("/ws/lobby") as calm:
            flood.hello()
            calm.hello()
            for _ in range(30):
                flood.send({"type": "ping"})
            replies = [flood.recv() for _ in range(30)]
            kinds = [r.get("code", r["type"]) for r in replies]
            assert 4 <= kinds.count("pong") <= 8, kinds  # the burst (and a little refill)
            assert kinds.count("rate_limited") >= 20, kinds
            calm.send({"type": "ping"})  # the limit is per connection
            assert calm.recv()["type"] == "pong"
            time.sleep(0.3)  # 20 a second refill: the flooder may talk again
            flood.send({"type": "ping"})
            assert flood.recv()["type"] == "pong"


def test_open_tables_per_player(small: TestClient) -> None:
    ann = sign_in(small, "ann")
    bob = sign_in(small, "bob")
    tables = [new_table(ann) for _ in range(3)]
    response = ann.post("/api/tables", {"game": "paris", "players": 2})
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "too_many_tables"
    assert len(small.get("/api/tables").json()) == 3  # nothing was created
    assert bob.post("/api/tables", {"game": "paris", "players": 2}).status_code == 200
    # a finished table no longer counts
    carl = sign_in(small, "carl")
    for index, person in enumerate((ann, bob, carl)):
        seat(person, tables[0], index)
    start(ann, tables[0])
    actor = table_actor(small, tables[0])
    store = actor.host.store
    store.finish_table(tables[0], {"returns": []})
    assert ann.post("/api/tables", {"game": "paris", "players": 2}).status_code == 200


def test_open_tables_default_is_ten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert Limits().max_open_tables == 10
    monkeypatch.setenv("BELLE_MAX_OPEN_TABLES", "2")
    from belle.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'env.db'}", secret="s" * 40, bot_delay=0)
    with TestClient(app) as client:
        ann = sign_in(client, "ann")
        new_table(ann)
        new_table(ann)
        assert ann.post("/api/tables", {"game": "paris", "players": 2}).status_code == 429


@pytest.mark.parametrize("where", ["lobby", "table"])
def test_chat_length(small: TestClient, where: str) -> None:
    ann = sign_in(small, "ann")
    path = "/ws/lobby" if where == "lobby" else f"/ws/table/{new_table(ann)}"
    with ann.socket(path) as sock:
        sock.hello()
        sock.send({"type": "chat", "text": "a" * 41})
        assert "40 characters" in sock.expect_error("too_large")["message"]
        sock.send({"type": "chat", "text": "  " + "b" * 40 + "  "})  # trimmed: 40
        line = sock.until(lambda m: m.get("kind") == "chat")
        assert line["text"] == "b" * 40
        sock.send({"type": "chat", "text": "/join " + "9" * 40})  # commands are chat too
        sock.expect_error("too_large")


def test_default_chat_length_is_500(tmp_path: Path) -> None:
    with client_with(tmp_path, FAST) as client:
        ann = sign_in(client, "ann")
        with ann.socket("/ws/lobby") as sock:
            sock.hello()
            sock.send({"type": "chat", "text": "c" * 500})
            assert sock.until(lambda m: m.get("kind") == "chat")["text"] == "c" * 500
            sock.send({"type": "chat", "text": "c" * 501})
            sock.expect_error("too_large")


@given(depth=st.integers(1, MAX_DEPTH + 8), padding=st.sampled_from(["", '"{[", ', "0, "]))
def test_a_message_nests_at_most_max_depth_levels(depth: int, padding: str) -> None:
    """The nesting check runs only on frames with enough brackets to nest too deep (a
    count in C): whatever the brackets inside strings, exactly the messages deeper than
    MAX_DEPTH are refused."""
    frame = ('{"type":"action","version":0,"action":[' + padding + "[" * depth + "]" * depth
             + "]}")
    levels = 2 + depth  # the message, the action's list, then `depth` nested lists
    if levels > MAX_DEPTH:
        with pytest.raises(ServerError, match="nests"):
            parse_message(frame)
    else:
        assert parse_message(frame).type == "action"

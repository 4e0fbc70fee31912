"""Stopping and starting the server mid-game loses nothing; tables and bots continue."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import belle.server.hub

from .kit import Person, add_bot, guest, make_app, new_table, play, seat, sign_in, start


def wait_finished(client: TestClient, table_id: int, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        summary: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish")


def test_a_restart_mid_game_resumes_bots_included(db_url: str) -> None:
    # First run: bots are slow (they will not move before the stop).
    with TestClient(make_app(db_url, bot_delay=3600)) as first:
        anna = sign_in(first, "Anna")
        table_id = new_table(anna)
        seat(anna, table_id, 0)
        add_bot(anna, table_id)
        add_bot(anna, table_id, "random")
        with anna.socket(f"/ws/table/{table_id}") as a, \
                guest(first).socket(f"/ws/table/{table_id}") as s:
            a.hello()
            s.hello()
            start(anna, table_id)
            event = play({0: a}, s, stop=lambda m: m.get("to_move") in (1, 2))
        before = first.get(f"/api/tables/{table_id}").json()
        earlier = first.get(f"/api/tables/{table_id}/replay").json()
    assert before["status"] == "running" and before["version"] == event["version"]

    # Second run on the same database: the bots move at once, Anna's cookie still works.
    with TestClient(make_app(db_url, bot_delay=0)) as second:
        again = Person(second, "Anna", anna.token, anna.id)
        assert again.get("/api/me").json()["player"]["name"] == "Anna"
        with again.socket(f"/ws/table/{table_id}") as a, \
                guest(second).socket(f"/ws/table/{table_id}") as s:
            resumed = s.hello()
            assert resumed["type"] == "sync" and resumed["version"] >= before["version"]
            assert a.hello()["seat"] == 0
            over = play({0: a}, s, seed=4, first=resumed)
        assert over["table"]["status"] == "finished"
        assert over["version"] > before["version"]
        record = second.get(f"/api/tables/{table_id}/replay").json()
    assert len(record["actions"]) == over["version"]
    kept = record["actions"][: before["version"]]
    assert len(earlier["actions"]) == len(kept)
    assert all(e["text"] in ("?", k["text"]) for e, k in zip(earlier["actions"], kept, strict=True))


def test_a_table_of_bots_finishes_after_a_restart(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_delay=3600)) as first:
        anna = sign_in(first, "Anna")
        table_id = new_table(anna)
        for bot in ("greedy", "random", "greedy"):
            add_bot(anna, table_id, bot)
        start(anna, table_id)
        assert first.get(f"/api/tables/{table_id}").json()["status"] == "running"
    with TestClient(make_app(db_url, bot_delay=0)) as second:
        summary = wait_finished(second, table_id)
        record = second.get(f"/api/tables/{table_id}/replay").json()
    assert summary["version"] == len(record["actions"]) > 0
    assert record["result"]["ranking"]


def test_finished_tables_leave_memory_and_come_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(belle.server.hub, "KEEP_FINISHED", 0)
    anna = sign_in(client, "Anna")
    table_id = new_table(anna)
    for bot in ("random", "random", "random"):
        add_bot(anna, table_id, bot)
    start(anna, table_id)
    finished = wait_finished(client, table_id)
    client.get(f"/api/tables/{new_table(anna)}")  # loading another table evicts it
    app: Any = client.app
    assert table_id not in app.state.hub.actors
    reloaded = client.get(f"/api/tables/{table_id}").json()
    assert {**reloaded, "updated_at": None} == {**finished, "updated_at": None}
    assert client.get(f"/api/tables/{table_id}/replay").json()["result"]["ranking"]

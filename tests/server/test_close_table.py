"""Closing an open table (issue 9, leftovers): only its creator, only before the start; it
leaves the lobby and stops counting toward the creator's open tables."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from belle.server import Limits

from .kit import add_bot, guest, make_app, new_table, seat, sign_in, start


def test_the_creator_closes_an_open_table(client: TestClient) -> None:
    """The creator may close it (seated or not); the table is marked closed, not deleted."""
    ann = sign_in(client, "ann")
    table_id = new_table(ann)
    add_bot(ann, table_id)
    response = ann.post(f"/api/tables/{table_id}/close")
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "closed"
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "closed"
    assert table_id not in [t["id"] for t in client.get("/api/tables?status=open").json()]
    assert [t["id"] for t in client.get("/api/tables?status=closed").json()] == [table_id]
    joined = ann.post(f"/api/tables/{table_id}/join", {})
    assert joined.status_code == 409 and "closed" in joined.json()["error"]["message"]
    again = ann.post(f"/api/tables/{table_id}/close")
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_open"


def test_others_may_not_close_it(client: TestClient) -> None:
    """A seated player who did not create the table, or a guest, gets a clear refusal."""
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table_id = new_table(ann)
    seat(bob, table_id)
    refused = bob.post(f"/api/tables/{table_id}/close")
    assert refused.status_code == 403
    assert refused.json()["error"] == {"code": "not_host",
                                       "message": "only the table's host may close it"}
    assert guest(client).post(f"/api/tables/{table_id}/close").status_code == 401
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "open"


def test_a_started_table_cannot_be_closed(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    table_id = new_table(ann, players=3)
    seat(ann, table_id)
    add_bot(ann, table_id)
    add_bot(ann, table_id)
    start(ann, table_id)
    refused = ann.post(f"/api/tables/{table_id}/close")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_open"
    assert client.get(f"/api/tables/{table_id}").json()["status"] in ("running", "finished")


def test_a_closed_table_no_longer_counts_toward_the_limit(tmp_path: Path) -> None:
    """The open-tables-per-player limit counts open and running tables only."""
    app = make_app(f"sqlite:///{tmp_path / 'c.db'}",
                   limits=Limits(max_open_tables=1, http_per_minute=0))
    with TestClient(app) as client:
        ann = sign_in(client, "ann")
        first = new_table(ann)
        body = {"game": "paris", "players": 2}
        assert ann.post("/api/tables", body).status_code == 429
        assert ann.post(f"/api/tables/{first}/close").status_code == 200
        assert ann.post("/api/tables", body).status_code == 200


def test_the_lobby_and_the_table_hear_of_it(client: TestClient) -> None:
    """The lobby socket and the table's members get a `table` event with status closed;
    a new lobby sync leaves the table out; `/close` in the chat does what the button does."""
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    first, second = new_table(ann), new_table(ann)
    with guest(client).socket("/ws/lobby") as lobby, \
            bob.socket(f"/ws/table/{first}") as member:
        assert first in [t["id"] for t in lobby.hello()["tables"]]
        member.hello()
        assert ann.post(f"/api/tables/{first}/close").status_code == 200
        event = lobby.until(lambda m: m.get("kind") == "table")
        assert event["table"]["id"] == first and event["table"]["status"] == "closed"
        seen = member.until(lambda m: m.get("kind") == "table")
        assert seen["table"]["status"] == "closed"
    with ann.socket("/ws/lobby") as lobby:
        assert first not in [t["id"] for t in lobby.hello()["tables"]]
        lobby.send({"type": "chat", "text": f"/close {second}"})
        note = lobby.until(lambda m: m["type"] in ("notice", "error"))
        assert note == {**note, "type": "notice", "text": f"you closed table {second}"}
    with bob.socket("/ws/lobby") as lobby:
        lobby.hello()
        lobby.send({"type": "chat", "text": f"/close {second}"})
        lobby.expect_error("not_host")  # not the creator (the table's host)

"""Table roles (issue 17, point 4): the host (the creator, until they hand the role on)
manages seats, bots and the start, and may kick a person before the start; a seated
player may resign; a game some seated person has not moved in can be aborted; only
tables not started yet count toward the host's tables; open tables nobody touches
expire; bot tables are capped per player."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from belle.server import Limits
from belle.storage.models import tables
from belle.storage.store import now

from .kit import FAST, act, add_bot, guest, make_app, new_table, seat, sign_in, start


def code(response: Any) -> str:
    return str(response.json()["error"]["code"])


def test_a_stranger_cannot_take_a_table_over(client: TestClient) -> None:
    victim, stranger = sign_in(client, "victim"), sign_in(client, "stranger")
    table_id = new_table(victim, players=3)
    seat(stranger, table_id, 0)
    assert code(stranger.post(f"/api/tables/{table_id}/bots", {"bot": "greedy"})) == "not_host"
    seat(victim, table_id, 1)
    add_bot(victim, table_id)
    assert code(stranger.post(f"/api/tables/{table_id}/start")) == "not_host"
    assert code(stranger.post(f"/api/tables/{table_id}/close")) == "not_host"
    assert code(stranger.post(f"/api/tables/{table_id}/kick", {"seat": 1})) == "not_host"
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "open" and summary["host"] == "victim"


def test_the_host_kicks_before_the_start_for_good(client: TestClient) -> None:
    host, pest = sign_in(client, "host"), sign_in(client, "pest")
    table_id = new_table(host, players=3)
    seat(pest, table_id, 2)
    kicked = host.post(f"/api/tables/{table_id}/kick", {"seat": 2})
    assert kicked.status_code == 200 and kicked.json()["seats"][2]["kind"] == "empty"
    again = pest.post(f"/api/tables/{table_id}/join", {"seat": 1})
    assert again.status_code == 403 and code(again) == "kicked"
    assert code(host.post(f"/api/tables/{table_id}/kick", {"seat": 1})) == "bad_options"
    seat(host, table_id, 0)
    assert code(host.post(f"/api/tables/{table_id}/kick", {"seat": 0})) == "bad_options"
    other = sign_in(client, "other")
    seat(other, table_id, 1)
    add_bot(host, table_id)
    start(host, table_id)
    assert code(host.post(f"/api/tables/{table_id}/kick", {"seat": 1})) == "not_open"


def test_the_host_hands_the_role_on(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table_id = new_table(ann, players=3)
    seat(ann, table_id, 0)
    assert code(ann.post(f"/api/tables/{table_id}/host", {"seat": 1})) == "bad_options"
    seat(bob, table_id, 1)
    handed = ann.post(f"/api/tables/{table_id}/host", {"seat": 1})
    assert handed.status_code == 200 and handed.json()["host"] == "bob"
    assert code(ann.post(f"/api/tables/{table_id}/bots", {"bot": "greedy"})) == "not_host"
    add_bot(bob, table_id)
    start(bob, table_id)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"


def test_a_seated_player_resigns_and_a_bot_plays_the_seat_to_the_end(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        ann = sign_in(client, "ann")
        table_id = new_table(ann, players=3)
        seat(ann, table_id, 0)
        add_bot(ann, table_id)
        add_bot(ann, table_id)
        start(ann, table_id)
        assert code(guest(client).post(f"/api/tables/{table_id}/resign")) == "not_signed_in"
        with ann.socket(f"/ws/table/{table_id}") as sock:
            sock.hello()
            resigned = ann.post(f"/api/tables/{table_id}/resign")
            assert resigned.status_code == 200
            assert resigned.json()["seats"][0]["forfeited"] is True
            over = sock.until(lambda m: m.get("kind") == "over", limit=100_000)
        assert over["forfeited"] == [0]
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        assert code(ann.post(f"/api/tables/{table_id}/resign")) == "not_ready"


def test_an_abandoned_game_is_aborted_and_stops_counting(db_url: str) -> None:
    limits = Limits(**{**{f: getattr(FAST, f) for f in FAST.__dataclass_fields__},
                       "max_open_tables": 1})
    with TestClient(make_app(db_url, limits=limits)) as client:
        victim, stranger = sign_in(client, "victim"), sign_in(client, "stranger")
        table_id = new_table(victim, players=3)
        seat(victim, table_id, 0)
        seat(stranger, table_id, 1)
        add_bot(victim, table_id)
        body = {"game": "paris_connection", "players": 3}
        assert code(victim.post("/api/tables", body)) == "too_many_tables"  # it waits
        start(victim, table_id)  # and the stranger never moves
        # a game under way no longer counts toward the host's tables (session 6)
        assert victim.post("/api/tables", body).status_code == 200
        assert code(sign_in(client, "someone").post(
            f"/api/tables/{table_id}/abort")) == "not_seated"
        aborted = victim.post(f"/api/tables/{table_id}/abort")
        assert aborted.status_code == 200 and aborted.json()["status"] == "aborted"
        assert code(victim.post(f"/api/tables/{table_id}/abort")) == "not_ready"
        with stranger.socket(f"/ws/table/{table_id}") as sock:
            sync = sock.hello()
            assert sync["table"]["status"] == "aborted"
            if sync.get("legal"):
                sock.send({"type": "action", "version": sync["version"],
                           "action": sync["legal"][0]["json"]})
                sock.expect_error("not_ready")


def test_a_game_everyone_moved_in_cannot_be_aborted(client: TestClient) -> None:
    people = [sign_in(client, name) for name in ("ann", "bob", "cy")]
    table_id = new_table(people[0], players=3)
    for index, person in enumerate(people):
        seat(person, table_id, index)
    start(people[0], table_id)
    socks = [person.socket(f"/ws/table/{table_id}") for person in people]
    opened = [s.__enter__() for s in socks]
    try:
        for sock in opened:
            sock.hello()
        rng, moved = random.Random(3), set()
        watcher = opened[0]
        while len(moved) < 3:
            message = next((m for m in reversed(watcher.seen) if "to_move" in m), None)
            mover = message["to_move"] if message else None
            if mover is not None:
                act(opened[mover], message["version"], rng)
                moved.add(mover)
            watcher.until(lambda m: (m.get("kind") == "action" and m.get("to_move")
                          is not None) or m["type"] == "sync")
        refused = people[1].post(f"/api/tables/{table_id}/abort")
        assert refused.status_code == 409 and code(refused) == "not_ready"
        assert "resign" in refused.json()["error"]["message"]
    finally:
        for sock in socks:
            sock.__exit__(None, None, None)


def test_open_tables_nobody_touches_expire(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    old, fresh = new_table(ann), new_table(ann)
    app: Any = client.app
    hub = app.state.hub
    with hub.store.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == old)
                     .values(updated_at=now() - timedelta(hours=3)))
    assert client.portal.call(hub.janitor.expire) == 1  # type: ignore[union-attr]
    assert client.get(f"/api/tables/{old}").json()["status"] == "closed"
    assert client.get(f"/api/tables/{fresh}").json()["status"] == "open"


def test_bot_tables_are_capped_per_player(db_url: str) -> None:
    limits = Limits(**{**{f: getattr(FAST, f) for f in FAST.__dataclass_fields__},
                       "bot_tables": 1})
    with TestClient(make_app(db_url, bot_delay=1000.0, limits=limits)) as client:
        ann = sign_in(client, "ann")
        first, second = new_table(ann, players=3), new_table(ann, players=3)
        for table_id in (first, second):
            seat(ann, table_id, 0)
            add_bot(ann, table_id, "expert")
            add_bot(ann, table_id, "expert")
        start(ann, first)
        refused = ann.post(f"/api/tables/{second}/start")
        assert refused.status_code == 429 and code(refused) == "too_many_tables"
        ann.post(f"/api/tables/{first}/abort")  # no one has moved: abortable
        start(ann, second)


def test_bot_tables_are_capped_per_address_too(db_url: str) -> None:
    """Fresh guest names from one address do not get round the cap."""
    limits = Limits(**{**{f: getattr(FAST, f) for f in FAST.__dataclass_fields__},
                       "bot_tables": 1})
    with TestClient(make_app(db_url, bot_delay=1000.0, limits=limits)) as client:
        first, second = sign_in(client, "first"), sign_in(client, "second")
        tables_of = []
        for person in (first, second):
            table_id = new_table(person, players=3)
            seat(person, table_id, 0)
            add_bot(person, table_id, "expert")
            add_bot(person, table_id, "expert")
            tables_of.append(table_id)
        start(first, tables_of[0])
        refused = second.post(f"/api/tables/{tables_of[1]}/start")
        assert refused.status_code == 429 and code(refused) == "too_many_tables"

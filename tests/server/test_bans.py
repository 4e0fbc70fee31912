"""A ban takes effect at once (issue 20 item 7): the banned player's open websockets are
closed with the reason `banned` (close code 4403) and cannot reconnect, whether the
operator banned on the web page, straight in the database (`belle admin ban`: the next
Guard refresh), or on another worker (through the Redis fan-out). The games they sit
at go on without them: their seats are resigned to a bot where another person plays,
the game is aborted where no one else does, by the worker that leads the table. Real
SQLite and PostgreSQL (BELLE_TEST_DATABASE_URLS); the two-worker tests need PostgreSQL
and Redis (BELLE_TEST_REDIS_URL)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient

from belle.server.database import StorageUnavailable
from belle.server.moderation import bans
from belle.server.moderation.bans import BANNED_CLOSE
from belle.storage import Store
from belle.storage.moderation import Moderation

from .kit import (
    Person,
    Sock,
    anna_bob_and_a_bot,
    new_table,
    play,
    seated_with_bots,
    sign_in,
    start,
    table_actor,
    two_workers,
)
from .test_moderation import operator


def closed(sock: Sock, limit: int = 200) -> dict[str, Any]:
    """Read past the messages still queued until the server closes the socket."""

    async def receive() -> Any:
        with anyio.fail_after(10):
            return await sock.session._send_rx.receive()

    for _ in range(limit):
        message = sock.session.portal.call(receive)
        if message["type"] == "websocket.close":
            return dict(message)
    raise AssertionError("the socket stayed open")


def still_open(sock: Sock) -> None:
    sock.send({"type": "ping"})
    assert sock.until(lambda m: m["type"] == "pong", limit=50)


def refused_reconnect(person: Person, path: str) -> None:
    with person.socket(path) as sock:
        gone = closed(sock, limit=1)
    assert gone["code"] == BANNED_CLOSE and gone["reason"] == "banned"


def test_a_ban_closes_the_players_sockets_at_once(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table_id = new_table(ann)
    headers = operator(client)
    path = f"/ws/table/{table_id}"
    with bob.socket("/ws/lobby") as lobby, bob.socket(path) as table, \
            ann.socket(path) as hers:
        for sock in (lobby, table, hers):
            sock.hello()
        banned = client.post("/api/admin/players/bob", headers=headers, json={"banned": True})
        assert banned.json() == {"name": "bob", "muted": False, "banned": True}
        for sock in (lobby, table):
            gone = closed(sock)
            assert gone["code"] == BANNED_CLOSE and gone["reason"] == "banned"
        still_open(hers)  # nobody else is cut off
    refused_reconnect(bob, "/ws/lobby")
    refused_reconnect(bob, path)
    assert bob.get("/api/me").status_code == 401  # the session identifies no one
    client.post("/api/admin/players/bob", headers=headers, json={"banned": False})
    with bob.socket(path) as back:  # lifted: the same session works again
        assert back.hello()["type"] == "sync"


def test_a_ban_written_to_the_database_cuts_the_sockets_at_the_next_refresh(
        client: TestClient) -> None:
    """`belle admin ban` writes the database; the server finds it at its Guard's next
    refresh (here called at once instead of waiting for its period)."""
    bob = sign_in(client, "bob")
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    with bob.socket("/ws/lobby") as lobby:
        lobby.hello()
        Moderation(hub.store.engine).sanction(bob.id, banned=True)
        still_open(lobby)  # not yet seen by this worker
        client.portal.call(hub.guard.refresh)
        gone = closed(lobby)
    assert gone["code"] == BANNED_CLOSE and gone["reason"] == "banned"
    refused_reconnect(bob, "/ws/lobby")


def test_a_ban_on_one_worker_closes_the_sockets_on_another(db_url: str) -> None:
    """Two workers on one PostgreSQL database and Redis: the operator bans on the first,
    the banned player's socket on the second is closed through the fan-out (its Guard's
    periodic refresh is stopped, so nothing else could have told it)."""
    with two_workers(db_url) as (one, two):
        bob = sign_in(one, "bob")
        on_two = Person(two, "bob", bob.token, bob.id)
        hub: Any = two.app.state.hub  # type: ignore[attr-defined]
        two.portal.call(hub.guard.stop)
        with on_two.socket("/ws/lobby") as lobby:
            lobby.hello()
            headers = operator(one)
            one.post("/api/admin/players/bob", headers=headers, json={"banned": True})
            gone = closed(lobby)
        assert gone["code"] == BANNED_CLOSE and gone["reason"] == "banned"
        assert hub.guard.is_banned(bob.id)
        refused_reconnect(on_two, "/ws/lobby")


# -- the games they sit at ---------------------------------------------------------
def eventually(found: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30  # a safety net for background work, not a measure
    while not found():
        assert time.monotonic() < deadline, f"{what} did not happen"
        time.sleep(0.05)


def said(store: Store, table_id: int) -> list[str]:
    """The notices the table's own chat lines gave, oldest first."""
    return [line.notice["id"] for line in store.recent_chat(table_id)
            if line.notice is not None]


def test_a_banned_players_seat_is_resigned_where_another_person_plays(
        client: TestClient) -> None:
    """Anna should not wait on Bob, who can never move again: a bot plays his seat to
    the end (ranked last, as a resign) and the game goes on."""
    anna, bob, table_id = anna_bob_and_a_bot(client)
    start(anna, table_id)
    banned = client.post("/api/admin/players/Bob", headers=operator(client),
                         json={"banned": True})
    assert banned.status_code == 200
    actor = table_actor(client, table_id)  # done before the operator's answer
    bobs = actor.table.seats[1]
    assert bobs.player_id == bob.id and bobs.forfeited and bobs.bot_plays
    assert actor.table.status == "running"
    assert said(actor.host.store, table_id)[-1] == "banned_resigned"
    with anna.socket(f"/ws/table/{table_id}") as sock:
        first = sock.hello()
        assert first["table"]["seats"][1]["forfeited"] is True
        play({0: sock}, sock, first=first,  # Bob's seat moves for him
             stop=lambda m: m.get("kind") == "action" and m.get("player") == 1)


def test_a_game_with_no_one_else_is_aborted(client: TestClient) -> None:
    bob = sign_in(client, "bob")
    table_id = seated_with_bots(bob, "random")
    start(bob, table_id)
    client.post("/api/admin/players/bob", headers=operator(client), json={"banned": True})
    actor = table_actor(client, table_id)
    assert actor.table.status == "aborted" and actor.table.result is None
    assert said(actor.host.store, table_id)[-1] == "banned_aborted"


def test_seats_are_resigned_once_storage_answers_again(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ban is stored but the running tables cannot be read: the seats are resigned
    in the background once storage answers."""
    anna, _bob, table_id = anna_bob_and_a_bot(client)
    start(anna, table_id)
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    read = hub.db.read
    failed: list[bool] = []

    async def failing_once(fn: Any, *args: Any) -> Any:
        if fn == hub.store.list_tables and not failed:
            failed.append(True)
            raise StorageUnavailable()
        return await read(fn, *args)

    monkeypatch.setattr(hub.db, "read", failing_once)
    monkeypatch.setattr(bans, "RETRY_SECONDS", 0.05)
    banned = client.post("/api/admin/players/Bob", headers=operator(client),
                         json={"banned": True})
    assert banned.status_code == 200 and failed == [True]
    actor = table_actor(client, table_id)
    eventually(lambda: actor.table.seats[1].forfeited, "Bob's seat resigned")
    # the seats are stored and seen first; the chat notice is written after them
    eventually(lambda: said(hub.store, table_id).count("banned_resigned") == 1,
               "the resignation noted in the table's log")
    assert said(hub.store, table_id).count("banned_resigned") == 1


def test_a_ban_written_to_the_database_unseats_at_the_next_refresh(
        client: TestClient) -> None:
    """`belle admin ban`: the Guard's refresh finds it and the seats follow (in the
    background, as on every worker that did not ban)."""
    anna, bob, table_id = anna_bob_and_a_bot(client)
    start(anna, table_id)
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    Moderation(hub.store.engine).sanction(bob.id, banned=True)
    client.portal.call(hub.guard.refresh)
    actor = table_actor(client, table_id)
    eventually(lambda: actor.table.seats[1].forfeited, "Bob's seat resigned")
    # the seats are stored and seen first; the chat notice is written after them
    eventually(lambda: said(hub.store, table_id).count("banned_resigned") == 1,
               "the resignation noted in the table's log")
    assert said(hub.store, table_id).count("banned_resigned") == 1


def test_a_ban_on_one_worker_resigns_the_seat_at_a_table_another_leads(
        db_url: str) -> None:
    """The table runs on the second worker; the operator bans on the first. The worker
    that leads the table resigns the seat, once (the other sees it is not theirs)."""
    with two_workers(db_url) as (one, two):
        anna, _bob, table_id = anna_bob_and_a_bot(two)
        start(anna, table_id)
        one.post("/api/admin/players/Bob", headers=operator(one), json={"banned": True})
        store: Store = two.app.state.hub.store  # type: ignore[attr-defined]

        def resigned() -> bool:
            table = store.get_table(table_id)
            return table is not None and table.seats[1].forfeited

        eventually(resigned, "Bob's seat resigned")
        # the seats are stored and seen first; the chat notice is written after them
        eventually(lambda: said(store, table_id).count("banned_resigned") == 1,
                   "the resignation noted in the table's log")
        eventually(lambda: table_actor(two, table_id).table.seats[1].forfeited,
                   "the second worker to hear of it")
        assert said(store, table_id).count("banned_resigned") == 1

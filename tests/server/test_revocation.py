"""A revoked session stops acting at once, its open websockets included (issue 17,
session 6, item 1): logout closes that session's sockets, "log out everywhere" and a
password change the player's other ones, on every worker (the two-worker test needs
PostgreSQL in BELLE_TEST_DATABASE_URLS and BELLE_TEST_REDIS_URL)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from belle.server.accounts.revocation import SIGNED_OUT_CLOSE

from .kit import Person, anna_bob_and_a_bot, sign_in, two_workers
from .test_bans import closed, still_open

PASSWORD = "correct horse"


def two_sessions(client: TestClient, name: str) -> tuple[Person, Person]:
    """The same registered player signed in from two browsers."""
    first = sign_in(client, name, PASSWORD)
    second = sign_in(client, name, PASSWORD)
    assert first.token != second.token and first.id == second.id
    return first, second


def signed_out(sock: Any) -> None:
    gone = closed(sock)
    assert gone["code"] == SIGNED_OUT_CLOSE and gone["reason"] == "signed_out"


def test_logout_closes_that_sessions_sockets_and_no_other(client: TestClient) -> None:
    _anna, bob, table_id = anna_bob_and_a_bot(client)
    path = f"/ws/table/{table_id}"
    ann_here, ann_there = two_sessions(client, "ann")
    with ann_here.socket("/ws/lobby") as lobby, ann_here.socket(path) as table, \
            ann_there.socket(path) as other, bob.socket(path) as bobs:
        for sock in (lobby, table, other, bobs):
            sock.hello()
        assert ann_here.post("/api/logout").status_code == 200
        signed_out(lobby)
        signed_out(table)
        still_open(other)  # her other browser's session goes on
        still_open(bobs)
    with ann_here.socket(path) as again:  # the copied cookie now opens a spectator's
        sync = again.hello()
        assert sync["type"] == "sync" and sync["seat"] is None
        again.send({"type": "chat", "text": "still me?"})
        again.expect_error("not_signed_in")


def test_a_seated_players_socket_cannot_act_after_logout(client: TestClient) -> None:
    """The point of the fix: before it, the open socket went on moving as Bob."""
    _anna, bob, table_id = anna_bob_and_a_bot(client)
    with bob.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        bob.post("/api/logout")
        signed_out(sock)
    with bob.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        sock.send({"type": "chat", "text": "/leave"})
        sock.expect_error("not_signed_in")
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["name"] == "Bob"  # the copy of the cookie could not stand him up


def test_logout_everywhere_closes_every_socket_of_the_player(client: TestClient) -> None:
    here, there = two_sessions(client, "ann")
    with here.socket("/ws/lobby") as mine, there.socket("/ws/lobby") as theirs:
        mine.hello()
        theirs.hello()
        assert here.post("/api/logout", {"everywhere": True}).status_code == 200
        signed_out(mine)
        signed_out(theirs)


def test_a_password_change_closes_the_other_sessions_sockets(client: TestClient) -> None:
    here, there = two_sessions(client, "ann")
    with here.socket("/ws/lobby") as mine, there.socket("/ws/lobby") as theirs:
        mine.hello()
        theirs.hello()
        changed = here.post("/api/password", {"password": "new secret", "current": PASSWORD})
        assert changed.status_code == 200, changed.text
        signed_out(theirs)
        still_open(mine)  # the browser that changed it stays signed in
    assert there.get("/api/me").status_code == 401
    assert here.get("/api/me").status_code == 200


def test_a_logout_on_one_worker_closes_the_socket_on_another(db_url: str) -> None:
    """Two workers: the socket on the second closes through the fan-out, and the
    second's cached session is forgotten at once (not after its cache window)."""
    with two_workers(db_url) as (one, two):
        ann = sign_in(one, "ann", PASSWORD)
        on_two = Person(two, "ann", ann.token, ann.id)
        assert on_two.get("/api/me").status_code == 200  # cached on the second now
        with on_two.socket("/ws/lobby") as lobby:
            lobby.hello()
            assert ann.post("/api/logout").status_code == 200
            signed_out(lobby)
        assert on_two.get("/api/me").status_code == 401

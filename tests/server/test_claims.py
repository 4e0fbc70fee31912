"""The one-move-then-stall game (issue 17, session 6, item 3): at a table without a
clock, the other seated people may claim the seat of a person to move who has been
silent for 5 minutes (live) or 3 days (turn-based); a bot plays it to the end and the
person ranks last, as a forfeit does. Over HTTP, the websocket (`claim`) and the chat
(`/claim`); the table's chat says so in the reader's words. Also: a game under way no
longer counts toward its host's open tables, and a host who leaves an open table hands
the role to the next person seated. Time is a FakeClock, advanced on the app's loop."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from belle.server import create_app
from belle.server.table.clock import FakeClock
from belle.server.table.departures import CLAIM_AFTER
from belle.storage.models import actions
from belle.storage.store import now

from .kit import (
    FAST,
    SECRET,
    LiveTable,
    Person,
    Sock,
    add_bot,
    connected_and_started,
    new_table,
    play,
    seat,
    sign_in,
)

LIVE, TURN = CLAIM_AFTER["live"], CLAIM_AFTER["turn"]


def test_the_graces_are_five_minutes_live_and_three_days_turn_based() -> None:
    assert (LIVE, TURN) == (300.0, 3 * 86400.0)


@pytest.fixture
def fake() -> FakeClock:
    return FakeClock()


def app(db_url: str, fake: FakeClock) -> Any:
    return create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, clock=fake)


@pytest.fixture
def client(db_url: str, fake: FakeClock) -> Iterator[TestClient]:
    with TestClient(app(db_url, fake)) as test_client:
        yield test_client


def advance(client: TestClient, fake: FakeClock, seconds: float) -> None:
    portal: Any = client.portal
    portal.call(fake.advance, seconds)


def error(response: Any) -> dict[str, Any]:
    assert response.status_code >= 400, response.text
    found: dict[str, Any] = response.json()["error"]
    return found


def table_of(client: TestClient, mode: str = "live", clock: Any = None) -> tuple[
        Person, Person, int]:
    """Anna at seat 0, Bob at 1, a random bot at 2; not started."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    body: dict[str, Any] = {"game": "paris_connection", "players": 3, "mode": mode}
    if clock is not None:
        body["clock"] = clock
    response = anna.post("/api/tables", body)
    assert response.status_code == 200, response.text
    table_id: int = response.json()["id"]
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    add_bot(anna, table_id, "random")
    return anna, bob, table_id


def silent_and_claimant(game: LiveTable) -> tuple[int, Person, Sock, Person, Sock]:
    """Play the bots until a person is to move: that person stays silent from now on.
    (their seat, the silent person, their socket, the other person, theirs)"""
    event, mover, _other = game.persons_turn()
    silent = event["to_move"]
    people = {0: (game.anna, game.a), 1: (game.bob, game.b)}
    claimant, their_sock = people[1 - silent]
    return silent, people[silent][0], mover, claimant, their_sock


def test_a_silent_person_is_claimed_out_and_ranks_last(client: TestClient,
                                                       fake: FakeClock) -> None:
    anna, bob, table_id = table_of(client)
    path = f"/api/tables/{table_id}/claim"
    with connected_and_started(client, table_id, anna, bob) as game:
        silent, person, _sock, claimant, sock = silent_and_claimant(game)
        advance(client, fake, LIVE - 60)
        early = error(claimant.post(path))
        assert early["code"] == "not_ready" and early["notice"] == "claim_too_early_minutes"
        assert early["params"] == {"name": person.name, "waited": 4, "grace": 5}
        assert error(person.post(path))["notice"] == "claim_nobody"  # not one's own
        assert error(sign_in(client, "Cy").post(path))["code"] == "not_seated"
        advance(client, fake, 60)
        claimed = claimant.post(path)
        assert claimed.status_code == 200, claimed.text
        taken = claimed.json()["seats"][silent]
        assert taken["forfeited"] and taken["stand_in"] == "medium"
        said = game.s.until(lambda m: m.get("kind") == "chat" and m.get("notice") == "claimed")
        assert said["params"] == {"name": person.name, "by": claimant.name}
        over = play({1 - silent: sock}, game.s)  # the bot plays the seat to the end
        assert over["kind"] == "over" and over["forfeited"] == [silent]


def test_a_claim_over_the_socket_and_in_the_chat_turn_based(client: TestClient,
                                                            fake: FakeClock) -> None:
    anna, bob, table_id = table_of(client, mode="turn")
    with connected_and_started(client, table_id, anna, bob) as game:
        silent, _person, _sock, _claimant, sock = silent_and_claimant(game)
        advance(client, fake, 2 * 86400)
        sock.send({"type": "claim"})
        early = sock.expect_error("not_ready")
        assert early["notice"] == "claim_too_early_hours"
        assert early["params"]["waited"] == 48 and early["params"]["grace"] == 72
        advance(client, fake, 86400)
        sock.send({"type": "chat", "text": "/claim"})
        reply = sock.until(lambda m: m["type"] in ("notice", "error"))
        assert reply["type"] == "notice" and reply["notice"] == "you_claimed", reply
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["seats"][silent]["forfeited"]


def test_no_claim_at_a_table_with_a_clock(client: TestClient, fake: FakeClock) -> None:
    anna, bob, table_id = table_of(client, clock={"kind": "per-move", "seconds": 3600})
    with connected_and_started(client, table_id, anna, bob) as game:
        _silent, _person, _sock, claimant, _their = silent_and_claimant(game)
        refused = error(claimant.post(f"/api/tables/{table_id}/claim"))
        assert refused["code"] == "not_ready" and "clock" in refused["message"]


def test_the_silence_is_read_from_the_stored_log_after_a_restart(
        db_url: str, fake: FakeClock) -> None:
    """A restart does not start the silence over: it counts from the last stored action."""
    with TestClient(app(db_url, fake)) as client:
        anna, bob, table_id = table_of(client)
        with connected_and_started(client, table_id, anna, bob) as game:
            silent, _person, _sock, claimant, _their = silent_and_claimant(game)
            token = claimant.token
        store: Any = client.app.state.hub.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:  # the last action was 10 minutes ago
            conn.execute(update(actions).where(actions.c.match_id == table_id)
                         .values(at=now() - timedelta(minutes=10)))
    with TestClient(app(db_url, FakeClock())) as client:
        again = Person(client, claimant.name, token)
        claimed = again.post(f"/api/tables/{table_id}/claim")
        assert claimed.status_code == 200, claimed.text
        assert claimed.json()["seats"][silent]["forfeited"]


def test_a_game_under_way_does_not_count_toward_the_hosts_open_tables(
        db_url: str) -> None:
    from belle.server import Limits

    fields = {f: getattr(FAST, f) for f in FAST.__dataclass_fields__}
    limits = Limits(**{**fields, "max_open_tables": 2})
    with TestClient(create_app(db_url, bot_delay=0.0, secret=SECRET, limits=limits)) as client:
        host, stranger = sign_in(client, "host"), sign_in(client, "stranger")
        first, _second = new_table(host), new_table(host)
        body = {"game": "paris_connection", "players": 3}
        assert error(host.post("/api/tables", body))["code"] == "too_many_tables"
        seat(host, first, 0)
        seat(stranger, first, 1)
        add_bot(host, first, "random")
        assert host.post(f"/api/tables/{first}/start").status_code == 200
        assert host.post("/api/tables", body).status_code == 200


def test_a_host_who_leaves_an_open_table_hands_it_on(db_url: str, fake: FakeClock) -> None:
    with TestClient(app(db_url, fake)) as client:
        ann, bob, cy = (sign_in(client, name) for name in ("ann", "bob", "cy"))
        table_id = new_table(ann)
        seat(ann, table_id, 0)
        seat(cy, table_id, 2)
        seat(bob, table_id, 1)
        left = ann.post(f"/api/tables/{table_id}/leave")
        assert left.status_code == 200 and left.json()["host"] == "bob"  # first by seat
        add_bot(bob, table_id, "random")  # bob manages it now
        assert error(ann.post(f"/api/tables/{table_id}/close"))["code"] == "not_host"
        with cy.socket(f"/ws/table/{table_id}") as sock:
            sync = sock.hello()
            notices = [line.get("notice") for line in sync["chat"]]
            assert "new_host" in notices
        # a host alone at the table keeps the role when leaving (they may still close it)
        solo = new_table(cy)
        seat(cy, solo, 0)
        assert cy.post(f"/api/tables/{solo}/leave").json()["host"] == "cy"

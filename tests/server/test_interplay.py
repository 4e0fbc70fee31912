"""Where issue 10's features meet (clocks, undo, notices, ratings): an undo on a clocked
table, away/forfeit with "your turn" notices, and a forfeit on time rated end to end.
Time is a FakeClock throughout (no sleeps)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.server import create_app
from belle.server.table.clock import ClockSettings, ClockState, FakeClock
from belle.server.table.timekeeper import TIMEOUT_MARK

from .kit import (
    FAST,
    SECRET,
    Person,
    Sock,
    connected_and_started,
    guest,
    play,
    sign_in,
    start,
    table_actor,
)
from .notifykit import Game, smtp_sink, started
from .test_clock import advance, clock_app, clocked_table, join
from .test_notify_mail import ANN, SINKS, config, settle, three_players
from .test_undo import until_build

PER_MOVE = {"kind": "per-move", "seconds": 120}
GAME = {"kind": "game", "seconds": 600, "increment": 10}


# -- undo on a clocked table -------------------------------------------------------
@contextmanager
def at_a_build(db_url: str, fake: FakeClock, clock: dict[str, Any]
               ) -> Iterator[tuple[TestClient, int, Sock, dict[str, Any]]]:
    """A started clocked table (Anna, Bob, a random bot) where a person is to move and may
    build (a step that keeps the turn): the client, the table, the mover's socket and the
    message with its legal moves."""
    with TestClient(clock_app(db_url, fake)) as client:
        anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
        table_id = clocked_table(anna, clock)
        join(anna, table_id, 0)
        join(bob, table_id, 1)
        assert anna.post(f"/api/tables/{table_id}/bots", {"bot": "random"}).status_code == 200
        with connected_and_started(client, table_id, anna, bob) as game:
            own = until_build(client, game.seats, game.s)
            yield client, table_id, game.seats[own["to_move"]], own


@pytest.mark.parametrize("clock", [PER_MOVE, GAME], ids=["per-move", "game"])
def test_an_undo_keeps_the_deadline_and_the_timeout_still_fires(
    db_url: str, clock: dict[str, Any]
) -> None:
    """Issue 10 items 2 and 5: taking back a step does not hand the turn over, so the
    clock neither resets (per-move) nor gains time (game clock): the deadline stays, and
    the timer, re-armed for the version the undo went back to, fires at it."""
    fake = FakeClock()
    with at_a_build(db_url, fake, clock) as (client, table_id, sock, own):
        mover, version = own["to_move"], own["version"]
        actor = table_actor(client, table_id)
        deadline = actor.timekeeper.state.deadline
        assert actor.timekeeper.state.seat == mover and deadline is not None

        advance(client, fake, 60)
        build = next(x for x in own["legal"] if x["text"].startswith("build"))
        sock.send({"type": "action", "version": version, "action": build["json"]})
        sock.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
        advance(client, fake, 30)
        sock.send({"type": "undo", "version": version + 1})
        sock.until(lambda m: m.get("kind") == "undo")
        assert actor.version == version
        assert actor.timekeeper.state.deadline == deadline  # no reset, no extra time
        assert fake.pending() == [deadline]

        advance(client, fake, deadline - fake.now - 0.5)
        assert actor.version == version and actor.timekeeper.state.timeouts == []
        advance(client, fake, 1)
        assert actor.timekeeper.state.timeouts == [mover]
        assert actor.entries[version].text.endswith(TIMEOUT_MARK)
        assert actor.entries[version].player == mover


def test_an_undo_after_the_deadline_is_refused(db_url: str) -> None:
    """Issue 10 items 2 and 5: once the time is out (the timer not yet run), an undo is
    refused like a move (`time_out`) and changes nothing."""
    fake = FakeClock()
    with at_a_build(db_url, fake, PER_MOVE) as (client, table_id, sock, own):
        version = own["version"]
        build = next(x for x in own["legal"] if x["text"].startswith("build"))
        sock.send({"type": "action", "version": version, "action": build["json"]})
        sock.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
        fake.now += 121  # past the deadline, before the timer runs
        sock.send({"type": "undo", "version": version + 1})
        sock.expect_error("time_out")
        assert table_actor(client, table_id).version == version + 1


def test_away_and_back_do_not_buy_a_fresh_per_move_period() -> None:
    """Issue 10 item 2: handing the seat to a bot and taking it back in the same turn
    continues what was left of the per-move time (else away-and-back just before the
    deadline would give a full new period, for ever); the next turn is full again,
    whether the player or the stand-in finished this one."""
    settings = ClockSettings("per-move", 120)
    clock = ClockState.fresh(settings, 3)
    clock.follow(settings, 1, True, 1000.0, 1)
    assert clock.deadline == 1120.0
    clock.follow(settings, 1, False, 1100.0, 1)  # away: the time stops
    assert clock.seat is None and clock.remaining[1] == 20.0
    clock.follow(settings, 1, True, 1105.0, 1)  # back: 20 s left, not 120
    assert clock.deadline == 1125.0
    clock.follow(settings, 2, True, 1110.0, 2)
    assert clock.remaining[1] == 120.0 and clock.deadline == 1230.0
    clock.follow(settings, 2, False, 1200.0, 2)  # away; the stand-in ends the turn
    clock.follow(settings, 0, True, 1201.0, 3)
    assert clock.remaining == [120.0, 120.0, 120.0] and clock.deadline == 1321.0
    assert ClockState.from_json(clock.to_json(), settings, 3) == clock


# -- away, forfeit and "your turn" -------------------------------------------------
@pytest.fixture
def slow_bots(db_url: str) -> Iterator[tuple[TestClient, Any]]:
    """An app e-mailing through a sink whose stand-in bots wait an hour before moving,
    so a turn handed to a bot stays open while the test looks."""
    with smtp_sink() as (sink, port):
        SINKS.append(sink)  # three_players clears the confirmation e-mails from it
        app = create_app(db_url, bot_delay=3600.0, secret=SECRET, limits=FAST,
                         mail=config(port))
        with TestClient(app) as client:
            yield client, sink


def waiting(person: Person) -> list[int]:
    return [t["id"] for t in person.get("/api/me/next").json()["tables"]]


def away(game: Game, message: dict[str, Any]) -> None:
    """Ann hands her seat to a bot or takes it back; returns once the table has
    finished with it (its listeners ran)."""
    game.socks[0].send(message)
    game.socks[0].until(lambda m: m.get("kind") == "table")
    game.barrier()


def test_an_away_player_gets_no_notice_and_back_gives_the_turn_back(
    slow_bots: tuple[TestClient, Any],
) -> None:
    """Issue 10 items 2 and 4: while a bot plays Ann's seat, her turn is no e-mail and
    not in her /api/me/next; taking the seat back during that turn puts the table back
    in /api/me/next (same `since`, no e-mail); going away during her own turn takes it
    out at once."""
    client, sink = slow_bots
    people = three_players(client)
    ann = people[0]
    response = ann.post("/api/tables", {"game": "paris_connection", "players": 3,
                                        "mode": "turn"})
    table_id = response.json()["id"]
    with started(people, table_id) as game:
        game.play_until(lambda: game.to_move() == 0)  # Ann's first turn
        settle(game, client)
        assert [r for r, _ in sink.messages] == [[ANN]] and waiting(ann) == [table_id]
        away(game, {"type": "away"})  # during her own turn
        assert waiting(ann) == []
        away(game, {"type": "back"})
        assert waiting(ann) == [table_id]
        game.play_until(lambda: game.to_move() != 0)

        away(game, {"type": "away"})  # before her next turn
        game.play_until(lambda: game.to_move() == 0)
        settle(game, client)
        assert [r for r, _ in sink.messages] == [[ANN]] and waiting(ann) == []
        since = client.app.state.notifier.notices  # type: ignore[attr-defined]
        before = since.waiting(ann.id)
        away(game, {"type": "back"})
        settle(game, client)
        after = since.waiting(ann.id)
        assert before[0] == 0 and after[0] == 1 and after[1][0].table_id == table_id
        assert [r for r, _ in sink.messages] == [[ANN]]  # taking it back sends nothing


def test_undo_leaves_the_turn_and_its_single_email(sink_client: tuple[TestClient, Any]) -> None:
    """Issue 10 items 4 and 5: an undo does not end the turn: the `turns` row keeps its
    start, and playing the step again sends no second e-mail."""
    client, sink = sink_client
    people = three_players(client)
    table_id = people[0].post("/api/tables", {"game": "paris_connection", "players": 3,
                                              "mode": "turn"}).json()["id"]
    notices = client.app.state.notifier.notices  # type: ignore[attr-defined]
    with started(people, table_id) as game:
        game.play_until(lambda: game.to_move() == 0)
        settle(game, client)
        assert len(sink.messages) == 1
        since = notices.waiting(people[0].id)[1][0].since
        sock = game.socks[0]
        assert game.last is not None
        version = game.last["version"]

        def mine(m: dict[str, Any]) -> bool:
            return m.get("version") == version and bool(m.get("legal"))

        own = next((m for m in reversed(sock.seen) if mine(m)), None) or sock.until(mine)
        step = next((x for x in own["legal"] if x["text"].startswith("build")), None)
        if step is None:
            pytest.skip("no build in this opening")
        for _ in range(2):
            sock.send({"type": "action", "version": version, "action": step["json"]})
            sock.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
            sock.send({"type": "undo", "version": version + 1})
            sock.until(lambda m: m.get("kind") == "undo")
        game.watcher.until(lambda m: m.get("kind") == "undo")
        game.last = game.watcher.until(lambda m: m.get("kind") == "undo")
        settle(game, client)
        assert notices.waiting(people[0].id)[1][0].since == since
        assert len(sink.messages) == 1
        del sock.seen[:-1]  # versions after the undo come again: forget the old ones
        game.play_until(lambda: game.to_move() != 0)
        settle(game, client)
        assert waiting(people[0]) == [] and len(sink.messages) == 1


@pytest.fixture
def sink_client(db_url: str) -> Iterator[tuple[TestClient, Any]]:
    with smtp_sink() as (sink, port):
        SINKS.append(sink)
        app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, mail=config(port))
        with TestClient(app) as client:
            yield client, sink


# -- a forfeit on time, rated ------------------------------------------------------
def test_a_forfeit_on_time_is_rated_with_the_forfeiter_last(db_url: str) -> None:
    """Issue 10 items 2 and 3, end to end: the player to move runs out of time at a
    forfeit table, a bot plays the seat to the end while the other player plays hers,
    the game stays rated and the forfeiter ranks last, whatever the score."""
    fake = FakeClock()
    with TestClient(clock_app(db_url, fake)) as client:
        ada, bea = sign_in(client, "Ada", "ada-pass"), sign_in(client, "Bea", "bea-pass")
        response = ada.post("/api/tables", {"game": "paris_paris", "players": 2,
                                            "mode": "turn", "clock": PER_MOVE,
                                            "on_timeout": "forfeit"})
        assert response.status_code == 200, response.text
        table_id = response.json()["id"]
        join(ada, table_id, 0)
        join(bea, table_id, 1)
        start(ada, table_id)
        actor = table_actor(client, table_id)
        late = actor.timekeeper.state.seat
        assert late is not None
        people = (ada, bea)
        with people[1 - late].socket(f"/ws/table/{table_id}") as sock, \
                people[late].socket(f"/ws/table/{table_id}") as gone, \
                guest(client).socket(f"/ws/table/{table_id}") as watcher:
            sock.hello()
            gone.hello()
            watcher.hello()
            advance(client, fake, 121)
            assert actor.table.seats[late].forfeited
            gone.send({"type": "undo", "version": actor.version})
            assert "forfeited" in gone.expect_error("forfeited")["message"]
            over = play({1 - late: sock}, watcher)
            sock.send({"type": "chat", "text": "gg"})  # after the listeners (table lock)
            sock.until(lambda m: m.get("kind") == "chat")
        assert over["forfeited"] == [late]
        board = {p["name"]: p for p in
                 client.get("/api/leaderboard/paris_paris").json()["players"]}
        loser, winner = people[late].name, people[1 - late].name
        assert board[loser]["rating"] < 1000 < board[winner]["rating"]
        page = client.get(f"/api/players/{loser}").json()
        assert page["tables"][0]["id"] == table_id and page["tables"][0]["rated"]

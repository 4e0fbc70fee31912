"""Clocks, timeouts and stand-in bots (issue 10, item 2; item 7: clock expiry with both
outcomes on a fake clock, no sleeps).

Every test drives time with `FakeClock.advance`, run on the app's event loop through
the TestClient's portal: it returns once every due timer has done its work.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from belle.server import create_app
from belle.server.errors import ServerError
from belle.server.table.clock import MAX_SECONDS, MIN_SECONDS, ClockSettings, ClockState, FakeClock
from belle.server.table.timekeeper import TIMEOUT_MARK

from .kit import FAST, SECRET, Person, Sock, add_bot, sign_in, start, table_actor

PER_MOVE = {"kind": "per-move", "seconds": 120}
GAME = {"kind": "game", "seconds": 600, "increment": 10}


# -- settings -----------------------------------------------------------------
def test_settings_parse_the_three_kinds() -> None:
    """Issue 10 item 2: none; per-move; a game clock with an increment."""
    assert not ClockSettings.parse(None, None).active
    assert ClockSettings.parse({"kind": "none"}, "forfeit").on_timeout == "forfeit"
    assert ClockSettings.parse(PER_MOVE, None) == ClockSettings("per-move", 120, 0, "bot-moves")
    assert ClockSettings.parse(GAME, "forfeit") == ClockSettings("game", 600, 10, "forfeit")


BAD_SETTINGS = [
    ({"kind": "hourglass"}, None),
    ({"kind": "per-move"}, None),
    ({"kind": "per-move", "seconds": 5}, None),
    ({"kind": "per-move", "seconds": MAX_SECONDS + 1}, None),
    ({"kind": "per-move", "seconds": "120"}, None),
    ({"kind": "per-move", "seconds": True}, None),
    ({"kind": "per-move", "seconds": 120.5}, None),
    ({"kind": "per-move", "seconds": 120, "increment": 5}, None),
    ({"kind": "game", "seconds": 600, "increment": -1}, None),
    ({"kind": "game", "seconds": 600, "increment": 86_401}, None),
    ("fast", None),
    (PER_MOVE, "resign"),
]


@pytest.mark.parametrize(("clock", "on_timeout"), BAD_SETTINGS)
def test_bad_settings_are_refused_with_a_clear_error(clock: Any, on_timeout: Any) -> None:
    """Issue 10 item 2: bad clock settings get a clear error."""
    with pytest.raises(ServerError) as caught:
        ClockSettings.parse(clock, on_timeout)
    assert caught.value.code == "bad_options"
    assert "clock" in caught.value.message or "on_timeout" in caught.value.message


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=9), inner,
                                                                 max_size=3),
    max_leaves=6,
)


@given(clock=st.one_of(JSONISH, st.fixed_dictionaries(
    {"kind": st.sampled_from(["none", "per-move", "game", "x"])},
    optional={"seconds": JSONISH | st.integers(), "increment": JSONISH | st.integers()},
)), on_timeout=st.one_of(st.none(), st.sampled_from(["bot-moves", "forfeit"]), JSONISH))
def test_any_payload_is_either_refused_or_within_bounds(clock: Any, on_timeout: Any) -> None:
    """Issue 10 item 2 (parser property): anything is refused as bad_options or parses to
    settings within the bounds."""
    try:
        settings = ClockSettings.parse(clock, on_timeout)
    except ServerError as exc:
        assert exc.code == "bad_options"
        return
    assert settings.on_timeout in ("bot-moves", "forfeit")
    if settings.active:
        assert MIN_SECONDS <= settings.seconds <= MAX_SECONDS
        assert 0 <= settings.increment <= 86_400


# -- arithmetic ---------------------------------------------------------------
def test_a_per_move_clock_resets_for_every_turn() -> None:
    """Issue 10 item 2: per-move time; a turn of several actions is one move."""
    settings = ClockSettings("per-move", 120)
    clock = ClockState.fresh(settings, 3)
    assert clock.follow(settings, 1, True, 1000.0, 1)
    assert clock.deadline == 1120.0
    assert not clock.follow(settings, 1, True, 1100.0, 2)  # same turn goes on
    assert clock.deadline == 1120.0
    assert clock.follow(settings, 2, True, 1110.0, 3)
    assert (clock.seat, clock.deadline) == (2, 1230.0)
    assert not clock.expired(1229.9) and clock.expired(1230.0)


def test_a_game_clock_keeps_what_is_left_plus_the_increment() -> None:
    """Issue 10 item 2: a game clock with an increment; a bot's turn stops no clock."""
    settings = ClockSettings("game", 600, 10)
    clock = ClockState.fresh(settings, 2)
    clock.follow(settings, 0, True, 0.0, 1)
    clock.follow(settings, 1, True, 100.0, 2)
    assert clock.remaining == [510.0, 600.0] and clock.deadline == 700.0
    clock.follow(settings, 0, True, 250.0, 3)
    assert clock.remaining == [510.0, 460.0] and clock.deadline == 760.0
    clock.follow(settings, 1, False, 260.0, 4)  # a bot plays seat 1: no time runs
    assert clock.seat is None and clock.remaining == [510.0 - 10 + 10, 460.0]
    restored = ClockState.from_json(clock.to_json(), settings, 2)
    assert restored == clock


def test_an_outage_moves_a_running_clock_on_once() -> None:
    """Issue 17: an outage settled at `until`, 30 s after the last beat, moves a clock
    running since before it by those 30 s, once: again, or after a later shift, it
    stays; a clock started after the last beat moves by what it ran, a stopped one not."""
    settings = ClockSettings("per-move", 120)
    clock = ClockState.fresh(settings, 2)
    clock.follow(settings, 0, True, 1000.0, 1)
    stored = clock.to_json()
    moved = ClockState.shifted(stored, 1050.0, 30.0)
    assert (moved["started"], moved["deadline"], moved["shift"]) == (1030.0, 1150.0, 1050.0)
    assert ClockState.shifted(moved, 1050.0, 30.0) == moved
    later = ClockState.shifted(moved, 1090.0, 10.0)
    assert later["deadline"] == 1160.0 and ClockState.shifted(later, 1050.0, 30.0) == later
    assert ClockState.shifted(stored, 1010.0, 30.0)["deadline"] == 1130.0  # ran 10 s of it
    assert ClockState.shifted(stored, 990.0, 5.0) == stored  # started after the outage
    clock.follow(settings, 1, False, 1001.0, 2)
    assert ClockState.shifted(clock.to_json(), 1050.0, 30.0) == clock.to_json()


# -- at the table -------------------------------------------------------------
@pytest.fixture
def fake() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app_client(db_url: str, fake: FakeClock) -> Iterator[TestClient]:
    with TestClient(clock_app(db_url, fake)) as client:
        yield client


def clock_app(db_url: str, fake: FakeClock, bot_delay: float = 0.0) -> Any:
    return create_app(db_url, bot_delay=bot_delay, secret=SECRET, limits=FAST, clock=fake)


def advance(client: TestClient, fake: FakeClock, seconds: float) -> None:
    portal: Any = client.portal
    portal.call(fake.advance, seconds)


def clocked_table(owner: Person, clock: dict[str, Any], on_timeout: str = "bot-moves") -> int:
    response = owner.post("/api/tables", {"game": "paris_connection", "players": 3,
                                          "options": {}, "mode": "live", "clock": clock,
                                          "on_timeout": on_timeout})
    assert response.status_code == 200, response.text
    assert response.json()["clock"] == ClockSettings.parse(clock, on_timeout).to_json()
    table_id: int = response.json()["id"]
    return table_id


def join(person: Person, table_id: int, seat: int) -> None:
    assert person.post(f"/api/tables/{table_id}/join", {"seat": seat}).status_code == 200


def solo_with_bots(client: TestClient, clock: dict[str, Any], on_timeout: str) -> tuple[
        Person, int]:
    """Ada at seat 0, two greedy bots, started."""
    ada = sign_in(client, "Ada")
    table_id = clocked_table(ada, clock, on_timeout)
    join(ada, table_id, 0)
    add_bot(ada, table_id)
    add_bot(ada, table_id)
    start(ada, table_id)
    return ada, table_id


def clock_of(message: dict[str, Any]) -> dict[str, Any] | None:
    if message["type"] == "clock":
        clock: dict[str, Any] | None = message["clock"]
        return clock
    if message["type"] == "sync":
        return message.get("clock")
    return None


def wait_for_clock(sock: Sock, seat: int | None, first: dict[str, Any]) -> dict[str, Any]:
    """The first clock (in `first`, then the socket's messages) running for `seat`."""
    message = first
    while True:
        clock = clock_of(message)
        if clock is not None and clock["seat"] == seat:
            return message
        message = sock.recv()


def test_timeout_bot_moves_plays_for_the_seat_and_the_game_goes_on(
    app_client: TestClient, fake: FakeClock
) -> None:
    """Issue 10 items 2 and 7: on expiry with "bot-moves" a legal move is played for the
    seat, the log says so, and the game goes on; nothing happens a second before."""
    ada, table_id = solo_with_bots(app_client, PER_MOVE, "bot-moves")
    with ada.socket(f"/ws/table/{table_id}") as sock:
        message = wait_for_clock(sock, 0, sock.hello())
        assert clock_of(message)["left"] == 120  # type: ignore[index]
        actor = table_actor(app_client, table_id)
        version = actor.version
        advance(app_client, fake, 119.5)
        assert actor.version == version and actor.timekeeper.state.timeouts == []
        advance(app_client, fake, 1)
        assert actor.version > version
        marked = [e for e in actor.entries[version:] if e.text.endswith(TIMEOUT_MARK)]
        assert marked and all(e.player == 0 for e in marked)
        assert actor.timekeeper.state.timeouts == [0]
        event = sock.until(lambda m: m.get("kind") == "action" and m["player"] == 0)
        assert event["text"].endswith(TIMEOUT_MARK)
        assert actor.table.status == "running" or actor.over
        assert not actor.table.seats[0].forfeited


def test_timeout_forfeit_hands_the_seat_to_a_bot_and_the_result_lists_it(
    app_client: TestClient, fake: FakeClock
) -> None:
    """Issue 10 items 2 and 7: on expiry with "forfeit" the seat is forfeited, a bot
    plays it to the end, the result lists the forfeit; the seat cannot be taken back."""
    ada, table_id = solo_with_bots(app_client, PER_MOVE, "forfeit")
    with ada.socket(f"/ws/table/{table_id}") as sock:
        wait_for_clock(sock, 0, sock.hello())
        advance(app_client, fake, 121)
        table = sock.until(lambda m: m.get("kind") == "table")["table"]
        assert table["seats"][0]["forfeited"] is True
        assert table["seats"][0]["stand_in"] == "medium"
        sock.send({"type": "back"})
        sock.expect_error("forfeited")
        over = sock.until(lambda m: m.get("kind") == "over")
        assert over["forfeited"] == [0]
    actor = table_actor(app_client, table_id)
    assert actor.table.result is not None and actor.table.result["forfeited"] == [0]
    assert not any(e.text.endswith(TIMEOUT_MARK) for e in actor.entries)


def test_timer_does_nothing_when_this_worker_is_not_the_leader(
    app_client: TestClient, fake: FakeClock
) -> None:
    """Issue 10 item 2: the timer acts only when `host.leader(table)` is True."""
    ada, table_id = solo_with_bots(app_client, PER_MOVE, "forfeit")
    hub: Any = app_client.app.state.hub  # type: ignore[attr-defined]

    async def not_leader(_table_id: int) -> bool:
        return False

    with ada.socket(f"/ws/table/{table_id}") as sock:
        wait_for_clock(sock, 0, sock.hello())
        actor = table_actor(app_client, table_id)
        version = actor.version
        hub.leader = not_leader
        advance(app_client, fake, 1000)
        assert actor.version == version
        assert not actor.table.seats[0].forfeited and actor.timekeeper.state.timeouts == []


def three_people(client: TestClient, clock: dict[str, Any]) -> tuple[list[Person], int]:
    people = [sign_in(client, name) for name in ("Ada", "Bea", "Cy")]
    table_id = clocked_table(people[0], clock)
    for index, person in enumerate(people):
        join(person, table_id, index)
    start(people[0], table_id)
    return people, table_id


def play_turn(sock: Sock, seat: int, rng: random.Random, first: dict[str, Any]
              ) -> dict[str, Any]:
    """Play random legal actions for `seat` until another seat is to move; that clock
    (`first`: the message to start from, the socket's sync)."""
    message = first
    while True:
        clock = clock_of(message)
        if clock is not None and clock["seat"] != seat:
            return clock
        if message.get("legal") and message.get("to_move") == seat:
            action = rng.choice(message["legal"])["json"]
            sock.send({"type": "action", "version": message["version"], "action": action})
        message = sock.until(lambda m: bool(m.get("legal")) or clock_of(m) is not None)


def test_a_move_before_the_deadline_cancels_the_timer_and_earns_the_increment(
    app_client: TestClient, fake: FakeClock
) -> None:
    """Issue 10 item 2: a move just before the deadline cancels the timer; the game
    clock keeps what was left plus the increment."""
    people, table_id = three_people(app_client, GAME)
    actor = table_actor(app_client, table_id)
    mover = actor.timekeeper.state.seat
    assert mover is not None
    deadline = actor.timekeeper.state.deadline
    assert fake.pending() == [deadline]
    with people[mover].socket(f"/ws/table/{table_id}") as sock:
        sync = sock.hello()
        advance(app_client, fake, 599)
        clock = play_turn(sock, mover, random.Random(3), sync)
    assert clock["remaining"][mover] == pytest.approx(600 - 599 + 10)
    assert deadline not in fake.pending() and len(fake.pending()) == 1
    advance(app_client, fake, 2)
    assert actor.timekeeper.state.timeouts == []


def test_the_clock_survives_a_restart(db_url: str, fake: FakeClock) -> None:
    """Issue 10 item 2: the clock is stored with the table, so a restarted server
    continues the same clock (remaining times, running deadline) and its timeout.
    Issue 17: the time the server was down is nobody's: the deadline moves by it."""
    with TestClient(clock_app(db_url, fake)) as first:
        people, table_id = three_people(first, GAME)
        mover = table_actor(first, table_id).timekeeper.state.seat
        assert mover is not None
        with people[mover].socket(f"/ws/table/{table_id}") as sock:
            sync = sock.hello()
            advance(first, fake, 100)
            clock = play_turn(sock, mover, random.Random(5), sync)
        running = clock["seat"]
        saved = table_actor(first, table_id).timekeeper.state.to_json()
    assert saved["remaining"][mover] == pytest.approx(510)
    advance_outside(fake, 50)
    with TestClient(clock_app(db_url, fake)) as second:
        actor = table_actor(second, table_id)
        assert actor.timekeeper.state.to_json() == ClockState.shifted(saved, fake.now, 50)
        assert fake.pending() == [saved["deadline"] + 50]
        version = actor.version
        advance(second, fake, 599)  # 550 s were left when the server stopped, plus 50
        assert actor.version == version
        advance(second, fake, 2)
        assert actor.timekeeper.state.timeouts == [running]
        assert actor.entries[version].text.endswith(TIMEOUT_MARK)


def ada_100_s_into_her_turn(app_client: TestClient,
                            fake: FakeClock) -> tuple[int, Any, Any, float]:
    """Ada alone with bots, her move clock running for 100 s: the table, its actor, the
    hub and when her turn started."""
    ada, table_id = solo_with_bots(app_client, PER_MOVE, "bot-moves")
    with ada.socket(f"/ws/table/{table_id}") as sock:
        wait_for_clock(sock, 0, sock.hello())  # Ada's clock runs
    actor = table_actor(app_client, table_id)
    hub: Any = app_client.app.state.hub  # type: ignore[attr-defined]
    started = actor.timekeeper.state.started
    advance(app_client, fake, 100)
    return table_id, actor, hub, started


def test_a_timeout_goes_by_the_clock_stored_after_an_outage(
    app_client: TestClient, fake: FakeClock
) -> None:
    """Issue 17: storage did not answer for 60 s and the stored clock skipped them, but
    the one held in memory ran on (read before the shift, or on another worker): the
    timer reads the stored clock before it times anyone out, and goes on from it."""
    table_id, actor, hub, started = ada_100_s_into_her_turn(app_client, fake)
    skipped = ClockState.shifted(actor.timekeeper.state.to_json(), fake.now, 60)
    assert skipped["deadline"] == started + 180
    hub.store.set_clock_state(table_id, skipped)
    version = actor.version
    advance(app_client, fake, 21)  # past the deadline held in memory
    assert actor.version == version and actor.timekeeper.state.timeouts == []
    assert actor.timekeeper.state.to_json() == skipped and fake.pending() == [started + 180]
    advance(app_client, fake, 60)
    assert actor.version > version and actor.timekeeper.state.timeouts == [0]


def test_a_table_rebuilt_from_a_read_made_before_the_shift_catches_up(
    app_client: TestClient, fake: FakeClock
) -> None:
    """Issue 17: a table rebuilt while the heartbeat settled an outage may hold the
    clock read before the shift was stored: it is moved on by the shift this worker
    made (`Hub.clock_shift`), once."""
    table_id, actor, hub, started = ada_100_s_into_her_turn(app_client, fake)
    hub.clock_shift = (fake.now, 60.0)

    async def rebuilt() -> None:
        async with actor.command():
            await actor.reload()

    portal: Any = app_client.portal
    portal.call(rebuilt)  # the stored clock does not include the shift
    assert actor.timekeeper.state.deadline == started + 180
    assert fake.pending() == [started + 180]
    hub.store.set_clock_state(table_id, actor.timekeeper.state.to_json())
    portal.call(rebuilt)  # now it does: not moved again
    assert actor.timekeeper.state.deadline == started + 180


def advance_outside(fake: FakeClock, seconds: float) -> None:
    """Time passes while no server runs (no timer to fire)."""
    fake.now += seconds
    fake.timers.clear()


def test_away_a_bot_plays_the_seat_and_back_restores_it(db_url: str, fake: FakeClock) -> None:
    """Issue 10 item 2: a player hands the seat to a bot and takes it back; while away
    their own move is refused (`away`) and their clock stops."""
    with TestClient(clock_app(db_url, fake, bot_delay=3600)) as client:
        people, table_id = three_people(client, PER_MOVE)
        actor = table_actor(client, table_id)
        mover = actor.timekeeper.state.seat
        assert mover is not None
        with people[mover].socket(f"/ws/table/{table_id}") as sock:
            sync = sock.hello()
            sock.send({"type": "away"})
            table = sock.until(lambda m: m.get("kind") == "table")["table"]
            assert table["seats"][mover]["away"] is True
            assert clock_of(sock.until(lambda m: m["type"] == "clock"))["seat"] is None  # type: ignore[index]
            sock.send({"type": "action", "version": sync["version"],
                       "action": sync["legal"][0]["json"]})
            sock.expect_error("away")
            sock.send({"type": "back"})
            table = sock.until(lambda m: m.get("kind") == "table")["table"]
            assert "away" not in table["seats"][mover]
            assert table["seats"][mover]["assisted"] is True  # for ratings: a bot played
            assert actor.table.seats[mover].assisted and not actor.table.seats[mover].away
            assert clock_of(sock.until(lambda m: m["type"] == "clock"))["seat"] == mover  # type: ignore[index]
            sock.send({"type": "action", "version": sync["version"],
                       "action": sync["legal"][0]["json"]})
            sock.until(lambda m: m.get("kind") == "action" and m["player"] == mover)


def test_while_away_the_bot_plays_the_seat(app_client: TestClient) -> None:
    """Issue 10 item 2: while away, the stand-in bot plays at that seat."""
    people, table_id = three_people(app_client, PER_MOVE)
    actor = table_actor(app_client, table_id)
    mover = actor.timekeeper.state.seat
    assert mover is not None
    with people[mover].socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        sock.send({"type": "away", "bot": "easy"})
        event = sock.until(lambda m: m.get("kind") == "action" and m["player"] == mover)
        assert not event["text"].endswith(TIMEOUT_MARK)
        clock = sock.until(lambda m: m["type"] == "clock" and m["clock"]["seat"] is not None)
        assert clock["clock"]["seat"] != mover
    assert actor.table.seats[mover].away and actor.table.seats[mover].bot == "easy"


@pytest.mark.parametrize("body", [
    {"clock": {"kind": "per-move", "seconds": 1}},
    {"clock": {"kind": "game", "seconds": 600, "increment": "10"}},
    {"clock": PER_MOVE, "on_timeout": "nap"},
])
def test_bad_settings_are_refused_at_creation(app_client: TestClient, body: dict[str, Any]
                                              ) -> None:
    """Issue 10 item 2: bad settings are refused at creation and create nothing."""
    ada = sign_in(app_client, "Ada")
    response = ada.post("/api/tables", {"game": "paris_connection", "players": 3, **body})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_options"
    assert ada.get("/api/tables").json() == []


def test_away_is_refused_before_the_start_and_for_strangers(app_client: TestClient) -> None:
    """Issue 10 item 2: only a seated player hands their seat over, during the game."""
    ada, bea = sign_in(app_client, "Ada"), sign_in(app_client, "Bea")
    table_id = clocked_table(ada, PER_MOVE)
    join(ada, table_id, 0)
    with ada.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        sock.send({"type": "away"})
        sock.expect_error("not_ready")
    with bea.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        sock.send({"type": "back"})
        sock.expect_error("not_seated")

"""Tournaments over HTTP (belle.server.tournaments): sign-up, the start, rounds opened
and played to the end by bots, standings, and the refusals."""

from __future__ import annotations

import itertools
import time
from typing import Any

from fastapi.testclient import TestClient

from belle.server import create_app
from belle.server.table.clock import ClockSettings, FakeClock
from belle.server.table.timekeeper import TIMEOUT_MARK

from .kit import FAST, SECRET, Person, sign_in, table_actor

GAME = "city_of_light"  # two seats, the fewest moves of the five games


def create(owner: Person, **changes: Any) -> dict[str, Any]:
    body = {"name": "Friday cup", "game": GAME, "system": "swiss", "rounds": 2,
            "table_size": 2, **changes}
    response = owner.post("/api/tournaments", body)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def wait_finished(person: Person, tournament_id: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60  # a guard against a hang, not a speed assertion
    while time.monotonic() < deadline:
        page: dict[str, Any] = person.get(f"/api/tournaments/{tournament_id}").json()
        if page["tournament"]["status"] == "finished":
            return page
        time.sleep(0.05)
    raise AssertionError(f"the tournament did not finish: {page}")


def test_a_swiss_tournament_of_bots_plays_two_rounds_to_the_end(client: TestClient) -> None:
    owner = sign_in(client, "ann")
    made = create(owner)
    tid = made["tournament"]["id"]
    assert made["tournament"]["status"] == "signup"
    for _ in range(4):
        assert owner.post(f"/api/tournaments/{tid}/bots", {"bot": "random"}).status_code == 200
    started = owner.post(f"/api/tournaments/{tid}/start")
    assert started.status_code == 200, started.text
    assert started.json()["tournament"]["round"] == 1
    page = wait_finished(owner, tid)
    rounds = page["rounds"]
    assert [r["round"] for r in rounds] == [1, 2]
    assert all(len(r["tables"]) == 2 and not r["byes"] for r in rounds)
    pairs = [frozenset(t["players"]) for r in rounds for t in r["tables"]]
    assert len(set(pairs)) == 4  # Swiss: nobody met twice
    for table in (t for r in rounds for t in r["tables"]):
        assert table["status"] == "finished" and len(table["returns"]) == 2
        assert client.get(f"/api/tables/{table['table_id']}").json()["status"] == "finished"
    rows = page["standings"]
    assert len(rows) == 4 and sum(r["points"] for r in rows) == 4.0
    keys = [(-r["points"], -r["score_difference"]) for r in rows]
    assert keys == sorted(keys)
    # Round 2 paired the round-1 winners together (Swiss: equal scores meet).
    first = rounds[0]["tables"]
    winners = {t["players"][t["ranking"].index(0)] for t in first if 1 in t["ranking"]}
    if len(winners) == 2:
        assert frozenset(winners) in {frozenset(t["players"]) for t in rounds[1]["tables"]}


def test_a_round_robin_of_three_gives_each_a_bye_and_meets_everyone(
        client: TestClient) -> None:
    owner = sign_in(client, "bea")
    tid = create(owner, system="round_robin")["tournament"]["id"]
    for _ in range(3):
        owner.post(f"/api/tournaments/{tid}/bots", {"bot": "random"})
    assert owner.post(f"/api/tournaments/{tid}/start").status_code == 200
    page = wait_finished(owner, tid)
    assert page["tournament"]["rounds"] == 3
    assert sorted(b for r in page["rounds"] for b in r["byes"]) == sorted(
        e["name"] for e in page["entries"])
    pairs = {frozenset(t["players"]) for r in page["rounds"] for t in r["tables"]}
    names = [e["name"] for e in page["entries"]]
    assert pairs == {frozenset(p) for p in itertools.combinations(names, 2)}
    assert sum(r["points"] for r in page["standings"]) == 6.0  # 3 tables + 3 byes


def test_sign_up_and_its_refusals(client: TestClient) -> None:
    owner, cid, dan = sign_in(client, "cyd"), sign_in(client, "cid"), sign_in(client, "dan")
    tid = create(owner)["tournament"]["id"]
    assert cid.post(f"/api/tournaments/{tid}/signup").status_code == 200
    again = cid.post(f"/api/tournaments/{tid}/signup")
    assert again.status_code == 409 and again.json()["error"]["code"] == "table_full"
    assert cid.post(f"/api/tournaments/{tid}/start").json()["error"]["code"] == "not_host"
    assert cid.post(f"/api/tournaments/{tid}/bots").json()["error"]["code"] == "not_host"
    few = owner.post(f"/api/tournaments/{tid}/start")
    assert few.status_code == 409 and few.json()["error"]["code"] == "not_ready"
    assert owner.post(f"/api/tournaments/{tid}/bots", {"bot": "nobody"}).status_code == 400
    assert dan.post(f"/api/tournaments/{tid}/leave").json()["error"]["code"] == "not_seated"
    assert cid.post(f"/api/tournaments/{tid}/leave").status_code == 200
    page = dan.post(f"/api/tournaments/{tid}/signup").json()
    assert [e["name"] for e in page["entries"]] == ["dan"]
    owner.post(f"/api/tournaments/{tid}/bots", {"bot": "random"})
    owner.post(f"/api/tournaments/{tid}/bots", {"bot": "random"})
    # Two Swiss rounds need three entries at least (no pair meets twice).
    assert dan.post(f"/api/tournaments/{tid}/leave").status_code == 200
    short = owner.post(f"/api/tournaments/{tid}/start")
    assert short.status_code == 409 and short.json()["error"]["code"] == "not_ready"
    dan.post(f"/api/tournaments/{tid}/signup")
    page = owner.post(f"/api/tournaments/{tid}/start").json()
    assert page["tournament"]["status"] == "running"
    seated = [t["players"] for t in page["rounds"][0]["tables"]]
    assert len(seated) == 1 and len(page["rounds"][0]["byes"]) == 1
    closed = cid.post(f"/api/tournaments/{tid}/signup")
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "not_open"


def test_bad_tournaments_are_refused_and_nothing_is_created(client: TestClient) -> None:
    owner = sign_in(client, "eve")
    bad = [{"game": "chess"}, {"table_size": 3}, {"system": "knockout"}, {"rounds": 0},
           {"name": " "}, {"mode": "fast"}, {"clock": {"kind": "hourglass"}},
           {"options": {"nonsense": 1}}]
    for change in bad:
        body = {"name": "x", "game": GAME, **change}
        response = owner.post("/api/tournaments", body)
        assert response.status_code == 400, (change, response.text)
        assert response.json()["error"]["code"] == "bad_options"
    assert client.get("/api/tournaments").json() == {"tournaments": []}
    assert client.get("/api/tournaments/99").json()["error"]["code"] == "not_found"
    anonymous = client.post("/api/tournaments", json={"name": "x", "game": GAME})
    assert anonymous.status_code == 401


def test_the_tournament_clock_reaches_its_tables(db_url: str) -> None:
    """Issue 20 item 3: a tournament's clock is each of its tables' clock, and it runs
    there: a person who lets it expire has a bot play that turn (on a fake clock)."""
    fake = FakeClock()
    app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, clock=fake)
    with TestClient(app) as client:
        ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
        clock = {"kind": "per-move", "seconds": 30}
        made = create(ann, clock=clock, on_timeout="bot-moves")
        settings = ClockSettings.parse(clock, "bot-moves").to_json()
        assert made["tournament"]["clock"] == settings
        tid = made["tournament"]["id"]
        for person in (ann, bob):
            assert person.post(f"/api/tournaments/{tid}/signup").status_code == 200
        for _ in range(2):
            assert ann.post(f"/api/tournaments/{tid}/bots", {"bot": "random"}).status_code == 200
        assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
        tables = [t["table_id"] for t in
                  ann.get(f"/api/tournaments/{tid}").json()["rounds"][0]["tables"]]
        assert [client.get(f"/api/tables/{t}").json()["clock"] for t in tables] == \
            [settings] * len(tables)
        people = {ann.id, bob.id}
        actor = next(table_actor(client, t) for t in tables
                     if {s.player_id for s in table_actor(client, t).table.seats} & people)
        deadline = time.monotonic() + 30  # a guard against a hang, not a speed assertion
        while not _person_to_move(actor) and time.monotonic() < deadline:
            time.sleep(0.02)  # a bot seat moves first
        mover = actor.state.current_player()
        assert actor.timekeeper.state.seat == mover and actor.timekeeper.state.deadline
        version = actor.version
        portal: Any = client.portal
        portal.call(fake.advance, 29.5)
        assert actor.version == version  # not yet
        portal.call(fake.advance, 1)
        assert actor.version > version
        assert [e.player for e in actor.entries[version:]
                if e.text.endswith(TIMEOUT_MARK)][:1] == [mover]


def _person_to_move(actor: Any) -> bool:
    mover = actor.state.current_player() if actor.state is not None else -1
    return mover >= 0 and actor.table.seats[mover].kind == "human"


def test_a_tournaments_name_loses_its_bidi_controls(client: TestClient) -> None:
    """Issue 17 (session 6, item 8): as player names and chat lines do."""
    owner = sign_in(client, "org")
    made = create(owner, name="Spring \u202ecup\u202c \u2066open\u2069")
    assert made["tournament"]["name"] == "Spring cup open"
    refused = owner.post("/api/tournaments", {"name": "\u202e\u202c", "game": GAME,
                                              "system": "swiss", "rounds": 2,
                                              "table_size": 2})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_options"

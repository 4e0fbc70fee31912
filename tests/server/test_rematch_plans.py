"""Issue 14 items 7 and 8, issue 16 item 6 at the server: Rematch at a finished table
(who starts follows each game's rule), City of Light plans kept per seat on the
server, and the table's own chat lines as notices. Real SQLite and PostgreSQL (per
BELLE_TEST_DATABASE_URLS)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from belle.engine import new_state
from belle.engine.rematch import first_player
from belle.games.city_of_light.actions import SELECT, TAKE
from belle.server.table import plans
from tests.server.kit import Person, add_bot, guest, seat, sign_in, start, table_actor

CLOCK = {"kind": "per-move", "seconds": 300}


def _finished(client: TestClient, game: str = "paris_connection",
              options: dict[str, Any] | None = None) -> tuple[Person, Person, int]:
    """Anna (seat 0), Bob (seat 1) and a random bot at a table with a clock (CLOCK) and
    `options`; both people resign, so stand-in bots play the game to its end at once."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    players = 2 if game == "city_of_light" else 3
    response = anna.post("/api/tables", {"game": game, "players": players, "mode": "live",
                                         "options": options or {}, "clock": CLOCK})
    assert response.status_code == 200, response.text
    table_id: int = response.json()["id"]
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    if players == 3:
        add_bot(anna, table_id, "random")
    with guest(client).socket(f"/ws/table/{table_id}") as watcher:
        watcher.hello()
        start(anna, table_id)
        for person in (anna, bob):
            assert person.post(f"/api/tables/{table_id}/resign").status_code == 200
        watcher.until(lambda m: m.get("kind") == "over")
    return anna, bob, table_id


def _notices(client: TestClient, table_id: int) -> list[tuple[str, dict[str, Any]]]:
    with guest(client).socket(f"/ws/table/{table_id}") as sock:
        sync = sock.hello()
    return [(line["notice"], line["params"]) for line in sync["chat"] if "notice" in line]


def test_rematch_starts_once_every_player_accepts(client: TestClient) -> None:
    """PC-27 (seed, setup 6: "Si se juegan varios juegos, se pasa al siguiente jugador en
    el orden de las agujas del reloj"): the rematch's start player is the next seat; the
    same players, options and clock."""
    anna, bob, table_id = _finished(client)
    eve = sign_in(client, "Eve")
    refused = eve.post(f"/api/tables/{table_id}/rematch")
    assert refused.status_code == 403 and refused.json()["error"]["notice"] == \
        "rematch_not_player"
    offered = anna.post(f"/api/tables/{table_id}/rematch").json()
    assert offered == {"type": "rematch", "accepted": [0], "table": None}
    assert anna.delete(f"/api/tables/{table_id}/rematch").json()["accepted"] == []
    anna.post(f"/api/tables/{table_id}/rematch")
    with anna.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        assert sock.until(lambda m: m["type"] == "rematch")["accepted"] == [0]
        started = bob.post(f"/api/tables/{table_id}/rematch").json()
        told = sock.until(lambda m: m["type"] == "rematch" and m["table"] is not None)
    new_id = started["table"]
    assert isinstance(new_id, int) and told["table"] == new_id and told["accepted"] == [0, 1]
    assert bob.post(f"/api/tables/{table_id}/rematch").json()["table"] == new_id  # one only
    old, new = table_actor(client, table_id), table_actor(client, new_id)
    assert new.setup.status == "running" and new.setup.options == old.setup.options
    assert new.setup.clock == old.setup.clock and new.setup.clock is not None
    assert [(s.kind, s.name, s.bot) for s in new.setup.seats] == \
        [("human", "Anna", None), ("human", "Bob", None), ("bot", None, "random")]
    assert first_player(new.state) == (first_player(old.state) + 1) % 3  # PC-27
    said = [n for n, _p in _notices(client, table_id)]
    assert said[-5:] == ["rematch_offered", "rematch_withdrawn", "rematch_offered",
                         "rematch_accepted", "rematch_started"]
    assert "over" in said or "over_shared" in said


def test_rematch_of_city_of_light_starts_with_the_loser(client: TestClient) -> None:
    """COL-26: "Wer die letzte Partie PARIS verloren hat, beginnt diese Partie"."""
    anna, bob, table_id = _finished(client, "city_of_light")
    anna.post(f"/api/tables/{table_id}/rematch")
    new_id = bob.post(f"/api/tables/{table_id}/rematch").json()["table"]
    old, new = table_actor(client, table_id), table_actor(client, new_id)
    ranking = old.state.ranking()
    expected = {0: "orange", 1: "blue"}[ranking.index(1)] if 1 in ranking else "random"
    assert new.setup.options["start_player"] == expected


def test_rematch_of_paris_paris_passes_the_start_to_the_next_seat(client: TestClient) -> None:
    """PP-19 draws the start player; the seed says nothing of a next game, so a rematch
    starts with the next seat clockwise (docs/decisions.md, "Who starts a rematch"), and
    keeps the options (PP-71's dm, a PP-73 reading) and the clock."""
    options = {"dm": True, "readings": ["adjacent_for_all"]}
    anna, bob, table_id = _finished(client, "paris_paris", options)
    anna.post(f"/api/tables/{table_id}/rematch")
    new_id = bob.post(f"/api/tables/{table_id}/rematch").json()["table"]
    old, new = table_actor(client, table_id), table_actor(client, new_id)
    assert new.setup.options == old.setup.options
    assert new.setup.options["dm"] is True
    assert list(new.setup.options["readings"]) == ["adjacent_for_all"]
    assert new.setup.clock == old.setup.clock and new.setup.clock is not None
    start = (first_player(old.state) + 1) % 3
    assert first_player(new.state) == start
    first_decision = replay_to_first_decision(new)
    assert first_decision == start  # PP-23: the start player takes the first turn


def replay_to_first_decision(actor: Any) -> int:
    """The seat of the first player decision of the actor's game (setup chance aside)."""
    state = new_state(actor.record())
    for entry in actor.record().actions:
        if state.current_player() >= 0:
            break
        state.apply_action(state.action_from_json(entry.action))
    return int(state.current_player())


def test_no_rematch_before_the_end(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    table_id = anna.post("/api/tables", {"game": "city_of_light", "players": 2,
                                         "mode": "live"}).json()["id"]
    refused = anna.post(f"/api/tables/{table_id}/rematch")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_ready"
    assert refused.json()["error"]["message"] == \
        "A rematch can be offered once the game is over."


def _mover(client: TestClient, table_id: int) -> int:
    state = table_actor(client, table_id).state
    return int(state.current_player())


def test_a_plan_is_saved_at_the_end_of_a_turn_and_only_its_seat_gets_it(
        client: TestClient) -> None:
    """City of Light: "Änderungen an deinem Plan werden gespeichert, wenn du auf die
    Schaltfläche „Zug beenden“ klickst" — kept on the server, for that seat alone."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = anna.post("/api/tables", {"game": "city_of_light", "players": 2,
                                         "mode": "live"}).json()["id"]
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    start(anna, table_id)
    people = {0: anna, 1: bob}
    mover = _mover(client, table_id)
    plan = {"buildings": [{"id": "S4b", "cells": ["a1", "b1"]}], "cards": []}
    path = f"/ws/table/{table_id}"
    with people[mover].socket(path) as sock:
        sync = sock.hello()
        assert sock.until(lambda m: m["type"] == "plan")["plan"] is None
        version, legal = sync["version"], sync["legal"]
        sock.send({"type": "action", "version": version, "action": legal[0]["json"],
                   "plan": {"x": "y" * plans.MAX_PLAN}})
        assert sock.expect_error("too_large")["version"] == version  # nothing played
        sock.send({"type": "action", "version": version, "action": legal[0]["json"],
                   "plan": ["not", "an", "object"]})
        sock.expect_error("malformed")
        sock.send({"type": "action", "version": version, "action": legal[0]["json"],
                   "plan": plan})  # a tile laid: the turn ends (COL-36)
        assert sock.until(lambda m: m["type"] == "plan")["plan"] == plan  # saved
        sock.until(lambda m: m.get("kind") == "action")
    with people[mover].socket(path) as again:  # another browser of the same player
        again.hello()
        assert again.until(lambda m: m["type"] == "plan")["plan"] == plan
    with people[1 - mover].socket(path) as other, guest(client).socket(path) as watcher:
        other.hello()
        assert other.until(lambda m: m["type"] == "plan")["plan"] is None
        watcher.hello()
        other.send({"type": "ping"})
        watcher.send({"type": "ping"})
        assert other.until(lambda m: m["type"] == "pong")
        watcher.until(lambda m: m["type"] == "pong")
        assert not [m for m in watcher.seen if m["type"] == "plan" or "plan" in m]
        assert not [m for m in other.seen if m.get("plan") == plan]


def test_a_plan_at_a_game_without_planning_is_refused(client: TestClient) -> None:
    anna, bob, cleo = sign_in(client, "Anna"), sign_in(client, "Bob"), sign_in(client, "Cleo")
    table_id = anna.post("/api/tables", {"game": "paris_connection", "players": 3,
                                         "mode": "live"}).json()["id"]
    for index, person in enumerate((anna, bob, cleo)):
        seat(person, table_id, index)
    start(anna, table_id)
    people = {0: anna, 1: bob, 2: cleo}
    with people[_mover(client, table_id)].socket(f"/ws/table/{table_id}") as s:
        sync = s.hello()
        s.send({"type": "action", "version": sync["version"],
                "action": sync["legal"][0]["json"], "plan": {}})
        refused = s.expect_error("bad_options")
        assert refused["notice"] == "no_planning" and refused["version"] == sync["version"]


def test_choosing_a_building_does_not_end_the_turn() -> None:
    """COL-57/COL-60: selecting a building or activating a postcard goes on in the
    same turn; taking one from the supply ends it."""
    assert not plans.ends_turn("city_of_light", SELECT[0])
    assert plans.ends_turn("city_of_light", TAKE[0])


def test_the_table_announces_seats_and_the_start_as_notices(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    table_id = anna.post("/api/tables", {"game": "paris_connection", "players": 3,
                                         "mode": "live"}).json()["id"]
    seat(anna, table_id, 1)
    add_bot(anna, table_id, "random")
    add_bot(anna, table_id, "random")
    start(anna, table_id)
    said = _notices(client, table_id)
    assert said[:4] == [("joined", {"name": "Anna", "seat": 2}),
                        ("bot_added", {"bot": "random", "seat": 1}),
                        ("bot_added", {"bot": "random", "seat": 3}), ("started", {})]

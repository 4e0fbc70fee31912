"""A move and the chance outcomes that follow it at once: one transaction, and one message
when everyone may see the outcomes (`chance`, docs/protocol.md); a secret outcome is never
folded, and no member learns through a folded message what its seat may not see."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.engine import CHANCE

from .kit import Person, Sock, guest, play, seat, sign_in, start, table_actor
from .test_ws import TrueStates


def two_seat_table(client: TestClient, game: str) -> tuple[Person, Person, int]:
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    response = anna.post("/api/tables", {"game": game, "players": 2, "mode": "live"})
    assert response.status_code == 200, response.text
    table_id: int = response.json()["id"]
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    return anna, bob, table_id


def played(client: TestClient, game: str, seed: int) -> tuple[list[Sock], TrueStates, int]:
    """A whole game of `game` by two people, watched by a spectator: the three sockets
    (seat 0, seat 1, spectator), the true record, and the table's id."""
    anna, bob, table_id = two_seat_table(client, game)
    path = f"/ws/table/{table_id}"
    with anna.socket(path) as a, bob.socket(path) as b, guest(client).socket(path) as s:
        for sock in (a, b, s):
            sock.hello()
        start(anna, table_id)
        play({0: a, 1: b}, s, seed=seed)
        for sock in (a, b):
            sock.until(lambda m: m.get("kind") == "over")
    return [a, b, s], TrueStates(table_actor(client, table_id).record()), table_id


def told(message: dict[str, Any]) -> list[tuple[int, int, Any, str]]:
    """(event number, state version after it, player, text) of each action a message
    tells: the move, then the chance outcomes folded into it."""
    chance = message.get("chance") or []
    own = message["version"] - len(chance)
    return [(message["n"], own, message["player"], message["text"]),
            *((c["n"], c["version"], "chance", c["text"]) for c in chance)]


def check_member(seen: list[dict[str, Any]], seat_index: int | None,
                 truth: TrueStates) -> int:
    """Every event number exactly once, in order; each action as this seat may see it;
    each view exactly `view(seat)`. The number of messages that folded chance."""
    numbers: list[int] = []
    folds = 0
    for message in seen:
        if message["type"] != "event":
            continue
        if message["kind"] != "action":
            numbers.append(message["n"])
            continue
        folds += "chance" in message
        for n, version, player, text in told(message):
            numbers.append(n)
            entry = truth.record.actions[version - 1]
            assert player == ("chance" if entry.player == CHANCE else entry.player)
            visible = entry.visible_to is None or seat_index in entry.visible_to
            assert text == (entry.text if visible else "?"), (n, message)
            if n != message["n"]:  # folded: only outcomes everyone may see
                assert entry.player == CHANCE and entry.visible_to is None
        if message.get("view") is not None:
            assert message["view"] == truth.view(message["version"], seat_index)
    assert numbers == list(range(numbers[0], numbers[-1] + 1))
    return folds


def test_public_draws_ride_in_the_moves_message(client: TestClient) -> None:
    socks, truth, _ = played(client, "paris_paris", seed=5)  # face-up cards refilled (PP)
    folds = [check_member(sock.seen, viewer, truth)
             for sock, viewer in zip(socks, (0, 1, None), strict=True)]
    assert folds[0] == folds[1] == folds[2] > 0
    drawn_after_moves = sum(
        1 for before, entry in zip(truth.record.actions, truth.record.actions[1:],
                                   strict=False)
        if before.player != CHANCE and entry.player == CHANCE)
    assert folds[0] == drawn_after_moves  # every draw after a move here is public


def test_secret_draws_are_never_folded(client: TestClient) -> None:
    socks, truth, _ = played(client, "city_of_light", seed=2)  # each draw its drawer's
    secret = [e for e in truth.record.actions if e.visible_to is not None]
    assert secret
    for sock, viewer in zip(socks, (0, 1, None), strict=True):
        assert check_member(sock.seen, viewer, truth) == 0


@pytest.mark.parametrize("inside", [True, False])
def test_catching_up_counts_a_folded_message_as_its_events(client: TestClient,
                                                           inside: bool) -> None:
    """`hello {since}` at the end of a folded message sends what came after; a number
    inside one (no client holds it) gets a sync."""
    _socks, _truth, table_id = played(client, "paris_paris", seed=5)
    actor = table_actor(client, table_id)
    kept = [e for e in actor.buffer if e.end > e.n]
    assert kept, "a folded message among the last events"
    event = kept[-1]
    last = actor.table.events
    with sign_in(client, "Cleo").socket(f"/ws/table/{table_id}") as c:
        if inside:
            assert c.hello(since=event.n)["type"] == "sync"
            return
        c.send({"type": "hello", "since": event.end})
        after = [c.recv() for e in actor.buffer if e.n > event.end]
    assert [m["type"] for m in after] == ["event"] * len(after)
    numbers = [n for m in after for n in ((m["n"],) if m["kind"] != "action"
                                          else (t[0] for t in told(m)))]
    assert numbers == list(range(event.end + 1, last + 1))

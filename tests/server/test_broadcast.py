"""How events are rendered: one `view()` per viewer among the connected members, and
the same text, rendered later from a replay, for a viewer who catches up with `since`."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.games.paris_connection.state import ParisConnectionState

from .kit import (
    Person,
    Sock,
    anna_bob_and_a_bot,
    guest,
    play,
    start,
    table_actor,
)
from .test_ws import TrueStates, strings_and_dicts


def three_seats(client: TestClient) -> tuple[Person, Person, int]:
    return anna_bob_and_a_bot(client, "greedy")


def test_views_only_for_connected_viewers_once_each(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna, bob, table_id = three_seats(client)
    asked: list[int | None] = []
    public: list[int] = []
    original_private = ParisConnectionState.private_view
    original_public = ParisConnectionState.public_view

    def counting(state: ParisConnectionState, seat: int | None) -> dict[str, Any]:
        asked.append(seat)
        return original_private(state, seat)

    def counting_public(state: ParisConnectionState) -> dict[str, Any]:
        public.append(len(state.history))
        return original_public(state)

    monkeypatch.setattr(ParisConnectionState, "private_view", counting)
    monkeypatch.setattr(ParisConnectionState, "public_view", counting_public)
    path = f"/ws/table/{table_id}"
    with bob.socket(path) as first, bob.socket(path) as second:  # two tabs, one seat
        first.hello()
        second.hello()
        start(anna, table_id)
        play({1: first}, second, seed=2, stop=lambda m: m.get("to_move") == 0)
    shown = [m for m in second.seen if m["type"] == "event" and m.get("view") is not None]
    assert len(shown) >= 2  # the start and the end of the deal, at least
    # Anna's seat has no socket and nobody watches: only seat 1's own part, once an
    # event, beside the public part built once per event.
    assert asked == [1] * len(shown)
    assert public == [m["version"] for m in shown]


def caught_up(sock: Sock, since: int, last: int) -> list[dict[str, Any]]:
    sock.send({"type": "hello", "since": since})
    events = [sock.recv() for _ in range(last - since)]
    assert [m["n"] for m in events] == list(range(since + 1, last + 1))
    return events


def test_a_viewer_who_was_away_catches_up_with_its_own_view(client: TestClient) -> None:
    anna, bob, table_id = three_seats(client)
    path = f"/ws/table/{table_id}"
    with anna.socket(path) as away:
        since = away.hello()["event"]
    with bob.socket(path) as b:  # only Bob is connected while the game starts and runs
        b.hello()
        start(anna, table_id)
        play({1: b}, b, seed=4, stop=lambda m: m.get("to_move") == 0)
        last = table_actor(client, table_id).table.events
    truth = TrueStates(table_actor(client, table_id).record())
    with anna.socket(path) as a, guest(client).socket(path) as s:
        for sock, viewer in ((a, 0), (s, None)):
            events = caught_up(sock, since, last)
            assert all(m["type"] == "event" for m in events)
            for message in events:
                if message.get("view") is not None:
                    assert message["view"] == truth.view(message["version"], viewer)
                _strings, dicts = strings_and_dicts(message)
                assert not [d for d in dicts if "portfolios" in d]
            dealt = [s for m in events for s in strings_and_dicts(m)[0] if s.startswith("deal ")]
            own = [e.text for e in truth.record.actions
                   if e.visible_to is not None and viewer in e.visible_to]
            assert dealt == own and (len(own) > 0) == (viewer is not None)
            final = events[-1]
            assert final["to_move"] == 0 and bool(final["legal"]) == (viewer == 0)
        # asked again, the same events (kept as rendered the first time)
        again = caught_up(a, since, last)
    assert again == [m for m in a.seen[-len(again) * 2:-len(again)]]

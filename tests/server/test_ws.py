"""The table and lobby websockets: secrets, guards, reconnects, chat, a whole game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

import belle.server.table.actor
from belle.engine import MatchRecord, RecordEntry, new_state
from belle.engine.game import State
from belle.server import Limits
from belle.storage import Store

from .kit import (
    Sock,
    add_bot,
    anna_bob_and_a_bot,
    anna_bob_and_a_bot_started,
    guest,
    make_app,
    new_table,
    play,
    seat,
    sign_in,
    start,
    table_actor,
)


def strings_and_dicts(value: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """Every string and every object inside a JSON value."""
    strings: list[str] = []
    dicts: list[dict[str, Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, dict):
            dicts.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return strings, dicts


class TrueStates:
    """The true state after each version, replayed from the server's full record."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        self.state = new_state(record)
        self.views: dict[tuple[int, int | None], Any] = {}

    def view(self, version: int, seat: int | None) -> Any:
        if (version, seat) not in self.views:
            state = self._at(version)
            self.views[version, seat] = json.loads(json.dumps(state.view(seat)))
        return self.views[version, seat]

    def _at(self, version: int) -> State[Any]:
        if len(self.state.history) > version:
            self.state = new_state(self.record)
        while len(self.state.history) < version:
            entry = self.record.actions[len(self.state.history)]
            self.state.apply_action(self.state.action_from_json(entry.action))
        return self.state


def assert_no_leak(seen: list[dict[str, Any]], seat: int | None, truth: TrueStates) -> None:
    """Until the game ends, a member gets only its own deals and exactly `view(seat)`."""
    end = next(i for i, m in enumerate(seen)
               if m.get("kind") == "over" or (m.get("view") or {}).get("phase") == "over")
    dealt: list[str] = []
    for message in seen[:end]:
        strings, dicts = strings_and_dicts(message)
        dealt += [s for s in strings if s.startswith("deal ")]
        assert not [d for d in dicts if d.get("type") == "deal"], message
        assert not [d for d in dicts if "portfolios" in d], message
        if message.get("view") is not None:
            assert message["view"] == truth.view(message["version"], seat)
    own = [e.text for e in truth.record.actions if e.visible_to is not None
           and seat in e.visible_to]
    assert dealt == own
    assert (len(own) > 0) == (seat is not None)


def test_nothing_leaks_to_other_seats_or_spectators(client: TestClient) -> None:
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = new_table(anna)
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    add_bot(anna, table_id)
    with anna.socket(f"/ws/table/{table_id}") as a, bob.socket(f"/ws/table/{table_id}") as b, \
            guest(client).socket(f"/ws/table/{table_id}") as s:
        assert [sock.hello()["seat"] for sock in (a, b, s)] == [0, 1, None]
        start(anna, table_id)
        over = play({0: a, 1: b}, s, seed=3)
        for sock in (a, b):
            sock.until(lambda m: m.get("kind") == "over")
    truth = TrueStates(table_actor(client, table_id).record())
    for sock, index in ((a, 0), (b, 1), (s, None)):
        assert_no_leak(sock.seen, index, truth)
    assert len(over["breakdown"]) == 3 and over["view"]["phase"] == "over"


def test_refusals_have_codes_and_change_nothing(client: TestClient) -> None:
    eve = sign_in(client, "Eve")
    with anna_bob_and_a_bot_started(client, eve) as game:
        (e,), s, table_id = game.watchers, game.s, game.table_id
        own, mover, other = game.persons_turn()
        version, legal = own["version"], own["legal"]
        good = {"type": "action", "version": version, "action": legal[0]["json"]}
        refusals: list[tuple[Sock, Any, str]] = [
            (other, good, "not_your_turn"),
            (e, good, "not_seated"),
            (s, good, "not_signed_in"),
            (mover, {**good, "version": version - 1}, "stale"),
            (mover, {**good, "version": str(version)}, "malformed"),
            (mover, "{not json", "malformed"),
            (mover, "[1, 2]", "malformed"),
            (mover, {"type": "dance"}, "unknown_type"),
            (mover, {**good, "pad": "x" * 17_000}, "too_large"),
            (mover, {**good, "action": {"type": "fly"}}, "malformed"),
            (mover, {**good, "action": {"type": "take", "company": "R", "count": 2}},
             "illegal"),
        ]
        for sock, message, code in refusals:
            sock.send(message)
            refused = sock.expect_error(code)
            if code in ("not_your_turn", "stale", "illegal", "not_seated"):
                assert refused["version"] == version
            assert table_actor(client, table_id).version == version
        mover.send(good)
        echo = mover.until(lambda m: m["type"] == "event" and m["kind"] == "action")
        assert echo["version"] == version + 1 and echo["n"] == own["n"] + 1


def test_reconnect_catches_up_with_since(client: TestClient) -> None:
    anna, bob, table_id = anna_bob_and_a_bot(client)
    path = f"/ws/table/{table_id}"
    with guest(client).socket(path) as s, bob.socket(path) as b:
        s.hello()
        b.hello()
        with anna.socket(path) as a:
            a.hello()
            start(anna, table_id)
            event = play({0: a, 1: b}, s, stop=lambda m: m.get("to_move") == 1)
            last = a.until(lambda m: m.get("n") == event["n"])["n"]
        play({1: b}, s, stop=lambda m: m.get("to_move") == 0, first=event)
        b.send({"type": "chat", "text": "your turn, Anna"})
        chat = s.until(lambda m: m.get("kind") == "chat")
        with anna.socket(path) as a:
            a.send({"type": "hello", "since": last})
            caught = [a.recv() for _ in range(chat["n"] - last)]
            assert [m["n"] for m in caught] == list(range(last + 1, chat["n"] + 1))
            assert all(m["type"] == "event" for m in caught)
            assert next(m for m in reversed(caught) if m["kind"] == "action")["legal"]
        with anna.socket(path) as a:
            assert a.hello(since=chat["n"] + 50)["type"] == "sync"


def test_an_old_since_gets_a_sync(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(belle.server.table.actor, "EVENT_BUFFER", 4)
    anna, _bob, table_id = anna_bob_and_a_bot(client)
    with anna.socket(f"/ws/table/{table_id}") as a:
        a.hello()
        for i in range(6):
            a.send({"type": "chat", "text": f"line {i}"})
            a.until(lambda m: m.get("kind") == "chat")
    with anna.socket(f"/ws/table/{table_id}") as a:
        a.send({"type": "hello", "since": 1})
        sync = a.recv()
        # 3 seat changes, the table's 3 lines about them, 6 lines said
        assert sync["type"] == "sync" and sync["event"] == 12
        assert [c["text"] for c in sync["chat"]][-1] == "line 5"
        a.send({"type": "hello", "since": 8})
        assert [a.recv()["n"] for _ in range(4)] == [9, 10, 11, 12]


def test_chat_commands_run_the_table(client: TestClient) -> None:
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = new_table(anna)
    path = f"/ws/table/{table_id}"

    def say(sock: Sock, text: str) -> None:
        sock.send({"type": "chat", "text": text})

    def notice(sock: Sock) -> str:
        message = sock.until(lambda m: m["type"] in ("notice", "error"))
        assert message["type"] == "notice", message
        text: str = message["text"]
        return text

    with anna.socket(path) as a, bob.socket(path) as b, guest(client).socket(path) as s:
        for sock in (a, b, s):
            sock.hello()
        say(a, "/help")
        assert "/join" in notice(a)
        say(a, "/join 2")  # seats count from 1 in chat commands: index 1
        assert "seat 2" in notice(a)
        table = b.until(lambda m: m.get("kind") == "table")["table"]
        assert table["seats"][1]["name"] == "Anna"
        say(b, "/join 2")
        b.expect_error("table_full")
        say(b, "/join")
        assert "seat 1" in notice(b)
        say(a, "/bot oracle")
        a.expect_error("bad_options")
        say(a, "/start")
        a.expect_error("not_ready")
        say(a, "/bot greedy")
        notice(a)
        say(b, "/leave")
        notice(b)
        say(b, "/join 1")
        notice(b)
        say(s, "/join")
        s.expect_error("not_signed_in")
        say(a, "/dance")
        a.expect_error("malformed")
        say(a, "x" * 501)
        a.expect_error("too_large")
        say(a, "Bonne chance!")
        line = b.until(lambda m: m.get("kind") == "chat")
        assert (line["from"], line["text"]) == ("Anna", "Bonne chance!")
        say(a, "/start")
        assert "starts" in notice(a)
        running = s.until(lambda m: m.get("kind") == "table")["table"]
        assert running["status"] == "running"


def test_help_lists_the_commands(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    table_id = new_table(anna)
    with guest(client).socket(f"/ws/table/{table_id}") as s:
        s.hello()
        s.send({"type": "chat", "text": "/help"})
        text = s.until(lambda m: m["type"] == "notice")["text"]
        for command in ("/join", "/leave", "/start", "/bot", "/help"):
            assert command in text


def test_the_lobby_socket(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    with anna.socket("/ws/lobby") as lobby, guest(client).socket("/ws/lobby") as watcher:
        sync = lobby.hello()
        assert sync["type"] == "sync" and sync["tables"] == [] and sync["chat"] == []
        watcher.hello()
        table_id = new_table(anna)
        update = watcher.until(lambda m: m.get("kind") == "table")
        assert update["table"]["id"] == table_id
        lobby.send({"type": "chat", "text": "anyone for Paris Connection?"})
        line = watcher.until(lambda m: m.get("kind") == "chat")
        assert line["from"] == "Anna"
        watcher.send({"type": "chat", "text": "me!"})
        watcher.expect_error("not_signed_in")
        lobby.send({"type": "chat", "text": "/help"})
        assert lobby.until(lambda m: m["type"] == "notice")["text"]
        lobby.send({"type": "ping"})
        assert lobby.until(lambda m: m["type"] == "pong") == {"type": "pong"}
    with guest(client).socket("/ws/lobby") as again:
        sync = again.hello()
        assert [t["id"] for t in sync["tables"]] == [table_id]
        assert sync["chat"][-1]["text"] == "anyone for Paris Connection?"


def test_a_flood_is_rate_limited(db_url: str) -> None:
    app = make_app(db_url, limits=Limits(rate=0.5, burst=3))
    with TestClient(app) as slow, guest(slow).socket("/ws/lobby") as sock:
        for _ in range(5):
            sock.send({"type": "ping"})
        replies = [sock.recv()["type"] for _ in range(5)]
    assert replies == ["pong"] * 3 + ["error"] * 2
    assert sock.seen[-1]["code"] == "rate_limited"


def test_an_unknown_table_socket(client: TestClient) -> None:
    with guest(client).socket("/ws/table/999") as sock:
        assert sock.recv()["code"] == "not_found"


def test_a_whole_game_with_bots_to_the_end(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    table_id = new_table(anna, players=4)
    seat(anna, table_id, 2)
    for bot in ("greedy", "random", "greedy"):
        add_bot(anna, table_id, bot)
    with anna.socket(f"/ws/table/{table_id}") as a, \
            guest(client).socket(f"/ws/table/{table_id}") as s:
        a.hello()
        s.hello()
        a.send({"type": "action", "version": 0, "action": {"type": "stop"}})
        a.expect_error("not_ready")
        start(anna, table_id)
        over = play({2: a}, s, seed=11)
        mine = a.until(lambda m: m.get("kind") == "over")
        a.send({"type": "action", "version": mine["version"], "action": {"type": "stop"}})
        a.expect_error("game_over")
    for message in (over, mine):
        assert message["table"]["status"] == "finished"
        assert len(message["breakdown"]) == 4 and len(message["ranking"]) == 4
        for lines in message["breakdown"]:
            assert all({"component", "points", "detail"} <= set(line) for line in lines)
    assert mine["view"]["portfolios"]  # everything is shown at the end
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "finished"
    record = client.get(f"/api/tables/{table_id}/replay").json()
    assert all(entry["text"] != "?" for entry in record["actions"])
    assert record["result"]["ranking"] == over["ranking"]
    with guest(client).socket(f"/ws/table/{table_id}") as late:
        sync = late.hello()
        assert sync["breakdown"] == over["breakdown"] and sync["legal"] == []
        assert all(entry["text"] != "?" for entry in sync["log"])


def test_a_second_writer_wins_and_the_loser_resyncs(client: TestClient, db_url: str) -> None:
    with anna_bob_and_a_bot_started(client) as game:
        table_id = game.table_id
        own, mover, _other = game.persons_turn()
        version, legal = own["version"], own["legal"]
        other = Store(db_url)  # another worker stores a move for this version first
        try:
            other.append_action(table_id, version, RecordEntry(
                own["to_move"], legal[-1]["json"], legal[-1]["text"], None))
        finally:
            other.close()
        mover.send({"type": "action", "version": version, "action": legal[0]["json"]})
        mover.expect_error("stale")
        actor = table_actor(client, table_id)
        assert actor.version == version + 1
        assert actor.entries[-1].text == legal[-1]["text"]
        assert mover.hello()["version"] == version + 1

"""Undo at the web table (issue 10 item 5; item 7: "undo allowed and refused"): the
`undo` message goes through act's guards and the undo policy; an accepted undo puts the
state and version back, every member gets an `undo` event and the log line, and a
later sync still shows the line."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from belle.engine import RecordEntry
from belle.storage import Store

from .kit import (
    Sock,
    anna_bob_and_a_bot_started,
    play,
    sign_in,
    table_actor,
)


def until_build(client: TestClient, socks: dict[int, Sock], watcher: Sock) -> dict[str, Any]:
    """Play until a human is to move with a build that leaves it to move; its message."""
    def ready(message: dict[str, Any]) -> bool:
        return message.get("to_move") in socks and message["type"] == "event"

    event = play(socks, watcher, stop=ready)
    own = socks[event["to_move"]].until(lambda m: m.get("n") == event["n"])
    assert own["can_undo"] is False  # a turn just begun: nothing of its own to take back
    return own


def test_undo_accepted_and_refused(client: TestClient, db_url: str) -> None:
    """Issue 10 items 5 and 7: refusals change nothing; an accepted undo restores the
    state and version for everyone, and the opponent sees "Anna took back: …"."""
    eve = sign_in(client, "Eve")
    with anna_bob_and_a_bot_started(client, eve) as game:
        (e,), s, socks, table_id = game.watchers, game.s, game.seats, game.table_id
        own = until_build(client, socks, s)
        mover_seat = own["to_move"]
        mover, other = socks[mover_seat], socks[1 - mover_seat]
        version, legal, view = own["version"], own["legal"], own["view"]
        actor = table_actor(client, table_id)

        mover.send({"type": "undo", "version": version})  # nothing of its own yet
        assert "not the last one" in mover.expect_error("undo_refused")["message"]
        build = next(x for x in legal if x["text"].startswith("build"))
        mover.send({"type": "action", "version": version, "action": build["json"]})
        echo = mover.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
        assert echo["to_move"] == mover_seat and echo["can_undo"] is True
        seen = other.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
        assert seen["can_undo"] is False  # only the mover is told

        refusals = [(other, version + 1, "not_your_turn"), (e, version + 1, "not_seated"),
                    (s, version + 1, "not_signed_in"), (mover, version, "stale")]
        for sock, at, code in refusals:
            sock.send({"type": "undo", "version": at})
            assert sock.expect_error(code)["version"] == version + 1
            assert actor.version == version + 1

        mover.send({"type": "undo", "version": version + 1})
        for sock in (mover, other, s):
            undone = sock.until(lambda m: m.get("kind") == "undo")
            assert undone["version"] == version and undone["to_move"] == mover_seat
            assert undone["text"] == f"took back: {build['text']}"
            assert undone["from"] == ("Anna" if mover_seat == 0 else "Bob")
            assert undone["system"] is True and undone["taken_back"] == build["text"]
        assert undone["legal"] == [] and undone["can_undo"] is False  # the spectator
        mine = mover.seen[-1]
        assert mine["kind"] == "undo" and mine["view"] == view and mine["legal"] == legal
        assert actor.version == version
        store = Store(db_url)
        try:
            assert len(store.load_actions(table_id)) == version
            table = store.get_table(table_id)
            assert table is not None and table.version == version
        finally:
            store.close()

        sync = other.hello()  # a later sync still shows the line
        assert sync["version"] == version and len(sync["log"]) == version
        assert sync["chat"][-1]["text"] == f"took back: {build['text']}"
        assert sync["chat"][-1]["system"] is True

        mover.send({"type": "action", "version": version, "action": build["json"]})
        again = mover.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
        assert again["n"] == undone["n"] + 1  # event numbers go on after the undo


def test_an_undo_that_loses_to_another_writer_is_stale(client: TestClient, db_url: str) -> None:
    """Issue 10 item 5: the store removes only what the table saw; when another worker
    stored a move first, the undo is `stale`, nothing is removed and the table reloads."""
    with anna_bob_and_a_bot_started(client) as game:
        table_id, socks = game.table_id, game.seats
        own = until_build(client, socks, game.s)
        mover = socks[own["to_move"]]
        version = own["version"]
        build = next(x for x in own["legal"] if x["text"].startswith("build"))
        mover.send({"type": "action", "version": version, "action": build["json"]})
        echo = mover.until(lambda m: m.get("kind") == "action" and m["version"] == version + 1)
        step = echo["legal"][0]
        other = Store(db_url)
        try:
            other.append_action(table_id, version + 1, RecordEntry(
                own["to_move"], step["json"], step["text"], None))
        finally:
            other.close()
        mover.send({"type": "undo", "version": version + 1})
        mover.expect_error("stale")
        actor = table_actor(client, table_id)
        assert actor.version == version + 2
        assert [e.text for e in actor.entries[-2:]] == [build["text"], step["text"]]

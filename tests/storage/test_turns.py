"""Whose turn it is (belle.storage.notices, for "next table" and "your turn" e-mails of
issue 10 item 4), written in batches: `set_turns` tells which changes began a new turn,
`note_turns` writes a batch of changes nobody is told about as one upsert; both keep a
turn's start when the same seat is noted again. On every `database_url`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from belle.storage import Store
from belle.storage.notices import Notices
from tests.storage.test_store import new_table

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_set_turns_tells_which_changes_began_a_turn(store: Store) -> None:
    notices = Notices(store.engine)
    table = new_table(store, "running")
    ann, bob = store.create_player("Ann"), store.create_player("Bob")
    began = notices.set_turns([(table, 0, ann.id, at(0)), (table, 0, ann.id, at(1)),
                               (table, 1, bob.id, at(2)), (table, 0, ann.id, at(3))])
    assert began == [0, 2, 3]  # the second note of seat 0 is the same turn
    count, first = notices.waiting(ann.id)
    assert count == 1 and first[0].table_id == table and first[0].since == at(3)
    assert notices.set_turns([]) == []


def test_note_turns_writes_a_batch_and_keeps_a_turns_start(store: Store) -> None:
    notices = Notices(store.engine)
    one = new_table(store, "running")
    two = store.create_table("paris_paris", {}, 2, "live", None).id
    store.start_table(two, 7)
    ann, bob = store.create_player("Ann"), store.create_player("Bob")
    notices.note_turns([(one, 0, ann.id, at(0)), (two, 1, ann.id, at(1))])  # new rows
    notices.note_turns([(one, 0, ann.id, at(5)), (two, 0, bob.id, at(6))])
    count, first = notices.waiting(ann.id)
    assert count == 1 and (first[0].table_id, first[0].since) == (one, at(0))  # kept
    count, first = notices.waiting(bob.id)
    assert count == 1 and (first[0].table_id, first[0].since) == (two, at(6))  # moved on
    notices.note_turns([])
    notices.note_turns([(one, 1, bob.id, at(7)), (one, 2, None, at(8))])  # in order
    assert notices.waiting(bob.id)[0] == 1 and notices.waiting(ann.id)[0] == 0

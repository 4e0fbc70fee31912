"""Taking actions back in storage (`Store.truncate_actions`, the undo of issue 10 item 5):
one transaction that removes the last actions, stores the table's line about it and
numbers one event, guarded by the version the caller saw; on every `database_url`."""

from __future__ import annotations

import pytest

from belle.engine import RecordEntry
from belle.storage import ConcurrencyError, NotFoundError, Store, StoreError
from tests.storage.test_store import deal, new_table


def build(seat: int, letter: str) -> RecordEntry:
    return RecordEntry(seat, {"type": "build", "company": letter}, f"build {letter}")


def test_truncate_removes_the_last_actions_and_stores_the_line(store: Store) -> None:
    """Issue 10 item 5: the log loses the step, the version goes back, one event is
    numbered, and the line "Ana took back: …" is kept (a later sync shows it)."""
    table_id = new_table(store, "running")
    store.append_actions(table_id, 0, [deal(0), deal(1), build(0, "R")])
    line = store.truncate_actions(table_id, 3, 2, "Ana", "took back: build R")
    assert store.load_actions(table_id) == [deal(0), deal(1)]
    table = store.get_table(table_id)
    assert table is not None and table.version == 2
    assert line.event == table.events == 5  # start, 3 actions, the undo
    assert line.player_id is None and line.table_id == table_id
    kept = store.recent_chat(table_id)
    assert [(c.name, c.text, c.player_id) for c in kept] == [("Ana", "took back: build R", None)]


def test_the_next_action_takes_the_freed_number(store: Store) -> None:
    """After an undo the next step is stored at the seq that was taken back."""
    table_id = new_table(store, "running")
    store.append_actions(table_id, 0, [deal(0), build(0, "R")])
    store.truncate_actions(table_id, 2, 1, "Ana", "took back: build R")
    store.append_action(table_id, 1, build(0, "B"))
    assert store.load_actions(table_id) == [deal(0), build(0, "B")]


def test_a_stale_truncate_changes_nothing(store: Store) -> None:
    """The caller removes only what it saw: a move stored since makes it fail."""
    table_id = new_table(store, "running")
    store.append_actions(table_id, 0, [deal(0), build(0, "R"), build(1, "B")])
    before = store.get_table(table_id)
    with pytest.raises(ConcurrencyError):
        store.truncate_actions(table_id, 2, 1, "Ana", "took back: build R")
    after = store.get_table(table_id)
    assert after == before
    assert len(store.load_actions(table_id)) == 3
    assert store.recent_chat(table_id) == []


def test_an_append_from_before_the_undo_loses(store: Store, database_url: str) -> None:
    """A writer that saw the log before a take-back (version 2) cannot store seq 2 on the
    shorter log: that would leave a gap. It loses cleanly and changes nothing."""
    table_id = new_table(store, "running")
    store.append_actions(table_id, 0, [deal(0), build(0, "R")])
    other = Store(database_url)
    try:
        other.truncate_actions(table_id, 2, 1, "Ana", "took back: build R")
        with pytest.raises(ConcurrencyError):
            store.append_action(table_id, 2, build(1, "B"))
    finally:
        other.close()
    assert store.load_actions(table_id) == [deal(0)]
    table = store.get_table(table_id)
    assert table is not None and table.version == 1


def test_truncate_bad_arguments(store: Store) -> None:
    table_id = new_table(store, "running")
    with pytest.raises(StoreError):
        store.truncate_actions(table_id, 0, 1, "Ana", "x")
    with pytest.raises(NotFoundError):
        store.truncate_actions(table_id + 100, 0, 0, "Ana", "x")

"""The storage contract: the Store API on every database URL of the `database_url` fixture."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import make_url

import belle
from belle.bots import make_bot
from belle.engine import CHANCE, RecordEntry, play_match, replay
from belle.storage import (
    ConcurrencyError,
    NameTakenError,
    NotFoundError,
    Seat,
    Store,
    sqlite,
)
from belle.storage import migrate as migrations
from belle.storage.models import metadata


def deal(seat: int, letter: str = "R") -> RecordEntry:
    return RecordEntry(CHANCE, {"type": "deal", "company": letter}, f"deal {letter}", [seat])


def new_table(store: Store, status: str = "open") -> int:
    creator = store.create_player(f"creator{status}")
    table = store.create_table("paris_connection", {"house_tie_break": False}, 3, "live",
                               creator.id)
    if status != "open":
        store.start_table(table.id, 1234)
    return table.id


# -- schema -----------------------------------------------------------------
def test_migrations_reach_head_and_are_idempotent(store: Store) -> None:
    store.migrate()
    assert migrations.current_revision(store.engine) == migrations.head_revision()


def test_migrations_create_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


# -- players ----------------------------------------------------------------
def test_players_have_case_insensitive_unique_names(store: Store) -> None:
    anna = store.create_player("Anna")
    assert store.get_player_by_name("ANNA") == anna
    assert store.get_player(anna.id) == anna
    assert not anna.registered
    with pytest.raises(NameTakenError):
        store.create_player("anna")
    assert store.get_player_by_name("Bob") is None
    assert store.get_player(anna.id + 100) is None


def test_set_password_registers_the_name(store: Store) -> None:
    anna = store.create_player("Anna")
    store.set_password(anna.id, "hash")
    again = store.get_player_by_name("anna")
    assert again is not None and again.registered and again.password_hash == "hash"
    with pytest.raises(NotFoundError):
        store.set_password(anna.id + 100, "hash")


# -- tables -----------------------------------------------------------------
def test_create_and_get_a_table(store: Store) -> None:
    anna = store.create_player("Anna")
    table = store.create_table("paris_connection", {"house_tie_break": True}, 4, "turn",
                               anna.id)
    assert table.status == "open" and table.mode == "turn" and table.players == 4
    assert table.options == {"house_tie_break": True}
    assert [s.kind for s in table.seats] == ["empty"] * 4
    assert table.version == 0 and table.events == 0 and table.seed is None
    assert table.created_by == anna.id and table.created_by_name == "Anna"
    assert store.get_table(table.id) == table
    assert store.get_table(table.id + 100) is None


def test_list_tables_by_status(store: Store) -> None:
    open_id = new_table(store)
    running_id = new_table(store, "running")
    assert [t.id for t in store.list_tables("open")] == [open_id]
    assert [t.id for t in store.list_tables("running")] == [running_id]
    assert store.list_tables("finished") == []
    assert {t.id for t in store.list_tables()} == {open_id, running_id}


def test_seats_start_and_finish_number_events(store: Store) -> None:
    table_id = new_table(store)
    anna = store.create_player("Anna")
    seats = [Seat("human", anna.id, "Anna"), Seat("bot", bot="greedy"), Seat("empty")]
    assert store.update_seats(table_id, seats) == 1
    assert store.start_table(table_id, 99) == 2
    assert store.finish_table(table_id, {"returns": [1, 2, 3]}) == 3
    table = store.get_table(table_id)
    assert table is not None
    assert table.seats == seats and table.seed == 99 and table.status == "finished"
    assert table.result == {"returns": [1, 2, 3]} and table.events == 3
    with pytest.raises(NotFoundError):
        store.update_seats(table_id + 100, seats)


# -- actions ----------------------------------------------------------------
def test_append_and_load_actions(store: Store) -> None:
    table_id = new_table(store, "running")
    entries = [deal(0, "R"), deal(0, "B"), RecordEntry(1, {"type": "stop"}, "stop", None)]
    numbers = [store.append_action(table_id, seq, e) for seq, e in enumerate(entries)]
    assert numbers == [2, 3, 4]  # the start was event 1
    assert store.load_actions(table_id) == entries
    table = store.get_table(table_id)
    assert table is not None and table.version == 3 and table.events == 4


def test_a_duplicate_seq_raises_and_changes_nothing(store: Store) -> None:
    table_id = new_table(store, "running")
    store.append_action(table_id, 0, deal(0, "R"))
    before = store.get_table(table_id)
    with pytest.raises(ConcurrencyError):
        store.append_action(table_id, 0, deal(0, "B"))
    assert store.load_actions(table_id) == [deal(0, "R")]
    after = store.get_table(table_id)
    assert after is not None and before is not None
    assert (after.version, after.events) == (before.version, before.events)


def test_a_second_writer_loses_cleanly(store: Store, database_url: str) -> None:
    table_id = new_table(store, "running")
    other = Store(database_url)
    try:
        other.append_action(table_id, 0, deal(0, "Y"))
        with pytest.raises(ConcurrencyError):
            store.append_action(table_id, 0, deal(0, "R"))
        store.append_action(table_id, 1, deal(0, "R"))  # the loser resyncs and goes on
    finally:
        other.close()
    assert [e.text for e in store.load_actions(table_id)] == ["deal Y", "deal R"]


def test_append_to_an_unknown_table(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.append_action(12345, 0, deal(0))


def test_the_record_is_rebuilt_from_rows_and_replays(store: Store) -> None:
    game = belle.load_game("paris_connection")
    result = play_match(game, [make_bot("random") for _ in range(3)], seed=5)
    table_id = new_table(store, "running")
    for seq, entry in enumerate(result.record.actions):
        store.append_action(table_id, seq, entry)
    record = store.load_record(table_id)
    assert record.actions == result.record.actions
    assert record.seed == 1234 and record.game == "paris_connection"
    state = replay(record)
    assert state.is_terminal() and state.returns() == result.state.returns()


# -- chat and settings --------------------------------------------------------
def test_chat_lines_in_the_lobby_and_at_a_table(store: Store) -> None:
    table_id = new_table(store)
    anna = store.create_player("Anna")
    for i in range(5):
        store.add_chat(None, anna.id, "Anna", f"lobby {i}")
    line = store.add_chat(table_id, anna.id, "Anna", "hello table")
    assert line.event == 1 and line.table_id == table_id
    assert [c.text for c in store.recent_chat(None, limit=3)] == ["lobby 2", "lobby 3", "lobby 4"]
    assert [c.text for c in store.recent_chat(table_id)] == ["hello table"]
    assert store.recent_chat(None)[0].at.tzinfo is not None


def test_the_session_secret_is_kept(store: Store, database_url: str) -> None:
    secret = store.session_secret()
    other = Store(database_url)
    try:
        assert other.session_secret() == secret and len(secret) >= 32
    finally:
        other.close()


# -- SQLite ---------------------------------------------------------------------
def only_sqlite(store: Store) -> None:
    if not store.is_sqlite:
        pytest.skip("SQLite only")


def test_a_sqlite_file_runs_in_wal_with_normal_sync(store: Store) -> None:
    """WAL + synchronous=NORMAL: a commit is durable against a crash of the server
    (docs/decisions.md, Web table); checkpoints run on the Store's own thread."""
    only_sqlite(store)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_the_prepared_append_writes_what_the_generic_path_writes(store: Store) -> None:
    only_sqlite(store)
    assert store._append is not None  # the hot path is in use on a SQLite file
    entries = [deal(0, "R"), RecordEntry(1, {"type": "take", "company": "B", "count": 2},
                                         "take 2 B", None)]
    fast = new_table(store, "running")
    assert store.append_actions(fast, 0, entries) == 3
    generic = store.create_table("paris_connection", {}, 3, "live", None).id
    store.start_table(generic, 1)
    prepared, store._append = store._append, None
    try:
        assert store.append_actions(generic, 0, entries) == 3
    finally:
        store._append = prepared
    columns = "seq, player, action, text, visible_to, typeof(at), length(at)"
    with store.engine.connect() as conn:
        rows = [
            conn.exec_driver_sql(
                f"SELECT {columns} FROM actions WHERE match_id = ? ORDER BY seq", (table,)
            ).all()
            for table in (fast, generic)
        ]
    assert rows[0] == rows[1] and len(rows[0]) == 2
    assert store.load_actions(fast) == store.load_actions(generic) == entries
    first, second = store.get_table(fast), store.get_table(generic)
    assert first is not None and second is not None
    assert (first.version, first.events) == (second.version, second.events) == (2, 3)


def test_a_group_of_appends_keeps_each_table_all_or_nothing(store: Store) -> None:
    """Issue 18 item 2 (grouped commits): several tables' appends in one transaction;
    a seq already taken, a stale version or an unknown table fails alone, the others
    are written."""
    only_sqlite(store)
    fresh, taken, stale = (store.create_table("paris_connection", {}, 3, "live", None).id
                           for _ in range(3))
    for table_id in (fresh, taken, stale):
        store.start_table(table_id, 1)
    store.append_action(taken, 0, deal(0, "Y"))
    store.append_actions(stale, 0, [deal(0, "Y"), deal(0, "B")])
    two = [deal(0, "R"), deal(1, "B")]
    outcome = store.append_group([(fresh, 0, two), (taken, 0, [deal(0, "R")]),
                                  (stale, 1, [deal(0, "R")]), (12345, 0, [deal(0)])])
    assert outcome[0] == 3  # the start was event 1, then two actions
    assert [type(o) for o in outcome[1:]] == [ConcurrencyError, ConcurrencyError,
                                              NotFoundError]
    assert store.load_actions(fresh) == two
    assert [e.text for e in store.load_actions(taken)] == ["deal Y"]
    assert [e.text for e in store.load_actions(stale)] == ["deal Y", "deal B"]
    table = store.get_table(fresh)
    assert table is not None and (table.version, table.events) == (2, 3)


def test_a_group_that_goes_through_is_written_in_two_statements(store: Store,
                                                                 monkeypatch: Any) -> None:
    """The usual group (every append goes through) takes the whole-group path: one
    insert of all its rows and one update of all its tables; no savepoint per table."""
    only_sqlite(store)
    ids = [store.create_table("paris_connection", {}, 3, "live", None).id for _ in range(3)]
    for table_id in ids:
        store.start_table(table_id, 1)
    store.append_action(ids[2], 0, deal(0, "Y"))

    def one_by_one(*_args: Any) -> None:
        raise AssertionError("the group fell back to a savepoint per table")

    monkeypatch.setattr(sqlite.PreparedAppend, "_append_one", one_by_one)
    outcome = store.append_group([(ids[0], 0, [deal(0, "R"), deal(1, "B")]),
                                  (ids[1], 0, [deal(0, "R")]), (ids[2], 1, [deal(0, "B")])])
    assert outcome == [3, 2, 3]
    assert [e.text for e in store.load_actions(ids[2])] == ["deal Y", "deal B"]
    versions = [(t.version, t.events) for t in map(store.get_table, ids) if t is not None]
    assert versions == [(2, 3), (1, 2), (2, 3)]


def test_checkpoints_run_in_the_background(store: Store) -> None:
    only_sqlite(store)
    checkpointer = store._checkpointer
    assert checkpointer is not None
    table_id = new_table(store, "running")
    for seq in range(sqlite.CHECKPOINT_COMMITS + 5):
        store.append_action(table_id, seq, deal(0))
    deadline = time.monotonic() + 20
    while checkpointer.commits >= sqlite.CHECKPOINT_COMMITS and time.monotonic() < deadline:
        time.sleep(0.01)
    assert checkpointer.commits < sqlite.CHECKPOINT_COMMITS
    store.close()  # stops the thread
    assert checkpointer._thread is not None and not checkpointer._thread.is_alive()


def test_a_new_database_file_is_private(tmp_path: Path) -> None:
    """Issue 17: the file holds password hashes and the cookie secret: 0600, and SQLite
    gives its log files the same mode."""
    path = tmp_path / "private.db"
    store = Store(f"sqlite:///{path}")
    try:
        store.migrate()
        table_id = new_table(store, "running")
        store.append_action(table_id, 0, deal(0))
        for name in ("private.db", "private.db-wal", "private.db-shm"):
            assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600, name
    finally:
        store.close()


def test_the_log_file_is_emptied_by_the_truncating_checkpoint(store: Store) -> None:
    """Issue 17: passive checkpoints never shrink the -wal file; the Checkpointer's
    periodic TRUNCATE checkpoint does, and journal_size_limit caps what is kept."""
    only_sqlite(store)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_size_limit").scalar() == \
            sqlite.JOURNAL_SIZE_LIMIT
    table_id = new_table(store, "running")
    for seq in range(300):
        store.append_action(table_id, seq, deal(0))
    wal = Path(make_url(store.url).database or "").with_name(
        Path(make_url(store.url).database or "").name + "-wal")
    assert wal.stat().st_size > 0
    connection = store.engine.raw_connection()
    try:
        for _ in range(100):  # the store's own passive checkpoint may be running just now
            busy, _frames, _copied = sqlite.checkpoint(connection.driver_connection, "TRUNCATE")
            if not busy:
                break
            time.sleep(0.05)
    finally:
        connection.close()
    assert busy == 0 and wal.stat().st_size == 0

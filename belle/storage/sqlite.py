"""SQLite specifics: connection pragmas, the prepared action append, background checkpoints.

A file database runs in WAL mode with `synchronous=NORMAL`: a commit appends to the
write-ahead log without an fsync (only checkpoints sync), so committing an action
costs tens of microseconds. An application or server crash loses nothing committed;
a power cut or OS crash may lose the last commits before the next checkpoint, and the
file always stays consistent (docs/decisions.md, "Web table").

Checkpoints (copying the log back into the database file, with fsyncs) would otherwise
run inside whichever commit crosses the threshold; here a `Checkpointer` thread runs
them in the background, on its own connection, so a writer does not wait for one.
A passive checkpoint never shrinks the log *file*, which then keeps the size of its
busiest moment (18× the database was seen): every `TRUNCATE_EVERY` seconds the thread
runs a TRUNCATE checkpoint (waiting at most a moment for readers and the writer), and
`journal_size_limit` cuts the file back whenever the log starts over.
`wal_autocheckpoint` stays on at a larger threshold, as a safety net and because the log
can only start over from a checkpoint that catches up with the last commit: under
constant writes the background one never quite does, and the writer's own, at that
threshold, finds next to nothing left to copy.

`PreparedAppend` is the hot path of a table: appending actions and advancing the
table's counters as two prepared statements on one dedicated connection (sqlite3
keeps them compiled), bypassing the SQL expression layer.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from belle.engine.record import RecordEntry
from belle.storage.models import actions, tables

log = logging.getLogger("belle.storage")

AUTOCHECKPOINT_PAGES = 8192  # the safety net (32 MiB of log); the thread runs far sooner
CHECKPOINT_COMMITS = 256  # commits between background checkpoints…
CHECKPOINT_SECONDS = 1.0  # …or this long after the first one
JOURNAL_SIZE_LIMIT = 16 * 1024 * 1024  # bytes the log file keeps once it starts over
TRUNCATE_EVERY = 30.0  # seconds between checkpoints that empty the log file


def is_file_url(url: str) -> bool:
    return ":memory:" not in url and url.rstrip("/") not in ("sqlite:", "sqlite+pysqlite:")


def private_file(path: str) -> None:
    """Create the database file readable by its owner only (it holds password hashes and
    the cookie secret); SQLite gives its -wal and -shm files the same mode. An existing
    file readable by others is left as it is, with a warning: the operator chose it."""
    if not path or path.startswith("file:"):
        return
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        if os.stat(path).st_mode & 0o077:
            log.warning("%s can be read by other users of this machine: it holds password "
                        "hashes and the session secret (chmod 600 it)", path)
        return
    except OSError:  # a directory that does not exist: SQLite will say so
        return
    os.close(descriptor)


def pragmas(dbapi_connection: Any, file_backed: bool) -> None:
    """Set on every new connection: foreign keys; WAL and synchronous=NORMAL on files."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    if file_backed:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
        cursor.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    cursor.close()


class Checkpointer:
    """Runs `PRAGMA wal_checkpoint(PASSIVE)` on a thread of its own, after enough commits.

    A passive checkpoint never blocks writers or readers. The thread starts at the
    first commit noted and stops at `close()`.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.commits = 0
        self._wake = threading.Event()
        self._closing = False
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

    def note_commit(self) -> None:
        self.commits += 1
        if self._thread is None:
            self._start()
        if self.commits >= CHECKPOINT_COMMITS:
            self._wake.set()

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None and not self._closing:
                self._thread = threading.Thread(
                    target=self._run, name="belle-checkpoint", daemon=True
                )
                self._thread.start()

    def _run(self) -> None:
        connection: Any = None
        truncated = time.monotonic()
        try:
            while not self._closing:
                self._wake.wait(CHECKPOINT_SECONDS)
                self._wake.clear()
                due = time.monotonic() - truncated >= TRUNCATE_EVERY
                if self._closing or (self.commits == 0 and not due):
                    continue
                self.commits = 0
                try:
                    if connection is None:
                        connection = self.engine.raw_connection()
                    if due:
                        truncated = time.monotonic()
                        checkpoint(connection.driver_connection, "TRUNCATE")
                    else:
                        checkpoint(connection.driver_connection, "PASSIVE")
                except Exception:  # a checkpoint can always be retried later
                    log.exception("WAL checkpoint failed")
        finally:
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.close()

    def close(self) -> None:
        self._closing = True
        self._wake.set()
        with self._start_lock:
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=30)


def checkpoint(db: sqlite3.Connection, mode: str) -> tuple[int, int, int]:
    """`PRAGMA wal_checkpoint(mode)`: (busy, log frames, frames copied). TRUNCATE waits
    at most a moment for the writer and readers (busy is then 1, and it is retried)."""
    if mode == "TRUNCATE":
        db.execute("PRAGMA busy_timeout = 200")
    row = db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
    return int(row[0]), int(row[1]), int(row[2])


_Results = list[int | sqlite3.IntegrityError | None]


class PreparedAppend:
    """Append actions and advance the table's counters: one transaction, two statements.

    Values are converted with the column types' own bind processors, so rows are
    exactly what the SQLAlchemy path writes. Thread-safe (one lock); the connection is
    dedicated to this appender.
    """

    INSERT = (
        f"INSERT INTO {actions.name} (match_id, seq, player, action, text, visible_to, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    ADVANCE = (
        f"UPDATE {tables.name} SET events = events + ?, version = ?, updated_at = ? "
        "WHERE id = ? AND version = ? RETURNING events"
    )
    # A group's tables at once: (id, the version it must be at, how many actions) each.
    ADVANCE_GROUP = (
        f"UPDATE {tables.name} SET events = events + v.column3, "
        "version = v.column2 + v.column3, updated_at = ? "
        "FROM (VALUES {values}) AS v "
        f"WHERE {tables.name}.id = v.column1 AND {tables.name}.version = v.column2 "
        f"RETURNING {tables.name}.id, {tables.name}.events"
    )
    HAS_ACTION = f"SELECT 1 FROM {actions.name} WHERE match_id = ? AND seq = ?"

    def __init__(self, engine: Engine, on_commit: Callable[[], None]) -> None:
        dialect = engine.dialect
        self._json = bind_processor(actions.c.action.type, dialect)
        self._visible = bind_processor(actions.c.visible_to.type, dialect)
        self._stamp = bind_processor(actions.c.at.type, dialect)
        self._engine = engine
        self._on_commit = on_commit
        self._fairy: Any = None
        self._lock = threading.Lock()

    def _connection(self) -> sqlite3.Connection:
        if self._fairy is None:
            self._fairy = self._engine.raw_connection()
        db = self._fairy.driver_connection
        assert isinstance(db, sqlite3.Connection)
        return db

    def append(
        self, match_id: int, first_seq: int, entries: Sequence[RecordEntry], moment: datetime
    ) -> int | None:
        """The table's new event number; None (nothing written) if the table does not
        exist or is not at version `first_seq`.

        Raises sqlite3.IntegrityError (rolled back) when a seq is already taken.
        """
        found = self.append_group([(match_id, first_seq, entries)], moment)[0]
        if isinstance(found, sqlite3.IntegrityError):
            raise found
        return found

    def append_group(
        self, items: Sequence[tuple[int, int, Sequence[RecordEntry]]], moment: datetime
    ) -> list[int | sqlite3.IntegrityError | None]:
        """Several tables' appends in one transaction, each all or nothing on its own:
        per item, its new event number, None (the table is not there or not at that
        version) or the IntegrityError of a seq already taken. Any other failure rolls
        the whole transaction back and is raised (nothing was written).

        The group is first written without a savepoint per table, as nearly always every
        append goes through; if one does not, that attempt is rolled back and the group
        is written again with a savepoint each, so the others still go through."""
        stamp = self._stamp(moment)
        with self._lock:
            db = self._connection()
            results = self._transaction(db, lambda: self._all_or_none(db, items, stamp))
            if results is None:
                results = self._transaction(db, lambda: [
                    self._append_one(db, match_id, first_seq, entries, stamp)
                    for match_id, first_seq, entries in items])
        assert results is not None
        self._on_commit()
        return results

    @staticmethod
    def _transaction(db: sqlite3.Connection, work: Callable[[], _Results | None]
                     ) -> _Results | None:
        """`work()` in one immediate transaction: committed unless it returns None (or
        raises), rolled back then."""
        db.execute("BEGIN IMMEDIATE")
        try:
            results = work()
        except BaseException:
            db.rollback()
            raise
        if results is None:
            db.rollback()
        else:
            db.commit()
        return results

    def _all_or_none(self, db: sqlite3.Connection,
                     items: Sequence[tuple[int, int, Sequence[RecordEntry]]],
                     stamp: Any) -> _Results | None:
        """Every item appended, in two statements for the whole group (the writer thread
        takes the interpreter's lock back after each call into SQLite, so every call
        costs a hand-off with the event loop); None if one item does not go through."""
        rows = [row for match_id, first_seq, entries in items
                for row in self._rows(match_id, first_seq, entries, stamp)]
        try:
            db.executemany(self.INSERT, rows)
        except sqlite3.IntegrityError:
            return None
        values = ",".join(["(?, ?, ?)"] * len(items))
        found = dict(db.execute(
            self.ADVANCE_GROUP.format(values=values),
            [stamp, *(value for match_id, first_seq, entries in items
                      for value in (match_id, first_seq, len(entries)))],
        ).fetchall())
        if len(found) != len(items):
            return None
        return [int(found[match_id]) for match_id, _first, _entries in items]

    def _rows(self, match_id: int, first_seq: int, entries: Sequence[RecordEntry],
              stamp: Any) -> list[tuple[Any, ...]]:
        return [
            (match_id, first_seq + i, e.player, self._json(e.action), e.text,
             self._visible(e.visible_to), stamp)
            for i, e in enumerate(entries)
        ]

    def _append_one(
        self, db: sqlite3.Connection, match_id: int, first_seq: int,
        entries: Sequence[RecordEntry], stamp: Any,
    ) -> int | sqlite3.IntegrityError | None:
        rows = self._rows(match_id, first_seq, entries, stamp)
        db.execute("SAVEPOINT belle_append")
        outcome: int | sqlite3.IntegrityError | None = None
        try:
            db.executemany(self.INSERT, rows)
            found = db.execute(
                self.ADVANCE, (len(rows), first_seq + len(rows), stamp, match_id, first_seq)
            ).fetchall()
            if found:
                outcome = int(found[0][0])
        except sqlite3.IntegrityError as exc:
            outcome = exc
        if not isinstance(outcome, int):
            db.execute("ROLLBACK TO belle_append")
        db.execute("RELEASE belle_append")
        return outcome

    def has_action(self, match_id: int, seq: int) -> bool:
        with self._lock:
            db = self._connection()
            return db.execute(self.HAS_ACTION, (match_id, seq)).fetchone() is not None

    def close(self) -> None:
        with self._lock:
            if self._fairy is not None:
                self._fairy.close()
                self._fairy = None


def bind_processor(column_type: Any, dialect: Any) -> Callable[[Any], Any]:
    """How `dialect`'s driver takes a value of `column_type` (any dialect; the identity
    when the driver takes it as it is): for statements sent past the expression layer."""
    process = column_type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else _same


def _same(value: Any) -> Any:
    return value

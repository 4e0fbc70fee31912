"""The server's way to the Store: every call off the event loop, short lock waits, retries,
and a clear refusal when storage is unavailable.

Reads run on a pool of DB threads. Writes run on their own threads: one for SQLite (it
has one writer anyway, so a second thread would only queue on its lock), the pool for
PostgreSQL. The event loop never waits for a lock: another process holding SQLite's
write lock, or a PostgreSQL that is down, slows the writes of this worker, not every
request.

A call that fails for want of storage (a lock held past the short busy timeout, a lost
connection) is retried `RETRIES` times with a short backoff, on its thread; then it
raises `StorageUnavailable` (`unavailable`, 503: the HTTP and websocket layers answer it
as JSON like any refusal). Once writes fail, the next ones fail at once (the breaker is
open), so a queue of writes does not wait out the retries one by one. The heartbeat
decides when storage is back: its `settle` write passes the open breaker, and once it
succeeded and the clocks were moved on by the outage (belle.server.table.janitor) it
closes the breaker (`settled`), so no move or timeout is made on a clock that still
counts the outage; `check` is a read made only then (what a timeout relies on).
Without a heartbeat (none under way and none for `SETTLER_GRACE` seconds), a write a
`COOLDOWN` apart is a probe, and a probe that succeeds closes the breaker; a write let
in before the breaker opened does not (it may have waited out the outage unseen). (A
settling write may wait out its retries, 3 × PostgreSQL's 2 s lock timeout: while it
waits, the heartbeat is there.) A database that refuses writes for good (a read-only
SQLite file, a PostgreSQL standby) is marked `read_only`: writes are refused at once
with a message that says so.

`health()` is what `/api/health` reports: a write probe (a transaction that inserts and
rolls back) within `PROBE_SECONDS`, and "unavailable" while the breaker is open.

The tables recover by themselves when storage returns (belle.server.table.recovery).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, TimeoutError

from belle.engine.record import RecordEntry
from belle.server.errors import ServerError
from belle.storage import Store
from belle.storage.store import SQLITE_BUSY_MS

T = TypeVar("T")
log = logging.getLogger("belle.server")

RETRIES = 3  # attempts of one call
BACKOFF = (0.05, 0.25)  # seconds before the 2nd and 3rd attempts
COOLDOWN = 1.0  # seconds writes fail fast after a failure (but for one probe)
SETTLER_GRACE = 5.0  # seconds a settling write (the heartbeat) decides alone
PROBE_SECONDS = 3.0
PROBE_WAIT_MS = 200  # how long the health probe waits for another writer's lock
PROBE = text("INSERT INTO settings (key, value) VALUES ('belle-health-probe', '')")

READ_ONLY_MESSAGE = ("the database is read-only: nothing can be saved now (the operator "
                     "has been told); you can still watch tables")
DOWN_MESSAGE = "the database is not answering: nothing was saved; try again in a moment"


class StorageUnavailable(ServerError):
    """Storage cannot do this now (locked, unreachable or read-only); nothing changed."""

    def __init__(self, message: str = DOWN_MESSAGE) -> None:
        super().__init__("unavailable", message)


def storage_failure(exc: BaseException) -> str | None:
    """"read-only", "down" or None (not a storage failure: a bug or a StoreError)."""
    if isinstance(exc, IntegrityError):
        return None
    if isinstance(exc, sqlite3.OperationalError | sqlite3.DatabaseError) \
            and not isinstance(exc, sqlite3.IntegrityError):
        original: BaseException = exc
    elif isinstance(exc, OperationalError | DBAPIError | TimeoutError):
        original = getattr(exc, "orig", None) or exc
    else:
        return None
    name = getattr(original, "sqlite_errorname", "") or ""
    sqlstate = getattr(original, "sqlstate", None) or getattr(
        getattr(original, "diag", None), "sqlstate", None)
    message = str(original).lower()
    if name.startswith("SQLITE_READONLY") or sqlstate == "25006" \
            or "readonly database" in message or "read-only transaction" in message:
        return "read-only"
    return "down"


class Database:
    """Runs Store calls on DB threads, with retries and a breaker on writes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        workers = 4 if store.is_sqlite else 8
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="belle-db")
        self.writer = self.executor if not store.is_sqlite else ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="belle-db-write")
        self.read_only = False
        self._failing_since: float | None = None  # writes are failing (the breaker)
        self._next_probe = 0.0
        self._settler_seen = float("-inf")  # when a settling write last came or went
        self._settling = 0  # settling writes under way
        self._state = threading.Lock()
        self._appends: list[Append] = []  # grouped appends not yet sent (`append`)
        self._appending = False  # a group is on its way to the writer thread

    # -- calls -------------------------------------------------------------
    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a Store read on the DB threads (retried; StorageUnavailable at last)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, functools.partial(self._attempts, fn, args, False))

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a Store write on the writer threads (retried; StorageUnavailable at last)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.writer, functools.partial(self._attempts, fn, args, True))

    async def settle(self, fn: Callable[..., T], *args: Any) -> T:
        """A write that passes the open breaker (the heartbeat's) and does not close it:
        the caller closes it (`settled`) once it has done what the outage owes."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.writer, functools.partial(self._attempts, fn, args, True, True))

    async def check(self, fn: Callable[..., T], *args: Any) -> T:
        """A Store read made only when writes go through (StorageUnavailable while the
        breaker is open): what a write is about to rely on, read after any outage was
        settled. It neither probes nor closes the breaker."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, functools.partial(self._checked, fn, args))

    def _checked(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        if self.read_only:
            raise StorageUnavailable(READ_ONLY_MESSAGE)
        if self._failing_since is not None:
            raise StorageUnavailable()
        return self._attempts(fn, args, False)

    def settled(self) -> None:
        """Storage is back and what the outage owed is done: writes go through again."""
        self._write_succeeded()

    async def append(self, match_id: int, first_seq: int, entries: list[RecordEntry]) -> int:
        """`Store.append_actions` as a write, grouped on a SQLite file: the appends that
        come while the previous group is being written go together, in one transaction
        and one hop to the writer thread (each table's still all or none, and stored
        before the caller broadcasts it)."""
        if not self.store.groups_appends:
            return await self.write(self.store.append_actions, match_id, first_seq, entries)
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[int] = loop.create_future()
        self._appends.append((match_id, first_seq, entries, waiter))
        if not self._appending:
            self._appending = True
            loop.call_soon(self._write_appends)
        return await waiter

    def _write_appends(self) -> None:
        """Send the appends waiting to the writer thread as one group (or go idle)."""
        group, self._appends = self._appends, []
        if not group:
            self._appending = False
            return
        items = [(match_id, seq, entries) for match_id, seq, entries, _ in group]
        try:
            work = asyncio.get_running_loop().run_in_executor(
                self.writer, functools.partial(
                    self._attempts, self.store.append_group, (items,), True))
        except BaseException as exc:  # the writer is shut down: the server is stopping
            _settle(group, exc, [])
            self._appending = False
            return
        work.add_done_callback(functools.partial(self._appended, group))

    def _appended(self, group: list[Append], work: asyncio.Future[list[Any]]) -> None:
        if work.cancelled():
            _settle(group, asyncio.CancelledError(), [])
        elif work.exception() is not None:
            _settle(group, work.exception(), [])
        else:
            _settle(group, None, work.result())
        self._write_appends()

    def _attempts(self, fn: Callable[..., T], args: tuple[Any, ...], write: bool,
                  settling: bool = False) -> T:
        if not settling:
            probe = self._admit_write() if write else False
            return self._tries(fn, args, write, closes=probe)
        self._settler_comes()
        try:
            return self._tries(fn, args, True, closes=False)
        finally:
            self._settler_goes()

    def _tries(self, fn: Callable[..., T], args: tuple[Any, ...], write: bool,
               closes: bool) -> T:
        """`fn(*args)`, retried; a success closes the breaker if `closes`."""
        for attempt in range(RETRIES):
            try:
                result = fn(*args)
            except Exception as exc:
                failure = storage_failure(exc)
                if failure is None:
                    raise
                if failure == "read-only" and write:
                    self._mark_read_only()
                    raise StorageUnavailable(READ_ONLY_MESSAGE) from exc
                if attempt == RETRIES - 1:
                    if write:
                        self._write_failed()
                    log.warning("storage unavailable for %s: %s", _name(fn), exc)
                    raise StorageUnavailable() from exc
                time.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                continue
            if closes:
                self._write_succeeded()
            return result
        raise AssertionError("unreachable")

    # -- the breaker -------------------------------------------------------
    def _admit_write(self) -> bool:
        """Let a write through, or refuse it; whether it is the probe (the breaker is open:
        its success closes it). A write let through while the breaker was closed does not
        close it if another opened it meanwhile: the outage is the heartbeat's to settle."""
        if self.read_only:
            raise StorageUnavailable(READ_ONLY_MESSAGE)
        with self._state:
            if self._failing_since is None:
                return False
            moment = time.monotonic()
            if self._heartbeat_near(moment) or moment < self._next_probe:
                raise StorageUnavailable()
            self._next_probe = moment + COOLDOWN
            return True

    def _settler_comes(self) -> None:
        if self.read_only:
            raise StorageUnavailable(READ_ONLY_MESSAGE)
        with self._state:
            self._settling += 1
            self._settler_seen = time.monotonic()

    def _settler_goes(self) -> None:
        with self._state:
            self._settling -= 1
            self._settler_seen = time.monotonic()

    def _heartbeat_near(self, moment: float) -> bool:
        """A settling write is under way or came lately: it alone closes the breaker."""
        return self._settling > 0 or moment - self._settler_seen < SETTLER_GRACE

    def _write_failed(self) -> None:
        with self._state:
            moment = time.monotonic()
            if self._failing_since is None:
                self._failing_since = moment
            self._next_probe = moment + COOLDOWN

    def _write_succeeded(self) -> None:
        if self._failing_since is not None:
            with self._state:
                if self._failing_since is not None:
                    log.warning("storage is back after %.1f s",
                                time.monotonic() - self._failing_since)
                self._failing_since = None

    def _mark_read_only(self) -> None:
        if not self.read_only:
            log.error("the database refuses writes (read-only): every change is refused "
                      "until it is writable and the server restarted")
        self.read_only = True

    @property
    def writes_failing(self) -> bool:
        return self._failing_since is not None

    # -- health ------------------------------------------------------------
    def check_writable(self) -> None:
        """At start: note a database that refuses writes (read_only)."""
        if self._probe() == "read-only":
            self._mark_read_only()

    async def health(self) -> str:
        """"ok", "read-only" or "unavailable": what a write would meet now."""
        if self.read_only:
            return "read-only"
        loop = asyncio.get_running_loop()
        try:
            found = await asyncio.wait_for(
                loop.run_in_executor(self.executor, self._probe), PROBE_SECONDS)
        except TimeoutError:
            return "unavailable"
        if found == "read-only":
            self._mark_read_only()
        elif found == "ok" and not self._heartbeat_near(time.monotonic()):
            self._write_succeeded()  # (with a heartbeat, it closes the breaker)
        return "unavailable" if found == "ok" and self.writes_failing else found

    def _probe(self) -> str:
        """One write that is rolled back, waiting briefly for locks: "ok", "read-only" or
        "unavailable"."""
        sqlite = self.store.is_sqlite
        try:
            with self.store.engine.connect() as conn:
                if sqlite:
                    conn.exec_driver_sql(f"PRAGMA busy_timeout = {PROBE_WAIT_MS}")
                else:
                    conn.exec_driver_sql(f"SET LOCAL lock_timeout = {PROBE_WAIT_MS}")
                try:
                    conn.execute(PROBE)
                finally:
                    conn.rollback()
                    if sqlite:
                        conn.exec_driver_sql(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
        except Exception as exc:
            if isinstance(exc, IntegrityError):  # a probe row left behind: writes work
                return "ok"
            return "read-only" if storage_failure(exc) == "read-only" else "unavailable"
        return "ok"

    def close(self) -> None:
        if self.writer is not self.executor:
            self.writer.shutdown(wait=True)
        self.executor.shutdown(wait=True)


Append = tuple[int, int, list[RecordEntry], "asyncio.Future[int]"]  # waiting in a group


def _settle(group: list[Append], failure: BaseException | None, results: list[Any]) -> None:
    """Each waiter's outcome: the group's `failure`, else its own result or StoreError."""
    for i, (*_, waiter) in enumerate(group):
        if waiter.done():  # its caller was cancelled meanwhile
            continue
        outcome = failure if failure is not None else results[i]
        if isinstance(outcome, BaseException):
            waiter.set_exception(outcome)
        else:
            waiter.set_result(outcome)


def _name(fn: Callable[..., Any]) -> str:
    return getattr(fn, "__qualname__", None) or repr(fn)

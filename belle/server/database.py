"""The server's way to the Store: reads on a pool of DB threads, writes as the database
suits.

Reads (and password hashing) run on an executor, so the event loop never waits for
them. Writes depend on the database: PostgreSQL writes go to the executor too (a
network round trip); SQLite writes run right on the event loop thread. SQLite has one
writer anyway, and in WAL mode with synchronous=NORMAL a commit is a few buffered
writes without fsync (checkpoints run on the Store's own thread), so handing it to a
thread would cost more than it saves: the round trip through the executor, and the
two threads taking turns with the GIL while the loop is busy.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from belle.storage import Store

T = TypeVar("T")


class Database:
    """Runs Store calls off (reads) or on (SQLite writes) the event loop thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.inline_writes = store.is_sqlite
        workers = 4 if store.is_sqlite else 8
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="belle-db")

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a Store read (or other blocking work) on the DB workers."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, functools.partial(fn, *args))

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a Store write: on this thread for SQLite, else on the DB workers."""
        if self.inline_writes:
            return fn(*args)
        return await self.read(fn, *args)

    def close(self) -> None:
        self.executor.shutdown(wait=True)

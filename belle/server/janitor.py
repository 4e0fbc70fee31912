"""The hub's periodic chores: open tables nobody touches expire, and the heartbeat that
lets clocks skip the time the server was down (belle.server.table.downtime).

Every worker runs them; each step is safe to run twice (closing a table checks it is
still open under a lock; the heartbeat is a compare-and-set in the database).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from belle.server.database import StorageUnavailable
from belle.server.errors import ServerError
from belle.storage.store import now

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server")
EXPIRY_EVERY = 60.0  # seconds between looks for open tables to expire


class Janitor:
    """Expires idle open tables every `EXPIRY_EVERY` seconds."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._every(EXPIRY_EVERY, self.expire)))

    async def _every(self, period: float, chore: object) -> None:
        assert callable(chore)
        while True:
            await asyncio.sleep(period)
            try:
                await chore()
            except StorageUnavailable:
                continue  # next time
            except Exception:
                log.exception("a periodic chore failed")

    async def expire(self) -> int:
        """Close the open tables unchanged for `Limits.open_table_seconds`; how many."""
        hub = self.hub
        seconds = hub.limits.open_table_seconds
        if seconds <= 0:
            return 0
        idle = await hub.db.read(hub.store.idle_open_tables,
                                 now() - timedelta(seconds=seconds))
        closed = 0
        for table_id in idle:
            try:
                actor = await hub.actor(table_id)
                await actor.seats.expire()
                closed += 1
            except ServerError as exc:  # started or closed meanwhile
                log.info("table %s did not expire: %s", table_id, exc.message)
        return closed

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()

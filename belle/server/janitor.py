"""The hub's periodic chores: open tables nobody touches expire, and the heartbeat that
lets clocks skip the time the server was down.

Clocks are deadlines in wall-clock time. A server that is down for 20 s would charge
those 20 s to whoever was to move; instead every worker writes a heartbeat every
`HEARTBEAT_SECONDS`, and a worker starting after no beat for `STALE_BEATS` periods
(the whole service was down) moves every running clock on by the time since the last
beat, in one transaction with its own first beat (`Store.resume_clocks`), before any
table is loaded: a 12 s restart costs the player to move nothing (at most one period).

Every worker runs them; each step is safe to run twice (closing a table checks it is
still open under a lock; the heartbeat is a compare-and-set in the database).
"""

from __future__ import annotations

import asyncio
import logging
import os
from datetime import timedelta
from typing import TYPE_CHECKING

from belle.server.database import StorageUnavailable
from belle.server.errors import ServerError
from belle.server.table.clock import ClockState
from belle.storage.store import now

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server")
EXPIRY_EVERY = 60.0  # seconds between looks for open tables to expire
HEARTBEAT_SECONDS = 1.0
STALE_BEATS = 3


def heartbeat_seconds() -> float:
    try:
        return max(0.05, float(os.environ.get("BELLE_HEARTBEAT_SECONDS", HEARTBEAT_SECONDS)))
    except ValueError:
        return HEARTBEAT_SECONDS


class Janitor:
    """Expires idle open tables every `EXPIRY_EVERY` seconds."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._tasks: list[asyncio.Task[None]] = []

    async def resume_clocks(self) -> float:
        """At start, before tables load: skip the downtime on every clock (seconds)."""
        hub = self.hub
        period = heartbeat_seconds()
        downtime = await hub.db.write(hub.store.clocks.resume_clocks, hub.clock.time(),
                                      STALE_BEATS * period, ClockState.shifted)
        if downtime:
            log.warning("the server was down for %.1f s: every running clock skips it",
                        downtime)
        return downtime

    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._every(EXPIRY_EVERY, self.expire)))
        self._tasks.append(asyncio.create_task(self._every(heartbeat_seconds(), self.beat)))

    async def beat(self) -> None:
        hub = self.hub
        await hub.db.write(hub.store.clocks.beat, hub.clock.time())

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

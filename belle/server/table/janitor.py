"""The hub's periodic chores: open tables nobody touches expire, and the heartbeat that
lets clocks skip the time the server was down or storage did not answer.

Clocks are deadlines in wall-clock time. A server that is down for 20 s would charge
those 20 s to whoever was to move; instead every worker writes a heartbeat every
`HEARTBEAT_SECONDS`, and a worker starting after no beat for `STALE_BEATS` periods
(the whole service was down) moves every running clock on by the time since the last
beat, in one transaction with its own first beat (`Store.resume_clocks`), before any
table is loaded: a 12 s restart costs the player to move nothing (at most one period).

A storage outage is the same for the clocks: while writes fail nobody can move, and a
clock that ran on would time a player out for it. So once a worker's writes have failed
(its breaker is open, belle.server.database), its next beat is a `settle`: the same
shift in the database when no worker could beat for `STALE_BEATS` periods, then every
worker moves the clocks it holds by the last shift it has not applied yet, and only then
does its breaker let writes through. The settle reads the time once it holds the
heartbeat's lock, so its own wait for storage is downtime too. A clock notes the shift
it includes (`ClockState.shifted`), so none is shifted twice: not one stored after the
shift, nor one this worker read before it (a table rebuilt meanwhile catches up:
`Hub.clock_shift`). A timeout also checks the stored clock once writes go through
(belle.server.table.timekeeper). An outage shorter than `STALE_BEATS` periods is not
shifted (at most 3 s by default, as for a restart).

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
        self._shift_seen: tuple[float, float] | None = None  # the last shift seen in memory

    async def resume_clocks(self) -> float:
        """At start, before tables load: skip the downtime on every clock (seconds)."""
        hub = self.hub
        period = heartbeat_seconds()
        downtime = await hub.db.write(hub.store.clocks.resume_clocks, hub.clock.time,
                                      STALE_BEATS * period, ClockState.shifted)
        if downtime:
            log.warning("the server was down for %.1f s: every running clock skips it",
                        downtime)
        self._shift_seen = await hub.db.read(hub.store.clocks.last_shift)
        return downtime

    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._every(EXPIRY_EVERY, self.expire)))
        self._tasks.append(asyncio.create_task(self._every(heartbeat_seconds(), self.beat)))

    async def beat(self) -> None:
        """Note that this worker is up; after writes failed, settle the outage first."""
        hub = self.hub
        if hub.db.writes_failing:
            await self.settle()
            return
        await hub.db.write(hub.store.clocks.beat, hub.clock.time())

    async def settle(self) -> None:
        """Writes failed: when storage answers again, every running clock moves on by the
        time no server could beat (in the database, once, by whichever worker settles
        first), every worker moves the clocks it holds by the same shift, and only then
        does the breaker let moves and timeouts through again. A table this worker loads
        from a read made before the shift catches up with it (`Hub.clock_shift`)."""
        hub = self.hub
        found = await hub.db.settle(hub.store.clocks.settle, hub.clock.time,
                                    STALE_BEATS * heartbeat_seconds(), ClockState.shifted)
        if found is not None and found != self._shift_seen:
            self._shift_seen = hub.clock_shift = found
            log.warning("storage did not answer for %.1f s: every running clock skips it",
                        found[1])
            for actor in list(hub.actors.values()):
                actor.timekeeper.shift(*found)
        hub.db.settled()

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
                await actor.lifecycle.expire()
                closed += 1
            except ServerError as exc:  # started or closed meanwhile
                log.info("table %s did not expire: %s", table_id, exc.message)
        return closed

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()

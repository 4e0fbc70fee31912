"""The sweep: on each worker every third of a lease period, make the moves nobody is
making (the bots and chance of a table whose worker died), under the table's lease.

Only with several workers (`Fanout.clustered`); one process makes every move itself.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from belle.storage.store import now

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server")


class Sweeper:
    """The periodic sweep of one worker."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._forever())

    async def _forever(self) -> None:
        period = self.hub.fanout.lease_seconds / 3
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep failed")

    async def sweep(self) -> None:
        """Make the moves no worker is making: chance, an ending, a bot (a worker died)."""
        hub = self.hub
        quiet = hub.fanout.lease_seconds
        for actor in list(hub.actors.values()):
            if actor.bots.needs_mover(quiet) and await hub.leader(actor.id):
                await actor.bots.take_over()
        stale = now().timestamp() - quiet
        running = await hub.db.read(hub.store.list_tables, "running", 100_000)
        for table in running:
            if table.id in hub.actors or table.updated_at.timestamp() > stale:
                continue
            if not any(s.kind == "bot" for s in table.seats):
                continue  # a person's move: their socket loads the table on any worker
            if not await hub.leader(table.id):
                continue
            actor = await hub.load(table.id)
            if actor.bots.needs_mover(0.0) and table.id not in hub.actors:
                hub.actors[table.id] = actor
                await actor.bots.take_over()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

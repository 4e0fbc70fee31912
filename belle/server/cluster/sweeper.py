"""The sweep: on each worker every third of a lease period, make the moves nobody is
making (the bots and chance of a table whose worker died), under the table's lease; and
the adoption of the tables another worker let go when it shut down (`adopt`), at once.

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
        self._adopting: set[asyncio.Task[None]] = set()

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
            await self._take_unloaded(table.id)

    async def _take_unloaded(self, table_id: int) -> None:
        """Load a table this worker now leads and make the server's move it waits for."""
        hub = self.hub
        actor = await hub.load(table_id)
        if actor.bots.needs_mover(0.0) and table_id not in hub.actors:
            hub.actors[table_id] = actor
            await actor.bots.take_over()

    def adopt(self, table_ids: list[int]) -> None:
        """Take over the tables another worker let go as it shut down (whichever worker
        takes a table's lease first does; the others leave it)."""
        task = asyncio.create_task(self._adopt(table_ids))
        self._adopting.add(task)
        task.add_done_callback(self._adopting.discard)

    async def _adopt(self, table_ids: list[int]) -> None:
        hub = self.hub
        for table_id in table_ids:
            try:
                if not await hub.leader(table_id):
                    continue
                actor = hub.actors.get(table_id)
                if actor is not None:
                    await actor.bots.take_over()
                    continue
                table = await hub.db.read(hub.store.get_table, table_id)
                if table is not None and table.status == "running" and any(
                        s.kind == "bot" for s in table.seats):
                    await self._take_unloaded(table_id)
            except Exception:
                log.exception("table %s could not be taken over", table_id)

    async def stop(self) -> None:
        tasks = [*self._adopting, *([self._task] if self._task is not None else [])]
        self._task = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

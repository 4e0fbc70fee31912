"""Tables whose writes failed come back by themselves when storage does.

A table whose write failed (`TableActor.mark_broken`) is noted here. Every
`RECOVERY_SECONDS` the hub tries each: rebuild it from the database and make the moves
it owes (chance, an ending, the bot to move, a timeout: `TableActor.recover`), on the
worker that leads it. One that still cannot be rebuilt stays for the next round, so no
table — a bot table included — is left stuck once storage answers again. An ending
is stored with its people's results in one transaction (`Hub.store_end`), so an end that
could not be stored is made again, results and all, when its table is rebuilt. A
listener's `finished` hook that failed for want of storage (notices, tournaments) is
retried the same way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from belle.server.database import StorageUnavailable

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

log = logging.getLogger("belle.server")
RECOVERY_SECONDS = 1.0


class Recovery:
    """The broken tables of one worker, and the task that mends them."""

    def __init__(self, leader: Callable[[int], Awaitable[bool]],
                 period: float = RECOVERY_SECONDS) -> None:
        self.leader = leader
        self.period = period
        self.broken: dict[int, TableActor] = {}
        self.hooks: list[tuple[Callable[[TableActor], Awaitable[None]], TableActor]] = []
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    def note(self, actor: TableActor) -> None:
        self.broken[actor.id] = actor
        self._wake()

    def retry_hook(self, hook: Callable[[TableActor], Awaitable[None]],
                   actor: TableActor) -> None:
        self.hooks.append((hook, actor))
        self._wake()

    def _wake(self) -> None:
        if not self._closing and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._mend())

    async def _mend(self) -> None:
        while (self.broken or self.hooks) and not self._closing:
            await asyncio.sleep(self.period)
            await self.round()

    async def round(self) -> None:
        """One attempt at every broken table and failed hook."""
        for table_id, actor in list(self.broken.items()):
            try:
                if actor.broken and await self.leader(table_id):
                    await actor.recover()
                if not actor.broken:
                    self.broken.pop(table_id, None)
                    log.info("table %s recovered", table_id)
            except StorageUnavailable:
                continue
            except Exception:
                log.exception("table %s could not be recovered", table_id)
        hooks, self.hooks = self.hooks, []
        for hook, actor in hooks:
            try:
                await hook(actor)
            except StorageUnavailable:
                self.hooks.append((hook, actor))
            except Exception:
                log.exception("a listener failed again on table %s", actor.id)

    async def close(self) -> None:
        self._closing = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

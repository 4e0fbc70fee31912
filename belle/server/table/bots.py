"""The server's own moves at a table: bots, and the moves a dead worker left unmade.

Bots move from a task per table, paced by `bot_delay`, and decide on a determinization
(`bot_decision`), never on the true state. After a (re)start, and on the worker that
takes a table over when its leader died, chance, an unfinished ending and the bot to
move continue from here.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from belle.bots import make_bot
from belle.engine.game import CHANCE, State
from belle.engine.referee import Bot, bot_decision
from belle.server.database import StorageUnavailable
from belle.server.errors import ServerError

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

log = logging.getLogger("belle.server")


class Bots:
    """The bot task of one table and the bots seated there (built on first use)."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        self._bots: dict[int, Bot] = {}
        self._task: asyncio.Task[None] | None = None

    def forget(self) -> None:
        """The seats changed: build the bots afresh when they next move."""
        self._bots.clear()

    async def resume(self) -> None:
        """After a (re)start: finish chance, end a finished game, wake bots (when this
        worker leads the table; otherwise its leader does, or a sweep later)."""
        actor = self.actor
        if not await actor.host.leader(actor.id):
            return
        async with actor.command():
            await actor.moves.advance()

    def needs_mover(self, quiet: float) -> bool:
        """Whether the table has waited on the server (chance, its end, a bot) for
        `quiet` seconds with no event and no bot task of this worker on it (a worker
        making that move is still sending its events in the meantime)."""
        actor = self.actor
        state = actor.state
        if state is None or actor.setup.status != "running":
            return False
        if time.monotonic() - actor.changed_at < quiet:
            return False
        if self._task is not None and not self._task.done():
            return False
        seat = state.current_player()
        return seat == CHANCE or state.is_terminal() or (
            seat >= 0 and actor.setup.seats[seat].kind == "bot")

    async def take_over(self) -> None:
        """Make the server's move another worker did not make (this worker leads now)."""
        actor = self.actor
        async with actor.command():
            stored = await actor.host.db.read(actor.host.store.get_table, actor.id)
            if stored is not None and stored.events != actor.events_so_far():
                await actor.reload()  # the dead worker's last commits never reached us
            state = actor.state
            if state is None or actor.setup.status != "running":
                return
            if state.current_player() == CHANCE or state.is_terminal():
                await actor.moves.advance()
            else:
                self.wake()

    def wake(self) -> None:
        """Start the bot task if a bot is to move and none is on its way."""
        actor = self.actor
        state = actor.state
        if state is None or state.is_terminal() or actor.setup.status != "running":
            return
        seat = state.current_player()
        if seat < 0 or not actor.setup.seats[seat].bot_plays:
            return
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._turn(actor.version))

    async def _turn(self, version: int) -> None:
        actor = self.actor
        await asyncio.sleep(actor.host.bot_delay)
        # wait: when Redis is down, this turn waits for it (the sweep would take a lease
        # period to come back to the table)
        if not await actor.host.leader(actor.id, wait=True):  # another worker leads it
            self._task = None
            return
        try:
            await self._move(version)
        except StorageUnavailable:  # the table could not be rebuilt: the recovery will
            self._task = None

    async def _move(self, version: int) -> None:
        actor = self.actor
        async with actor.command():
            self._task = None
            state = actor.state
            if state is None or actor.version != version or state.is_terminal():
                return
            seat = state.current_player()
            if seat < 0 or not actor.table.seats[seat].bot_plays:  # taken back meanwhile
                return
            try:
                action = await asyncio.to_thread(self._choice, state, seat)
                await actor.moves.commit(action)
                await actor.moves.advance()
            except StorageUnavailable:
                actor.mark_broken()  # the recovery rebuilds the table and wakes the bot
            except ServerError as exc:
                if exc.code != "stale":
                    log.exception("bot at table %s seat %s failed", actor.id, seat)
                    return
                # another worker stored a move first; the table reloaded: look again
                log.info("bot at table %s: %s", actor.id, exc.message)
                self.wake()
            except Exception:
                log.exception("bot at table %s seat %s failed", actor.id, seat)

    def _choice(self, state: State[Any], seat: int) -> Any:
        actor = self.actor
        bot = self._bots.get(seat)
        if bot is None:
            spec = actor.table.seats[seat].bot or "random"
            bot = self._bots[seat] = make_bot(spec)
        rng = random.Random(f"{actor.table.seed}/bot/{seat}/{actor.version}")
        return bot_decision(bot, state, seat, rng)

    async def cancel(self) -> None:
        task = self._task
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

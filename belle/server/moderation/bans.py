"""A ban takes effect at once: the banned player's open websockets are closed and their
sessions stop identifying them, on every worker.

- On the worker where the operator banned (`/api/admin/players/{name}`), `banned_here`
  notes the ban in the Guard, closes the player's sockets (lobby and tables) and
  publishes `{"lobby": true, "kind": "banned", "player": id}` through the fan-out;
  each other worker notes it and closes the sockets it holds (`remote`).
- A ban written straight to the database (`belle admin ban`, which does not talk to the
  servers) is found by each worker's Guard at its next refresh (every
  `guard.REFRESH_SECONDS`), which closes the sockets of every newly banned player
  (`Guard.on_banned`).

A socket is closed with `BANNED_CLOSE` (4403) and the reason `"banned"`: the browser
stops reconnecting and says why. A reconnect with the banned player's cookie gets the
same close at once (belle.server.ws.sockets). Sessions are kept, so an unban restores
them; while banned they identify no one (belle.server.accounts.identities).

The games they sit at go on without them: wherever the ban is found (the three ways
above), each worker takes the banned player's seats out of the running tables it leads
(`unseat`; belle.server.moderation.operator: resigned to a bot, or the game aborted when
no other person plays there), so every table is handled once, by its leader. The worker
the operator banned on does it before answering; the others in the background, trying
again every `RETRY_SECONDS` while storage does not answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from belle.server.database import StorageUnavailable
from belle.server.moderation import operator
from belle.server.tasks import stop_task
from belle.server.ws.connection import Connection

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server.moderation")
BANNED_CLOSE = 4403  # a websocket close code of the application range (4000–4999)
BANNED_REASON = "banned"
RETRY_SECONDS = 5.0  # unseating that met unavailable storage is tried again


class Bans:
    """Cutting banned players off, here and on the other workers."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._pending: set[int] = set()  # banned players still to unseat here
        self._task: asyncio.Task[None] | None = None

    async def banned_here(self, player_id: int) -> None:
        """The operator banned `player_id` on this worker (the ban is stored): cut off
        here and on every worker; their seats here before this returns."""
        self.hub.guard.note_banned(player_id)
        self.cut([player_id])
        self.hub.share({"lobby": True, "kind": "banned", "player": player_id})
        self._pending.add(player_id)
        await self._unseat_pending()
        self._retry_later()

    def remote(self, message: dict[str, Any]) -> None:
        """Another worker's ban."""
        player_id = message.get("player")
        if isinstance(player_id, int) and not isinstance(player_id, bool):
            self.hub.guard.note_banned(player_id)
            self.found([player_id])

    def found(self, player_ids: Collection[int]) -> None:
        """Players newly banned (another worker's ban, the Guard's refresh): cut off
        now, their seats unseated in the background."""
        self.cut(player_ids)
        self._pending.update(player_ids)
        if self._pending and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._unseating())

    def _retry_later(self) -> None:
        """Players still pending (storage did not answer): try again in the background."""
        if self._pending and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._retrying())

    async def _retrying(self) -> None:
        await asyncio.sleep(RETRY_SECONDS)
        await self._unseating()  # what was found meanwhile, too

    async def _unseating(self) -> None:
        while self._pending:
            await self._unseat_pending()
            if self._pending:
                await asyncio.sleep(RETRY_SECONDS)

    async def _unseat_pending(self) -> None:
        """Unseat the pending players from the running tables this worker leads; those
        for whom storage did not answer stay pending (an unban meanwhile drops them)."""
        self._pending = {p for p in self._pending if self.hub.guard.is_banned(p)}
        banned = frozenset(self._pending)
        if not banned:
            return
        try:
            await self.unseat(banned)
        except StorageUnavailable:
            log.warning("banned players %s not yet unseated: storage unavailable",
                        sorted(banned))
            return
        self._pending -= banned

    async def unseat(self, banned: Collection[int]) -> int:
        """Take the `banned` players' seats out of every running game this worker leads
        (belle.server.moderation.operator.unseat_banned); how many tables changed.
        StorageUnavailable if a table could not be read or changed (the others are)."""
        hub = self.hub
        running = await hub.db.read(hub.store.list_tables, "running", 100_000)
        changed, unavailable = 0, None
        for table in running:
            if not any(s.kind == "human" and s.player_id in banned for s in table.seats):
                continue
            try:
                if await hub.leader(table.id) and await operator.unseat_banned(
                        hub, table.id, banned):
                    changed += 1
            except StorageUnavailable as exc:
                unavailable = exc
            except Exception:
                log.exception("table %s: the banned players' seats stay", table.id)
        if unavailable is not None:
            raise unavailable
        return changed

    async def close(self) -> None:
        task, self._task = self._task, None
        await stop_task(task)

    def cut(self, player_ids: Collection[int]) -> int:
        """Close every socket of those players on this worker; how many were closed."""
        ids = set(player_ids)
        if not ids:
            return 0
        hub = self.hub
        for player_id in ids:
            hub.identities.forget(player_id)
        sockets: list[Connection] = [c for c in hub.connections() if c.player_id in ids]
        for conn in sockets:
            conn.end(BANNED_CLOSE, BANNED_REASON)
        if sockets:
            log.info("closed %d sockets of banned players %s", len(sockets), sorted(ids))
        return len(sockets)

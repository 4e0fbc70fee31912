"""The checks moderation adds to the server's paths: who is muted or banned, who blocked
whom.

`Guard` keeps the muted and banned player ids in memory, read from the database every
`REFRESH_SECONDS` (and at once after an operator's change on this worker), so the checks
on every request and chat line cost no query; another worker's change reaches this one
within that delay, a ban at once through the fan-out (belle.server.moderation.bans). A
banned player is signed out everywhere (their session identifies no one:
belle.server.accounts.identities), their open sockets are closed and their seats at games
under way resigned (`on_banned`, called
with the players a refresh finds newly banned) and they cannot sign in again; a muted
one cannot chat. Blocks are read when they matter (a join, a chat line at a table, an
invitation, a rematch, a follow): one indexed query.

A block keeps the blocked player away from the blocker (issue 20 item 7, as on Board Game
Arena and lichess): they cannot sit at the blocker's tables, write to them, invite them by
name, offer or accept a rematch that would seat them together, nor follow them — so the
blocked player never sees the blocker's presence or tables in the friends panel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection

from belle.server.database import Database, StorageUnavailable
from belle.server.errors import ServerError
from belle.server.tasks import stop_task
from belle.storage import Player, TableRecord
from belle.storage.moderation import Moderation

log = logging.getLogger("belle.server.moderation")
REFRESH_SECONDS = 5.0


class Guard:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.store = Moderation(db.store.engine)
        self._muted: frozenset[int] = frozenset()
        self._banned: frozenset[int] = frozenset()
        self._task: asyncio.Task[None] | None = None
        # Told of the players a refresh finds newly banned (their sockets are closed).
        self.on_banned: Callable[[frozenset[int]], object] = lambda _ids: None

    def is_banned(self, player_id: int) -> bool:
        return player_id in self._banned

    def is_muted(self, player_id: int) -> bool:
        return player_id in self._muted

    def note_banned(self, player_id: int) -> None:
        """A ban stored a moment ago (here or on another worker): in force now."""
        self._banned = self._banned | {player_id}

    async def refresh(self) -> None:
        found = await self.db.read(self.store.sanctions)
        self._muted = frozenset(s.player_id for s in found if s.muted)
        banned = frozenset(s.player_id for s in found if s.banned)
        new, self._banned = banned - self._banned, banned
        if new:
            self.on_banned(new)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._refreshing())

    async def stop(self) -> None:
        task, self._task = self._task, None
        await stop_task(task)

    async def _refreshing(self) -> None:
        while True:
            try:
                await self.refresh()
            except StorageUnavailable:
                log.warning("sanctions not refreshed: storage unavailable")
            except Exception:
                log.exception("sanctions not refreshed")
            await asyncio.sleep(REFRESH_SECONDS)

    # -- the checks ----------------------------------------------------------
    def check_may_chat(self, player: Player) -> None:
        if self.is_muted(player.id):
            raise ServerError("muted", "the operator has muted you: you cannot chat")

    async def check_may_join(self, table: TableRecord, player: Player) -> None:
        """Refuse a seat at a table whose host or a seated person blocked `player`."""
        if await self.db.read(self.store.blocked_by_any, _people(table), player.id):
            raise ServerError("blocked", "a player at this table has blocked you: you "
                                         "cannot join it")

    async def check_may_say(self, table: TableRecord, player: Player) -> None:
        """Refuse a chat line at a table where someone seated blocked `player`."""
        self.check_may_chat(player)
        if await self.db.read(self.store.blocked_by_any, _people(table), player.id):
            raise ServerError("blocked", "a player at this table has blocked you: you "
                                         "cannot write to them")


    async def check_may_invite(self, host: Player, guest: Player) -> None:
        """Refuse an invitation by name to someone who blocked the host."""
        if await self.db.read(self.store.blocked_by_any, [guest.id], host.id):
            raise ServerError("blocked", "{name} has blocked you: you cannot invite them",
                              params={"name": guest.name})

    async def check_may_follow(self, follower: Player, followed: Player) -> None:
        """Refuse to follow someone who blocked the follower (presence stays theirs)."""
        if await self.db.read(self.store.blocked_by_any, [followed.id], follower.id):
            raise ServerError("blocked", "{name} has blocked you: you cannot follow them",
                              params={"name": followed.name})

    async def check_may_rematch(self, player: Player, others: Collection[int]) -> None:
        """Refuse a rematch offer or acceptance that would seat `player` with someone who
        blocked them, or with someone they blocked."""
        people = sorted(set(others) - {player.id})
        if await self.db.read(self.store.blocked_by_any, people, player.id):
            raise ServerError("blocked", "a player of this game has blocked you: you cannot "
                                         "offer them a rematch")
        if await self.db.read(self.store.blocked_among, player.id, people):
            raise ServerError("blocked", "you have blocked a player of this game: unblock "
                                         "them to play again with them")


def _people(table: TableRecord) -> list[int]:
    found = {s.player_id for s in table.seats if s.kind == "human" and s.player_id is not None}
    if table.host_id is not None:
        found.add(table.host_id)
    return sorted(found)

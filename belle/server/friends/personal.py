"""Lobby messages for some members only (issue 20): private tables, invitations, friends.

The lobby's numbered events are for everyone; what concerns only some people travels
as unnumbered messages to their lobby sockets (so nobody's event numbers get a gap):

- `{"type": "table", "table": …}` to the members of a private table that changed (the
  lobby page re-reads `/api/tables`, which lists it for them) — never to anyone else;
- `{"type": "invited", …}` to someone just invited (their invitations are re-read);
- `{"type": "friends"}` to those who follow someone whose presence changed (the
  friends panel is re-read from `/api/friends`).

With several workers, each message is shared (`{"lobby": true, "kind": "personal"}`)
and every worker hands it to its own sockets of those players; a presence change is
shared as `{"lobby": true, "kind": "presence"}` and each worker tells the followers
it holds; a change of whom someone follows (a follow, or a block that ended one) as
`{"lobby": true, "kind": "followed"}`, so no worker keeps telling a blocked player of
the blocker's comings and goings. These are unknown kinds to the lobby of a worker from
before this change, which ignores them: a private table never reaches a public lobby
event.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from belle.server.table import payloads
from belle.server.ws.connection import Connection
from belle.server.ws.messages import dumps
from belle.storage import TableRecord

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server")


class Personal:
    """Who among the lobby's sockets follows whom, and the messages for some of them."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.following: dict[Connection, frozenset[int]] = {}  # lobby socket → followed
        self._tasks: set[asyncio.Task[None]] = set()

    # -- the lobby's sockets -----------------------------------------------
    async def hello(self, conn: Connection) -> None:
        """After the lobby's sync: note whom the socket's player follows, and have their
        page list their private tables."""
        player_id = conn.player_id
        if player_id is None:
            return
        hub = self.hub
        book = hub.friends.book
        if conn not in self.following:  # a socket's follows are read once, then pushed
            followed = await hub.db.read(book.following, player_id)
            self.following[conn] = frozenset(p.id for p in followed)
        if await hub.db.read(book.private_tables_of, player_id, ("open", "running"), 1):
            conn.send(dumps({"type": "tables"}))

    def forget(self, conn: Connection) -> None:
        self.following.pop(conn, None)

    async def reread_follows(self, player_id: int) -> None:
        """Whom the player follows changed in the database: tell their sockets."""
        followed = await self.hub.db.read(self.hub.friends.book.following, player_id)
        self.followed_changed(player_id, frozenset(p.id for p in followed))

    def followed_changed(self, player_id: int, followed: frozenset[int],
                         share: bool = True) -> None:
        """The player follows someone more or less (or a block ended a follow): their
        sockets here and on the other workers know it now."""
        for conn in list(self.following):
            if conn.player_id == player_id:
                self.following[conn] = followed
                conn.send(dumps({"type": "friends"}))
        if share:
            self.hub.share({"lobby": True, "kind": "followed", "player": player_id,
                            "followed": sorted(followed)})

    # -- messages ----------------------------------------------------------
    def send(self, player_ids: Collection[int], message: dict[str, Any],
             share: bool = True) -> None:
        """`message` to the lobby sockets of `player_ids`, here and on the other workers."""
        ids = set(player_ids)
        if not ids:
            return
        text = dumps(message)
        for conn in list(self.hub.lobby.members):
            if conn.player_id in ids:
                conn.send(text)
        if share:
            self.hub.share({"lobby": True, "kind": "personal", "players": sorted(ids),
                            "message": message})

    def presence_changed(self, player_id: int, share: bool = True) -> None:
        """Someone came, went or moved: tell the sockets here that follow them."""
        text = dumps({"type": "friends"})
        for conn, followed in list(self.following.items()):
            if player_id in followed:
                conn.send(text)
        if share:
            self.hub.share({"lobby": True, "kind": "presence", "player": player_id})

    def remote(self, message: dict[str, Any]) -> None:
        """A personal or presence message another worker shared."""
        kind = message.get("kind")
        if kind == "presence" and isinstance(message.get("player"), int):
            self.presence_changed(message["player"], share=False)
        elif kind == "followed" and isinstance(message.get("player"), int):
            followed = message.get("followed")
            if isinstance(followed, list):
                self.followed_changed(message["player"], frozenset(
                    p for p in followed if isinstance(p, int)), share=False)
        elif kind == "personal":
            players, body = message.get("players"), message.get("message")
            if isinstance(players, list) and isinstance(body, dict):
                self.send([p for p in players if isinstance(p, int)], body, share=False)

    # -- private tables ----------------------------------------------------
    def table_changed(self, table: TableRecord) -> None:
        """A private table's change, for its members only (read from the database)."""
        task = asyncio.get_running_loop().create_task(self._tell_members(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell_members(self, table: TableRecord) -> None:
        hub = self.hub
        try:
            members = set(await hub.db.read(hub.friends.book.member_ids, table.id))
        except Exception:  # a missed nudge: the lobby page re-reads its tables every 15 s
            log.warning("the members of private table %s were not told of a change", table.id)
            return
        members |= {s.player_id for s in table.seats if s.player_id is not None}
        self.send(members, {"type": "table", "table": payloads.summary(table)})

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()

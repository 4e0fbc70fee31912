"""The lobby socket's room: table-list updates and the lobby chat.

Lobby events are numbered per worker (not stored): a member that misses one gets a
fresh `sync` (the table list is read from the database).

The `sync` text is built once and shared by every hello until the lobby's next event
or for `SYNC_SECONDS` (the summaries' versions and times move on with every action
without a lobby event), so a flood of hellos reads the database once a second at most.
It holds a page of tables, the `LOBBY_PAGE` most recently changed open and running ones
and `LOBBY_FINISHED` finished ones, and `more`: the statuses that have more (the browser
then asks `GET /api/tables?status=…` for them). A sync of every table was up to 450
summaries, ~95 KB per hello; a page is a third of that at most, and each answered hello
of a flood costs the server that much less to send.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from belle.server.table import payloads
from belle.server.table.actor import CHAT_KEPT
from belle.server.ws.connection import Connection
from belle.server.ws.messages import dumps
from belle.storage import ChatLine, Player, TableRecord

if TYPE_CHECKING:
    from belle.server.hub import Hub

LOBBY_PAGE = 50  # open tables, and running ones, in a lobby sync
LOBBY_FINISHED = 30  # finished tables in a lobby sync (the lobby shows 30)
SYNC_SECONDS = 1.0


class Lobby:
    """The lobby's members, its chat, and what they are told."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.members: set[Connection] = set()
        self.events = 0
        self.chat: deque[ChatLine] | None = None
        self._sync: tuple[int, float, str] | None = None  # event, when built, text
        self._building: asyncio.Lock = asyncio.Lock()

    async def hello(self, conn: Connection) -> None:
        """Subscribe `conn` and send the lobby `sync` (tables and recent chat)."""
        text = await self._sync_text()
        self.members.add(conn)
        conn.send(text)

    async def _sync_text(self) -> str:
        async with self._building:  # hellos arriving together share one build
            cached = self._sync
            if cached is not None and cached[0] == self.events \
                    and time.monotonic() - cached[1] < SYNC_SECONDS:
                return cached[2]
            events = self.events
            store, db = self.hub.store, self.hub.db
            public = functools.partial(store.list_tables, seen_by=None)  # issue 20
            tables, more = [], []
            for status, most in (("open", LOBBY_PAGE), ("running", LOBBY_PAGE),
                                 ("finished", LOBBY_FINISHED)):
                found = await db.read(public, status, most + 1)
                if len(found) > most:
                    more.append(status)
                tables += found[:most]
            if self.chat is None:
                self.chat = deque(await db.read(store.recent_chat, None, CHAT_KEPT),
                                  CHAT_KEPT)
            text = dumps({
                "type": "sync", "event": events,
                "tables": [payloads.summary(t) for t in tables], "more": more,
                "chat": [payloads.chat_json(line) for line in self.chat],
            })
            self._sync = (events, time.monotonic(), text)
            return text

    def leave_socket(self, conn: Connection) -> None:
        self.members.discard(conn)

    def table_changed(self, table: TableRecord) -> None:
        body = {"kind": "table", "table": payloads.summary(table)}
        self._publish(body)
        self.hub.share({"lobby": True, **body})

    async def say(self, player: Player, text: str) -> None:
        self.hub.guard.check_may_chat(player)
        line = await self.hub.db.write(self.hub.store.add_chat, None, player.id, player.name,
                                       text)
        if self.chat is not None:
            self.chat.append(line)
        body = {"kind": "chat", **payloads.chat_json(line)}
        self._publish(body)
        self.hub.share({"lobby": True, **body})

    def remote(self, message: dict[str, Any]) -> None:
        """A lobby event from another worker (its chat line is read back on the next sync)."""
        kind = message.get("kind")
        if kind == "chat":
            self.chat = None
        if kind in ("table", "chat"):
            self._publish({k: v for k, v in message.items() if k not in ("w", "lobby")})

    async def resync(self) -> None:
        """Send every lobby member a fresh sync (events from other workers were missed)."""
        self.chat = None
        self._sync = None
        for conn in list(self.members):
            await self.hello(conn)

    def _publish(self, body: dict[str, Any]) -> None:
        self.events += 1
        text = dumps({"type": "event", "n": self.events, **body})
        for conn in list(self.members):
            conn.send(text)

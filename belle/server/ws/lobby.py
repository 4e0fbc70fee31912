"""The lobby socket's room: table-list updates and the lobby chat.

Lobby events are numbered per worker (not stored): a member that misses one gets a
fresh `sync` (the table list is read from the database).

The `sync` text is built once and shared by every hello until the lobby's next event
or for `SYNC_SECONDS` (the summaries' versions and times move on with every action
without a lobby event), so a flood of hellos reads the database once a second at most.
"""

from __future__ import annotations

import asyncio
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

LOBBY_FINISHED = 50
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
            tables = await db.read(store.list_tables, "open")
            tables += await db.read(store.list_tables, "running")
            tables += await db.read(store.list_tables, "finished", LOBBY_FINISHED)
            if self.chat is None:
                self.chat = deque(await db.read(store.recent_chat, None, CHAT_KEPT),
                                  CHAT_KEPT)
            text = dumps({
                "type": "sync", "event": events,
                "tables": [payloads.summary(t) for t in tables],
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

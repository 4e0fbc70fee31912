"""The hub: the store behind DB workers, one actor per table, the lobby room.

Reads (and password hashing) run on an executor, so the event loop never waits for
them. Writes depend on the database: PostgreSQL writes go to the executor too (a
network round trip); SQLite writes run right on the event loop thread. SQLite has one
writer anyway, and in WAL mode with synchronous=NORMAL a commit is a few buffered
writes without fsync (checkpoints run on the Store's own thread), so handing it to a
thread would cost more than it saves: the round trip through the executor, and the
two threads taking turns with the GIL while the loop is busy. An action is still
committed before anything is broadcast. Actors are loaded on first use by rebuilding
the State from the stored action log; at start `resume()` loads every running table
so chance, bots and unfinished endings continue.

Several workers (belle.server.fanout): the hub publishes what its tables commit and
`deliver`s what the other workers committed to the actors it holds; `sweep` runs on
each worker every third of a lease period and makes the moves nobody is making (the
bots and chance of a table whose worker died), under the table's lease.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from starlette.requests import HTTPConnection

from belle.server import payloads
from belle.server.auth import Sessions
from belle.server.clock import Clock, RealClock
from belle.server.connection import Connection, Limits
from belle.server.errors import ServerError
from belle.server.fanout import Fanout, LocalFanout
from belle.server.messages import dumps
from belle.server.table import CHAT_KEPT, TableActor
from belle.storage import STARTED, ChatLine, Player, Store, TableRecord
from belle.storage.store import now

T = TypeVar("T")


class TableListener(Protocol):
    """Told about a table's progress on the worker that committed it (exactly once per
    change, whatever the number of workers): ratings, notifications."""

    async def progressed(self, actor: TableActor) -> None:
        """Actions were committed and the game goes on (the turn may have changed)."""

    async def finished(self, actor: TableActor) -> None:
        """The game just ended (its result is stored)."""

    # Optional: `async reseated(actor)` — a stand-in bot took over a person's seat or
    # they took it back (away, back, forfeit); the game did not move. Hub.reseated calls
    # it on the listeners that have it.

log = logging.getLogger("belle.server")
LOBBY_FINISHED = 50
KEEP_FINISHED = 256  # finished tables kept in memory when nobody watches them
MAX_ID = 2**31 - 1  # the largest id a row can have (INTEGER keys on PostgreSQL)


class Hub:
    """Everything the routes and sockets share."""

    def __init__(
        self, store: Store, sessions: Sessions, *, bot_delay: float, limits: Limits,
        clock: Clock | None = None,
        fanout: Fanout | None = None,
    ) -> None:
        self.store = store
        self.clock: Clock = clock or RealClock()
        self.sessions = sessions
        self.bot_delay = bot_delay
        self.limits = limits
        self.inline_writes = store.is_sqlite
        workers = 4 if store.is_sqlite else 8
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="belle-db")
        self.actors: OrderedDict[int, TableActor] = OrderedDict()
        self._loading = asyncio.Lock()
        self._players: dict[int, Player] = {}
        self.lobby = Lobby(self)
        self.listeners: list[TableListener] = []
        self.fanout: Fanout = fanout or LocalFanout()
        self._sweeper: asyncio.Task[None] | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a Store read (or other blocking work) on the DB workers."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, functools.partial(fn, *args))

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a Store write: on this thread for SQLite, else on the DB workers."""
        if self.inline_writes:
            return fn(*args)
        return await self.db(fn, *args)

    # -- players -----------------------------------------------------------
    async def player(self, player_id: int | None) -> Player | None:
        if player_id is None:
            return None
        player = self._players.get(player_id)
        if player is None:
            player = await self.db(self.store.get_player, player_id)
            if player is not None:
                self._players[player_id] = player
        return player

    def forget_player(self, player_id: int) -> None:
        self._players.pop(player_id, None)

    # -- tables ------------------------------------------------------------
    async def actor(self, table_id: int) -> TableActor:
        """The table's actor, loading it from the database on first use."""
        if not 0 < table_id <= MAX_ID:  # beyond a database integer: no such table
            raise ServerError("not_found", f"there is no table {table_id}")
        actor = self.actors.get(table_id)
        if actor is not None:
            self.actors.move_to_end(table_id)
            return actor
        async with self._loading:
            actor = self.actors.get(table_id)
            if actor is None:
                actor = await self._load(table_id)
                self.actors[table_id] = actor
                self._evict_idle()
        return actor

    def _evict_idle(self) -> None:
        """Forget the least recently used finished tables nobody watches (they reload)."""
        idle = [
            table_id for table_id, actor in self.actors.items()
            if actor.table.status in ("finished", "closed")
            and not actor.members and not actor.lock.locked()
        ]
        for table_id in idle[: max(0, len(idle) - KEEP_FINISHED)]:
            del self.actors[table_id]

    async def _load(self, table_id: int) -> TableActor:
        table = await self.db(self.store.get_table, table_id)
        if table is None:
            raise ServerError("not_found", f"there is no table {table_id}")
        entries = [] if table.status not in STARTED else await self.db(
            self.store.load_actions, table_id
        )
        chat = await self.db(self.store.recent_chat, table_id, CHAT_KEPT)
        return TableActor(self, table, entries, chat)

    def table_changed(self, table: TableRecord) -> None:
        self.lobby.table_changed(table)

    async def leader(self, table_id: int) -> bool:
        """Whether this worker runs the table's bots and timers now (one process: always;
        several: whoever holds the table's lease)."""
        return await self.fanout.leader(table_id)

    # -- other workers -----------------------------------------------------
    def share(self, message: dict[str, Any]) -> None:
        """Tell the other workers about a change committed here."""
        self.fanout.publish(message)

    def deliver(self, message: dict[str, Any]) -> None:
        """A change another worker committed: to the lobby, or to the table if loaded here."""
        if message.get("lobby"):
            self.lobby.remote(message)
            return
        table_id = message.get("table")
        actor = self.actors.get(table_id) if isinstance(table_id, int) else None
        if actor is not None:
            actor.remote(message)

    async def resync_all(self) -> None:
        """After missing messages: every loaded table reloads, every member resyncs."""
        for actor in list(self.actors.values()):
            actor.remote({"kind": "reload"})
        await self.lobby.resync()

    async def start_cluster(self) -> None:
        """Start the fan-out, and the sweeper when there are other workers."""
        await self.fanout.start(self)
        if self.fanout.clustered:
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        period = self.fanout.lease_seconds / 3
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep failed")

    async def sweep(self) -> None:
        """Make the moves no worker is making: chance, an ending, a bot (a worker died)."""
        quiet = self.fanout.lease_seconds
        for actor in list(self.actors.values()):
            if actor.needs_mover(quiet) and await self.leader(actor.id):
                await actor.take_over()
        stale = now().timestamp() - quiet
        running = await self.db(self.store.list_tables, "running", 100_000)
        for table in running:
            if table.id in self.actors or table.updated_at.timestamp() > stale:
                continue
            if not any(s.kind == "bot" for s in table.seats):
                continue  # a person's move: their socket loads the table on any worker
            if not await self.leader(table.id):
                continue
            actor = await self._load(table.id)
            if actor.needs_mover(0.0) and table.id not in self.actors:
                self.actors[table.id] = actor
                await actor.take_over()

    async def progressed(self, actor: TableActor) -> None:
        await self._tell("progressed", actor)

    async def reseated(self, actor: TableActor) -> None:
        await self._tell("reseated", actor)

    async def finished(self, actor: TableActor) -> None:
        await self._tell("finished", actor)

    async def _tell(self, hook: str, actor: TableActor) -> None:
        """Call `hook` on every listener that has it; one failing does not stop the others
        (nor the move: it is committed already)."""
        for listener in self.listeners:
            method = getattr(listener, hook, None)
            if method is None:
                continue
            try:
                await method(actor)
            except Exception:
                log.exception("listener %r failed on table %s", listener, actor.id)

    async def resume(self) -> None:
        """Load every running table and let it continue (chance, bots, the end)."""
        running = await self.db(self.store.list_tables, "running", 100_000)
        for table in running:
            try:
                actor = await self.actor(table.id)
                await actor.resume()
            except Exception:
                log.exception("table %s could not be resumed", table.id)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        await self.fanout.close()
        for actor in list(self.actors.values()):
            await actor.close()
        self.executor.shutdown(wait=True)


class Lobby:
    """The lobby socket's room: table-list updates and the lobby chat."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.members: set[Connection] = set()
        self.events = 0
        self.chat: deque[ChatLine] | None = None

    async def hello(self, conn: Connection) -> None:
        """Subscribe `conn` and send the lobby `sync` (tables and recent chat)."""
        store = self.hub.store
        tables = await self.hub.db(store.list_tables, "open")
        tables += await self.hub.db(store.list_tables, "running")
        tables += await self.hub.db(store.list_tables, "finished", LOBBY_FINISHED)
        if self.chat is None:
            self.chat = deque(await self.hub.db(store.recent_chat, None, CHAT_KEPT), CHAT_KEPT)
        self.members.add(conn)
        conn.send(dumps({
            "type": "sync", "event": self.events,
            "tables": [payloads.summary(t) for t in tables],
            "chat": [payloads.chat_json(line) for line in self.chat],
        }))

    def leave_socket(self, conn: Connection) -> None:
        self.members.discard(conn)

    def table_changed(self, table: TableRecord) -> None:
        body = {"kind": "table", "table": payloads.summary(table)}
        self._publish(body)
        self.hub.share({"lobby": True, **body})

    async def say(self, player: Player, text: str) -> None:
        line = await self.hub.write(self.hub.store.add_chat, None, player.id, player.name, text)
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
        for conn in list(self.members):
            await self.hello(conn)

    def _publish(self, body: dict[str, Any]) -> None:
        self.events += 1
        text = dumps({"type": "event", "n": self.events, **body})
        for conn in list(self.members):
            conn.send(text)


def hub_of(connection: HTTPConnection) -> Hub:
    """The app's hub, from a request or a socket."""
    hub = connection.app.state.hub
    assert isinstance(hub, Hub)
    return hub

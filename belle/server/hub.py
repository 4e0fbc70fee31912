"""The hub: what the routes and sockets share — the database, one actor per table, the
lobby room, the players, the listeners and the other workers.

Actors are loaded on first use by rebuilding the State from the stored action log; at
start `resume()` loads every running table so chance, bots and unfinished endings
continue. An action is committed before anything is broadcast (belle.server.table).

Several workers (belle.server.cluster): the hub publishes what its tables commit and
`deliver`s what the other workers committed to the actors it holds; the `Sweeper`
makes the moves a dead worker left unmade.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any, Protocol

from sqlalchemy import Connection as DbConnection
from starlette.requests import HTTPConnection

from belle.server.accounts.identities import Identities
from belle.server.accounts.passwords import PasswordPool
from belle.server.accounts.players import Players
from belle.server.accounts.revocation import Revocations
from belle.server.accounts.sessions import Sessions
from belle.server.accounts.throttle import LoginThrottle
from belle.server.caps import AddressCaps
from belle.server.cluster.fanout import Fanout, LocalFanout, RedisFanout
from belle.server.cluster.sweeper import Sweeper
from belle.server.database import Database, StorageUnavailable
from belle.server.errors import ServerError
from belle.server.friends import Friends
from belle.server.ids import MAX_ID
from belle.server.limits import Limits
from belle.server.moderation.bans import Bans
from belle.server.moderation.guard import Guard
from belle.server.quotas import MemoryQuotas, Quotas, RedisQuotas
from belle.server.table.actor import CHAT_KEPT, TableActor
from belle.server.table.clock import Clock, RealClock
from belle.server.table.janitor import Janitor
from belle.server.table.recovery import Recovery
from belle.server.table.replays import ReplayCache
from belle.server.ws.admission import Admission
from belle.server.ws.connection import Connection
from belle.server.ws.lobby import Lobby
from belle.storage import STARTED, Store, TableRecord


class TableListener(Protocol):
    """Told about a table's progress on the worker that committed it (exactly once per
    change, whatever the number of workers): notifications, tournaments, the chat's last
    line. Each person's result is not a listener's: it is stored with the end (`store_end`)."""

    async def progressed(self, actor: TableActor) -> None:
        """Actions were committed and the game goes on (the turn may have changed)."""

    async def finished(self, actor: TableActor) -> None:
        """The game just ended (its result is stored)."""

    # Optional: `async reseated(actor)` — a stand-in bot took over a person's seat or
    # they took it back (away, back, forfeit); the game did not move. Hub.reseated calls
    # it on the listeners that have it.


class EndWrites(Protocol):
    """What is written with a table's end, in its transaction (each person's result:
    belle.server.ratings.results)."""

    async def writes(self, actor: TableActor,
                     outcome: Mapping[str, Any]) -> Callable[[DbConnection], object] | None: ...


log = logging.getLogger("belle.server")
KEEP_FINISHED = 256  # finished tables kept in memory when nobody watches them
BOT_TABLE_MEMORY = 7 * 24 * 3600.0  # how long a started bot table is looked at per address


class Hub:
    """Everything the routes and sockets share."""

    def __init__(
        self, store: Store, sessions: Sessions, *, bot_delay: float, limits: Limits,
        clock: Clock | None = None,
        fanout: Fanout | None = None,
    ) -> None:
        self.store = store
        self.db = Database(store)
        self.clock: Clock = clock or RealClock()
        self.sessions = sessions
        self.players = Players(self.db)
        self.identities = Identities(self.db, self.players, sessions)
        self.guard = Guard(self.db)  # mutes, bans, blocks (belle.server.moderation)
        self.identities.refuse = self.guard.is_banned
        self.bans = Bans(self)  # a ban closes the player's sockets at once
        self.guard.on_banned = self.bans.found  # found by a refresh: cut, unseated
        self.revocations = Revocations(self)  # a logout closes that session's sockets
        self.passwords = PasswordPool()
        self.fanout: Fanout = fanout or LocalFanout()
        # counters the workers share (belle.server.quotas): Redis with several workers
        shared = RedisQuotas(self.fanout.client, self.fanout.namespace) \
            if isinstance(self.fanout, RedisFanout) else None
        self.quotas: Quotas = shared or MemoryQuotas()
        self.shared_quotas = shared
        self.login_throttle = LoginThrottle(shared)
        self.bot_delay = bot_delay
        self.limits = limits
        self.admission = Admission(limits, shared)
        self.actors: OrderedDict[int, TableActor] = OrderedDict()
        self._loading = asyncio.Lock()
        self.lobby = Lobby(self)
        self.listeners: list[TableListener] = []
        self.results: EndWrites | None = None  # written with every end (`store_end`)
        self.caps = AddressCaps(self)  # new names and open tables per address
        self.sweeper = Sweeper(self)
        self.recovery = Recovery(self.leader)
        self.janitor = Janitor(self)
        self.clock_shift: tuple[float, float] | None = None  # the last one made in memory
        self.replays = ReplayCache()
        self.bot_addresses: dict[int, str] = {}  # running bot table → starter's address
        self.friends = Friends(self, sessions.secret)

    # -- tables ------------------------------------------------------------
    async def actor(self, table_id: int) -> TableActor:
        """The table's actor, loading it from the database on first use."""
        if not 0 < table_id <= MAX_ID:  # beyond a database integer: no such table
            raise ServerError("not_found", "there is no table {table}", params={"table": table_id})
        actor = self.actors.get(table_id)
        if actor is not None:
            self.actors.move_to_end(table_id)
            return actor
        async with self._loading:
            actor = self.actors.get(table_id)
            if actor is None:
                actor = await self.load(table_id)
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

    async def load(self, table_id: int) -> TableActor:
        """A fresh actor for the table as stored (not kept: `actor` keeps what it loads)."""
        table = await self.db.read(self.store.get_table, table_id)
        if table is None:
            raise ServerError("not_found", "there is no table {table}", params={"table": table_id})
        entries = [] if table.status not in STARTED else await self.db.read(
            self.store.load_actions, table_id
        )
        chat = await self.db.read(self.store.recent_chat, table_id, CHAT_KEPT)
        actor = TableActor(self, table, entries, chat)
        await actor.read_turn_began()
        return actor

    def table_changed(self, table: TableRecord) -> None:
        """A table's change, to the lobby — a private one only to its members."""
        if table.private:
            self.friends.personal.table_changed(table)
        else:
            self.lobby.table_changed(table)

    def connections(self) -> Iterator[Connection]:
        """Every open socket on this worker: the lobby's and each loaded table's."""
        yield from list(self.lobby.members)
        for actor in list(self.actors.values()):
            yield from list(actor.members)

    def tell_players(self, player_ids: Collection[int], message: dict[str, Any]) -> None:
        """An unnumbered message to those players' lobby sockets, on every worker."""
        self.friends.personal.send(player_ids, message)

    async def running_bot_tables(self, address: str) -> int:
        """The games with bots started from `address` still running (on every worker
        with Redis, on this one alone without)."""
        for table_id in list(self.bot_addresses):
            actor = self.actors.get(table_id)
            if actor is None or actor.setup.status != "running":
                del self.bot_addresses[table_id]
        if self.shared_quotas is None:
            return sum(1 for found in self.bot_addresses.values() if found == address)
        key = f"bots:{address}"
        started = await self.shared_quotas.members(key)
        running = await self.db.read(self.store.with_status, sorted(started), "running")
        await self.shared_quotas.forget(key, started - running)
        return len(running)

    async def started_bot_table(self, address: str, table_id: int) -> None:
        """A game with bots was started from `address` (counted by `running_bot_tables`)."""
        self.bot_addresses[table_id] = address
        if self.shared_quotas is not None:
            await self.shared_quotas.note(f"bots:{address}", table_id, BOT_TABLE_MEMORY)

    def needs_recovery(self, actor: TableActor) -> None:
        """A write of this table failed: rebuild it once storage answers."""
        self.recovery.note(actor)

    async def leader(self, table_id: int, *, wait: bool = False) -> bool:
        """Whether this worker runs the table's bots and timers now (one process: always;
        several: whoever holds the table's lease; `wait`: through a Redis outage)."""
        return await self.fanout.leader(table_id, wait=wait)

    # -- other workers -----------------------------------------------------
    @property
    def clustered(self) -> bool:
        """Whether other workers share the tables (with one process, `share` is a no-op)."""
        return self.fanout.clustered

    def share(self, message: dict[str, Any]) -> None:
        """Tell the other workers about a change committed here."""
        self.fanout.publish(message)

    def deliver(self, message: dict[str, Any]) -> None:
        """A change another worker committed: to the lobby, or to the table if loaded here."""
        if message.get("lobby"):
            if message.get("kind") in ("personal", "presence", "followed"):
                self.friends.personal.remote(message)
            elif message.get("kind") == "banned":
                self.bans.remote(message)
            elif message.get("kind") == "revoked":
                self.revocations.remote(message)
            else:
                self.lobby.remote(message)
            return
        table_id = message.get("table")
        actor = self.actors.get(table_id) if isinstance(table_id, int) else None
        if actor is not None:
            actor.remote.receive(message)

    def adopt(self, table_ids: list[int]) -> None:
        """Another worker shut down and let these tables go: take them over now."""
        self.sweeper.adopt(table_ids)

    async def resync_all(self) -> None:
        """After missing messages: every loaded table reloads, every member resyncs."""
        for actor in list(self.actors.values()):
            actor.remote.receive({"kind": "reload"})
        await self.lobby.resync()

    async def start_cluster(self) -> None:
        """Start the fan-out, and the sweeper when there are other workers."""
        await self.fanout.start(self)
        if self.fanout.clustered:
            self.sweeper.start()
            self.admission.start()

    # -- the end -----------------------------------------------------------
    async def store_end(self, actor: TableActor, outcome: Mapping[str, Any]) -> int:
        """Store the end of `actor`'s game with its people's results (`results`), in one
        transaction; the event number. Results that cannot be worked out or written for
        another reason than storage are logged and the end stored without them: the
        game ends whatever they do (StorageUnavailable leaves the table to end again once
        storage answers, belle.server.table.recovery)."""
        also = None
        if self.results is not None:
            try:
                also = await self.results.writes(actor, outcome)
            except StorageUnavailable:
                raise
            except Exception:
                log.exception("table %s: its results could not be worked out", actor.id)
        if also is not None:
            try:
                return await self.db.write(self.store.finish_table, actor.id, outcome, also)
            except StorageUnavailable:
                raise
            except Exception:
                log.exception("table %s: its results could not be stored", actor.id)
        return await self.db.write(self.store.finish_table, actor.id, outcome)

    # -- listeners ---------------------------------------------------------
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
            except StorageUnavailable:
                if hook == "finished":  # a result to record: once storage is back
                    self.recovery.retry_hook(method, actor)
                else:
                    log.warning("listener %r skipped %s at table %s: storage unavailable",
                                listener, hook, actor.id)
            except Exception:
                log.exception("listener %r failed on table %s", listener, actor.id)

    # -- life --------------------------------------------------------------
    async def resume(self) -> None:
        """Load every running table and let it continue (chance, bots, the end)."""
        try:
            await self.janitor.resume_clocks()
        except StorageUnavailable as exc:  # a read-only database still serves replays
            log.warning("clocks not resumed: %s", exc.message)
        self.janitor.start()
        await self.friends.start()
        running = await self.db.read(self.store.list_tables, "running", 100_000)
        for table in running:
            try:
                actor = await self.actor(table.id)
                await actor.bots.resume()
            except Exception:
                log.exception("table %s could not be resumed", table.id)

    async def hand_over(self) -> None:
        """A planned stop begins: start no bot move or timer here any more, and let the
        other workers take this worker's tables over now (before the server waits on its
        connections, so a slow one cannot keep the tables waiting)."""
        await self.sweeper.stop()
        await self.fanout.hand_over()

    async def close(self) -> None:
        await self.admission.stop()
        await self.bans.close()
        await self.friends.close()
        await self.janitor.stop()
        with contextlib.suppress(Exception):  # the moment this worker stops, for the clocks
            await self.janitor.beat()
        await self.recovery.close()
        await self.sweeper.stop()
        self.fanout.stop_leading()  # no bot move or timer starts here any more
        for actor in list(self.actors.values()):
            await actor.close()
        await self.fanout.close()  # hands the tables this worker led on to the others
        self.passwords.close()
        self.replays.close()
        self.db.close()


def hub_of(connection: HTTPConnection) -> Hub:
    """The app's hub, from a request or a socket."""
    hub = connection.app.state.hub
    assert isinstance(hub, Hub)
    return hub

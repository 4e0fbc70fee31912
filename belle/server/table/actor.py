"""One actor per table: the live State, its members, its lock, and the parts that act on it.

Each command takes the table's lock, so commands for a table are handled one at a time
(no locks in rules code). The actor holds what every part reads — the table's record,
the action log, the live state, the members — and each concern is a part of its own,
beside it in this package:

- `seats` (belle.server.table.seats): who sits where, bots in seats;
- `hosting` (belle.server.table.hosting): the host's role — kick, hand on, pass on;
- `lifecycle` (belle.server.table.lifecycle): start, close, expiry, abort;
- `departures` (belle.server.table.departures): resign, claim a silent seat;
- `moves` (belle.server.table.moves): the move path, guard → apply → persist → emit;
- `undo` (belle.server.table.undo), `timekeeper` (clocks and stand-in bots);
- `bots` (belle.server.table.bots): the server's own moves, paced by `bot_delay`;
- `events` (belle.server.table.broadcast): numbered events, catch-up and sync;
- `rematch` (belle.server.table.rematch): playing a finished table again;
- `chat` (belle.server.table.chat), `remote` (belle.server.table.remote): what other
  workers committed, applied in order.

Events are numbered per table by the database (they survive restarts). Several
workers: what a table commits is also shared with the other workers (`Host.share`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections import deque
from collections.abc import Collection, Mapping
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol

from belle.engine.game import State
from belle.engine.record import MatchRecord, RecordEntry, replay
from belle.server.database import Database, StorageUnavailable
from belle.server.limits import Limits
from belle.server.moderation.guard import Guard
from belle.server.table import payloads
from belle.server.table import undo as takeback
from belle.server.table.bots import Bots
from belle.server.table.broadcast import Broadcast
from belle.server.table.chat import TableChat
from belle.server.table.clock import Clock
from belle.server.table.departures import Departures
from belle.server.table.events import Event
from belle.server.table.hosting import Hosting
from belle.server.table.lifecycle import Lifecycle
from belle.server.table.moves import Moves
from belle.server.table.rematch import Rematching
from belle.server.table.remote import Remote
from belle.server.table.seats import Seating
from belle.server.table.timekeeper import Timekeeper
from belle.server.ws.connection import Connection
from belle.storage import STARTED, ChatLine, Store, TableRecord, seat_label
from belle.storage.store import now

EVENT_BUFFER = 64  # events kept for `hello {since}`; a longer gap gets a sync
CHAT_KEPT = 50


class Host(Protocol):
    """What a table needs from the hub: the store, a DB worker, pacing, the lobby."""

    store: Store
    db: Database
    limits: Limits
    bot_delay: float
    clock: Clock
    clock_shift: tuple[float, float] | None  # the last outage shift made (janitor)
    guard: Guard  # moderation's checks (belle.server.moderation.guard)

    def table_changed(self, table: TableRecord) -> None: ...

    def tell_players(self, player_ids: Collection[int], message: dict[str, Any]) -> None: ...

    async def leader(self, table_id: int, *, wait: bool = False) -> bool: ...

    async def progressed(self, actor: TableActor) -> None: ...

    async def reseated(self, actor: TableActor) -> None: ...

    async def finished(self, actor: TableActor) -> None: ...

    async def store_end(self, actor: TableActor, outcome: Mapping[str, Any]) -> int: ...

    @property
    def clustered(self) -> bool: ...  # other workers share the tables (`share` tells them)

    def share(self, message: dict[str, Any]) -> None: ...

    async def actor(self, table_id: int) -> TableActor: ...

    def needs_recovery(self, actor: TableActor) -> None: ...

    async def running_bot_tables(self, address: str) -> int: ...

    async def started_bot_table(self, address: str, table_id: int) -> None: ...


class Command:
    """`TableActor.command()`: a plain class rather than a generator-based context
    manager, since every move, hello and chat line enters one."""

    __slots__ = ("actor",)

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def __aenter__(self) -> None:
        actor = self.actor
        await actor.lock.acquire()
        try:
            if actor.broken:
                await actor._rebuild()
        except BaseException:
            actor.lock.release()
            raise

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        try:
            if isinstance(error, StorageUnavailable):
                self.actor.mark_broken()
        finally:
            self.actor.lock.release()


class TableActor:
    """The authority for one table: its record, log, live state and members."""

    def __init__(
        self, host: Host, table: TableRecord, entries: list[RecordEntry], chat: list[ChatLine]
    ) -> None:
        self.host = host
        self._table = table  # current but for what `_progress` holds
        self._progress: tuple[int, int, datetime] | None = None  # events, version, time
        self.entries = entries
        self.state: State[Any] | None = None
        if table.status in STARTED:
            self.state = replay(self.record())
        self.lock = asyncio.Lock()
        self.broken = False  # a write failed: memory may be ahead of the database
        self.generation = 0  # bumped when the log may be rewritten (undo, reload)
        self.members: set[Connection] = set()
        self.buffer: deque[Event] = deque(maxlen=EVENT_BUFFER)
        self.chat_lines: deque[ChatLine] = deque(chat, maxlen=CHAT_KEPT)
        self.changed_at = time.monotonic()  # the last event emitted here
        self.reveals = takeback.Reveals()
        self.events = Broadcast(self)
        self.seats = Seating(self)
        self.hosting = Hosting(self)
        self.lifecycle = Lifecycle(self)
        self.departures = Departures(self)
        self.moves = Moves(self)
        self.bots = Bots(self)
        self.chat = TableChat(self)
        self.remote = Remote(self)
        self.timekeeper = Timekeeper(self)
        self.rematch = Rematching(self)

    # -- reading -----------------------------------------------------------
    @property
    def table(self) -> TableRecord:
        """The table's record, with its event number, version and time brought up to date
        (a move only notes them: rebuilding the record each time costs)."""
        if self._progress is not None:
            events, version, moment = self._progress
            self._progress = None
            self._table = dataclasses.replace(
                self._table, events=events, version=version, updated_at=moment
            )
        return self._table

    @table.setter
    def table(self, table: TableRecord) -> None:
        self._table = table
        self._progress = None

    @property
    def setup(self) -> TableRecord:
        """The record as last rebuilt: its seats, mode, game and options are current, its
        event number, version and time may not be (cheap on the move path)."""
        return self._table

    @property
    def id(self) -> int:
        return self._table.id

    @property
    def version(self) -> int:
        return len(self.entries)

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.is_terminal()

    def events_so_far(self) -> int:
        """The table's last event number (without rebuilding the record)."""
        return self._progress[0] if self._progress is not None else self._table.events

    def summary(self) -> dict[str, Any]:
        return payloads.summary(self.table)

    def seat_of(self, player_id: int | None) -> int | None:
        if player_id is None:
            return None
        for index, seat in enumerate(self._table.seats):
            if seat.kind == "human" and seat.player_id == player_id:
                return index
        return None

    def record(self) -> MatchRecord:
        return MatchRecord(
            game=self.table.game, options=dict(self.table.options),
            seats=[seat_label(s) for s in self.table.seats], seed=self.table.seed,
            actions=list(self.entries), engine_version=self.table.engine_version,
            result=self.table.result,
        )

    # -- commands ----------------------------------------------------------
    def command(self) -> Command:
        """Hold the table's lock for one command (`async with actor.command():`). A table
        whose last write failed is rebuilt from the database first (StorageUnavailable if
        it still cannot be); a command whose write fails leaves the table to be rebuilt
        (`mark_broken`)."""
        return Command(self)

    def mark_broken(self) -> None:
        """A write failed: what is in memory may not be stored. Nothing is served from it
        until it is rebuilt, by the next command or by the hub's recovery."""
        self.broken = True
        self.host.needs_recovery(self)

    async def _rebuild(self) -> None:
        await self.reload()
        self.broken = False

    async def recover(self) -> None:
        """Storage is back (or may be): rebuild the table and make the moves it owes —
        chance, an ending, the bot to move, a timeout (StorageUnavailable if not yet)."""
        async with self.command():
            await self.moves.advance()

    # -- changing ----------------------------------------------------------
    def changed(self, n: int, **values: Any) -> None:
        """Event `n` was stored with these table fields (updated_at: about when)."""
        self.table = dataclasses.replace(self.table, events=n, updated_at=now(), **values)

    def progressed_to(self, n: int) -> None:
        """Actions were appended to `entries`, the last as event `n` (noted, not rebuilt)."""
        self._progress = (n, len(self.entries), now())
        self.departures.moved()

    async def reload(self) -> None:
        """Rebuild everything from the database (after a lost or failed write). The caller
        holds the table's lock (`command()`): a command running meanwhile would append
        its entry to the entries just loaded, which hold it already."""
        self.reveals.forget()
        self.generation += 1
        store = self.host.store
        table = await self.host.db.read(store.get_table, self.id)
        assert table is not None
        self.table = table
        self.entries = await self.host.db.read(store.load_actions, self.id)
        self.chat_lines = deque(await self.host.db.read(store.recent_chat, self.id, CHAT_KEPT),
                                CHAT_KEPT)
        self.state = replay(self.record()) if table.status in STARTED else None
        await self.read_turn_began()
        self.timekeeper.reload()
        self.events.resync_members()  # their event numbering has a gap now

    async def read_turn_began(self) -> None:
        """When the turn began, from the stored log (the last action, or the table's
        last change when the log is empty): for claims (belle.server.table.departures)."""
        if self._table.status != "running":
            return
        moment = await self.host.db.read(self.host.store.last_action_at, self.id)
        self.departures.began_at(moment or self._table.updated_at)

    async def close(self) -> None:
        """Stop the table's timer and tasks (the process is shutting down)."""
        self.timekeeper.cancel()
        await self.bots.cancel()
        await self.remote.cancel()

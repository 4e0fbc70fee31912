"""One actor per table: the live State, its members, and every command in order.

Each command takes the table's lock, so commands for a table are handled one at a time
(no locks in rules code). An action passes the ordered guards auth → seat → turn →
version → legality, is applied, persisted (one transaction; a `ConcurrencyError` means
another writer won and the table reloads), and only then broadcast. Chance is sampled
here with an RNG derived from the table's secret seed and the action number, so a
restart continues exactly. Bots move from a task per table, paced by `bot_delay`, and
decide on a determinization (`bot_decision`), never on the true state.

Events are numbered per table by the database (they survive restarts); each member
gets the event as its seat may see it. An event is rendered once per distinct viewer
(a seat, or None for every spectator) among the connected members: `view()` is not
computed for seats nobody watches. The last `EVENT_BUFFER` events are kept for
`hello {since}`; a viewer who was not connected when one of them was sent gets it
rendered then, from the state replayed to that event's version. Older gaps get a
`sync`.

Several workers: what a table commits is also shared with the other workers
(`Host.share`), and what they commit arrives through `remote`: applied in order under
the lock (actions re-applied through `apply_action`) and emitted with the same event
numbers; anything out of order or unknown reloads the table from the database and
resyncs its members.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, TypeVar

from belle.bots import BOT_NAMES, make_bot
from belle.engine.errors import GameError, IllegalActionError, InvalidActionError
from belle.engine.game import CHANCE, State
from belle.engine.record import MatchRecord, RecordEntry, new_state, replay
from belle.engine.referee import Bot, bot_decision, sample_chance
from belle.server import payloads
from belle.server import undo as takeback
from belle.server.clock import Clock
from belle.server.connection import Connection
from belle.server.errors import ServerError
from belle.server.events import Event, Replayer
from belle.server.messages import dumps
from belle.server.timekeeper import Timekeeper, assisted_seats, forfeited_seats
from belle.storage import (
    EMPTY_SEAT,
    STARTED,
    ChatLine,
    ConcurrencyError,
    Player,
    Seat,
    Store,
    StoreError,
    TableRecord,
    seat_label,
)
from belle.storage.store import now

T = TypeVar("T")
EVENT_BUFFER = 256
CHAT_KEPT = 50
log = logging.getLogger("belle.server")

class Host(Protocol):
    """What a table needs from the hub: the store, a DB worker, pacing, the lobby."""

    store: Store
    bot_delay: float
    clock: Clock

    async def db(self, fn: Callable[..., T], *args: Any) -> T: ...

    async def write(self, fn: Callable[..., T], *args: Any) -> T: ...

    def table_changed(self, table: TableRecord) -> None: ...

    async def leader(self, table_id: int) -> bool: ...

    async def progressed(self, actor: TableActor) -> None: ...

    async def reseated(self, actor: TableActor) -> None: ...

    async def finished(self, actor: TableActor) -> None: ...

    def share(self, message: dict[str, Any]) -> None: ...


class TableActor:
    """The authority for one table."""

    def __init__(
        self, host: Host, table: TableRecord, entries: list[RecordEntry], chat: list[ChatLine]
    ) -> None:
        self.host = host
        self._table = table  # current but for what `_progress` holds
        self._progress: tuple[int, int, datetime] | None = None  # events, version, time
        self.entries = entries
        self.state: State[Any] | None = None
        if table.status in STARTED:
            self.state = replay(self._record())
        self.lock = asyncio.Lock()
        self.members: set[Connection] = set()
        self.buffer: deque[Event] = deque(maxlen=EVENT_BUFFER)
        self.chat: deque[ChatLine] = deque(chat, maxlen=CHAT_KEPT)
        self._bots: dict[int, Bot] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self.timekeeper = Timekeeper(self)
        self.reveals = takeback.Reveals()
        self._inbox: deque[dict[str, Any]] = deque()
        self.changed_at = time.monotonic()  # the last event emitted here
        self._inbox_task: asyncio.Task[None] | None = None

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

    def summary(self) -> dict[str, Any]:
        return payloads.summary(self.table)

    def seat_of(self, player_id: int | None) -> int | None:
        if player_id is None:
            return None
        for index, seat in enumerate(self._table.seats):
            if seat.kind == "human" and seat.player_id == player_id:
                return index
        return None

    def _changed(self, n: int, **values: Any) -> None:
        """Event `n` was stored with these table fields (updated_at: about when)."""
        self.table = dataclasses.replace(self.table, events=n, updated_at=now(), **values)

    def may_manage(self, player: Player) -> bool:
        return self.table.created_by == player.id or self.seat_of(player.id) is not None

    def record(self) -> MatchRecord:
        return self._record()

    def _record(self) -> MatchRecord:
        return MatchRecord(
            game=self.table.game, options=dict(self.table.options),
            seats=[seat_label(s) for s in self.table.seats], seed=self.table.seed,
            actions=list(self.entries), engine_version=self.table.engine_version,
            result=self.table.result,
        )

    # -- members -----------------------------------------------------------
    async def hello(self, conn: Connection, since: int | None) -> None:
        """Subscribe `conn`; send the events after `since`, or a full sync."""
        async with self.lock:
            self.members.add(conn)
            for text in self._catch_up(conn, since):
                conn.send(text)
            if self.timekeeper.active and since is not None:
                conn.send(self.timekeeper.message())

    def leave_socket(self, conn: Connection) -> None:
        self.members.discard(conn)

    def _catch_up(self, conn: Connection, since: int | None) -> list[str]:
        current = self.table.events
        if since is None or since > current:
            return [self.sync_text(conn)]
        missed = [e for e in self.buffer if e.n > since]
        if len(missed) != current - since:
            return [self.sync_text(conn)]
        key = self.seat_of(conn.player_id)
        texts: list[str] = []
        replayer: Replayer | None = None
        for event in missed:
            text = event.text_for(key)
            if text is None:  # nobody with this view was connected when it was sent
                fields = None
                if event.version is not None:
                    replayer = replayer or Replayer(
                        self._record(), lambda state: takeback.may_undo(self, state))
                    fields = replayer.at(event.version)
                text = event.render(key, fields)
            texts.append(text)
        return texts

    def sync_text(self, conn: Connection) -> str:
        seat = self.seat_of(conn.player_id)
        body: dict[str, Any] = {
            "type": "sync", "table": self.summary(), "seat": seat, "event": self.table.events,
            "log": payloads.log(self.entries, seat, self.over),
            "chat": [payloads.chat_json(line) for line in self.chat],
            "clock": self.timekeeper.public(),
        }
        if self.state is None:
            body.update(version=0, to_move=None, view=None, legal=[])
        else:
            body.update(payloads.state_fields(
                self.state, seat, takeback.may_undo(self, self.state)))
            if self.over:
                body.update(self._result(self.state))
        return dumps(body)

    # -- seats -------------------------------------------------------------
    async def join(self, player: Player, seat: int | None) -> None:
        async with self.lock:
            self._require_open()
            index = self._free_seat(seat, player)
            seats = [EMPTY_SEAT if self.seat_of(player.id) == i else s
                     for i, s in enumerate(self.table.seats)]
            seats[index] = Seat("human", player.id, player.name)
            await self._set_seats(seats)

    async def leave(self, player: Player) -> None:
        async with self.lock:
            index = self.seat_of(player.id)
            if index is None:
                raise ServerError("not_seated", "you have no seat at this table")
            self._require_open()
            seats = list(self.table.seats)
            seats[index] = EMPTY_SEAT
            await self._set_seats(seats)

    async def add_bot(self, player: Player, spec: str, seat: int | None) -> None:
        async with self.lock:
            self._require_manager(player)
            self._require_open()
            name = spec.strip()
            if name not in BOT_NAMES:  # not any spec: `greedy:samples=10**9` holds a table
                raise ServerError("bad_options", f"unknown bot {name!r}; the table offers "
                                                 f"{', '.join(BOT_NAMES)}")
            index = self._free_seat(seat, None)
            seats = list(self.table.seats)
            seats[index] = Seat("bot", None, None, name)
            await self._set_seats(seats)

    async def remove_bot(self, player: Player, seat: int) -> None:
        async with self.lock:
            self._require_manager(player)
            self._require_open()
            self._check_index(seat)
            if self.table.seats[seat].kind != "bot":
                raise ServerError("bad_options", f"seat {seat} has no bot")
            seats = list(self.table.seats)
            seats[seat] = EMPTY_SEAT
            await self._set_seats(seats)

    def _require_open(self) -> None:
        if self.table.status == "closed":
            raise ServerError("not_open", "this table was closed by its creator")
        if self.table.status != "open":
            raise ServerError("not_open", "the game has started: seats can no longer change")

    def _require_manager(self, player: Player) -> None:
        if not self.may_manage(player):
            raise ServerError("not_seated", "only the table's creator or a seated player may")

    def _check_index(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.table.players:
            raise ServerError(
                "bad_options", f"seats are numbered 0 to {self.table.players - 1}, not {seat}"
            )

    def _free_seat(self, seat: int | None, player: Player | None) -> int:
        seats = self.table.seats
        if seat is None:
            for index, taken in enumerate(seats):
                if taken.kind == "empty":
                    return index
            raise ServerError("table_full", "every seat is taken")
        self._check_index(seat)
        mine = player is not None and seats[seat].player_id == player.id
        if seats[seat].kind != "empty" and not mine:
            raise ServerError("table_full", f"seat {seat} is taken")
        return seat

    async def _set_seats(self, seats: list[Seat]) -> None:
        if seats == self.table.seats:
            return
        n = await self.host.write(self.host.store.update_seats, self.id, seats)
        self._changed(n, seats=seats)
        self._bots.clear()
        self._emit_table(n)
        self._share_table(n)

    async def close_table(self, player: Player) -> None:
        """Its creator closes an open table: it leaves the lobby and the creator's count of
        open tables; it never starts."""
        async with self.lock:
            if self.table.created_by != player.id:
                raise ServerError("not_seated", "only the table's creator may close it")
            self._require_open()
            try:
                n = await self.host.write(self.host.store.close_table, self.id)
            except StoreError as exc:
                await self._reload()
                raise ServerError("not_open", "the game has started: it can no longer be "
                                              "closed") from exc
            self._changed(n, status="closed")
            self._bots.clear()
            self._emit_table(n)
            self._share_table(n)

    # -- start and play -----------------------------------------------------
    async def start(self, player: Player) -> None:
        async with self.lock:
            self._require_manager(player)
            self._require_open()
            empty = [i for i, s in enumerate(self.table.seats) if s.kind == "empty"]
            if empty:
                raise ServerError("not_ready", f"seats {empty} are still empty")
            seed = secrets.randbits(63)
            n = await self.host.write(self.host.store.start_table, self.id, seed)
            self._changed(n, status="running", seed=seed)
            self.state = new_state(self._record())
            self._emit_table(n)
            self._share_table(n)
            await self._advance()

    async def act(self, player_id: int | None, version: int, payload: Any) -> None:
        """Play `payload` for the sender's seat, through the ordered guards."""
        async with self.lock:
            state = self._guard(player_id, version)
            try:
                action = state.action_from_json(payload)
            except (InvalidActionError, ValueError, TypeError, KeyError) as exc:
                raise ServerError("malformed", f"not an action of this game: {exc}") from exc
            await self._commit(action)
            await self._advance()

    async def undo(self, player_id: int | None, version: int) -> None:
        """Take back the sender's last step: act's guards, then the undo policy."""
        async with self.lock:
            await takeback.take_back(self, self._guard(player_id, version))

    def rewound(self, keep: int, state: State[Any], line: ChatLine) -> None:
        """The log was cut to `keep` actions (`state`) and `line` stored, as event
        `line.event`; the kept events showed states that are gone."""
        assert line.event is not None
        self.entries = self.entries[:keep]
        self.state = state
        self.chat.append(line)
        self._changed(line.event, version=keep)
        self.buffer.clear()

    def emit_state_event(self, n: int, body: dict[str, Any]) -> None:
        """Send event `n`: `body` plus the live state as each member may see it."""
        self._emit(Event(n, prefix=payloads.members(body), version=self.version))

    def _guard(self, player_id: int | None, version: int) -> State[Any]:
        if player_id is None:
            raise ServerError("not_signed_in", "pick a name before playing")
        seat = self.seat_of(player_id)
        if seat is None:
            raise ServerError("not_seated", "you have no seat at this table")
        state = self.state
        if state is None:
            raise ServerError("not_ready", "the game has not started")
        if state.is_terminal():
            raise ServerError("game_over", "the game is over")
        if self.table.seats[seat].forfeited:  # for good: "take it back first" would mislead
            raise ServerError("forfeited", "you forfeited this seat: a bot plays it to the end")
        if state.current_player() != seat:
            raise ServerError("not_your_turn", f"it is not seat {seat}'s turn")
        if self.table.seats[seat].bot_plays:
            raise ServerError("away", "a bot plays your seat now: take it back first")
        if self.timekeeper.expired():
            raise ServerError("time_out", "your time ran out")
        if version != self.version:
            raise ServerError(
                "stale", f"your action was made on version {version}; the table is at "
                f"{self.version}: resync"
            )
        return state

    async def _commit(self, action: Any) -> None:
        """Apply (legality), persist, then broadcast one action."""
        assert self.state is not None
        revealed = self.state.reveals_to_mover(action)
        entry = self._apply(action)
        n = await self._persist([entry])
        self.reveals.note(len(self.entries) - 1, revealed)
        self._emit_actions(n, [entry])
        self.share_actions(n, [entry])

    def _apply(self, action: Any) -> RecordEntry:
        state = self.state
        assert state is not None
        entry = _entry(state, action)
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise ServerError("illegal", str(exc)) from exc
        return entry

    async def _persist(self, entries: list[RecordEntry]) -> int:
        """Store actions applied to the live state (one transaction); the last event number.

        On any failure the table reloads from the database, dropping what was applied.
        """
        try:
            n = await self.host.write(
                self.host.store.append_actions, self.id, len(self.entries), entries
            )
        except ConcurrencyError as exc:
            await self._reload()
            raise ServerError("stale", "another move was stored first: resync") from exc
        except BaseException:
            await self._reload()
            raise
        self.entries.extend(entries)
        self._progress = (n, len(self.entries), now())
        return n

    async def _advance(self) -> None:
        """Resolve chance, finish a terminal game, and wake the bot to move."""
        state = self.state
        if state is None or self._table.status != "running":
            return
        if state.current_player() == CHANCE:
            await self._resolve_chance(state)
        if state.is_terminal():
            await self._finish(state)
        else:
            await self.timekeeper.follow()
            await self.host.progressed(self)
            self._wake_bot()

    async def _resolve_chance(self, state: State[Any]) -> None:
        """Sample every chance node in a row; persist them together, one event each.

        The RNG of action k is derived from the secret seed and k, so a restart in the
        middle draws exactly what an uninterrupted table would have drawn.
        """
        entries: list[RecordEntry] = []
        while state.current_player() == CHANCE:
            rng = random.Random(f"{self.table.seed}/chance/{self.version + len(entries)}")
            entries.append(self._apply(sample_chance(state, rng)))
        n = await self._persist(entries)
        self._emit_actions(n, entries)
        self.share_actions(n, entries)

    def _result(self, state: State[Any]) -> dict[str, Any]:
        """The result, with the seats that forfeited or were ever handed to a bot
        (ratings rank them last)."""
        seats = self.table.seats
        return {**payloads.result(state), "forfeited": forfeited_seats(seats),
                "assisted": assisted_seats(seats)}

    async def _finish(self, state: State[Any]) -> None:
        result = self._result(state)
        n = await self.host.write(self.host.store.finish_table, self.id, result)
        self._changed(n, status="finished", result=result)
        await self.timekeeper.follow()
        self._emit_over(n, state)
        self.host.share({"table": self.id, "kind": "over", "n": n, "result": result})
        self.host.table_changed(self.table)
        await self.host.finished(self)

    async def reload(self) -> None:
        await self._reload()

    async def _reload(self) -> None:
        """Rebuild everything from the database (after a lost or failed write)."""
        self.reveals.forget()
        store = self.host.store
        table = await self.host.db(store.get_table, self.id)
        assert table is not None
        self.table = table
        self.entries = await self.host.db(store.load_actions, self.id)
        self.chat = deque(await self.host.db(store.recent_chat, self.id, CHAT_KEPT), CHAT_KEPT)
        self.state = replay(self._record()) if table.status in STARTED else None
        self.timekeeper.reload()
        for conn in list(self.members):  # their event numbering has a gap now
            conn.send(self.sync_text(conn))

    # -- bots --------------------------------------------------------------
    async def resume(self) -> None:
        """After a (re)start: finish chance, end a finished game, wake bots (when this
        worker leads the table; otherwise its leader does, or a sweep later)."""
        if not await self.host.leader(self.id):
            return
        async with self.lock:
            await self._advance()

    def needs_mover(self, quiet: float) -> bool:
        """Whether the table has waited on the server (chance, its end, a bot) for
        `quiet` seconds with no event and no bot task of this worker on it (a worker
        making that move is still sending its events in the meantime)."""
        state = self.state
        if state is None or self._table.status != "running":
            return False
        if time.monotonic() - self.changed_at < quiet:
            return False
        if self._bot_task is not None and not self._bot_task.done():
            return False
        seat = state.current_player()
        return seat == CHANCE or state.is_terminal() or (
            seat >= 0 and self._table.seats[seat].kind == "bot")

    async def take_over(self) -> None:
        """Make the server's move another worker did not make (this worker leads now)."""
        async with self.lock:
            stored = await self.host.db(self.host.store.get_table, self.id)
            if stored is not None and stored.events != self._table_events():
                await self._reload()  # the dead worker's last commits never reached us
            state = self.state
            if state is None or self._table.status != "running":
                return
            if state.current_player() == CHANCE or state.is_terminal():
                await self._advance()
            else:
                self._wake_bot()

    def _wake_bot(self) -> None:
        state = self.state
        if state is None or state.is_terminal() or self._table.status != "running":
            return
        seat = state.current_player()
        if seat < 0 or not self._table.seats[seat].bot_plays:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.create_task(self._bot_turn(self.version))

    async def _bot_turn(self, version: int) -> None:
        await asyncio.sleep(self.host.bot_delay)
        if not await self.host.leader(self.id):  # another worker runs this table's bots
            self._bot_task = None
            return
        async with self.lock:
            self._bot_task = None
            state = self.state
            if state is None or self.version != version or state.is_terminal():
                return
            seat = state.current_player()
            if seat < 0 or not self.table.seats[seat].bot_plays:  # taken back meanwhile
                return
            try:
                action = await asyncio.to_thread(self._bot_choice, state, seat)
                await self._commit(action)
                await self._advance()
            except ServerError as exc:
                if exc.code != "stale":
                    log.exception("bot at table %s seat %s failed", self.id, seat)
                    return
                # another worker stored a move first; the table reloaded: look again
                log.info("bot at table %s: %s", self.id, exc.message)
                self._wake_bot()
            except Exception:
                log.exception("bot at table %s seat %s failed", self.id, seat)

    def _bot_choice(self, state: State[Any], seat: int) -> Any:
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.table.seats[seat].bot or "random"
            bot = self._bots[seat] = make_bot(spec)
        rng = random.Random(f"{self.table.seed}/bot/{seat}/{self.version}")
        return bot_decision(bot, state, seat, rng)

    async def close(self) -> None:
        self.timekeeper.cancel()
        for task in (self._bot_task, self._inbox_task):
            if task is not None and not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    # -- chat --------------------------------------------------------------
    async def say(self, player: Player, text: str) -> None:
        async with self.lock:
            store = self.host.store
            line = await self.host.write(store.add_chat, self.id, player.id, player.name, text)
            assert line.event is not None
            self.chat.append(line)
            self._changed(line.event)
            body = {"type": "event", "n": line.event, "kind": "chat", **payloads.chat_json(line)}
            self._publish_shared(Event(line.event, shared=dumps(body)))
            self.host.share({"table": self.id, "kind": "chat", "n": line.event,
                             "line": {"id": line.id, "player_id": line.player_id,
                                      "name": line.name, "text": line.text,
                                      "at": line.at.isoformat()}})

    # -- other workers -----------------------------------------------------
    def _share_table(self, n: int) -> None:
        table = self.table
        self.host.share({"table": self.id, "kind": "table", "n": n, "status": table.status,
                         "seed": table.seed, "seats": [s.to_json() for s in table.seats]})

    def share_actions(self, last: int, entries: list[RecordEntry]) -> None:
        self.host.share({"table": self.id, "kind": "actions", "n": last,
                         "seq": self.version - len(entries),
                         "entries": [[e.player, e.action, e.text, e.visible_to]
                                     for e in entries]})

    def remote(self, message: dict[str, Any]) -> None:
        """Queue a change another worker committed; applied in arrival order, under the lock."""
        self._inbox.append(message)
        if self._inbox_task is None or self._inbox_task.done():
            self._inbox_task = asyncio.create_task(self._drain_inbox())

    async def _drain_inbox(self) -> None:
        while self._inbox:
            message = self._inbox.popleft()
            async with self.lock:
                try:
                    if not self._apply_remote(message):
                        await self._reload()
                except Exception:
                    log.exception("table %s could not follow another worker", self.id)
                    with contextlib.suppress(Exception):
                        await self._reload()
            self._wake_bot()

    def _apply_remote(self, message: dict[str, Any]) -> bool:
        """Apply another worker's change: True if done (or known already), False when
        the table must reload instead (a gap, an unknown kind, an action that fails)."""
        kind, n = message.get("kind"), message.get("n")
        if kind == "clock":  # not an event: the clock the other worker stored
            self.timekeeper.adopt(message.get("state"))
            return True
        if not isinstance(n, int) or kind not in ("actions", "table", "over", "chat"):
            return False
        if n <= self._table_events():
            return True  # we have it: we reloaded after it was stored
        if kind == "actions":
            return self._remote_actions(n, message)
        if n != self._table_events() + 1:
            return False
        if kind == "table":
            status = message["status"]
            seats = [Seat.from_json(s) for s in message["seats"]]
            self._changed(n, status=status, seed=message["seed"], seats=seats)
            self._bots.clear()
            if status == "running" and self.state is None:
                self.state = new_state(self._record())
            self._emit_table(n, lobby=False)
            return True
        if kind == "over":
            if self.state is None or not self.state.is_terminal():
                return False
            self._changed(n, status="finished", result=message["result"])
            self._emit_over(n, self.state)
            return True
        line = message["line"]
        chat = ChatLine(line["id"], self.id, line["player_id"], line["name"], line["text"],
                        datetime.fromisoformat(line["at"]), n)
        self.chat.append(chat)
        self._changed(n)
        body = {"type": "event", "n": n, "kind": "chat", **payloads.chat_json(chat)}
        self._publish_shared(Event(n, shared=dumps(body)))
        return True

    def _remote_actions(self, last: int, message: dict[str, Any]) -> bool:
        entries = [RecordEntry(int(p), a, str(t), v) for p, a, t, v in message["entries"]]
        state = self.state
        first = last - len(entries) + 1
        if state is None or not entries or first != self._table_events() + 1 \
                or message["seq"] != self.version:
            return False
        try:
            for entry in entries:
                state.apply_action(state.action_from_json(entry.action))
        except (GameError, ValueError, TypeError, KeyError):
            return False
        self.entries.extend(entries)
        self._progress = (last, len(self.entries), now())
        self._emit_actions(last, entries)
        return True

    def _table_events(self) -> int:
        return self._progress[0] if self._progress is not None else self._table.events

    # -- events ------------------------------------------------------------
    def _emit_actions(self, last: int, entries: list[RecordEntry]) -> None:
        """One event per action; only the last carries view and legal (the others are
        superseded at once: a batch of chance draws)."""
        first = last - len(entries) + 1
        version = len(self.entries) - len(entries)
        for offset, entry in enumerate(entries[:-1]):
            head = {"version": version + offset + 1, "to_move": None}
            self._emit_action(first + offset, entry, head, None)
        self._emit_action(last, entries[-1], {}, len(self.entries))

    def _emit_action(
        self, n: int, entry: RecordEntry, head: dict[str, Any], version: int | None
    ) -> None:
        body = {"type": "event", "n": n, "kind": "action",
                "player": payloads.player_label(entry.player), **head}
        text = '"text":' + payloads.encode(entry.text)
        if entry.visible_to is None:  # public: the text is part of what everyone gets
            prefix = payloads.members(body) + "," + text
            if version is None:
                self._publish_shared(Event(n, shared=payloads.obj(prefix)))
            else:
                self._emit(Event(n, prefix=prefix, version=version))
            return
        hidden = '"text":' + payloads.encode(payloads.HIDDEN)
        self._emit(Event(n, prefix=payloads.members(body), seen_by=tuple(entry.visible_to),
                         texts=(text, hidden), version=version))

    def _emit_table(self, n: int, lobby: bool = True) -> None:
        if lobby:
            self.host.table_changed(self.table)
        prefix = payloads.members({"type": "event", "n": n, "kind": "table",
                                   "table": self.summary()})
        if self.state is None:
            self._publish_shared(Event(n, shared=payloads.obj(prefix)))
            return
        self._emit(Event(n, prefix=prefix, version=self.version))

    def _emit_over(self, n: int, state: State[Any]) -> None:
        prefix = payloads.members({"type": "event", "n": n, "kind": "over",
                                   "table": self.summary(), **self._result(state)})
        self._emit(Event(n, prefix=prefix, version=self.version))

    def _emit(self, event: Event) -> None:
        """Keep `event` and send it to the members, rendered once per viewer key among
        them (the live state is at `event.version`); anyone else who catches up later
        gets it rendered then."""
        self.buffer.append(event)
        self.changed_at = time.monotonic()
        state = self.state
        fields = None
        if event.version is not None and state is not None:
            fields = payloads.StateJson(state, takeback.may_undo(self, state))
        for conn in list(self.members):
            conn.send(event.render(self.seat_of(conn.player_id), fields))

    def _publish_shared(self, event: Event) -> None:
        assert event.shared is not None
        self.buffer.append(event)
        self.changed_at = time.monotonic()
        for conn in list(self.members):
            conn.send(event.shared)


def _entry(state: State[Any], action: Any) -> RecordEntry:
    """The record entry of `action` about to be applied to `state` (with its visibility)."""
    record = MatchRecord("", {}, [])
    record.append(state, action)
    return record.actions[0]

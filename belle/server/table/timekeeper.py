"""A table's clock keeper: its timer, what a timeout does, and stand-in bots.

The actor calls `follow()` after every change of the game (under its lock): the clock
stops for the seat that moved and starts for the seat to move if a person plays it;
the new clock is stored with the table (`Store.set_clock_state`) and sent to the
members as a `clock` message; one timer is armed at the running deadline (the old one
cancelled). When the timer fires it acts only if `host.leader(table)` says this worker
runs the table, and only if, under the table's lock, the version is unchanged and the
deadline has passed — in memory and in the clock stored with the table, read once
writes are let through (`Database.check`): a storage outage moves the stored clocks
on before any write passes again (belle.server.table.janitor), so a clock that ran
through the outage in memory cannot time anyone out.

On timeout the table's setting decides: `bot-moves` — a medium bot plays that seat's
turn, deciding on a determinization (`bot_decision`), and the log marks the move;
`forfeit` — the seat is marked forfeited and a medium bot plays it to the end.
A seated player may also hand their seat to a bot (`away`, one of the levels the table
offers, `BOT_NAMES`) and take it back (`back`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from typing import TYPE_CHECKING, Any

from belle.bots import BOT_NAMES, make_bot
from belle.engine.referee import bot_decision
from belle.server.database import StorageUnavailable
from belle.server.errors import ServerError
from belle.server.table.clock import ClockSettings, ClockState, Timer
from belle.server.ws.messages import dumps
from belle.storage import Player, Seat

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

STAND_IN = "medium"
TIMEOUT_MARK = " (time ran out: played by a bot)"
log = logging.getLogger("belle.server")


LEADER_RETRY = 5.0  # seconds between looks at a timer another worker leads


class Timekeeper:
    """The clock of one table (settings, running state, timer)."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        table = actor.table
        self.settings = ClockSettings.from_json(table.clock)
        self.state = self._load(table.clock_state)
        self._timer: Timer | None = None
        self._timed_out: float | None = None  # the `started` of the turn that timed out

    @property
    def active(self) -> bool:
        return self.settings.active

    def reload(self) -> None:
        """Take the clock stored with the table again (after the actor reloaded)."""
        self.state = self._load(self.actor.table.clock_state)
        self._arm()

    def now(self) -> float:
        return self.actor.host.clock.time()

    def public(self) -> dict[str, Any] | None:
        """The clock as clients see it now (None: the table has no clock)."""
        if not self.active:
            return None
        return self.state.public(self.settings, self.now())

    def message(self) -> str:
        return dumps({"type": "clock", "version": self.actor.version, "clock": self.public()})

    def expired(self) -> bool:
        return self.active and self.state.expired(self.now())

    # -- following the game --------------------------------------------------
    async def follow(self) -> None:
        """After a change (under the table lock): move the clock on, store, tell, arm."""
        if not self.active:
            return
        actor = self.actor
        state = actor.state
        running = state is not None and not state.is_terminal() and actor.table.status == "running"
        mover = state.current_player() if running and state is not None else None
        mover = mover if mover is not None and mover >= 0 else None
        clocked = mover is not None and not actor.table.seats[mover].bot_plays
        if self.state.follow(self.settings, mover, clocked, self.now(), actor.version):
            host = actor.host
            stored = self.state.to_json()
            await host.db.write(host.store.set_clock_state, actor.id, stored)
            host.share({"table": actor.id, "kind": "clock", "state": stored})
            self._tell_members()
        self._arm()

    def shift(self, until: float, seconds: float) -> None:
        """Move the running clock on by the outage a heartbeat settled at `until`
        (nobody could move meanwhile: storage did not answer), as the stored one was
        (belle.server.table.janitor; once: `ClockState.shifted`)."""
        if not self.active or self.state.seat is None:
            return
        held = self.state.to_json()
        moved = ClockState.shifted(held, until, seconds)
        if moved != held:
            self.state = ClockState.from_json(moved, self.settings, self.actor.table.players)
            self._tell_members()
            self._arm()

    def adopt(self, stored: Any) -> None:
        """Take the clock another worker stored (it moved the game on there)."""
        if not self.active:
            return
        self.state = self._load(stored)
        self._tell_members()
        self._arm()

    def _load(self, stored: Any) -> ClockState:
        """A stored clock, with the last outage shift this worker made in memory: a read
        made before that shift was stored lacks it (a table rebuilt meanwhile)."""
        made = self.actor.host.clock_shift
        if stored and made is not None:
            stored = ClockState.shifted(stored, *made)
        return ClockState.from_json(stored, self.settings, self.actor.table.players)

    def _tell_members(self) -> None:
        text = self.message()
        for conn in list(self.actor.members):
            conn.send(text)

    def _arm(self) -> None:
        self.cancel()
        deadline = self.state.deadline
        if deadline is not None:
            version = self.actor.version
            self._timer = self.actor.host.clock.call_at(deadline, lambda: self._fire(version))

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _fire(self, version: int) -> None:
        actor = self.actor
        if not await actor.host.leader(actor.id):
            # Another worker runs this table's timers, or did until it died: look again
            # later, so the clock still fires here once its lease has lapsed.
            if actor.version == version and self.state.deadline is not None:
                self._timer = actor.host.clock.call_at(self.now() + LEADER_RETRY,
                                                       lambda: self._fire(version))
            return
        try:
            await self._fire_locked(version)
        except StorageUnavailable:  # the table could not be rebuilt: the recovery will
            return

    async def _fire_locked(self, version: int) -> None:
        actor = self.actor
        async with actor.command():
            if actor.version != version or actor.over or self.state.seat is None:
                return
            if not self.state.expired(self.now()):  # woke early: wait for the deadline
                self._arm()
                return
            try:
                if await self._stored_expired():
                    await self._time_out(self.state.seat)
            except StorageUnavailable:
                actor.mark_broken()  # the rebuilt table re-arms this timer: it fires again
            except Exception:
                log.exception("timeout at table %s failed", actor.id)

    async def _stored_expired(self) -> bool:
        """Whether the clock stored with the table ran out too, read once writes go
        through (after any outage was settled); if not, it is the clock (re-armed)."""
        host = self.actor.host
        found = await host.db.check(host.store.clocks.clock_state, self.actor.id)
        if found is None:  # none stored to go by: a running clock is stored as it starts
            return True
        stored = self._load(found)
        if stored.seat == self.state.seat and stored.expired(self.now()):
            return True
        self.state = stored
        self._tell_members()
        self._arm()
        return False

    async def _time_out(self, seat: int) -> None:
        if self._timed_out != self.state.started:  # once per turn, however many actions
            self._timed_out = self.state.started
            self.state.timeouts.append(seat)
        if self.settings.on_timeout == "forfeit":
            await self._forfeit(seat)
        else:
            await self._bot_moves(seat)

    async def _bot_moves(self, seat: int) -> None:
        """A medium bot plays one action for `seat` (the turn goes on: its time is out,
        so the timer fires again at once until another seat is to move)."""
        actor = self.actor
        state = actor.state
        assert state is not None
        rng = random.Random(f"{actor.table.seed}/timeout/{seat}/{actor.version}")
        bot = make_bot(STAND_IN)
        action = await asyncio.to_thread(bot_decision, bot, state, seat, rng)
        entry = actor.moves.apply(action)
        entry = dataclasses.replace(entry, text=entry.text + TIMEOUT_MARK)
        n = await actor.moves.persist([entry])
        actor.moves.emit(n, [entry])
        await actor.moves.advance()

    async def _forfeit(self, seat: int) -> None:
        actor = self.actor
        seats = list(actor.table.seats)
        seats[seat] = dataclasses.replace(seats[seat], forfeited=True, away=False,
                                          bot=seats[seat].bot or STAND_IN)
        await actor.seats.set_seats(seats)
        await self.follow()
        await actor.host.reseated(actor)
        actor.bots.wake()

    # -- stand-in bots -------------------------------------------------------
    async def away(self, player: Player, bot: str | None = None) -> None:
        """`player` lets a bot play their seat until they take it back."""
        async with self.actor.command():
            index, seat = self._own_seat(player)
            if seat.away:
                return
            spec = (bot or STAND_IN).strip()
            if spec not in BOT_NAMES:  # not any spec: `greedy:samples=10**9` would hold
                # the table's lock for days on its first move
                raise ServerError("bad_options", "unknown bot level '{bot}'; levels: {levels}",
                                  params={"bot": spec[:40], "levels": ", ".join(BOT_NAMES)})
            await self._reseat(index, dataclasses.replace(seat, away=True, assisted=True,
                                                          bot=spec))

    async def back(self, player: Player) -> None:
        """`player` takes their seat back from the stand-in bot."""
        async with self.actor.command():
            index, seat = self._own_seat(player)
            if seat.away:
                await self._reseat(index, dataclasses.replace(seat, away=False, bot=None))

    def _own_seat(self, player: Player) -> tuple[int, Seat]:
        actor = self.actor
        index = actor.seat_of(player.id)
        if index is None:
            raise ServerError("not_seated", "you have no seat at this table")
        if actor.table.status != "running" or actor.over:
            raise ServerError("not_ready", "a seat is handed to a bot during the game only")
        seat = actor.table.seats[index]
        if seat.forfeited:
            raise ServerError("forfeited", "you forfeited this seat: a bot plays it to the end")
        return index, seat

    async def _reseat(self, index: int, seat: Seat) -> None:
        actor = self.actor
        seats = list(actor.table.seats)
        seats[index] = seat
        await actor.seats.set_seats(seats)
        await self.follow()
        await actor.host.reseated(actor)
        actor.bots.wake()


def forfeited_seats(seats: list[Seat]) -> list[int]:
    return [i for i, seat in enumerate(seats) if seat.forfeited]


def assisted_seats(seats: list[Seat]) -> list[int]:
    """The seats whose person let a bot play for them at some point (ranked last)."""
    return [i for i, seat in enumerate(seats) if seat.assisted]

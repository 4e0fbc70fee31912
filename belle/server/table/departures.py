"""Leaving a game under way: a seated person resigns, or the others claim the seat of
one who has stopped moving.

Either way the seat is *forfeited*: a stand-in bot plays it to the end and the person
ranks last in the result and the ratings, as after a timeout with `forfeit`
(belle.server.table.timekeeper).

A claim is for tables without a clock, where nothing else ends a silence: a stranger
who moves once and never again would hold the game "running" for ever. Once the person
to move has been silent for `CLAIM_AFTER[mode]` — 5 minutes at a live table, 3 days at
a turn-based one (lichess lets the opponent claim after a short wait in live games;
BGA expels a turn-based player after days without a move) — any other person seated
may claim the seat. The silence is counted from the table's last action (the turn
began then), kept in memory and, after a restart, read from the stored log.
"""

from __future__ import annotations

import dataclasses
import math
from datetime import datetime
from typing import TYPE_CHECKING

from belle.server.announcements import Notice, notice
from belle.server.errors import ServerError
from belle.server.table.timekeeper import STAND_IN
from belle.storage import Player
from belle.storage.store import now

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

CLAIM_AFTER = {"live": 5 * 60.0, "turn": 3 * 24 * 3600.0}  # seconds of silence


class Departures:
    """Resigning, and claiming a silent person's seat."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        self.turn_began = actor.host.clock.time()  # the last action (clock time)

    def moved(self) -> None:
        """An action was made (or the game started): the next turn begins now."""
        self.turn_began = self.actor.host.clock.time()

    def began_at(self, moment: datetime) -> None:
        """The last action was stored at `moment` (the actor was just loaded)."""
        age = max(0.0, (now() - moment).total_seconds())
        self.turn_began = self.actor.host.clock.time() - age

    def claim_after(self) -> float:
        return CLAIM_AFTER.get(self.actor.setup.mode, CLAIM_AFTER["live"])

    def silent_seat(self) -> int | None:
        """The seat of the person to move at a running game without a clock (None: a
        bot or chance moves, the game is over or has a clock)."""
        actor = self.actor
        state = actor.state
        if actor.setup.status != "running" or state is None or state.is_terminal() \
                or actor.timekeeper.active:
            return None
        mover = state.current_player()
        if mover < 0:
            return None
        seat = actor.setup.seats[mover]
        return mover if seat.kind == "human" and not seat.bot_plays else None

    async def resign(self, player: Player) -> None:
        """A seated person gives the game up: a bot plays their seat to the end."""
        actor = self.actor
        async with actor.command():
            index = actor.seat_of(player.id)
            if index is None:
                raise ServerError("not_seated", "you have no seat at this table")
            if actor.table.status != "running" or actor.over:
                raise ServerError("not_ready", "you can resign only during the game")
            if actor.table.seats[index].forfeited:
                return
            await self.forfeit(index, notice("resigned", name=player.name))

    async def claim(self, player: Player) -> None:
        """Another seated person claims the seat of the person to move, silent for
        `claim_after()` seconds at a table without a clock: a bot plays it to the end."""
        actor = self.actor
        async with actor.command():
            mine = actor.seat_of(player.id)
            if mine is None or actor.table.seats[mine].forfeited:
                raise ServerError("not_seated", "only a person seated at this game may "
                                                "claim a seat")
            if actor.timekeeper.active:
                raise ServerError("not_ready", "this table has a clock: a seat whose time "
                                               "runs out is played by a bot")
            silent = self.silent_seat()
            if silent is None or silent == mine:
                raise ServerError("not_ready", notice=notice("claim_nobody"))
            self._require_silence()
            seat = actor.table.seats[silent]
            await self.forfeit(silent, notice("claimed", name=seat.name or "",
                                              by=player.name))

    def _require_silence(self) -> None:
        waited = self.actor.host.clock.time() - self.turn_began
        grace = self.claim_after()
        if waited >= grace:
            return
        name = self.actor.setup.seats[self.silent_seat() or 0].name or ""
        if grace < 2 * 3600:
            raise ServerError("not_ready", notice=notice(
                "claim_too_early_minutes", name=name, waited=math.floor(waited / 60),
                grace=math.ceil(grace / 60)))
        raise ServerError("not_ready", notice=notice(
            "claim_too_early_hours", name=name, waited=math.floor(waited / 3600),
            grace=math.ceil(grace / 3600)))

    async def forfeit(self, index: int, said: Notice) -> None:
        """Seat `index` is forfeited (the caller holds the lock): a stand-in bot plays
        it to the end; `said` goes to the table's chat."""
        actor = self.actor
        seats = list(actor.table.seats)
        seat = seats[index]
        seats[index] = dataclasses.replace(seat, forfeited=True, away=False,
                                           bot=seat.bot or STAND_IN)
        await actor.seats.set_seats(seats)
        await actor.chat.announce(said)
        await actor.timekeeper.follow()
        await actor.host.reseated(actor)
        actor.bots.wake()

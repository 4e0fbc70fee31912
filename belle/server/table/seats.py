"""A table's seats: join, leave, bots in seats, and storing a change of seats.

Seat changes are ordered with the table's moves (they take its lock), stored as one
event, broadcast as a `table` event and shared with the other workers; the table's chat
then announces each (belle.server.table.chat). Refusals carry their notice
(belle.server.announcements): seats are numbered from 1 in every sentence.

Who may change what is the host's role (belle.server.table.hosting); starting, closing
and aborting a table are its lifecycle (belle.server.table.lifecycle); leaving a game
under way — resigning, or being claimed out after a long silence — its departures
(belle.server.table.departures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.bots import BOT_NAMES
from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.storage import EMPTY_SEAT, Player, Seat

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class Seating:
    """Who sits where."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def join(self, player: Player, seat: int | None) -> None:
        actor = self.actor
        async with actor.command():
            self.require_open()
            if player.id in actor.table.banned:
                raise ServerError("kicked", notice=notice("kicked_out"))
            index = self._free_seat(seat, player)
            await actor.host.guard.check_may_join(actor.table, player)
            before = actor.seat_of(player.id)
            seats = [EMPTY_SEAT if before == i else s for i, s in enumerate(actor.table.seats)]
            seats[index] = Seat("human", player.id, player.name)
            if await self.set_seats(seats):
                said = "joined" if before is None else "moved"
                await actor.chat.announce(notice(said, name=player.name, seat=index + 1))

    async def leave(self, player: Player) -> None:
        """Give the seat up before the start; a host who leaves hands the role to
        another person still seated (belle.server.table.hosting.pass_on)."""
        actor = self.actor
        async with actor.command():
            index = actor.seat_of(player.id)
            if index is None:
                raise ServerError("not_seated", notice=notice("not_seated"))
            self.require_open()
            seats = list(actor.table.seats)
            seats[index] = EMPTY_SEAT
            await self.set_seats(seats)
            await actor.chat.announce(notice("left", name=player.name, seat=index + 1))
            if actor.hosting.may_manage(player):
                await actor.hosting.pass_on()

    async def add_bot(self, player: Player, spec: str, seat: int | None) -> None:
        actor = self.actor
        async with actor.command():
            actor.hosting.require_manager(player)
            self.require_open()
            name = spec.strip()
            if name not in BOT_NAMES:  # not any spec: `greedy:samples=10**9` holds a table
                raise ServerError("bad_options", notice=notice(
                    "unknown_bot", bot=name[:40], bots=list(BOT_NAMES)))
            index = self._free_seat(seat, None)
            seats = list(actor.table.seats)
            seats[index] = Seat("bot", None, None, name)
            await self.set_seats(seats)
            await actor.chat.announce(notice("bot_added", bot=name, seat=index + 1))

    async def remove_bot(self, player: Player, seat: int) -> None:
        actor = self.actor
        async with actor.command():
            actor.hosting.require_manager(player)
            self.require_open()
            self.check_index(seat)
            bot = actor.table.seats[seat]
            if bot.kind != "bot":
                raise ServerError("bad_options", notice=notice("no_bot_at", seat=seat + 1))
            seats = list(actor.table.seats)
            seats[seat] = EMPTY_SEAT
            await self.set_seats(seats)
            await actor.chat.announce(notice("bot_removed", bot=bot.bot or "", seat=seat + 1))

    # -- checks ------------------------------------------------------------
    def require_open(self) -> None:
        status = self.actor.table.status
        if status == "closed":
            raise ServerError("not_open", notice=notice("table_closed"))
        if status != "open":
            raise ServerError("not_open", notice=notice("game_started"))

    def check_index(self, seat: int) -> None:
        """`seat`: an index (from 0, as the protocol counts); the refusal counts from 1."""
        players = self.actor.table.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            shown = seat + 1 if isinstance(seat, int) else 0
            raise ServerError("bad_options", notice=notice("seat_range", last=players,
                                                           seat=shown))

    def _free_seat(self, seat: int | None, player: Player | None) -> int:
        seats = self.actor.table.seats
        if seat is None:
            own = self.actor.seat_of(player.id) if player is not None else None
            if own is not None:  # already seated: "/join" again keeps the seat
                return own
            for index, taken in enumerate(seats):
                if taken.kind == "empty":
                    return index
            raise ServerError("table_full", notice=notice("table_full"))
        self.check_index(seat)
        mine = player is not None and seats[seat].player_id == player.id
        if seats[seat].kind != "empty" and not mine:
            raise ServerError("table_full", notice=notice("seat_taken", seat=seat + 1))
        return seat

    async def set_seats(self, seats: list[Seat], banned: tuple[int, ...] | None = None) -> bool:
        """Store `seats` as one event, tell the members, the lobby and the other workers;
        False when they were so already (nothing happens)."""
        actor = self.actor
        if seats == actor.table.seats:
            return False
        host = actor.host
        n = await host.db.write(host.store.update_seats, actor.id, seats, banned)
        if banned is None:
            actor.changed(n, seats=seats)
        else:
            actor.changed(n, seats=seats, banned=banned)
        actor.bots.forget()
        actor.events.table(n)
        actor.remote.share_table(n)
        return True

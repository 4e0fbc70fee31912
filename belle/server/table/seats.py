"""A table's seats before the game: join, leave, bots, close, and the start.

Seat changes are ordered with the table's moves (they take its lock), stored as one
event, broadcast as a `table` event and shared with the other workers.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from belle.bots import BOT_NAMES
from belle.engine.record import new_state
from belle.server.errors import ServerError
from belle.storage import EMPTY_SEAT, Player, Seat, StoreError

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class Seating:
    """Who sits where, and who may change it."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    def may_manage(self, player: Player) -> bool:
        actor = self.actor
        return actor.table.created_by == player.id or actor.seat_of(player.id) is not None

    async def join(self, player: Player, seat: int | None) -> None:
        actor = self.actor
        async with actor.command():
            self._require_open()
            index = self._free_seat(seat, player)
            seats = [EMPTY_SEAT if actor.seat_of(player.id) == i else s
                     for i, s in enumerate(actor.table.seats)]
            seats[index] = Seat("human", player.id, player.name)
            await self.set_seats(seats)

    async def leave(self, player: Player) -> None:
        actor = self.actor
        async with actor.command():
            index = actor.seat_of(player.id)
            if index is None:
                raise ServerError("not_seated", "you have no seat at this table")
            self._require_open()
            seats = list(actor.table.seats)
            seats[index] = EMPTY_SEAT
            await self.set_seats(seats)

    async def add_bot(self, player: Player, spec: str, seat: int | None) -> None:
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            self._require_open()
            name = spec.strip()
            if name not in BOT_NAMES:  # not any spec: `greedy:samples=10**9` holds a table
                raise ServerError("bad_options", f"unknown bot {name!r}; the table offers "
                                                 f"{', '.join(BOT_NAMES)}")
            index = self._free_seat(seat, None)
            seats = list(actor.table.seats)
            seats[index] = Seat("bot", None, None, name)
            await self.set_seats(seats)

    async def remove_bot(self, player: Player, seat: int) -> None:
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            self._require_open()
            self._check_index(seat)
            if actor.table.seats[seat].kind != "bot":
                raise ServerError("bad_options", f"seat {seat} has no bot")
            seats = list(actor.table.seats)
            seats[seat] = EMPTY_SEAT
            await self.set_seats(seats)

    async def close_table(self, player: Player) -> None:
        """Its creator closes an open table: it leaves the lobby and the creator's count of
        open tables; it never starts."""
        actor = self.actor
        async with actor.command():
            if actor.table.created_by != player.id:
                raise ServerError("not_seated", "only the table's creator may close it")
            self._require_open()
            host = actor.host
            try:
                n = await host.db.write(host.store.close_table, actor.id)
            except StoreError as exc:
                await actor.reload()
                raise ServerError("not_open", "the game has started: it can no longer be "
                                              "closed") from exc
            actor.changed(n, status="closed")
            actor.bots.forget()
            actor.events.table(n)
            actor.remote.share_table(n)

    async def start(self, player: Player) -> None:
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            self._require_open()
            empty = [i for i, s in enumerate(actor.table.seats) if s.kind == "empty"]
            if empty:
                raise ServerError("not_ready", f"seats {empty} are still empty")
            seed = secrets.randbits(63)
            host = actor.host
            n = await host.db.write(host.store.start_table, actor.id, seed)
            actor.changed(n, status="running", seed=seed)
            actor.state = new_state(actor.record())
            actor.events.table(n)
            actor.remote.share_table(n)
            await actor.moves.advance()

    # -- checks ------------------------------------------------------------
    def _require_open(self) -> None:
        status = self.actor.table.status
        if status == "closed":
            raise ServerError("not_open", "this table was closed by its creator")
        if status != "open":
            raise ServerError("not_open", "the game has started: seats can no longer change")

    def _require_manager(self, player: Player) -> None:
        if not self.may_manage(player):
            raise ServerError("not_seated", "only the table's creator or a seated player may")

    def _check_index(self, seat: int) -> None:
        players = self.actor.table.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ServerError(
                "bad_options", f"seats are numbered 0 to {players - 1}, not {seat}"
            )

    def _free_seat(self, seat: int | None, player: Player | None) -> int:
        seats = self.actor.table.seats
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

    async def set_seats(self, seats: list[Seat]) -> None:
        """Store `seats` as one event, tell the members, the lobby and the other workers."""
        actor = self.actor
        if seats == actor.table.seats:
            return
        host = actor.host
        n = await host.db.write(host.store.update_seats, actor.id, seats)
        actor.changed(n, seats=seats)
        actor.bots.forget()
        actor.events.table(n)
        actor.remote.share_table(n)

"""A table's seats and roles: join, leave, bots, kick, the host's role, start, close,
abort and resign.

The table's *host* (its creator, until they hand the role to another seated person)
manages it: adds and removes bots, kicks a person out before the start (they may not
come back), starts it, closes it before the start. A seated person may resign during
the game (a bot plays the seat to the end; ratings rank it last), and anyone seated, or
the host, may abort a game in which some seated person has not moved yet: an abandoned
table then stops counting toward its host's limits. BGA's table admin and lichess's
abort work the same way.

Seat changes are ordered with the table's moves (they take its lock), stored as one
event, broadcast as a `table` event and shared with the other workers; the table's chat
then announces each (belle.server.table.chat). Refusals carry their notice
(belle.server.announcements): seats are numbered from 1 in every sentence.
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import TYPE_CHECKING

from belle.bots import BOT_NAMES
from belle.engine.record import new_state
from belle.server.announcements import Notice, notice, seats_shown
from belle.server.errors import ServerError
from belle.server.table.timekeeper import STAND_IN
from belle.storage import EMPTY_SEAT, Player, Seat, StoreError

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class Seating:
    """Who sits where, and who may change it."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    def may_manage(self, player: Player) -> bool:
        return self.actor.table.host_id == player.id

    async def join(self, player: Player, seat: int | None) -> None:
        actor = self.actor
        async with actor.command():
            self._require_open()
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
        actor = self.actor
        async with actor.command():
            index = actor.seat_of(player.id)
            if index is None:
                raise ServerError("not_seated", notice=notice("not_seated"))
            self._require_open()
            seats = list(actor.table.seats)
            seats[index] = EMPTY_SEAT
            await self.set_seats(seats)
            await actor.chat.announce(notice("left", name=player.name, seat=index + 1))

    async def add_bot(self, player: Player, spec: str, seat: int | None) -> None:
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            self._require_open()
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
            self._require_manager(player)
            self._require_open()
            self._check_index(seat)
            bot = actor.table.seats[seat]
            if bot.kind != "bot":
                raise ServerError("bad_options", notice=notice("no_bot_at", seat=seat + 1))
            seats = list(actor.table.seats)
            seats[seat] = EMPTY_SEAT
            await self.set_seats(seats)
            await actor.chat.announce(notice("bot_removed", bot=bot.bot or "", seat=seat + 1))

    async def kick(self, player: Player, seat: int) -> None:
        """The host sends a person away from a seat before the start, for good."""
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            self._require_open()
            self._check_index(seat)
            taken = actor.table.seats[seat]
            if taken.kind != "human" or taken.player_id is None:
                raise ServerError("bad_options", notice=notice("nobody_there", seat=seat + 1))
            if taken.player_id == player.id:
                raise ServerError("bad_options", notice=notice("kick_yourself"))
            seats = list(actor.table.seats)
            seats[seat] = EMPTY_SEAT
            banned = (*actor.table.banned, taken.player_id)
            await self.set_seats(seats, banned)
            await actor.chat.announce(notice("kicked", name=taken.name or "", host=player.name))

    async def hand_on(self, player: Player, seat: int) -> None:
        """The host hands the role to the person in `seat`."""
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            if actor.table.status not in ("open", "running"):
                raise ServerError("not_open", "this table is over: it has no host any more")
            self._check_index(seat)
            taken = actor.table.seats[seat]
            if taken.kind != "human" or taken.player_id is None \
                    or taken.player_id == player.id:
                raise ServerError("bad_options", notice=notice("hand_on_person"))
            host = actor.host
            n = await host.db.write(host.store.set_host, actor.id, taken.player_id)
            actor.changed(n, host_id=taken.player_id, host_name=taken.name)
            actor.events.table(n)
            actor.remote.share_table(n)
            await actor.chat.announce(notice("new_host", name=taken.name or ""))

    async def close_table(self, player: Player) -> None:
        """The host closes an open table: it leaves the lobby and the host's count of
        open tables; it never starts."""
        actor = self.actor
        async with actor.command():
            if not self.may_manage(player):
                raise ServerError("not_host", "only the table's host may close it")
            self._require_open()
            await self._close()
            await actor.chat.announce(notice("closed", name=player.name))

    async def expire(self) -> None:
        """Close an open table nobody has touched for long (belle.server.hub)."""
        async with self.actor.command():
            if self.actor.table.status == "open":
                await self._close()

    async def _close(self) -> None:
        actor = self.actor
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

    async def abort(self, player: Player) -> None:
        """Stop a game that some seated person has not moved in yet (abandoned): no
        result, no rating; it stops counting toward the host's tables."""
        actor = self.actor
        async with actor.command():
            if not self.may_manage(player) and actor.seat_of(player.id) is None:
                raise ServerError("not_seated", "only the host or a seated player may "
                                                "abort the game")
            if actor.table.status != "running" or actor.over:
                raise ServerError("not_ready", "only a game under way can be aborted")
            if self.everyone_moved():
                raise ServerError("not_ready", "everyone has moved already: the game "
                                               "can no longer be aborted (resign instead)")
            host = actor.host
            try:
                n = await host.db.write(host.store.abort_table, actor.id)
            except StoreError as exc:
                await actor.reload()
                raise ServerError("not_ready", "the game is no longer under way") from exc
            actor.changed(n, status="aborted")
            actor.bots.forget()
            await actor.timekeeper.follow()
            actor.events.table(n)
            actor.remote.share_table(n)
            await actor.chat.announce(notice("aborted", name=player.name))
            await host.finished(actor)

    def everyone_moved(self) -> bool:
        """Whether every seated person has made a move of their own."""
        actor = self.actor
        people = {i for i, s in enumerate(actor.table.seats) if s.kind == "human"}
        moved = {e.player for e in actor.entries if e.player in people}
        return bool(people) and moved == people

    async def resign(self, player: Player) -> None:
        """A seated person gives the game up: a bot plays their seat to the end."""
        actor = self.actor
        async with actor.command():
            index = actor.seat_of(player.id)
            if index is None:
                raise ServerError("not_seated", "you have no seat at this table")
            if actor.table.status != "running" or actor.over:
                raise ServerError("not_ready", "you can resign only during the game")
            seat = actor.table.seats[index]
            if seat.forfeited:
                return
            seats = list(actor.table.seats)
            seats[index] = dataclasses.replace(seat, forfeited=True, away=False,
                                               bot=seat.bot or STAND_IN)
            await self.set_seats(seats)
            await actor.chat.announce(notice("resigned", name=player.name))
            await actor.timekeeper.follow()
            await actor.host.reseated(actor)
            actor.bots.wake()

    async def start(self, player: Player, address: str | None = None) -> None:
        """The host starts a full table (`address`: theirs, for the bot-table cap)."""
        actor = self.actor
        async with actor.command():
            self._require_manager(player)
            self._require_open()
            empty = [i for i, s in enumerate(actor.table.seats) if s.kind == "empty"]
            if empty:
                raise ServerError("not_ready", notice=_empty_seats(empty))
            host = actor.host
            bots = any(s.kind == "bot" for s in actor.table.seats)
            if bots:
                await self._check_bot_tables(player, address)
            seed = secrets.randbits(63)
            n = await host.db.write(host.store.start_table, actor.id, seed)
            actor.changed(n, status="running", seed=seed)
            actor.state = new_state(actor.record())
            if bots and address is not None:
                host.bot_addresses[actor.id] = address
            actor.events.table(n)
            actor.remote.share_table(n)
            await actor.chat.announce(notice("started"))
            await actor.moves.advance()

    # -- checks ------------------------------------------------------------
    def _require_open(self) -> None:
        status = self.actor.table.status
        if status == "closed":
            raise ServerError("not_open", notice=notice("table_closed"))
        if status != "open":
            raise ServerError("not_open", notice=notice("game_started"))

    def _require_manager(self, player: Player) -> None:
        if not self.may_manage(player):
            raise ServerError("not_host", notice=notice("not_host"))

    async def _check_bot_tables(self, player: Player, address: str | None) -> None:
        """Bots cost CPU: a player, and an address (on this worker), may run
        `Limits.bot_tables` tables with bots at once."""
        host = self.actor.host
        most = host.limits.bot_tables
        if not most:
            return
        by_address = address is not None and host.running_bot_tables(address) >= most
        if by_address or await host.db.read(host.store.count_bot_tables, player.id) >= most:
            raise ServerError("too_many_tables", "you already run {most} games with bots: "
                                                 "finish one before starting another",
                              params={"most": most})

    def _check_index(self, seat: int) -> None:
        """`seat`: an index (from 0, as the protocol counts); the refusal counts from 1."""
        players = self.actor.table.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            shown = seat + 1 if isinstance(seat, int) else 0
            raise ServerError("bad_options", notice=notice("seat_range", last=players,
                                                           seat=shown))

    def _free_seat(self, seat: int | None, player: Player | None) -> int:
        seats = self.actor.table.seats
        if seat is None:
            for index, taken in enumerate(seats):
                if taken.kind == "empty":
                    return index
            raise ServerError("table_full", notice=notice("table_full"))
        self._check_index(seat)
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


def _empty_seats(indexes: list[int]) -> Notice:
    if len(indexes) == 1:
        return notice("seat_empty", seat=indexes[0] + 1)
    return notice("seats_empty", seats=seats_shown(indexes))

"""A table's host: the person who manages it — adds and removes bots, kicks a person
out before the start (they may not come back), starts it, closes it before the start.
A host who holds no seat lets anyone seated start the table as well.

The host is the table's creator until they hand the role to another seated person, or
leave their seat before the start while another person sits there: the role then
passes to the first of them by seat, so an open table never waits on someone who left
it. BGA's table admin works the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.storage import EMPTY_SEAT, Player

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class Hosting:
    """Who manages the table, and what only they may do to seats."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    def may_manage(self, player: Player) -> bool:
        return self.actor.table.host_id == player.id

    def require_manager(self, player: Player) -> None:
        if not self.may_manage(player):
            raise ServerError("not_host", notice=notice("not_host"))

    def may_start(self, player: Player) -> bool:
        """The host starts the table; while the host holds no seat, so may anyone seated
        (REQ-PP-1/2: the players who typed /join start the game with /start, and a table
        never waits on an organiser who does not play)."""
        if self.may_manage(player):
            return True
        table = self.actor.table
        seated = {s.player_id for s in table.seats if s.kind == "human"}
        return table.host_id not in seated and player.id in seated

    def require_starter(self, player: Player) -> None:
        if not self.may_start(player):
            raise ServerError("not_host", notice=notice("not_host"))

    async def kick(self, player: Player, seat: int) -> None:
        """The host sends a person away from a seat before the start, for good."""
        actor = self.actor
        async with actor.command():
            self.require_manager(player)
            actor.seats.require_open()
            actor.seats.check_index(seat)
            taken = actor.table.seats[seat]
            if taken.kind != "human" or taken.player_id is None:
                raise ServerError("bad_options", notice=notice("nobody_there", seat=seat + 1))
            if taken.player_id == player.id:
                raise ServerError("bad_options", notice=notice("kick_yourself"))
            seats = list(actor.table.seats)
            seats[seat] = EMPTY_SEAT
            banned = (*actor.table.banned, taken.player_id)
            await actor.seats.set_seats(seats, banned)
            await actor.chat.announce(notice("kicked", name=taken.name or "", host=player.name))

    async def hand_on(self, player: Player, seat: int) -> None:
        """The host hands the role to the person in `seat`."""
        actor = self.actor
        async with actor.command():
            self.require_manager(player)
            if actor.table.status not in ("open", "running"):
                raise ServerError("not_open", "this table is over: it has no host any more")
            actor.seats.check_index(seat)
            taken = actor.table.seats[seat]
            if taken.kind != "human" or taken.player_id is None \
                    or taken.player_id == player.id:
                raise ServerError("bad_options", notice=notice("hand_on_person"))
            await self._become_host(taken.player_id, taken.name or "")

    async def pass_on(self) -> bool:
        """The host left their seat of an open table (the caller holds the table's
        lock): the first person seated takes the role on. False when nobody sits there
        (the host keeps it, and may still close the table)."""
        actor = self.actor
        for seat in actor.table.seats:
            if seat.kind == "human" and seat.player_id is not None \
                    and seat.player_id != actor.table.host_id:
                await self._become_host(seat.player_id, seat.name or "")
                return True
        return False

    async def _become_host(self, player_id: int, name: str) -> None:
        actor = self.actor
        host = actor.host
        n = await host.db.write(host.store.set_host, actor.id, player_id)
        actor.changed(n, host_id=player_id, host_name=name)
        actor.events.table(n)
        actor.remote.share_table(n)
        await actor.chat.announce(notice("new_host", name=name))

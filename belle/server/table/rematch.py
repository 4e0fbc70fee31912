"""Rematch at a finished table (issue 14 item 8, issue 20's "play again with these
players"): a new table with the same players, options and clock.

This is the one way to play a finished table again. Each person who played clicks
Rematch once (`accept`; `withdraw` takes it back); bots come along. The first click is
an invitation: the other people who played hear of it in their lobby (`invited`; the
friends panel lists the offers waiting for them, belle.storage.rematches.offers_for) as
well as at the table. The acceptance that completes the set starts the new table,
already running with the same seats, in one storage transaction
(belle.storage.rematches), so a table has at most one rematch however many people click
at once. A private table's rematch is private, open to the same people. Nobody offers or
accepts a rematch that would seat them with someone who blocked them or whom they
blocked (belle.server.moderation.guard). Who starts
follows the game's own rule (belle.engine.rematch): the rematch's start-player draw is
forced to that seat (`Moves`), and stays in its log like any draw.

Members hear of each change as a chat line (belle.server.table.chat) and a `rematch`
message with who accepted (by seat) and the new table once it started; a `hello` at a
finished table is answered with it too. Other workers get it through `Host.share`.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from belle.engine.rematch import next_game
from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.server.ws.messages import dumps
from belle.storage import Player, Seat
from belle.storage.rematches import NewTable, Rematch

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor
    from belle.server.ws.connection import Connection


class Rematching:
    """The rematch of one table: what is known of it, accepting and withdrawing."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        self.known: Rematch | None = None  # read from storage once the game is over

    async def current(self) -> Rematch:
        if self.known is None:
            host = self.actor.host
            self.known = await host.db.read(host.store.rematches.get, self.actor.id)
        return self.known

    async def accept(self, player: Player) -> int | None:
        """`player` wants a rematch; the rematch's table once everyone does (else None)."""
        actor = self.actor
        async with actor.command():
            self._require_player(player)
            before = await self.current()
            if before.table is not None:
                return before.table
            host = actor.host
            people = frozenset(s.player_id for s in actor.setup.seats
                               if s.kind == "human" and s.player_id is not None)
            if player.id not in before.accepted:  # issue 20 item 7: no rematch with a block
                await host.guard.check_may_rematch(player, people)
            found, started = await host.db.write(host.store.rematches.accept, actor.id,
                                                 player.id, people, self._new_table())
            self.known = found
            if player.id not in before.accepted:
                said = "rematch_offered" if not before.accepted else "rematch_accepted"
                await actor.chat.announce(notice(said, name=player.name))
                self._invite(people - set(found.accepted), started)
            if found.table is not None and started:
                await actor.chat.announce(notice("rematch_started", table=found.table))
            self.tell()
        if found.table is not None and started:
            await self._start(found.table)
        return found.table

    async def withdraw(self, player: Player) -> None:
        actor = self.actor
        async with actor.command():
            self._require_player(player)
            before = await self.current()
            if player.id not in before.accepted or before.table is not None:
                return
            host = actor.host
            self.known = await host.db.write(host.store.rematches.withdraw, actor.id,
                                             player.id)
            await actor.chat.announce(notice("rematch_withdrawn", name=player.name))
            self.tell()

    # -- telling -----------------------------------------------------------
    def body(self) -> dict[str, Any]:
        """The `rematch` message: who accepted, by seat, and the new table (or null)."""
        known = self.known or Rematch()
        seats = [i for i, s in enumerate(self.actor.setup.seats)
                 if s.kind == "human" and s.player_id in known.accepted]
        return {"type": "rematch", "accepted": seats, "table": known.table}

    def tell(self) -> None:
        """Send the state to the members and the other workers."""
        actor = self.actor
        text = dumps(self.body())
        for conn in list(actor.members):
            conn.send(text)
        known = self.known or Rematch()
        actor.host.share({"table": actor.id, "kind": "rematch",
                          "accepted": list(known.accepted), "next": known.table})

    def followed(self, message: dict[str, Any]) -> None:
        """Another worker changed the rematch (belle.server.table.remote)."""
        accepted = tuple(int(p) for p in message.get("accepted", []))
        following = message.get("next")
        self.known = Rematch(accepted, int(following) if following is not None else None)
        text = dumps(self.body())
        for conn in list(self.actor.members):
            conn.send(text)

    async def send_state(self, conn: Connection) -> None:
        """After a `hello` at a finished table: the rematch as it stands."""
        if self.actor.setup.status != "finished":
            return
        await self.current()
        conn.send(dumps(self.body()))

    def _invite(self, waiting: frozenset[int], started: bool) -> None:
        """The people yet to accept hear of the offer in their lobby (the friends panel
        re-reads its invitations)."""
        if waiting and not started:
            self.actor.host.tell_players(waiting, {"type": "invited", "table": self.actor.id})

    # -- inside ------------------------------------------------------------
    def _require_player(self, player: Player) -> None:
        actor = self.actor
        if actor.setup.status != "finished" or actor.state is None:
            raise ServerError("not_ready", notice=notice("rematch_not_over"))
        if actor.seat_of(player.id) is None:
            raise ServerError("not_seated", notice=notice("rematch_not_player"))

    def _new_table(self) -> NewTable:
        actor = self.actor
        table = actor.setup
        assert actor.state is not None
        following = next_game(actor.state)
        people = [s.player_id for s in table.seats
                  if s.kind == "human" and s.player_id is not None]
        host = [table.host_id] if table.host_id is not None else []
        return NewTable(
            game=table.game, options=following.options, seats=[_again(s) for s in table.seats],
            mode=table.mode, host_id=table.host_id, clock=table.clock,
            seed=secrets.randbits(63), start_seat=following.start,
            private=table.private, members=tuple(dict.fromkeys([*host, *people])),
        )

    async def _start(self, table_id: int) -> None:
        """Open the rematch's table here: draw its setup, wake its bots, show it."""
        host = self.actor.host
        rematch = await host.actor(table_id)
        async with rematch.command():
            await rematch.chat.announce(notice("started"))
            await rematch.moves.advance()
        host.table_changed(rematch.table)


def _again(seat: Seat) -> Seat:
    """The seat at the rematch: the same person or bot, nobody away or forfeited."""
    if seat.kind == "bot":
        return Seat("bot", None, None, seat.bot)
    return Seat("human", seat.player_id, seat.name)

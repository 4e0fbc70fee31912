"""A table's life: the host starts it, or closes it before the start; an open table
nobody touches expires; a game some seated person has not moved in yet can be aborted.

An aborted game has no result and no rating, and stops counting toward its host's
limits, as lichess's abort does. Only tables that have not started count toward a
host's `Limits.max_open_tables` (and their address's `open_tables_per_address`,
belle.server.caps): a game under way is held up by no one for long — a clock, or a
claim after a long silence (belle.server.table.departures) — so it does not lock its
host out of creating another.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from belle.engine.record import new_state
from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.server.table.payloads import fewest_players
from belle.storage import Player, StoreError

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class Lifecycle:
    """Start, close, expiry and abort of one table."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def start(self, player: Player, address: str | None = None) -> None:
        """The host (or, while the host holds no seat, anyone seated: Hosting.may_start)
        starts the table (`address`: theirs, for the bot-table cap): a full one, or one
        with at least the game's fewest players seated, whose empty seats are then left out
        (REQ-PP-2: "/start" starts with the 2 to 4 who typed "/join")."""
        actor = self.actor
        async with actor.command():
            actor.hosting.require_starter(player)
            actor.seats.require_open()
            seats = actor.table.seats
            seated = [s for s in seats if s.kind != "empty"]
            fewest = fewest_players()[actor.table.game]
            if len(seated) < fewest:
                raise ServerError("not_ready", notice=notice(
                    "too_few_seated", fewest=fewest, seated=len(seated)))
            fewer = len(seated) < len(seats)
            host = actor.host
            bots = any(s.kind == "bot" for s in seated)
            if bots:
                await self._check_bot_tables(player, address)
            seed = secrets.randbits(63)
            n = await host.db.write(host.store.start_table, actor.id, seed,
                                    seated if fewer else None)
            shrunk = {"seats": seated, "players": len(seated)} if fewer else {}
            actor.changed(n, status="running", seed=seed, **shrunk)
            actor.state = new_state(actor.record())
            actor.departures.moved()  # the first mover's turn begins now
            if bots and address is not None:
                await host.started_bot_table(address, actor.id)
            actor.events.table(n)
            actor.remote.share_table(n)
            await actor.chat.announce(
                notice("started_fewer", players=len(seated)) if fewer else notice("started"))
            await actor.moves.advance()

    async def close_table(self, player: Player) -> None:
        """The host closes an open table: it leaves the lobby and the host's count of
        open tables; it never starts."""
        actor = self.actor
        async with actor.command():
            if not actor.hosting.may_manage(player):
                raise ServerError("not_host", "only the table's host may close it")
            actor.seats.require_open()
            await self._close()
            await actor.chat.announce(notice("closed", name=player.name))

    async def expire(self) -> None:
        """Close an open table nobody has touched for long (belle.server.table.janitor)."""
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
            if not actor.hosting.may_manage(player) and actor.seat_of(player.id) is None:
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

    async def _check_bot_tables(self, player: Player, address: str | None) -> None:
        """Bots cost CPU: a host, and an address, may run `Limits.bot_tables` tables with
        bots at once (the table's host is counted, whoever of the seated starts it)."""
        host = self.actor.host
        most = host.limits.bot_tables
        if not most:
            return
        by_address = address is not None and await host.running_bot_tables(address) >= most
        host_id = self.actor.table.host_id
        counted = player.id if host_id is None else host_id
        if by_address or await host.db.read(host.store.count_bot_tables, counted) >= most:
            raise ServerError("too_many_tables", "you already run {most} games with bots: "
                                                 "finish one before starting another",
                              params={"most": most})

"""The tournament director: sign-ups, the start, and each round's tables.

`Director` is a table listener (Hub.listeners): when a tournament's table finishes (or
is aborted), and it was the last of its round, the director pairs the next round
(belle.server.tournaments.pairing), opens its tables with the entries seated, starts
them, and after the last round marks the tournament finished. A round is claimed in the
database first (`Tournaments.claim_round`), so when two workers see the last tables end
together only one pairs it; `resume()` at start opens a claimed round whose tables a
stopped worker had not opened yet.

Tournament tables are hosted by the tournament's creator and count toward none of their
per-player caps: the tournament's own limits (`MAX_ENTRIES`, `MAX_BOTS`, unfinished
tournaments per creator) bound them instead.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import Counter

from belle.engine.record import new_state
from belle.server.hub import Hub
from belle.server.table.actor import TableActor
from belle.server.tournaments import pairing
from belle.server.tournaments.standings import OVER, standings
from belle.storage import Seat
from belle.storage.tournaments import Entry, Game, Tournament, Tournaments

log = logging.getLogger("belle.server.tournaments")

MAX_ENTRIES = 64
MAX_BOTS = 16
MAX_UNFINISHED = 3  # tournaments one player has created and not finished
MAX_ROUNDS = 20


class Director:
    """Runs every tournament of this hub's database."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = Tournaments(hub.store.engine)
        self._lock = asyncio.Lock()  # one round change at a time on this worker

    # -- the listener --------------------------------------------------------
    async def progressed(self, actor: TableActor) -> None:
        """Nothing: standings change only when a table ends."""

    async def finished(self, actor: TableActor) -> None:
        found = await self.hub.db.read(self.store.of_table, actor.id)
        if found is not None:
            await self.advance(found[0])

    # -- rounds --------------------------------------------------------------
    async def start(self, tournament: Tournament) -> None:
        """Fix the rounds (round robin: its schedule's length) and open round 1."""
        entries = await self.hub.db.read(self.store.entries, tournament.id)
        rounds = tournament.rounds
        if tournament.system == "round_robin":
            rounds = len(pairing.round_robin([e.id for e in entries], tournament.table_size))
        async with self._lock:
            if await self.hub.db.write(self.store.claim_round, tournament.id, 0, rounds):
                await self._open_round(tournament.id)

    async def advance(self, tournament_id: int) -> None:
        """Open the next round once every table of this one is over; finish after the last."""
        async with self._lock:
            tournament = await self.hub.db.read(self.store.get, tournament_id)
            if tournament is None or tournament.status != "running":
                return
            games = await self.hub.db.read(self.store.games, tournament_id)
            current = [g for g in games if g.round == tournament.round]
            if not current:  # claimed, never opened (a worker stopped in between)
                await self._open_round(tournament_id)
                return
            if any(g.table_id is not None and g.status not in OVER for g in current):
                return
            if tournament.round >= tournament.rounds:
                await self.hub.db.write(self.store.finish, tournament_id)
                return
            if await self.hub.db.write(self.store.claim_round, tournament_id, tournament.round):
                await self._open_round(tournament_id)

    async def resume(self) -> None:
        """At start: every running tournament goes on (a round left half-opened, a round
        whose last table ended while no worker listened)."""
        for tournament in await self.hub.db.read(self.store.running):
            try:
                await self.advance(tournament.id)
            except Exception:
                log.exception("tournament %s could not be resumed", tournament.id)

    async def _open_round(self, tournament_id: int) -> None:
        tournament = await self.hub.db.read(self.store.get, tournament_id)
        assert tournament is not None
        entries = await self.hub.db.read(self.store.entries, tournament_id)
        games = await self.hub.db.read(self.store.games, tournament_id)
        tables, byes = self.pairings(tournament, entries, games)
        by_id = {e.id: e for e in entries}
        number = tournament.round
        for entry in byes:
            await self.hub.db.write(self.store.add_game, tournament_id, number, None, [entry])
        for table in tables:
            await self._open_table(tournament, number, [by_id[e] for e in table])

    @staticmethod
    def pairings(tournament: Tournament, entries: list[Entry],
                 games: list[Game]) -> pairing.Round:
        """The tables and byes of the tournament's current round."""
        ids = [e.id for e in entries]
        if tournament.system == "round_robin":
            schedule = pairing.round_robin(ids, tournament.table_size)
            return schedule[tournament.round - 1]
        played = [g for g in games if g.round < tournament.round]
        met = pairing.met_pairs(g.entries for g in played if g.table_id is not None)
        byes = Counter(e for g in played if g.table_id is None for e in g.entries)
        order = [s.entry.id for s in standings(entries, played)]
        return pairing.swiss(order, tournament.table_size, met, byes)

    async def _open_table(self, tournament: Tournament, number: int,
                          seated: list[Entry]) -> None:
        """A table with the entries in their seats, started at once."""
        hub = self.hub
        table = await hub.db.write(
            hub.store.create_table, tournament.game, tournament.options, len(seated),
            tournament.mode, tournament.created_by, tournament.clock)
        await hub.db.write(self.store.add_game, tournament.id, number, table.id,
                           [e.id for e in seated])
        actor = await hub.actor(table.id)
        seats = [Seat("human", e.player_id, e.name) if e.player_id is not None
                 else Seat("bot", None, None, e.bot) for e in seated]
        async with actor.command():
            await actor.seats.set_seats(seats)
            seed = secrets.randbits(63)
            n = await hub.db.write(hub.store.start_table, actor.id, seed)
            actor.changed(n, status="running", seed=seed)
            actor.state = new_state(actor.record())
            actor.events.table(n)
            actor.remote.share_table(n)
            await actor.moves.advance()

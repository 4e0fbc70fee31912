"""The table listener that records every person's result when a table ends and rates
the game when it is rated (belle.server.ratings.model) and every person at it is
registered: a guest name costs nothing, so two guests could otherwise farm the
leaderboard (lichess rates only accounts too). Guests' results are still listed."""

from __future__ import annotations

from belle.server.ratings.model import Ratings, is_rated, placements
from belle.server.table.actor import TableActor
from belle.storage import RatingBook


class RatingListener:
    """A `TableListener`: records results and rates rated games when a table ends."""

    def __init__(self, book: RatingBook, ratings: Ratings) -> None:
        self.book = book
        self.ratings = ratings

    async def progressed(self, actor: TableActor) -> None:
        return None

    async def finished(self, actor: TableActor) -> None:
        table = actor.table
        found = placements(table)
        if not found:
            return
        rated = is_rated(table.seats) and await self._all_registered(actor)
        rater = self.ratings if rated else None
        await actor.host.db.write(self.book.record_results, table.id, table.game, found, rater)

    async def _all_registered(self, actor: TableActor) -> bool:
        db = actor.host.db
        for seat in actor.table.seats:
            if seat.player_id is None:
                return False
            player = await db.read(db.store.get_player, seat.player_id)
            if player is None or not player.registered:
                return False
        return True

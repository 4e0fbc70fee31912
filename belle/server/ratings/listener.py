"""The table listener that records every person's result when a table ends and rates
the game when it is rated (belle.server.ratings.model)."""

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
        rater = self.ratings if is_rated(table.seats) else None
        await actor.host.db.write(self.book.record_results, table.id, table.game, found, rater)

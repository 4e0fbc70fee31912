"""Each person's result at a table that ends, stored with its end, and the rating of the
game when it is rated (belle.server.ratings.model) and every person at it is
registered: a guest name costs nothing, so two guests could otherwise farm the
leaderboard (lichess rates only accounts too). Guests' results are still listed.

`ResultRecorder.writes` gives the hub (`Hub.store_end`) the writes to make in the very
transaction that stores the table's end (`Store.finish_table(..., also=...)`): the
"over" event is broadcast only once that transaction is committed, so a player who sees
the end can read their statistics and rating at once, on every worker, and a crash
keeps either the end with its results or neither (the table then ends again when it is
rebuilt, belle.server.table.recovery).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Connection

from belle.server.ratings.model import Ratings, is_rated, placements
from belle.server.table.actor import TableActor
from belle.storage import RatingBook


class ResultRecorder:
    """The results (and ratings) of a table's people, written with the table's end."""

    def __init__(self, book: RatingBook, ratings: Ratings) -> None:
        self.book = book
        self.ratings = ratings

    async def writes(self, actor: TableActor,
                     outcome: Mapping[str, Any]) -> Callable[[Connection], object] | None:
        """What to write, in the end's transaction, when `actor`'s table ends with
        `outcome`; None when no person sits there (or the outcome has no ranking)."""
        table = dataclasses.replace(actor.table, result=dict(outcome))
        found = placements(table)
        if not found:
            return None
        rated = is_rated(table.seats) and await self._all_registered(actor)
        rater = self.ratings if rated else None
        return self.book.recorder(table.id, table.game, found, rater)

    async def _all_registered(self, actor: TableActor) -> bool:
        db = actor.host.db
        for seat in actor.table.seats:
            if seat.player_id is None:
                return False
            player = await db.read(db.store.get_player, seat.player_id)
            if player is None or not player.registered:
                return False
        return True

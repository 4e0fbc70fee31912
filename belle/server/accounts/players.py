"""The players this worker has looked up, by id (a name or password change forgets one)."""

from __future__ import annotations

from belle.server.database import Database
from belle.storage import Player


class Players:
    """A read-through cache of `Player` rows."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._known: dict[int, Player] = {}

    async def get(self, player_id: int | None) -> Player | None:
        if player_id is None:
            return None
        player = self._known.get(player_id)
        if player is None:
            player = await self.db.read(self.db.store.get_player, player_id)
            if player is not None:
                self._known[player_id] = player
        return player

    def forget(self, player_id: int) -> None:
        self._known.pop(player_id, None)

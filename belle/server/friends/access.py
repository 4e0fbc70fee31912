"""Who may see and join a table (issue 20).

A public table is everyone's. A private table exists only for its members
(belle.storage.friends): to anyone else every route answers as for a table that does not
exist (`not_found`, the same words), so neither its game nor its players nor its
existence leak — not through the lobby, its socket, `/api/tables`, a table's page, its
replay, a story, a player page or presence. A member joins as at any table; a
non-member cannot sit even knowing the number (`/join 12` in the lobby chat included).

The one place that decides is `Access`; a block (issue 20 item 7) adds its refusals
through belle.server.moderation.guard: to a seat (`Seats.join`), to an invitation by name
(belle.server.friends.invites), to a rematch (belle.server.table.rematch) and to a follow
(belle.server.http.friends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.server.errors import ServerError
from belle.storage import Player, TableRecord

if TYPE_CHECKING:
    from belle.server.hub import Hub


def no_such_table(table_id: int) -> ServerError:
    """The refusal for a table one may not know of (what a missing table gets)."""
    return ServerError("not_found", "there is no table {table}", params={"table": table_id})


class Access:
    """Privacy checks, each at most one indexed query."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def is_member(self, table_id: int, player_id: int | None) -> bool:
        if player_id is None:
            return False
        hub = self.hub
        return await hub.db.read(hub.friends.book.is_member, table_id, player_id)

    async def may_see(self, table: TableRecord, player: Player | None) -> bool:
        if not table.private:
            return True
        return await self.is_member(table.id, player.id if player is not None else None)

    async def require_visible(self, table: TableRecord, player: Player | None) -> None:
        """ServerError `not_found` unless `player` may see the table."""
        if not await self.may_see(table, player):
            raise no_such_table(table.id)

    async def check_sit(self, table: TableRecord, player: Player) -> None:
        """ServerError unless `player` may take a seat at the table (its lock is held)."""
        if table.private and not await self.is_member(table.id, player.id):
            raise no_such_table(table.id)

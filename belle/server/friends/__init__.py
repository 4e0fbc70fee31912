"""Playing with friends (issue 20): private tables and invitations, follows and presence,
the story of a finished game, player statistics and learning by playing. ("Play again
with these players" is the rematch: belle.server.table.rematch.)

`Friends` holds the parts one hub shares (`hub.friends`): the database side
(belle.storage.friends.FriendsBook), who may see a table (`access`), invitations,
the messages for some lobby sockets only (`personal`), presence, and the stories of
finished games. The HTTP routes are in belle.server.http.friends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.server.friends.access import Access
from belle.server.friends.invites import Invitations
from belle.server.friends.personal import Personal
from belle.server.friends.presence import Presence
from belle.server.friends.stories import Stories
from belle.storage.friends import FriendsBook

if TYPE_CHECKING:
    from belle.server.hub import Hub


class Friends:
    """The friends features of one hub."""

    def __init__(self, hub: Hub, secret: str) -> None:
        self.book = FriendsBook(hub.store)
        self.access = Access(hub)
        self.invitations = Invitations(hub, secret)
        self.personal = Personal(hub)
        self.presence = Presence(hub)
        self.stories = Stories(hub)

    async def start(self) -> None:
        await self.presence.start()

    async def close(self) -> None:
        await self.presence.stop()
        await self.personal.close()
        self.stories.close()

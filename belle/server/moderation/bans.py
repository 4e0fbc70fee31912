"""A ban takes effect at once: the banned player's open websockets are closed and their
sessions stop identifying them, on every worker.

- On the worker where the operator banned (`/api/admin/players/{name}`), `banned_here`
  notes the ban in the Guard, closes the player's sockets (lobby and tables) and
  publishes `{"lobby": true, "kind": "banned", "player": id}` through the fan-out;
  each other worker notes it and closes the sockets it holds (`remote`).
- A ban written straight to the database (`belle admin ban`, which does not talk to the
  servers) is found by each worker's Guard at its next refresh (every
  `guard.REFRESH_SECONDS`), which closes the sockets of every newly banned player
  (`Guard.on_banned`).

A socket is closed with `BANNED_CLOSE` (4403) and the reason `"banned"`: the browser
stops reconnecting and says why. A reconnect with the banned player's cookie gets the
same close at once (belle.server.ws.sockets). Sessions are kept, so an unban restores
them; while banned they identify no one (belle.server.accounts.identities).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from belle.server.ws.connection import Connection

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server.moderation")
BANNED_CLOSE = 4403  # a websocket close code of the application range (4000–4999)
BANNED_REASON = "banned"


class Bans:
    """Cutting banned players off, here and on the other workers."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def banned_here(self, player_id: int) -> None:
        """The operator banned `player_id` on this worker (the ban is stored)."""
        self.hub.guard.note_banned(player_id)
        self.cut([player_id])
        self.hub.share({"lobby": True, "kind": "banned", "player": player_id})

    def remote(self, message: dict[str, Any]) -> None:
        """Another worker's ban."""
        player_id = message.get("player")
        if isinstance(player_id, int) and not isinstance(player_id, bool):
            self.hub.guard.note_banned(player_id)
            self.cut([player_id])

    def cut(self, player_ids: Collection[int]) -> int:
        """Close every socket of those players on this worker; how many were closed."""
        ids = set(player_ids)
        if not ids:
            return 0
        hub = self.hub
        for player_id in ids:
            hub.identities.forget(player_id)
        sockets: list[Connection] = [c for c in hub.lobby.members if c.player_id in ids]
        for actor in list(hub.actors.values()):
            sockets.extend(c for c in actor.members if c.player_id in ids)
        for conn in sockets:
            conn.end(BANNED_CLOSE, BANNED_REASON)
        if sockets:
            log.info("closed %d sockets of banned players %s", len(sockets), sorted(ids))
        return len(sockets)

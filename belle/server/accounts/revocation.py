"""A revoked session stops acting at once, open websockets included, on every worker.

A socket is identified once, when it opens; without this a socket opened before a
logout (or a password change elsewhere) would go on moving and chatting as the player.
So, as a ban does (belle.server.moderation.bans):

- logging out closes the sockets opened with that session;
- "log out everywhere" closes every socket of the player; a password change every
  socket of the player but those of the session that changed it (it stays signed in);
- each is published through the fan-out as `{"lobby": true, "kind": "revoked",
  "player": id, "session": hash | null, "keep": hash | null}`, and each other worker
  forgets the player's cached sessions (belle.server.accounts.identities) and closes
  the same sockets.

A socket is closed with `SIGNED_OUT_CLOSE` (4401) and the reason `"signed_out"`: the
browser reloads the page, which then shows who its cookie names now (nobody, after a
logout). A copy of the cookie opens only a spectator's socket afterwards.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from belle.server.ws.connection import Connection

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server.accounts")
SIGNED_OUT_CLOSE = 4401  # a websocket close code of the application range (4000–4999)
SIGNED_OUT_REASON = "signed_out"


class Revocations:
    """Cutting off the sockets of revoked sessions, here and on the other workers."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def session(self, player_id: int, token_hash: str) -> int:
        """One session ended (logout): close its sockets everywhere; how many here."""
        return self._revoke({"player": player_id, "session": token_hash, "keep": None})

    def player(self, player_id: int, keep: str | None = None) -> int:
        """Every session of the player ended but `keep` (a token hash): close their
        sockets everywhere; how many here."""
        return self._revoke({"player": player_id, "session": None, "keep": keep})

    def remote(self, message: dict[str, Any]) -> None:
        """Another worker's revocation."""
        player_id = message.get("player")
        if not isinstance(player_id, int) or isinstance(player_id, bool):
            return
        session, keep = message.get("session"), message.get("keep")
        self.cut(player_id, session if isinstance(session, str) else None,
                 keep if isinstance(keep, str) else None)

    def _revoke(self, what: dict[str, Any]) -> int:
        closed = self.cut(what["player"], what["session"], what["keep"])
        self.hub.share({"lobby": True, "kind": "revoked", **what})
        return closed

    def cut(self, player_id: int, session: str | None, keep: str | None) -> int:
        """Forget the player's cached sessions on this worker and close the sockets of
        `session` (None: of every session of the player but `keep`)."""
        self.hub.identities.forget(player_id)

        def revoked(conn: Connection) -> bool:
            if conn.player_id != player_id:
                return False
            if session is not None:
                return conn.session == session
            return keep is None or conn.session != keep

        sockets = [conn for conn in self.hub.connections() if revoked(conn)]
        for conn in sockets:
            conn.end(SIGNED_OUT_CLOSE, SIGNED_OUT_REASON)
        if sockets:
            log.info("closed %d sockets of revoked sessions of player %s", len(sockets),
                     player_id)
        return len(sockets)

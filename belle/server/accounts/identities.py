"""Who a cookie signs in: server-side sessions looked up (and briefly cached), created
and revoked.

A session's player is cached on this worker for `CACHE_SECONDS`, so a page's requests
and sockets cost one database read. A revoked session stops working at once on every
worker: the one that revoked it publishes the revocation, and each worker drops the
player's cached sessions and closes their sockets (belle.server.accounts.revocation);
the cache's window only matters when that message is lost (Redis down).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from belle.server.accounts.players import Players
from belle.server.accounts.sessions import Legacy, Sessions, Token
from belle.server.database import Database
from belle.storage import Player

CACHE_SECONDS = 5.0
MAX_CACHED = 50_000


@dataclass(frozen=True, slots=True)
class Identity:
    """The player a request or socket speaks for, and the session it came with (None:
    an old-style cookie, to be exchanged for a session)."""

    player: Player
    token: Token | None


class Identities:
    """Sessions by cookie, for routes and sockets."""

    def __init__(self, db: Database, players: Players, sessions: Sessions) -> None:
        self.db = db
        self.players = players
        self.sessions = sessions
        self._cache: dict[str, tuple[int, float]] = {}  # token hash → (player, until)
        # Whether a player may not be signed in (banned: belle.server.moderation.guard).
        self.refuse: Callable[[int], bool] = lambda _player_id: False

    async def identify(self, cookie: str | None) -> Identity | None:
        found = await self._identify(cookie)
        if found is not None and self.refuse(found.player.id):
            return None
        return found

    async def identity_or_refused(self, cookie: str | None) -> tuple[Identity | None, bool]:
        """The cookie's identity, or (None, True) when that player may not be signed in
        (banned), so a socket can say why it is closed."""
        found = await self._identify(cookie)
        if found is None:
            return None, False
        if self.refuse(found.player.id):
            return None, True
        return found, False

    async def _identify(self, cookie: str | None) -> Identity | None:
        found = self.sessions.read(cookie)
        if isinstance(found, Legacy):
            player = await self.players.get(found.player_id)
            if player is None or player.registered or not player.legacy_cookie:
                return None
            return Identity(player, None)
        if found is None:
            return None
        player_id = await self._session_player(found)
        player = await self.players.get(player_id)
        return Identity(player, found) if player is not None else None

    async def _session_player(self, token: Token) -> int | None:
        cached = self._cache.get(token.hash)
        if cached is not None and cached[1] > time.monotonic():
            return cached[0]
        player_id = await self.db.read(self.db.store.sessions.player, token.hash)
        if player_id is None:
            self._cache.pop(token.hash, None)
            return None
        if len(self._cache) >= MAX_CACHED:
            self._cache.clear()
        self._cache[token.hash] = (player_id, time.monotonic() + CACHE_SECONDS)
        return player_id

    async def player(self, cookie: str | None) -> Player | None:
        identity = await self.identify(cookie)
        return identity.player if identity is not None else None

    async def sign_in(self, player_id: int) -> tuple[str, Token]:
        """A new session for the player: the cookie value to set, and its token."""
        cookie, token = self.sessions.new()
        await self.db.write(self.db.store.sessions.create, token.hash, player_id)
        self.players.forget(player_id)  # legacy_cookie changed
        return cookie, token

    async def sign_out(self, token: Token) -> None:
        self._cache.pop(token.hash, None)
        await self.db.write(self.db.store.sessions.end, token.hash)

    async def sign_out_everywhere(self, player_id: int) -> None:
        await self.db.write(self.db.store.sessions.end_all, player_id)
        self.forget(player_id)

    def forget(self, player_id: int) -> None:
        """Drop what this worker remembers of the player's sessions (they changed)."""
        for key, (owner, _until) in list(self._cache.items()):
            if owner == player_id:
                del self._cache[key]
        self.players.forget(player_id)

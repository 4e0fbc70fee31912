"""The session cookie: a signed random token whose hash names a server-side session.

Signing in (or picking a guest name) creates a row in `sessions` (belle.storage) and
sets the cookie `belle_session` to the token, signed with the server secret
(itsdangerous, so a forged cookie costs no database read), HttpOnly, SameSite=Lax and
Secure over HTTPS. Logging out deletes the row: a copy of the cookie is worth nothing
after it; so does a password change (every other session of that player) and "log out
everywhere". Only the hash of a token is stored: a copy of the database signs no one in.

Cookies of the old kind (the signed player id, before server-side sessions) are read
as `Legacy`: honoured for a guest until they get a session (belle.server.accounts.
identities), never for a registered player, who signs in again.

The secret comes from `BELLE_SECRET_KEY` (or `BELLE_SECRET`), the `secret` argument, or
the database (generated once), so restarts keep everyone signed in.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "belle_session"
COOKIE_MAX_AGE = 365 * 24 * 3600


@dataclass(frozen=True, slots=True)
class Token:
    """A session cookie's token, by the hash it is stored under."""

    hash: str


@dataclass(frozen=True, slots=True)
class Legacy:
    """An old-style cookie: the player id it was signed for."""

    player_id: int


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Sessions:
    """Signs and reads the session cookie's value."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="belle-session")

    def new(self) -> tuple[str, Token]:
        """A fresh cookie value and the token it carries."""
        token = secrets.token_urlsafe(32)
        return self._serializer.dumps({"s": token}), Token(token_hash(token))

    def token(self, player_id: int) -> str:
        """An old-style cookie value (a signed player id): for tests of the upgrade."""
        return self._serializer.dumps({"p": player_id})

    def read(self, cookie: str | None) -> Token | Legacy | None:
        """What a valid cookie carries; None for a missing, forged or expired one."""
        if not cookie:
            return None
        try:
            data = self._serializer.loads(cookie, max_age=COOKIE_MAX_AGE)
        except BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        token, player = data.get("s"), data.get("p")
        if isinstance(token, str):
            return Token(token_hash(token))
        if isinstance(player, int) and not isinstance(player, bool):
            return Legacy(player)
        return None

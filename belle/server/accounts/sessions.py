"""The signed session cookie.

A guest picks a name and plays at once; the cookie `belle_session` holds their player
id, signed with the server secret (itsdangerous), HttpOnly and SameSite=Lax. The
secret comes from `BELLE_SECRET`, the `secret` argument, or the database (generated
once), so restarts keep everyone signed in.
"""

from __future__ import annotations

from collections.abc import Mapping

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "belle_session"
COOKIE_MAX_AGE = 365 * 24 * 3600


class Sessions:
    """Signs and reads the session cookie's value: the player id."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="belle-session")

    def token(self, player_id: int) -> str:
        return self._serializer.dumps({"p": player_id})

    def player_id(self, token: str | None) -> int | None:
        """The player id in a valid token; None for a missing, forged or expired one."""
        if not token:
            return None
        try:
            data = self._serializer.loads(token, max_age=COOKIE_MAX_AGE)
        except BadSignature:
            return None
        player = data.get("p") if isinstance(data, dict) else None
        return player if isinstance(player, int) and not isinstance(player, bool) else None

    def from_cookies(self, cookies: Mapping[str, str]) -> int | None:
        return self.player_id(cookies.get(COOKIE))

"""Identity: player names, the signed session cookie, and argon2 password hashes.

A guest picks a name and plays at once; the cookie `belle_session` holds their player
id, signed with the server secret (itsdangerous), HttpOnly and SameSite=Lax. A name
claimed with a password needs it to be picked again. The secret comes from
`BELLE_SECRET`, the `secret` argument, or the database (generated once), so restarts
keep everyone signed in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from belle.server.errors import ServerError

COOKIE = "belle_session"
COOKIE_MAX_AGE = 365 * 24 * 3600
NAME_PATTERN = re.compile(r"[^\W_]|[ _.\-]")  # letters, digits, space, _-.
MAX_NAME = 24
MIN_PASSWORD, MAX_PASSWORD = 4, 256

_hasher = PasswordHasher()


def check_name(raw: object) -> str:
    """The name to use, or ServerError("bad_name") saying what names may be."""
    if not isinstance(raw, str):
        raise ServerError("bad_name", "a name is text")
    name = " ".join(raw.split())
    if not 1 <= len(name) <= MAX_NAME or not all(NAME_PATTERN.fullmatch(ch) for ch in name):
        raise ServerError(
            "bad_name",
            f"a name has 1–{MAX_NAME} characters: letters, digits, spaces and _ - .",
        )
    return name


def check_password(raw: object) -> str:
    if not isinstance(raw, str) or not MIN_PASSWORD <= len(raw) <= MAX_PASSWORD:
        raise ServerError(
            "bad_password", f"a password has {MIN_PASSWORD}–{MAX_PASSWORD} characters"
        )
    try:
        raw.encode()
    except UnicodeEncodeError as exc:  # a lone surrogate (from a \\u escape): not text
        raise ServerError("bad_password", "a password is valid Unicode text") from exc
    return raw


def hash_password(password: str) -> str:
    """argon2id hash (slow on purpose: call it from a worker thread)."""
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError, UnicodeEncodeError):
        return False


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

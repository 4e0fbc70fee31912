"""Passwords: what a password may be, and its argon2id hash.

Hashing is slow on purpose: call `hash_password` and `verify_password` from a worker
thread, never on the event loop.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from belle.server.errors import ServerError

MIN_PASSWORD, MAX_PASSWORD = 4, 256

_hasher = PasswordHasher()


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

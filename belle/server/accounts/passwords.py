"""Passwords: what a password may be, and its argon2id hash.

Hashing is slow on purpose: the server calls `hash_password` and `verify_password`
through a `PasswordPool`, never on the event loop nor on the DB threads.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from belle.server.errors import ServerError

MIN_PASSWORD, MAX_PASSWORD = 4, 256
T = TypeVar("T")

_hasher = PasswordHasher()


def check_password(raw: object) -> str:
    if not isinstance(raw, str) or not MIN_PASSWORD <= len(raw) <= MAX_PASSWORD:
        raise ServerError(
            "bad_password", "a password has {least}–{most} characters",
            params={"least": MIN_PASSWORD, "most": MAX_PASSWORD},
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


class PasswordPool:
    """argon2 on threads of its own, a bounded number of jobs at a time.

    Hashing costs tens of milliseconds of CPU and memory on purpose; on the DB threads a
    few guessing clients would hold up every read. Here at most `workers` run and
    `waiting` more wait; one more is refused at once (`rate_limited`), so guessing costs
    the server a bounded share of its CPU whatever its rate.
    """

    def __init__(self, workers: int = 1, waiting: int = 8) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="belle-argon2")
        self.most = workers + waiting
        self.busy = 0

    async def hash(self, password: str) -> str:
        return await self._run(hash_password, password)

    async def verify(self, password_hash: str, password: str) -> bool:
        return await self._run(verify_password, password_hash, password)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.busy >= self.most:
            raise ServerError("rate_limited", "the server is busy checking passwords: try "
                                              "again in a few seconds")
        self.busy += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, functools.partial(fn, *args))
        finally:
            self.busy -= 1

    def close(self) -> None:
        self.executor.shutdown(wait=True)

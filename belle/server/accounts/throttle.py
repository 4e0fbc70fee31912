"""Password guessing throttled per account and per address, as lichess does.

Every attempt at a name kept with a password spends a token of that account's bucket
and of the client address's; with either empty the attempt is refused (`rate_limited`,
with the seconds to wait) before any hash is checked. A right password refills nothing:
the owner who mistypes a few times waits a minute at most, a guesser gets a few
attempts a minute per account, however many addresses they use, and a few per address,
however many accounts they try. With several workers the counts are shared through
Redis, so N workers allow what one does.
"""

from __future__ import annotations

import math

from belle.server.errors import ServerError
from belle.server.quotas import RedisQuotas, SharedLimiter

ACCOUNT_PER_MINUTE, ACCOUNT_BURST = 3.0, 10
ADDRESS_PER_MINUTE, ADDRESS_BURST = 10.0, 30


class LoginThrottle:
    """Password attempts by account and by address: this worker's token buckets, or
    every worker's fixed windows in Redis (`shared`, belle.server.quotas)."""

    def __init__(self, shared: RedisQuotas | None = None,
                 account_per_minute: float = ACCOUNT_PER_MINUTE,
                 account_burst: int = ACCOUNT_BURST,
                 address_per_minute: float = ADDRESS_PER_MINUTE,
                 address_burst: int = ADDRESS_BURST) -> None:
        self.accounts = SharedLimiter("login-p", account_per_minute / 60.0, account_burst,
                                      shared)
        self.addresses = SharedLimiter("login-a", address_per_minute / 60.0, address_burst,
                                       shared)

    async def attempt(self, account: str, address: str) -> None:
        """Spend one attempt, or raise `rate_limited` saying how long to wait."""
        wait = max(await self.accounts.take(account.casefold()),
                   await self.addresses.take(address))
        if wait > 0:
            raise ServerError("rate_limited", "too many password attempts: try again in "
                                              "{seconds} s",
                              params={"seconds": max(1, math.ceil(wait))})

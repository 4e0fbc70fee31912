"""Password guessing throttled per account and per address, as lichess does.

Every attempt at a name kept with a password spends a token of that account's bucket
and of the client address's; with either empty the attempt is refused (`rate_limited`,
with the seconds to wait) before any hash is checked. A right password refills nothing:
the owner who mistypes a few times waits a minute at most, a guesser gets a few
attempts a minute per account, however many addresses they use, and a few per address,
however many accounts they try.
"""

from __future__ import annotations

import math

from belle.server.errors import ServerError
from belle.server.http.ratelimit import RateLimiter

ACCOUNT_PER_MINUTE, ACCOUNT_BURST = 3.0, 10
ADDRESS_PER_MINUTE, ADDRESS_BURST = 10.0, 30


class LoginThrottle:
    """Token buckets of password attempts, by account and by address (per worker)."""

    def __init__(self, account_per_minute: float = ACCOUNT_PER_MINUTE,
                 account_burst: int = ACCOUNT_BURST,
                 address_per_minute: float = ADDRESS_PER_MINUTE,
                 address_burst: int = ADDRESS_BURST) -> None:
        self.accounts = RateLimiter(account_per_minute, account_burst)
        self.addresses = RateLimiter(address_per_minute, address_burst)

    def attempt(self, account: str, address: str) -> None:
        """Spend one attempt, or raise `rate_limited` saying how long to wait."""
        wait = max(self.accounts.take(account.casefold()), self.addresses.take(address))
        if wait > 0:
            raise ServerError("rate_limited", "too many password attempts: try again in "
                                              "{seconds} s",
                              params={"seconds": max(1, math.ceil(wait))})

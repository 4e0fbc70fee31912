"""Who may open a socket and say `hello`: caps per client address and per player.

A `hello` is the costly message: it answers a full `sync` (a table's view and log, or
the lobby's table list). Each socket has its own hello bucket, and every socket of one
address, or of one player, shares another: a flood of sockets from one address (or
signed in as one player) gets at most `address_hellos_per_second` syncs a second in
all, and is refused `rate_limited` beyond. Open sockets are counted the same two ways
and one over the cap is closed at once (1008, policy). lila-ws limits sockets and
messages per address and per user the same way.

Everything here is per worker and in memory (the buckets are those of the HTTP rate
limit, bounded in number).
"""

from __future__ import annotations

from collections import Counter

from belle.server.http.ratelimit import RateLimiter
from belle.server.limits import Limits


class Admission:
    """Open sockets and hello buckets per address and per player."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._sockets: Counter[str] = Counter()
        self._address_hellos = _limiter(limits.address_hellos_per_second, limits.hello_burst)
        self._player_hellos = _limiter(limits.player_hellos_per_second, limits.hello_burst)

    def open(self, address: str, player_id: int | None) -> bool:
        """Count a new socket; False (not counted) when it would pass a cap."""
        keys = [f"a:{address}"] + ([f"p:{player_id}"] if player_id is not None else [])
        caps = [self.limits.sockets_per_address, self.limits.sockets_per_player]
        if any(0 < cap <= self._sockets[key] for key, cap in zip(keys, caps, strict=False)):
            return False
        self._sockets.update(keys)
        return True

    def close(self, address: str, player_id: int | None) -> None:
        keys = [f"a:{address}"] + ([f"p:{player_id}"] if player_id is not None else [])
        for key in keys:
            self._sockets[key] -= 1
            if self._sockets[key] <= 0:
                del self._sockets[key]

    def hello(self, address: str, player_id: int | None) -> bool:
        """Whether one more hello of this address (and player) may be answered now."""
        if self._address_hellos is not None and self._address_hellos.take(address) > 0:
            return False
        if player_id is not None and self._player_hellos is not None:
            return self._player_hellos.take(str(player_id)) <= 0
        return True


def _limiter(per_second: float, burst: int) -> RateLimiter | None:
    return RateLimiter(per_second * 60.0, max(1, burst)) if per_second > 0 else None

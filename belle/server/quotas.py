"""Counters that per-address and per-account caps share: in memory for one worker, in
Redis when there are several (`BELLE_REDIS_URL`), so N workers allow what one does.

Three shapes, each in memory (`MemoryQuotas`, or the caller's own counters) and in
Redis (`RedisQuotas`):

- `spend(key, most, window)`: a fixed window — at most `most` events of `key` per
  window of `window` seconds, the window starting at the key's first event (new names
  per address an hour, password attempts, hellos, confirmation e-mails). A refused event
  is not counted. Fixed windows let a burst of 2×`most` straddle a window's end; a cap
  is a ceiling against floods, and that is within its purpose.
- `note(key, member, ttl)`, `members(key)`, `forget(key, members)`: a set of ids that
  each expire (tables created from an address that may still be open, running bot
  tables an address started): the caller checks which still count (the database has
  the truth) and forgets the others.
- `hold(key, member, most, ttl)`, `release`, `renew` (Redis only): places held by live
  things (open sockets per address and per player), each expiring unless its worker
  renews it, so a worker that dies frees its places within `ttl`.

`SharedLimiter` is a rate cap (hellos, password attempts): this worker's token buckets
alone, fixed windows in Redis with several workers.

Redis keys live under the deployment's namespace (belle.server.cluster.fanout), and
expire by themselves. When Redis does not answer, a call falls back to this worker's
memory (logged): a cap is then per worker for that moment, and nobody is refused
because Redis is down.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Collection
from typing import Any, Protocol

from belle.server.http.ratelimit import RateLimiter

log = logging.getLogger("belle.server")
MAX_KEYS = 50_000  # keys a worker keeps in memory; the least recently used go first

# INCR the window's count unless it reached `most`; the window starts at the first
# event. Returns 0 (counted) or the milliseconds until the window ends (refused).
SPEND_SCRIPT = """
local n = tonumber(redis.call('get', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then
    local left = redis.call('pttl', KEYS[1])
    if left < 0 then
        redis.call('del', KEYS[1])
    else
        return left
    end
end
if redis.call('incr', KEYS[1]) == 1 then
    redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""


# Hold one more of `most` under KEYS[1] for `member` (a sorted set scored by expiry, in
# ms since the epoch; expired members dropped first): 1 if held, 0 if full.
HOLD_SCRIPT = """
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[4])
if redis.call('zscore', KEYS[1], ARGV[1]) then
    redis.call('zadd', KEYS[1], ARGV[3], ARGV[1])
    return 1
end
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then
    return 0
end
redis.call('zadd', KEYS[1], ARGV[3], ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[5])
return 1
"""


class Quotas(Protocol):
    async def spend(self, key: str, most: int, window: float) -> float:
        """Count one event of `key` if fewer than `most` were counted in its window:
        0.0 when counted, else the seconds until the window ends."""

    async def note(self, key: str, member: int, ttl: float) -> None:
        """Remember `member` under `key` for `ttl` seconds."""

    async def members(self, key: str) -> set[int]:
        """The members of `key` not yet expired."""

    async def forget(self, key: str, members: Collection[int]) -> None:
        """Drop those members of `key` (they no longer count)."""


class SharedLimiter:
    """A cap of `burst` events per key at `per_second` sustained: this worker's token
    buckets (belle.server.http.ratelimit) alone, every worker's fixed windows of
    `burst` events per `burst / per_second` seconds in Redis when there are several.
    `take` says how long to wait (0.0: allowed, counted)."""

    def __init__(self, name: str, per_second: float, burst: int,
                 shared: RedisQuotas | None = None) -> None:
        self.name = name
        self.per_second = per_second
        self.burst = max(1, burst)
        self.shared = shared
        self.local = RateLimiter(per_second * 60.0, self.burst) if per_second > 0 else None

    @property
    def enabled(self) -> bool:
        return self.per_second > 0

    async def take(self, key: str) -> float:
        if not self.enabled:
            return 0.0
        if self.shared is not None:
            window = self.burst / self.per_second
            return await self.shared.spend(f"{self.name}:{key}", self.burst, window)
        assert self.local is not None
        return self.local.take(key)


class MemoryQuotas:
    """This worker's counters (bounded: `MAX_KEYS` keys of each shape)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = MAX_KEYS) -> None:
        self.clock = clock
        self.max_keys = max_keys
        self._windows: OrderedDict[str, tuple[float, int]] = OrderedDict()  # end, count
        self._sets: OrderedDict[str, dict[int, float]] = OrderedDict()  # member → until

    async def spend(self, key: str, most: int, window: float) -> float:
        return self.spend_now(key, most, window)

    def spend_now(self, key: str, most: int, window: float) -> float:
        """`spend` without awaiting (for callers that are not coroutines)."""
        moment = self.clock()
        end, count = self._windows.pop(key, (moment + window, 0))
        if end <= moment:
            end, count = moment + window, 0
        if count >= most:
            self._windows[key] = (end, count)
            return end - moment
        self._windows[key] = (end, count + 1)
        _bound(self._windows, self.max_keys)
        return 0.0

    async def note(self, key: str, member: int, ttl: float) -> None:
        found = self._sets.pop(key, {})
        found[member] = self.clock() + ttl
        self._sets[key] = found
        _bound(self._sets, self.max_keys)

    async def members(self, key: str) -> set[int]:
        found = self._sets.get(key)
        if not found:
            return set()
        moment = self.clock()
        for member in [m for m, until in found.items() if until <= moment]:
            del found[member]
        return set(found)

    async def forget(self, key: str, members: Collection[int]) -> None:
        found = self._sets.get(key)
        if found is None:
            return
        for member in members:
            found.pop(member, None)
        if not found:
            del self._sets[key]


def _bound(table: OrderedDict[str, Any], most: int) -> None:
    while len(table) > most:
        table.popitem(last=False)


class RedisQuotas:
    """The same counters in Redis, shared by every worker of the deployment.

    `client` gives the fan-out's Redis client (None until it started): the counters
    use its connection pool. Sets are sorted sets scored by expiry time."""

    def __init__(self, client: Callable[[], Any], namespace: str,
                 fallback: MemoryQuotas | None = None) -> None:
        self._client = client
        self.prefix = f"belle:{namespace}:quota:"
        self.fallback = fallback or MemoryQuotas()
        self._script: Any = None
        self._hold: Any = None
        self._warned = 0.0

    def _redis(self) -> Any:
        client = self._client()
        if client is None:
            raise ConnectionError("the fan-out has not started")
        return client

    def _down(self, exc: Exception) -> None:
        moment = time.monotonic()
        if moment - self._warned > 60:  # once a minute, not once per event
            self._warned = moment
            log.warning("quotas: Redis did not answer (%s); counting on this worker", exc)

    async def spend(self, key: str, most: int, window: float) -> float:
        try:
            client = self._redis()
            if self._script is None:
                self._script = client.register_script(SPEND_SCRIPT)
            left = await self._script(keys=[self.prefix + key],
                                      args=[most, max(1, int(window * 1000))])
            return int(left) / 1000.0
        except Exception as exc:
            self._down(exc)
            return await self.fallback.spend(key, most, window)

    async def note(self, key: str, member: int, ttl: float) -> None:
        try:
            client = self._redis()
            name = self.prefix + key
            async with client.pipeline(transaction=False) as pipe:
                pipe.zadd(name, {str(member): time.time() + ttl})
                pipe.expire(name, max(1, int(ttl) + 1))  # a key's members share one ttl
                await pipe.execute()
        except Exception as exc:
            self._down(exc)
            await self.fallback.note(key, member, ttl)

    async def members(self, key: str) -> set[int]:
        try:
            client = self._redis()
            name = self.prefix + key
            async with client.pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(name, "-inf", time.time())
                pipe.zrange(name, 0, -1)
                _removed, found = await pipe.execute()
            return {int(m) for m in found} | await self.fallback.members(key)
        except Exception as exc:
            self._down(exc)
            return await self.fallback.members(key)

    async def hold(self, key: str, member: str, most: int, ttl: float) -> bool:
        """Hold one of at most `most` places of `key` for `member` (an open socket) for
        `ttl` seconds unless renewed: False when all are held. Redis down: True (the
        worker's own caps still apply)."""
        try:
            client = self._redis()
            if self._hold is None:
                self._hold = client.register_script(HOLD_SCRIPT)
            moment = int(time.time() * 1000)
            found = await self._hold(keys=[self.prefix + key], args=[
                member, most, moment + int(ttl * 1000), moment, int(ttl * 1000) + 1000])
            return bool(int(found))
        except Exception as exc:
            self._down(exc)
            return True

    async def release(self, key: str, member: str) -> None:
        try:
            await self._redis().zrem(self.prefix + key, member)
        except Exception as exc:
            self._down(exc)

    async def renew(self, held: Collection[tuple[str, str]], ttl: float) -> None:
        """Keep the places `held` ((key, member) pairs) for `ttl` more seconds."""
        if not held:
            return
        try:
            until = int(time.time() * 1000 + ttl * 1000)
            async with self._redis().pipeline(transaction=False) as pipe:
                for key, member in held:
                    pipe.zadd(self.prefix + key, {member: until}, xx=True)
                    pipe.pexpire(self.prefix + key, int(ttl * 1000) + 1000)
                await pipe.execute()
        except Exception as exc:
            self._down(exc)

    async def forget(self, key: str, members: Collection[int]) -> None:
        await self.fallback.forget(key, members)
        if not members:
            return
        try:
            await self._redis().zrem(self.prefix + key, *(str(m) for m in members))
        except Exception as exc:
            self._down(exc)

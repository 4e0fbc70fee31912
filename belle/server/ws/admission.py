"""Who may open a socket and say `hello`: caps per client address and per player.

A `hello` is the costly message: it answers a full `sync` (a table's view and log, or
the lobby's table list). Each socket has its own hello bucket, and every socket of one
address, or of one player, shares another: a flood of sockets from one address (or
signed in as one player) gets at most `address_hellos_per_second` syncs a second in
all, and is refused `rate_limited` beyond. Open sockets are counted the same two ways
and one over the cap is closed at once (1008, policy). lila-ws limits sockets and
messages per address and per user the same way.

One worker counts in memory (the buckets are those of the HTTP rate limit, bounded in
number). With several (`shared`: Redis, belle.server.quotas) the counts are every
worker's: the hello caps are fixed windows in Redis, and each open socket holds a place
under its address and its player, renewed every `RENEW_SECONDS` by its worker and gone
`PLACE_SECONDS` after a worker that died stopped renewing it. So N workers allow what
one does, not N times as much.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import uuid
from collections import Counter

from belle.server.limits import Limits
from belle.server.quotas import RedisQuotas, SharedLimiter

PLACE_SECONDS = 60.0
RENEW_SECONDS = 20.0


class Admission:
    """Open sockets and hello buckets per address and per player."""

    def __init__(self, limits: Limits, shared: RedisQuotas | None = None) -> None:
        self.limits = limits
        self.shared = shared
        self._sockets: Counter[str] = Counter()
        self._address_hellos = SharedLimiter("hello-a", limits.address_hellos_per_second,
                                             limits.hello_burst, shared)
        self._player_hellos = SharedLimiter("hello-p", limits.player_hellos_per_second,
                                            limits.hello_burst, shared)
        self._held: dict[str, list[str]] = {}  # place → its keys (shared only)
        self._worker = uuid.uuid4().hex[:12]
        self._numbers = itertools.count(1)
        self._renewer: asyncio.Task[None] | None = None

    def _keys(self, address: str, player_id: int | None) -> list[tuple[str, int]]:
        keys = [(f"a:{address}", self.limits.sockets_per_address)]
        if player_id is not None:
            keys.append((f"p:{player_id}", self.limits.sockets_per_player))
        return keys

    async def open(self, address: str, player_id: int | None) -> str | None:
        """Count a new socket: its place (to `close` it with), or None (not counted)
        when it would pass a cap."""
        keys = self._keys(address, player_id)
        if any(0 < cap <= self._sockets[key] for key, cap in keys):
            return None
        place = f"{self._worker}:{next(self._numbers)}"
        if self.shared is not None and not await self._hold(place, keys):
            return None
        self._sockets.update(key for key, _cap in keys)
        return place

    async def _hold(self, place: str, keys: list[tuple[str, int]]) -> bool:
        """A place under every capped key in Redis, or none."""
        assert self.shared is not None
        taken: list[str] = []
        for key, cap in keys:
            if not cap:
                continue
            if not await self.shared.hold(f"sockets:{key}", place, cap, PLACE_SECONDS):
                for held in taken:
                    await self.shared.release(f"sockets:{held}", place)
                return False
            taken.append(key)
        self._held[place] = taken
        return True

    async def close(self, address: str, player_id: int | None, place: str) -> None:
        for key, _cap in self._keys(address, player_id):
            self._sockets[key] -= 1
            if self._sockets[key] <= 0:
                del self._sockets[key]
        keys = self._held.pop(place, [])
        if self.shared is not None:
            for key in keys:
                await self.shared.release(f"sockets:{key}", place)

    async def hello(self, address: str, player_id: int | None) -> bool:
        """Whether one more hello of this address (and player) may be answered now."""
        if await self._address_hellos.take(address) > 0:
            return False
        if player_id is not None:
            return await self._player_hellos.take(str(player_id)) <= 0
        return True

    # -- several workers -----------------------------------------------------
    def start(self) -> None:
        """Renew this worker's places in Redis while it runs (several workers only)."""
        if self.shared is not None and self._renewer is None:
            self._renewer = asyncio.create_task(self._renewing())

    async def _renewing(self) -> None:
        assert self.shared is not None
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            held = [(f"sockets:{key}", place) for place, keys in list(self._held.items())
                    for key in keys]
            await self.shared.renew(held, PLACE_SECONDS)

    async def stop(self) -> None:
        task, self._renewer = self._renewer, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

"""Fan-out between workers and table leases: `LocalFanout` (one process) and `RedisFanout`.

With several `belle serve` processes on one PostgreSQL database, the worker that commits a
change (an action, a seat change, the end, a chat line, a lobby change) tells its own
sockets and then `publish`es a compact message on one Redis pub/sub channel. Every other
worker hands the messages it receives to its `Sink` (the hub), which applies them to the
tables it holds in memory (belle.server.table.remote). Messages carry the
committed record entries, secrets included: Redis is internal infrastructure, and what
reaches a socket is rendered per seat as for a local move.

Publishing never fails a move (the commit already happened): messages wait in an
ordered queue drained by one task; when Redis refuses them they are dropped and logged,
and the other workers notice the gap at the next message, or resync every table when
their subscription comes back (`Sink.resync_all`). The subscriber reconnects with
backoff.

`leader(table_id)` is a lease in Redis (`SET key worker NX PX ttl`, renewed when it is
ours, atomically in a Lua script) so bots, chance after a crash and turn timers run on
one worker at a time. A lease is cached for half its period to spare a round trip per
bot move. It only decides who does the work: two workers that both moved would still
end with one action stored (UNIQUE (match_id, seq)).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections import deque
from typing import Any, Protocol

log = logging.getLogger("belle.server")

CHANNEL = "belle:events"
LEASE_KEY = "belle:lease:{}"
DEFAULT_LEASE_SECONDS = 10.0
BACKOFF_FIRST = 0.1
BACKOFF_MOST = 2.0
PUBLISH_BATCH = 256

# Take the lease when it is free, renew it when it is ours: 1 if we hold it now.
LEASE_SCRIPT = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    redis.call('pexpire', KEYS[1], ARGV[2])
    return 1
end
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
    return 1
end
return 0
"""


class Sink(Protocol):
    """Where a worker's fan-out delivers the other workers' messages (the hub)."""

    def deliver(self, message: dict[str, Any]) -> None: ...

    async def resync_all(self) -> None: ...


class FanoutError(Exception):
    """The fan-out cannot start (Redis unreachable, a bad URL)."""


class LocalFanout:
    """One process: nothing to tell anyone, and this worker leads every table."""

    clustered = False
    lease_seconds = DEFAULT_LEASE_SECONDS
    worker = "local"

    async def start(self, sink: Sink) -> None:
        return None

    def publish(self, message: dict[str, Any]) -> None:
        return None

    async def leader(self, table_id: int) -> bool:
        return True

    def is_connected(self) -> bool:
        return True

    async def close(self) -> None:
        return None


class RedisFanout:
    """Several workers: Redis pub/sub for events, Redis keys for table leases."""

    clustered = True

    def __init__(self, url: str, *, lease_seconds: float = DEFAULT_LEASE_SECONDS) -> None:
        if lease_seconds <= 0:
            raise FanoutError("the lease period must be positive")
        self.url = url
        self.lease_seconds = lease_seconds
        self.worker = uuid.uuid4().hex
        self._client: Any = None
        self._lease: Any = None
        self._held: dict[int, float] = {}  # table → until when our lease is surely ours
        self._outbox: deque[str] = deque()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        self.connected = asyncio.Event()  # the subscription is up (tests wait on it)

    @staticmethod
    def check(url: str) -> None:
        """Raise FanoutError unless Redis answers at `url` (at start: fail early, clearly)."""
        import redis

        try:
            client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
            try:
                client.ping()
            finally:
                client.close()
        except (redis.RedisError, ValueError, OSError) as exc:
            raise FanoutError(f"Redis is not reachable at {url}: {exc}") from exc

    async def start(self, sink: Sink) -> None:
        import redis.asyncio as aioredis

        self._client = aioredis.Redis.from_url(
            self.url, socket_connect_timeout=3, socket_keepalive=True, health_check_interval=5
        )
        self._lease = self._client.register_script(LEASE_SCRIPT)
        self._tasks = [asyncio.create_task(self._subscribe(sink)),
                       asyncio.create_task(self._publish_loop())]
        # serve only once subscribed, so no change committed after our start is missed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), timeout=10)

    def is_connected(self) -> bool:
        return self.connected.is_set()

    # -- publishing --------------------------------------------------------
    def publish(self, message: dict[str, Any]) -> None:
        """Queue `message` for the other workers (in order; never blocks, never raises)."""
        self._outbox.append(json.dumps({"w": self.worker, **message}, separators=(",", ":")))
        self._wake.set()

    async def _publish_loop(self) -> None:
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                batch = [self._outbox.popleft()
                         for _ in range(min(PUBLISH_BATCH, len(self._outbox)))]
                await self._send(batch)

    async def _send(self, batch: list[str]) -> None:
        """Publish `batch`, retrying once on a fresh connection (after a Redis restart the
        pooled one is dead); then give up: the commit happened, the others will resync."""
        for attempt in (1, 2):
            try:
                async with self._client.pipeline(transaction=False) as pipe:
                    for text in batch:
                        pipe.publish(CHANNEL, text)
                    await pipe.execute()
                return
            except Exception as exc:
                if attempt == 2:
                    log.warning("fan-out: %d messages not published (%s)", len(batch), exc)

    # -- subscribing -------------------------------------------------------
    async def _subscribe(self, sink: Sink) -> None:
        """Deliver the others' messages; after a lost subscription, resync every table."""
        delay = BACKOFF_FIRST
        lost = False
        while not self._closing:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                if lost:
                    log.warning("fan-out: Redis is back; resyncing every table")
                    await sink.resync_all()
                    lost = False
                self.connected.set()
                delay = BACKOFF_FIRST
                async for raw in pubsub.listen():
                    self._deliver(sink, raw)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not lost:
                    log.warning("fan-out: lost the Redis subscription (%s); retrying", exc)
                lost = True
                self.connected.clear()
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            if not self._closing:
                await asyncio.sleep(delay)
                delay = min(BACKOFF_MOST, delay * 2)

    def _deliver(self, sink: Sink, raw: dict[str, Any]) -> None:
        if raw.get("type") != "message":
            return
        try:
            message = json.loads(raw["data"])
        except (ValueError, TypeError):
            log.warning("fan-out: an unreadable message was ignored")
            return
        if not isinstance(message, dict) or message.get("w") == self.worker:
            return  # our own: our sockets have it already
        try:
            sink.deliver(message)
        except Exception:
            log.exception("fan-out: a message could not be delivered")

    # -- leases ------------------------------------------------------------
    async def leader(self, table_id: int) -> bool:
        """Whether this worker runs the table's bots and timers now (taking a free lease)."""
        moment = time.monotonic()
        if self._held.get(table_id, 0.0) > moment:
            return True
        ttl_ms = int(self.lease_seconds * 1000)
        try:
            ours = bool(await self._lease(keys=[LEASE_KEY.format(table_id)],
                                          args=[self.worker, ttl_ms]))
        except Exception as exc:  # no Redis, no lease: nobody doubles a bot move
            log.warning("fan-out: lease of table %s unknown (%s)", table_id, exc)
            return False
        if ours:
            self._held[table_id] = moment + self.lease_seconds / 2
        else:
            self._held.pop(table_id, None)
        return ours

    async def close(self) -> None:
        self._closing = True
        self._wake.set()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()


Fanout = LocalFanout | RedisFanout

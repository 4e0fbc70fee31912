"""Fan-out between workers and table leases: `LocalFanout` (one process) and `RedisFanout`.

With several `belle serve` processes on one PostgreSQL database, the worker that commits a
change (an action, a seat change, the end, a chat line, a lobby change) tells its own
sockets and then `publish`es a compact message on its deployment's Redis pub/sub
channel. Every other worker hands the messages it receives to its `Sink` (the hub), which
applies them to the tables it holds in memory (belle.server.table.remote). Messages carry
the committed record entries, secrets included: Redis is internal infrastructure, and what
reaches a socket is rendered per seat as for a local move.

Publishing never fails a move (the commit already happened): messages wait in an
ordered queue drained by one task; when Redis refuses them they are dropped and logged,
and the other workers notice the gap at the next message, or resync every table when
their subscription comes back (`Sink.resync_all`). The subscriber reconnects with
backoff.

A deployment is the database: its instance id (kept in the database's settings,
belle.storage.backup.instance_id) is the `namespace` of every Redis name the workers use,
the channel `belle:<namespace>:events` and the leases `belle:<namespace>:lease:<table>`,
so two deployments sharing one Redis server never hear each other nor take each other's
leases (a Redis database number does not separate pub/sub channels).

`leader(table_id)` is a lease in Redis (`SET key worker NX PX ttl`, renewed when it is
ours, atomically in a Lua script) so bots, chance after a crash and turn timers run on
one worker at a time. A lease taken is believed for half its period (`lease_cache`)
without asking again, to spare a round trip per bot move. It only decides who does the
work: two workers that both moved would still end with one action stored (UNIQUE
(match_id, seq)). A lease call that meets a dead pooled connection (Redis restarted) is
tried once more on a fresh one; a bot's turn that finds Redis still down (`leader(…,
wait=True)`) waits until Redis answers again, pinged by one prober with backoff up to
`PROBE_MOST`, and asks again: a Redis outage costs a bot table the outage and at most
`PROBE_MOST` more, not a lease period waiting for the sweep. The client retries nothing
itself (redis-py's default differs between versions): a lost subscription must surface,
so that the workers resync.

At a planned stop (`hand_over`, before the server waits on its connections; `close`
does it too) the worker stops leading, deletes the leases it holds and tells the others
which tables it let go (`released`): one of them takes each table over at once
(`Sink.adopt`), instead of after the lease expires.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

log = logging.getLogger("belle.server")
T = TypeVar("T")

CHANNEL = "belle:{}:events"  # .format(namespace)
LEASE_KEY = "belle:{}:lease:{}"  # .format(namespace, table id)
DEFAULT_LEASE_SECONDS = 10.0
BACKOFF_FIRST = 0.1
BACKOFF_MOST = 1.0  # the subscriber's longest pause between two reconnections
PROBE_MOST = 0.5  # Redis down: the longest pause between two pings of the prober
PROBE_TIMEOUT = 1.0  # a ping that takes longer is no answer
PUBLISH_BATCH = 256
FLUSH_SECONDS = 3.0  # at close: how long the last messages (the hand-over) may take

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

# Delete each lease that is ours (a lease another worker took meanwhile stays): the
# tables whose lease was ours.
RELEASE_SCRIPT = """
local released = {}
for i, key in ipairs(KEYS) do
    if redis.call('get', key) == ARGV[1] then
        redis.call('del', key)
        released[#released + 1] = i
    end
end
return released
"""


class Sink(Protocol):
    """Where a worker's fan-out delivers the other workers' messages (the hub)."""

    def deliver(self, message: dict[str, Any]) -> None: ...

    async def resync_all(self) -> None: ...

    def adopt(self, table_ids: list[int]) -> None:
        """Another worker shut down and let these tables' leases go: take them over."""


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

    async def leader(self, table_id: int, *, wait: bool = False) -> bool:
        return True

    def stop_leading(self) -> None:
        return None  # one process: nobody to hand a table to

    async def hand_over(self) -> None:
        return None

    def is_connected(self) -> bool:
        return True

    async def close(self) -> None:
        return None


class RedisFanout:
    """Several workers: Redis pub/sub for events, Redis keys for table leases, every
    name under the deployment's `namespace`."""

    clustered = True

    def __init__(self, url: str, namespace: str, *,
                 lease_seconds: float = DEFAULT_LEASE_SECONDS,
                 lease_cache: float | None = None) -> None:
        """`lease_cache`: how long a lease this worker took is believed without asking
        Redis (default half the period; 0: every check asks)."""
        if lease_seconds <= 0:
            raise FanoutError("the lease period must be positive")
        cache = lease_seconds / 2 if lease_cache is None else lease_cache
        if not 0 <= cache < lease_seconds:
            raise FanoutError("the lease cache must be from 0 to less than the lease period")
        if not namespace or any(c in namespace for c in ": \n*?[]"):
            raise FanoutError(f"a deployment namespace is a plain word, not {namespace!r}")
        self.url = url
        self.namespace = namespace
        self.channel = CHANNEL.format(namespace)
        self.lease_seconds = lease_seconds
        self.lease_cache = cache
        self.worker = uuid.uuid4().hex
        self._client: Any = None
        self._lease_script: Any = None
        self._release: Any = None
        self._held: dict[int, float] = {}  # table → until when our lease is surely ours
        self._leading = True  # False once closing: no lease is taken or renewed
        self._outbox: deque[str] = deque()
        self._wake = asyncio.Event()
        self._publisher: asyncio.Task[None] | None = None
        self._subscriber: asyncio.Task[None] | None = None
        self._prober: asyncio.Task[None] | None = None
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

    def client(self) -> Any:
        """The Redis client once started (None before): other shared counters use its
        pool (belle.server.quotas)."""
        return self._client

    def lease_key(self, table_id: int) -> str:
        return LEASE_KEY.format(self.namespace, table_id)

    async def start(self, sink: Sink) -> None:
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self._client = aioredis.Redis.from_url(
            self.url, socket_connect_timeout=3, socket_keepalive=True, health_check_interval=5,
            retry=Retry(NoBackoff(), 0),  # see the module's docstring
        )
        self._lease_script = self._client.register_script(LEASE_SCRIPT)
        self._release = self._client.register_script(RELEASE_SCRIPT)
        self._subscriber = asyncio.create_task(self._subscribe(sink))
        self._publisher = asyncio.create_task(self._publish_loop())
        # serve only once subscribed, so no change committed after our start is missed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), timeout=10)

    def is_connected(self) -> bool:
        return self.connected.is_set()

    async def _twice(self, call: Callable[[], Awaitable[T]]) -> T:
        """`call()`, again once if the connection failed: after a Redis restart the first
        command goes over a dead pooled connection, and the pool opens a fresh one."""
        from redis.exceptions import ConnectionError as Disconnected
        from redis.exceptions import TimeoutError as NoAnswer

        try:
            return await call()
        except (Disconnected, NoAnswer, OSError):
            return await call()

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
        """Publish `batch` (tried twice, `_twice`); then give up: the commit happened,
        the others will notice the gap and resync."""

        async def publish_all() -> None:
            async with self._client.pipeline(transaction=False) as pipe:
                for text in batch:
                    pipe.publish(self.channel, text)
                await pipe.execute()

        try:
            await self._twice(publish_all)
        except Exception as exc:
            log.warning("fan-out: %d messages not published (%s)", len(batch), exc)

    # -- subscribing -------------------------------------------------------
    async def _subscribe(self, sink: Sink) -> None:
        """Deliver the others' messages; after a lost subscription, resync every table."""
        delay = BACKOFF_FIRST
        lost = False
        while not self._closing:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
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
            if message.get("kind") == "released":
                tables = message.get("tables")
                if isinstance(tables, list) and self._leading:
                    sink.adopt([t for t in tables if isinstance(t, int)])
                return
            sink.deliver(message)
        except Exception:
            log.exception("fan-out: a message could not be delivered")

    # -- leases ------------------------------------------------------------
    async def leader(self, table_id: int, *, wait: bool = False) -> bool:
        """Whether this worker runs the table's bots and timers now (taking a free lease).
        Redis not answering is False, or with `wait` (a bot's turn), a wait until Redis
        answers again and the answer then."""
        while True:
            answer = await self._lease(table_id)
            if answer is not None or not wait or not self._leading:
                return bool(answer)
            await self._answering()

    async def _lease(self, table_id: int) -> bool | None:
        """Take or renew the table's lease: whether it is ours; None if Redis did not answer."""
        if not self._leading:
            return False
        moment = time.monotonic()
        if self._held.get(table_id, 0.0) > moment:
            return True
        try:
            ours = bool(await self._twice(lambda: self._lease_script(
                keys=[self.lease_key(table_id)],
                args=[self.worker, int(self.lease_seconds * 1000)])))
        except Exception as exc:  # no Redis, no lease: nobody doubles a bot move
            log.warning("fan-out: lease of table %s unknown (%s)", table_id, exc)
            return None
        if ours and self._leading:
            self._held[table_id] = moment + self.lease_cache
            return True
        self._held.pop(table_id, None)
        if ours:  # a planned stop began while Redis answered: this lease goes over too
            await self._hand_over_late(table_id)
        return False

    async def _answering(self) -> None:
        """Return once Redis answers a ping again, or this worker stops leading (one
        prober for every caller waiting)."""
        if self._prober is None or self._prober.done():
            self._prober = asyncio.create_task(self._probe())
        await asyncio.shield(self._prober)

    async def _probe(self) -> None:
        delay = BACKOFF_FIRST
        while self._leading and not self._closing:
            try:
                await asyncio.wait_for(self._client.ping(), PROBE_TIMEOUT)
                return
            except Exception:  # down still: ping again after a pause
                await asyncio.sleep(delay)
                delay = min(PROBE_MOST, delay * 2)

    def stop_leading(self) -> None:
        """From now on this worker takes and renews no lease (it is shutting down)."""
        self._leading = False

    async def _release_all(self) -> list[int]:
        """Delete the leases this worker holds; the tables whose lease was ours."""
        tables = sorted(self._held)
        self._held.clear()
        return await self._release_leases(tables)

    async def _release_leases(self, tables: list[int]) -> list[int]:
        """Delete these tables' leases where they are still ours; those tables."""
        if not tables:
            return []
        try:
            found = await self._twice(lambda: self._release(
                keys=[self.lease_key(t) for t in tables], args=[self.worker]))
        except Exception as exc:  # they expire by themselves within a lease period
            log.warning("fan-out: %d leases not released (%s)", len(tables), exc)
            return []
        return [tables[int(i) - 1] for i in found]

    async def _hand_over_late(self, table_id: int) -> None:
        """A lease Redis gave this worker while `hand_over` ran (it released only the
        leases it knew of): released and announced like them, not left to lapse."""
        released = await self._release_leases([table_id])
        if released:
            self.publish({"kind": "released", "tables": released})

    async def hand_over(self) -> None:
        """Stop leading, and hand the tables this worker led on to the others (a planned
        stop: before the server waits on its connections)."""
        self.stop_leading()
        if self._client is None:
            return
        released = await self._release_all()
        if released:
            self.publish({"kind": "released", "tables": released})

    async def close(self) -> None:
        """Hand the tables over (if not done yet), send what is queued, disconnect."""
        await self.hand_over()
        self._closing = True
        self._wake.set()
        if self._publisher is not None:  # it sends what is queued, the hand-over last
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._publisher, FLUSH_SECONDS)
        tasks = [t for t in (self._subscriber, self._publisher, self._prober) if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()


Fanout = LocalFanout | RedisFanout

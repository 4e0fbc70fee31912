"""Leases and fan-out between `RedisFanout`s on a redis-server of the test's own (issue 21).

Deployments are namespaced (their messages and leases never meet), a lease call after a
Redis restart succeeds at once (no lease period lost to a dead pooled connection), a bot's
lease question waits through a Redis outage, and a fan-out closing cleanly releases its
leases and tells the others which tables it let go.
"""

from __future__ import annotations

import asyncio
from typing import Any

from belle.server.cluster.fanout import RedisFanout

from .kit import RedisServer
from .test_config import run_alone

WAIT = 10.0  # seconds a message may take to arrive on a loaded machine (it takes ms)


class Recorder:
    """A Sink that keeps what it is given."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.adopted: list[list[int]] = []
        self.arrived = asyncio.Event()

    def deliver(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        self.arrived.set()

    async def resync_all(self) -> None:
        return None

    def adopt(self, table_ids: list[int]) -> None:
        self.adopted.append(table_ids)
        self.arrived.set()

    async def next(self) -> None:
        await asyncio.wait_for(self.arrived.wait(), WAIT)
        self.arrived.clear()


async def _started(url: str, namespace: str, sink: Recorder, lease: float = 30.0
                   ) -> RedisFanout:
    fanout = RedisFanout(url, namespace, lease_seconds=lease)
    await fanout.start(sink)
    assert fanout.is_connected()
    return fanout


def test_two_namespaces_share_nothing(redis_server: RedisServer) -> None:
    """Issue 21 item 1: two deployments on one Redis server: what one publishes never
    reaches the other, and each leads its own table 1 at the same time. (A subscriber gets
    what Redis was given in order, so once a worker has its own deployment's later
    message, the other deployment's earlier one would have come first had it crossed.)"""

    async def scenario() -> None:
        sinks = [Recorder() for _ in range(4)]
        a1, a2 = [await _started(redis_server.url, "deploya", s) for s in sinks[:2]]
        b1, b2 = [await _started(redis_server.url, "deployb", s) for s in sinks[2:]]
        try:
            assert await a1.leader(1) and await b1.leader(1)
            assert not await a2.leader(1) and not await b2.leader(1)
            a1.publish({"table": 1, "kind": "table", "n": 2})
            await sinks[1].next()
            b1.publish({"table": 1, "kind": "chat", "n": 5})
            await sinks[3].next()
            a1.publish({"table": 1, "kind": "over", "n": 3})  # after B's, for a2
            b2.publish({"table": 1, "kind": "actions", "n": 6})  # after A's, for b1
            await sinks[1].next()
            await sinks[2].next()
            assert [m["kind"] for m in sinks[1].messages] == ["table", "over"]
            assert [m["kind"] for m in sinks[3].messages] == ["chat"]
            assert [m["kind"] for m in sinks[2].messages] == ["actions"]
            assert sinks[0].messages == []  # a1 heard nothing of B (nor of itself)
        finally:
            for fanout in (a1, a2, b1, b2):
                await fanout.close()

    run_alone(scenario())


def test_lease_after_redis_restart_is_taken_at_once(redis_server: RedisServer) -> None:
    """Issue 21 item 3: after a Redis restart the pooled connection is dead; the first
    lease call must still answer (True: the restarted Redis lost every lease), not fail
    and leave the table to wait a lease period for the sweep."""

    async def scenario() -> list[bool]:
        fanout = await _started(redis_server.url, "deploya", Recorder())
        try:
            answers = [await fanout.leader(1)]
            redis_server.kill()
            redis_server.start()
            answers.append(await fanout.leader(2))  # never cached: a real call
            answers.append(await fanout.leader(3))
            return answers
        finally:
            await fanout.close()

    assert run_alone(scenario()) == [True, True, True]


def test_a_bot_turn_waits_for_redis_to_come_back(redis_server: RedisServer) -> None:
    """Issue 21 item 3: Redis is down when a bot's turn asks for its table's lease, and
    still down at the retry on a fresh connection. Asked with `wait` (as a bot's turn
    asks), the lease question is not answered False, which would leave the table to the
    sweep a lease period later: it waits until Redis answers again, then takes the lease.
    A worker that stops meanwhile gets False (it leads nothing any more)."""

    async def scenario() -> None:
        fanout = await _started(redis_server.url, "deploya", Recorder())
        try:
            redis_server.kill()
            assert await fanout.leader(1) is False  # without wait: unknown is not ours
            waiting = asyncio.create_task(fanout.leader(2, wait=True))
            await asyncio.sleep(1.0)  # the prober pings a Redis that is down meanwhile
            assert not waiting.done()
            redis_server.start()
            assert await asyncio.wait_for(waiting, WAIT) is True
            assert await fanout.leader(1) is True  # nobody held it: the restart lost all
            redis_server.kill()
            stopping = asyncio.create_task(fanout.leader(3, wait=True))
            await asyncio.sleep(0.5)
            assert not stopping.done()
            fanout.stop_leading()
            assert await asyncio.wait_for(stopping, WAIT) is False
        finally:
            await fanout.close()

    run_alone(scenario())


def test_lease_cache_zero_asks_redis_every_time(redis_server: RedisServer) -> None:
    """With `lease_cache` 0 (the Redis-restart cluster test's workers) every lease check
    asks Redis: a lease another worker took over meanwhile is seen at once; with the
    default cache the lease taken is believed for half the period."""

    async def scenario() -> tuple[bool, bool]:
        import redis.asyncio as aioredis

        asking = RedisFanout(redis_server.url, "deploya", lease_seconds=30.0, lease_cache=0)
        caching = RedisFanout(redis_server.url, "deploya", lease_seconds=30.0)
        client = aioredis.Redis.from_url(redis_server.url)
        try:
            for fanout in (asking, caching):
                await fanout.start(Recorder())
            assert await asking.leader(1) and await caching.leader(2)
            for table in (1, 2):  # another worker holds both now
                await client.set(asking.lease_key(table), "another", px=60_000)
            return await asking.leader(1), await caching.leader(2)
        finally:
            await client.aclose()
            await asking.close()
            await caching.close()

    assert run_alone(scenario()) == (False, True)


def test_close_hands_the_leases_over(redis_server: RedisServer) -> None:
    """Issue 21 item 4: a worker that closes cleanly deletes the leases it holds (not one
    another worker took meanwhile) and tells the others which tables it let go; one of
    them leads those tables at once, long before the lease would have expired."""

    async def scenario() -> None:
        import redis.asyncio as aioredis

        going, staying = Recorder(), Recorder()
        one = await _started(redis_server.url, "deploya", going, lease=60.0)
        two = await _started(redis_server.url, "deploya", staying, lease=60.0)
        client = aioredis.Redis.from_url(redis_server.url)
        try:
            assert await one.leader(1) and await one.leader(2)
            assert not await two.leader(1)
            # table 3: one held it, its lease expired and `two` took it meanwhile
            assert await one.leader(3)
            await client.set(one.lease_key(3), two.worker, px=60_000)
            await one.close()
            await staying.next()
            assert staying.adopted == [[1, 2]]
            assert await two.leader(1) and await two.leader(2)
            assert (await client.get(two.lease_key(3))).decode() == two.worker
            assert await one.leader(1) is False  # closed: it leads nothing any more
        finally:
            await client.aclose()
            await two.close()

    run_alone(scenario())


def test_a_lease_taken_while_the_hand_over_runs_is_handed_over_too(
        redis_server: RedisServer) -> None:
    """Issue 21 item 4: a bot turn asks for a table's lease; while Redis answers, SIGTERM's
    hand-over releases the leases the worker knows of. The lease Redis then gives it is
    released and announced as well, so another worker leads that table at once instead
    of a lease period later."""

    async def scenario() -> None:
        going, staying = Recorder(), Recorder()
        one = await _started(redis_server.url, "deploya", going, lease=60.0)
        two = await _started(redis_server.url, "deploya", staying, lease=60.0)
        take = one._lease_script

        async def taken_while_handing_over(**kwargs: Any) -> Any:
            answer = await take(**kwargs)  # Redis gives the lease ...
            await one.hand_over()  # ... as the planned stop releases what it knew of
            return answer

        try:
            one._lease_script = taken_while_handing_over
            assert await one.leader(7) is False  # stopping: it leads nothing
            await staying.next()
            assert staying.adopted == [[7]]
            assert await two.leader(7)  # free at once, not a lease period later
        finally:
            await one.close()
            await two.close()

    run_alone(scenario())

"""The counters per-address and per-account caps share (belle.server.quotas): a fixed
window and expiring sets, in memory and in Redis (BELLE_TEST_REDIS_URL; skipped
without), and Redis down falls back to the worker's memory."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from belle.server.quotas import MemoryQuotas, RedisQuotas

from .kit import redis_url


class Ticks:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_fixed_window_counts_up_to_its_most_then_waits_for_its_end() -> None:
    ticks = Ticks()
    quotas = MemoryQuotas(clock=ticks)
    assert [quotas.spend_now("a", 3, 60) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert quotas.spend_now("a", 3, 60) == 60.0
    assert quotas.spend_now("b", 3, 60) == 0.0  # another key has its own window
    ticks.now += 45
    assert quotas.spend_now("a", 3, 60) == 15.0  # refused events are not counted
    ticks.now += 15
    assert quotas.spend_now("a", 3, 60) == 0.0  # a new window


def test_memory_is_bounded() -> None:
    quotas = MemoryQuotas(max_keys=100)
    for index in range(1000):
        quotas.spend_now(f"k{index}", 1, 60)
    assert len(quotas._windows) == 100


def test_members_expire_and_can_be_forgotten() -> None:
    ticks = Ticks()
    quotas = MemoryQuotas(clock=ticks)

    async def run() -> None:
        await quotas.note("t", 1, 10)
        ticks.now += 5
        await quotas.note("t", 2, 10)
        assert await quotas.members("t") == {1, 2}
        ticks.now += 6
        assert await quotas.members("t") == {2}
        await quotas.forget("t", {2})
        assert await quotas.members("t") == set()

    asyncio.run(run())


def test_redis_counts_once_for_every_worker() -> None:
    """Two workers' RedisQuotas on one Redis share each window and set."""
    import redis.asyncio as aioredis

    url, namespace = redis_url(), "test" + uuid.uuid4().hex[:8]

    async def run() -> None:
        client = aioredis.Redis.from_url(url)
        try:
            one = RedisQuotas(lambda: client, namespace)
            two = RedisQuotas(lambda: client, namespace)
            spent = [await q.spend("names:a", 3, 60) for q in (one, two, one)]
            assert spent == [0.0, 0.0, 0.0]
            wait = await two.spend("names:a", 3, 60)
            assert 0 < wait <= 60
            assert await one.spend("names:b", 3, 60) == 0.0
            await one.note("tables:a", 7, 60)
            await two.note("tables:a", 8, 60)
            assert await two.members("tables:a") == {7, 8}
            await one.forget("tables:a", {7})
            assert await two.members("tables:a") == {8}
            await one.note("tables:gone", 9, 0.001)
            await asyncio.sleep(0.01)
            assert await two.members("tables:gone") == set()
            assert await client.ttl(f"belle:{namespace}:quota:names:a") > 0  # expires
        finally:
            keys = [k async for k in client.scan_iter(f"belle:{namespace}:*")]
            if keys:
                await client.delete(*keys)
            await client.aclose()

    asyncio.run(run())


def test_redis_down_counts_on_this_worker() -> None:
    def no_client() -> Any:
        return None

    async def run() -> None:
        quotas = RedisQuotas(no_client, "down")
        assert [await quotas.spend("k", 2, 60) for _ in range(2)] == [0.0, 0.0]
        assert await quotas.spend("k", 2, 60) > 0  # still capped, per worker
        await quotas.note("s", 1, 60)
        assert await quotas.members("s") == {1}

    asyncio.run(run())

"""Configuration of several workers and the Redis lease (issue 9, item 1).

URL normalization, the clear refusals at start (SQLite with Redis, Redis unreachable),
and the lease itself on the Redis of BELLE_TEST_REDIS_URL (db 1 unless told otherwise).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from belle.cli.main import app
from belle.server.app import cluster_config
from belle.server.cluster.fanout import FanoutError, LocalFanout, RedisFanout
from belle.storage import normalize_url

from .kit import free_port

T = TypeVar("T")


@pytest.mark.parametrize(("given_url", "expected"), [
    ("postgresql://u:p@h/db", "postgresql+psycopg://u:p@h/db"),
    ("postgres://u:p@h:5433/db", "postgresql+psycopg://u:p@h:5433/db"),
    ("postgres+psycopg://h/db", "postgresql+psycopg://h/db"),
    ("postgresql+psycopg://h/db", "postgresql+psycopg://h/db"),
    ("sqlite:///belle.db", "sqlite:///belle.db"),
])
def test_database_urls_are_normalized(given_url: str, expected: str) -> None:
    """Issue 9 item 1: postgresql:// and postgres:// URLs reach the psycopg 3 driver."""
    assert normalize_url(given_url) == expected


@given(st.text(max_size=60))
def test_normalize_keeps_the_rest_of_any_url(rest: str) -> None:
    """Issue 9 item 1: only the scheme changes, and normalizing twice changes nothing."""
    for scheme in ("postgres://", "postgresql://", "sqlite:///", "mysql://"):
        once = normalize_url(scheme + rest)
        assert once.endswith(rest)
        assert normalize_url(once) == once


def run_alone(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` on a thread of its own: the browser tests' Playwright leaves an event
    loop running in the main thread, where asyncio.run() refuses to start."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def test_sqlite_with_redis_is_refused() -> None:
    """Issue 9 item 1: SQLite is one process; asking for workers on it is a clear error."""
    with pytest.raises(FanoutError, match="PostgreSQL"):
        cluster_config("sqlite:///belle.db", "redis://127.0.0.1:6379/0")
    cluster_config("sqlite:///belle.db", None)  # one process: fine


def test_unreachable_redis_is_refused_at_start() -> None:
    """Issue 9 item 1: a Redis that does not answer stops the worker before it serves."""
    url = f"redis://127.0.0.1:{free_port()}/0"
    with pytest.raises(FanoutError, match="not reachable"):
        cluster_config("postgresql://belle:belle@127.0.0.1/belle", url)
    with pytest.raises(FanoutError, match="redis://"):
        cluster_config("postgresql://belle:belle@127.0.0.1/belle", "http://127.0.0.1:6379")


def test_belle_serve_reports_bad_cluster_settings(tmp_path: Any) -> None:
    """Issue 9 item 1: `belle serve --redis` on SQLite exits with one clear line."""
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'b.db'}",
                                      "--redis", "redis://127.0.0.1:6390/1"])
    assert result.exit_code != 0
    assert "PostgreSQL" in result.output


def test_local_fanout_leads_every_table() -> None:
    """One process: this worker runs every table's bots and timers."""
    assert run_alone(LocalFanout().leader(7)) is True


def _redis_url() -> str:
    base = os.environ.get("BELLE_TEST_REDIS_URL")
    if not base:
        pytest.skip("set BELLE_TEST_REDIS_URL (redis://127.0.0.1:6390/0) to test leases")
    return base.rsplit("/", 1)[0] + "/1"


def test_lease_is_held_by_one_worker_then_taken_over() -> None:
    """Issue 9 item 1: a table's lease belongs to one worker; it renews its own; another
    worker gets it only after it expires (a worker that died)."""
    url = _redis_url()

    async def scenario() -> tuple[list[bool], int]:
        import redis.asyncio as aioredis

        client = aioredis.Redis.from_url(url)
        one = RedisFanout(url, "test-lease", lease_seconds=0.3)
        two = RedisFanout(url, "test-lease", lease_seconds=0.3)
        key = one.lease_key(424242)
        try:
            await client.delete(key)
            for fanout in (one, two):
                await fanout.start(_NoSink())
            answers = [await one.leader(424242), await two.leader(424242),
                       await one.leader(424242)]
            ttl = int(await client.pttl(key))
            await client.delete(key)  # as Redis does when it expires
            answers.append(await two.leader(424242))
            return answers, ttl
        finally:
            await client.delete(key)
            await client.aclose()
            await one.close()
            await two.close()

    answers, ttl = run_alone(scenario())
    assert answers == [True, False, True, True]
    assert 0 < ttl <= 300  # the lease expires by itself: a dead worker's is taken over


def test_namespace_is_a_plain_word() -> None:
    """Issue 21 item 1: the namespace goes into Redis key names; a pattern character or a
    colon in it would let one deployment's names match another's."""
    for bad in ("", "a:b", "a*", "a b"):
        with pytest.raises(FanoutError, match="namespace"):
            RedisFanout("redis://127.0.0.1:1/0", bad)


class _NoSink:
    def deliver(self, message: dict[str, Any]) -> None:
        return None

    async def resync_all(self) -> None:
        return None

    def adopt(self, table_ids: list[int]) -> None:
        return None

"""Fixtures for the cluster tests: a PostgreSQL database emptied for each test, a
redis-server of the test's own, and `cluster`, which starts worker processes on them.

Skipped, with the reason, when BELLE_TEST_DATABASE_URLS names no PostgreSQL database or
redis-server is not installed (CI sets up both: .ci/run).

A failed test's report ends with the last lines of each of its workers' logs, so a
failure seen once in CI says what the workers saw.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from .kit import RedisServer, Worker, empty_database, postgres_url

WORKER_LOGS = pytest.StashKey[list[Path]]()
LOG_TAIL = 6000  # characters of each worker's log shown with a failure


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed:
        for log in item.stash.get(WORKER_LOGS, []):
            text = log.read_text(errors="replace") if log.exists() else "(no log)"
            report.sections.append((f"{log.name} ({report.when})",
                                    text[-LOG_TAIL:] or "(empty)"))
    return report


@pytest.fixture
def pg_url() -> Iterator[str]:
    url = postgres_url()
    if url is None:
        pytest.skip("cluster tests need PostgreSQL: set BELLE_TEST_DATABASE_URLS "
                    "(postgresql+psycopg://…) as .ci/run does")
    empty_database(url)
    yield url
    empty_database(url)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None and not Path("/usr/bin/redis-server").exists():
        pytest.skip("cluster tests need redis-server (apt-get install redis-server)")
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.kill()


@pytest.fixture
def cluster(pg_url: str, redis_server: RedisServer, tmp_path: Path,
            request: pytest.FixtureRequest) -> Iterator[Callable[..., list[Worker]]]:
    """`cluster(n, **options)`: n workers on the test's database and Redis (options: of
    `Worker`, e.g. lease_seconds), stopped at the end; their logs shown if the test fails."""
    started: list[Worker] = []
    request.node.stash[WORKER_LOGS] = []

    def start(count: int, **options: Any) -> list[Worker]:
        workers = [Worker(pg_url, redis_server.url, tmp_path / f"worker{len(started) + i}.log",
                          **options)
                   for i in range(count)]
        for worker in workers:
            request.node.stash[WORKER_LOGS].append(worker.log)
            worker.start()
            started.append(worker)
        return workers

    yield start
    for worker in started:
        worker.stop()

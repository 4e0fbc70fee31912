"""Test-wide set-up: parallel workers (pytest-xdist) get databases of their own.

`make test` runs the suite on two workers. The PostgreSQL tests empty their database
before and after each test and the Redis lease tests use fixed key spaces, so two workers
on one database would drop each other's tables. Each worker therefore rewrites, in its own
process and before any test is collected:
- every PostgreSQL URL of BELLE_TEST_DATABASE_URLS to the database `<name>_<worker>`
  (e.g. belle_test_gw0), created on first use (the role needs CREATEDB, or create the
  databases beforehand as .ci/run does);
- BELLE_TEST_REDIS_URL to the Redis database `<n> + 2 × <worker number>` (the lease tests
  also use the next one).
A run without xdist (`pytest` alone) is unchanged.
"""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    number = int(worker.removeprefix("gw") or 0)
    raw = os.environ.get("BELLE_TEST_DATABASE_URLS", "")
    if raw.strip():
        urls = [_own_database(url.strip(), worker) for url in raw.split(",") if url.strip()]
        os.environ["BELLE_TEST_DATABASE_URLS"] = ",".join(urls)
    redis = os.environ.get("BELLE_TEST_REDIS_URL")
    if redis:
        base, _, db = redis.rpartition("/")
        os.environ["BELLE_TEST_REDIS_URL"] = f"{base}/{int(db or 0) + 2 * number}"


def _own_database(url: str, worker: str) -> str:
    """`url` with its database renamed for `worker`, created when missing (PostgreSQL)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("postgresql") or not parsed.database:
        return url
    name = f"{parsed.database}_{worker}"
    engine = create_engine(parsed, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            exists = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                  {"name": name}).first()
            if exists is None:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return parsed.set(database=name).render_as_string(hide_password=False)

"""Fixtures for the server tests (helpers live in kit.py).

`db_url` is a temp SQLite file, plus each URL of BELLE_TEST_DATABASE_URLS
(comma-separated, emptied before and after each test), like the storage tests.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from belle.storage.models import metadata

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from .kit import make_app  # noqa: E402
from .processkit import Server  # noqa: E402


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_url" in metafunc.fixturenames:
        raw = os.environ.get("BELLE_TEST_DATABASE_URLS", "")
        urls = ["sqlite-temp-file", *(u.strip() for u in raw.split(",") if u.strip())]
        metafunc.parametrize("db_url", urls, indirect=True,
                             ids=[u.split("://", 1)[0] for u in urls])


def _empty(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite-temp-file":
        yield f"sqlite:///{tmp_path / 'belle.db'}"
        return
    _empty(request.param)
    yield request.param
    _empty(request.param)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url)) as test_client:
        yield test_client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A real `belle serve` on a SQLite file (tests.server.processkit)."""
    running = Server(f"sqlite:///{tmp_path / 'belle.db'}", tmp_path / "server.log")
    running.start()
    try:
        yield running
    finally:
        running.stop()

"""The `database_url` fixture: a temp SQLite file, plus each URL in BELLE_TEST_DATABASE_URLS;
`store`: a migrated Store on it.

BELLE_TEST_DATABASE_URLS is comma-separated (e.g. a PostgreSQL test database); every
storage contract test then runs once per URL, on a database emptied first.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from belle.storage import Store
from belle.storage.models import metadata


def external_urls() -> list[str]:
    raw = os.environ.get("BELLE_TEST_DATABASE_URLS", "")
    return [url.strip() for url in raw.split(",") if url.strip()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "database_url" in metafunc.fixturenames:
        urls = ["sqlite-temp-file", *external_urls()]
        metafunc.parametrize("database_url", urls, indirect=True, ids=_url_id)


def _url_id(url: str) -> str:
    return url.split("://", 1)[0] if "://" in url else url


def _empty(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite-temp-file":
        yield f"sqlite:///{tmp_path / 'belle.db'}"
        return
    _empty(request.param)
    yield request.param
    _empty(request.param)


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A Store on `database_url`, migrated to the newest schema."""
    store = Store(database_url)
    store.migrate()
    yield store
    store.close()

"""`belle bench --server` and the database it is given (issue 21 item 2): on PostgreSQL a
schema of its own per run, dropped after; as is (`--db-as-is`, or a SQLite file) only a
database without real data; `--runs` runs each level that many times.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from belle.cli.main import app
from belle.server.bench.loadgen import run_server_bench
from belle.server.bench.schema import BenchDatabaseError, check_unused
from belle.storage import Store


def _scalar(db: str, query: str) -> object:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            return conn.execute(text(query)).scalar()
    finally:
        engine.dispose()


def _with_a_player(db: str) -> None:
    store = Store(db)
    try:
        store.migrate()
        store.create_player("Ada")
    finally:
        store.close()


def test_bench_runs_in_a_schema_of_its_own_and_drops_it(pg_url: str) -> None:
    """Issue 21 item 2: given the production database, the benchmark writes none of its
    tables: its players and tables went into a schema made for each run and dropped with
    it; `runs=2` measured the level twice."""
    _with_a_player(pg_url)  # a real player in the real tables
    report = run_server_bench([2], 2.0, think=0.2, db=pg_url, runs=2)
    level = report["levels"][0]
    assert level["runs"] == 2 and len(level["accepted_per_s_runs"]) == 2
    assert level["accepted"] > 0 and not level["errors"]
    assert level["costs"]["pg_commits"] > 0  # the counters were read
    assert _scalar(pg_url, "SELECT count(*) FROM players") == 1  # only Ada
    assert _scalar(pg_url, "SELECT count(*) FROM tables") == 0
    assert _scalar(pg_url, "SELECT count(*) FROM pg_namespace "
                           "WHERE nspname LIKE 'belle_bench_%'") == 0


def test_as_is_refuses_a_database_with_real_data(pg_url: str, tmp_path: Path) -> None:
    """Issue 21 item 2: told to use the database as it is, the benchmark refuses one that
    holds a player (PostgreSQL or a SQLite file), or another application's tables, with a
    message that says what to do; an empty database is taken and marked as its own."""
    sqlite = f"sqlite:///{tmp_path / 'belle.db'}"
    _with_a_player(sqlite)
    with pytest.raises(BenchDatabaseError, match="Belle's data"):
        check_unused(sqlite)
    check_unused(pg_url)  # empty: taken, and marked as the benchmark's
    _with_a_player(pg_url)
    check_unused(pg_url)  # an earlier benchmark's players: still the benchmark's
    engine = create_engine(pg_url)
    try:
        with engine.begin() as conn:
            conn.execute(text("DELETE FROM settings WHERE key = 'benchmark'"))
    finally:
        engine.dispose()
    with pytest.raises(BenchDatabaseError, match="--db-as-is"):
        check_unused(pg_url)
    other = f"sqlite:///{tmp_path / 'other.db'}"
    engine = create_engine(other)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE invoices (id INTEGER)"))
    engine.dispose()
    with pytest.raises(BenchDatabaseError, match="another application"):
        check_unused(other)


def test_cli_says_why_it_refuses(tmp_path: Path) -> None:
    """Issue 21 item 2: `belle bench --server --db` on a database with players exits with
    one clear line, before starting any server."""
    sqlite = f"sqlite:///{tmp_path / 'belle.db'}"
    _with_a_player(sqlite)
    result = CliRunner().invoke(app, ["bench", "--server", "--db", sqlite, "--tables", "1",
                                      "--level-seconds", "1", "--runs", "1"])
    assert result.exit_code != 0
    assert "Belle's data" in result.output
    result = CliRunner().invoke(app, ["bench", "--server", "--runs", "0"])
    assert result.exit_code != 0 and "--runs" in result.output


def test_a_benchmark_schema_left_by_a_stopped_run_is_dropped_with_the_test_database(
        pg_url: str) -> None:
    """A run stopped midway (kill, a CI deadline) leaves its benchmark schema behind; the
    next test's empty database has none, so counting them tells about this run only."""
    from .kit import empty_database

    left = "belle_bench_19700101000000_0badc0"
    engine = create_engine(pg_url)
    try:
        with engine.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{left}"'))
            conn.execute(text(f'CREATE TABLE "{left}".players (id INTEGER)'))
    finally:
        engine.dispose()
    empty_database(pg_url)
    assert _scalar(pg_url, "SELECT count(*) FROM pg_namespace "
                           "WHERE nspname LIKE 'belle_bench_%'") == 0

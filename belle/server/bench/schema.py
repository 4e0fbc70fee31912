"""The benchmark's own database: a PostgreSQL schema made for one run and dropped after it,
and the check that keeps a benchmark out of a database that holds real data.

`belle bench --server --db postgresql://…/belle` never writes into that database's own
tables: `own_schema` creates a schema `belle_bench_<time>_<random>` in it (the database's
owner may, no CREATEDB right is needed), the servers run on it, and it is dropped with
everything in it when the run ends. Told otherwise (`--db-as-is`), the benchmark uses the
database as it is, and `check_unused` refuses one that holds anything but an earlier
benchmark's tables.

The servers are `python -m belle.server.bench.schema --schema S <belle.server args>`:
the code `belle serve` runs, with every PostgreSQL connection's `search_path` set to S
when it opens (a pool listener, before SQLAlchemy uses the connection), so migrations,
players, tables and settings (and so the deployment's instance id, its Redis namespace)
all live in S. The cluster tests run two deployments on one database this way.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

SCHEMA_PREFIX = "belle_bench_"
SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
BENCH_MARK = "benchmark"  # the settings key of a database a benchmark used as it is


_MADE_HERE: set[str] = set()  # schemas this process made (and drops): not left behind


class BenchDatabaseError(Exception):
    """The benchmark cannot use this database; the message says what to do instead."""


def is_postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://", "postgres+", "postgresql+"))


def _engine(url: str) -> Any:
    from sqlalchemy import create_engine

    from belle.storage import normalize_url

    return create_engine(normalize_url(url), pool_pre_ping=True)


def _quoted(schema: str) -> str:
    if not SCHEMA_NAME.match(schema):
        raise BenchDatabaseError(f"{schema!r} is not a plain schema name")
    return f'"{schema}"'


@contextlib.contextmanager
def own_schema(url: str) -> Iterator[str]:
    """A fresh schema in `url`'s database for one run; dropped with its contents after."""
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    name = f"{SCHEMA_PREFIX}{datetime.now(UTC):%Y%m%d%H%M%S}_{secrets.token_hex(3)}"
    engine = _engine(url)
    try:
        try:
            with engine.begin() as conn:
                conn.execute(text(f"CREATE SCHEMA {_quoted(name)}"))
        except SQLAlchemyError as exc:
            raise BenchDatabaseError(
                f"cannot create a schema for the benchmark in {_shown(url)} "
                f"({str(exc).splitlines()[0]}); the role needs the CREATE right on the "
                "database (its owner has it), or pass --db-as-is with an empty database"
            ) from exc
        _MADE_HERE.add(name)
        left = _left_behind(engine)
        if left:
            print(f"note: schemas of benchmarks that were stopped before they could drop "
                  f"them: {', '.join(left)} (DROP SCHEMA … CASCADE removes one)",
                  file=sys.stderr)
        try:
            yield name
        finally:
            with engine.begin() as conn:
                conn.execute(text(f"DROP SCHEMA IF EXISTS {_quoted(name)} CASCADE"))
            _MADE_HERE.discard(name)
    finally:
        engine.dispose()


def _left_behind(engine: Any) -> list[str]:
    from sqlalchemy import text

    with engine.connect() as conn:
        rows = conn.execute(text("SELECT nspname FROM pg_namespace WHERE nspname LIKE :p "
                                 "ORDER BY nspname"), {"p": SCHEMA_PREFIX + "%"})
        return [str(r[0]) for r in rows if r[0] not in _MADE_HERE]


def check_unused(url: str) -> None:
    """Raise BenchDatabaseError unless `url`'s database (its default schema) holds nothing
    but Belle's tables without a player or a table, or an earlier benchmark's; then mark
    it as the benchmark's."""
    from sqlalchemy import inspect

    from belle.storage import Store
    from belle.storage.models import metadata

    engine = _engine(url) if is_postgres(url) else _sqlite_engine(url)
    try:
        names = set(inspect(engine).get_table_names())
        others = sorted(names - set(metadata.tables) - {"alembic_version"})
        if others:
            raise BenchDatabaseError(
                f"{_shown(url)} holds tables of another application "
                f"({', '.join(others[:5])}): {REFUSAL}")
        held = _rows(engine, names)
        if held and not _marked(engine, names):
            raise BenchDatabaseError(
                f"{_shown(url)} holds Belle's data ({held} players and tables): {REFUSAL}")
    finally:
        engine.dispose()
    store = Store(url)
    try:
        store.migrate()
        store.setting(BENCH_MARK, lambda: datetime.now(UTC).isoformat())
    finally:
        store.close()


REFUSAL = ("the benchmark would write its own tables and players into it. Leave out "
           "--db-as-is (the benchmark then makes a schema of its own in the PostgreSQL "
           "database and drops it after the run), or give it an empty database")


def _sqlite_engine(url: str) -> Any:
    from sqlalchemy import create_engine

    return create_engine(url)


def _marked(engine: Any, names: set[str]) -> bool:
    """Whether an earlier benchmark used this database (its settings say so)."""
    from sqlalchemy import text

    if "settings" not in names:
        return False
    with engine.connect() as conn:
        value = conn.execute(text("SELECT value FROM settings WHERE key = :k"),
                             {"k": BENCH_MARK}).scalar()
    return value is not None


def _rows(engine: Any, names: set[str]) -> int:
    from sqlalchemy import text

    total = 0
    with engine.connect() as conn:
        for name in ("players", "tables"):
            if name in names:
                total += int(conn.execute(text(f"SELECT count(*) FROM {name}")).scalar() or 0)
    return total


def _shown(url: str) -> str:
    """The URL without its password."""
    return re.sub(r"://([^:/@]*):[^@]*@", r"://\1:***@", url)


def use_schema(schema: str) -> None:
    """Every PostgreSQL connection this process opens from now on uses `schema`."""
    from sqlalchemy import event
    from sqlalchemy.pool import Pool

    statement = f"SET search_path TO {_quoted(schema)}"

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        if "psycopg" not in type(dbapi_connection).__module__:
            return  # SQLite (nothing here uses it, but a pool is a pool)
        autocommit = dbapi_connection.autocommit
        dbapi_connection.autocommit = True  # a SET inside a rolled-back transaction is undone
        dbapi_connection.execute(statement)
        dbapi_connection.autocommit = autocommit

    event.listen(Pool, "connect", on_connect, insert=True)


def worker_command(schema: str | None) -> list[str]:
    """The command that starts a server (append `belle.server`'s arguments)."""
    if schema is None:
        return [sys.executable, "-m", "belle.server"]
    return [sys.executable, "-m", "belle.server.bench.schema", "--schema", schema]


def main(argv: list[str] | None = None) -> None:
    """`python -m belle.server.bench.schema --schema S [python -m belle.server args]`."""
    from belle.server.__main__ import main as serve

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] != "--schema":
        sys.exit("usage: python -m belle.server.bench.schema --schema NAME [server args]")
    use_schema(args[1])
    serve(args[2:])


if __name__ == "__main__":
    main()

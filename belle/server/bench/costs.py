"""What one accepted action costs PostgreSQL and Redis, from their own counters read at
both ends of a benchmark window (`Counters.begin` / `Counters.end`).

PostgreSQL: `pg_stat_database` of the servers' database (commits, rows inserted and
updated), the WAL written (`pg_stat_wal`, the whole server) and, when the extension is
installed, the statements run (`pg_stat_statements`). Redis: the commands and the bytes it
received and sent (`INFO`), and the PUBLISH and EVALSHA (lease) calls among them. These
counters are the servers', not this run's alone: other clients of the same PostgreSQL
database or Redis server count too, so measure on services of their own. PostgreSQL
flushes a backend's statistics at most once a second, so a 15 s window is right to
within a few per cent.
"""

from __future__ import annotations

import contextlib
from typing import Any

PG_DATABASE = ("SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted "
               "FROM pg_stat_database WHERE datname = current_database()")
PG_WAL = "SELECT wal_bytes FROM pg_stat_wal"
PG_STATEMENTS = ("SELECT sum(calls) FROM pg_stat_statements s JOIN pg_database d "
                 "ON d.oid = s.dbid WHERE d.datname = current_database()")
REDIS_FIELDS = ("total_commands_processed", "total_net_input_bytes", "total_net_output_bytes")
REDIS_COMMANDS = ("publish", "evalsha", "eval")


def _postgres(url: str) -> dict[str, float]:
    from sqlalchemy import create_engine, text

    from belle.storage import normalize_url

    engine = create_engine(normalize_url(url))
    found: dict[str, float] = {}
    try:
        with engine.connect() as conn:
            row = conn.execute(text(PG_DATABASE)).one()
            found.update(zip(("pg_commits", "pg_rollbacks", "pg_rows_inserted",
                              "pg_rows_updated", "pg_rows_deleted"),
                             (float(v) for v in row), strict=True))
        for name, query in (("pg_wal_bytes", PG_WAL), ("pg_statements", PG_STATEMENTS)):
            with contextlib.suppress(Exception), engine.connect() as conn:
                value = conn.execute(text(query)).scalar()
                if value is not None:
                    found[name] = float(value)
    finally:
        engine.dispose()
    return found


def _redis(url: str) -> dict[str, float]:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        stats = client.info("stats")
        commands = client.info("commandstats")
    finally:
        client.close()
    found = {f"redis_{name}": float(stats[name]) for name in REDIS_FIELDS}
    for name in REDIS_COMMANDS:
        found[f"redis_{name}"] = float(commands.get(f"cmdstat_{name}", {}).get("calls", 0))
    return found


class Counters:
    """The services' counters at the start and end of a window, per accepted action."""

    def __init__(self, db: str | None, redis: str | None) -> None:
        self.db = db if db and not db.startswith("sqlite") else None
        self.redis = redis
        self._before: dict[str, float] = {}
        self._after: dict[str, float] = {}

    def _read(self) -> dict[str, float]:
        found: dict[str, float] = {}
        if self.db:
            found.update(_postgres(self.db))
        if self.redis:
            found.update(_redis(self.redis))
        return found

    def begin(self) -> None:
        self._before = self._read()

    def end(self) -> None:
        self._after = self._read()

    def per_action(self, accepted: int) -> dict[str, Any] | None:
        """Each counter's growth over the window per accepted action (None: no services)."""
        if not self._before or accepted <= 0:
            return None
        return {name: round((self._after[name] - before) / accepted, 3)
                for name, before in self._before.items() if name in self._after}

"""Alembic, driven from code: `upgrade(engine)` brings a database to the newest schema.

No alembic.ini: the Config is built here, pointing at `belle/storage/migrations/`,
and the migration runs on a connection of the caller's engine (so SQLite pragmas and
pool settings apply). The server runs `upgrade` at every start; a new SQLite file is
created and migrated on the first one. On PostgreSQL the migration holds an advisory
lock for its transaction, so workers starting together migrate one after another.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x42656C6C65  # "Belle": the advisory lock key of migrations


def alembic_config(url: str) -> Config:
    """An Alembic Config for `url` without any ini file."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run every migration up to `revision` on `engine`'s database."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # A migration may wait for another worker's and take its time: no short
            # timeouts here (belle.storage.store sets them for the server's calls).
            connection.execute(text("SET LOCAL lock_timeout = 0"))
            connection.execute(text("SET LOCAL statement_timeout = 0"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None: not migrated yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    """The newest revision the code ships."""
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()

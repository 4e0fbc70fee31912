"""Alembic environment: runs on the connection `belle.storage.migrate` hands it.

There is no alembic.ini: `migrate.upgrade(engine)` builds the Config in code and
passes an open connection in `config.attributes["connection"]`.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from belle.storage.models import metadata

config = context.config


def run_migrations() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        url = config.get_main_option("sqlalchemy.url")
        if url is None:
            raise RuntimeError("no database connection or URL given to the migrations")
        with create_engine(url).begin() as own:
            _run(own)
        return
    _run(connection)


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=metadata,
        render_as_batch=True,  # SQLite needs batch mode to alter tables
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations()

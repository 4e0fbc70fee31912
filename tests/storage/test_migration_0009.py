"""Migration 0009 (issue 20): the community tables come and go cleanly on a database
of the release before, whose rows stay as they were."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect, text

from belle.storage import Store
from belle.storage import migrate as migrations

NEW = {"tournaments", "tournament_entries", "tournament_games", "push_subscriptions",
       "blocks", "reports", "sanctions"}


def _tables(store: Store) -> set[str]:
    return set(inspect(store.engine).get_table_names())


def test_0009_adds_the_community_tables_and_takes_them_back(database_url: str) -> None:
    store = Store(database_url)
    try:
        migrations.upgrade(store.engine, "0006")
        assert not NEW & _tables(store)
        with store.engine.begin() as conn:
            conn.execute(text("INSERT INTO settings (key, value) VALUES ('kept', 'yes')"))
        store.migrate()
        assert _tables(store) >= NEW
        assert migrations.current_revision(store.engine) == migrations.head_revision()
        with store.engine.begin() as conn:  # what was there stays
            assert conn.execute(text("SELECT value FROM settings WHERE key = 'kept'")
                                ).scalar() == "yes"
        config = migrations.alembic_config(store.engine.url.render_as_string(False))
        with store.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0006")
        assert not NEW & _tables(store)
    finally:
        store.close()

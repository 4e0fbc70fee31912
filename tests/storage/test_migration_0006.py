"""Migration 0006 (issue 17) on a database made by the release before: existing tables get
their creator as host, players a name skeleton (filled at the server's start) and their
old cookies honoured for guests, e-mail addresses start unverified."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert, select, text

from belle.server.accounts.names import skeleton
from belle.storage import Store
from belle.storage import migrate as migrations
from belle.storage.models import contacts, players, tables


def test_an_older_database_migrates(database_url: str) -> None:
    store = Store(database_url)
    try:
        migrations.upgrade(store.engine, "0005")
        moment = datetime(2026, 11, 1, tzinfo=UTC)
        with store.engine.begin() as conn:  # rows as release 0005 wrote them
            conn.execute(text(
                "INSERT INTO players (id, name, name_key, password_hash, created_at) "
                "VALUES (1, 'Ann', 'ann', NULL, :at), (2, 'Regina', 'regina', 'h', :at)"),
                {"at": moment})
            conn.execute(text(
                "INSERT INTO tables (id, game, options, players, mode, status, seats, "
                "version, events, engine_version, created_by, created_at, updated_at) "
                "VALUES (1, 'paris', '{}', 2, 'live', 'open', '[]', 0, 0, '0.1.0', 1, "
                ":at, :at)"), {"at": moment})
            conn.execute(text(
                "INSERT INTO contacts (player_id, email, turn_notices, updated_at) "
                "VALUES (2, 'regina@example.org', true, :at)"), {"at": moment})
        store.migrate()
        assert migrations.current_revision(store.engine) == migrations.head_revision()
        assert store.fill_name_skeletons(skeleton) == 2
        with store.engine.connect() as conn:
            assert conn.execute(select(tables.c.host_id)).scalar() == 1
            rows = conn.execute(select(players.c.name_skeleton, players.c.legacy_cookie)
                                .order_by(players.c.id)).all()
            assert [tuple(r) for r in rows] == [("ann", True), ("regina", True)]
            assert conn.execute(select(contacts.c.verified_at)).scalar() is None
        table = store.get_table(1)
        assert table is not None and table.host_name == "Ann"
        assert store.registered_look_alike(skeleton("Reg1na")) is None  # i is not l
        assert store.registered_look_alike(skeleton("regіna")) == "Regina"
        with store.engine.begin() as conn:
            conn.execute(insert(players).values(id=3, name="Bo", name_key="bo",
                                                created_at=moment))
        assert store.get_player_by_name("Bo") is not None
    finally:
        store.close()

"""The database schema as SQLAlchemy 2 tables (Core), shared by the Store and Alembic.

Portable SQL only (SQLite and PostgreSQL): JSON columns, a lower-cased `name_key`
column for case-insensitive unique names, and UNIQUE (match_id, seq) on actions, which
is what makes appending an action optimistic: the second writer of a seq loses.
The migrations in `belle/storage/migrations/` create exactly this schema (a test
compares them).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),  # name.casefold()
    Column("password_hash", String(255), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("mode", String(8), nullable=False),  # live | turn
    Column("status", String(10), nullable=False, index=True),  # open | running | finished
    Column("seed", BigInteger, nullable=True),
    Column("seats", JSON, nullable=False),  # [{"kind", "player_id", "name", "bot"}]
    Column("version", Integer, nullable=False),  # actions in the log
    Column("events", Integer, nullable=False),  # events broadcast so far (numbering)
    Column("result", JSON, nullable=True),
    Column("engine_version", String(20), nullable=False),
    Column("created_by", Integer, ForeignKey("players.id"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # An imported match: the export's id for it (belle.storage.backup); null when made here.
    Column("origin", String(100), nullable=True, index=True, unique=True),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("match_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("player", Integer, nullable=False),  # seat, or belle.CHANCE
    Column("action", JSON, nullable=False),
    Column("text", String(200), nullable=False),
    Column("visible_to", JSON, nullable=True),  # null: public
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("match_id", "seq", name="uq_actions_match_id_seq"),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=True),  # null: lobby
    Column("player_id", Integer, ForeignKey("players.id"), nullable=True),
    Column("name", String(24), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_table_id_id", "table_id", "id"),
)

settings = Table(
    "settings",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

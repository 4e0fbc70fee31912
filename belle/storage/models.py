"""The database schema as SQLAlchemy 2 tables (Core), shared by the Store and Alembic.

Portable SQL only (SQLite and PostgreSQL): JSON columns, a lower-cased `name_key`
column for case-insensitive unique names, and UNIQUE (match_id, seq) on actions, which
is what makes appending an action optimistic: the second writer of a seq loses.
`ratings` holds one rating per (player, game); `player_results` one row per (table,
player) of every finished table a person sat at, with the rating before and after when
the game was rated: UNIQUE (table_id, player_id) makes recording a result (and so a
rating update) happen once, whoever tries twice.
The migrations in `belle/storage/migrations/` create exactly this schema (a test
compares them).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
    true,
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
    # The name's TR39 skeleton (belle.server.accounts.names): a new name whose skeleton
    # is a registered player's is refused as a look-alike.
    Column("name_skeleton", String(96), nullable=True, index=True),
    # Whether a cookie of the old kind (a signed player id, before server-side
    # sessions) is still honoured for this guest; off once they have a session.
    Column("legacy_cookie", Boolean, nullable=False, server_default=true()),
)

sessions = Table(  # server-side sessions: the cookie holds a token, this its hash
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # sha256 hex of the token
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False, index=True),
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
    Column("clock", JSON, nullable=True),  # settings chosen at creation; null: no clock
    Column("clock_state", JSON, nullable=True),  # remaining time, running seat, deadline
    # An imported match: the export's id for it (belle.storage.backup); null when made here.
    Column("origin", String(100), nullable=True, index=True, unique=True),
    # Who manages the table (seats, start, kick): its creator until they hand it on.
    Column("host_id", Integer, nullable=True, index=True),  # a player id (no foreign key:
    # SQLite cannot add one to an existing table)
    Column("banned", JSON, nullable=True),  # player ids kicked before the start
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

ratings = Table(
    "ratings",
    metadata,
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Float, nullable=False),  # the displayed rating, for ordering
    Column("games", Integer, nullable=False),  # rated games played
    Column("updated_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("player_id", "game", name="pk_ratings"),
    Index("ix_ratings_game_rating", "game", "rating"),
)

player_results = Table(
    "player_results",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("place", Integer, nullable=False),  # 0 = first; ties share a place
    Column("rated", Boolean, nullable=False),
    Column("mu_before", Float, nullable=True),  # the rating columns: null when unrated
    Column("sigma_before", Float, nullable=True),
    Column("rating_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "player_id", name="uq_player_results_table_id_player_id"),
    Index("ix_player_results_player_id_id", "player_id", "id"),
)

# -- notices (issue 10 item 4): kept apart from `players`, so no player row or payload
# built from one can ever carry an e-mail address.
contacts = Table(
    "contacts",
    metadata,
    Column("player_id", Integer, ForeignKey("players.id"), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("turn_notices", Boolean, nullable=False),  # e-mail "your turn" at turn tables
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # When the address was confirmed through the signed link sent to it; null: not yet,
    # and nothing is sent to it but that link.
    Column("verified_at", DateTime(timezone=True), nullable=True),
)

turns = Table(  # whose turn it is at each running table, and since when
    "turns",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=True),  # null: a bot
    Column("since", DateTime(timezone=True), nullable=False),
    Index("ix_turns_player_id_since", "player_id", "since"),
)

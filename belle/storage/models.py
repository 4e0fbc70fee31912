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
    false,
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
    # Listed and open only to its members (belle.storage.friends.table_members).
    Column("private", Boolean, nullable=False, server_default=false()),
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
    # A line the table wrote, as {"id": notice id, "params": {...}} (each browser words
    # it in its reader's language; `text` holds it in English); null for people's lines.
    Column("notice", JSON, nullable=True),
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

# -- planning mode and rematches (issues 14 and 16) ----------------------------------
plans = Table(  # a seat's private plan as saved at the end of its turns (never sent on)
    "plans",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("version", Integer, nullable=False),  # actions in the log when it was saved
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("plan", JSON, nullable=False),
    Column("saved_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "seat", "version", name="pk_plans"),
)

rematches = Table(  # who of a finished table's people want to play it again
    "rematches",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("accepted", JSON, nullable=False),  # player ids, in the order they accepted
    Column("next_table_id", Integer, ForeignKey("tables.id"), nullable=True, unique=True),
    Column("start_seat", Integer, nullable=True),  # who the rematch's draw makes start
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# -- playing with friends (issue 20): who may see and join a private table, invitation
# links, who follows whom, who is online where, where a table came from, and the story
# of each finished game (a cache). belle.storage.friends reads and writes them.
table_members = Table(  # the people a table is open to: its creator, invitees, link users
    "table_members",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("via", String(8), nullable=False),  # host | name | link | again | learn
    Column("invited_by", Integer, nullable=True),  # a player id; null: nobody (the host)
    Column("at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "player_id", name="pk_table_members"),
    Index("ix_table_members_player_id", "player_id"),
)

invite_links = Table(  # the token is signed; this row makes it revocable and single-use
    "invite_links",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("key", String(32), nullable=False),  # random; in the signed token too
    Column("single_use", Boolean, nullable=False),
    Column("created_by", Integer, ForeignKey("players.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True), nullable=True),
    Column("used_by", Integer, ForeignKey("players.id"), nullable=True),
    Column("used_at", DateTime(timezone=True), nullable=True),
)

follows = Table(
    "follows",
    metadata,
    Column("follower_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("followed_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("follower_id", "followed_id", name="pk_follows"),
    Index("ix_follows_followed_id", "followed_id"),
)

presence = Table(  # one row per (worker, player, place) with an open socket there
    "presence",
    metadata,
    Column("worker", String(32), nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("place", Integer, nullable=False),  # 0: the lobby; else a table id
    Column("since", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),  # the worker's last beat
    PrimaryKeyConstraint("worker", "player_id", "place", name="pk_presence"),
    Index("ix_presence_player_id", "player_id"),
)

table_origins = Table(  # tables made by "play again" (one per finished table) or to learn
    "table_origins",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("kind", String(8), nullable=False),  # again | learn
    Column("source_id", Integer, ForeignKey("tables.id"), nullable=True),
    Column("created_by", Integer, ForeignKey("players.id"), nullable=True),
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("kind", "source_id", name="uq_table_origins_kind"),
)

game_stories = Table(  # the score curve and decisive moments of a finished game (a cache)
    "game_stories",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("format", Integer, nullable=False),  # belle.server.friends.story.FORMAT
    Column("version", Integer, nullable=False),  # the log length it was computed from
    Column("story", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# -- community (issue 20 items 3, 6, 7): tournaments, Web Push, moderation --------------
tournaments = Table(  # belle.storage.tournaments
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(60), nullable=False),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("system", String(12), nullable=False),  # swiss | round_robin
    Column("rounds", Integer, nullable=False),  # planned (round robin: set at the start)
    Column("table_size", Integer, nullable=False),
    Column("mode", String(8), nullable=False),  # live | turn
    Column("clock", JSON, nullable=True),
    Column("status", String(10), nullable=False, index=True),  # signup | running | finished
    Column("round", Integer, nullable=False),  # the round under way (0: not started)
    Column("created_by", Integer, ForeignKey("players.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

tournament_entries = Table(
    "tournament_entries",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=True),  # null: a bot
    Column("bot", String(40), nullable=True),
    Column("name", String(40), nullable=False),
    Column("joined_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("tournament_id", "player_id",
                     name="uq_tournament_entries_tournament_id_player_id"),
    Index("ix_tournament_entries_tournament_id", "tournament_id"),
)

tournament_games = Table(  # one row per table of a round, or per bye (table_id null)
    "tournament_games",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=True, unique=True),
    Column("entries", JSON, nullable=False),  # entry ids, by seat
    Index("ix_tournament_games_tournament_id_round", "tournament_id", "round"),
)

push_subscriptions = Table(  # belle.storage.push: a browser's Web Push subscription
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False, index=True),
    Column("endpoint", String(1024), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

blocks = Table(  # belle.storage.moderation: `player_id` blocked `blocked_id`
    "blocks",
    metadata,
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("blocked_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("player_id", "blocked_id", name="pk_blocks"),
    Index("ix_blocks_blocked_id", "blocked_id"),
)

reports = Table(  # a chat line reported to the operator
    "reports",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("chat_id", Integer, ForeignKey("chat.id"), nullable=False),
    Column("reporter_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("reason", String(300), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("resolved_at", DateTime(timezone=True), nullable=True),
    UniqueConstraint("chat_id", "reporter_id", name="uq_reports_chat_id_reporter_id"),
)

sanctions = Table(  # what the operator decided about a name
    "sanctions",
    metadata,
    Column("player_id", Integer, ForeignKey("players.id"), primary_key=True),
    Column("muted", Boolean, nullable=False),
    Column("banned", Boolean, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

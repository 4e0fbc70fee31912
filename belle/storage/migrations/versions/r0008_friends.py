"""Playing with friends (issue 20): private tables, their members and invitation links,
follows, presence, where a table came from, and the cached story of finished games.

- `tables.private`: listed and open only to its members (existing tables are public).
- `table_members`: the people a table is open to (its creator, invitees, link users).
- `invite_links`: one row per invitation link (revocable; optionally single-use).
- `follows`: who follows whom.
- `presence`: who has a socket open where, per worker, refreshed by the worker's beat.
- `table_origins`: a table made by "play again" from a finished one, or to learn a game.
- `game_stories`: the score curve and decisive moments of a finished game (a cache:
  it may be emptied at any time).

Self-contained (every object it makes is new, but for one column on `tables`), so it can be
re-chained after another branch's 0007.

Revision ID: 0008
Revises: 0006
Create Date: 2026-12-05

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def _players_fk(table: str, column: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], ["players.id"],
                                   name=f"fk_{table}_{column}_players")


def _tables_fk(table: str, column: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], ["tables.id"],
                                   name=f"fk_{table}_{column}_tables")


def upgrade() -> None:
    # A plain add_column (SQLite adds a column without rebuilding the table).
    op.add_column("tables", sa.Column("private", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    op.create_table(
        "table_members",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("via", sa.String(8), nullable=False),
        sa.Column("invited_by", sa.Integer(), nullable=True),
        sa.Column("at", TZ, nullable=False),
        _tables_fk("table_members", "table_id"),
        _players_fk("table_members", "player_id"),
        sa.PrimaryKeyConstraint("table_id", "player_id", name="pk_table_members"),
    )
    op.create_index("ix_table_members_player_id", "table_members", ["player_id"])
    op.create_table(
        "invite_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("single_use", sa.Boolean(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("revoked_at", TZ, nullable=True),
        sa.Column("used_by", sa.Integer(), nullable=True),
        sa.Column("used_at", TZ, nullable=True),
        _tables_fk("invite_links", "table_id"),
        _players_fk("invite_links", "created_by"),
        _players_fk("invite_links", "used_by"),
        sa.PrimaryKeyConstraint("id", name="pk_invite_links"),
    )
    op.create_index("ix_invite_links_table_id", "invite_links", ["table_id"])
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer(), nullable=False),
        sa.Column("followed_id", sa.Integer(), nullable=False),
        sa.Column("at", TZ, nullable=False),
        _players_fk("follows", "follower_id"),
        _players_fk("follows", "followed_id"),
        sa.PrimaryKeyConstraint("follower_id", "followed_id", name="pk_follows"),
    )
    op.create_index("ix_follows_followed_id", "follows", ["followed_id"])
    op.create_table(
        "presence",
        sa.Column("worker", sa.String(32), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("since", TZ, nullable=False),
        sa.Column("seen_at", TZ, nullable=False),
        _players_fk("presence", "player_id"),
        sa.PrimaryKeyConstraint("worker", "player_id", "place", name="pk_presence"),
    )
    op.create_index("ix_presence_player_id", "presence", ["player_id"])
    op.create_table(
        "table_origins",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("source_id", sa.Integer(), nullable=True),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("at", TZ, nullable=False),
        _tables_fk("table_origins", "table_id"),
        _tables_fk("table_origins", "source_id"),
        _players_fk("table_origins", "created_by"),
        sa.PrimaryKeyConstraint("table_id", name="pk_table_origins"),
        sa.UniqueConstraint("kind", "source_id", name="uq_table_origins_kind"),
    )
    op.create_table(
        "game_stories",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("format", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("story", sa.JSON(), nullable=False),
        sa.Column("at", TZ, nullable=False),
        _tables_fk("game_stories", "table_id"),
        sa.PrimaryKeyConstraint("table_id", name="pk_game_stories"),
    )


def downgrade() -> None:
    op.drop_table("game_stories")
    op.drop_table("table_origins")
    op.drop_index("ix_presence_player_id", table_name="presence")
    op.drop_table("presence")
    op.drop_index("ix_follows_followed_id", table_name="follows")
    op.drop_table("follows")
    op.drop_index("ix_invite_links_table_id", table_name="invite_links")
    op.drop_table("invite_links")
    op.drop_index("ix_table_members_player_id", table_name="table_members")
    op.drop_table("table_members")
    op.drop_column("tables", "private")

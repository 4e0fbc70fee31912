"""Community (issue 20 items 3, 6, 7): tournaments, Web Push subscriptions, moderation.

- `tournaments`, `tournament_entries` (who signed up: a person or a bot),
  `tournament_games` (the tables of each round, and the byes);
- `push_subscriptions`: a browser's Web Push endpoint and keys, per player;
- `blocks` (who blocked whom), `reports` (chat lines reported to the operator),
  `sanctions` (muted or banned names).

Revision ID: 0009
Revises: 0006 (the lead re-chains it after 0007 and 0008 at merge)
Create Date: 2026-12-01

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def _fk(column: str, table: str, owner: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{table}.id"],
                                   name=f"fk_{owner}_{column}_{table}")


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("system", sa.String(12), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        _fk("created_by", "players", "tournaments"),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("joined_at", TZ, nullable=False),
        _fk("tournament_id", "tournaments", "tournament_entries"),
        _fk("player_id", "players", "tournament_entries"),
        sa.PrimaryKeyConstraint("id", name="pk_tournament_entries"),
        sa.UniqueConstraint("tournament_id", "player_id",
                            name="uq_tournament_entries_tournament_id_player_id"),
    )
    op.create_index("ix_tournament_entries_tournament_id", "tournament_entries",
                    ["tournament_id"])
    op.create_table(
        "tournament_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("entries", sa.JSON(), nullable=False),
        _fk("tournament_id", "tournaments", "tournament_games"),
        _fk("table_id", "tables", "tournament_games"),
        sa.PrimaryKeyConstraint("id", name="pk_tournament_games"),
        sa.UniqueConstraint("table_id", name="uq_tournament_games_table_id"),
    )
    op.create_index("ix_tournament_games_tournament_id_round", "tournament_games",
                    ["tournament_id", "round"])
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        _fk("player_id", "players", "push_subscriptions"),
        sa.PrimaryKeyConstraint("id", name="pk_push_subscriptions"),
        sa.UniqueConstraint("endpoint", name="uq_push_subscriptions_endpoint"),
    )
    op.create_index("ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"])
    op.create_table(
        "blocks",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("blocked_id", sa.Integer(), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        _fk("player_id", "players", "blocks"),
        _fk("blocked_id", "players", "blocks"),
        sa.PrimaryKeyConstraint("player_id", "blocked_id", name="pk_blocks"),
    )
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(300), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("resolved_at", TZ, nullable=True),
        _fk("chat_id", "chat", "reports"),
        _fk("reporter_id", "players", "reports"),
        sa.PrimaryKeyConstraint("id", name="pk_reports"),
        sa.UniqueConstraint("chat_id", "reporter_id", name="uq_reports_chat_id_reporter_id"),
    )
    op.create_table(
        "sanctions",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("muted", sa.Boolean(), nullable=False),
        sa.Column("banned", sa.Boolean(), nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        _fk("player_id", "players", "sanctions"),
        sa.PrimaryKeyConstraint("player_id", name="pk_sanctions"),
    )


def downgrade() -> None:
    op.drop_table("sanctions")
    op.drop_table("reports")
    op.drop_index("ix_blocks_blocked_id", table_name="blocks")
    op.drop_table("blocks")
    op.drop_index("ix_push_subscriptions_player_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_index("ix_tournament_games_tournament_id_round", table_name="tournament_games")
    op.drop_table("tournament_games")
    op.drop_index("ix_tournament_entries_tournament_id", table_name="tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index("ix_tournaments_status", table_name="tournaments")
    op.drop_table("tournaments")

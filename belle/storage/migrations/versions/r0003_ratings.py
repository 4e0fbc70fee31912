"""Ratings per (player, game) and each player's result at each finished table.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_ratings_player_id_players"
        ),
        sa.PrimaryKeyConstraint("player_id", "game", name="pk_ratings"),
    )
    op.create_index("ix_ratings_game_rating", "ratings", ["game", "rating"])
    op.create_table(
        "player_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=True),
        sa.Column("sigma_before", sa.Float(), nullable=True),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("mu_after", sa.Float(), nullable=True),
        sa.Column("sigma_after", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.Column("at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_player_results_table_id_tables"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_player_results_player_id_players"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_player_results"),
        sa.UniqueConstraint(
            "table_id", "player_id", name="uq_player_results_table_id_player_id"
        ),
    )
    op.create_index(
        "ix_player_results_player_id_id", "player_results", ["player_id", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_player_results_player_id_id", table_name="player_results")
    op.drop_table("player_results")
    op.drop_index("ix_ratings_game_rating", table_name="ratings")
    op.drop_table("ratings")

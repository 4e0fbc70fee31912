"""Notices (issue 10 item 4): players' e-mail contacts and whose turn it is per table.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "contacts",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("turn_notices", sa.Boolean(), nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_contacts_player_id_players"
        ),
        sa.PrimaryKeyConstraint("player_id", name="pk_contacts"),
    )
    op.create_table(
        "turns",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("since", TZ, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_turns_table_id_tables"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_turns_player_id_players"),
        sa.PrimaryKeyConstraint("table_id", name="pk_turns"),
    )
    op.create_index("ix_turns_player_id_since", "turns", ["player_id", "since"])


def downgrade() -> None:
    op.drop_index("ix_turns_player_id_since", table_name="turns")
    op.drop_table("turns")
    op.drop_table("contacts")

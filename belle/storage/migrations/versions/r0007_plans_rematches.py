"""Planning mode, rematches and chat notices (issues 14 and 16).

- `plans`: a seat's private plan (City of Light's planning mode), one row per turn end
  that saved it, keyed by the number of actions in the log at that moment, so a plan
  saved with a step that is later taken back is no longer the one loaded.
- `rematches`: who of a finished table's people accepted playing it again, and the
  table the rematch started as (unique: a table has at most one rematch) with the seat
  its start-player draw gives the first turn.
- `chat.notice`: a line the table wrote as a notice id and its parameters (each reader's
  browser words it in their language); null for what people say.

Revision ID: 0007
Revises: 0006
Create Date: 2027-01-10

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "plans",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("plan", sa.JSON(), nullable=False),
        sa.Column("saved_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_plans_table_id_tables"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_plans_player_id_players"),
        sa.PrimaryKeyConstraint("table_id", "seat", "version", name="pk_plans"),
    )
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("accepted", sa.JSON(), nullable=False),
        sa.Column("next_table_id", sa.Integer(), nullable=True),
        sa.Column("start_seat", sa.Integer(), nullable=True),
        sa.Column("updated_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"],
                                name="fk_rematches_table_id_tables"),
        sa.ForeignKeyConstraint(["next_table_id"], ["tables.id"],
                                name="fk_rematches_next_table_id_tables"),
        sa.PrimaryKeyConstraint("table_id", name="pk_rematches"),
        sa.UniqueConstraint("next_table_id", name="uq_rematches_next_table_id"),
    )
    op.add_column("chat", sa.Column("notice", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("chat", "notice")
    op.drop_table("rematches")
    op.drop_table("plans")

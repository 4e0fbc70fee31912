"""Clocks: the settings chosen at a table's creation and the running clock.

Revision ID: 0002
Revises: 0001
Create Date: 2026-05-10

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("clock_state", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_state")
        batch.drop_column("clock")

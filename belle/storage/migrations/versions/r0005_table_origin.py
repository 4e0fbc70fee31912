"""tables.origin: where an imported match came from (`belle import` skips it next time).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A unique index rather than a constraint: SQLite adds it without rebuilding `tables`
    # (a batch rebuild would trip over the foreign keys of actions and chat).
    op.add_column("tables", sa.Column("origin", sa.String(100), nullable=True))
    op.create_index("ix_tables_origin", "tables", ["origin"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_tables_origin", table_name="tables")
    op.drop_column("tables", "origin")

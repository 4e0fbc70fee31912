"""Hardening (issue 17): server-side sessions, look-alike name keys, table roles, verified
e-mail addresses.

- `sessions`: one row per signed-in browser (the hash of its cookie's token), so logout
  and a password change revoke them; `players.legacy_cookie` keeps old cookies (a signed
  player id) working for a guest until they get a session.
- `players.name_skeleton`: the TR39 skeleton of each name; the server fills it for
  existing players at its next start (`Store.fill_name_skeletons`).
- `tables.host_id` (the creator until they hand the role on; filled from `created_by`),
  `tables.banned` (who was kicked before the start).
- `contacts.verified_at`: existing addresses start unverified; they get no notice until
  their owner confirms them through the link.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    # Plain add_column everywhere (SQLite adds a column without rebuilding the table;
    # a batch rebuild would trip over the foreign keys pointing at players and tables).
    op.add_column("players", sa.Column("name_skeleton", sa.String(96), nullable=True))
    op.add_column("players", sa.Column("legacy_cookie", sa.Boolean(), nullable=False,
                                       server_default=sa.true()))
    op.create_index("ix_players_name_skeleton", "players", ["name_skeleton"])
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_sessions_player_id_players"),
        sa.PrimaryKeyConstraint("token_hash", name="pk_sessions"),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])
    op.add_column("tables", sa.Column("host_id", sa.Integer(), nullable=True))
    op.add_column("tables", sa.Column("banned", sa.JSON(), nullable=True))
    op.create_index("ix_tables_host_id", "tables", ["host_id"])
    op.execute("UPDATE tables SET host_id = created_by")
    op.add_column("contacts", sa.Column("verified_at", TZ, nullable=True))


def downgrade() -> None:
    op.drop_column("contacts", "verified_at")
    op.drop_index("ix_tables_host_id", table_name="tables")
    op.drop_column("tables", "banned")
    op.drop_column("tables", "host_id")
    op.drop_index("ix_sessions_player_id", table_name="sessions")
    op.drop_table("sessions")
    op.drop_index("ix_players_name_skeleton", table_name="players")
    op.drop_column("players", "legacy_cookie")
    op.drop_column("players", "name_skeleton")

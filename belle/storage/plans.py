"""A seat's private plan (City of Light's planning mode, REQ-COL-P1..P9) in the database.

A plan is saved at the end of each of its seat's turns, under the number of actions the
log held right after the step that ended the turn (`version`). The seat's plan is the
one saved last: an undo takes back a step of the game, not the plan ("Änderungen an
deinem Plan werden gespeichert, wenn du auf die Schaltfläche „Zug beenden“ klickst": what
that click saved stays saved until the next turn end saves again, on every device). A
save removes the rows at its version or later (steps since taken back), so the last
saved is always the one of the highest version. `Store.plans` is one of these.

Nothing else reads this table: plans are not part of a match record, its replays, its
views or its export (belle.storage.backup); only the seat's own player is given one
(belle.server.table.plans).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select

from belle.storage.models import plans


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class SavedPlan:
    """A plan as saved at the end of a turn: the log held `version` actions then."""

    plan: dict[str, Any]
    version: int
    saved_at: datetime


class PlanRows:
    """Plans on `engine` (each method one short transaction, thread-safe)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def save(self, table_id: int, seat: int, player_id: int, version: int,
             plan: dict[str, Any]) -> None:
        """Keep `plan` as the seat's plan from `version` on; plans saved at that version
        or later (with steps since taken back) go."""
        with self.engine.begin() as conn:
            conn.execute(delete(plans).where(plans.c.table_id == table_id,
                                             plans.c.seat == seat, plans.c.version >= version))
            conn.execute(insert(plans).values(table_id=table_id, seat=seat, version=version,
                                              player_id=player_id, plan=plan, saved_at=now()))

    def load(self, table_id: int, seat: int) -> SavedPlan | None:
        """The seat's plan as saved last (an undo since leaves it as it is)."""
        query = (
            select(plans.c.plan, plans.c.version, plans.c.saved_at)
            .where(plans.c.table_id == table_id, plans.c.seat == seat)
            .order_by(plans.c.version.desc()).limit(1)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        saved: datetime = row.saved_at
        if saved.tzinfo is None:  # SQLite hands back naive datetimes; they were UTC
            saved = saved.replace(tzinfo=UTC)
        return SavedPlan(dict(row.plan), int(row.version), saved)

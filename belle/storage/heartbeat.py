"""The heartbeat that lets clocks skip the time no server was up, or storage did not
answer (belle.server.table.janitor). `Store.clocks` is one of these."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from belle.storage.models import settings, tables

HEARTBEAT = "heartbeat"  # the settings key of the last moment a server was up
LAST_SHIFT = "clock-shift"  # the settings key of the last shift: "<moment> <seconds>"


Shift = Callable[[Mapping[str, Any], float, float], dict[str, Any]]  # (clock, until, seconds)


class Heartbeat:
    """The last beat, and the shift of every running clock after downtime."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def beat(self, moment: float) -> None:
        """Note that the server is up at `moment` (seconds since the epoch)."""
        try:
            with self.engine.begin() as conn:
                if conn.execute(update(settings).where(settings.c.key == HEARTBEAT)
                                .values(value=repr(moment))).rowcount == 0:
                    conn.execute(insert(settings).values(key=HEARTBEAT, value=repr(moment)))
        except IntegrityError:  # another worker wrote the first beat meanwhile
            with self.engine.begin() as conn:
                conn.execute(update(settings).where(settings.c.key == HEARTBEAT)
                             .values(value=repr(moment)))

    def resume_clocks(self, clock: Callable[[], float], stale_after: float,
                      shift: Shift) -> float:
        """At a start: if no server beat for `stale_after` seconds, every running table's
        clock is moved on by the time since the last beat (`shift(state, now, seconds)`),
        and that time is returned (0.0 otherwise). One transaction with the new beat, so
        of workers starting together only one shifts. `clock()` is read once the beat is
        locked: time spent waiting for storage is downtime too."""
        try:
            return self._resume_clocks(clock, stale_after, shift)
        except IntegrityError:  # another worker wrote the first beat meanwhile: it is there
            return self._resume_clocks(clock, stale_after, shift)

    def settle(self, clock: Callable[[], float], stale_after: float,
               shift: Shift) -> tuple[float, float] | None:
        """A beat that is also `resume_clocks` (every worker's heartbeat: storage that did
        not answer for `stale_after` seconds was down for every server), then the last
        shift any worker made (`last_shift`), so each worker moves the clocks it holds
        in memory by a shift it has not seen."""
        self.resume_clocks(clock, stale_after, shift)
        return self.last_shift()

    def last_shift(self) -> tuple[float, float] | None:
        """The last shift of the clocks: when it was made and by how many seconds (None:
        none yet). Its moment tells it apart from the others."""
        with self.engine.connect() as conn:
            found = conn.execute(select(settings.c.value)
                                 .where(settings.c.key == LAST_SHIFT)).scalar()
        if found is None:
            return None
        moment, seconds = str(found).split()
        return float(moment), float(seconds)

    def clock_state(self, table_id: int) -> dict[str, Any] | None:
        """The running clock stored with a table (None: none, or no such table)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(tables.c.clock_state)
                                 .where(tables.c.id == table_id)).scalar()
        return dict(found) if found is not None else None

    def _resume_clocks(self, clock: Callable[[], float], stale_after: float,
                       shift: Shift) -> float:
        with self.engine.begin() as conn:
            # Lock the beat first (a write: SQLite's lock, PostgreSQL's row), then read the
            # time, so a wait for another writer counts as downtime, not as time played.
            conn.execute(update(settings).where(settings.c.key == HEARTBEAT)
                         .values(value=settings.c.value))
            found = conn.execute(select(settings.c.value).where(settings.c.key == HEARTBEAT)
                                 .with_for_update()).scalar()
            moment = clock()
            last = float(found) if found is not None else None
            if found is None:
                conn.execute(insert(settings).values(key=HEARTBEAT, value=repr(moment)))
            else:
                conn.execute(update(settings).where(settings.c.key == HEARTBEAT)
                             .values(value=repr(moment)))
            if last is None or moment - last <= stale_after:
                return 0.0
            downtime = moment - last
            running = conn.execute(select(tables.c.id, tables.c.clock_state).where(
                tables.c.status == "running", tables.c.clock_state.is_not(None))).all()
            for table_id, state in running:
                moved = shift(state, moment, downtime) if state is not None else state
                if moved != state:
                    conn.execute(update(tables).where(tables.c.id == table_id)
                                 .values(clock_state=moved))
            noted = f"{moment!r} {downtime!r}"
            if conn.execute(update(settings).where(settings.c.key == LAST_SHIFT)
                            .values(value=noted)).rowcount == 0:
                conn.execute(insert(settings).values(key=LAST_SHIFT, value=noted))
            return downtime

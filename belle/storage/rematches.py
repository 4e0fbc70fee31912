"""Rematches in the database: who of a finished table's people accepted playing it again,
and the table the rematch started as.

`accept` is one transaction: the acceptance is added under a lock on the table's row
of `rematches`, and the acceptance that completes the set of people inserts the new
table (already running, its seats taken; private, with the people as members, when the
finished table was) and links it, so however many people accept at once, on however many
workers, a table has at most one rematch (UNIQUE next_table_id as well). `offers_for`
lists the offers still waiting for a player (the friends panel's invitations).
`Store.rematches` is one of these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from belle.storage.models import players, rematches, table_members, tables


@dataclass(frozen=True, slots=True)
class Rematch:
    """Who accepted (player ids, in order) and the rematch's table once it started."""

    accepted: tuple[int, ...] = ()
    table: int | None = None


@dataclass(frozen=True, slots=True)
class NewTable:
    """What the rematch's table is made of (the Store inserts it: `insert_table`)."""

    game: str
    options: Mapping[str, Any]
    seats: list[Any]  # belle.storage.Seat
    mode: str
    host_id: int | None
    clock: Mapping[str, Any] | None
    seed: int
    start_seat: int | None = None  # the seat its start-player draw gives the first turn
    private: bool = False  # open only to `members` (belle.storage.friends)
    members: tuple[int, ...] = ()  # player ids; the host first


@dataclass(frozen=True, slots=True)
class Offer:
    """A rematch someone offered that a player has not accepted yet."""

    table_id: int  # the finished table
    by: str  # the name of the first who accepted


class RematchRows:
    """Rematches on `engine`; `insert_table` (belle.storage.store) puts a table row in a
    transaction."""

    def __init__(self, engine: Engine, insert_table: Callable[..., int]) -> None:
        self.engine = engine
        self._insert_table = insert_table

    def get(self, table_id: int) -> Rematch:
        with self.engine.connect() as conn:
            return _read(conn, table_id, lock=False)[0]

    def accept(self, table_id: int, player_id: int, people: frozenset[int],
               new_table: NewTable) -> tuple[Rematch, bool]:
        """Add `player_id`'s acceptance; once everyone in `people` has accepted, insert
        `new_table` as the rematch. The rematch as it is now, and whether this call
        started it (False as well when it had started already)."""
        try:
            return self._accept(table_id, player_id, people, new_table)
        except IntegrityError:  # another worker wrote the first acceptance meanwhile
            return self._accept(table_id, player_id, people, new_table)

    def _accept(self, table_id: int, player_id: int, people: frozenset[int],
                new_table: NewTable) -> tuple[Rematch, bool]:
        with self.engine.begin() as conn:
            found, exists = _read(conn, table_id, lock=True)
            if found.table is not None:
                return found, False
            accepted = found.accepted if player_id in found.accepted \
                else (*found.accepted, player_id)
            started: int | None = None
            if people <= set(accepted):
                started = self._insert_table(
                    conn, new_table.game, new_table.options, new_table.seats, new_table.mode,
                    new_table.host_id, new_table.clock, status="running", seed=new_table.seed,
                    private=new_table.private)
                _add_members(conn, started, new_table)
            _write(conn, table_id, accepted, started, exists,
                   new_table.start_seat if started is not None else None)
            return Rematch(accepted, started), started is not None

    def withdraw(self, table_id: int, player_id: int) -> Rematch:
        """Take `player_id`'s acceptance back (nothing changes once the rematch started)."""
        with self.engine.begin() as conn:
            found, _exists = _read(conn, table_id, lock=True)
            if found.table is not None or player_id not in found.accepted:
                return found
            accepted = tuple(p for p in found.accepted if p != player_id)
            _write(conn, table_id, accepted, None, exists=True)
            return Rematch(accepted, None)

    def previous(self, table_id: int) -> int | None:
        """The table `table_id` is the rematch of, if any."""
        query = select(rematches.c.table_id).where(rematches.c.next_table_id == table_id)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return int(found) if found is not None else None

    def offers_for(self, player_id: int, since: datetime, limit: int = 200) -> list[Offer]:
        """Rematches offered since `since` and not started that `player_id` played in and
        has not accepted, newest first (a bounded scan: seats are JSON)."""
        query = (select(rematches.c.table_id, rematches.c.accepted, tables.c.seats)
                 .select_from(rematches.join(tables, tables.c.id == rematches.c.table_id))
                 .where(rematches.c.next_table_id.is_(None), rematches.c.updated_at >= since)
                 .order_by(rematches.c.updated_at.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = [(int(r.table_id), [int(p) for p in r.accepted], r.seats)
                    for r in conn.execute(query)]
            waiting = [(table_id, accepted[0]) for table_id, accepted, seats in rows
                       if accepted and player_id not in accepted
                       and any(s.get("kind") == "human" and s.get("player_id") == player_id
                               for s in seats)]
            ids = {first for _table, first in waiting}
            query = select(players.c.id, players.c.name).where(players.c.id.in_(ids))
            named = {int(r.id): str(r.name) for r in conn.execute(query)} if ids else {}
        return [Offer(table_id, named.get(first, "")) for table_id, first in waiting]

    def start_seat(self, table_id: int) -> int | None:
        """The seat a rematch's start-player draw gives the first turn (None: not a
        rematch, or its options decide)."""
        query = select(rematches.c.start_seat).where(rematches.c.next_table_id == table_id)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return int(found) if found is not None else None


def _read(conn: Connection, table_id: int, lock: bool) -> tuple[Rematch, bool]:
    """The table's rematch, and whether it has a row yet."""
    query = select(rematches.c.accepted, rematches.c.next_table_id).where(
        rematches.c.table_id == table_id)
    row = conn.execute(query.with_for_update() if lock else query).first()
    if row is None:
        return Rematch(), False
    return Rematch(tuple(int(p) for p in row.accepted), row.next_table_id), True


def _add_members(conn: Connection, table_id: int, new_table: NewTable) -> None:
    """A private rematch's members: its people (the host as `host`, the others `again`)."""
    if not new_table.private:
        return
    moment = datetime.now(UTC)
    for player_id in dict.fromkeys(new_table.members):
        via = "host" if player_id == new_table.host_id else "again"
        conn.execute(insert(table_members).values(
            table_id=table_id, player_id=player_id, via=via,
            invited_by=None if via == "host" else new_table.host_id, at=moment))


def _write(conn: Connection, table_id: int, accepted: tuple[int, ...], started: int | None,
           exists: bool, start_seat: int | None = None) -> None:
    values = {"accepted": list(accepted), "next_table_id": started, "start_seat": start_seat,
              "updated_at": datetime.now(UTC)}
    if exists:
        conn.execute(update(rematches).where(rematches.c.table_id == table_id).values(**values))
    else:
        conn.execute(insert(rematches).values(table_id=table_id, **values))

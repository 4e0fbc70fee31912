"""What notices need from the database: players' e-mail contacts and whose turn it is.

`Notices(engine)` sits beside the Store on the same engine (the server builds it from
`store.engine`). Contacts live in their own table, never in `players`, so nothing that
reads a player (payloads, sessions, logs) can reach an address. The `turns` table holds
one row per running table: the seat to move, its player (None for a bot) and since when.
The listener that keeps it (belle.server.notices.turns) writes it only when the seat to move
changes, with a conditional UPDATE, so two workers can never both see "the turn changed"
for the same change; `waiting(player)` is then one indexed query.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from belle.storage.models import contacts, tables, turns
from belle.storage.sqlite import bind_processor
from belle.storage.store import aware, now


@dataclass(frozen=True, slots=True)
class Contact:
    """A player's e-mail address and whether they want "your turn" e-mails."""

    player_id: int
    email: str
    turn_notices: bool
    verified: bool = False  # confirmed through the link sent to it: only then is it used


@dataclass(frozen=True, slots=True)
class Waiting:
    """A running table where it is a player's turn, and since when."""

    table_id: int
    game: str
    since: datetime


class Notices:
    """Contacts and turns on `engine` (each method one short transaction, thread-safe)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._note_turns: CompiledUpsert | None = None

    # -- contacts ------------------------------------------------------------
    def contact(self, player_id: int) -> Contact | None:
        query = select(contacts).where(contacts.c.player_id == player_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return Contact(int(row.player_id), row.email, bool(row.turn_notices),
                       row.verified_at is not None)

    def set_contact(self, player_id: int, email: str | None, turn_notices: bool) -> bool:
        """Store the address (None: forget it, and with it every e-mail notice). A new
        address is unverified; the same one keeps its state. True if it needs verifying."""
        with self.engine.begin() as conn:
            old = conn.execute(select(contacts).where(contacts.c.player_id == player_id)
                               ).first()
            conn.execute(delete(contacts).where(contacts.c.player_id == player_id))
            if email is None:
                return False
            verified = old.verified_at if old is not None and old.email == email else None
            conn.execute(insert(contacts).values(
                player_id=player_id, email=email, turn_notices=turn_notices,
                updated_at=now(), verified_at=verified,
            ))
            return verified is None

    def verify_contact(self, player_id: int, email: str) -> bool:
        """Mark the address confirmed if it is still the player's; whether it was."""
        with self.engine.begin() as conn:
            result = conn.execute(update(contacts).where(
                contacts.c.player_id == player_id, contacts.c.email == email)
                .values(verified_at=now()))
            return bool(result.rowcount)

    # -- turns ---------------------------------------------------------------
    def set_turns(self, changes: Sequence[TurnChange]) -> list[int]:
        """Note for each change that its seat is to move at its table (since its moment),
        in order, in one transaction; the indexes of those that began a new turn (the
        seat to move changed). The server notes turns in batches: one commit a batch."""
        if not changes:
            return []
        try:
            with self.engine.begin() as conn:
                return [i for i, change in enumerate(changes) if _set_turn(conn, *change)]
        except IntegrityError:  # another worker noted one of these turns first: one by one
            return [i for i, change in enumerate(changes) if self._set_turn_alone(change)]

    def note_turns(self, changes: Sequence[TurnChange]) -> None:
        """`set_turns` for changes nobody is told about (live tables: no e-mail), as one
        upsert statement for the whole batch: the row moves to the new seat (and its
        `since`) only if another seat was to move.

        The server writes a batch of every table's turn changes ten times a second; the
        statement is compiled once and its rows go to the driver as they are (through
        the expression layer each row cost a parameter dictionary built and processed)."""
        if not changes:
            return
        upsert = self._upsert_turns()
        rows = [upsert.row(change) for change in changes]
        with self.engine.begin() as conn:
            conn.exec_driver_sql(upsert.sql, rows)

    def _upsert_turns(self) -> CompiledUpsert:
        if self._note_turns is None:
            self._note_turns = CompiledUpsert(self.engine)
        return self._note_turns

    def _set_turn_alone(self, change: TurnChange) -> bool:
        try:
            with self.engine.begin() as conn:
                return _set_turn(conn, *change)
        except IntegrityError:
            return False

    def set_turn_player(self, table_id: int, seat: int, player_id: int | None) -> None:
        """Who plays the seat to move changed (away, back, forfeit): the same turn, so
        `since` stays and nobody is told; nothing if another seat is to move."""
        with self.engine.begin() as conn:
            conn.execute(update(turns)
                         .where(turns.c.table_id == table_id, turns.c.seat == seat)
                         .values(player_id=player_id))

    def end_turns(self, table_id: int) -> None:
        """The game is over: nobody is to move there any more."""
        with self.engine.begin() as conn:
            conn.execute(delete(turns).where(turns.c.table_id == table_id))

    def waiting(self, player_id: int, limit: int = 20) -> tuple[int, list[Waiting]]:
        """How many running tables wait for the player's move, and the first `limit` of
        them, the one waiting longest first."""
        mine = (turns.c.player_id == player_id) & (tables.c.status == "running")
        joined = turns.join(tables, tables.c.id == turns.c.table_id)
        query = (
            select(turns.c.table_id, tables.c.game, turns.c.since).select_from(joined)
            .where(mine).order_by(turns.c.since, turns.c.table_id).limit(limit)
        )
        count = select(func.count()).select_from(joined).where(mine)
        with self.engine.connect() as conn:
            total = int(conn.execute(count).scalar_one())
            rows = list(conn.execute(query))
        return total, [Waiting(int(r.table_id), r.game, aware(r.since)) for r in rows]


TurnChange = tuple[int, int, int | None, datetime]  # table, seat to move, its player, since
TURN_COLUMNS = ("table_id", "seat", "player_id", "since")


class CompiledUpsert:
    """`note_turns`'s statement compiled for the engine's dialect, and its rows in the
    driver's form: tuples in the statement's order for a positional parameter style
    (SQLite's `?`), dictionaries for a named one (psycopg's `%(name)s`)."""

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        upsert = (sqlite_insert if dialect.name == "sqlite" else postgresql_insert)(turns)
        statement = upsert.on_conflict_do_update(
            index_elements=[turns.c.table_id],
            set_={"seat": upsert.excluded.seat, "player_id": upsert.excluded.player_id,
                  "since": upsert.excluded.since},
            where=turns.c.seat != upsert.excluded.seat,
        )
        compiled = statement.compile(dialect=dialect, column_keys=list(TURN_COLUMNS))
        self.sql = str(compiled)
        self._order = list(compiled.positiontup or ()) if dialect.positional else None
        if self._order is not None and sorted(self._order) != sorted(TURN_COLUMNS):
            raise AssertionError(f"unexpected parameters {self._order}")
        self._since = bind_processor(turns.c.since.type, dialect)

    def row(self, change: TurnChange) -> tuple[Any, ...] | dict[str, Any]:
        table_id, seat, player_id, moment = change
        values = {"table_id": table_id, "seat": seat, "player_id": player_id,
                  "since": self._since(moment)}
        if self._order is None:
            return values
        return tuple(values[name] for name in self._order)


def _set_turn(conn: Connection, table_id: int, seat: int, player_id: int | None,
              moment: datetime) -> bool:
    changed = (
        update(turns)
        .where(turns.c.table_id == table_id, turns.c.seat != seat)
        .values(seat=seat, player_id=player_id, since=moment)
    )
    if conn.execute(changed).rowcount:
        return True
    known = conn.execute(select(turns.c.seat).where(turns.c.table_id == table_id)).first()
    if known is not None:
        return False
    conn.execute(insert(turns).values(table_id=table_id, seat=seat, player_id=player_id,
                                      since=moment))
    return True

"""The Store: players, tables, action logs and chat on SQLAlchemy 2 (SQLite or PostgreSQL).

A small synchronous API; each method is one short transaction and returns plain
dataclasses (no ORM objects escape), safe to call from several threads. The server
calls reads from worker threads and its writes from writer threads
(belle.server.database). On a SQLite file, appending actions takes a prepared fast path
that also writes several tables' appends in one transaction (`append_group`), and
checkpoints run in the background (belle.storage.sqlite).

Every write that the table broadcasts as an event (an action, a seat change, the
start, the end, a chat line at a table) bumps the table's `events` counter in the same
transaction and returns the new number, so event numbers survive a restart.

`append_action` is optimistic: UNIQUE (match_id, seq) makes the second writer of a seq
fail with `ConcurrencyError`, and so does a table no longer at the version the writer
started from (actions taken back by `truncate_actions`, the undo); that writer reloads
the log and retries or refuses.
The action log is the source of truth: `load_record` rebuilds a `MatchRecord` from it.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, NoReturn

from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from belle import __version__, jsonbytes
from belle.engine.record import MatchRecord, RecordEntry
from belle.storage import migrate, sqlite
from belle.storage.heartbeat import Heartbeat
from belle.storage.models import (
    actions,
    chat,
    players,
    sessions,
    settings,
    table_members,
    tables,
)
from belle.storage.plans import PlanRows
from belle.storage.records import EMPTY_SEAT, ChatLine, Player, Seat, TableRecord
from belle.storage.rematches import RematchRows
from belle.storage.sessions import SessionRows

# closed: by its host (or expired) before the start; aborted: stopped before anyone moved
STATUSES = ("open", "running", "finished", "closed", "aborted")
STARTED = ("running", "finished", "aborted")  # the tables that have a game state
MODES = ("live", "turn")
EVERY_TABLE = "every"  # Store.list_tables(seen_by=…): private tables included
FINISH_ATTEMPTS = 3  # `finish_table` with results: a concurrent first rating may collide


class StoreError(Exception):
    """A storage operation that cannot be done (unknown row, broken constraint)."""


class NotFoundError(StoreError):
    """No row with that id."""


class NameTakenError(StoreError):
    """A player name already used (names are unique case-insensitively)."""


class ConcurrencyError(StoreError):
    """Another writer changed the log first (appended this seq, or took actions back):
    reload and retry."""


class _NotAtVersion(Exception):
    """Inside a transaction: the table is not at the expected version (roll back)."""


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def normalize_url(url: str) -> str:
    """`url` with PostgreSQL spelled for the psycopg 3 driver Belle installs.

    Operators write `postgres://…` or `postgresql://…` (what hosting services hand out);
    SQLAlchemy would pick psycopg2 for both, or refuse the first. Any other URL is
    returned unchanged.
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if url.startswith("postgres+"):
        return "postgresql+" + url[len("postgres+"):]
    return url


SQLITE_BUSY_MS = 1000  # how long a SQLite call waits for another writer's lock
POSTGRES_CONNECT_SECONDS = 5
POSTGRES_TIMEOUTS = ("SET lock_timeout = 2000", "SET statement_timeout = 15000")  # ms


def json_text(value: Any) -> str:
    """A JSON column's text: orjson's compact UTF-8 (integer keys as strings, as
    json.dumps writes them): 0.15 µs for a Paris Connection placement against 1.37
    through SQLAlchemy's default json.dumps, on the actions every move stores; json.dumps
    for what orjson does not write (integers past 64 bits)."""
    try:
        return jsonbytes.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets foreign keys, a short busy timeout, and on a file
    WAL with synchronous=NORMAL (belle.storage.sqlite); PostgreSQL short connect, lock
    and statement timeouts."""
    # hide_parameters: SQL logging (sqlalchemy.engine at INFO) and database errors never
    # show the values bound to a statement: password hashes, chat, seeds.
    if not url.startswith("sqlite"):
        # Short waits: a lock held elsewhere, or a server that does not answer, fails the
        # call soon (the server retries and then says so) instead of holding a thread.
        engine = create_engine(url, pool_pre_ping=True, hide_parameters=True, pool_timeout=5,
                               connect_args={"connect_timeout": POSTGRES_CONNECT_SECONDS},
                               json_serializer=json_text)

        @event.listens_for(engine, "connect")
        def _timeouts(dbapi_connection: Any, _record: Any) -> None:
            for setting in POSTGRES_TIMEOUTS:
                dbapi_connection.execute(setting)
            dbapi_connection.commit()

        return engine
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_MS / 1000},
        hide_parameters=True, json_serializer=json_text)
    file_backed = sqlite.is_file_url(url)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        sqlite.pragmas(dbapi_connection, file_backed)

    return engine


class Store:
    """Belle's persistence; `Store(url)` connects, `migrate()` creates or upgrades tables."""

    def __init__(self, url: str) -> None:
        self.url = url = normalize_url(url)
        if url.startswith("sqlite") and sqlite.is_file_url(url):
            sqlite.private_file(make_url(url).database or "")
        self.engine = make_engine(url)
        self.sessions = SessionRows(self.engine)
        self.plans = PlanRows(self.engine)  # private plans (planning mode)
        self.rematches = RematchRows(self.engine, insert_table)
        self.clocks = Heartbeat(self.engine)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self._returning = bool(self.engine.dialect.update_returning)
        self._checkpointer: sqlite.Checkpointer | None = None
        self._append: sqlite.PreparedAppend | None = None
        if self.is_sqlite and sqlite.is_file_url(url):
            checkpointer = self._checkpointer = sqlite.Checkpointer(self.engine)
            event.listen(self.engine, "commit", lambda _conn: checkpointer.note_commit())
            if self._returning:
                self._append = sqlite.PreparedAppend(self.engine, checkpointer.note_commit)

    def migrate(self) -> None:
        migrate.upgrade(self.engine)

    def close(self) -> None:
        if self._append is not None:
            self._append.close()
        if self._checkpointer is not None:
            self._checkpointer.close()
        self.engine.dispose()

    # -- players -----------------------------------------------------------
    def create_player(self, name: str, password_hash: str | None = None,
                      skeleton: str | None = None) -> Player:
        """A new player; NameTakenError if the name is used in any letter case.
        `skeleton`: the name's look-alike key (belle.server.accounts.names)."""
        created = now()
        try:
            with self.engine.begin() as conn:
                result = conn.execute(insert(players).values(
                    name=name, name_key=name.casefold(), name_skeleton=skeleton,
                    password_hash=password_hash, created_at=created, legacy_cookie=False,
                ))
                key = result.inserted_primary_key
                assert key is not None
                return Player(int(key[0]), name, password_hash, created)
        except IntegrityError as exc:
            raise NameTakenError(f"the name {name!r} is taken") from exc

    def get_player(self, player_id: int) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(players).where(players.c.id == player_id)).first()
        return _player(row) if row is not None else None

    def get_player_by_name(self, name: str) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(players).where(players.c.name_key == name.casefold())
            ).first()
        return _player(row) if row is not None else None

    def set_password(self, player_id: int, password_hash: str | None,
                     keep_session: str | None = None) -> None:
        """Store the new hash and revoke every session of the player but `keep_session`
        (the token hash of the browser that changed it), in one transaction."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(players).where(players.c.id == player_id)
                .values(password_hash=password_hash, legacy_cookie=False)
            )
            if result.rowcount == 0:
                raise NotFoundError(f"no player {player_id}")
            revoke = delete(sessions).where(sessions.c.player_id == player_id)
            if keep_session is not None:
                revoke = revoke.where(sessions.c.token_hash != keep_session)
            conn.execute(revoke)

    def registered_look_alike(self, skeleton: str, player_id: int | None = None) -> str | None:
        """The name of a registered player (other than `player_id`) whose name has this
        skeleton, if any."""
        query = select(players.c.name).where(
            players.c.name_skeleton == skeleton, players.c.password_hash.is_not(None))
        if player_id is not None:
            query = query.where(players.c.id != player_id)
        with self.engine.connect() as conn:
            found = conn.execute(query.limit(1)).scalar()
        return str(found) if found is not None else None

    def fill_name_skeletons(self, skeleton: Callable[[str], str]) -> int:
        """Give every player without one their name's skeleton (after the migration that
        added them); how many were filled."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(players.c.id, players.c.name)
                                .where(players.c.name_skeleton.is_(None))).all()
            for player_id, name in rows:
                conn.execute(update(players).where(players.c.id == player_id)
                             .values(name_skeleton=skeleton(name)))
        return len(rows)

    # -- tables ------------------------------------------------------------
    def create_table(
        self,
        game: str,
        options: Mapping[str, Any],
        num_players: int,
        mode: str,
        created_by: int | None,
        clock: Mapping[str, Any] | None = None,
        private: bool = False,
    ) -> TableRecord:
        """An open table with every seat empty (`clock`: its clock settings, if any;
        `private`: open only to its members, belle.storage.friends)."""
        if mode not in MODES:
            raise StoreError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        with self.engine.begin() as conn:
            seats = [EMPTY_SEAT] * num_players
            return self._table(conn, insert_table(conn, game, options, seats, mode,
                                                  created_by, clock, private=private))

    def get_table(self, table_id: int) -> TableRecord | None:
        with self.engine.connect() as conn:
            return self._find_table(conn, table_id)

    def count_open_tables(self, host_id: int) -> int:
        """How many tables `host_id` hosts that have not started (nor closed) yet."""
        query = select(func.count()).select_from(tables).where(
            tables.c.host_id == host_id, tables.c.status == "open"
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def last_action_at(self, table_id: int) -> datetime | None:
        """When the table's last action was stored (None: no action yet)."""
        query = (select(actions.c.at).where(actions.c.match_id == table_id)
                 .order_by(actions.c.seq.desc()).limit(1))
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar_one_or_none()
        return aware(found) if found is not None else None

    def with_status(self, table_ids: list[int], status: str) -> set[int]:
        """Those of `table_ids` whose status is `status` (open: created, not started
        nor closed; running: under way)."""
        if not table_ids:
            return set()
        query = select(tables.c.id).where(tables.c.id.in_(table_ids),
                                          tables.c.status == status)
        with self.engine.connect() as conn:
            return {int(found) for (found,) in conn.execute(query)}

    def count_bot_tables(self, host_id: int) -> int:
        """How many running tables `host_id` hosts with a bot in a seat."""
        query = select(tables.c.seats).where(tables.c.host_id == host_id,
                                             tables.c.status == "running")
        with self.engine.connect() as conn:
            return sum(1 for (seats,) in conn.execute(query)
                       if any(s.get("kind") == "bot" for s in seats))

    def list_tables(self, status: str | None = None, limit: int = 200, *,
                    seen_by: int | str | None = EVERY_TABLE) -> list[TableRecord]:
        """Tables with `status` (all by default), most recently changed first.

        `seen_by`: every table (EVERY_TABLE, the default), the public ones (None), or the
        public ones and the private ones the player with that id is a member of."""
        query = _table_query().order_by(tables.c.updated_at.desc(), tables.c.id.desc())
        if status is not None:
            query = query.where(tables.c.status == status)
        if seen_by is None:
            query = query.where(tables.c.private.is_(False))
        elif seen_by != EVERY_TABLE:
            member = select(table_members.c.table_id).where(table_members.c.player_id == seen_by)
            query = query.where(tables.c.private.is_(False) | tables.c.id.in_(member))
        with self.engine.connect() as conn:
            return [_table_record(row) for row in conn.execute(query.limit(limit))]

    def update_seats(self, table_id: int, seats: list[Seat],
                     banned: tuple[int, ...] | None = None) -> int:
        """Store the seats (and who is kicked out); returns the table's new event number."""
        values: dict[str, Any] = {"seats": [s.to_json() for s in seats]}
        if banned is not None:
            values["banned"] = list(banned)
        with self.engine.begin() as conn:
            return self._bump(conn, table_id, **values)

    def set_host(self, table_id: int, host_id: int) -> int:
        """Hand the table's management on; the new event number (the caller knows the
        new host's name: TableRecord.host_name)."""
        with self.engine.begin() as conn:
            return self._bump(conn, table_id, host_id=host_id)

    def abort_table(self, table_id: int) -> int:
        """Stop a running table for good (no one moved yet); the new event number.
        StoreError if it is not running."""
        with self.engine.begin() as conn:
            return self._bump_if(conn, table_id, "running", status="aborted")

    def idle_open_tables(self, idle_since: datetime) -> list[int]:
        """The open tables unchanged since `idle_since` (they expire)."""
        query = select(tables.c.id).where(tables.c.status == "open",
                                          tables.c.updated_at < idle_since)
        with self.engine.connect() as conn:
            found = [int(row[0]) for row in conn.execute(query)]
        return found

    def start_table(self, table_id: int, seed: int, seats: list[Seat] | None = None) -> int:
        """Mark a table running with its seed; the new event number. `seats`: the seats
        it starts with, when they are not those it was created with (its empty seats left
        out: belle.server.table.lifecycle)."""
        values: dict[str, Any] = {"status": "running", "seed": seed}
        if seats is not None:
            values.update(seats=[s.to_json() for s in seats], players=len(seats))
        with self.engine.begin() as conn:
            return self._bump(conn, table_id, **values)

    def set_clock_state(self, table_id: int, state: Mapping[str, Any] | None) -> None:
        """Store the running clock (not an event: clients are told apart)."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(tables).where(tables.c.id == table_id)
                .values(clock_state=dict(state) if state is not None else None)
            )
            if result.rowcount == 0:
                raise NotFoundError(f"no table {table_id}")

    def close_table(self, table_id: int) -> int:
        """Mark an open table closed (it never starts); the new event number.
        StoreError if it is no longer open (started meanwhile on another worker)."""
        with self.engine.begin() as conn:
            return self._bump_if(conn, table_id, "open", status="closed")

    def _bump_if(self, conn: Connection, table_id: int, expected: str, **values: Any) -> int:
        """`_bump` if the table's status is `expected` (locked while checked), else
        StoreError."""
        found = select(tables.c.status).where(tables.c.id == table_id).with_for_update()
        current = conn.execute(found).scalar()
        if current is None:
            raise NotFoundError(f"no table {table_id}")
        if current != expected:
            raise StoreError(f"table {table_id} is {current}, not {expected}")
        return self._bump(conn, table_id, **values)

    def finish_table(self, table_id: int, result: Mapping[str, Any],
                     also: Callable[[Connection], object] | None = None) -> int:
        """Store the end of a game and its result; the new event number.

        `also`: the writes that belong to the end (each person's result and rating:
        belle.storage.ratings.RatingBook.recorder), made in the same transaction, so no
        one learns of the end before they are readable and no crash keeps one without
        the other. An IntegrityError of theirs (a concurrent first rating of the same
        player) retries the whole transaction, up to `FINISH_ATTEMPTS` times.
        """
        for attempt in range(FINISH_ATTEMPTS):
            try:
                with self.engine.begin() as conn:
                    n = self._bump(conn, table_id, status="finished", result=dict(result))
                    if also is not None:
                        also(conn)
                    return n
            except IntegrityError:
                if also is None or attempt == FINISH_ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    # -- actions -----------------------------------------------------------
    def append_action(self, match_id: int, seq: int, entry: RecordEntry) -> int:
        """Append action `seq` (0-based) to the log in one transaction.

        Returns the table's new event number. Raises ConcurrencyError when another
        writer already stored this seq (nothing is written then).
        """
        return self.append_actions(match_id, seq, [entry])

    def append_actions(self, match_id: int, first_seq: int, entries: list[RecordEntry]) -> int:
        """Append consecutive actions from `first_seq` in one transaction (all or none).

        Each action is one event: returns the last one's number (the first is that
        minus len(entries) - 1). ConcurrencyError if any seq was already written.
        """
        moment = now()
        if self._append is not None:
            return self._append_prepared(self._append, match_id, first_seq, entries, moment)
        rows = [
            {"match_id": match_id, "seq": first_seq + i, "player": e.player,
             "action": e.action, "text": e.text, "visible_to": e.visible_to, "at": moment}
            for i, e in enumerate(entries)
        ]
        try:
            with self.engine.begin() as conn:
                conn.execute(_INSERT_ACTION, rows)
                return self._advance(conn, match_id, first_seq, len(rows), moment)
        except IntegrityError as exc:
            self._lost(match_id, first_seq, len(rows), exc, self._has_action)
        except _NotAtVersion:
            self._moved_on(match_id, first_seq)

    @property
    def groups_appends(self) -> bool:
        """Whether `append_group` is there: several tables' appends in one transaction
        (a SQLite file, whose one writer makes each commit a wait for the next)."""
        return self._append is not None

    def append_group(
        self, items: list[tuple[int, int, list[RecordEntry]]]
    ) -> list[int | StoreError]:
        """Appends of several tables (match id, first seq, entries) in one transaction,
        each all or none: per item, what `append_actions` returns or the StoreError it
        raises. Any other failure raises with nothing written, so the group can be
        retried. Only where `groups_appends` (a SQLite file)."""
        if self._append is None:
            raise TypeError("append_group needs a SQLite file (Store.groups_appends)")
        found = self._append.append_group(items, now())
        return [self._group_result(item, result) for item, result in zip(items, found, strict=True)]

    def _group_result(self, item: tuple[int, int, list[RecordEntry]],
                      result: int | sqlite3.IntegrityError | None) -> int | StoreError:
        assert self._append is not None
        match_id, first_seq, entries = item
        try:
            if isinstance(result, sqlite3.IntegrityError):
                self._lost(match_id, first_seq, len(entries), result, self._append.has_action)
            if result is None:
                self._moved_on(match_id, first_seq)
        except StoreError as exc:
            return exc
        return result

    def _append_prepared(
        self, append: sqlite.PreparedAppend, match_id: int, first_seq: int,
        entries: list[RecordEntry], moment: datetime,
    ) -> int:
        """SQLite: the same transaction as two prepared statements (the hot path)."""
        try:
            number = append.append(match_id, first_seq, entries, moment)
        except sqlite3.IntegrityError as exc:
            self._lost(match_id, first_seq, len(entries), exc, append.has_action)
        if number is None:
            self._moved_on(match_id, first_seq)
        return number

    def _moved_on(self, match_id: int, first_seq: int) -> NoReturn:
        """The table's version was not `first_seq` (nothing was written): another writer
        changed the log first (an append or a take-back), or there is no such table."""
        if self.get_table(match_id) is None:
            raise NotFoundError(f"no table {match_id}")
        raise ConcurrencyError(f"table {match_id} is no longer at version {first_seq}")

    def _lost(
        self, match_id: int, first_seq: int, count: int, exc: Exception,
        has_action: Callable[[int, int], bool],
    ) -> NoReturn:
        """An append broke a constraint: another writer's seq, or an unknown table."""
        if any(has_action(match_id, first_seq + i) for i in range(count)):
            raise ConcurrencyError(
                f"action {first_seq} of table {match_id} was already written"
            ) from exc
        raise NotFoundError(f"no table {match_id}") from exc

    def _advance(
        self, conn: Connection, table_id: int, first_seq: int, count: int, moment: datetime
    ) -> int:
        """Count the actions' events and move the version on from `first_seq`;
        _NotAtVersion (the transaction then rolls back) when the table is not there."""
        params = {"tid": table_id, "count": count, "old_version": first_seq,
                  "new_version": first_seq + count, "stamp": moment}
        if self._returning:
            number = conn.execute(_ADVANCE.returning(tables.c.events), params).scalar()
        elif conn.execute(_ADVANCE, params).rowcount:
            number = conn.execute(_EVENTS, params).scalar()
        else:
            number = None
        if number is None:
            raise _NotAtVersion
        return int(number)

    def truncate_actions(
        self, table_id: int, seen: int, keep: int, name: str, text: str,
        notice: dict[str, Any] | None = None,
    ) -> ChatLine:
        """Take back actions `keep`..`seen - 1` and write the table's line about it, one
        transaction and one event (the line's `event`; its `player_id` is None: the
        table wrote it). ConcurrencyError, with nothing changed, unless the log holds
        exactly `seen` actions: the caller removes only what it saw."""
        if not 0 <= keep <= seen:
            raise StoreError(f"cannot keep {keep} of {seen} actions")
        moment = now()
        try:
            return self._truncate(table_id, seen, keep, name, text, moment, notice)
        except _NotAtVersion:
            self._moved_on(table_id, seen)

    def _truncate(
        self, table_id: int, seen: int, keep: int, name: str, text: str, moment: datetime,
        notice: dict[str, Any] | None,
    ) -> ChatLine:
        with self.engine.begin() as conn:
            moved = conn.execute(
                update(tables).where(tables.c.id == table_id, tables.c.version == seen)
                .values(version=keep, updated_at=moment)
            )
            if moved.rowcount != 1:
                raise _NotAtVersion
            conn.execute(
                delete(actions).where(actions.c.match_id == table_id, actions.c.seq >= keep)
            )
            result = conn.execute(insert(chat).values(
                table_id=table_id, player_id=None, name=name, text=text, at=moment,
                notice=notice,
            ))
            key = result.inserted_primary_key
            assert key is not None
            number = self._bump(conn, table_id)
        return ChatLine(int(key[0]), table_id, None, name, text, moment, number, notice)

    def load_actions(self, match_id: int) -> list[RecordEntry]:
        query = (
            select(actions.c.player, actions.c.action, actions.c.text, actions.c.visible_to)
            .where(actions.c.match_id == match_id).order_by(actions.c.seq)
        )
        with self.engine.connect() as conn:
            return [
                RecordEntry(int(row.player), row.action, row.text,
                            list(row.visible_to) if row.visible_to is not None else None)
                for row in conn.execute(query)
            ]

    def load_record(self, match_id: int) -> MatchRecord:
        """The match record rebuilt from the rows (the source of truth)."""
        table = self.get_table(match_id)
        if table is None:
            raise NotFoundError(f"no table {match_id}")
        return MatchRecord(
            game=table.game,
            options=dict(table.options),
            seats=[seat_label(s) for s in table.seats],
            seed=table.seed,
            actions=self.load_actions(match_id),
            engine_version=table.engine_version,
            result=table.result,
        )

    # -- chat --------------------------------------------------------------
    def add_chat(
        self, table_id: int | None, player_id: int | None, name: str, text: str,
        notice: dict[str, Any] | None = None,
    ) -> ChatLine:
        """A chat line at a table (bumps its event number) or in the lobby (None);
        `notice`: the line is the table's own (belle.server.table.chat)."""
        moment = now()
        with self.engine.begin() as conn:
            result = conn.execute(insert(chat).values(
                table_id=table_id, player_id=player_id, name=name, text=text, at=moment,
                notice=notice,
            ))
            key = result.inserted_primary_key
            assert key is not None
            number = self._bump(conn, table_id) if table_id is not None else None
        return ChatLine(int(key[0]), table_id, player_id, name, text, moment, number, notice)

    def recent_chat(self, table_id: int | None, limit: int = 50) -> list[ChatLine]:
        """The last `limit` lines, oldest first."""
        where = chat.c.table_id.is_(None) if table_id is None else chat.c.table_id == table_id
        query = select(chat).where(where).order_by(chat.c.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
        return [
            ChatLine(row.id, row.table_id, row.player_id, row.name, row.text, aware(row.at),
                     notice=row.notice)
            for row in reversed(rows)
        ]

    # -- settings ----------------------------------------------------------
    def setting(self, key: str, default: Callable[[], str]) -> str:
        """The stored value of `key`, storing `default()` first if there is none."""
        with self.engine.connect() as conn:
            value = conn.execute(select(settings.c.value).where(settings.c.key == key)).scalar()
        if value is not None:
            return str(value)
        try:
            with self.engine.begin() as conn:
                fresh = default()
                conn.execute(insert(settings).values(key=key, value=fresh))
                return fresh
        except IntegrityError:  # another process stored it first
            return self.setting(key, default)

    def session_secret(self) -> str:
        return self.setting("session_secret", lambda: secrets.token_urlsafe(32))

    # -- helpers -----------------------------------------------------------
    def _bump(self, conn: Connection, table_id: int, **values: Any) -> int:
        """Increment the table's event counter (and set `values`); the new number."""
        query = (
            update(tables).where(tables.c.id == table_id)
            .values(events=tables.c.events + 1, updated_at=now(), **values)
        )
        if self._returning:
            number = conn.execute(query.returning(tables.c.events)).scalar()
        else:
            if conn.execute(query).rowcount == 0:
                raise NotFoundError(f"no table {table_id}")
            number = conn.execute(
                select(tables.c.events).where(tables.c.id == table_id)
            ).scalar()
        if number is None:
            raise NotFoundError(f"no table {table_id}")
        return int(number)

    def _has_action(self, match_id: int, seq: int) -> bool:
        query = select(func.count()).select_from(actions).where(
            actions.c.match_id == match_id, actions.c.seq == seq
        )
        with self.engine.connect() as conn:
            return bool(conn.execute(query).scalar())

    def _find_table(self, conn: Connection, table_id: int) -> TableRecord | None:
        row = conn.execute(_table_query().where(tables.c.id == table_id)).first()
        return _table_record(row) if row is not None else None

    def _table(self, conn: Connection, table_id: int) -> TableRecord:
        table = self._find_table(conn, table_id)
        if table is None:
            raise NotFoundError(f"no table {table_id}")
        return table


_INSERT_ACTION = actions.insert()
_ADVANCE = (
    update(tables)
    .where(tables.c.id == bindparam("tid"), tables.c.version == bindparam("old_version"))
    .values(events=tables.c.events + bindparam("count"), version=bindparam("new_version"),
            updated_at=bindparam("stamp"))
)
_EVENTS = select(tables.c.events).where(tables.c.id == bindparam("tid"))


def insert_table(
    conn: Connection, game: str, options: Mapping[str, Any], seats: list[Seat], mode: str,
    created_by: int | None, clock: Mapping[str, Any] | None, *, status: str = "open",
    seed: int | None = None, private: bool = False,
) -> int:
    """Insert a table row (its creator is its host) in `conn`'s transaction; its id. An
    open table has every seat empty; a rematch (belle.storage.rematches) starts running
    with its seats taken."""
    moment = now()
    result = conn.execute(insert(tables).values(
        game=game, options=_jsonable(options), players=len(seats), mode=mode,
        status=status, seed=seed, seats=[s.to_json() for s in seats],
        version=0, events=0, result=None, engine_version=__version__,
        created_by=created_by, host_id=created_by,
        created_at=moment, updated_at=moment,
        clock=dict(clock) if clock is not None else None, clock_state=None,
        private=private,
    ))
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def seat_label(seat: Seat) -> str:
    """How a seat is named in a match record."""
    if seat.kind == "bot":
        return f"bot:{seat.bot}"
    return seat.name or "empty"



_HOSTS = players.alias("hosts")


def _table_query() -> Any:
    return select(tables, players.c.name.label("creator_name"),
                  _HOSTS.c.name.label("host_name")).select_from(
        tables.outerjoin(players, tables.c.created_by == players.c.id)
        .outerjoin(_HOSTS, tables.c.host_id == _HOSTS.c.id)
    )


def _player(row: Any) -> Player:
    return Player(int(row.id), row.name, row.password_hash, aware(row.created_at),
                  bool(row.legacy_cookie))


def _table_record(row: Any) -> TableRecord:
    return TableRecord(
        id=int(row.id), game=row.game, options=dict(row.options), players=int(row.players),
        mode=row.mode, status=row.status, seed=row.seed,
        seats=[Seat.from_json(s) for s in row.seats], version=int(row.version),
        events=int(row.events), result=row.result, engine_version=row.engine_version,
        created_by=row.created_by, created_by_name=row.creator_name,
        created_at=aware(row.created_at), updated_at=aware(row.updated_at),
        clock=row.clock, clock_state=row.clock_state,
        host_id=row.host_id, host_name=row.host_name, banned=tuple(row.banned or ()),
        private=bool(row.private),
    )


def _jsonable(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}

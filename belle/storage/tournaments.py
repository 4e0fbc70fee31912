"""What tournaments need from the database: the tournament, its entries, its games.

`Tournaments(engine)` sits beside the Store on the same engine. A tournament's rounds
are claimed with a conditional UPDATE (`claim_round`), so when the last tables of a round
finish on two workers at once only one of them pairs the next round. The standings are
never stored: they are computed from the games' tables (belle.server.tournaments.standings).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from belle.storage.models import tables, tournament_entries, tournament_games, tournaments
from belle.storage.store import StoreError, aware, now

SYSTEMS = ("swiss", "round_robin")
TOURNAMENT_STATUSES = ("signup", "running", "finished")


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    name: str
    game: str
    options: dict[str, Any]
    system: str
    rounds: int
    table_size: int
    mode: str
    clock: dict[str, Any] | None
    status: str
    round: int
    created_by: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Entry:
    """Who plays: a person (`player_id`) or a bot (`bot`), under `name`."""

    id: int
    player_id: int | None
    bot: str | None
    name: str


@dataclass(frozen=True, slots=True)
class Game:
    """One table of a round (or a bye when `table_id` is None), with its table's state."""

    round: int
    table_id: int | None
    entries: tuple[int, ...]
    status: str | None = None
    result: dict[str, Any] | None = None


class EntryTakenError(StoreError):
    """That person has signed up already."""


class TournamentFullError(StoreError):
    """The tournament holds its most entries already (`most`)."""

    def __init__(self, most: int) -> None:
        super().__init__(f"the tournament is full ({most} entries)")
        self.most = most


class SignupsClosedError(StoreError):
    """The tournament has started (or is gone): its entries no longer change."""


class Tournaments:
    """Tournaments on `engine` (each method one short transaction, thread-safe)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: str, game: str, options: Mapping[str, Any], system: str,
               rounds: int, table_size: int, mode: str, clock: Mapping[str, Any] | None,
               created_by: int) -> Tournament:
        if system not in SYSTEMS:
            raise StoreError(f"system must be one of {', '.join(SYSTEMS)}")
        moment = now()
        with self.engine.begin() as conn:
            key = conn.execute(insert(tournaments).values(
                name=name, game=game, options=dict(options), system=system, rounds=rounds,
                table_size=table_size, mode=mode, clock=dict(clock) if clock else None,
                status="signup", round=0, created_by=created_by, created_at=moment,
                updated_at=moment,
            )).inserted_primary_key
        assert key is not None
        found = self.get(int(key[0]))
        assert found is not None
        return found

    def get(self, tournament_id: int) -> Tournament | None:
        query = select(tournaments).where(tournaments.c.id == tournament_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return _tournament(row) if row is not None else None

    def listed(self, limit: int = 100) -> list[Tournament]:
        """The newest tournaments first."""
        query = select(tournaments).order_by(tournaments.c.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_tournament(row) for row in conn.execute(query)]

    def running(self) -> list[Tournament]:
        query = select(tournaments).where(tournaments.c.status == "running")
        with self.engine.connect() as conn:
            return [_tournament(row) for row in conn.execute(query)]

    def count_unfinished(self, created_by: int) -> int:
        query = select(func.count()).select_from(tournaments).where(
            tournaments.c.created_by == created_by, tournaments.c.status != "finished")
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    # -- entries -----------------------------------------------------------
    def add_entry(self, tournament_id: int, player_id: int | None, bot: str | None,
                  name: str, most: int) -> Entry:
        """Sign up a person or a bot while the tournament takes sign-ups (StoreError if
        it does not, or holds `most` entries; EntryTakenError for a second sign-up)."""
        try:
            with self.engine.begin() as conn:
                self._require_signup(conn, tournament_id)
                count = conn.execute(select(func.count()).select_from(tournament_entries)
                                     .where(tournament_entries.c.tournament_id
                                            == tournament_id)).scalar_one()
                if count >= most:
                    raise TournamentFullError(most)
                key = conn.execute(insert(tournament_entries).values(
                    tournament_id=tournament_id, player_id=player_id, bot=bot, name=name,
                    joined_at=now(),
                )).inserted_primary_key
        except IntegrityError as exc:
            raise EntryTakenError("you have signed up already") from exc
        assert key is not None
        return Entry(int(key[0]), player_id, bot, name)

    def remove_entry(self, tournament_id: int, entry_id: int) -> bool:
        with self.engine.begin() as conn:
            self._require_signup(conn, tournament_id)
            gone = conn.execute(delete(tournament_entries).where(
                tournament_entries.c.tournament_id == tournament_id,
                tournament_entries.c.id == entry_id)).rowcount
        return bool(gone)

    def entries(self, tournament_id: int) -> list[Entry]:
        query = (select(tournament_entries)
                 .where(tournament_entries.c.tournament_id == tournament_id)
                 .order_by(tournament_entries.c.id))
        with self.engine.connect() as conn:
            return [Entry(int(r.id), r.player_id, r.bot, r.name) for r in conn.execute(query)]

    # -- rounds ------------------------------------------------------------
    def claim_round(self, tournament_id: int, current: int, rounds: int | None = None) -> bool:
        """Move the tournament from round `current` to the next (the start when 0, which
        may fix `rounds`); False if another worker did first."""
        values: dict[str, Any] = {"round": current + 1, "status": "running",
                                  "updated_at": now()}
        if rounds is not None:
            values["rounds"] = rounds
        with self.engine.begin() as conn:
            moved = conn.execute(update(tournaments).where(
                tournaments.c.id == tournament_id, tournaments.c.round == current,
                tournaments.c.status.in_(("signup", "running"))).values(**values)).rowcount
        return bool(moved)

    def finish(self, tournament_id: int) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(update(tournaments).where(
                tournaments.c.id == tournament_id, tournaments.c.status == "running")
                .values(status="finished", updated_at=now())).rowcount
        return bool(done)

    def add_game(self, tournament_id: int, round_number: int, table_id: int | None,
                 entries: Sequence[int]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tournament_games).values(
                tournament_id=tournament_id, round=round_number, table_id=table_id,
                entries=list(entries)))

    def games(self, tournament_id: int) -> list[Game]:
        """Every game so far, with its table's status and result, by round."""
        query = (select(tournament_games, tables.c.status, tables.c.result)
                 .select_from(tournament_games.outerjoin(
                     tables, tournament_games.c.table_id == tables.c.id))
                 .where(tournament_games.c.tournament_id == tournament_id)
                 .order_by(tournament_games.c.round, tournament_games.c.id))
        with self.engine.connect() as conn:
            return [Game(int(r.round), r.table_id, tuple(r.entries), r.status, r.result)
                    for r in conn.execute(query)]

    def of_table(self, table_id: int) -> tuple[int, int] | None:
        """(tournament id, round) of a tournament's table; None for any other table."""
        query = select(tournament_games.c.tournament_id, tournament_games.c.round).where(
            tournament_games.c.table_id == table_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (int(row[0]), int(row[1])) if row is not None else None

    def _require_signup(self, conn: Any, tournament_id: int) -> None:
        status = conn.execute(select(tournaments.c.status).where(
            tournaments.c.id == tournament_id).with_for_update()).scalar()
        if status is None:
            raise SignupsClosedError(f"there is no tournament {tournament_id}")
        if status != "signup":
            raise SignupsClosedError("the tournament has started: sign-ups are closed")


def _tournament(row: Any) -> Tournament:
    return Tournament(
        id=int(row.id), name=row.name, game=row.game, options=dict(row.options),
        system=row.system, rounds=int(row.rounds), table_size=int(row.table_size),
        mode=row.mode, clock=row.clock, status=row.status, round=int(row.round),
        created_by=int(row.created_by), created_at=aware(row.created_at),
    )

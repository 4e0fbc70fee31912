"""Ratings and results: each player's rating per game, and their result at each table.

`RatingBook(store)` reads and writes the `ratings` and `player_results` tables. The
rating arithmetic is not here: `record_results` takes a `Rater` (the server passes
openskill's), so the storage layer only keeps numbers.

Results are written once per table: in one transaction the book reads the players'
current ratings (locking their rows on PostgreSQL), asks the Rater for the new ones,
inserts one `player_results` row per player and updates `ratings`. The server makes
these writes part of the transaction that stores the table's end (`recorder`, passed to
`Store.finish_table`): whoever sees a game over can read its results.
`record_results` is the same in a transaction of its own. UNIQUE (table_id, player_id)
makes a second attempt (a retry, another worker) fail on its first insert and roll back
whole, so a game never counts twice.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from belle.storage.models import player_results, players, ratings, tables
from belle.storage.records import Seat
from belle.storage.store import Store, aware, now

ATTEMPTS = 3  # a concurrent first rating of the same player makes a retry worth it


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating as the model sees it (mu, sigma) and as people see it (`rating`)."""

    mu: float
    sigma: float
    rating: float


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a player finished at a table: their seat and place (0 = first, ties share)."""

    player_id: int
    seat: int
    place: int


class Rater(Protocol):
    """The rating model: where new players start, and the skills after a game."""

    def initial(self) -> Skill: ...

    def rate(self, skills: list[Skill], places: list[int]) -> list[Skill]:
        """The new skills of players who finished at `places` (0 = first, ties share)."""
        ...


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating at one game."""

    player_id: int
    name: str
    game: str
    skill: Skill
    games: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """A player's result at one finished table, with its table's seats and result."""

    table_id: int
    game: str
    seat: int
    place: int
    rated: bool
    before: Skill | None
    after: Skill | None
    at: datetime
    players: int
    seats: list[Seat]
    result: dict[str, Any] | None


class RatingBook:
    """The ratings and results of one Store's database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    # -- writing -----------------------------------------------------------
    def record_results(
        self, table_id: int, game: str, placements: Sequence[Placement], rate: Rater | None
    ) -> bool:
        """Record each player's result at `table_id`, rating them with `rate` (None:
        unrated; a player not rated at `game` yet starts at `rate.initial()`).

        False, changing nothing, if the table's results were recorded before."""
        for attempt in range(ATTEMPTS):
            try:
                with self.engine.begin() as conn:
                    return self.record_in(conn, table_id, game, placements, rate)
            except IntegrityError:
                if self.recorded(table_id):
                    return False  # another writer recorded it first: theirs stands
                if attempt == ATTEMPTS - 1:
                    raise
        return False  # pragma: no cover (the loop returns or raises)

    def recorder(
        self, table_id: int, game: str, placements: Sequence[Placement], rate: Rater | None
    ) -> Callable[[Connection], bool]:
        """`record_in` for the transaction that stores the table's end
        (`Store.finish_table(..., also=...)`, which retries it on an IntegrityError)."""
        return functools.partial(self.record_in, table_id=table_id, game=game,
                                 placements=placements, rate=rate)

    def record_in(
        self, conn: Connection, table_id: int, game: str, placements: Sequence[Placement],
        rate: Rater | None,
    ) -> bool:
        """`record_results` in the caller's transaction `conn`; False, writing nothing, if
        the table's results were recorded before. An IntegrityError (another writer
        recorded them, or rated one of these players for the first time, meanwhile)
        leaves the transaction to be rolled back and tried again."""
        if self._already_recorded(conn, table_id):
            return False
        self._record(conn, table_id, game, placements, rate)
        return True

    def _record(
        self, conn: Connection, table_id: int, game: str, placements: Sequence[Placement],
        rate: Rater | None,
    ) -> None:
        moment = now()
        ids = [p.player_id for p in placements]
        before: list[Skill | None] = [None] * len(ids)
        after: list[Skill | None] = [None] * len(ids)
        fresh: set[int] = set()
        if rate is not None:
            current = self._lock_skills(conn, game, ids)
            fresh = {player_id for player_id in ids if player_id not in current}
            skills = [current.get(player_id) or rate.initial() for player_id in ids]
            before = list(skills)
            after = list(rate.rate(skills, [p.place for p in placements]))
        rows = [
            _result_row(table_id, game, p, before[i], after[i], moment)
            for i, p in enumerate(placements)
        ]
        if rows:
            conn.execute(insert(player_results), rows)
        for player_id, new in zip(ids, after, strict=True):
            if new is not None:
                self._store_skill(conn, player_id, game, new, fresh=player_id in fresh,
                                  moment=moment)

    def _lock_skills(self, conn: Connection, game: str, ids: list[int]) -> dict[int, Skill]:
        """The current skills of `ids` at `game`, their rows locked until the commit
        (FOR UPDATE; SQLite has one writer anyway and ignores it)."""
        query = (
            select(ratings.c.player_id, ratings.c.mu, ratings.c.sigma, ratings.c.rating)
            .where(ratings.c.game == game, ratings.c.player_id.in_(ids))
            .order_by(ratings.c.player_id)
            .with_for_update()
        )
        return {
            int(row.player_id): Skill(float(row.mu), float(row.sigma), float(row.rating))
            for row in conn.execute(query)
        }

    def _store_skill(
        self, conn: Connection, player_id: int, game: str, skill: Skill, *, fresh: bool,
        moment: datetime,
    ) -> None:
        values = {"mu": skill.mu, "sigma": skill.sigma, "rating": skill.rating,
                  "updated_at": moment}
        if fresh:  # a concurrent first rating of this player makes this insert fail: retry
            conn.execute(insert(ratings).values(player_id=player_id, game=game, games=1,
                                                **values))
            return
        conn.execute(
            update(ratings)
            .where(ratings.c.player_id == player_id, ratings.c.game == game)
            .values(games=ratings.c.games + 1, **values)
        )

    # -- reading -----------------------------------------------------------
    def recorded(self, table_id: int) -> bool:
        """Whether the results of `table_id` were recorded."""
        with self.engine.connect() as conn:
            return _has_results(conn, table_id)

    def _already_recorded(self, conn: Connection, table_id: int) -> bool:
        """The cheap check before rating (the unique key is what guarantees once)."""
        return _has_results(conn, table_id)

    def rating(self, player_id: int, game: str) -> Rating | None:
        query = _rating_query().where(ratings.c.player_id == player_id, ratings.c.game == game)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return _rating(row) if row is not None else None

    def leaderboard(self, game: str, limit: int = 50) -> list[Rating]:
        """The best `limit` ratings at `game`, best first (ties: more games first)."""
        query = (
            _rating_query().where(ratings.c.game == game)
            .order_by(ratings.c.rating.desc(), ratings.c.games.desc(), players.c.name_key)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [_rating(row) for row in conn.execute(query)]

    def ratings_of(self, player_id: int) -> list[Rating]:
        """The player's rating at every game they were rated at, by game id."""
        query = _rating_query().where(ratings.c.player_id == player_id).order_by(ratings.c.game)
        with self.engine.connect() as conn:
            return [_rating(row) for row in conn.execute(query)]

    def position(self, game: str, rating: float) -> int:
        """The leaderboard position (1 = first) of a rating at `game`."""
        query = select(func.count()).select_from(ratings).where(
            ratings.c.game == game, ratings.c.rating > rating
        )
        with self.engine.connect() as conn:
            return 1 + int(conn.execute(query).scalar_one())

    def results_of(self, player_id: int, limit: int = 20) -> list[PlayerResult]:
        """The player's most recent results, newest first."""
        query = (
            _results_query().where(player_results.c.player_id == player_id)
            .order_by(player_results.c.id.desc()).limit(limit)
        )
        with self.engine.connect() as conn:
            return [_player_result(row) for row in conn.execute(query)]

    def results_at(self, table_id: int) -> dict[int, PlayerResult]:
        """Each player's result at `table_id`, by seat (empty until recorded)."""
        query = _results_query().where(player_results.c.table_id == table_id)
        with self.engine.connect() as conn:
            return {int(row.seat): _player_result(row) for row in conn.execute(query)}


def _has_results(conn: Connection, table_id: int) -> bool:
    query = select(player_results.c.id).where(player_results.c.table_id == table_id)
    return conn.execute(query.limit(1)).first() is not None


def _result_row(
    table_id: int, game: str, placement: Placement, before: Skill | None, after: Skill | None,
    moment: datetime,
) -> dict[str, Any]:
    return {
        "table_id": table_id, "player_id": placement.player_id, "game": game,
        "seat": placement.seat, "place": placement.place, "rated": after is not None,
        "mu_before": before.mu if before else None,
        "sigma_before": before.sigma if before else None,
        "rating_before": before.rating if before else None,
        "mu_after": after.mu if after else None,
        "sigma_after": after.sigma if after else None,
        "rating_after": after.rating if after else None,
        "at": moment,
    }


def _rating_query() -> Any:
    return select(ratings, players.c.name).select_from(
        ratings.join(players, ratings.c.player_id == players.c.id)
    )


def _rating(row: Any) -> Rating:
    return Rating(
        player_id=int(row.player_id), name=row.name, game=row.game,
        skill=Skill(float(row.mu), float(row.sigma), float(row.rating)),
        games=int(row.games), updated_at=aware(row.updated_at),
    )


def _results_query() -> Any:
    return select(
        player_results, tables.c.players, tables.c.seats, tables.c.result
    ).select_from(player_results.join(tables, and_(player_results.c.table_id == tables.c.id)))


def _skill(mu: float | None, sigma: float | None, rating: float | None) -> Skill | None:
    if mu is None or sigma is None or rating is None:
        return None
    return Skill(float(mu), float(sigma), float(rating))


def _player_result(row: Any) -> PlayerResult:
    return PlayerResult(
        table_id=int(row.table_id), game=row.game, seat=int(row.seat), place=int(row.place),
        rated=bool(row.rated),
        before=_skill(row.mu_before, row.sigma_before, row.rating_before),
        after=_skill(row.mu_after, row.sigma_after, row.rating_after),
        at=aware(row.at), players=int(row.players),
        seats=[Seat.from_json(s) for s in row.seats], result=row.result,
    )

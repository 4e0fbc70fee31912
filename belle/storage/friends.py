"""Playing with friends (issue 20): table members, invitation links, follows, presence,
table origins and the cached stories of finished games.

`FriendsBook(store)` reads and writes the tables of migration 0008; each method is one
short transaction returning plain values, like the Store.

- A table's **members** are the people it is open to: its creator, the players invited
  by name, those who came through a link, those a "play again" invited. A private table
  is listed, shown and joinable only for them (belle.server.friends.access).
- An **invitation link** is a signed token (belle.server.friends.invites) naming a row
  here: the row makes it revocable and, when single-use, spent by its first user.
- **Presence** rows say that a worker has a socket of a player at a place (0: the lobby,
  else a table id); the worker refreshes `seen_at` every beat, so the rows of a worker
  that died are ignored once stale (`online`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from belle.storage.models import (
    follows,
    game_stories,
    invite_links,
    player_results,
    players,
    presence,
    table_members,
    table_origins,
    tables,
    turns,
)
from belle.storage.store import Store, aware, now

LOBBY = 0  # the place of a lobby socket in `presence`
VIAS = ("host", "name", "link", "again", "learn")


@dataclass(frozen=True, slots=True)
class Member:
    player_id: int
    name: str
    via: str  # how they came: VIAS
    invited_by: int | None
    at: datetime


@dataclass(frozen=True, slots=True)
class InviteLink:
    id: int
    table_id: int
    key: str
    single_use: bool
    created_by: int
    created_at: datetime
    revoked_at: datetime | None
    used_by: int | None

    @property
    def usable(self) -> bool:
        """Not revoked, and not spent (a single-use link's first user may come back)."""
        return self.revoked_at is None and not (self.single_use and self.used_by is not None)


@dataclass(frozen=True, slots=True)
class Named:
    """A player by id and name (a followed player, say)."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Waiting:
    """A turn-based table waiting for a player's move."""

    player_id: int
    table_id: int
    since: datetime


@dataclass(frozen=True, slots=True)
class Result:
    """A player's result at a finished table, as statistics need it."""

    table_id: int
    game: str
    seat: int
    place: int
    players: int
    score: float | None
    rated: bool
    rating_before: float | None
    rating_after: float | None
    at: datetime


class FriendsBook:
    """Members, links, follows, presence, origins and stories of one Store's database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    # -- members -----------------------------------------------------------
    def add_member(self, table_id: int, player_id: int, via: str,
                   invited_by: int | None = None) -> bool:
        """Open the table to the player; False if they were a member already."""
        if via not in VIAS:
            raise ValueError(f"via is one of {VIAS}, not {via!r}")
        try:
            with self.engine.begin() as conn:
                if _is_member(conn, table_id, player_id):
                    return False
                conn.execute(insert(table_members).values(
                    table_id=table_id, player_id=player_id, via=via, invited_by=invited_by,
                    at=now()))
        except IntegrityError:  # a concurrent insert of the same member
            return False
        return True

    def remove_member(self, table_id: int, player_id: int) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(table_members).where(
                table_members.c.table_id == table_id, table_members.c.player_id == player_id))
        return bool(gone.rowcount)

    def is_member(self, table_id: int, player_id: int) -> bool:
        with self.engine.connect() as conn:
            return _is_member(conn, table_id, player_id)

    def members(self, table_id: int) -> list[Member]:
        query = (select(table_members, players.c.name)
                 .select_from(table_members.join(players,
                                                 table_members.c.player_id == players.c.id))
                 .where(table_members.c.table_id == table_id).order_by(table_members.c.at))
        with self.engine.connect() as conn:
            return [Member(int(r.player_id), r.name, r.via, r.invited_by, aware(r.at))
                    for r in conn.execute(query)]

    def member_ids(self, table_id: int) -> list[int]:
        query = select(table_members.c.player_id).where(table_members.c.table_id == table_id)
        with self.engine.connect() as conn:
            return [int(row[0]) for row in conn.execute(query)]

    def private_tables_of(self, player_id: int, statuses: Collection[str],
                          limit: int = 100) -> list[int]:
        """The private tables with one of `statuses` the player is a member of, most
        recently changed first."""
        query = (select(tables.c.id)
                 .select_from(tables.join(table_members, table_members.c.table_id == tables.c.id))
                 .where(table_members.c.player_id == player_id, tables.c.private.is_(True),
                        tables.c.status.in_(list(statuses)))
                 .order_by(tables.c.updated_at.desc()).limit(limit))
        with self.engine.connect() as conn:
            return [int(row[0]) for row in conn.execute(query)]

    def invitations(self, player_id: int, limit: int = 50) -> list[tuple[int, str | None]]:
        """Open tables the player was invited to (by name or to play again), with who
        invited them, newest first. Whether they sit there already is the caller's test."""
        inviter = players.alias("inviter")
        query = (select(table_members.c.table_id, inviter.c.name)
                 .select_from(table_members
                              .join(tables, tables.c.id == table_members.c.table_id)
                              .outerjoin(inviter, inviter.c.id == table_members.c.invited_by))
                 .where(table_members.c.player_id == player_id,
                        table_members.c.via.in_(("name", "again")), tables.c.status == "open")
                 .order_by(table_members.c.at.desc()).limit(limit))
        with self.engine.connect() as conn:
            return [(int(r[0]), r[1]) for r in conn.execute(query)]

    def visible_table_ids(self, table_ids: Collection[int], viewer: int | None) -> set[int]:
        """Those of `table_ids` that `viewer` (None: anyone) may see: public tables, and
        private ones they are a member of."""
        if not table_ids:
            return set()
        query = select(tables.c.id).where(tables.c.id.in_(list(table_ids)))
        if viewer is None:
            query = query.where(tables.c.private.is_(False))
        else:
            member = select(table_members.c.table_id).where(table_members.c.player_id == viewer)
            query = query.where(tables.c.private.is_(False) | tables.c.id.in_(member))
        with self.engine.connect() as conn:
            return {int(row[0]) for row in conn.execute(query)}

    # -- invitation links --------------------------------------------------
    def create_link(self, table_id: int, created_by: int, key: str,
                    single_use: bool) -> InviteLink:
        moment = now()
        with self.engine.begin() as conn:
            result = conn.execute(insert(invite_links).values(
                table_id=table_id, key=key, single_use=single_use, created_by=created_by,
                created_at=moment))
            primary = result.inserted_primary_key
            assert primary is not None
        return InviteLink(int(primary[0]), table_id, key, single_use, created_by, moment,
                          None, None)

    def link(self, link_id: int) -> InviteLink | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(invite_links).where(invite_links.c.id == link_id)).first()
        return _link(row) if row is not None else None

    def links(self, table_id: int) -> list[InviteLink]:
        """The table's links that can still be used, oldest first."""
        query = select(invite_links).where(invite_links.c.table_id == table_id,
                                           invite_links.c.revoked_at.is_(None))
        with self.engine.connect() as conn:
            found = [_link(row) for row in conn.execute(query.order_by(invite_links.c.id))]
        return [link for link in found if link.usable]

    def revoke_link(self, table_id: int, link_id: int) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(update(invite_links).where(
                invite_links.c.id == link_id, invite_links.c.table_id == table_id,
                invite_links.c.revoked_at.is_(None)).values(revoked_at=now()))
        return bool(done.rowcount)

    def use_link(self, link_id: int, player_id: int) -> bool:
        """Record the player's use of the link: False if it is revoked, or single-use and
        spent by someone else (one conditional UPDATE: two users cannot both spend it)."""
        spendable = and_(invite_links.c.id == link_id, invite_links.c.revoked_at.is_(None))
        with self.engine.begin() as conn:
            row = conn.execute(select(invite_links).where(spendable)).first()
            if row is None:
                return False
            if not row.single_use or row.used_by == player_id:
                return True
            done = conn.execute(update(invite_links)
                                .where(spendable, invite_links.c.used_by.is_(None))
                                .values(used_by=player_id, used_at=now()))
        return bool(done.rowcount)

    # -- follows -----------------------------------------------------------
    def follow(self, follower: int, followed: int) -> bool:
        """False if already followed."""
        try:
            with self.engine.begin() as conn:
                known = conn.execute(select(follows.c.at).where(
                    follows.c.follower_id == follower, follows.c.followed_id == followed)).first()
                if known is not None:
                    return False
                conn.execute(insert(follows).values(follower_id=follower, followed_id=followed,
                                                    at=now()))
        except IntegrityError:
            return False
        return True

    def unfollow(self, follower: int, followed: int) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(follows).where(
                follows.c.follower_id == follower, follows.c.followed_id == followed))
        return bool(gone.rowcount)

    def following(self, follower: int) -> list[Named]:
        """The players `follower` follows, by name."""
        query = (select(players.c.id, players.c.name)
                 .select_from(follows.join(players, players.c.id == follows.c.followed_id))
                 .where(follows.c.follower_id == follower).order_by(players.c.name_key))
        with self.engine.connect() as conn:
            return [Named(int(r.id), r.name) for r in conn.execute(query)]

    def followers_count(self, followed: int) -> int:
        query = select(func.count()).select_from(follows).where(follows.c.followed_id == followed)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def follows(self, follower: int, followed: int) -> bool:
        query = select(follows.c.at).where(follows.c.follower_id == follower,
                                           follows.c.followed_id == followed)
        with self.engine.connect() as conn:
            return conn.execute(query).first() is not None

    # -- presence ----------------------------------------------------------
    def sync_presence(self, worker: str, added: Iterable[tuple[int, int]],
                      removed: Iterable[tuple[int, int]], beat: bool) -> None:
        """One worker's change of (player, place) pairs; `beat`: refresh all its rows."""
        moment = now()
        gone = list(removed)
        fresh = [{"worker": worker, "player_id": p, "place": place, "since": moment,
                  "seen_at": moment} for p, place in added]
        with self.engine.begin() as conn:
            for player_id, place in gone:
                conn.execute(delete(presence).where(
                    presence.c.worker == worker, presence.c.player_id == player_id,
                    presence.c.place == place))
            for row in fresh:  # a row left by an earlier failed write is replaced
                conn.execute(delete(presence).where(
                    presence.c.worker == worker, presence.c.player_id == row["player_id"],
                    presence.c.place == row["place"]))
            if fresh:
                conn.execute(insert(presence), fresh)
            if beat:
                conn.execute(update(presence).where(presence.c.worker == worker)
                             .values(seen_at=moment))

    def clear_presence(self, worker: str, stale_before: datetime | None = None) -> None:
        """Forget a worker's rows (it starts or stops), and everyone's older than
        `stale_before`."""
        with self.engine.begin() as conn:
            conn.execute(delete(presence).where(presence.c.worker == worker))
            if stale_before is not None:
                conn.execute(delete(presence).where(presence.c.seen_at < stale_before))

    def places(self, player_ids: Collection[int], fresh_since: datetime) -> dict[int, set[int]]:
        """Where each of `player_ids` has a socket open on a live worker (places as in
        `presence`); players who are not online are absent."""
        if not player_ids:
            return {}
        query = select(presence.c.player_id, presence.c.place).where(
            presence.c.player_id.in_(list(player_ids)), presence.c.seen_at >= fresh_since)
        found: dict[int, set[int]] = {}
        with self.engine.connect() as conn:
            for player_id, place in conn.execute(query):
                found.setdefault(int(player_id), set()).add(int(place))
        return found

    def waiting_turns(self, player_ids: Collection[int]) -> list[Waiting]:
        """Turn-based tables waiting for a move of one of `player_ids`, oldest first."""
        if not player_ids:
            return []
        query = (select(turns.c.player_id, turns.c.table_id, turns.c.since)
                 .select_from(turns.join(tables, tables.c.id == turns.c.table_id))
                 .where(turns.c.player_id.in_(list(player_ids)), tables.c.mode == "turn",
                        tables.c.status == "running")
                 .order_by(turns.c.since, turns.c.table_id))
        with self.engine.connect() as conn:
            return [Waiting(int(r.player_id), int(r.table_id), aware(r.since))
                    for r in conn.execute(query)]

    # -- origins -----------------------------------------------------------
    def set_origin(self, table_id: int, kind: str, source_id: int | None,
                   created_by: int | None) -> bool:
        """Note where a table came from; False if `source_id` already has a table of this
        kind (UNIQUE (kind, source_id); "again" rows are the "play again" tables made before
        the rematch took their place, "learn" rows have no source)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(table_origins).values(
                    table_id=table_id, kind=kind, source_id=source_id, created_by=created_by,
                    at=now()))
        except IntegrityError:
            return False
        return True

    def origin(self, table_id: int) -> tuple[str, int | None] | None:
        """(kind, source table) of a table made to learn (or by the old "play again"),
        else None."""
        query = select(table_origins.c.kind, table_origins.c.source_id).where(
            table_origins.c.table_id == table_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (row.kind, row.source_id) if row is not None else None

    def learning_table(self, player_id: int, game: str) -> int | None:
        """The player's unfinished table to learn `game`, if any."""
        query = (select(tables.c.id)
                 .select_from(table_origins.join(tables, tables.c.id == table_origins.c.table_id))
                 .where(table_origins.c.kind == "learn", table_origins.c.created_by == player_id,
                        tables.c.game == game, tables.c.status.in_(("open", "running")))
                 .order_by(tables.c.id.desc()))
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return int(found) if found is not None else None

    # -- stories -----------------------------------------------------------
    def story(self, table_id: int, format: int, version: int) -> Any:
        """The cached story of the table, if computed by this format from this log."""
        query = select(game_stories.c.story).where(
            game_stories.c.table_id == table_id, game_stories.c.format == format,
            game_stories.c.version == version)
        with self.engine.connect() as conn:
            return conn.execute(query).scalar()

    def put_story(self, table_id: int, format: int, version: int, story: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(game_stories).where(game_stories.c.table_id == table_id))
            conn.execute(insert(game_stories).values(table_id=table_id, format=format,
                                                     version=version, story=story, at=now()))

    # -- results -----------------------------------------------------------
    def results(self, player_id: int, viewer: int | None, limit: int = 10_000) -> list[Result]:
        """The player's results at the tables `viewer` may see, oldest first."""
        query = (select(player_results, tables.c.players, tables.c.result)
                 .select_from(player_results.join(tables,
                                                  tables.c.id == player_results.c.table_id))
                 .where(player_results.c.player_id == player_id))
        if viewer is None:
            query = query.where(tables.c.private.is_(False))
        elif viewer != player_id:  # one's own page lists every game one played
            member = select(table_members.c.table_id).where(table_members.c.player_id == viewer)
            query = query.where(tables.c.private.is_(False) | tables.c.id.in_(member))
        with self.engine.connect() as conn:
            rows = list(conn.execute(query.order_by(player_results.c.id.desc()).limit(limit)))
        return [_result(row) for row in reversed(rows)]


def _is_member(conn: Connection, table_id: int, player_id: int) -> bool:
    query = select(table_members.c.via).where(table_members.c.table_id == table_id,
                                              table_members.c.player_id == player_id)
    return conn.execute(query).first() is not None


def _link(row: Any) -> InviteLink:
    return InviteLink(
        id=int(row.id), table_id=int(row.table_id), key=row.key, single_use=bool(row.single_use),
        created_by=int(row.created_by), created_at=aware(row.created_at),
        revoked_at=aware(row.revoked_at) if row.revoked_at is not None else None,
        used_by=row.used_by,
    )


def _result(row: Any) -> Result:
    returns = (row.result or {}).get("returns")
    score = None
    if isinstance(returns, list) and 0 <= row.seat < len(returns):
        value = returns[row.seat]
        score = float(value) if isinstance(value, int | float) else None
    return Result(
        table_id=int(row.table_id), game=row.game, seat=int(row.seat), place=int(row.place),
        players=int(row.players), score=score, rated=bool(row.rated),
        rating_before=row.rating_before, rating_after=row.rating_after, at=aware(row.at),
    )

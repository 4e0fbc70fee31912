"""What moderation needs from the database: blocks, reports of chat lines, sanctions
(muted, banned) and the operator's password hash.

`Moderation(engine)` sits beside the Store on the same engine; each method is one short
transaction. A block is one way: `player_id` blocked `blocked_id` (they may not join the
tables where the blocker sits or hosts, nor chat at them, invite the blocker, offer or
accept a rematch with them, nor follow them: a block ends their follow in the same
transaction, so the blocked player no longer sees the blocker's presence). A report
points at a stored chat line, so the operator reads the line as it was said, whatever
the reporter claims.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from belle.storage.models import blocks, chat, follows, players, reports, sanctions, settings
from belle.storage.store import aware, now

OPERATOR_PASSWORD = "operator_password_hash"  # the settings key


@dataclass(frozen=True, slots=True)
class Report:
    id: int
    chat_id: int
    table_id: int | None  # None: the lobby
    author_id: int | None
    author: str
    text: str
    said_at: datetime
    reporter: str
    reason: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Sanction:
    player_id: int
    name: str
    muted: bool
    banned: bool


class Moderation:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- blocks --------------------------------------------------------------
    def block(self, player_id: int, blocked_id: int) -> bool:
        """Store the block and end the blocked player's follow of the blocker; whether
        that follow existed."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(blocks).values(player_id=player_id, blocked_id=blocked_id,
                                                   created_at=now()))
        except IntegrityError:  # blocked already (its follow was ended then)
            pass
        with self.engine.begin() as conn:
            gone = conn.execute(delete(follows).where(follows.c.follower_id == blocked_id,
                                                      follows.c.followed_id == player_id))
        return bool(gone.rowcount)

    def unblock(self, player_id: int, blocked_id: int) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(blocks).where(blocks.c.player_id == player_id,
                                                     blocks.c.blocked_id == blocked_id))
        return bool(gone.rowcount)

    def blocked(self, player_id: int) -> list[str]:
        """The names `player_id` blocked, in the order they were blocked."""
        query = (select(players.c.name)
                 .select_from(blocks.join(players, blocks.c.blocked_id == players.c.id))
                 .where(blocks.c.player_id == player_id).order_by(blocks.c.created_at))
        with self.engine.connect() as conn:
            return [str(row[0]) for row in conn.execute(query)]

    def blocked_by_any(self, player_ids: Sequence[int], blocked_id: int) -> bool:
        """Whether any of `player_ids` blocked `blocked_id`."""
        if not player_ids:
            return False
        query = select(blocks.c.player_id).where(blocks.c.blocked_id == blocked_id,
                                                 blocks.c.player_id.in_(list(player_ids)))
        with self.engine.connect() as conn:
            return conn.execute(query.limit(1)).first() is not None

    def blockers_among(self, player_ids: Sequence[int], blocked_id: int) -> set[int]:
        """Those of `player_ids` who blocked `blocked_id`."""
        if not player_ids:
            return set()
        query = select(blocks.c.player_id).where(blocks.c.blocked_id == blocked_id,
                                                 blocks.c.player_id.in_(list(player_ids)))
        with self.engine.connect() as conn:
            return {int(row[0]) for row in conn.execute(query)}

    def blocked_among(self, player_id: int, others: Sequence[int]) -> set[int]:
        """Those of `others` whom `player_id` blocked."""
        if not others:
            return set()
        query = select(blocks.c.blocked_id).where(blocks.c.player_id == player_id,
                                                  blocks.c.blocked_id.in_(list(others)))
        with self.engine.connect() as conn:
            return {int(row[0]) for row in conn.execute(query)}

    # -- reports -------------------------------------------------------------
    def chat_line(self, chat_id: int) -> tuple[int | None, int | None] | None:
        """(table id, author id) of a stored chat line; None if there is none."""
        query = select(chat.c.table_id, chat.c.player_id).where(chat.c.id == chat_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (row[0], row[1]) if row is not None else None

    def report(self, chat_id: int, reporter_id: int, reason: str) -> bool:
        """File a report; False if this reporter reported this line already."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(reports).values(chat_id=chat_id, reporter_id=reporter_id,
                                                    reason=reason, created_at=now()))
        except IntegrityError:
            return False
        return True

    def open_reports(self, limit: int = 200) -> list[Report]:
        """Reports not resolved yet, oldest first."""
        reporter = players.alias("reporter")
        query = (select(reports, chat.c.table_id, chat.c.player_id.label("author_id"),
                        chat.c.name.label("author"), chat.c.text, chat.c.at,
                        reporter.c.name.label("reporter"))
                 .select_from(reports.join(chat, reports.c.chat_id == chat.c.id)
                              .join(reporter, reports.c.reporter_id == reporter.c.id))
                 .where(reports.c.resolved_at.is_(None)).order_by(reports.c.id).limit(limit))
        with self.engine.connect() as conn:
            return [Report(int(r.id), int(r.chat_id), r.table_id, r.author_id, r.author,
                           r.text, aware(r.at), r.reporter, r.reason, aware(r.created_at))
                    for r in conn.execute(query)]

    def resolve(self, report_id: int) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(update(reports).where(reports.c.id == report_id,
                                                      reports.c.resolved_at.is_(None))
                                .values(resolved_at=now()))
        return bool(done.rowcount)

    # -- sanctions -----------------------------------------------------------
    def sanction(self, player_id: int, *, muted: bool | None = None,
                 banned: bool | None = None) -> Sanction | None:
        """Set what is given (None: unchanged); the sanction now (None: no such player)."""
        with self.engine.begin() as conn:
            name = conn.execute(select(players.c.name).where(players.c.id == player_id)
                                ).scalar()
            if name is None:
                return None
            row = conn.execute(select(sanctions).where(sanctions.c.player_id == player_id)
                               ).first()
            now_muted = muted if muted is not None else bool(row and row.muted)
            now_banned = banned if banned is not None else bool(row and row.banned)
            conn.execute(delete(sanctions).where(sanctions.c.player_id == player_id))
            if now_muted or now_banned:
                conn.execute(insert(sanctions).values(player_id=player_id, muted=now_muted,
                                                      banned=now_banned, updated_at=now()))
        return Sanction(player_id, str(name), now_muted, now_banned)

    def sanctions(self) -> list[Sanction]:
        query = (select(sanctions, players.c.name)
                 .select_from(sanctions.join(players, sanctions.c.player_id == players.c.id))
                 .order_by(players.c.name))
        with self.engine.connect() as conn:
            return [Sanction(int(r.player_id), r.name, bool(r.muted), bool(r.banned))
                    for r in conn.execute(query)]

    # -- the operator's password ----------------------------------------------
    def operator_password_hash(self) -> str | None:
        query = select(settings.c.value).where(settings.c.key == OPERATOR_PASSWORD)
        with self.engine.connect() as conn:
            value = conn.execute(query).scalar()
        return str(value) if value is not None else None

    def set_operator_password_hash(self, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(settings).where(settings.c.key == OPERATOR_PASSWORD))
            conn.execute(insert(settings).values(key=OPERATOR_PASSWORD, value=password_hash))

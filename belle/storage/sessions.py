"""Server-side sessions: one row per signed-in browser, under the hash of its cookie's
token (belle.server.accounts.sessions). `Store.sessions` is one of these."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine, delete, insert, select, update

from belle.storage.models import players, sessions


def now() -> datetime:
    return datetime.now(UTC)


class SessionRows:
    """Sessions on `engine` (each method one short transaction, thread-safe)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, token_hash: str, player_id: int) -> None:
        """A signed-in browser; an old-style cookie of this player is honoured no more."""
        with self.engine.begin() as conn:
            conn.execute(insert(sessions).values(token_hash=token_hash, player_id=player_id,
                                                 created_at=now()))
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(legacy_cookie=False))

    def player(self, token_hash: str) -> int | None:
        query = select(sessions.c.player_id).where(sessions.c.token_hash == token_hash)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return int(found) if found is not None else None

    def end(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == token_hash))

    def end_all(self, player_id: int) -> None:
        """Sign the player out everywhere (old-style cookies included)."""
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.player_id == player_id))
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(legacy_cookie=False))

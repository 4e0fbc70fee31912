"""Match records, players, tables and chat in SQLite (default) or PostgreSQL.

`Store(url)` is the whole API but for ratings and results, which `RatingBook(store)`
keeps; `Store.migrate()` runs the Alembic migrations in
`belle/storage/migrations/` (the server does so at every start).
"""

from belle.storage.ratings import Placement, PlayerResult, Rater, Rating, RatingBook, Skill
from belle.storage.records import EMPTY_SEAT, ChatLine, Player, Seat, TableRecord
from belle.storage.store import (
    MODES,
    STARTED,
    STATUSES,
    ConcurrencyError,
    NameTakenError,
    NotFoundError,
    Store,
    StoreError,
    normalize_url,
    seat_label,
)

DEFAULT_DATABASE_URL = "sqlite:///belle.db"

__all__ = [
    "DEFAULT_DATABASE_URL",
    "EMPTY_SEAT",
    "MODES",
    "STARTED",
    "STATUSES",
    "ChatLine",
    "ConcurrencyError",
    "NameTakenError",
    "NotFoundError",
    "Placement",
    "Player",
    "PlayerResult",
    "Rater",
    "Rating",
    "RatingBook",
    "Seat",
    "Skill",
    "Store",
    "StoreError",
    "TableRecord",
    "normalize_url",
    "seat_label",
]

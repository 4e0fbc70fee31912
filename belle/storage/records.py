"""The Store's plain records: a player, a seat, a table and a chat line (frozen
dataclasses; no ORM object leaves belle.storage)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    name: str
    password_hash: str | None
    created_at: datetime
    legacy_cookie: bool = False  # an old-style cookie still signs this guest in

    @property
    def registered(self) -> bool:
        return self.password_hash is not None


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a table: empty, a person (player id and name) or a bot (its spec).

    A person's seat may be played by a stand-in bot (`bot`): while they are `away`
    (they handed it over and may take it back) or for good once `forfeited` (timeout).
    `assisted` stays set once a person has been away: a bot played for them, so ratings
    rank that seat last, as a forfeit (belle.server.ratings.model).
    """

    kind: str  # empty | human | bot
    player_id: int | None = None
    name: str | None = None
    bot: str | None = None
    away: bool = False
    forfeited: bool = False
    assisted: bool = False

    @property
    def bot_plays(self) -> bool:
        """Whether the server's bot moves for this seat."""
        return self.kind == "bot" or self.away or self.forfeited

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "kind": self.kind, "player_id": self.player_id, "name": self.name, "bot": self.bot,
        }
        if self.away:
            body["away"] = True
        if self.forfeited:
            body["forfeited"] = True
        if self.assisted:
            body["assisted"] = True
        return body

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(str(data["kind"]), data.get("player_id"), data.get("name"), data.get("bot"),
                   bool(data.get("away", False)), bool(data.get("forfeited", False)),
                   bool(data.get("assisted", False)))


EMPTY_SEAT = Seat("empty")


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table (a match once started): its configuration, seats and progress."""

    id: int
    game: str
    options: dict[str, Any]
    players: int
    mode: str
    status: str
    seed: int | None
    seats: list[Seat]
    version: int  # actions in the log
    events: int  # events broadcast so far
    result: dict[str, Any] | None
    engine_version: str
    created_by: int | None
    created_by_name: str | None
    created_at: datetime
    updated_at: datetime
    clock: dict[str, Any] | None = None  # the clock settings (belle.server.table.clock)
    clock_state: dict[str, Any] | None = None
    host_id: int | None = None  # who manages seats and the start (the creator at first)
    host_name: str | None = None
    banned: tuple[int, ...] = ()  # players kicked before the start: they may not rejoin
    private: bool = False  # listed and open only to its members (belle.storage.friends)


@dataclass(frozen=True, slots=True)
class ChatLine:
    id: int
    table_id: int | None
    player_id: int | None
    name: str
    text: str
    at: datetime
    event: int | None = field(default=None)  # the table's event number; None in the lobby
    # A line the table wrote: {"id": notice id, "params": {...}} (belle.server.table.chat)
    notice: dict[str, Any] | None = field(default=None)

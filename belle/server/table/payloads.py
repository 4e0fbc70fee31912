"""JSON bodies the server sends: table summaries and per-viewer state, log and events.

Everything a viewer receives about a match is built here from `state.view(seat)`, the
legal actions of the seat to move (to that seat only) and record entries redacted by
their chance visibility, so per-recipient filtering lives in one place.

`StateJson` is the broadcast path: it encodes the parts every viewer shares once
(version, to_move, the legal list of the seat to move, the view's public part) and
each viewer class's own part of the view once, and joins the pieces as text (`members`
/ `obj`), so an event costs one public view and one small part per distinct viewer,
not a whole view per socket. (Reusing the text of
view fields equal to another viewer's cost more in comparisons than it saved once
encoding is orjson's: docs/deploy.md.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import cache
from typing import Any

from belle import jsonbytes
from belle.engine.game import CHANCE, State
from belle.engine.record import RecordEntry
from belle.engine.registry import list_games
from belle.server.table import notations
from belle.storage import ChatLine, TableRecord

HIDDEN = "?"


@cache
def game_titles() -> dict[str, str]:
    return {info.id: info.title for info in list_games()}


@cache
def fewest_players() -> dict[str, int]:
    """Each game's fewest players: a table starts with that many seated or more."""
    return {info.id: info.min_players for info in list_games()}


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def seat_json(index: int, table: TableRecord) -> dict[str, Any]:
    seat = table.seats[index]
    body: dict[str, Any] = {"seat": index, "kind": seat.kind, "name": seat.name}
    if seat.kind == "bot":
        body["name"] = seat.bot
        body["bot"] = seat.bot
    elif seat.away or seat.forfeited:
        body["stand_in"] = seat.bot
        body["away"] = seat.away
        body["forfeited"] = seat.forfeited
    if seat.assisted:  # a bot played for this person a while: the game ranks them last
        body["assisted"] = True
    return body


def summary(table: TableRecord) -> dict[str, Any]:
    """The table summary of docs/protocol.md (never the seed)."""
    return {
        "id": table.id,
        "game": table.game,
        "title": game_titles().get(table.game, table.game),
        "players": table.players,
        "min_players": fewest_players().get(table.game, table.players),
        "options": table.options,
        "mode": table.mode,
        "status": table.status,
        "seats": [seat_json(i, table) for i in range(table.players)],
        "created_by": table.created_by_name,
        "host": table.host_name,
        "version": table.version,
        "created_at": iso(table.created_at),
        "updated_at": iso(table.updated_at),
        "clock": table.clock,
        "private": table.private,  # issue 20: open and listed only to its members
    }


def player_label(player: int) -> int | str:
    return "chance" if player == CHANCE else player


def may_see(entry: RecordEntry, seat: int | None, over: bool) -> bool:
    """Whether `seat` (None: spectator) may see this entry's content."""
    return over or entry.visible_to is None or (seat is not None and seat in entry.visible_to)


def entry_text(entry: RecordEntry, seat: int | None, over: bool) -> str:
    return entry.text if may_see(entry, seat, over) else HIDDEN


def log(entries: Iterable[RecordEntry], seat: int | None, over: bool) -> list[dict[str, Any]]:
    """The move log as `seat` may see it; `n` is the state version after the action."""
    return [
        {"n": n, "player": player_label(e.player), "text": entry_text(e, seat, over)}
        for n, e in enumerate(entries, start=1)
    ]


def legal(state: State[Any], seat: int | None) -> list[dict[str, Any]]:
    """The legal actions, only for the seat to move."""
    if seat is None or state.current_player() != seat:
        return []
    return [
        {"json": state.action_to_json(a), "text": state.action_to_string(a),
         "int": state.action_to_int(a)}
        for a in state.legal_actions()
    ]


def to_move(state: State[Any]) -> int | None:
    player = state.current_player()
    return player if player >= 0 else None


def state_fields(state: State[Any], seat: int | None, can_undo: bool = False) -> dict[str, Any]:
    """version, to_move, view, legal and can_undo (`can_undo`: whether the seat to move
    may take back its last step; told to that seat only) for one viewer."""
    return {
        "version": len(state.history),
        "to_move": to_move(state),
        "view": state.view(seat),
        "legal": legal(state, seat),
        "can_undo": can_undo and seat is not None and seat == to_move(state),
    }


def result(state: State[Any]) -> dict[str, Any]:
    return {
        "returns": state.returns(),
        "ranking": state.ranking(),
        "breakdown": state.score_breakdown(),
    }


def chat_json(line: ChatLine) -> dict[str, Any]:
    """A chat line; `system: true` marks a line the table wrote (no player: an undo, an
    announcement), `notice` and `params` what it says (belle.server.announcements)."""
    body: dict[str, Any] = {"from": line.name, "text": line.text, "at": iso(line.at)}
    if line.id:
        body["id"] = line.id  # what a report names (belle.server.moderation)
    if line.player_id is None and line.table_id is not None:
        body["system"] = True
    if line.notice is not None:  # the table's own line: each browser words it
        body["notice"] = line.notice.get("id")
        body["params"] = line.notice.get("params", {})
    return body


# -- text assembly (the broadcast path) ---------------------------------------------
def _encode(value: Any) -> str:
    return jsonbytes.dumps(value).decode()


def encode(value: Any) -> str:
    """Compact UTF-8 JSON, as `messages.dumps` writes it (orjson: a third of the time
    of the json module's encoder on a view; see docs/deploy.md)."""
    return _encode(value)


def members(body: dict[str, Any]) -> str:
    """The `"k":v,…` text of an object without its braces ('' when empty)."""
    return _encode(body)[1:-1]


def obj(*parts: str) -> str:
    """An object's text from `members` pieces (empty pieces are skipped)."""
    return "{" + ",".join(part for part in parts if part) + "}"


class StateJson:
    """version, to_move, view, legal and can_undo of one state, as members text per viewer.

    The shared fields, the public part of the view and the mover's legal list are
    encoded once; each viewer key's (seat or None) own part of the view once, and the
    whole cached. Build one per state, use it while that state does not change.
    """

    def __init__(self, state: State[Any], can_undo: bool = False) -> None:
        self.state = state
        self.can_undo = can_undo  # the seat to move may take back its last step
        self.mover = to_move(state)
        self.head = f'"version":{len(state.history)},"to_move":{_encode(self.mover)}'
        self._legal: str | None = None
        self._public: bytes | None = None
        self._wire: dict[int | None, bytes] = {}

    def wire_members(self, seat: int | None) -> bytes:
        """The members text of `seat`'s state fields as UTF-8, built from orjson's bytes
        without a round trip through text: a live event is sent as bytes
        (belle.server.ws.direct), and the public part of the view, the bulk, is encoded
        once for every seat."""
        wire = self._wire.get(seat)
        if wire is None:
            mover = seat is not None and seat == self.mover
            legal = self._legal_text().encode() if mover else b"[]"
            undo = b"true" if mover and self.can_undo else b"false"
            wire = self._wire[seat] = b"".join((
                self.head.encode(), b',"view":', self._view_bytes(seat), b',"legal":', legal,
                b',"can_undo":', undo))
        return wire

    def _view_bytes(self, seat: int | None) -> bytes:
        """`state.view(seat)` as JSON: the public part's one encoding with the seat's own
        part after it (their keys apart: State.private_view)."""
        public = self._public
        if public is None:
            public = self._public = jsonbytes.dumps(self.state.public_view())
        private = jsonbytes.dumps(self.state.private_view(seat))
        if public == b"{}":
            return private
        if private == b"{}":
            return public
        return public[:-1] + b"," + private[1:]

    def _legal_text(self) -> str:
        if self._legal is None:
            self._legal = notations.legal_text(self.state) if self.mover is not None else "[]"
        return self._legal

"""The lobby over HTTP: games (`/api/games`, their board material), tables
(`/api/tables`: list, create) and a table's seats and roles (join, leave, bots, kick,
host, close, start, abort, resign, claim).

Seat changes and starts go through the table's actor, so they are ordered with the
table's moves and broadcast as `table` events. Errors are
`{"error": {"code", "message"}}` with the status of `errors.STATUS`.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, StrictBool, StrictInt

from belle.bots import BOT_NAMES
from belle.engine.errors import GameError
from belle.engine.registry import game_ids, list_games, load_game
from belle.server.errors import ServerError
from belle.server.http.identity import address, current_player, signed_in
from belle.server.hub import hub_of
from belle.server.table import payloads
from belle.server.table.actor import TableActor
from belle.server.table.clock import ClockSettings
from belle.storage import MODES, STATUSES

router = APIRouter(prefix="/api")


class TableBody(BaseModel):
    game: str
    players: StrictInt
    options: dict[str, Any] = {}
    mode: str = "live"
    clock: Any = None  # {"kind": "none" | "per-move" | "game", "seconds"?, "increment"?}
    on_timeout: Any = None  # "bot-moves" (default) | "forfeit"
    private: StrictBool = False  # open and listed only to its members (issue 20)


class SeatBody(BaseModel):
    seat: StrictInt | None = None


class BotBody(BaseModel):
    bot: str = "greedy"
    seat: StrictInt | None = None


@router.get("/games")
async def games() -> Any:
    return {"games": [info.to_json() for info in list_games()], "bots": list(BOT_NAMES)}


@router.get("/games/{game_id}/board")
async def board(game_id: str) -> Any:
    """The game's fixed material for its renderer (`views.board_json()`), if it has one."""
    material = board_json(game_id)
    if material is None:
        raise ServerError("not_found", "no board material for game '{game}'",
                          params={"game": game_id[:40]})
    return material


@functools.cache
def board_json(game_id: str) -> Any:
    if game_id not in game_ids():
        return None
    views = importlib.import_module(f"belle.games.{game_id}.views")
    make = getattr(views, "board_json", None)
    return make() if callable(make) else None


@router.get("/tables")
async def tables(request: Request, status: str | None = None) -> Any:
    if status is not None and status not in STATUSES:
        raise ServerError("bad_options", "status is one of {statuses}",
                          params={"statuses": ", ".join(STATUSES)})
    hub = hub_of(request)
    viewer = await current_player(request)  # private tables: only its members'
    found = await hub.db.read(functools.partial(
        hub.store.list_tables, seen_by=viewer.id if viewer is not None else None), status)
    return [payloads.summary(t) for t in found]


@router.post("/tables")
async def create_table(body: TableBody, request: Request) -> Any:
    hub = hub_of(request)
    player = await signed_in(request)
    if body.mode not in MODES:
        raise ServerError("bad_options", "mode is one of {modes}, not '{mode}'",
                          params={"modes": ", ".join(MODES), "mode": body.mode[:40]})
    clock = ClockSettings.parse(body.clock, body.on_timeout)
    try:
        game = load_game(body.game, **body.options)
        game.check_players(body.players)
    except GameError as exc:
        raise ServerError("bad_options", str(exc), refusal=exc.refusal()) from exc
    except TypeError as exc:  # an option named like a parameter (`self`, `game_id`)
        raise ServerError("bad_options", "bad options: {reason}",
                          params={"reason": str(exc)}) from exc
    most = hub.limits.max_open_tables
    if await hub.db.read(hub.store.count_open_tables, player.id) >= most:
        raise ServerError("too_many_tables", "you host {most} tables waiting for players: "
                                             "start or close one before creating another",
                          params={"most": most})
    client = address(request)
    await hub.caps.may_open_table(client)
    table = await hub.db.write(
        functools.partial(hub.store.create_table, private=body.private), game.info.id,
        dict(game.options), body.players, body.mode, player.id,
        clock.to_json() if clock.active else None,
    )
    await hub.caps.opened_table(client, table.id)
    if table.private:
        await hub.db.write(hub.friends.book.add_member, table.id, player.id, "host")
    hub.table_changed(table)
    return payloads.summary(table)


async def _actor(request: Request, table_id: int) -> TableActor:
    """The table's actor, if whoever asks may know of it (a private table: its members)."""
    hub = hub_of(request)
    actor = await hub.actor(table_id)
    await hub.friends.access.require_visible(actor.table, await current_player(request))
    return actor


@router.get("/tables/{table_id}")
async def table(table_id: int, request: Request) -> Any:
    return (await _actor(request, table_id)).summary()


@router.post("/tables/{table_id}/join")
async def join(table_id: int, request: Request, body: SeatBody | None = None) -> Any:
    actor = await _actor(request, table_id)
    await actor.seats.join(await signed_in(request), body.seat if body else None)
    return actor.summary()


@router.post("/tables/{table_id}/leave")
async def leave(table_id: int, request: Request) -> Any:
    actor = await _actor(request, table_id)
    await actor.seats.leave(await signed_in(request))
    return actor.summary()


@router.post("/tables/{table_id}/bots")
async def add_bot(table_id: int, request: Request, body: BotBody | None = None) -> Any:
    actor = await _actor(request, table_id)
    body = body or BotBody()
    await actor.seats.add_bot(await signed_in(request), body.bot, body.seat)
    return actor.summary()


@router.delete("/tables/{table_id}/bots/{seat}")
async def remove_bot(table_id: int, seat: int, request: Request) -> Any:
    actor = await _actor(request, table_id)
    await actor.seats.remove_bot(await signed_in(request), seat)
    return actor.summary()


@router.post("/tables/{table_id}/close")
async def close(table_id: int, request: Request) -> Any:
    """The creator closes a table that has not started: it leaves the lobby for good."""
    actor = await _actor(request, table_id)
    await actor.lifecycle.close_table(await signed_in(request))
    return actor.summary()


@router.post("/tables/{table_id}/kick")
async def kick(table_id: int, body: SeatBody, request: Request) -> Any:
    """The host sends the person in `seat` away before the start (they may not rejoin)."""
    actor = await _actor(request, table_id)
    await actor.hosting.kick(await signed_in(request), _seat_of(body))
    return actor.summary()


@router.post("/tables/{table_id}/host")
async def hand_on(table_id: int, body: SeatBody, request: Request) -> Any:
    """The host hands the role to the person in `seat`."""
    actor = await _actor(request, table_id)
    await actor.hosting.hand_on(await signed_in(request), _seat_of(body))
    return actor.summary()


@router.post("/tables/{table_id}/abort")
async def abort(table_id: int, request: Request) -> Any:
    """Stop a game in which some seated person has not moved yet."""
    actor = await _actor(request, table_id)
    await actor.lifecycle.abort(await signed_in(request))
    return actor.summary()


@router.post("/tables/{table_id}/rematch")
async def rematch(table_id: int, request: Request) -> Any:
    """Accept a rematch of a finished table (the first acceptance offers it)."""
    actor = await _actor(request, table_id)
    started = await actor.rematch.accept(await signed_in(request))
    return {**actor.rematch.body(), "table": started}


@router.delete("/tables/{table_id}/rematch")
async def withdraw_rematch(table_id: int, request: Request) -> Any:
    """Take back an acceptance (nothing changes once the rematch started)."""
    actor = await _actor(request, table_id)
    await actor.rematch.withdraw(await signed_in(request))
    return actor.rematch.body()


@router.post("/tables/{table_id}/resign")
async def resign(table_id: int, request: Request) -> Any:
    """Give my seat up for the rest of the game (a bot plays it)."""
    actor = await _actor(request, table_id)
    await actor.departures.resign(await signed_in(request))
    return actor.summary()


@router.post("/tables/{table_id}/claim")
async def claim(table_id: int, request: Request) -> Any:
    """Claim the seat of the person to move, silent too long at a table without a clock:
    a bot plays it to the end."""
    actor = await _actor(request, table_id)
    await actor.departures.claim(await signed_in(request))
    return actor.summary()


def _seat_of(body: SeatBody) -> int:
    if body.seat is None:
        raise ServerError("malformed", "say which seat: {\"seat\": N}")
    return body.seat


@router.post("/tables/{table_id}/start")
async def start(table_id: int, request: Request) -> Any:
    actor = await _actor(request, table_id)
    await actor.lifecycle.start(await signed_in(request), address(request))
    return actor.summary()

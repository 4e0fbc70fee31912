"""The HTTP API: identity (`/api/session`, …), the lobby (`/api/tables`, …) and replays.

Seat changes and starts go through the table's actor, so they are ordered with the
table's moves and broadcast as `table` events. Errors are
`{"error": {"code", "message"}}` with the status of `errors.STATUS`.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, StrictInt

from belle.bots import BOT_NAMES
from belle.engine.errors import GameError
from belle.engine.record import replay
from belle.engine.registry import game_ids, list_games, load_game
from belle.server import auth, payloads
from belle.server.clock import ClockSettings
from belle.server.errors import ServerError
from belle.server.hub import Hub, hub_of
from belle.server.table import TableActor
from belle.storage import MODES, STARTED, STATUSES, NameTakenError, Player

router = APIRouter(prefix="/api")


class SessionBody(BaseModel):
    name: str
    password: str | None = None


class PasswordBody(BaseModel):
    password: str


class TableBody(BaseModel):
    game: str
    players: StrictInt
    options: dict[str, Any] = {}
    mode: str = "live"
    clock: Any = None  # {"kind": "none" | "per-move" | "game", "seconds"?, "increment"?}
    on_timeout: Any = None  # "bot-moves" (default) | "forfeit"


class SeatBody(BaseModel):
    seat: StrictInt | None = None


class BotBody(BaseModel):
    bot: str = "greedy"
    seat: StrictInt | None = None



async def current_player(request: Request) -> Player | None:
    hub = hub_of(request)
    return await hub.player(hub.sessions.from_cookies(request.cookies))


async def signed_in(request: Request) -> Player:
    player = await current_player(request)
    if player is None:
        raise ServerError("not_signed_in", "pick a name first (POST /api/session)")
    return player


def player_json(player: Player) -> dict[str, Any]:
    return {"player": {"id": player.id, "name": player.name, "registered": player.registered}}


# -- identity ---------------------------------------------------------------
@router.post("/session")
async def open_session(body: SessionBody, request: Request, response: Response) -> Any:
    hub = hub_of(request)
    name = auth.check_name(body.name)
    me = await current_player(request)
    player = await hub.db(hub.store.get_player_by_name, name)
    if player is None:
        player = await _new_player(hub, name, body.password)
    elif player.password_hash is not None and (me is None or me.id != player.id):
        if body.password is None or not await hub.db(
            auth.verify_password, player.password_hash, body.password
        ):
            raise ServerError("bad_password", f"{player.name} is kept with a password")
    elif player.password_hash is None and (me is None or me.id != player.id):
        raise ServerError("name_taken", f"{player.name} is taken; choose another name")
    response.set_cookie(
        auth.COOKIE, hub.sessions.token(player.id), max_age=auth.COOKIE_MAX_AGE,
        httponly=True, samesite="lax", path="/", secure=request.url.scheme == "https",
    )
    return player_json(player)


async def _new_player(hub: Hub, name: str, password: str | None) -> Player:
    password_hash = None
    if password is not None:
        password_hash = await hub.db(auth.hash_password, auth.check_password(password))
    try:
        return await hub.write(hub.store.create_player, name, password_hash)
    except NameTakenError as exc:
        raise ServerError("name_taken", f"{name} is taken; choose another name") from exc


@router.post("/password")
async def set_password(body: PasswordBody, request: Request) -> Any:
    hub = hub_of(request)
    player = await signed_in(request)
    password_hash = await hub.db(auth.hash_password, auth.check_password(body.password))
    await hub.write(hub.store.set_password, player.id, password_hash)
    hub.forget_player(player.id)
    updated = await hub.player(player.id)
    assert updated is not None
    return player_json(updated)


@router.get("/me")
async def me(request: Request) -> Any:
    return player_json(await signed_in(request))


@router.post("/logout")
async def logout(response: Response) -> Any:
    response.delete_cookie(auth.COOKIE, path="/", httponly=True, samesite="lax")
    return {"ok": True}


@router.get("/health")
async def health(request: Request) -> Any:
    """For load balancers and operators: this worker answers; whether it hears the others
    (`fanout`: "local" for one process, "up" or "down" with Redis)."""
    fanout = hub_of(request).fanout
    state = "local" if not fanout.clustered else "up" if fanout.is_connected() else "down"
    return {"ok": True, "fanout": state, "worker": fanout.worker}


# -- lobby -------------------------------------------------------------------
@router.get("/games")
async def games() -> Any:
    return {"games": [info.to_json() for info in list_games()], "bots": list(BOT_NAMES)}


@router.get("/games/{game_id}/board")
async def board(game_id: str) -> Any:
    """The game's fixed material for its renderer (`views.board_json()`), if it has one."""
    material = board_json(game_id)
    if material is None:
        raise ServerError("not_found", f"no board material for game {game_id!r}")
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
        raise ServerError("bad_options", f"status is one of {', '.join(STATUSES)}")
    hub = hub_of(request)
    found = await hub.db(hub.store.list_tables, status)
    return [payloads.summary(t) for t in found]


@router.post("/tables")
async def create_table(body: TableBody, request: Request) -> Any:
    hub = hub_of(request)
    player = await signed_in(request)
    if body.mode not in MODES:
        raise ServerError("bad_options", f"mode is one of {', '.join(MODES)}, not {body.mode!r}")
    clock = ClockSettings.parse(body.clock, body.on_timeout)
    try:
        game = load_game(body.game, **body.options)
        game.check_players(body.players)
    except GameError as exc:
        raise ServerError("bad_options", str(exc)) from exc
    except TypeError as exc:  # an option named like a parameter (`self`, `game_id`)
        raise ServerError("bad_options", f"bad options: {exc}") from exc
    most = hub.limits.max_open_tables
    if await hub.db(hub.store.count_unfinished_tables, player.id) >= most:
        raise ServerError("too_many_tables", f"you have created {most} tables that are not "
                                             "finished; finish one before creating another")
    table = await hub.write(
        hub.store.create_table, game.info.id, dict(game.options), body.players, body.mode,
        player.id, clock.to_json() if clock.active else None,
    )
    hub.table_changed(table)
    return payloads.summary(table)


async def _actor(request: Request, table_id: int) -> TableActor:
    return await hub_of(request).actor(table_id)


@router.get("/tables/{table_id}")
async def table(table_id: int, request: Request) -> Any:
    return (await _actor(request, table_id)).summary()


@router.post("/tables/{table_id}/join")
async def join(table_id: int, request: Request, body: SeatBody | None = None) -> Any:
    actor = await _actor(request, table_id)
    await actor.join(await signed_in(request), body.seat if body else None)
    return actor.summary()


@router.post("/tables/{table_id}/leave")
async def leave(table_id: int, request: Request) -> Any:
    actor = await _actor(request, table_id)
    await actor.leave(await signed_in(request))
    return actor.summary()


@router.post("/tables/{table_id}/bots")
async def add_bot(table_id: int, request: Request, body: BotBody | None = None) -> Any:
    actor = await _actor(request, table_id)
    body = body or BotBody()
    await actor.add_bot(await signed_in(request), body.bot, body.seat)
    return actor.summary()


@router.delete("/tables/{table_id}/bots/{seat}")
async def remove_bot(table_id: int, seat: int, request: Request) -> Any:
    actor = await _actor(request, table_id)
    await actor.remove_bot(await signed_in(request), seat)
    return actor.summary()


@router.post("/tables/{table_id}/close")
async def close(table_id: int, request: Request) -> Any:
    """The creator closes a table that has not started: it leaves the lobby for good."""
    actor = await _actor(request, table_id)
    await actor.close_table(await signed_in(request))
    return actor.summary()


@router.post("/tables/{table_id}/start")
async def start(table_id: int, request: Request) -> Any:
    actor = await _actor(request, table_id)
    await actor.start(await signed_in(request))
    return actor.summary()


def _viewer(actor: TableActor, seat: int | None, player: Player | None) -> None:
    """A seat's private view is its player's until the end; then everyone's."""
    if seat is None:
        return
    if not 0 <= seat < actor.table.players:
        raise ServerError("bad_options", f"seats are 0 to {actor.table.players - 1}")
    if actor.table.status != "finished" and (player is None or actor.seat_of(player.id) != seat):
        raise ServerError("not_seated", "a seat's view is its player's until the game ends")


@router.get("/tables/{table_id}/replay")
async def replay_record(table_id: int, request: Request, seat: int | None = None) -> Any:
    """The match record as `seat` may see it (everything once the game is over)."""
    actor = await _actor(request, table_id)
    _viewer(actor, seat, await current_player(request))
    record = actor.record()
    shown = record if actor.table.status == "finished" else record.redacted_for(seat)
    shown.seed = None
    return {**shown.to_json(), "table": actor.summary()}


@router.get("/tables/{table_id}/view")
async def view_at(
    table_id: int, request: Request, seat: int | None = None, at: int | None = None
) -> Any:
    """`state.view(seat)` after the first `at` actions (default: all): replay stepping."""
    actor = await _actor(request, table_id)
    _viewer(actor, seat, await current_player(request))
    record = actor.record()
    steps = len(record.actions)
    at = steps if at is None else at
    if not 0 <= at <= steps:
        raise ServerError("bad_options", f"at is from 0 to {steps}")
    view = replay(record, at).view(seat) if actor.table.status in STARTED else None
    return {"at": at, "seat": seat, "view": view}

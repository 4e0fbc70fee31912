"""Identity over HTTP: `/api/session` (pick a name, or sign in to a kept one),
`/api/password`, `/api/me`, `/api/logout`, and the helpers every route uses to know
who asks (`current_player`, `signed_in`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from belle.server.accounts import names, passwords, sessions
from belle.server.errors import ServerError
from belle.server.hub import Hub, hub_of
from belle.storage import NameTakenError, Player

router = APIRouter(prefix="/api")


class SessionBody(BaseModel):
    name: str
    password: str | None = None


class PasswordBody(BaseModel):
    password: str


async def current_player(request: Request) -> Player | None:
    hub = hub_of(request)
    return await hub.players.get(hub.sessions.from_cookies(request.cookies))


async def signed_in(request: Request) -> Player:
    player = await current_player(request)
    if player is None:
        raise ServerError("not_signed_in", "pick a name first (POST /api/session)")
    return player


def player_json(player: Player) -> dict[str, Any]:
    return {"player": {"id": player.id, "name": player.name, "registered": player.registered}}


@router.post("/session")
async def open_session(body: SessionBody, request: Request, response: Response) -> Any:
    hub = hub_of(request)
    name = names.check_name(body.name)
    me = await current_player(request)
    player = await hub.db.read(hub.store.get_player_by_name, name)
    if player is None:
        player = await _new_player(hub, name, body.password)
    elif player.password_hash is not None and (me is None or me.id != player.id):
        if body.password is None or not await hub.db.read(
            passwords.verify_password, player.password_hash, body.password
        ):
            raise ServerError("bad_password", f"{player.name} is kept with a password")
    elif player.password_hash is None and (me is None or me.id != player.id):
        raise ServerError("name_taken", f"{player.name} is taken; choose another name")
    response.set_cookie(
        sessions.COOKIE, hub.sessions.token(player.id), max_age=sessions.COOKIE_MAX_AGE,
        httponly=True, samesite="lax", path="/", secure=request.url.scheme == "https",
    )
    return player_json(player)


async def _new_player(hub: Hub, name: str, password: str | None) -> Player:
    password_hash = None
    if password is not None:
        password_hash = await hub.db.read(passwords.hash_password,
                                          passwords.check_password(password))
    try:
        return await hub.db.write(hub.store.create_player, name, password_hash)
    except NameTakenError as exc:
        raise ServerError("name_taken", f"{name} is taken; choose another name") from exc


@router.post("/password")
async def set_password(body: PasswordBody, request: Request) -> Any:
    hub = hub_of(request)
    player = await signed_in(request)
    password_hash = await hub.db.read(passwords.hash_password,
                                      passwords.check_password(body.password))
    await hub.db.write(hub.store.set_password, player.id, password_hash)
    hub.players.forget(player.id)
    updated = await hub.players.get(player.id)
    assert updated is not None
    return player_json(updated)


@router.get("/me")
async def me(request: Request) -> Any:
    return player_json(await signed_in(request))


@router.post("/logout")
async def logout(response: Response) -> Any:
    response.delete_cookie(sessions.COOKIE, path="/", httponly=True, samesite="lax")
    return {"ok": True}

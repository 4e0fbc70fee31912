"""Identity over HTTP: `/api/session` (pick a name, or sign in to a kept one),
`/api/password`, `/api/me`, `/api/logout`, and the helpers every route uses to know
who asks (`current_player`, `signed_in`).

Every sign-in is a server-side session (belle.server.accounts.sessions): logout ends
it (`{"everywhere": true}`: every session of the player), a password change ends every
other one and needs the current password. The websockets of an ended session close at
once, on every worker (belle.server.accounts.revocation). Password attempts are
throttled per account and per address before any hash is checked, and hashing runs on
its own bounded pool.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, StrictBool

from belle.server.accounts import names, passwords, sessions
from belle.server.accounts.identities import Identity
from belle.server.addresses import client_key
from belle.server.errors import ServerError
from belle.server.hub import Hub, hub_of
from belle.storage import NameTakenError, Player

router = APIRouter(prefix="/api")


class SessionBody(BaseModel):
    name: str
    password: str | None = None


class PasswordBody(BaseModel):
    password: str
    current: str | None = None  # required once the name is kept with a password


class LogoutBody(BaseModel):
    everywhere: StrictBool = False


async def identity(request: Request) -> Identity | None:
    return await hub_of(request).identities.identify(request.cookies.get(sessions.COOKIE))


async def current_player(request: Request) -> Player | None:
    found = await identity(request)
    return found.player if found is not None else None


async def signed_in(request: Request) -> Player:
    player = await current_player(request)
    if player is None:
        raise ServerError("not_signed_in", "pick a name first (POST /api/session)")
    return player


def player_json(player: Player) -> dict[str, Any]:
    return {"player": {"id": player.id, "name": player.name, "registered": player.registered}}


def address(request: Request) -> str:
    """The client's address as per-address limits count it (an IPv6 one by its /64)."""
    return client_key(request.client.host if request.client is not None else None)


def _set_cookie(request: Request, response: Response, value: str) -> None:
    response.set_cookie(
        sessions.COOKIE, value, max_age=sessions.COOKIE_MAX_AGE,
        httponly=True, samesite="lax", path="/", secure=request.url.scheme == "https",
    )


@router.post("/session")
async def open_session(body: SessionBody, request: Request, response: Response) -> Any:
    hub = hub_of(request)
    name = names.check_name(body.name)
    me = await identity(request)
    player = await hub.db.read(hub.store.get_player_by_name, name)
    mine = me is not None and player is not None and me.player.id == player.id
    if player is not None and hub.identities.refuse(player.id):
        raise ServerError("banned", "the operator has banned this name")
    if player is None:
        player = await _new_player(hub, name, body.password, address(request))
    elif player.password_hash is not None and not mine:
        await hub.login_throttle.attempt(player.name, address(request))
        if body.password is None or not await hub.passwords.verify(
            player.password_hash, body.password
        ):
            raise ServerError("bad_password", "{name} is kept with a password",
                              params={"name": player.name})
    elif player.password_hash is None and not mine:
        raise ServerError("name_taken", "{name} is taken; choose another name",
                          params={"name": player.name})
    if me is not None and me.token is not None and not mine:
        await hub.identities.sign_out(me.token)  # the browser was someone else before
        hub.revocations.session(me.player.id, me.token.hash)
    if mine and me is not None and me.token is not None:
        return player_json(player)
    cookie, _token = await hub.identities.sign_in(player.id)
    _set_cookie(request, response, cookie)
    return player_json(player)


async def _new_player(hub: Hub, name: str, password: str | None, client: str) -> Player:
    skeleton = names.skeleton(name)
    look_alike = await hub.db.read(hub.store.registered_look_alike, skeleton)
    if look_alike is not None:
        raise ServerError("name_taken", "{name} looks too much like {other}, a "
                                        "registered player; choose another name",
                          params={"name": name, "other": look_alike})
    checked = passwords.check_password(password) if password is not None else None
    await hub.caps.new_name(client)  # a name a minute is fine; sixty are a flood
    password_hash = await hub.passwords.hash(checked) if checked is not None else None
    try:
        return await hub.db.write(hub.store.create_player, name, password_hash, skeleton)
    except NameTakenError as exc:
        raise ServerError("name_taken", "{name} is taken; choose another name",
                          params={"name": name}) from exc


@router.post("/password")
async def set_password(body: PasswordBody, request: Request) -> Any:
    """Keep the name with a password, or change it (the current one required). Every
    other session of the player ends."""
    hub = hub_of(request)
    me = await identity(request)
    if me is None:
        raise ServerError("not_signed_in", "pick a name first (POST /api/session)")
    player = me.player
    new = passwords.check_password(body.password)
    if player.password_hash is not None:
        await hub.login_throttle.attempt(player.name, address(request))
        if body.current is None or not await hub.passwords.verify(
            player.password_hash, body.current
        ):
            raise ServerError("bad_password", "your current password is needed to change "
                                              "it, and that one is not it")
    else:
        look_alike = await hub.db.read(hub.store.registered_look_alike,
                                       names.skeleton(player.name), player.id)
        if look_alike is not None:
            raise ServerError("name_taken", "{name} looks too much like "
                                            "{other}, a registered player: pick "
                                            "another name to keep",
                              params={"name": player.name, "other": look_alike})
    password_hash = await hub.passwords.hash(new)
    keep = me.token.hash if me.token is not None else None
    await hub.db.write(hub.store.set_password, player.id, password_hash, keep)
    hub.revocations.player(player.id, keep)  # the other sessions' sockets close
    updated = await hub.players.get(player.id)
    assert updated is not None
    return player_json(updated)


@router.get("/me")
async def me(request: Request, response: Response) -> Any:
    found = await identity(request)
    if found is None:
        raise ServerError("not_signed_in", "pick a name first (POST /api/session)")
    if found.token is None:  # an old-style cookie: exchanged for a session, once
        cookie, _token = await hub_of(request).identities.sign_in(found.player.id)
        _set_cookie(request, response, cookie)
    return player_json(found.player)


@router.post("/logout")
async def logout(request: Request, response: Response, body: LogoutBody | None = None) -> Any:
    """End this session (`everywhere`: every session of the player); the cookie goes."""
    hub = hub_of(request)
    found = await identity(request)
    if found is not None:
        everywhere = body is not None and body.everywhere
        if everywhere or found.token is None:  # an old-style cookie: every session
            await hub.identities.sign_out_everywhere(found.player.id)
            hub.revocations.player(found.player.id)
        else:
            await hub.identities.sign_out(found.token)
            hub.revocations.session(found.player.id, found.token.hash)
    response.delete_cookie(sessions.COOKIE, path="/", httponly=True, samesite="lax")
    return {"ok": True}

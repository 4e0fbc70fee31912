"""Moderation by players over HTTP: `/api/me/blocks` (list, block a name, unblock) and
`POST /api/chat/{id}/report` (report a chat line to the operator)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from belle.server.errors import ServerError
from belle.server.http.identity import signed_in
from belle.server.hub import hub_of
from belle.server.moderation.guard import Guard

router = APIRouter(prefix="/api")
MAX_REASON = 300


class NameBody(BaseModel):
    name: str


class ReportBody(BaseModel):
    reason: str = ""


def guard_of(request: Request) -> Guard:
    guard = hub_of(request).guard
    assert isinstance(guard, Guard)
    return guard


@router.get("/me/blocks")
async def my_blocks(request: Request) -> Any:
    player = await signed_in(request)
    guard = guard_of(request)
    return {"blocked": await hub_of(request).db.read(guard.store.blocked, player.id)}


@router.post("/me/blocks")
async def block(body: NameBody, request: Request) -> Any:
    player = await signed_in(request)
    hub = hub_of(request)
    other = await hub.db.read(hub.store.get_player_by_name, body.name.strip())
    if other is None:
        raise ServerError("not_found", "there is no player '{name}'",
                          params={"name": body.name.strip()[:24]})
    if other.id == player.id:
        raise ServerError("bad_options", "you cannot block yourself")
    guard = guard_of(request)
    if await hub.db.write(guard.store.block, player.id, other.id):  # their follow ended
        await hub.friends.personal.reread_follows(other.id)
    return {"blocked": await hub.db.read(guard.store.blocked, player.id)}


@router.delete("/me/blocks/{name}")
async def unblock(name: str, request: Request) -> Any:
    player = await signed_in(request)
    hub = hub_of(request)
    other = await hub.db.read(hub.store.get_player_by_name, name)
    guard = guard_of(request)
    if other is None or not await hub.db.write(guard.store.unblock, player.id, other.id):
        raise ServerError("not_found", "you have not blocked that name")
    return {"blocked": await hub.db.read(guard.store.blocked, player.id)}


@router.post("/chat/{chat_id}/report")
async def report(chat_id: int, request: Request, body: ReportBody | None = None) -> Any:
    """Report a chat line (of the lobby, or of a table) to the operator."""
    player = await signed_in(request)
    hub = hub_of(request)
    guard = guard_of(request)
    reason = " ".join((body or ReportBody()).reason.split())
    if len(reason) > MAX_REASON:
        raise ServerError("too_large", "a report's reason has at most {most} characters",
                          params={"most": MAX_REASON})
    line = await hub.db.read(guard.store.chat_line, chat_id) if 0 < chat_id < 2**31 else None
    if line is None or line[1] is None:
        raise ServerError("not_found", "there is no chat line {line} by a player",
                          params={"line": chat_id})
    if line[1] == player.id:
        raise ServerError("bad_options", "you cannot report your own line")
    filed = await hub.db.write(guard.store.report, chat_id, player.id, reason)
    return {"reported": True, "new": filed}

"""Replays over HTTP: a table's match record (`/api/tables/{id}/replay`) and the view
after its first N actions (`/api/tables/{id}/view?at=N`, from the replay cache, off the
event loop: belle.server.table.replays), as a seat may see them.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from belle.server.errors import ServerError
from belle.server.http.identity import current_player
from belle.server.hub import hub_of
from belle.server.table.actor import TableActor
from belle.storage import STARTED, Player

router = APIRouter(prefix="/api")


async def _actor(request: Request, table_id: int) -> TableActor:
    """The table's actor, if whoever asks may know of it (a private table: its members)."""
    hub = hub_of(request)
    actor = await hub.actor(table_id)
    await hub.friends.access.require_visible(actor.table, await current_player(request))
    return actor


def _viewer(actor: TableActor, seat: int | None, player: Player | None) -> None:
    """A seat's private view is its player's until the end; then everyone's."""
    if seat is None:
        return
    if not 0 <= seat < actor.table.players:
        raise ServerError("bad_options", "seats are 0 to {last} here (the API counts from 0)",
                          params={"last": actor.table.players - 1})
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
        raise ServerError("bad_options", "at is from 0 to {steps}", params={"steps": steps})
    view = None
    if actor.table.status in STARTED:
        view = await hub_of(request).replays.view((actor.id, actor.generation), record, at,
                                                  seat)
    return {"at": at, "seat": seat, "view": view}

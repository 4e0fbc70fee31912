"""The operator's actions on a table: close it, whatever its state; take a banned
player's seats out of the games under way.

An open table is closed (it never starts), a running one is stopped like an abort (no
result, no rating; a tournament counts it as played without points). A banned player
can never move again, so at every running game they sit at, their seats are resigned
for them when another person plays there (a bot plays them to the end and they rank
last, as `POST /api/tables/{id}/resign` does), and the game is aborted when no one else
does (nobody is left to play it for). Everything goes through the table's actor, so it
is ordered with its moves, stored as one event, broadcast and shared with the other
workers, as the host's own close, abort and a player's resign are
(belle.server.table.seats).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.server.table.timekeeper import STAND_IN
from belle.storage import StoreError

if TYPE_CHECKING:
    from belle.server.hub import Hub
    from belle.server.table.actor import TableActor


async def close_table(hub: Hub, table_id: int) -> str:
    """Close or stop the table; its status now ("closed" or "aborted")."""
    actor = await hub.actor(table_id)
    async with actor.command():
        status = actor.table.status
        if status == "open":
            write, outcome = hub.store.close_table, "closed"
        elif status == "running" and not actor.over:
            write, outcome = hub.store.abort_table, "aborted"
        else:
            raise ServerError("not_open", "table {table} is {status}: there is nothing "
                                          "to close", params={"table": table_id, "status": status})
        await _store_status(actor, write, outcome)
        if outcome == "aborted":
            await hub.finished(actor)
    return outcome


async def _store_status(actor: TableActor, write: Callable[[int], int], outcome: str) -> None:
    """Close or abort the table (the caller holds its lock; an abort's listeners are
    the caller's to tell)."""
    hub = actor.host
    try:
        n = await hub.db.write(write, actor.id)
    except StoreError as exc:
        await actor.reload()
        raise ServerError("not_open", "the table changed meanwhile: try again") from exc
    actor.changed(n, status=outcome)
    actor.bots.forget()
    if outcome == "aborted":
        await actor.timekeeper.follow()
    actor.events.table(n)
    actor.remote.share_table(n)


async def unseat_banned(hub: Hub, table_id: int, banned: Collection[int]) -> str | None:
    """Take the `banned` players' seats out of the game under way at `table_id`:
    "resigned" (another person plays on, against a bot in their seats), "aborted" (no
    one else did), or None (none of them has a seat still theirs in a running game)."""
    actor = await hub.actor(table_id)
    async with actor.command():
        seats = actor.table.seats
        theirs = [i for i, s in enumerate(seats) if s.kind == "human"
                  and s.player_id in banned and not s.forfeited]
        if actor.table.status != "running" or actor.over or not theirs:
            return None
        name = seats[theirs[0]].name or ""
        others = any(s.kind == "human" and s.player_id not in banned and not s.forfeited
                     for s in seats)
        if not others:
            await _store_status(actor, hub.store.abort_table, "aborted")
            await actor.chat.announce(notice("banned_aborted", name=name))
            await hub.finished(actor)
            return "aborted"
        resigned = [dataclasses.replace(s, forfeited=True, away=False, bot=s.bot or STAND_IN)
                    if i in theirs else s for i, s in enumerate(seats)]
        await actor.seats.set_seats(resigned)
        await actor.chat.announce(notice("banned_resigned", name=name))
        await actor.timekeeper.follow()
        await hub.reseated(actor)
        actor.bots.wake()
        return "resigned"

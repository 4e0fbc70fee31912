"""Playing with friends over HTTP (issue 20): invitations by name and by link, follows and
the friends panel (with the rematches offered to one), the story of a finished game, a
player's statistics, and learning by playing. Playing a finished table again is its
rematch (belle.server.table.rematch, `/api/tables/{id}/rematch`). The JSON shapes are
in docs/protocol.md, "Playing with friends".

A private table one is not a member of answers every route as a table that does not
exist (belle.server.friends.access).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, StrictBool, StrictInt

from belle.server.errors import ServerError
from belle.server.friends import learn, stats
from belle.server.friends.presence import Presence
from belle.server.http.identity import address, current_player, signed_in
from belle.server.http.pages import page as page_response
from belle.server.http.ratings import shown
from belle.server.hub import Hub, hub_of
from belle.server.table import payloads
from belle.server.table.actor import TableActor
from belle.storage import Player
from belle.storage.friends import LOBBY

router = APIRouter()
WAITING_SHOWN = 50
OFFERS_KEPT = timedelta(days=7)  # a rematch offer older than this is no longer listed


class NameBody(BaseModel):
    name: str


class LinkBody(BaseModel):
    single_use: StrictBool = False


class SitBody(BaseModel):
    seat: StrictInt | None = None
    sit: StrictBool = True


class MoveBody(BaseModel):
    move: str


async def visible_actor(request: Request, table_id: int) -> TableActor:
    """The table's actor, if whoever asks may know of the table (else `not_found`)."""
    hub = hub_of(request)
    actor = await hub.actor(table_id)
    await hub.friends.access.require_visible(actor.table, await current_player(request))
    return actor


async def _player_named(hub: Hub, name: str) -> Player:
    player = await hub.db.read(hub.store.get_player_by_name, name.strip())
    if player is None:
        raise ServerError("not_found", "there is no player named '{name}'",
                          params={"name": name.strip()[:24]})
    return player


# -- invitations ---------------------------------------------------------------
@router.post("/api/tables/{table_id}/invitations")
async def invite(table_id: int, body: NameBody, request: Request) -> Any:
    """The host invites a player by name (a private table opens to them)."""
    actor = await visible_actor(request, table_id)
    member = await hub_of(request).friends.invitations.invite(
        actor, await signed_in(request), body.name)
    return {"name": member.name, "via": member.via, "at": payloads.iso(member.at)}


@router.delete("/api/tables/{table_id}/invitations/{name}")
async def withdraw(table_id: int, name: str, request: Request) -> Any:
    actor = await visible_actor(request, table_id)
    await hub_of(request).friends.invitations.withdraw(actor, await signed_in(request), name)
    return {"withdrawn": name}


@router.get("/api/tables/{table_id}/members")
async def members(table_id: int, request: Request) -> Any:
    """Who the table is open to; the host also gets its links."""
    hub = hub_of(request)
    actor = await visible_actor(request, table_id)
    player = await current_player(request)
    found = await hub.db.read(hub.friends.book.members, table_id)
    origin = await hub.db.read(hub.friends.book.origin, table_id)
    body: dict[str, Any] = {
        "private": actor.table.private,
        "origin": origin[0] if origin is not None else None,  # "learn" | None ("again":
        # a "play again" table from before the rematch took its place)
        "members": [{"name": m.name, "via": m.via} for m in found],
    }
    if player is not None and actor.hosting.may_manage(player):
        links = await hub.friends.invitations.links(actor, player)
        body["links"] = [hub.friends.invitations.link_json(link, token)
                         for link, token in links]
    return body


@router.post("/api/tables/{table_id}/links")
async def create_link(table_id: int, request: Request, body: LinkBody | None = None) -> Any:
    hub = hub_of(request)
    actor = await visible_actor(request, table_id)
    link, token = await hub.friends.invitations.create_link(
        actor, await signed_in(request), (body or LinkBody()).single_use)
    return hub.friends.invitations.link_json(link, token)


@router.delete("/api/tables/{table_id}/links/{link_id}")
async def revoke_link(table_id: int, link_id: int, request: Request) -> Any:
    hub = hub_of(request)
    actor = await visible_actor(request, table_id)
    await hub.friends.invitations.revoke(actor, await signed_in(request), link_id)
    return {"revoked": link_id}


@router.get("/api/invite/{token}")
async def invitation(token: str, request: Request) -> Any:
    """What a link invites to: the table (anyone holding a valid link may see it)."""
    opened = await hub_of(request).friends.invitations.open(token)
    return {"table": payloads.summary(opened.table), "single_use": opened.link.single_use}


@router.post("/api/invite/{token}")
async def accept(token: str, request: Request, body: SitBody | None = None) -> Any:
    """Use the link: the table opens to the signed-in player, who sits down at an open
    table (`sit`, default true; `seat`: which one, else the first free)."""
    hub = hub_of(request)
    player = await signed_in(request)
    table = await hub.friends.invitations.accept(token, player)
    body = body or SitBody()
    actor = await hub.actor(table.id)
    if body.sit and actor.table.status == "open" and actor.seat_of(player.id) is None:
        await actor.seats.join(player, body.seat)
    return actor.summary()


@router.get("/invite/{token}", include_in_schema=False)
async def invitation_page(token: str) -> Response:
    return page_response("invite.html")


# -- follows and the friends panel ---------------------------------------------------
@router.post("/api/follows")
async def follow(body: NameBody, request: Request) -> Any:
    hub = hub_of(request)
    player = await signed_in(request)
    followed = await _player_named(hub, body.name)
    if followed.id == player.id:
        raise ServerError("bad_options", "you cannot follow yourself")
    await hub.guard.check_may_follow(player, followed)  # issue 20 item 7
    await hub.db.write(hub.friends.book.follow, player.id, followed.id)
    await _following_changed(hub, player)
    return {"following": followed.name}


@router.delete("/api/follows/{name}")
async def unfollow(name: str, request: Request) -> Any:
    hub = hub_of(request)
    player = await signed_in(request)
    followed = await _player_named(hub, name)
    if not await hub.db.write(hub.friends.book.unfollow, player.id, followed.id):
        raise ServerError("not_found", "you do not follow {name}", params={"name": followed.name})
    await _following_changed(hub, player)
    return {"unfollowed": followed.name}


async def _following_changed(hub: Hub, player: Player) -> None:
    await hub.friends.personal.reread_follows(player.id)


@router.get("/api/friends")
async def friends(request: Request) -> Any:
    """The players one follows: online or not, at which tables one may see, and the
    turn-based tables waiting for them; one's own invitations and waiting tables."""
    hub = hub_of(request)
    player = await signed_in(request)
    book = hub.friends.book
    followed = await hub.db.read(book.following, player.id)
    # a block ends the follow (belle.storage.moderation); this also hides one made by a
    # request that raced the block
    blockers = await hub.db.read(hub.guard.store.blockers_among, [p.id for p in followed],
                                 player.id)
    followed = [p for p in followed if p.id not in blockers]
    ids = [p.id for p in followed]
    places = await hub.db.read(book.places, ids, Presence.fresh_since())
    waiting = await hub.db.read(book.waiting_turns, [*ids, player.id])
    seen = {place for found in places.values() for place in found if place != LOBBY}
    seen |= {w.table_id for w in waiting}
    visible = await hub.db.read(book.visible_table_ids, seen, player.id)
    blocked = set(await hub.db.read(hub.guard.store.blocked, player.id))
    invited = [(table_id, by) for table_id, by in
               await hub.db.read(book.invitations, player.id) if by not in blocked]
    offers = [o for o in await hub.db.read(hub.store.rematches.offers_for, player.id,
                                           datetime.now(UTC) - OFFERS_KEPT)
              if o.by not in blocked]
    return {
        "following": [_friend_json(p.id, p.name, places.get(p.id), waiting, visible)
                      for p in followed],
        "waiting_for_you": [{"table": w.table_id, "since": payloads.iso(w.since)}
                            for w in waiting if w.player_id == player.id][:WAITING_SHOWN],
        "invitations": [{"table": table_id, "by": by} for table_id, by in invited],
        "rematches": [{"table": o.table_id, "by": o.by} for o in offers][:WAITING_SHOWN],
    }


def _friend_json(player_id: int, name: str, places: set[int] | None, waiting: list[Any],
                 visible: set[int]) -> dict[str, Any]:
    tables = sorted(p for p in (places or ()) if p != LOBBY and p in visible)
    return {
        "name": name,
        "online": places is not None,
        "tables": tables,
        "waiting": [w.table_id for w in waiting
                    if w.player_id == player_id and w.table_id in visible][:WAITING_SHOWN],
    }


# -- after the game ----------------------------------------------------------------
@router.get("/api/tables/{table_id}/story")
async def story(table_id: int, request: Request) -> Any:
    """Each player's score over the game and its decisive moments (once it is over)."""
    actor = await visible_actor(request, table_id)
    told = await hub_of(request).friends.stories.of(actor)
    state = actor.state
    breakdown = state.score_breakdown() if state is not None else None
    return {**told, "table": actor.summary(), "breakdown": breakdown}


@router.get("/api/stats")  # ?name=… (a query: every name, `.` and `..` included)
async def player_stats(name: str, request: Request) -> Any:
    """Per-game statistics and the rating over time, from the tables the viewer may see."""
    hub = hub_of(request)
    player = await _player_named(hub, name)
    viewer = await current_player(request)
    results = await hub.db.read(hub.friends.book.results, player.id,
                                viewer.id if viewer is not None else None)
    titles = payloads.game_titles()
    games = [{**g, "title": titles.get(g["game"], g["game"])} for g in stats.per_game(results)]
    rating = [{**r, "title": titles.get(r["game"], r["game"])}
              for r in stats.rating_history(results, shown)]
    return {"name": player.name, "games": games, "rating": rating}


# -- learn by playing ----------------------------------------------------------------
@router.post("/api/learn/{game_id}")
async def start_learning(game_id: str, request: Request) -> Any:
    """A guided first game of `game_id` against easy bots, started."""
    hub = hub_of(request)
    table = await learn.start(hub, await signed_in(request), game_id, address(request))
    return payloads.summary(table)


@router.post("/api/tables/{table_id}/why")
async def why(table_id: int, body: MoveBody, request: Request) -> Any:
    """Why the asker may not make `move` now, and the moves of its kind they may make."""
    actor = await visible_actor(request, table_id)
    if len(body.move) > 200:
        raise ServerError("too_large", "a move is at most 200 characters")
    return await learn.why(actor, await signed_in(request), body.move)

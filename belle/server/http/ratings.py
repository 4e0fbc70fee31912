"""Ratings over HTTP: `GET /api/leaderboard/{game}`, `GET /api/players/{name}` and their
pages (`/leaderboard/{game}`, `/player?name=…`).

Everything here is public: ratings, and the results of finished tables (a finished
game hides nothing any more) — but for private tables, listed only to their members
(issue 20). The JSON shapes are in docs/protocol.md, "Ratings".
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from belle.engine.registry import game_ids
from belle.server.accounts.names import check_name
from belle.server.errors import ServerError
from belle.server.http.identity import current_player
from belle.server.http.pages import page as page_response
from belle.server.hub import hub_of
from belle.server.table import payloads
from belle.storage import PlayerResult, Rating, RatingBook, Seat

LEADERBOARD_DEFAULT = 50
LEADERBOARD_MOST = 200
RECENT_TABLES = 20

router = APIRouter()



def _book(request: Request) -> RatingBook:
    book = request.app.state.ratings
    assert isinstance(book, RatingBook)
    return book


def shown(rating: float) -> int:
    """A rating as people see it: a whole number."""
    return round(rating)


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {
        "rating": shown(rating.skill.rating), "games": rating.games,
        "mu": round(rating.skill.mu, 3), "sigma": round(rating.skill.sigma, 3),
        "updated_at": payloads.iso(rating.updated_at),
    }


@router.get("/api/leaderboard/{game}")
async def leaderboard(game: str, request: Request, limit: int = LEADERBOARD_DEFAULT) -> Any:
    """The best `limit` players at `game`, best first."""
    if game not in game_ids():
        raise ServerError("not_found", "there is no game '{game}'; the games are {games}",
                          params={"game": game[:40], "games": ", ".join(game_ids())})
    if not 1 <= limit <= LEADERBOARD_MOST:
        raise ServerError("bad_options", "limit is from 1 to {most}",
                          params={"most": LEADERBOARD_MOST})
    book = _book(request)
    best = await hub_of(request).db.read(book.leaderboard, game, limit)
    rows = [{"position": i, "name": r.name, **_rating_json(r)}
            for i, r in enumerate(best, start=1)]
    return {"game": game, "title": payloads.game_titles()[game], "players": rows}


@router.get("/api/players")  # ?name=…: every name, `.` and `..` included (a path drops them)
@router.get("/api/players/{name}")
async def player_page_json(name: str, request: Request) -> Any:
    """A player's ratings per game and their recent finished tables."""
    hub, book = hub_of(request), _book(request)
    player = await hub.db.read(hub.store.get_player_by_name, name) if _may_be_a_name(name) else None
    if player is None:
        raise ServerError("not_found", "there is no player named '{name}'",
                          params={"name": name[:24]})
    ratings = await hub.db.read(book.ratings_of, player.id)
    positions = [await hub.db.read(book.position, r.game, r.skill.rating) for r in ratings]
    results = await hub.db.read(book.results_of, player.id, RECENT_TABLES)
    viewer = await current_player(request)  # a private table: its members' business
    seen = await hub.db.read(hub.friends.book.visible_table_ids,
                             {r.table_id for r in results}, viewer.id if viewer else None)
    results = [r for r in results if r.table_id in seen]
    return {
        "player": {"name": player.name, "registered": player.registered,
                   "since": payloads.iso(player.created_at)},
        "ratings": [
            {"game": r.game, "title": payloads.game_titles().get(r.game, r.game),
             "position": position, **_rating_json(r)}
            for r, position in zip(ratings, positions, strict=True)
        ],
        "tables": [_result_json(result) for result in results],
    }


def _may_be_a_name(name: str) -> bool:
    """Whether `name` could be a player's (what else, a NUL byte say, never reaches SQL)."""
    try:
        return check_name(name) == name
    except ServerError:
        return False


def _result_json(result: PlayerResult) -> dict[str, Any]:
    """One finished table as the player page lists it (place 1 = first)."""
    before = shown(result.before.rating) if result.before else None
    after = shown(result.after.rating) if result.after else None
    scores = (result.result or {}).get("returns")
    return {
        "id": result.table_id,
        "game": result.game,
        "title": payloads.game_titles().get(result.game, result.game),
        "finished_at": payloads.iso(result.at),
        "seat": result.seat,
        "place": result.place + 1,
        "players": result.players,
        "seats": [_seat_json(i, s) for i, s in enumerate(result.seats)],
        "scores": scores if isinstance(scores, list) else None,
        "rated": result.rated,
        "rating_before": before,
        "rating_after": after,
        "change": after - before if before is not None and after is not None else None,
        "replay": f"/table/{result.table_id}",
    }


def _seat_json(index: int, seat: Seat) -> dict[str, Any]:
    name = seat.bot if seat.kind == "bot" else seat.name
    return {"seat": index, "kind": seat.kind, "name": name}


@router.get("/leaderboard", include_in_schema=False)
@router.get("/leaderboard/{game}", include_in_schema=False)
async def leaderboard_page(game: str | None = None) -> Response:
    return page_response("leaderboard.html")


@router.get("/player", include_in_schema=False)
async def player_page() -> Response:
    return page_response("player.html")

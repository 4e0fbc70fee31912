"""Tournaments over HTTP: `/api/tournaments` (list, create), one tournament's page data,
sign-up and leave, bots, the start; and the pages `/tournaments` and `/tournament/{id}`.

Errors are Belle's usual `{"error": {"code", "message"}}` (belle.server.errors).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, StrictInt

from belle.bots import BOT_NAMES
from belle.engine.errors import GameError
from belle.engine.registry import load_game
from belle.server.accounts.names import strip_bidi
from belle.server.errors import ServerError
from belle.server.http.identity import signed_in
from belle.server.http.pages import page
from belle.server.hub import hub_of
from belle.server.table import payloads
from belle.server.table.clock import ClockSettings
from belle.server.tournaments.director import (
    MAX_BOTS,
    MAX_ENTRIES,
    MAX_ROUNDS,
    MAX_UNFINISHED,
    Director,
)
from belle.server.tournaments.standings import Standing, standings
from belle.storage import MODES, StoreError
from belle.storage.tournaments import (
    SYSTEMS,
    EntryTakenError,
    Game,
    Tournament,
    TournamentFullError,
)

router = APIRouter()


class TournamentBody(BaseModel):
    name: str
    game: str
    system: str = "swiss"
    rounds: StrictInt = 3  # Swiss only: round robin plays its whole schedule
    table_size: StrictInt = 2
    options: dict[str, Any] = {}
    mode: str = "live"
    clock: Any = None
    on_timeout: Any = None


class BotBody(BaseModel):
    bot: str = "random"


def director_of(request: Request) -> Director:
    director = request.app.state.director
    assert isinstance(director, Director)
    return director


@router.get("/tournaments", include_in_schema=False)
async def tournaments_page() -> Response:
    return page("tournaments.html")


@router.get("/tournament/{tournament_id}", include_in_schema=False)
async def tournament_page(tournament_id: int) -> Response:
    return page("tournament.html")


@router.get("/api/tournaments")
async def listed(request: Request) -> Any:
    director = director_of(request)
    found = await hub_of(request).db.read(director.store.listed)
    return {"tournaments": [summary(t) for t in found]}


@router.post("/api/tournaments")
async def create(body: TournamentBody, request: Request) -> Any:
    player = await signed_in(request)
    director = director_of(request)
    hub = hub_of(request)
    name = " ".join(strip_bidi(body.name).split())  # no U+202E turning the page around
    if not 1 <= len(name) <= 60:
        raise ServerError("bad_options", "a tournament's name has 1 to 60 characters")
    if body.system not in SYSTEMS:
        raise ServerError("bad_options", "system is one of {systems}",
                          params={"systems": ", ".join(SYSTEMS)})
    if body.mode not in MODES:
        raise ServerError("bad_options", "mode is one of {modes}",
                          params={"modes": ", ".join(MODES)})
    if not 1 <= body.rounds <= MAX_ROUNDS:
        raise ServerError("bad_options", "a Swiss tournament has 1 to {most} rounds",
                          params={"most": MAX_ROUNDS})
    clock = ClockSettings.parse(body.clock, body.on_timeout)
    try:
        game = load_game(body.game, **body.options)
        game.check_players(body.table_size)
    except GameError as exc:
        raise ServerError("bad_options", str(exc), refusal=exc.refusal()) from exc
    except TypeError as exc:
        raise ServerError("bad_options", "bad options: {reason}",
                          params={"reason": str(exc)}) from exc
    if await hub.db.read(director.store.count_unfinished, player.id) >= MAX_UNFINISHED:
        raise ServerError("too_many_tables", "you have {most} tournaments not "
                                             "finished yet; finish one before another",
                          params={"most": MAX_UNFINISHED})
    created = await hub.db.write(
        director.store.create, name, game.info.id, dict(game.options), body.system,
        body.rounds, body.table_size, body.mode, clock.to_json() if clock.active else None,
        player.id)
    return await detail(request, created)


@router.get("/api/tournaments/{tournament_id}")
async def one(tournament_id: int, request: Request) -> Any:
    return await detail(request, await _tournament(request, tournament_id))


@router.post("/api/tournaments/{tournament_id}/signup")
async def signup(tournament_id: int, request: Request) -> Any:
    player = await signed_in(request)
    tournament = await _tournament(request, tournament_id)
    director = director_of(request)
    try:
        await hub_of(request).db.write(director.store.add_entry, tournament.id, player.id,
                                       None, player.name, MAX_ENTRIES)
    except EntryTakenError as exc:
        raise ServerError("table_full", "you have signed up for this tournament already") \
            from exc
    except StoreError as exc:
        raise _store_refusal(exc) from exc
    return await detail(request, tournament)


@router.post("/api/tournaments/{tournament_id}/leave")
async def leave(tournament_id: int, request: Request) -> Any:
    player = await signed_in(request)
    tournament = await _tournament(request, tournament_id)
    director = director_of(request)
    hub = hub_of(request)
    mine = [e for e in await hub.db.read(director.store.entries, tournament.id)
            if e.player_id == player.id]
    if not mine:
        raise ServerError("not_seated", "you have not signed up for this tournament")
    await _remove(request, tournament, mine[0].id)
    return await detail(request, tournament)


@router.post("/api/tournaments/{tournament_id}/bots")
async def add_bot(tournament_id: int, request: Request, body: BotBody | None = None) -> Any:
    player = await signed_in(request)
    tournament = await _tournament(request, tournament_id)
    _require_creator(tournament, player.id)
    bot = (body or BotBody()).bot.strip()
    if bot not in BOT_NAMES:
        raise ServerError("bad_options", "unknown bot '{bot}'; tournaments offer {bots}",
                          params={"bot": bot[:40], "bots": ", ".join(BOT_NAMES)})
    director = director_of(request)
    hub = hub_of(request)
    entries = await hub.db.read(director.store.entries, tournament.id)
    if sum(1 for e in entries if e.bot is not None) >= MAX_BOTS:
        raise ServerError("table_full", "a tournament takes at most {most} bots",
                          params={"most": MAX_BOTS})
    name = f"{bot} #{sum(1 for e in entries if e.bot == bot) + 1}"
    try:
        await hub.db.write(director.store.add_entry, tournament.id, None, bot, name,
                           MAX_ENTRIES)
    except StoreError as exc:
        raise _store_refusal(exc) from exc
    return await detail(request, tournament)


@router.delete("/api/tournaments/{tournament_id}/entries/{entry_id}")
async def remove_entry(tournament_id: int, entry_id: int, request: Request) -> Any:
    player = await signed_in(request)
    tournament = await _tournament(request, tournament_id)
    _require_creator(tournament, player.id)
    await _remove(request, tournament, entry_id)
    return await detail(request, tournament)


@router.post("/api/tournaments/{tournament_id}/start")
async def start(tournament_id: int, request: Request) -> Any:
    player = await signed_in(request)
    tournament = await _tournament(request, tournament_id)
    _require_creator(tournament, player.id)
    if tournament.status != "signup":
        raise ServerError("not_open", "the tournament has started already")
    director = director_of(request)
    entries = await hub_of(request).db.read(director.store.entries, tournament.id)
    least = max(2, tournament.table_size)
    if len(entries) < least:
        raise ServerError("not_ready", "the tournament needs at least {least} entries",
                          params={"least": least})
    if tournament.system == "swiss" and tournament.rounds >= len(entries):
        raise ServerError("not_ready", "{entries} entries play at most "
                                       "{rounds} Swiss rounds without meeting "
                                       "twice: sign more up or start another tournament",
                          params={"entries": len(entries), "rounds": len(entries) - 1})
    await director.start(tournament)
    return await detail(request, await _tournament(request, tournament_id))


# -- helpers ------------------------------------------------------------------
def _store_refusal(exc: StoreError) -> ServerError:
    """A sign-up refused by storage, as a sentence the reader's catalogue words."""
    if isinstance(exc, TournamentFullError):
        return ServerError("not_open", "the tournament is full ({most} entries)",
                           params={"most": exc.most})
    return ServerError("not_open", "the tournament has started: sign-ups are closed")


async def _tournament(request: Request, tournament_id: int) -> Tournament:
    director = director_of(request)
    found = None
    if 0 < tournament_id < 2**31:
        found = await hub_of(request).db.read(director.store.get, tournament_id)
    if found is None:
        raise ServerError("not_found", "there is no tournament {tournament}",
                          params={"tournament": tournament_id})
    return found


def _require_creator(tournament: Tournament, player_id: int) -> None:
    if tournament.created_by != player_id:
        raise ServerError("not_host", "only the tournament's creator may do this")


async def _remove(request: Request, tournament: Tournament, entry_id: int) -> None:
    director = director_of(request)
    try:
        gone = await hub_of(request).db.write(director.store.remove_entry, tournament.id,
                                              entry_id)
    except StoreError as exc:
        raise _store_refusal(exc) from exc
    if not gone:
        raise ServerError("not_found", "the tournament has no entry {entry}",
                          params={"entry": entry_id})


def summary(tournament: Tournament) -> dict[str, Any]:
    return {
        "id": tournament.id, "name": tournament.name, "game": tournament.game,
        "title": payloads.game_titles().get(tournament.game, tournament.game),
        "options": tournament.options, "system": tournament.system,
        "rounds": tournament.rounds, "table_size": tournament.table_size,
        "mode": tournament.mode, "clock": tournament.clock, "status": tournament.status,
        "round": tournament.round, "created_by": tournament.created_by,
        "created_at": payloads.iso(tournament.created_at),
    }


async def detail(request: Request, tournament: Tournament) -> dict[str, Any]:
    """The tournament page's data: the tournament, entries, rounds and standings."""
    director = director_of(request)
    hub = hub_of(request)
    entries = await hub.db.read(director.store.entries, tournament.id)
    games = await hub.db.read(director.store.games, tournament.id)
    names = {e.id: e.name for e in entries}
    return {
        "tournament": summary(tournament),
        "entries": [{"id": e.id, "name": e.name, "bot": e.bot, "player_id": e.player_id}
                    for e in entries],
        "rounds": _rounds(games, names),
        "standings": [_standing(s) for s in standings(entries, games)],
    }


def _rounds(games: list[Game], names: dict[int, str]) -> list[dict[str, Any]]:
    rounds: dict[int, dict[str, Any]] = {}
    for game in games:
        number = rounds.setdefault(game.round, {"round": game.round, "tables": [], "byes": []})
        if game.table_id is None:
            number["byes"].extend(names.get(e, "?") for e in game.entries)
            continue
        number["tables"].append({
            "table_id": game.table_id, "status": game.status,
            "players": [names.get(e, "?") for e in game.entries],
            "returns": (game.result or {}).get("returns"),
            "ranking": (game.result or {}).get("ranking"),
        })
    return [rounds[n] for n in sorted(rounds)]


def _standing(row: Standing) -> dict[str, Any]:
    return {"entry": row.entry.id, "name": row.entry.name, "bot": row.entry.bot,
            "points": row.points, "score_difference": round(row.score_difference, 2),
            "played": row.played, "byes": row.byes}

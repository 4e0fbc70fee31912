"""A player's statistics per game and their rating over time (issue 20 item 4), from
their results at finished tables (belle.storage.friends.Result).

Only the tables the viewer may see count (a private table's result is its members'
business), so the figures always add up with the games the page lists. Per game:
games, wins (first place, shared or not), the average final score, the seat played
most (ties: the lower seat) and, per seat, games and wins. The rating history is the
rating after each rated game, starting from the rating before the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from belle.storage.friends import Result

Shown = Callable[[float], int]


def per_game(results: Iterable[Result]) -> list[dict[str, Any]]:
    """One entry per game played, by game id."""
    games: dict[str, list[Result]] = {}
    for result in results:
        games.setdefault(result.game, []).append(result)
    return [_game(game, rows) for game, rows in sorted(games.items())]


def _game(game: str, rows: list[Result]) -> dict[str, Any]:
    scores = [r.score for r in rows if r.score is not None]
    seats: dict[int, dict[str, int]] = {}
    for r in rows:
        entry = seats.setdefault(r.seat, {"seat": r.seat, "games": 0, "wins": 0})
        entry["games"] += 1
        entry["wins"] += r.place == 0
    favourite = max(sorted(seats), key=lambda seat: seats[seat]["games"])
    return {
        "game": game,
        "games": len(rows),
        "wins": sum(1 for r in rows if r.place == 0),
        "average_score": round(sum(scores) / len(scores), 1) if scores else None,
        "favourite_seat": favourite,
        "seats": [seats[seat] for seat in sorted(seats)],
    }


def rating_history(results: Iterable[Result], shown: Shown) -> list[dict[str, Any]]:
    """Per game rated at: the rating before its first rated game, then after each one
    (`shown`: the rating as people see it)."""
    games: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        if not r.rated or r.rating_after is None:
            continue
        points = games.get(r.game)
        if points is None:
            points = games[r.game] = []
            if r.rating_before is not None:
                points.append({"at": None, "rating": shown(r.rating_before), "table": None})
        points.append({"at": r.at.isoformat().replace("+00:00", "Z"),
                       "rating": shown(r.rating_after), "table": r.table_id})
    return [{"game": game, "points": points} for game, points in sorted(games.items())]

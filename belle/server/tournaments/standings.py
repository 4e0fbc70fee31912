"""Standings, computed from the finished tables of a tournament (never stored).

Each finished table gives every entry at it points from the game's own ranking (which
applies the game's tie-breaks; seats a bot had to play for, by forfeit or while away,
come last, as in ratings): one point per opponent placed below, half a point per
opponent tied, divided by the number of opponents — a win is 1, a loss 0 at any table
size. A bye is worth a win. Entries level on points are ordered by score difference
(their final score minus the mean of their opponents', summed over their tables), then
by the order they signed up in. A table stopped without a result (aborted, closed by the
operator) gives no points and no difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from belle.server.ratings.model import final_places
from belle.storage.tournaments import Entry, Game

OVER = ("finished", "aborted", "closed")  # a table that will not change any more


@dataclass(slots=True)
class Standing:
    entry: Entry
    points: float = 0.0
    score_difference: float = 0.0
    played: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)


def table_points(places: Sequence[int], seat: int) -> float:
    """The points of `seat` at a table where seats finished at `places` (0 = first)."""
    others = [p for i, p in enumerate(places) if i != seat]
    below = sum(1 for p in others if p > places[seat])
    tied = sum(1 for p in others if p == places[seat])
    return (below + tied / 2) / len(others)


def standings(entries: Sequence[Entry], games: Sequence[Game]) -> list[Standing]:
    """Best first."""
    rows = {e.id: Standing(e) for e in entries}
    for game in games:
        if game.table_id is None:
            for entry in game.entries:
                if entry in rows:
                    rows[entry].points += 1.0
                    rows[entry].byes += 1
            continue
        if game.status not in OVER:
            continue
        _count_table(rows, game)
    order = {e.id: index for index, e in enumerate(entries)}
    return sorted(rows.values(), key=lambda s: (-s.points, -s.score_difference,
                                                order[s.entry.id]))


def _count_table(rows: dict[int, Standing], game: Game) -> None:
    seats = list(game.entries)
    for entry in seats:
        if entry in rows:
            rows[entry].played += 1
            rows[entry].opponents.extend(e for e in seats if e != entry)
    if game.status != "finished" or game.result is None:
        return
    try:
        places = final_places(game.result, len(seats))
    except ValueError:
        return
    returns = game.result.get("returns") or []
    scored = len(returns) == len(seats)
    for seat, entry in enumerate(seats):
        row = rows.get(entry)
        if row is None:
            continue
        row.points += table_points(places, seat)
        if scored:
            others = [float(r) for i, r in enumerate(returns) if i != seat]
            row.score_difference += float(returns[seat]) - sum(others) / len(others)

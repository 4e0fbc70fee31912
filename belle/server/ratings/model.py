"""Ratings at the web table: openskill's Plackett-Luce model, and who is rated where.

`Ratings` is the model (`belle.storage.Rater`): every game has its own ratings, new
players start at the library's default (mu 25, sigma 25/3), and the rating people see
is the conservative estimate mu - 3 sigma on a familiar scale, `1000 + 20 (mu - 3 sigma)`
(docs/decisions.md, "Ratings"): a new player shows 1000.

`ResultRecorder` (belle.server.ratings.results) records every person's
result when a table ends, and rates the game when it is rated: every seat a person
(no bots), at least two of them, no one in two seats. Places come from the stored
result's `ranking` (ties share a place); seats listed in `result["forfeited"]` come
last, tied.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from belle.storage import Placement, Seat, Skill, TableRecord

log = logging.getLogger("belle.server")

DISPLAY_BASE = 1000.0  # what a new player shows
DISPLAY_SCALE = 20.0  # display points per unit of mu - 3 sigma
SIGMAS = 3.0


class Ratings:
    """openskill's Plackett-Luce model with its default parameters (a `Rater`)."""

    def __init__(self) -> None:
        self.model = PlackettLuce()

    def initial(self) -> Skill:
        return self.skill(self.model.mu, self.model.sigma)

    def skill(self, mu: float, sigma: float) -> Skill:
        return Skill(mu, sigma, displayed(mu, sigma))

    def rate(self, skills: list[Skill], places: list[int]) -> list[Skill]:
        teams = [[self.model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
        rated = self.model.rate(teams, ranks=[float(p) for p in places])
        return [self.skill(team[0].mu, team[0].sigma) for team in rated]


def displayed(mu: float, sigma: float) -> float:
    """The rating people see: the conservative estimate, scaled (`ordinal` in openskill)."""
    return DISPLAY_BASE + DISPLAY_SCALE * (mu - SIGMAS * sigma)


def final_places(result: Mapping[str, Any], players: int) -> list[int]:
    """Each seat's place (0 = first): the result's ranking, ties sharing a place, with
    the seats in `result["forfeited"]` and `result["assisted"]` (a bot played for them a
    while) last, tied. ValueError if the result is unusable."""
    ranking = result.get("ranking")
    if (not isinstance(ranking, list) or len(ranking) != players
            or not all(isinstance(r, int | float) for r in ranking)):
        raise ValueError(f"the result has no ranking of {players} seats")
    listed = [*(result.get("forfeited") or []), *(result.get("assisted") or [])]
    forfeited = {s for s in listed if _is_seat(s, players)}
    playing = [s for s in range(players) if s not in forfeited]
    places = [len(playing)] * players
    for seat in playing:
        places[seat] = sum(1 for other in playing if ranking[other] < ranking[seat])
    return places


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def is_rated(seats: Sequence[Seat]) -> bool:
    """Every seat a person, at least two, each in one seat only (issue 10 item 3)."""
    people = [s.player_id for s in seats if s.kind == "human" and s.player_id is not None]
    return len(people) == len(seats) >= 2 and len(set(people)) == len(people)


def placements(table: TableRecord) -> list[Placement]:
    """The people at `table` and where they finished (one row per person: their first
    seat). Empty when the result cannot be read."""
    if table.result is None:
        return []
    try:
        places = final_places(table.result, table.players)
    except ValueError as exc:
        log.warning("table %s: no result to rate (%s)", table.id, exc)
        return []
    found: dict[int, Placement] = {}
    for index, seat in enumerate(table.seats):
        if seat.kind == "human" and seat.player_id is not None:
            found.setdefault(seat.player_id, Placement(seat.player_id, index, places[index]))
    return list(found.values())

"""The reach search as engine 0.2.x first wrote it (session 5): orders of cities grown
one at a time, distances in dicts. Slow and plain; reach.py must find what it finds
(test_heuristic.py), for the greedy bot's and ISMCTS's play rests on these numbers.
The `spent + 2 > left` cut-off is the flaw reach.py's docstring describes, kept."""

from __future__ import annotations

from belle.games.paris_connection.rules import Board, expand


def reach_gains(board: Board, network: int, passable: int, left: int) -> tuple[int, ...]:
    """For 0..left placements over `passable`, the most city value collected."""
    cities = passable & board.city_mask
    value_of = {board.bit[h]: board.values[h] for h in range(board.size)
                if board.bit[h] & board.city_mask}
    best = [0] * (left + 1)
    fewest: dict[int, int] = {}
    start = _distances(network, passable, cities, left)

    def grow(spent: int, gained: int, cost: dict[int, int], taken: int) -> None:
        for city, distance in cost.items():
            total = spent + distance
            if total > left or city & taken:
                continue
            collected = gained + value_of[city]
            best[total] = max(best[total], collected)
            if total + 2 > left:
                continue
            now = taken | city
            if fewest.get(now, left + 1) <= total:
                continue
            fewest[now] = total
            merged = dict(cost)
            reach = _distances(city, passable, cities, left - start[city])
            for other, d in reach.items():
                if d < merged.get(other, left + 1):
                    merged[other] = d
            grow(total, collected, merged, now)

    grow(0, 0, start, 0)
    for i in range(1, left + 1):
        best[i] = max(best[i], best[i - 1])
    return tuple(best)


def _distances(source: int, passable: int, cities: int, radius: int) -> dict[int, int]:
    """Placements needed from the hexes `source` to each city in `cities` (≤ radius)."""
    found: dict[int, int] = {}
    seen = frontier = source
    for step in range(1, radius + 1):
        frontier = expand(frontier) & passable & ~seen
        if not frontier:
            break
        seen |= frontier
        reached = frontier & cities
        while reached:
            low = reached & -reached
            found[low] = step
            reached ^= low
    return found

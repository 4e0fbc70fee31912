"""Paris Connection rules helpers: the board built from data.py, adjacency, the
cut-off test (PC-44, G-9) and scoring (PC-62..64). Pure functions, no state.

Hex sets are Python ints used as bitsets (bit i = hex i): a company's network, the
hexes it borders and the hexes with room left are each one int, so legal placements
are a few bitwise operations.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from belle.games.paris_connection import data

AXIAL_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True, slots=True)
class Board:
    """The map as index-based tables (hex i is data.HEXES[i])."""

    size: int
    coords: tuple[tuple[int, int], ...]
    labels: tuple[str, ...]
    names: tuple[str | None, ...]
    values: tuple[int, ...]
    is_city: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]
    city_mask: int
    rural_mask: int
    buildable_mask: int
    start_hex: tuple[int, ...]  # per company
    eiffel: int
    marseille: int


def grid_label(q: int, r: int, min_col: int, min_row: int) -> str:
    """Chess-like label of an axial hex: column letter (odd-r offset) + row number."""
    col = q + (r - (r & 1)) // 2
    return f"{chr(ord('A') + col - min_col)}{r - min_row + 1}"


def _build_board() -> Board:
    hexes = data.HEXES
    coords = tuple((h.q, h.r) for h in hexes)
    index = {c: i for i, c in enumerate(coords)}
    blocked = {frozenset(edge) for edge in data.BLOCKED_EDGES}
    neighbours = tuple(
        tuple(
            index[(q + dq, r + dr)]
            for dq, dr in AXIAL_DIRECTIONS
            if (q + dq, r + dr) in index and frozenset(((q, r), (q + dq, r + dr))) not in blocked
        )
        for q, r in coords
    )
    min_col = min(q + (r - (r & 1)) // 2 for q, r in coords)
    min_row = min(r for _, r in coords)
    starts = sorted((h.company, i) for i, h in enumerate(hexes) if h.kind == "start")
    return Board(
        size=len(hexes),
        coords=coords,
        labels=tuple(grid_label(q, r, min_col, min_row) for q, r in coords),
        names=tuple(h.name if h.kind == "city" else None for h in hexes),
        values=tuple(h.value for h in hexes),
        is_city=tuple(h.kind == "city" for h in hexes),
        neighbours=neighbours,
        neighbour_mask=tuple(mask_of(n) for n in neighbours),
        city_mask=mask_of(i for i, h in enumerate(hexes) if h.kind == "city"),
        rural_mask=mask_of(i for i, h in enumerate(hexes) if h.kind == "rural"),
        buildable_mask=mask_of(i for i, h in enumerate(hexes) if h.kind in ("city", "rural")),
        start_hex=tuple(i for _, i in starts),
        eiffel=next(i for i, h in enumerate(hexes) if h.kind == "eiffel"),
        marseille=next(i for i, h in enumerate(hexes) if h.value == 4),
    )


def mask_of(indices: Iterator[int] | Sequence[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


BOARD = _build_board()


def reach_of(network: int) -> int:
    """Every hex next to a hex of `network` (PC-37, PC-39: blocked edges excluded)."""
    reach = 0
    masks = BOARD.neighbour_mask
    for i in bits(network):
        reach |= masks[i]
    return reach


def can_reach_city(network: int, enterable: int) -> bool:
    """G-9 step 2-3: can a company holding `network` still build to an empty city?

    `enterable` holds the hexes any company could still enter (room left); the fill
    also crosses the company's own hexes.
    """
    passable = enterable | network
    region = network
    frontier = network
    masks = BOARD.neighbour_mask
    empty_cities = BOARD.city_mask & enterable
    while frontier:
        grown = 0
        for i in bits(frontier):
            grown |= masks[i]
        grown &= passable & ~region
        if grown & empty_cities:
            return True
        region |= grown
        frontier = grown
    return False


def portfolio_score(portfolio: Sequence[int], values: Sequence[int], limit: int) -> int:
    """PC-62, PC-64: shares × company value, −20 per share over the limit."""
    total = sum(count * value for count, value in zip(portfolio, values, strict=True))
    return total - data.EXCESS_PENALTY * max(0, sum(portfolio) - limit)


def flood_region(network: int, enterable: int) -> int:
    """Every hex a company holding `network` could still build through (G-9 step 2)."""
    passable = enterable | network
    region = network
    frontier = network
    masks = BOARD.neighbour_mask
    while frontier:
        grown = 0
        for i in bits(frontier):
            grown |= masks[i]
        grown &= passable & ~region
        region |= grown
        frontier = grown
    return region

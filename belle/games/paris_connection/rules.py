"""Paris Connection rules helpers: the board built from data.py, adjacency and scoring
(PC-62..64). Pure functions, no state; the cut-off test (PC-44) is in cutoff.py.

Hex sets are Python ints used as bitsets (bit i = hex i): a company's network, the
hexes it borders and the hexes with room left are each one int, so legal placements
are a few bitwise operations.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import mul

from belle.games.paris_connection import data

AXIAL_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
CLOCKWISE_FROM_NE = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


@dataclass(frozen=True, slots=True)
class Board:
    """The map as tables indexed by hex number (hex i is data.HEXES[i]).

    Sets of hexes are bitsets laid out geometrically: hex i is bit `bit_pos[i]` =
    row * width + column in axial coordinates, so every axial direction is one shift.
    `open_towards[d]` holds the hexes whose neighbour in direction d exists and is not
    behind a checkered edge, which makes `expand` exact in six shifts.
    """

    size: int
    coords: tuple[tuple[int, int], ...]
    labels: tuple[str, ...]
    names: tuple[str | None, ...]
    values: tuple[int, ...]
    is_city: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    bit: tuple[int, ...]  # per hex: 1 << its position
    hex_at: dict[int, int]  # position -> hex number
    neighbour_mask: tuple[int, ...]
    shifts: tuple[int, ...]  # per direction, the position delta
    open_towards: tuple[int, ...]  # per direction
    city_mask: int
    rural_mask: int
    buildable_mask: int
    start_slots: tuple[int, ...]  # the start hexes, clockwise from the north-east (G-4)
    eiffel: int
    marseille: int


def grid_label(q: int, r: int, min_col: int, min_row: int) -> str:
    """Chess-like label of an axial hex: column letter (odd-r offset) + row number."""
    col = q + (r - (r & 1)) // 2
    return f"{chr(ord('A') + col - min_col)}{r - min_row + 1}"


def build_board(hexes: Sequence[data.HexSpec]) -> Board:
    """The tables of a map given as data.HEXES is (legacy.py builds older maps too)."""
    coords = tuple((h.q, h.r) for h in hexes)
    index = {c: i for i, c in enumerate(coords)}
    blocked = {frozenset(edge) for edge in data.BLOCKED_EDGES}

    def open_neighbour(i: int, dq: int, dr: int) -> int | None:
        q, r = coords[i]
        j = index.get((q + dq, r + dr))
        if j is None or frozenset(((q, r), coords[j])) in blocked:
            return None
        return j

    min_q = min(q for q, _ in coords)
    min_r = min(r for _, r in coords)
    width = max(q for q, _ in coords) - min_q + 1
    positions = tuple((r - min_r) * width + (q - min_q) for q, r in coords)
    bit = tuple(1 << p for p in positions)
    neighbours = tuple(
        tuple(j for dq, dr in AXIAL_DIRECTIONS if (j := open_neighbour(i, dq, dr)) is not None)
        for i in range(len(hexes))
    )
    min_col = min(q + (r - (r & 1)) // 2 for q, r in coords)
    eiffel = next(i for i, h in enumerate(hexes) if h.kind == "eiffel")
    eq, er = coords[eiffel]

    def mask(kinds: tuple[str, ...]) -> int:
        return sum(bit[i] for i, h in enumerate(hexes) if h.kind in kinds)

    return Board(
        size=len(hexes),
        coords=coords,
        labels=tuple(grid_label(q, r, min_col, min_r) for q, r in coords),
        names=tuple(h.name if h.kind == "city" else None for h in hexes),
        values=tuple(h.value for h in hexes),
        is_city=tuple(h.kind == "city" for h in hexes),
        neighbours=neighbours,
        bit=bit,
        hex_at={p: i for i, p in enumerate(positions)},
        neighbour_mask=tuple(sum(bit[j] for j in n) for n in neighbours),
        shifts=tuple(dr * width + dq for dq, dr in AXIAL_DIRECTIONS),
        open_towards=tuple(
            sum(bit[i] for i in range(len(hexes)) if open_neighbour(i, dq, dr) is not None)
            for dq, dr in AXIAL_DIRECTIONS
        ),
        city_mask=mask(("city",)),
        rural_mask=mask(("rural",)),
        buildable_mask=mask(("city", "rural")),
        start_slots=tuple(index[(eq + dq, er + dr)] for dq, dr in CLOCKWISE_FROM_NE),
        eiffel=eiffel,
        marseille=next(i for i, h in enumerate(hexes) if h.value == 4),
    )


def hexes_in(mask: int) -> Iterator[int]:
    """The hex numbers in the bitset `mask`."""
    hex_at = BOARD.hex_at
    while mask:
        low = mask & -mask
        yield hex_at[low.bit_length() - 1]
        mask ^= low


BOARD = build_board(data.HEXES)
_E, _W, _SE, _NW, _NE, _SW = BOARD.shifts
_OPEN_E, _OPEN_W, _OPEN_SE, _OPEN_NW, _OPEN_NE, _OPEN_SW = BOARD.open_towards


def expand(mask: int) -> int:
    """Every hex next to a hex of `mask` across an open edge (PC-37, PC-39). Hot path."""
    return (
        (mask & _OPEN_E) << _E
        | (mask & _OPEN_W) >> -_W
        | (mask & _OPEN_SE) << _SE
        | (mask & _OPEN_NW) >> -_NW
        | (mask & _OPEN_SW) << _SW
        | (mask & _OPEN_NE) >> -_NE
    )


def portfolio_score(portfolio: Sequence[int], values: Sequence[int], limit: int) -> int:
    """PC-62, PC-64: shares × company value, −20 per share over the limit."""
    if len(portfolio) != len(values):
        raise ValueError("a portfolio holds one count per company")
    total: int = sum(map(mul, portfolio, values))
    return total - data.EXCESS_PENALTY * max(0, sum(portfolio) - limit)



@dataclass(frozen=True, slots=True)
class Ruleset:
    """Which version of the rules a game plays: the current one, or an older one kept so
    that old match records replay (legacy.py)."""

    board: Board
    random_starts: bool  # PC-19: the colours are drawn onto the start hexes at setup
    joint_cutoff: bool  # PC-44: the companies are checked together, not each alone
    marseille_ends_build: bool  # PC-60: the placement on Marseille ends the build
    stall_rounds: int | None
    """PC-71 (reconstructed): the game ends after this many rounds in which no locomotive
    left the storage boards (edition 3); None: after a round in which no build was legal
    (editions 1 and 2, which let one-for-one trades go round for ever)."""


CURRENT_RULES = Ruleset(BOARD, random_starts=True, joint_cutoff=True, marseille_ends_build=True,
                        stall_rounds=data.STALL_ROUNDS)

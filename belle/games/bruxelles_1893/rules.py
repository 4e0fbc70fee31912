"""Bruxelles 1893 rules helpers: geometry, the compass payment rule, sales, scoring.

Pure functions over plain values (no State): the available area of a shield
(BRX-49..51), the spaces around a shield (BRX-11), which construction payments the
compass allows (BRX-133..140), what a sale earns (BRX-81), track moves (table 3.9),
column auction winners (BRX-167..169) and shield majorities (BRX-173..176).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from belle.games.bruxelles_1893 import data


def space_index(row: int, col: int) -> int:
    """1-based (row, col) → space number."""
    return (row - 1) * data.COLS + (col - 1)


def space_label(space: int) -> str:
    """`C2`: column letter A–E, row number 1–5 (docs/games/bruxelles_1893.md)."""
    return f"{'ABCDE'[space % data.COLS]}{space // data.COLS + 1}"


def shield_index(row: int, col: int) -> int:
    return (row - 1) * 4 + (col - 1)


def shield_rc(shield: int) -> tuple[int, int]:
    return shield // 4 + 1, shield % 4 + 1


def shield_spaces(shield: int) -> tuple[int, int, int, int]:
    """BRX-11: shield (r, c) touches (r, c), (r, c+1), (r+1, c), (r+1, c+1)."""
    return SHIELD_SPACES[shield]


def _shield_spaces(shield: int) -> tuple[int, int, int, int]:
    r, c = shield_rc(shield)
    return (space_index(r, c), space_index(r, c + 1), space_index(r + 1, c),
            space_index(r + 1, c + 1))


SHIELD_SPACES = tuple(_shield_spaces(shield) for shield in range(16))


def area_mask(shield: int) -> int:
    """BRX-51, BRX-52: the largest of the four areas cut by the shield's lines (9, 12 or
    16 spaces), as a bitmask."""
    r, c = shield_rc(shield)
    rows = range(1, r + 1) if r >= 3 else range(r + 1, data.ROWS + 1)
    cols = range(1, c + 1) if c >= 3 else range(c + 1, data.COLS + 1)
    mask = 0
    for row in rows:
        for col in cols:
            mask |= 1 << space_index(row, col)
    return mask


def bits(mask: int) -> list[int]:
    return list(mask_spaces(mask))


@cache
def mask_spaces(mask: int) -> tuple[int, ...]:
    """The spaces of an area bitmask, in order (cached: there are 16 areas)."""
    return tuple(i for i in range(data.SPACES) if mask >> i & 1)


# -- the compass (BRX-130..140) ---------------------------------------------------
_SERVES: dict[int, frozenset[int]] = {
    data.C_WOOD: frozenset((data.P_WOOD, data.P_JOKER)),
    data.C_STONE: frozenset((data.P_STONE, data.P_JOKER)),
    data.C_IRON: frozenset((data.P_IRON, data.P_JOKER)),
    data.C_MONEY: frozenset((data.P_MONEY, data.P_JOKER)),  # BRX-138: 3 BF a unit
    data.C_ANY: frozenset((data.P_WOOD, data.P_STONE, data.P_IRON, data.P_JOKER)),  # BRX-136
    data.C_EMPTY: frozenset(),  # BRX-137
}


def payment_is_valid(units: Sequence[int], tile_a: int, tile_b: int) -> bool:
    """BRX-133..140: is this multiset of payment kinds a full, legal payment?

    Every unit must serve one of the two needles' types; unless one needle is on the
    empty tile, one unit must serve the first type and another unit the second
    (a joker serves either, BRX-139). With the empty tile, all units serve the other
    type (BRX-137, BRX-140).
    """
    serve_a, serve_b = _SERVES[tile_a], _SERVES[tile_b]
    if not serve_a or not serve_b:
        only = serve_a or serve_b
        return bool(only) and all(u in only for u in units)
    only_a = only_b = both = 0
    for unit in units:
        in_a, in_b = unit in serve_a, unit in serve_b
        if in_a and in_b:
            both += 1
        elif in_a:
            only_a += 1
        elif in_b:
            only_b += 1
        else:
            return False
    return only_a + both >= 1 and only_b + both >= 1 and len(units) >= 2


@cache
def valid_payments(cost: int, tile_a: int, tile_b: int) -> tuple[tuple[int, ...], ...]:
    """Every legal payment as counts per kind (wood, stone, iron, money units, jokers)."""
    found = []
    for units in combinations_with_replacement(range(5), cost):
        if payment_is_valid(units, tile_a, tile_b):
            counts = [0] * 5
            for unit in units:
                counts[unit] += 1
            found.append(tuple(counts))
    return tuple(found)


def affordable(payment: Sequence[int], have: Sequence[int]) -> bool:
    return all(p <= h for p, h in zip(payment, have, strict=True))


def min_money_for(cost: int, tile_a: int, tile_b: int, have: Sequence[int]) -> int | None:
    """The fewest BF a legal payment needs given the other resources (None: impossible).

    `have` counts wood, stone, iron, money units and jokers; the money count is ignored.
    Counts above the cost change nothing, so they are clamped and the answer cached
    (a playout asks at every turn; there are few distinct questions).
    """
    return _min_money(cost, tile_a, tile_b, min(have[0], cost), min(have[1], cost),
                      min(have[2], cost), min(have[4], cost))


@cache
def _min_money(cost: int, tile_a: int, tile_b: int, wood: int, stone: int, iron: int,
               jokers: int) -> int | None:
    best: int | None = None
    for pay in valid_payments(cost, tile_a, tile_b):
        if pay[0] <= wood and pay[1] <= stone and pay[2] <= iron and pay[4] <= jokers:
            need = pay[data.P_MONEY] * data.BF_PER_MONEY_UNIT
            if best is None or need < best:
                best = need
    return best


def next_payment_kinds(
    cost: int, tile_a: int, tile_b: int, paid: Sequence[int], have: Sequence[int]
) -> list[int]:
    """The kinds that may be paid next so the payment can still be completed.

    `paid` is what was paid so far, `have` what the player still holds (money in units).
    Holdings above the cost change nothing: they are clamped and the answer cached.
    """
    return list(_next_kinds(cost, tile_a, tile_b, tuple(paid),
                            tuple(min(h, cost) for h in have)))


@cache
def _next_kinds(cost: int, tile_a: int, tile_b: int, paid: tuple[int, ...],
                have: tuple[int, ...]) -> tuple[int, ...]:
    kinds = []
    for kind in range(5):
        if have[kind] <= 0:
            continue
        for pay in valid_payments(cost, tile_a, tile_b):
            if pay[kind] > paid[kind] and all(
                paid[k] <= pay[k] <= paid[k] + have[k] for k in range(5)
            ):
                kinds.append(kind)
                break
    return tuple(kinds)


def needle_can_turn(needles: Sequence[int], which: int) -> bool:
    """BRX-112, BRX-113: a needle turns one space clockwise, never onto the other."""
    return (needles[which] + 1) % 6 != needles[1 - which]


# -- the workshop (BRX-77..82) -------------------------------------------------
def cursor_can_step(cursor: Sequence[int], drow: int, dcol: int) -> bool:
    """BRX-78: the 3×3 cursor stays inside the 7×7 grid (centre in 2..6)."""
    row, col = cursor[0] + drow, cursor[1] + dcol
    return 2 <= row <= data.GRID - 1 and 2 <= col <= data.GRID - 1


def sale_income(cursor: Sequence[int], colour: int) -> tuple[int, int]:
    """BRX-81: (BF, VP) at the cursor point of the sold work's colour."""
    drow, dcol = data.CURSOR_POINTS[colour]
    row, col = cursor[0] + drow, cursor[1] + dcol
    return data.MONEY_BY_ROW[row - 1], data.VP_BY_COL[col - 1]


# -- tracks and scoring --------------------------------------------------------
def track_value(track: tuple[int, ...], position: int) -> int:
    """Table 3.9: a position is 0-based; a move past the end was lost."""
    return track[min(position, len(track) - 1)]


def column_winner(
    column: int, assistant: Sequence[int], bid: Sequence[int], players: int
) -> int:
    """BRX-67, BRX-167..169: the highest column total; a tie goes to the tied bidder lowest down.

    Returns -1 when the column has no assistant (BRX-168).
    """
    totals = [0] * players
    lowest = [-1] * players
    for row in range(data.ROWS):
        space = row * data.COLS + column
        seat = assistant[space]
        if seat >= 0:
            totals[seat] += bid[space]
            lowest[seat] = row
    best = max(totals)
    if best <= 0:
        return -1
    tied = [s for s in range(players) if totals[s] == best]
    return max(tied, key=lambda s: lowest[s])


def shield_majority(shield: int, assistant: Sequence[int], players: int) -> int:
    """BRX-173..176: the seat with strictly most assistants around the shield, else -1."""
    counts = [0] * players
    for space in SHIELD_SPACES[shield]:
        seat = assistant[space]
        if seat >= 0:
            counts[seat] += 1
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return -1
    return counts.index(best)


def completion_vp(built: int, revision: int) -> int:
    """BRX-193, table 3.16 (the table of rules revision `revision`)."""
    return data.COMPLETION_VP[revision][built]


def bonus_category_vp(category: int, money: int, assistants: int, cubes: int,
                      works: int, revision: int) -> int:
    """BRX-194, table 3.14: VP of one kept bonus card under `category`."""
    if category == 0:
        return money // data.BF_PER_VP
    if category == 1:
        return assistants
    if category == 2:
        return cubes // data.CUBES_PER_VP[revision]
    return works * data.ART_CATEGORY_VP

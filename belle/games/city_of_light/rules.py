"""City of Light rules helpers: board geometry as 64-bit masks, tile rotation, building
placements, and the pure end-game scoring (COL-72..94, the postcards' points).

Space `s = row * 8 + col` is bit `1 << s`. Sets of spaces (a building, the streetlights,
the free spaces) are ints, so a legality test is one AND and a region is a few shifts.
Scoring reads a state but never changes it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from belle.games.city_of_light import data

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState

N = data.BOARD_SIZE
SPACES = N * N
FULL = (1 << SPACES) - 1
COL0 = sum(1 << (r * N) for r in range(N))
COL7 = COL0 << (N - 1)
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N E S W (data.SIDES)
NO_FACING = 0  # Target.facing: 0 = none, 1..4 = N E S W


def bit(space: int) -> int:
    return 1 << space


def spaces_in(mask: int) -> Iterator[int]:
    """The spaces of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


ROW_SPACES = tuple(tuple(tuple(row * N + c for c in range(N) if byte >> c & 1)
                         for byte in range(256)) for row in range(N))
"""Per row and byte of a mask: the spaces its set bits are (`spaces_list`)."""


def spaces_list(mask: int) -> list[int]:
    """The spaces of a mask, lowest first, a row at a time: faster than `spaces_in` for
    the dense masks of placements and targets (hot path)."""
    found: list[int] = []
    row = 0
    while mask:
        byte = mask & 255
        if byte:
            found.extend(ROW_SPACES[row][byte])
        mask >>= N
        row += 1
    return found


def popcount(mask: int) -> int:
    return mask.bit_count()


def on_board(r: int, c: int) -> bool:
    return 0 <= r < N and 0 <= c < N


def expand(mask: int) -> int:
    """COL-74, COL-80: the spaces orthogonally adjacent to `mask` (mask not included)."""
    grown = ((mask << 1) & ~COL0) | ((mask >> 1) & ~COL7) | (mask << N) | (mask >> N)
    return grown & FULL & ~mask


def _neighbours(space: int, deltas: tuple[tuple[int, int], ...]) -> int:
    r, c = divmod(space, N)
    return sum(bit((r + dr) * N + c + dc) for dr, dc in deltas if on_board(r + dr, c + dc))


NEIGH = tuple(_neighbours(s, DIRECTIONS) for s in range(SPACES))
DIAG = tuple(_neighbours(s, ((-1, -1), (-1, 1), (1, -1), (1, 1))) for s in range(SPACES))
ROW_MASK = tuple(sum(bit(r * N + c) for c in range(N)) for r in range(N))
COL_MASK = tuple(sum(bit(r * N + c) for r in range(N)) for c in range(N))
EDGE_MASK = (ROW_MASK[0], COL_MASK[N - 1], ROW_MASK[N - 1], COL_MASK[0])  # N E S W
HALF = N // 2
QUADRANT_MASK = tuple(
    sum(bit(r * N + c) for r in range(r0, r0 + HALF) for c in range(c0, c0 + HALF))
    for r0, c0 in ((0, 0), (0, HALF), (HALF, 0), (HALF, HALF))  # NW NE SW SE
)


def step(space: int, facing: int) -> int:
    """The space one step from `space` towards facing 1..4 (N E S W), or -1 off the board."""
    r, c = divmod(space, N)
    dr, dc = DIRECTIONS[facing - 1]
    return (r + dr) * N + c + dc if on_board(r + dr, c + dc) else -1


def toward(mask: int, facing: int) -> int:
    """The spaces whose neighbour towards facing 1..4 (N E S W) is in `mask`: the
    bitwise `step` of a whole set (a statue facing that way sees `mask` in front)."""
    if facing == 1:
        return (mask << N) & FULL
    if facing == 2:
        return (mask >> 1) & ~COL7
    if facing == 3:
        return mask >> N
    return (mask << 1) & ~COL0 & FULL


def label(space: int) -> str:
    """Space label: column letter a–h, row number 1–8 from the top (notation)."""
    r, c = divmod(space, N)
    return f"{chr(ord('a') + c)}{r + 1}"


def slot_label(slot: int) -> str:
    """Slot label: column letter A–D, row number 1–4 from the top."""
    r, c = divmod(slot, data.SLOTS_PER_SIDE)
    return f"{chr(ord('A') + c)}{r + 1}"


def labels(mask: int) -> list[str]:
    return [label(s) for s in spaces_in(mask)]


# -- street tiles (COL-31..34) -----------------------------------------------------
def tile_kinds(owner: int, tile: int, rot: int) -> tuple[int, int, int, int]:
    """The kinds of a tile's TL TR BL BR spaces once turned `rot` quarter turns clockwise.

    COL-32: any of 4 orientations; the pattern's O/R letters become the owner's and the
    rival's colour (data.TILES is written for the owner).
    """
    letters = {"O": owner, "R": 1 - owner, "M": data.PURPLE, "L": data.LAMP}
    cells = [letters[ch] for ch in data.TILES[tile].pattern]
    for _ in range(rot % 4):
        # a clockwise quarter turn: new TL = old BL, TR = TL, BR = TR, BL = BR
        cells = [cells[2], cells[0], cells[3], cells[1]]
    return cells[0], cells[1], cells[2], cells[3]


def slot_spaces(slot: int) -> tuple[int, int, int, int]:
    """COL-3..5: slot (R, C) covers rows 2R..2R+1 and columns 2C..2C+1 (TL TR BL BR)."""
    r, c = divmod(slot, data.SLOTS_PER_SIDE)
    top = 2 * r * N + 2 * c
    return top, top + 1, top + N, top + N + 1


# -- buildings (COL-49..57) ---------------------------------------------------------
def _normalise(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientation_cells(cells: tuple[tuple[int, int], ...], orient: int) -> tuple[
        tuple[int, int], ...]:
    """Orientation 0..3: turned clockwise; 4..7: mirrored left-right first (COL-57)."""
    pts = [(r, -c) if orient >= 4 else (r, c) for r, c in cells]
    for _ in range(orient % 4):
        pts = [(c, -r) for r, c in pts]
    return _normalise(pts)


def distinct_orientations(cells: tuple[tuple[int, int], ...], mirror: bool) -> list[int]:
    """The orientations giving different footprints (a square has one)."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    found = []
    for orient in range(8 if mirror else 4):
        shape = orientation_cells(cells, orient)
        if shape not in seen:
            seen.add(shape)
            found.append(orient)
    return found


def _placements(cells: tuple[tuple[int, int], ...], mirror: bool) -> tuple[
        tuple[int, int, int], ...]:
    """Every (orient, anchor, mask) inside the board; anchor = top-left of the bounding box."""
    found = []
    for orient in distinct_orientations(cells, mirror):
        shape = orientation_cells(cells, orient)
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        for r in range(N - height + 1):
            for c in range(N - width + 1):
                mask = sum(bit((r + dr) * N + c + dc) for dr, dc in shape)
                found.append((orient, r * N + c, mask))
    return tuple(found)


NUM_BUILDINGS = len(data.BUILDINGS)
HOTEL = NUM_BUILDINGS  # building id of the Hôtel des Invalides (COL-168)
PLACEMENTS = {
    mirror: tuple(_placements(b.cells, mirror) for b in data.BUILDINGS)
    for mirror in (False, True)
}
PLACEMENT_MASK = {
    mirror: tuple({(o, a): m for o, a, m in per} for per in PLACEMENTS[mirror])
    for mirror in (False, True)
}
BUILDING_SIZE = (*tuple(len(b.cells) for b in data.BUILDINGS), len(data.HOTEL_CELLS))


def building_name(bid: int) -> str:
    return data.HOTEL_ID if bid == HOTEL else data.BUILDINGS[bid].id


def _fit_table(cells: tuple[tuple[int, int], ...], mirror: bool) -> tuple[
        tuple[int, tuple[int, ...], int], ...]:
    """Per distinct orientation: (orient, cell offsets from the anchor, anchors on board)."""
    table = []
    for orient in distinct_orientations(cells, mirror):
        shape = orientation_cells(cells, orient)
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        anchors = sum(bit(r * N + c) for r in range(N - height + 1) for c in range(N - width + 1))
        table.append((orient, tuple(dr * N + dc for dr, dc in shape), anchors))
    return tuple(table)


FITS = {mirror: tuple(_fit_table(b.cells, mirror) for b in data.BUILDINGS)
        for mirror in (False, True)}
"""Per mirror flag and building, the table `fitting_anchors` works on (hot path)."""


def fitting_anchors(orient_offsets: tuple[int, ...], anchors: int, allowed: int) -> int:
    """The anchors where a shape (its cell offsets) covers only `allowed` spaces: one
    shift and AND per cell instead of one test per placement (COL-49..55)."""
    for offset in orient_offsets:
        anchors &= allowed >> offset
        if not anchors:
            return 0
    return anchors


def fits_somewhere(building: int, allowed: int, mirror: bool) -> bool:
    """COL-68: `building` has at least one position covering only `allowed` spaces."""
    for _, offsets, anchors in FITS[mirror][building]:
        if fitting_anchors(offsets, anchors, allowed):
            return True
    return False


# -- light (COL-73..79, COL-128..135, COL-189) ---------------------------------------
def _large_lamp_entries(lamp: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The pattern of data.LARGE_LAMP_PATTERN around `lamp`: (the spaces nothing can
    darken, ((space bit, its blocking spaces), ...) for the others). An entry with a
    blocking space off the board can never be darkened."""
    r, c = divmod(lamp, N)
    always, blockable = 0, []
    for (dr, dc), blockers in data.LARGE_LAMP_PATTERN:
        if not on_board(r + dr, c + dc):
            continue
        space = bit((r + dr) * N + c + dc)
        if blockers and all(on_board(r + br, c + bc) for br, bc in blockers):
            blocking = sum(bit((r + br) * N + c + bc) for br, bc in blockers)
            blockable.append((space, blocking))
        else:
            always |= space
    return always, tuple(blockable)


LARGE_LAMP_ENTRIES = tuple(_large_lamp_entries(lamp) for lamp in range(SPACES))


def large_lamp_light(lamp: int, target: int, covered: int) -> int:
    """COL-130..133 (G-7): the spaces the large streetlight lights for building `target`.

    A pattern space is dark when every blocking space of its entry holds a building other
    than `target` (special pieces never block, COL-132).
    """
    others = covered & ~target
    lit, blockable = LARGE_LAMP_ENTRIES[lamp]
    for space, blocking in blockable:
        if others & blocking != blocking:
            lit |= space
    return lit


def active_lamps(st: CityOfLightState) -> int:
    """Streetlights that light: COL-141 (G-6) a streetlight under a building goes dark."""
    lamps = st.kind_mask[data.LAMP]
    if "metro_lamps_stay_lit" in st.variants:
        return lamps
    return lamps & ~st.covered


def lamps_lighting(st: CityOfLightState, target: int, lamps: int) -> list[tuple[int, int]]:
    """COL-75, COL-76, COL-189: (lamp, weight) for each distinct lamp lighting `target`."""
    big = st.large_lamp
    found = []
    for lamp in spaces_in(expand(target) & lamps):
        if lamp != big:  # COL-131: the large lamp's pattern replaces its 4 neighbours
            found.append((lamp, data.EIFFEL_LAMP_WEIGHT if st.eiffel_mask >> lamp & 1 else 1))
    if big >= 0 and lamps >> big & 1 and large_lamp_light(big, target, st.covered) & target:
        found.append((big, data.EIFFEL_LAMP_WEIGHT if st.eiffel_mask >> big & 1 else 1))
    return found


def lit_points(st: CityOfLightState, index: int, lamps: int) -> tuple[int, list[tuple[int, int]]]:
    """COL-73: size × streetlights (weighted) of building `index`."""
    mask = st.b_mask[index]
    found = lamps_lighting(st, mask, lamps)
    return popcount(mask) * sum(w for _, w in found), found


def lit_weight(st: CityOfLightState, target: int, lamps: int) -> int:
    """The weighted number of streetlights lighting `target`: the sum of the weights
    `lamps_lighting` lists, without listing them (COL-75, COL-76, COL-131, COL-189)."""
    big = st.large_lamp
    near = expand(target) & lamps
    if big >= 0:
        near &= ~bit(big)
    extra = data.EIFFEL_LAMP_WEIGHT - 1
    weight = popcount(near) + extra * popcount(near & st.eiffel_mask)
    if big >= 0 and lamps >> big & 1 and large_lamp_light(big, target, st.covered) & target:
        weight += 1 + extra * (st.eiffel_mask >> big & 1)
    return weight


# -- regions (COL-108, COL-113) -----------------------------------------------------
def flood(start: int, passable: int) -> int:
    region = start
    while True:
        grown = (region | expand(region)) & passable
        if grown == region:
            return region
        region = grown


def obstacles(st: CityOfLightState) -> int:
    """COL-102, COL-113, COL-115, COL-191: what bounds surroundings at the end.

    Streetlights, buildings, pieces on spaces (the Eiffel Tower's four and the Arc's
    three included). The skull is removed before scoring unless it is on a building
    (COL-202), so it never bounds; the mixed tile is no obstacle (COL-146).
    """
    return st.kind_mask[data.LAMP] | st.covered | st.block_mask


def surroundings(st: CityOfLightState, space: int) -> int:
    """COL-113: spaces reached orthogonally from `space` without crossing an obstacle."""
    passable = FULL & ~obstacles(st)
    return flood(bit(space), passable | bit(space))


# -- complexes (COL-80..85, COL-175, COL-182) ----------------------------------------
def largest_complex(units: list[int]) -> tuple[int, int]:
    """(spaces, mask) of the largest group of orthogonally connected units."""
    best_size, best_mask = 0, 0
    left = list(units)
    while left:
        group = left.pop()
        grew = True
        while grew:
            grew = False
            reach = expand(group) | group
            rest = []
            for unit in left:
                if unit & reach:
                    group |= unit
                    grew = True
                else:
                    rest.append(unit)
            left = rest
        size = popcount(group)
        if size > best_size:
            best_size, best_mask = size, group
    return best_size, best_mask


def complex_units(st: CityOfLightState, seat: int) -> list[int]:
    """The units of seat's complexes: own buildings, the gargoyle's building for both
    players (COL-175), the activator's Arc as 3 more spaces of the groups it touches
    (COL-180, COL-182: "kein Gebäude", so an Arc touching none of them is no group of
    its own; rules edition 2 counted it as one)."""
    units = [m for m, o in zip(st.b_mask, st.b_owner, strict=True) if o == seat]
    gargoyle = st.card_effect("NOTRE_DAME")
    if gargoyle is not None and st.gargoyle_building >= 0:
        garg_mask = st.b_mask[st.gargoyle_building]
        if st.b_owner[st.gargoyle_building] != seat:
            units.append(garg_mask)
    arc = st.card_effect("ARC")
    if arc == seat and st.arc_mask and (
            st.rules_version < 3 or any(expand(st.arc_mask) & unit for unit in units)):
        units.append(st.arc_mask)
    return units


# -- free spaces (COL-96, COL-97, COL-126, COL-202) ------------------------------------
def free_now(st: CityOfLightState) -> int:
    """COL-96, COL-97: spaces with no building and no piece, as a placement sees them.

    Streetlights stand on street sections (COL-126: La Grande Lumière goes "auf einen
    Straßen-Abschnitt mit einer Straßenlaterne"), so a free streetlight space is a free
    space here; the Eiffel Tower's and the Arc's spaces and the skull's are taken.
    """
    return FULL & ~st.covered & ~st.piece_mask


def free_at_end(st: CityOfLightState) -> int:
    """COL-126, COL-202: free spaces at scoring: as `free_now`, but a skull left on a
    free space is removed before scoring, so its space is free again."""
    return FULL & ~st.covered & ~st.block_mask


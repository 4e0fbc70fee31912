"""City of Light rules helpers: board geometry as 64-bit masks, tile rotation, building
placements, and the pure end-game scoring (COL-72..94, the postcards' points).

Space `s = row * 8 + col` is bit `1 << s`. Sets of spaces (a building, the streetlights,
the free spaces) are ints, so a legality test is one AND and a region is a few shifts.
Scoring reads a state but never changes it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

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


# -- light (COL-73..79, COL-128..135, COL-189) ---------------------------------------
def large_lamp_light(lamp: int, target: int, covered: int) -> int:
    """COL-130..133 (G-7): the spaces the large streetlight lights for building `target`.

    A pattern space is dark when every blocking space of its entry holds a building other
    than `target` (special pieces never block, COL-132).
    """
    r, c = divmod(lamp, N)
    others = covered & ~target
    lit = 0
    for (dr, dc), blockers in data.LARGE_LAMP_PATTERN:
        if not on_board(r + dr, c + dc):
            continue
        if blockers and all(
            on_board(r + br, c + bc) and others >> ((r + br) * N + c + bc) & 1
            for br, bc in blockers
        ):
            continue
        lit |= bit((r + dr) * N + c + dc)
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
    players (COL-175), the activator's Arc as a 3-space own building (COL-182)."""
    units = [m for m, o in zip(st.b_mask, st.b_owner, strict=True) if o == seat]
    gargoyle = st.card_effect("NOTRE_DAME")
    if gargoyle is not None and st.gargoyle_building >= 0:
        garg_mask = st.b_mask[st.gargoyle_building]
        if st.b_owner[st.gargoyle_building] != seat:
            units.append(garg_mask)
    arc = st.card_effect("ARC")
    if arc == seat and st.arc_mask:
        units.append(st.arc_mask)
    return units


# -- the whole score ------------------------------------------------------------------
def _line(component: str, points: int, detail: str, items: list[dict[str, Any]]) -> dict[
        str, Any]:
    return {"component": component, "points": points, "detail": detail, "items": items}


def score_lines(st: CityOfLightState, seat: int) -> list[dict[str, Any]]:
    """COL-72: lit buildings, largest complex, unbuilt buildings, postcards — itemised
    (REQ-COL-D4: each item names the spaces and pieces that make its points)."""
    lamps = active_lamps(st)
    lit_items: list[dict[str, Any]] = []
    for index, owner in enumerate(st.b_owner):
        if owner != seat:
            continue
        points, found = lit_points(st, index, lamps)
        size = popcount(st.b_mask[index])
        weights = sum(w for _, w in found)
        lit_items.append({
            "label": building_name(st.b_id[index]), "points": points,
            "detail": f"size {size} × {weights} streetlight{'s' if weights != 1 else ''}",
            "spaces": labels(st.b_mask[index]), "lamps": [label(lamp) for lamp, _ in found],
        })
    lit_total = sum(int(i["points"]) for i in lit_items)
    lines = [_line(
        "lit buildings", lit_total,
        " + ".join(f"{i['label']} {i['detail']}" for i in lit_items) or "no buildings",
        lit_items)]
    size, mask = largest_complex(complex_units(st, seat))
    lines.append(_line("largest complex", size * data.COMPLEX_POINTS_PER_SPACE,
                       f"{size} spaces", [{"label": "complex", "points": size,
                                           "spaces": labels(mask)}]))
    lines.append(_unbuilt_line(st, seat))
    lines.append(_postcard_line(st, seat, lamps))
    return lines


def _unbuilt_line(st: CityOfLightState, seat: int) -> dict[str, Any]:
    """COL-86, COL-87, COL-137: −3 per reserve building, none with Sacré-Cœur."""
    reserve = [building_name(b) for b in range(NUM_BUILDINGS) if st.reserve[seat] >> b & 1]
    exempt = st.card_effect("SACRE_COEUR") == seat
    each = 0 if exempt else -data.UNBUILT_PENALTY
    detail = f"{len(reserve)} unbuilt × {each}"
    if exempt and reserve:
        detail += " (Sacré-Cœur)"
    items = [{"label": name, "points": each, "spaces": []} for name in reserve]
    return _line("unbuilt buildings", each * len(reserve), detail, items)


def _postcard_line(st: CityOfLightState, seat: int, lamps: int) -> dict[str, Any]:
    """COL-88..90: the end-game points of every postcard, for this seat."""
    items: list[dict[str, Any]] = []
    for card in st.cards:
        spec = data.POSTCARDS[card]
        owner = st.card_owner[card]
        if owner < 0 or not st.card_used[card]:
            continue  # COL-65: a declined card scores nothing
        result = CARD_SCORERS.get(spec.id, _no_points)(st, seat, owner, lamps)
        if result is None:
            stamped = spec.has_stamp and "stamp_point" in st.variants
            if owner != seat or not (stamped or spec.stamp_points):
                continue
            result = (0, 0, "stamp")
        points, spaces, note = result
        if owner == seat and spec.has_stamp and "stamp_point" in st.variants:
            points += 1  # COL-89 alternative (public sources): +1 per stamped card
            note += " +1 stamp"
        points += spec.stamp_points if owner == seat else 0
        items.append({"label": spec.name, "points": points, "detail": note,
                      "spaces": labels(spaces)})
    total_points = sum(int(i["points"]) for i in items)
    detail = " + ".join(f"{i['label']} {i['points']}" for i in items) or "none"
    return _line("postcards", total_points, detail, items)


Scored = tuple[int, int, str] | None
"""(points, spaces that make them, note), or None when the card gives this seat nothing."""


def _no_points(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    return None


def _own_buildings(st: CityOfLightState, seat: int) -> list[int]:
    return [m for m, o in zip(st.b_mask, st.b_owner, strict=True) if o == seat]


def _peintre(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-106..109 (G-4): 2 per distinct streetlight lighting the painter's surroundings."""
    if seat != owner:
        return None
    space = st.piece_space[data.CARD_INDEX["PEINTRE"]]
    if "painter_ring" in st.variants:
        region = NEIGH[space] | DIAG[space] | bit(space)
        region &= ~(lamps | st.covered)
    else:
        region = surroundings(st, space)
    found = lamps_lighting(st, region, lamps)
    count = len(found)
    return count * data.PEINTRE_POINTS_PER_LAMP, region, f"{count} streetlights"


def _moulin(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-112..116: 1 per unbuilt space of the dancer's surroundings, her own included."""
    if seat != owner:
        return None
    region = surroundings(st, st.piece_space[data.CARD_INDEX["MOULIN_ROUGE"]])
    count = popcount(region)
    return count * data.MOULIN_POINTS_PER_SPACE, region, f"{count} spaces"


def _adjacent_buildings(st: CityOfLightState, seat: int, space: int, each: int) -> Scored:
    near = [m for m in _own_buildings(st, seat) if m & NEIGH[space]]
    spaces = 0
    for m in near:
        spaces |= m
    return each * len(near), spaces, f"{len(near)} buildings"


def _fontaine(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-118..120: 3 per own building orthogonally next to the fountain."""
    if seat != owner:
        return None
    space = st.piece_space[data.CARD_INDEX["FONTAINE"]]
    return _adjacent_buildings(st, seat, space, data.FONTAINE_POINTS_PER_BUILDING)


def _garden(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-150 (G-3 placeholder): 2 per own building next to the garden."""
    if seat != owner:
        return None
    space = st.piece_space[data.CARD_INDEX["BASE_GARDEN"]]
    return _adjacent_buildings(st, seat, space, data.GARDEN_POINTS_PER_BUILDING)


def free_street(st: CityOfLightState) -> int:
    """COL-126: street sections with no building and no piece (Eiffel spaces occupied)."""
    street = FULL & ~st.kind_mask[data.LAMP]
    if "statue_lamps_free" in st.variants:
        street = FULL
    return street & ~st.covered & ~st.block_mask


def _penseur(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-124..127: 2 per free orthogonal, 1 per free diagonal street section; 0 when
    the space in front of the pedestal is built on or holds a piece (COL-125)."""
    if seat != owner:
        return None
    card = data.CARD_INDEX["PENSEUR"]
    space, facing = st.piece_space[card], st.piece_facing[card]
    front = step(space, facing)
    if front < 0 or (st.covered | st.block_mask) >> front & 1:
        return 0, 0, "the space in front is taken"
    free = free_street(st)
    orth, diag = NEIGH[space] & free, DIAG[space] & free
    points = (popcount(orth) * data.PENSEUR_POINTS_ORTHOGONAL
              + popcount(diag) * data.PENSEUR_POINTS_DIAGONAL)
    return points, orth | diag, f"{popcount(orth)} orthogonal, {popcount(diag)} diagonal"


def _obelisque(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-159..161: each player, 2 per own building with a space in the obelisk's lines."""
    space = st.piece_space[data.CARD_INDEX["OBELISQUE"]]
    r, c = divmod(space, N)
    lines = ROW_MASK[r] | COL_MASK[c]
    hit = [m for m in _own_buildings(st, seat) if m & lines]
    return (data.OBELISK_POINTS_PER_BUILDING * len(hit), _union(hit),
            f"{len(hit)} buildings in line")


def _union(masks: list[int]) -> int:
    result = 0
    for m in masks:
        result |= m
    return result


def _quartiers(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-163..165: 1/2/4/8 for own buildings touching 1/2/3/4 different edges."""
    if seat != owner:
        return None
    mine = _union(_own_buildings(st, seat))
    edges = sum(1 for edge in EDGE_MASK if mine & edge)
    return data.QUARTIERS_POINTS[edges], mine & _union(list(EDGE_MASK)), f"{edges} edges"


def _invalides(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-170: +1 per space between the Hôtel and the nearest board edge."""
    if seat != owner:
        return None
    space = st.piece_space[data.CARD_INDEX["INVALIDES"]]
    r, c = divmod(space, N)
    distance = min(r, c, N - 1 - r, N - 1 - c)
    return distance * data.INVALIDES_POINTS_PER_SPACE, bit(space), f"{distance} from the edge"


def _eiffel(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-190: each player, 2 per space of his colour under the tower."""
    mine = st.eiffel_mask & st.kind_mask[seat]
    count = popcount(mine)
    return count * data.EIFFEL_POINTS_PER_SPACE, mine, f"{count} spaces of your colour"


def _louvre(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-196, COL-197: +1 per space next to the Louvre building not covered by another."""
    if seat != owner or st.louvre_building < 0:
        return None
    mask = st.b_mask[st.louvre_building]
    around = expand(mask) & ~(st.covered & ~mask)
    count = popcount(around)
    return count * data.LOUVRE_POINTS_PER_SPACE, around, f"{count} spaces"


def _catacombes(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-201..205 (G-16): half, rounded down, of the skull building's lit points."""
    if seat != owner:
        return None
    if st.skull_building < 0:
        return 0, 0, "no building on the skull (COL-202)"
    points, _ = lit_points(st, st.skull_building, lamps)
    return (points // data.CATACOMBES_DIVISOR, st.b_mask[st.skull_building],
            f"half of {points}")


def _seine(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-207..209: each player, 3 per own building touching the chosen side."""
    side = st.piece_facing[data.CARD_INDEX["SEINE"]]
    edge = EDGE_MASK[side - 1]
    hit = [m for m in _own_buildings(st, seat) if m & edge]
    return (data.SEINE_POINTS_PER_BUILDING * len(hit), _union(hit),
            f"{len(hit)} buildings on the {data.SIDES[side - 1]} bank")


def _liberte(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-210..214: each player, 3 per own building inside the quadrant, 2 partly inside."""
    quad = QUADRANT_MASK[st.piece_facing[data.CARD_INDEX["LIBERTE"]] - 1]
    full = [m for m in _own_buildings(st, seat) if m & quad == m]
    part = [m for m in _own_buildings(st, seat) if m & quad and m & quad != m]
    points = data.LIBERTE_POINTS_FULL * len(full) + data.LIBERTE_POINTS_PARTIAL * len(part)
    return points, _union(full + part), f"{len(full)} inside, {len(part)} partly"


CARD_SCORERS = {
    "PEINTRE": _peintre,
    "MOULIN_ROUGE": _moulin,
    "FONTAINE": _fontaine,
    "PENSEUR": _penseur,
    "BASE_GARDEN": _garden,
    "OBELISQUE": _obelisque,
    "QUARTIERS_PAUVRES": _quartiers,
    "INVALIDES": _invalides,
    "TOUR_EIFFEL": _eiffel,
    "LOUVRE": _louvre,
    "CATACOMBES": _catacombes,
    "SEINE": _seine,
    "LIBERTE": _liberte,
}


def total(lines: list[dict[str, Any]]) -> int:
    return sum(int(line["points"]) for line in lines)


def tie_break(st: CityOfLightState, seat: int) -> int:
    """COL-92: own-colour street sections not covered by a building."""
    return popcount(st.kind_mask[seat] & ~st.covered)

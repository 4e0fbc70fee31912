"""City of Light end-game scoring (COL-72..94): the itemised score lines the score
display shows (REQ-COL-D4), the cheap totals search uses, and each postcard's points.

`totals` and `score_lines` share every rule below them (`lit_weight` sums what
`lamps_lighting` lists, tested against each other); only the itemising differs. Scoring
reads a state but never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from belle.games.city_of_light import data
from belle.games.city_of_light.rules import (
    COL_MASK,
    DIAG,
    EDGE_MASK,
    NEIGH,
    NUM_BUILDINGS,
    QUADRANT_MASK,
    ROW_MASK,
    N,
    active_lamps,
    bit,
    building_name,
    complex_units,
    expand,
    free_at_end,
    label,
    labels,
    lamps_lighting,
    largest_complex,
    lit_points,
    lit_weight,
    popcount,
    step,
    surroundings,
)
from belle.games.city_of_light.texts import TEXTS
from belle.i18n.text import Message

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState


def totals(st: CityOfLightState) -> list[int]:
    """COL-72: each seat's total, as `score_lines` would sum it, without itemising."""
    lamps = active_lamps(st)
    lit = [0, 0]
    for mask, owner in zip(st.b_mask, st.b_owner, strict=True):
        lit[owner] += popcount(mask) * lit_weight(st, mask, lamps)
    return [lit[seat]
            + largest_complex(complex_units(st, seat))[0] * data.COMPLEX_POINTS_PER_SPACE
            + unbuilt_points(st, seat)
            + sum(card_points(st, seat, card, lamps) for card in st.cards)
            for seat in (0, 1)]


def unbuilt_points(st: CityOfLightState, seat: int) -> int:
    """COL-86, COL-87, COL-137: −3 per reserve building, none with Sacré-Cœur."""
    if st.card_effect("SACRE_COEUR") == seat:
        return 0
    return -data.UNBUILT_PENALTY * popcount(st.reserve[seat])


def card_points(st: CityOfLightState, seat: int, card: int, lamps: int) -> int:
    """COL-88..90: what `card` gives `seat` at the end (0 when declined, COL-65)."""
    owner = st.card_owner[card]
    if owner < 0 or not st.card_used[card]:
        return 0
    scored = SCORER_OF_CARD[card](st, seat, owner, lamps)
    return (scored[0] if scored is not None else 0) + _stamp_bonus(st, seat, owner,
                                                                   data.POSTCARDS[card])


def _stamp_bonus(st: CityOfLightState, seat: int, owner: int, spec: data.PostcardSpec) -> int:
    """COL-89: the card's stamp_points, and +1 for a stamp with the variant stamp_point
    (the public sources' reading), both for its activator only."""
    if owner != seat:
        return 0
    return spec.stamp_points + (1 if spec.has_stamp and "stamp_point" in st.variants else 0)


# -- the itemised score (REQ-COL-D1..D4) -------------------------------------------
# A line and each of its items carry their text as messages (texts.py): `component`,
# `detail` and an item's `label` and `detail` in English beside their `_id`s and `params`.
def _line(component_id: str, points: int, detail: Message,
          items: list[dict[str, Any]]) -> dict[str, Any]:
    line = TEXTS.score_line(component_id, points, detail["id"], **detail["params"])
    line["items"] = items
    return line


def _item(label: Message | str, points: int, detail: Message | None,
          **extra: Any) -> dict[str, Any]:
    """One item of a line: a building (its id is its label) or a postcard."""
    item: dict[str, Any] = {"points": points}
    if isinstance(label, str):
        item["label"] = label
    else:
        item["label"] = TEXTS.english(label)
        item["label_id"] = label["id"]
    params = dict(label["params"]) if not isinstance(label, str) else {}
    if detail is not None:
        params.update(detail["params"])
        item["detail"] = TEXTS.english(detail)
        item["detail_id"] = detail["id"]
    item["params"] = params
    item.update(extra)
    return item


def score_lines(st: CityOfLightState, seat: int) -> list[dict[str, Any]]:
    """COL-72: lit buildings, largest complex, unbuilt buildings, postcards — itemised
    (REQ-COL-D4: each item names the spaces and pieces that make its points)."""
    lamps = active_lamps(st)
    lit_items: list[dict[str, Any]] = []
    summary: list[Message] = []
    for index, owner in enumerate(st.b_owner):
        if owner != seat:
            continue
        points, found = lit_points(st, index, lamps)
        size = popcount(st.b_mask[index])
        weights = sum(w for _, w in found)
        name = building_name(st.b_id[index])
        lit = TEXTS.message(TEXTS.counted("item.lit", weights), size=size, lamps=weights)
        lit_items.append(_item(name, points, lit, spaces=labels(st.b_mask[index]),
                               lamps=[label(lamp) for lamp, _ in found]))
        summary.append(TEXTS.message(TEXTS.counted("item.building_lit", weights),
                                     name=name, size=size, lamps=weights))
    lit_total = sum(int(i["points"]) for i in lit_items)
    detail = (TEXTS.message("detail.lit", items=summary) if summary
              else TEXTS.message("detail.lit.none"))
    lines = [_line("score.lit", lit_total, detail, lit_items)]
    size, mask = largest_complex(complex_units(st, seat))
    lines.append(_line("score.complex", size * data.COMPLEX_POINTS_PER_SPACE,
                       TEXTS.message(TEXTS.counted("detail.complex", size), size=size),
                       [_item(TEXTS.message("item.complex"), size, None,
                              spaces=labels(mask))]))
    lines.append(_unbuilt_line(st, seat))
    lines.append(_postcard_line(st, seat, lamps))
    return lines


def _unbuilt_line(st: CityOfLightState, seat: int) -> dict[str, Any]:
    """COL-86, COL-87, COL-137: −3 per reserve building, none with Sacré-Cœur."""
    reserve = [building_name(b) for b in range(NUM_BUILDINGS) if st.reserve[seat] >> b & 1]
    exempt = st.card_effect("SACRE_COEUR") == seat
    each = 0 if exempt else -data.UNBUILT_PENALTY
    detail_id = "detail.unbuilt.exempt" if exempt and reserve else "detail.unbuilt"
    items = [_item(name, each, None, spaces=[]) for name in reserve]
    return _line("score.unbuilt", each * len(reserve),
                 TEXTS.message(detail_id, count=len(reserve), each=each), items)


def _postcard_line(st: CityOfLightState, seat: int, lamps: int) -> dict[str, Any]:
    """COL-88..90: the end-game points of every postcard, for this seat."""
    items: list[dict[str, Any]] = []
    summary: list[Message] = []
    for card in st.cards:
        spec = data.POSTCARDS[card]
        owner = st.card_owner[card]
        if owner < 0 or not st.card_used[card]:
            continue  # COL-65: a declined card scores nothing
        result = CARD_SCORERS.get(spec.id, _no_points)(st, seat, owner, lamps)
        bonus = _stamp_bonus(st, seat, owner, spec)
        if result is None:
            if not bonus:
                continue
            result = (0, 0, TEXTS.message("note.stamp"))
        points, spaces, note = result
        if bonus:
            points += bonus
            note = TEXTS.message("note.with_stamp", note=note, bonus=bonus)
        name = TEXTS.message(f"postcard.{spec.id}.name")
        items.append(_item(name, points, note, spaces=labels(spaces)))
        summary.append(TEXTS.message("item.named_points", name=name, points=points))
    total_points = sum(int(i["points"]) for i in items)
    detail = (TEXTS.message("detail.postcards", items=summary) if summary
              else TEXTS.message("detail.postcards.none"))
    return _line("score.postcards", total_points, detail, items)


Scored = tuple[int, int, Message] | None
"""(points, spaces that make them, note), or None when the card gives this seat nothing."""


def _note(base: str, count: int) -> Message:
    return TEXTS.message(TEXTS.counted(base, count), count=count)


def _no_points(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    return None


def _own_buildings(st: CityOfLightState, seat: int) -> list[int]:
    return [m for m, o in zip(st.b_mask, st.b_owner, strict=True) if o == seat]


def _peintre(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-106..109 (G-4): 2 per distinct streetlight lighting the painter's surroundings,
    a streetlight under the Eiffel Tower counting as two (COL-189; rules edition 2
    counted it once)."""
    if seat != owner:
        return None
    space = st.piece_space[data.CARD_INDEX["PEINTRE"]]
    if "painter_ring" in st.variants:
        region = NEIGH[space] | DIAG[space] | bit(space)
        region &= ~(lamps | st.covered)
    else:
        region = surroundings(st, space)
    found = lamps_lighting(st, region, lamps)
    count = sum(w for _, w in found) if st.rules_version >= 3 else len(found)
    return count * data.PEINTRE_POINTS_PER_LAMP, region, _note("note.streetlights", count)


def _moulin(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-112..116: 1 per unbuilt space of the dancer's surroundings, her own included."""
    if seat != owner:
        return None
    region = surroundings(st, st.piece_space[data.CARD_INDEX["MOULIN_ROUGE"]])
    count = popcount(region)
    return count * data.MOULIN_POINTS_PER_SPACE, region, _note("note.spaces", count)


def _adjacent_buildings(st: CityOfLightState, seat: int, space: int, each: int) -> Scored:
    near = [m for m in _own_buildings(st, seat) if m & NEIGH[space]]
    spaces = 0
    for m in near:
        spaces |= m
    return each * len(near), spaces, _note("note.buildings", len(near))


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


def statue_free(st: CityOfLightState) -> int:
    """COL-124, COL-126: the free street sections Le Penseur scores for: no building and
    no piece at the end, a free streetlight space included (a streetlight stands on a
    street section). Rules edition 1 left streetlight spaces out (variant
    statue_lamps_free: counted them)."""
    free = free_at_end(st)
    if st.rules_version == 1 and "statue_lamps_free" not in st.variants:
        free &= ~st.kind_mask[data.LAMP]
    return free


def _penseur(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-124..127: 2 per free orthogonal, 1 per free diagonal street section; 0 when
    the space in front of the pedestal is built on or holds a piece (COL-125)."""
    if seat != owner:
        return None
    card = data.CARD_INDEX["PENSEUR"]
    space, facing = st.piece_space[card], st.piece_facing[card]
    front = step(space, facing)
    if front < 0 or not free_at_end(st) >> front & 1:
        return 0, 0, TEXTS.message("note.statue_blocked")
    free = statue_free(st)
    orth, diag = NEIGH[space] & free, DIAG[space] & free
    points = (popcount(orth) * data.PENSEUR_POINTS_ORTHOGONAL
              + popcount(diag) * data.PENSEUR_POINTS_DIAGONAL)
    return points, orth | diag, TEXTS.message("note.statue", orthogonal=popcount(orth),
                                           diagonal=popcount(diag))


def _obelisque(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-159..161: each player, 2 per own building with a space in the obelisk's lines."""
    space = st.piece_space[data.CARD_INDEX["OBELISQUE"]]
    r, c = divmod(space, N)
    lines = ROW_MASK[r] | COL_MASK[c]
    hit = [m for m in _own_buildings(st, seat) if m & lines]
    return (data.OBELISK_POINTS_PER_BUILDING * len(hit), _union(hit),
            _note("note.in_line", len(hit)))


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
    return data.QUARTIERS_POINTS[edges], mine & _union(list(EDGE_MASK)), _note("note.edges", edges)


def _invalides(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-170: +1 per space between the Hôtel and the nearest board edge."""
    if seat != owner:
        return None
    space = st.piece_space[data.CARD_INDEX["INVALIDES"]]
    r, c = divmod(space, N)
    distance = min(r, c, N - 1 - r, N - 1 - c)
    points = distance * data.INVALIDES_POINTS_PER_SPACE
    return points, bit(space), TEXTS.message("note.from_edge", count=distance)


def _eiffel(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-190: each player, 2 per space of his colour under the tower."""
    mine = st.eiffel_mask & st.kind_mask[seat]
    count = popcount(mine)
    return count * data.EIFFEL_POINTS_PER_SPACE, mine, _note("note.own_spaces", count)


def _louvre(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-196, COL-197: +1 per space next to the Louvre building not covered by another."""
    if seat != owner or st.louvre_building < 0:
        return None
    mask = st.b_mask[st.louvre_building]
    around = expand(mask) & ~(st.covered & ~mask)
    count = popcount(around)
    return count * data.LOUVRE_POINTS_PER_SPACE, around, _note("note.spaces", count)


def _catacombes(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-201..205 (G-16): half, rounded down, of the skull building's lit points."""
    if seat != owner:
        return None
    if st.skull_building < 0:
        return 0, 0, TEXTS.message("note.no_skull_building")
    points, _ = lit_points(st, st.skull_building, lamps)
    return (points // data.CATACOMBES_DIVISOR, st.b_mask[st.skull_building],
            TEXTS.message("note.half", points=points))


def _seine(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-207..209: each player, 3 per own building touching the chosen side."""
    side = st.piece_facing[data.CARD_INDEX["SEINE"]]
    edge = EDGE_MASK[side - 1]
    hit = [m for m in _own_buildings(st, seat) if m & edge]
    return (data.SEINE_POINTS_PER_BUILDING * len(hit), _union(hit),
            TEXTS.message(TEXTS.counted("note.bank", len(hit)), count=len(hit),
                          side=TEXTS.message(f"side.{data.SIDES[side - 1]}")))


def _liberte(st: CityOfLightState, seat: int, owner: int, lamps: int) -> Scored:
    """COL-210..214: each player, 3 per own building inside the quadrant, 2 partly inside."""
    quad = QUADRANT_MASK[st.piece_facing[data.CARD_INDEX["LIBERTE"]] - 1]
    full = [m for m in _own_buildings(st, seat) if m & quad == m]
    part = [m for m in _own_buildings(st, seat) if m & quad and m & quad != m]
    points = data.LIBERTE_POINTS_FULL * len(full) + data.LIBERTE_POINTS_PARTIAL * len(part)
    return points, _union(full + part), TEXTS.message("note.quadrant",
                                                 inside=len(full), partly=len(part))


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


SCORER_OF_CARD = tuple(CARD_SCORERS.get(card.id, _no_points) for card in data.POSTCARDS)
"""Per card index, its end-game scorer (`card_points`, a hot path of search)."""

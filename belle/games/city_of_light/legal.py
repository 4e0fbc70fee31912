"""City of Light legal actions: the list each decision offers, and a fast legality test.

Both are hot paths of search (a random playout asks for the list, then the checked
`apply_action` asks whether its pick is legal). `is_legal(st, a)` answers exactly
`a in legal_actions(st)` without building the list for the common actions; a test
compares the two on random positions. Building positions come from `rules.FITS`:
one shift and AND per cell of a shape finds every anchor where it fits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from belle.engine.game import CHANCE
from belle.games.city_of_light import actions as act
from belle.games.city_of_light import cards, data
from belle.games.city_of_light.actions import (
    Action,
    Activate,
    Decline,
    Draw,
    First,
    LayTile,
    Pass,
    Pick,
    Put,
    Quadrant,
    Select,
    Side,
    Swap,
    Take,
    Target,
    Use,
)
from belle.games.city_of_light.rules import (
    FITS,
    NUM_BUILDINGS,
    PLACEMENT_MASK,
    fits_somewhere,
    fitting_anchors,
    spaces_in,
    spaces_list,
)

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState

NUM_SLOTS = data.SLOTS_PER_SIDE**2
METRO = data.CARD_INDEX["METROPOLITAIN"]
SETUP, STREETS, BUILD, OVER = 0, 1, 2, 3  # state stages (state.py)
NUM_CARDS = len(data.POSTCARDS)
TAKES = tuple(tuple(act.TAKE[b] for b in range(NUM_BUILDINGS) if supply >> b & 1)
              for supply in range(1 << NUM_BUILDINGS))
"""COL-35, COL-40: the take actions of every supply, prebuilt."""
TAKE_INTS = tuple(tuple(act.CODEC.ints(takes)) for takes in TAKES)
LAY_INTS = tuple(tuple(tuple(act.CODEC.ints(rotations)) for rotations in per_slot)
                 for per_slot in act.LAY)
"""TAKES and act.LAY as dense ints (street_action_ints)."""


def legal_actions(st: CityOfLightState) -> list[Action]:
    """The current player's choices (the outcomes at a chance node)."""
    if st.current_player() == CHANCE:
        return [a for a, _ in st.chance_outcomes()]
    if st.stage == STREETS:
        return street_actions(st)
    if st.stage == BUILD:
        return build_actions(st)
    return []


def street_actions(st: CityOfLightState) -> list[Action]:
    """COL-30..44: lay the hand tile or take a building; without tiles take or pass."""
    seat = st.to_move
    takes = TAKES[st.supply]
    tile = st.hand[seat]
    if tile < 0:
        if "final_pass" in st.variants and st.passed[seat]:
            return [act.PASS]  # COL-43 alternative: a pass is final
        return [*takes, act.PASS]
    lays: list[Action] = []
    per_slot = act.LAY[tile]
    for slot, placed in enumerate(st.slot_tile):
        if placed < 0:
            lays.extend(per_slot[slot])
    lays.extend(takes)
    return lays


def legal_action_ints(st: CityOfLightState) -> list[int]:
    """legal_actions() as dense ints; street turns, the longest lists, from int tables."""
    if st.stage == STREETS and st.current_player() != CHANCE:
        return street_action_ints(st)
    return st.notation.dense.ints(legal_actions(st))


def street_action_ints(st: CityOfLightState) -> list[int]:
    """street_actions() as dense ints, in the same order."""
    seat = st.to_move
    tile = st.hand[seat]
    if tile < 0:
        return st.notation.dense.ints(street_actions(st))
    lays: list[int] = []
    per_slot = LAY_INTS[tile]
    for slot, placed in enumerate(st.slot_tile):
        if placed < 0:
            lays.extend(per_slot[slot])
    lays.extend(TAKE_INTS[st.supply])
    return lays


def build_actions(st: CityOfLightState) -> list[Action]:
    """COL-48..66: a building (its choice, then its position) or a postcard (its
    activation, then its target or `decline`); Métropolitain chooses a building."""
    seat = st.to_move
    if st.pending_card == METRO:
        if st.pending_building >= 0:
            return puts(st, seat, st.pending_building, metro=True)
        return [*selects(st, seat, metro=True), act.DECLINE]
    if st.pending_card >= 0:
        return [*cards.targets(st, seat, st.pending_card), act.DECLINE]
    if st.pending_building >= 0:
        return puts(st, seat, st.pending_building, metro=False)
    found = selects(st, seat, metro=False)
    if st.markers[seat] > 0:  # COL-60, COL-61, COL-62
        found.extend(act.ACTIVATE[c] for c in st.cards if st.card_owner[c] < 0)
    return found


def build_allowed(st: CityOfLightState, seat: int, metro: bool) -> int:
    """COL-50..55, COL-140: the spaces a building of `seat` may cover."""
    allowed = st.kind_mask[seat] | st.kind_mask[data.PURPLE]
    if metro:
        allowed |= st.kind_mask[data.LAMP]
    return allowed & ~st.covered & ~st.block_mask


def selects(st: CityOfLightState, seat: int, metro: bool) -> list[Action]:
    """COL-59, COL-68: reserve buildings with a chimney and a legal position."""
    if st.chimneys[seat] <= 0 or not st.reserve[seat]:
        return []
    return [act.SELECT[b] for b in spaces_in(fitting(st, seat, metro))]


def fitting(st: CityOfLightState, seat: int, metro: bool) -> int:
    """The reserve buildings of `seat` (a bitmask) with a position on the spaces it may
    cover. Whether a building fits depends only on those spaces, so the answers for
    the last allowed set are kept per seat (`st.fit_cache`, ordinary turns only); as
    the board fills, a building that did not fit on more spaces is not tried again."""
    allowed = build_allowed(st, seat, metro)
    reserve = st.reserve[seat]
    if metro:
        return sum(1 << b for b in spaces_in(reserve) if fits_somewhere(b, allowed, st.mirror))
    known_allowed, checked, fits = st.fit_cache[seat]
    if known_allowed != allowed:
        if allowed & ~known_allowed:
            checked = fits = 0
        else:  # fewer spaces only: what did not fit still does not
            checked &= ~fits
            fits = 0
    unknown = reserve & ~checked
    if unknown:
        for building in spaces_in(unknown):
            if fits_somewhere(building, allowed, st.mirror):
                fits |= 1 << building
        cache = list(st.fit_cache)
        cache[seat] = (allowed, checked | unknown, fits)
        st.fit_cache = (cache[0], cache[1])
    return fits & reserve


def puts(st: CityOfLightState, seat: int, building: int, metro: bool) -> list[Action]:
    """COL-49..57: every position of `building` on allowed spaces, orientation by
    orientation, anchors in board order."""
    allowed = build_allowed(st, seat, metro)
    found: list[Action] = []
    for orient, offsets, anchors in FITS[st.mirror][building]:
        per_anchor = act.PUT[orient]
        fit = fitting_anchors(offsets, anchors, allowed)
        found.extend([per_anchor[a] for a in spaces_list(fit)])
    return found


def can_place(st: CityOfLightState, seat: int) -> bool:
    """COL-68: a reserve building, a chimney, and a legal position for it."""
    if st.chimneys[seat] <= 0 or not st.reserve[seat]:
        return False
    return bool(fitting(st, seat, metro=False))


def _index(value: object, size: int) -> bool:
    """Whether `value` is an int field in range(size) (actions come from outside too)."""
    return type(value) is int and 0 <= value < size


def is_legal(st: CityOfLightState, action: object) -> bool:
    """Exactly `action in legal_actions(st)`, cheaply for the common actions; an action
    whose fields are not ints in range is never legal."""
    check = CHECKS.get(type(action))
    return check is not None and check(st, action)


def _player_node(st: CityOfLightState, stage: int) -> bool:
    return st.stage == stage and st.draw_due < 0


def _pick_legal(st: CityOfLightState, action: Pick) -> bool:
    """COL-18: a card of the pool not drawn yet, while the set is incomplete."""
    return (st.stage == SETUP and len(st.cards) < data.POSTCARDS_PER_GAME
            and _index(action.card, NUM_CARDS) and action.card in st.pool
            and action.card not in st.cards)


def _first_legal(st: CityOfLightState, action: First) -> bool:
    """COL-26: the start player, drawn once the postcards are chosen."""
    return (st.stage == SETUP and len(st.cards) >= data.POSTCARDS_PER_GAME
            and st.start_player < 0 and _index(action.seat, 2))


def _draw_legal(st: CityOfLightState, action: Draw) -> bool:
    """COL-25, COL-36: a tile of the drawing player's undrawn set."""
    if st.stage == OVER or st.draw_due < 0:
        return False
    if st.stage == SETUP and (len(st.cards) < data.POSTCARDS_PER_GAME or st.start_player < 0):
        return False
    return (_index(action.tile, data.TILES_PER_PLAYER)
            and bool(st.remaining[st.draw_due] >> action.tile & 1))


def _lay_legal(st: CityOfLightState, action: LayTile) -> bool:
    """COL-31..34: the hand tile, into an empty slot, in one of 4 orientations."""
    if not _player_node(st, STREETS):
        return False
    tile = st.hand[st.to_move]
    return (tile >= 0 and type(action.tile) is int and action.tile == tile
            and _index(action.slot, NUM_SLOTS) and st.slot_tile[action.slot] < 0
            and _index(action.rot, 4))


def _take_legal(st: CityOfLightState, action: Take) -> bool:
    """COL-35, COL-40 (COL-43 variant final_pass: not after a final pass)."""
    if not _player_node(st, STREETS):
        return False
    seat = st.to_move
    final = st.hand[seat] < 0 and "final_pass" in st.variants and st.passed[seat]
    return (not final and _index(action.building, NUM_BUILDINGS)
            and bool(st.supply >> action.building & 1))


def _pass_legal(st: CityOfLightState, action: Pass) -> bool:
    """COL-41, COL-42: only without a tile in hand."""
    return _player_node(st, STREETS) and st.hand[st.to_move] < 0


def _decline_legal(st: CityOfLightState, action: Decline) -> bool:
    """COL-63: after activating a card (Métropolitain: before choosing its building)."""
    return (_player_node(st, BUILD) and st.pending_card >= 0
            and not (st.pending_card == METRO and st.pending_building >= 0))


def _target_legal(st: CityOfLightState, action: object) -> bool:
    """A postcard's target: one of the choices `cards.targets` lists."""
    fields = action.__slots__  # type: ignore[attr-defined]
    if not all(type(getattr(action, name)) is int for name in fields):
        return False
    return (_player_node(st, BUILD) and st.pending_card >= 0 and st.pending_card != METRO
            and cards.is_target(st, st.to_move, st.pending_card, action))


def _put_legal(st: CityOfLightState, action: Put) -> bool:
    """COL-49..57: a position of the chosen building on allowed spaces."""
    building = st.pending_building
    if (not _player_node(st, BUILD) or building < 0
            or (st.pending_card >= 0 and st.pending_card != METRO)):
        return False
    if not (_index(action.orient, 8) and _index(action.anchor, 64)):
        return False
    mask = PLACEMENT_MASK[st.mirror][building].get((action.orient, action.anchor))
    allowed = build_allowed(st, st.to_move, metro=st.pending_card == METRO)
    return mask is not None and mask & allowed == mask


def _select_legal(st: CityOfLightState, action: Select) -> bool:
    """COL-59, COL-68: a reserve building that fits somewhere, with a chimney left."""
    seat = st.to_move
    metro = st.pending_card == METRO
    if (not _player_node(st, BUILD) or st.pending_building >= 0
            or (st.pending_card >= 0 and not metro)):
        return False
    building = action.building
    return (_index(building, NUM_BUILDINGS) and st.chimneys[seat] > 0
            and bool(fitting(st, seat, metro) >> building & 1))


def _activate_legal(st: CityOfLightState, action: Activate) -> bool:
    """COL-60..62: a card in play nobody activated, with a marker left."""
    card = action.card
    return (_player_node(st, BUILD) and st.pending_building < 0 and st.pending_card < 0
            and st.markers[st.to_move] > 0 and _index(card, NUM_CARDS) and card in st.cards
            and st.card_owner[card] < 0)


CHECKS: dict[type, Callable[[CityOfLightState, Any], bool]] = {
    Pick: _pick_legal,
    First: _first_legal,
    Draw: _draw_legal,
    LayTile: _lay_legal,
    Take: _take_legal,
    Pass: _pass_legal,
    Select: _select_legal,
    Put: _put_legal,
    Activate: _activate_legal,
    Decline: _decline_legal,
    Target: _target_legal,
    Side: _target_legal,
    Quadrant: _target_legal,
    Swap: _target_legal,
    Use: _target_legal,
}
"""The legality test of each action type (`is_legal` dispatches on the type)."""

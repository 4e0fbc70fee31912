"""Why a City of Light move is refused, in the words of the rules (State.why_illegal,
issue 20 item 5): the common refusals a learner meets — a move of the other phase, a tile
that is not the one in hand or a slot that is full, a pass while holding a tile, a
building that is not in the supply or the reserve, a position that would cover the
opponent's colour, a streetlight, another building or a special piece, no chimney or
action marker left, a postcard already activated, a target the activated postcard
cannot act on (answered with the card's own words).

`why(state, action)` is asked only for an action that is not legal now, for the seat to
move; it reads the board, the supply, both reserves and that seat's own hand (never the
opponent's tile) and answers a message of texts.py (None: no reason more precise than the
engine's general one). Each reason names its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.games.city_of_light import data
from belle.games.city_of_light.actions import (
    Action,
    Activate,
    LayTile,
    Pass,
    Put,
    Quadrant,
    Select,
    Side,
    Swap,
    Take,
    Target,
    Use,
)
from belle.games.city_of_light.legal import fitting
from belle.games.city_of_light.rules import PLACEMENT_MASK, building_name, slot_label
from belle.games.city_of_light.texts import TEXTS
from belle.i18n.text import Message

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState

STREETS, BUILD = 1, 2  # state stages (state.py)
METRO = data.CARD_INDEX["METROPOLITAIN"]
PHASE1 = (LayTile, Take, Pass)
PHASE2 = (Select, Put, Activate)
TARGETS = (Target, Side, Quadrant, Swap, Use)


def why(st: CityOfLightState, action: Action) -> Message | None:
    """The reason `action` is refused now (None: no more precise reason than the engine's)."""
    if st.stage == STREETS:
        if isinstance(action, PHASE2):  # COL-38
            return TEXTS.message("why.phase1")
        return _streets(st, action)
    if st.stage != BUILD:
        return None
    if isinstance(action, PHASE1):  # COL-39, COL-48
        return TEXTS.message("why.phase2")
    if isinstance(action, TARGETS):
        if st.pending_card < 0:  # COL-60
            return TEXTS.message("why.activate_first")
        return _target(st.pending_card)
    if st.pending_card >= 0 and not (st.pending_card == METRO
                                     and isinstance(action, (Select, Put))):
        return TEXTS.message("why.card_pending", card=_card(st.pending_card))  # COL-63
    if st.pending_building >= 0 and not isinstance(action, Put):
        return TEXTS.message("why.building_pending",
                             building=building_name(st.pending_building))
    if isinstance(action, Select):
        return _select(st, action)
    if isinstance(action, Put):
        if st.pending_building < 0:  # COL-49: a building of the reserve first
            return TEXTS.message("why.select_first")
        return _put(st, action)
    if isinstance(action, Activate):
        return _activate(st, action)
    return None


def _streets(st: CityOfLightState, action: Action) -> Message | None:
    """COL-29..43: lay the tile in hand into an empty slot, or take a building."""
    seat = st.to_move
    hand = st.hand[seat]
    if isinstance(action, LayTile):
        if hand < 0:  # COL-41
            return TEXTS.message("why.no_tile")
        if action.tile != hand:  # COL-29, COL-31
            return TEXTS.message("why.not_in_hand", tile=action.tile + 1, hand=hand + 1)
        if st.slot_tile[action.slot] >= 0:  # COL-31, COL-34
            return TEXTS.message("why.slot_taken", slot=slot_label(action.slot))
    if isinstance(action, Take) and not st.supply >> action.building & 1:  # COL-35, COL-40
        return TEXTS.message("why.not_in_supply", building=building_name(action.building))
    if isinstance(action, Pass) and hand >= 0:  # COL-42
        return TEXTS.message("why.no_pass")
    return None


def _select(st: CityOfLightState, action: Select) -> Message | None:
    """COL-49, COL-59, COL-68: a reserve building, a chimney, a legal position."""
    seat = st.to_move
    name = building_name(action.building)
    if st.chimneys[seat] <= 0:  # COL-59
        return TEXTS.message("why.no_chimney")
    if not st.reserve[seat] >> action.building & 1:  # COL-49
        return TEXTS.message("why.not_in_reserve", building=name)
    metro = st.pending_card == METRO
    if not fitting(st, seat, metro) >> action.building & 1:  # COL-50..55
        return TEXTS.message("why.fits_nowhere", building=name)
    return None


def _put(st: CityOfLightState, action: Put) -> Message | None:
    """COL-49..57: every space covered is the player's colour or purple, no streetlight
    (but with Métropolitain), no building, no special piece, all on the board."""
    mask = PLACEMENT_MASK[st.mirror][st.pending_building].get((action.orient, action.anchor))
    if mask is None:  # COL-49
        return TEXTS.message("why.off_board")
    if mask & st.covered:  # COL-54
        return TEXTS.message("why.covers_building")
    if mask & st.block_mask:  # COL-55
        return TEXTS.message("why.covers_piece")
    if mask & st.kind_mask[1 - st.to_move]:  # COL-50, COL-53
        return TEXTS.message("why.covers_opponent")
    if mask & st.kind_mask[data.LAMP]:  # COL-52 (Métropolitain allows it: COL-140)
        return TEXTS.message("why.covers_lamp")
    return None


def _activate(st: CityOfLightState, action: Activate) -> Message | None:
    """COL-60..62: a postcard of this game nobody activated, with a marker left."""
    card = action.card
    if st.markers[st.to_move] <= 0:  # COL-61
        return TEXTS.message("why.no_marker")
    if card not in st.cards:  # COL-18
        return TEXTS.message("why.card_not_dealt", card=_card(card))
    if st.card_owner[card] >= 0:  # COL-62
        return TEXTS.message("why.card_used", card=_card(card))
    return None


def _target(card: int) -> Message:
    """COL-95, COL-96: a target the activated postcard cannot act on; the card's own
    words say what it can."""
    text = TEXTS.message(f"postcard.{data.POSTCARDS[card].id}.text")
    return TEXTS.message("why.card_target", card=_card(card), text=text)


def _card(card: int) -> Message:
    return TEXTS.message(f"postcard.{data.POSTCARDS[card].id}.name")

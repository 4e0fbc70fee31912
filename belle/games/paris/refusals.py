"""Why a Paris move is refused, in the words of the rules (State.why_illegal, issue 20
item 5): the common refusals a learner meets — a step out of order, a key that has no
place there, a space that is taken, not built, in another district or not worth more, a
price in francs or resources the seat cannot pay, an empty supply or stack.

`why(state, action)` is asked only for an action that is not legal now, for the seat to
move; it reads the board and that seat's own screen (nothing another seat hides) and
answers a message of texts.py (None: no reason more precise than the engine's general
one). Each reason names its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.games.paris import actions as act
from belle.games.paris import data, legal
from belle.games.paris.actions import (
    Action,
    Bonus,
    Buy,
    Draw,
    End,
    EndGame,
    Give,
    Move,
    Pass,
    PlaceKey,
    Sell,
    UseBonus,
    UseEnd,
    VpTile,
)
from belle.games.paris.rules import NB, SPACE_VALUE
from belle.games.paris.texts import TEXTS
from belle.i18n.text import Message

if TYPE_CHECKING:
    from belle.games.paris.state import ParisState

ND = data.NUM_DISTRICTS
STEP2_ACTIONS = (PlaceKey, Move, EndGame, Pass)
FREE = frozenset({"step1", "step2", "benefit", "after"})  # PARIS-51, G-12


def why(state: ParisState, action: Action) -> Message | None:
    """The reason `action` is refused now (None: no more precise reason than the engine's)."""
    order = _out_of_order(state, action)
    if order is not None:
        return order
    phase, seat = state.phase, state.to_move
    if isinstance(action, STEP2_ACTIONS) and phase != "step2":
        return None
    if isinstance(action, (Buy, Sell, UseBonus, UseEnd)) and phase not in FREE:
        return None
    if isinstance(action, Draw):
        return _draw(state, action)
    if isinstance(action, PlaceKey):
        return _place_key(state, seat, action)
    if isinstance(action, Move):
        return _move(state, seat, action)
    if isinstance(action, EndGame):
        return _endgame(state)
    if isinstance(action, Pass):  # G-13
        return TEXTS.message("why.must_act")
    if isinstance(action, (Buy, Sell)):
        return _exchange(state, seat, action)
    if isinstance(action, UseBonus):
        return _use_bonus(state, seat, action)
    if isinstance(action, UseEnd) and not state.eg_held[seat][action.tile]:
        return TEXTS.message("why.end_tile_not_held", tile=data.END_TILES[action.tile].code)
    if isinstance(action, Bonus) and phase == "benefit" and state.pending[0][0] == "bonus":
        return _bonus(state, seat, action)
    if isinstance(action, Give):
        return _give(state, seat, action)
    if isinstance(action, VpTile):
        return _vp_tile(state, action)
    return None


def _out_of_order(state: ParisState, action: Action) -> Message | None:
    """PARIS-49, PARIS-50: step 1, then step 2, then tiles and exchanges until `end`."""
    phase = state.phase
    if phase == "step1" and isinstance(action, (*STEP2_ACTIONS, End)):
        return TEXTS.message("why.step1_first")
    if phase == "step2" and isinstance(action, Draw):
        return TEXTS.message("why.already_built")
    if phase == "step2" and isinstance(action, End):
        return TEXTS.message("why.end_early")
    if phase == "after" and isinstance(action, (*STEP2_ACTIONS, Draw)):
        return TEXTS.message("why.action_done")
    if phase == "benefit" and isinstance(action, (*STEP2_ACTIONS, Draw, End)):
        return TEXTS.message("why.benefit_first")
    return None


def _draw(state: ParisState, action: Draw) -> Message | None:
    """PARIS-52, PARIS-54: a stack with tiles left."""
    if state.phase == "step1" and not state.stack_size[action.stack]:
        return TEXTS.message("why.stack_empty", stack=action.stack + 1)
    return None


def _place_key(state: ParisState, seat: int, action: PlaceKey) -> Message | None:
    """PARIS-59, PARIS-62, PARIS-63."""
    if not state.keys[seat]:
        return TEXTS.message("why.no_keys")
    if action.target == act.ARC:
        return TEXTS.message("why.arc_taken")
    return TEXTS.message("why.bank_taken", district=_district(action.target))


def _move(state: ParisState, seat: int, action: Move) -> Message | None:
    """PARIS-55, PARIS-67..88: the key, where it may go, and the price."""
    src, dst, build = action.src, action.dst, action.build
    if src < ND:
        held, district, base = bool(state.bank_keys[src] >> seat & 1), src, 0
    elif src == act.ARC:
        held, district, base = bool(state.arc_keys >> seat & 1), -1, 0
    else:
        held = seat in state.space_keys[src - 7]
        district, base = state._space_district(src - 7), SPACE_VALUE[src - 7]
    if not held:  # PARIS-67
        return TEXTS.message("why.no_key_there", place=act.source_name(src))
    if build >= 0:
        return _build(state, seat, action, district, base)
    name, value = act.space_name(dst), SPACE_VALUE[dst]
    if dst < NB and state.built[dst] < 0:  # PARIS-55
        return TEXTS.message("why.not_built", space=name)
    if dst >= NB and state.landmark_district[dst - NB] < 0:  # PARIS-76
        return TEXTS.message("why.landmark_not_built", space=name)
    if district >= 0 and state._space_district(dst) != district:  # PARIS-70
        return TEXTS.message("why.other_district", place=act.source_name(src),
                             district=_district(district))
    if value <= base:  # PARIS-71
        return TEXTS.message("why.not_higher", space=name, value=value, base=base)
    if not legal.enterable(state, seat, dst):  # PARIS-68, PARIS-101, PARIS-102
        return TEXTS.message("why.taken", space=name)
    return _price(state, seat, value - base, legal.space_cost(state, dst))


def _build(state: ParisState, seat: int, action: Move, district: int,
           base: int) -> Message | None:
    """PARIS-76..79: a landmark from the supply, in the key's district, worth more than
    every landmark there and than the key's space; then its price."""
    dst, build = action.dst, action.build
    name, value = act.space_name(dst), SPACE_VALUE[dst]
    if state.landmark_district[dst - NB] >= 0:
        return TEXTS.message("why.landmark_built", space=name)
    if district >= 0 and build != district:  # PARIS-77, PARIS-78
        return TEXTS.message("why.other_district", place=act.source_name(action.src),
                             district=_district(district))
    if value <= state.landmark_top[build]:  # PARIS-79
        return TEXTS.message("why.landmark_low", district=_district(build),
                             top=state.landmark_top[build], space=name)
    if value <= base:  # PARIS-71
        return TEXTS.message("why.not_higher", space=name, value=value, base=base)
    return _price(state, seat, value - base, state.rules.landmarks[dst - NB].cost)


def _price(state: ParisState, seat: int, francs: int,
           cost: tuple[int, int, int]) -> Message | None:
    """PARIS-83..88: all the francs and all the resources."""
    if state.francs[seat] < francs:
        return TEXTS.message("why.francs", cost=francs, have=state.francs[seat])
    stock = state.stock[seat]
    short = [_amount(count - stock[k], k) for k, count in enumerate(cost) if stock[k] < count]
    if short:
        return TEXTS.message("why.resources", cost=[_amount(c, k) for k, c in enumerate(cost)
                                                     if c], short=short)
    return None


def _endgame(state: ParisState) -> Message | None:
    """PARIS-57, PARIS-103."""
    if any(state.stack_size):
        return TEXTS.message("why.stacks_left")
    if not any(state.eg_pile):
        return TEXTS.message("why.pile_empty")
    return None


def _exchange(state: ParisState, seat: int, action: Buy | Sell) -> Message | None:
    """PARIS-108..110: buy from the general supply at its price; sell what one holds."""
    kind = _kind(action.kind)
    if isinstance(action, Sell):
        if not state.stock[seat][action.kind]:
            return TEXTS.message("why.nothing_to_sell", kind=kind)
        return None
    if not state.supply[action.kind]:
        return TEXTS.message("why.supply_empty", kind=kind)
    price = data.BUY_PRICE[action.kind]
    if state.francs[seat] < price:
        return TEXTS.message("why.francs", cost=price, have=state.francs[seat])
    return None


def _use_bonus(state: ParisState, seat: int, action: UseBonus) -> Message | None:
    """PARIS-118, PARIS-119, PARIS-125."""
    number = action.number
    if not state.bonus_held[seat] >> number & 1:
        return TEXTS.message("why.tile_not_held", number=number)
    bonus = state.rules.bonus[number - 1]
    if bonus.kind == "francs_to_vp":
        return TEXTS.message("why.tile27")
    if bonus.kind == "key":
        if not state.reserve[seat]:
            return TEXTS.message("why.reserve_empty")
        if state.francs[seat] < bonus.amount:
            return TEXTS.message("why.francs", cost=bonus.amount, have=state.francs[seat])
    return None


def _bonus(state: ParisState, seat: int, action: Bonus) -> Message | None:
    """PARIS-96, PARIS-113..116, PARIS-120."""
    space = action.space
    if state.meeple[seat] >= space:
        return TEXTS.message("why.meeple_past", space=space)
    if not state.track_cnt[space]:
        return TEXTS.message("why.track_empty", space=space)
    number = state.track_num[space]
    if (state.bonus_held[seat] | state.bonus_used[seat]) >> number & 1:
        return TEXTS.message("why.same_number", number=number)
    pending = state.pending[0]
    if pending[0] == "bonus" and state.francs[seat] < pending[1]:
        return TEXTS.message("why.francs", cost=pending[1], have=state.francs[seat])
    return None


def _give(state: ParisState, seat: int, action: Give) -> Message | None:
    """PARIS-98: a prestige token of the slot's kind, on a slot not used yet."""
    pending = state.pending[0] if state.phase == "benefit" else ()
    if not pending or pending[0] != "prestige":
        return None
    slots = state.rules.landmarks[pending[1]].slots
    if action.slot < len(slots) and not state.stock[seat][slots[action.slot][0]]:
        return TEXTS.message("why.no_prestige", kind=_kind(slots[action.slot][0]))
    return None


def _vp_tile(state: ParisState, action: VpTile) -> Message | None:
    """PARIS-127, PARIS-129: a free VP tile on a district without one."""
    if state.phase != "benefit" or state.pending[0][0] in ("bonus", "prestige"):
        return None
    if state.vp_tile_at[action.district] >= 0:
        return TEXTS.message("why.district_has_tile", district=_district(action.district))
    if not state.vp_tile_free[action.tile]:
        return TEXTS.message("why.vp_tile_used", tile=action.tile + 1)
    return None


def _district(d: int) -> Message:
    return TEXTS.message(f"district.{data.DISTRICTS[d].code}")


def _kind(k: int) -> Message:
    return TEXTS.message(f"board.kind.{data.STOCK_KINDS[k]}")


def _amount(count: int, k: int) -> Message:
    return TEXTS.message("board.amount", count=count, kind=_kind(k))

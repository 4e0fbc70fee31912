"""Is one Paris action legal? The same tests as ParisState.legal_actions(), for a single
action, without listing the others (apply_action asks this before every action).

Each predicate mirrors one part of legal.py; tests/games/paris/test_legality.py checks,
on positions from random games, that `is_legal(a)` agrees with `a in legal_actions()` for
every action of the game. Rare actions fall back to the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.games.paris import actions as act
from belle.games.paris import data, legal
from belle.games.paris.actions import (
    Action,
    Bonus,
    Buy,
    Done,
    Draw,
    End,
    EndGame,
    Give,
    Move,
    NoBonus,
    NoVpTile,
    PlaceKey,
    Sell,
    Take,
    Top,
    UseBonus,
    UseEnd,
    Value,
    VpTile,
)

if TYPE_CHECKING:
    from belle.games.paris.state import ParisState

FREE = frozenset({"step1", "step2", "benefit", "after"})  # PARIS-51, G-12
NV = data.NUM_VALUES


def is_legal(state: ParisState, action: Action) -> bool:
    phase = state.phase
    seat = state.to_move
    if isinstance(action, (Buy, Sell, UseBonus, UseEnd)):
        return phase in FREE and _free(state, seat, action)
    if phase == "step2":
        if isinstance(action, Move):
            return legal.move_legal(state, seat, action)
        if isinstance(action, PlaceKey):
            return _place_key(state, seat, action)
        if isinstance(action, EndGame):  # PARIS-57
            return not any(state.stack_size) and any(state.eg_pile)
    elif phase == "after":
        return isinstance(action, End)
    elif phase == "step1":
        return isinstance(action, Draw) and _index(action.stack, 3) and bool(
            state.stack_size[action.stack])
    elif phase == "benefit":
        return _benefit(state, seat, action)
    elif phase == "value":
        return isinstance(action, Value) and _index(action.value_index, NV) and (
            state.unseen[state.stack_top[state.drawing] * NV + action.value_index])
    elif phase == "reveal":
        return (isinstance(action, Top) and action.stack == state.drawing
                and _index(action.district, data.NUM_DISTRICTS)
                and legal.reveal_left(state)[action.district] > 0)
    elif phase == "pick":
        return isinstance(action, Take) and _index(action.tile, len(data.END_TILES)) and bool(
            state.eg_pile[action.tile])
    return action in state.legal_actions()


def _index(value: object, size: int) -> bool:
    return type(value) is int and 0 <= value < size


def _place_key(state: ParisState, seat: int, action: PlaceKey) -> bool:
    """PARIS-58..63."""
    target = action.target
    if not _index(target, 7) or not state.keys[seat]:
        return False
    held = state.arc_keys if target == act.ARC else state.bank_keys[target]
    return not held >> seat & 1


def _free(state: ParisState, seat: int, action: Buy | Sell | UseBonus | UseEnd) -> bool:
    """legal.free_actions for one action (PARIS-105, PARIS-108..112, PARIS-118)."""
    if isinstance(action, Buy):
        k = action.kind
        return (type(k) is int and k in data.RESOURCES and bool(state.supply[k])
                and state.francs[seat] >= data.BUY_PRICE[k])
    if isinstance(action, Sell):
        return _index(action.kind, 6) and bool(state.stock[seat][action.kind])
    if isinstance(action, UseBonus):
        number = action.number
        if not _index(number, data.NUM_BONUS_NUMBERS + 1) or not (
                state.bonus_held[seat] >> number & 1):
            return False
        bonus = state.rules.bonus[number - 1]
        return (legal.tile_usable(state, seat, bonus.kind, bonus.amount)
                and (action.first, action.second) in act.choices_of(bonus.kind))
    tile = action.tile
    if not _index(tile, len(data.END_TILES)) or not state.eg_held[seat][tile]:
        return False
    spec = data.END_TILES[tile]
    return (legal.tile_usable(state, seat, spec.kind, spec.amount)
            and action.choice in act.end_choices(tile))


def _benefit(state: ParisState, seat: int, action: Action) -> bool:
    """legal.benefit_actions for one action: the pending bonus tile, prestige or VP tile."""
    pending = state.pending[0]
    if pending[0] == "bonus":
        if isinstance(action, NoBonus):
            return True
        return (isinstance(action, Bonus) and state.francs[seat] >= pending[1]
                and action.space in legal.bonus_spaces(state, seat, state.meeple[seat]))
    if pending[0] == "prestige":
        if isinstance(action, Done):
            return True
        _, landmark, used = pending
        slots = state.rules.landmarks[landmark].slots
        return (isinstance(action, Give) and _index(action.slot, len(slots))
                and not used >> action.slot & 1
                and bool(state.stock[seat][slots[action.slot][0]]))
    if isinstance(action, NoVpTile):
        return True
    return (isinstance(action, VpTile) and _index(action.tile, len(data.VP_TILES))
            and _index(action.district, data.NUM_DISTRICTS)
            and state.vp_tile_free[action.tile] and state.vp_tile_at[action.district] < 0)

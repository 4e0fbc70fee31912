"""The postcards' actions: which targets each may choose (placement rules) and what
choosing one does (COL-95..214). Their end-game points are in rules.py.

Occupancy lives in two masks of the state (G-13: one place to correct every card):
`block_mask` — spaces no building may cover (every piece on a space except the skull
and the mixed tile, COL-55, COL-146, COL-199); `piece_mask` — spaces no further piece
may take (`block_mask` plus the skull, COL-97, COL-200).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from belle.games.city_of_light import actions as act
from belle.games.city_of_light import data
from belle.games.city_of_light.actions import Action, Quadrant, Side, Swap, Target, Use
from belle.games.city_of_light.rules import (
    HOTEL,
    NUM_BUILDINGS,
    N,
    bit,
    expand,
    free_now,
    on_board,
    spaces_list,
    step,
    toward,
)

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState

E_FACING, S_FACING = 2, 3
FACINGS = (1, 2, 3, 4)  # N E S W


def free_for_piece(st: CityOfLightState) -> int:
    """COL-96: no building and no piece (the Eiffel Tower's and Arc's spaces included);
    a free streetlight space is free (COL-126)."""
    return free_now(st)


ON = tuple(per_space[0] for per_space in act.TARGET)  # `on d5`: no facing
Facings = tuple[int, int, int, int, int]
"""Per facing 0..4 (none, N, E, S, W): the spaces a postcard may target that way."""
NO_SPACE: Facings = (0, 0, 0, 0, 0)


def _on(mask: int) -> Facings:
    """`on d5` on any space of `mask`."""
    return (mask, 0, 0, 0, 0)


def _facing(spaces: int, towards: int) -> Facings:
    """`on d5 N` on a space of `spaces` whose next space that way is in `towards`."""
    return (0, *(spaces & toward(towards, facing) for facing in FACINGS))  # type: ignore[return-value]


def _own_free(st: CityOfLightState, seat: int) -> Facings:
    """COL-105, COL-110, COL-150, COL-157: own colour, free."""
    return _on(st.kind_mask[seat] & free_for_piece(st))


def _own_or_purple_free(st: CityOfLightState, seat: int) -> Facings:
    """COL-117, COL-143: own colour or purple, free."""
    return _on((st.kind_mask[seat] | st.kind_mask[data.PURPLE]) & free_for_piece(st))


def _colour_free(st: CityOfLightState, seat: int) -> Facings:
    """COL-145: a free orange or blue space."""
    return _on((st.kind_mask[data.ORANGE] | st.kind_mask[data.BLUE]) & free_for_piece(st))


def _opponent_free(st: CityOfLightState, seat: int) -> Facings:
    """COL-198: a free space of the opponent's colour."""
    return _on(st.kind_mask[1 - seat] & free_for_piece(st))


def _statue(st: CityOfLightState, seat: int) -> Facings:
    """COL-121..123, COL-126: on a free space of the activator's colour, facing a free
    street section on the board; a free streetlight space is one (a streetlight stands
    on a street section). Rules edition 1 refused a streetlight in front."""
    free = free_for_piece(st)
    front_ok = free
    if st.rules_version == 1:
        front_ok &= ~st.kind_mask[data.LAMP]
    return _facing(st.kind_mask[seat] & free, front_ok)


def _lamp(st: CityOfLightState, seat: int) -> Facings:
    """COL-128, COL-129: a streetlight not under a building, the tower or another piece."""
    return _on(st.kind_mask[data.LAMP] & free_for_piece(st))


def _annex(st: CityOfLightState, seat: int) -> Facings:
    """COL-148: own or purple free space, next to own building (facing points at it)."""
    own_built = 0
    for mask, owner in zip(st.b_mask, st.b_owner, strict=True):
        if owner == seat:
            own_built |= mask
    allowed = (st.kind_mask[seat] | st.kind_mask[data.PURPLE]) & free_for_piece(st)
    return _facing(allowed & expand(own_built), own_built)


def _hotel(st: CityOfLightState, seat: int) -> Facings:
    """COL-166, COL-167: a space of the activator's colour a building may cover, and a
    chimney left for it. The Hôtel is a building (COL-168: "zwischen diesem Gebäude"), so
    it takes buildings' occupancy rule (`block_mask`): the skull's space is open to it as
    to any building (COL-199), and the skull then lies on it (`add_building`, COL-201)."""
    if st.chimneys[seat] <= 0:
        return NO_SPACE
    return _on(st.kind_mask[seat] & ~st.covered & ~st.block_mask)


def arc_spaces(space: int, facing: int) -> int:
    """The Arc's three spaces from its first end towards E or S (G-15), 0 off the board."""
    r, c = divmod(space, N)
    dr, dc = (0, 1) if facing == E_FACING else (1, 0)
    if not on_board(r + 2 * dr, c + 2 * dc):
        return 0
    return sum(bit((r + k * dr) * N + c + k * dc) for k in range(data.ARC_LENGTH))


def _arc(st: CityOfLightState, seat: int) -> Facings:
    """COL-177..179: from its first end E or S, both ends on free own-colour sections,
    the middle on any free space."""
    free = free_for_piece(st)
    ends_ok = st.kind_mask[seat] & free

    def along(facing: int) -> int:
        return ends_ok & toward(free & toward(ends_ok, facing), facing)
    return (0, 0, along(E_FACING), along(S_FACING), 0)


def eiffel_spaces(space: int) -> int:
    """The 2×2 block whose top-left space is `space` (COL-184), 0 off the board."""
    r, c = divmod(space, N)
    if r >= N - 1 or c >= N - 1:
        return 0
    return bit(space) | bit(space + 1) | bit(space + N) | bit(space + N + 1)


EIFFEL_BLOCKS = tuple((space, eiffel_spaces(space)) for space in range(N * N)
                      if eiffel_spaces(space))


def _eiffel(st: CityOfLightState, seat: int) -> Facings:
    """COL-184..186: 4 free spaces around a crossing, at least one a streetlight."""
    free = free_for_piece(st)
    lamps = st.kind_mask[data.LAMP]
    return _on(sum(bit(space) for space, block in EIFFEL_BLOCKS
                   if block & free == block and block & lamps))


SPACE_TARGETS: dict[str, Callable[[CityOfLightState, int], Facings]] = {
    "own_free": _own_free,
    "own_or_purple_free": _own_or_purple_free,
    "colour_free": _colour_free,
    "opponent_free": _opponent_free,
    "statue": _statue,
    "lamp": _lamp,
    "annex": _annex,
    "hotel": _hotel,
    "arc": _arc,
    "eiffel": _eiffel,
}
"""Postcards that target a space (with a facing for the statue, the annex, the Arc)."""


def _building_owner(kind: str, seat: int) -> int:
    """COL-172, COL-193: Notre-Dame targets an opponent's building, Louvre an own one."""
    return 1 - seat if kind == "opponent_building" else seat


def _building_target(mask: int) -> Action:
    """The target naming a building: its first space (COL-173, COL-194)."""
    return act.TARGET[(mask & -mask).bit_length() - 1][0]


def building_target_at(st: CityOfLightState, space: int) -> Action | None:
    """The target naming the building that covers `space`, None on a free space."""
    for mask in st.b_mask:
        if mask >> space & 1:
            return _building_target(mask)
    return None


def _buildings_of(st: CityOfLightState, seat: int) -> list[Action]:
    """One target per building of `seat` (its first space), in the order they were built
    (COL-173, COL-194: none without a building)."""
    return [_building_target(m) for m, o in zip(st.b_mask, st.b_owner, strict=True)
            if o == seat]


def _swaps(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-152 (G-3): a reserve building for a supply building; none if either is empty."""
    return [act.SWAP[g][t] for g in range(NUM_BUILDINGS) if st.reserve[seat] >> g & 1
            for t in range(NUM_BUILDINGS) if st.supply >> t & 1]


def targets(st: CityOfLightState, seat: int, card: int) -> list[Action]:
    """The choices after activating `card` (Métropolitain is the state's: a building)."""
    kind = data.POSTCARDS[card].target
    space_targets = SPACE_TARGETS.get(kind)
    if space_targets is not None:
        per_facing = space_targets(st, seat)
        turned = per_facing[1] | per_facing[2] | per_facing[3] | per_facing[4]
        if not turned:
            return [ON[space] for space in spaces_list(per_facing[0])]
        return [per_space[facing] for space in spaces_list(per_facing[0] | turned)
                for per_space in (act.TARGET[space],)
                for facing, mask in enumerate(per_facing) if mask >> space & 1]
    if kind in ("opponent_building", "own_building"):
        return _buildings_of(st, _building_owner(kind, seat))
    if kind == "swap":
        return _swaps(st, seat)
    if kind == "side":
        return list(act.SIDE)
    if kind == "quadrant":
        return list(act.QUADRANT)
    if kind == "use":
        return [act.USE]
    raise ValueError(f"postcard {data.POSTCARDS[card].id} has no targets of its own")


def is_target(st: CityOfLightState, seat: int, card: int, action: object) -> bool:
    """Exactly `action in targets(st, seat, card)`, without the list (its fields are
    ints: legal.is_legal checks them first)."""
    kind = data.POSTCARDS[card].target
    space_targets = SPACE_TARGETS.get(kind)
    if space_targets is not None or kind in ("opponent_building", "own_building"):
        if not isinstance(action, Target) or not (0 <= action.space < N * N
                                                   and 0 <= action.facing <= 4):
            return False
        if space_targets is None:
            return action in _buildings_of(st, _building_owner(kind, seat))
        return bool(space_targets(st, seat)[action.facing] >> action.space & 1)
    if kind == "swap":
        return (isinstance(action, Swap) and 0 <= action.give < NUM_BUILDINGS
                and 0 <= action.take < NUM_BUILDINGS
                and bool(st.reserve[seat] >> action.give & 1 and st.supply >> action.take & 1))
    if kind == "side":
        return isinstance(action, Side) and 1 <= action.side <= 4
    if kind == "quadrant":
        return isinstance(action, Quadrant) and 1 <= action.quadrant <= 4
    return kind == "use" and isinstance(action, Use)


# -- carrying out the action ----------------------------------------------------------
def _building_at(st: CityOfLightState, space: int) -> int:
    for index, mask in enumerate(st.b_mask):
        if mask >> space & 1:
            return index
    raise ValueError(f"no building on space {space}")


def _put_piece(st: CityOfLightState, card: int, space: int, facing: int, blocks: bool) -> None:
    st.piece_space[card] = space
    st.piece_facing[card] = facing
    st.piece_mask |= bit(space)
    if blocks:
        st.block_mask |= bit(space)


def _set_kind(st: CityOfLightState, space: int, kind: int) -> None:
    old = st.kinds[space]
    st.kind_mask[old] &= ~bit(space)
    st.kind_mask[kind] |= bit(space)
    st.kinds[space] = kind


def carry_out(st: CityOfLightState, seat: int, card: int, action: Action) -> None:
    """Apply the chosen target of `card` (COL-95: during the activating turn)."""
    cid = data.POSTCARDS[card].id
    if isinstance(action, Target):
        _target(st, seat, card, cid, action.space, action.facing)
    elif isinstance(action, Side):
        st.piece_facing[card] = action.side  # COL-207
    elif isinstance(action, Quadrant):
        st.piece_facing[card] = action.quadrant  # COL-210
    elif isinstance(action, Swap):  # COL-152
        st.reserve[seat] ^= (1 << action.give) | (1 << action.take)
        st.supply ^= (1 << action.give) | (1 << action.take)
    elif not isinstance(action, Use):
        raise ValueError(f"{action!r} is not a target of {cid}")


def _target(st: CityOfLightState, seat: int, card: int, cid: str, space: int,
            facing: int) -> None:
    if cid == "BASE_STREETLIGHT":  # COL-143: the space becomes a streetlight
        st.piece_space[card] = space
        _set_kind(st, space, data.LAMP)
    elif cid == "BASE_MIXED":  # COL-145, COL-146: the space becomes purple, no obstacle
        st.piece_space[card] = space
        _set_kind(st, space, data.PURPLE)
    elif cid == "BASE_ANNEX":  # COL-148: part of the building it touches
        index = _building_at(st, step(space, facing))
        st.piece_space[card], st.piece_facing[card] = space, facing
        st.b_mask[index] |= bit(space)
        st.covered |= bit(space)
    elif cid == "INVALIDES":  # COL-166..168: a one-space building with a chimney
        st.piece_space[card] = space
        st.add_building(HOTEL, seat, bit(space))
    elif cid == "NOTRE_DAME":  # COL-172
        st.piece_space[card] = space
        st.gargoyle_building = _building_at(st, space)
    elif cid == "LOUVRE":  # COL-193
        st.piece_space[card] = space
        st.louvre_building = _building_at(st, space)
    elif cid == "ARC":  # COL-177..181
        st.piece_space[card], st.piece_facing[card] = space, facing
        st.arc_mask = arc_spaces(space, facing)
        st.piece_mask |= st.arc_mask
        st.block_mask |= st.arc_mask
    elif cid == "TOUR_EIFFEL":  # COL-184, COL-187
        st.piece_space[card] = space
        st.eiffel_mask = eiffel_spaces(space)
        st.piece_mask |= st.eiffel_mask
        st.block_mask |= st.eiffel_mask
    elif cid == "CATACOMBES":  # COL-198, COL-199: blocks pieces, not buildings
        _put_piece(st, card, space, facing, blocks=False)
        st.skull_space = space
    elif cid == "GRANDE_LUMIERE":  # COL-128
        _put_piece(st, card, space, facing, blocks=True)
        st.large_lamp = space
    else:  # painter, dancer, fountain, statue, garden, obelisk: obstacles (COL-97)
        _put_piece(st, card, space, facing, blocks=True)

"""The postcards' actions: which targets each may choose (placement rules) and what
choosing one does (COL-95..214). Their end-game points are in rules.py.

Occupancy lives in two masks of the state (G-13: one place to correct every card):
`block_mask` — spaces no building may cover (every piece on a space except the skull
and the mixed tile, COL-55, COL-146, COL-199); `piece_mask` — spaces no further piece
may take (`block_mask` plus the skull, COL-97, COL-200).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.games.city_of_light import actions as act
from belle.games.city_of_light import data
from belle.games.city_of_light.actions import Action, Quadrant, Side, Swap, Target, Use
from belle.games.city_of_light.rules import (
    FULL,
    HOTEL,
    NEIGH,
    NUM_BUILDINGS,
    N,
    bit,
    on_board,
    spaces_in,
    step,
)

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState

E_FACING, S_FACING = 2, 3


def free_for_piece(st: CityOfLightState) -> int:
    """COL-96: no building and no piece (the Eiffel Tower's and Arc's spaces included)."""
    return FULL & ~st.covered & ~st.piece_mask


def _on(mask: int) -> list[Action]:
    return [act.TARGET[s][0] for s in spaces_in(mask)]


def _own_free(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-105, COL-110, COL-121 (minus the front), COL-150, COL-157: own colour, free."""
    return _on(st.kind_mask[seat] & free_for_piece(st))


def _own_or_purple_free(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-117, COL-143: own colour or purple, free."""
    return _on((st.kind_mask[seat] | st.kind_mask[data.PURPLE]) & free_for_piece(st))


def _colour_free(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-145: a free orange or blue space."""
    return _on((st.kind_mask[data.ORANGE] | st.kind_mask[data.BLUE]) & free_for_piece(st))


def _opponent_free(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-198: a free space of the opponent's colour."""
    return _on(st.kind_mask[1 - seat] & free_for_piece(st))


def _statue(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-121..123: own free space, the space in front on the board, a free street space."""
    free = free_for_piece(st)
    street_free = free & ~st.kind_mask[data.LAMP]
    found: list[Action] = []
    for space in spaces_in(st.kind_mask[seat] & free):
        for facing in range(1, 5):
            front = step(space, facing)
            if front >= 0 and street_free >> front & 1:
                found.append(act.TARGET[space][facing])
    return found


def _lamp(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-128, COL-129: a streetlight not under a building, the tower or another piece."""
    return _on(st.kind_mask[data.LAMP] & free_for_piece(st))


def _annex(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-148: own or purple free space, next to own building (facing points at it)."""
    own_built = 0
    for mask, owner in zip(st.b_mask, st.b_owner, strict=True):
        if owner == seat:
            own_built |= mask
    found: list[Action] = []
    allowed = (st.kind_mask[seat] | st.kind_mask[data.PURPLE]) & free_for_piece(st)
    for space in spaces_in(allowed & _near(own_built)):
        for facing in range(1, 5):
            other = step(space, facing)
            if other >= 0 and own_built >> other & 1:
                found.append(act.TARGET[space][facing])
    return found


def _near(mask: int) -> int:
    result = 0
    for space in spaces_in(mask):
        result |= NEIGH[space]
    return result


def _hotel(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-166, COL-167: own free space, and a chimney left for it."""
    return _own_free(st, seat) if st.chimneys[seat] > 0 else []


def _buildings_of(st: CityOfLightState, seat: int) -> list[Action]:
    """One target per building: its first space."""
    return [act.TARGET[(m & -m).bit_length() - 1][0]
            for m, o in zip(st.b_mask, st.b_owner, strict=True) if o == seat]


def _opponent_building(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-172, COL-173: a building of the opponent on the board."""
    return _buildings_of(st, 1 - seat)


def _own_building(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-193, COL-194: one of the activator's buildings."""
    return _buildings_of(st, seat)


def arc_spaces(space: int, facing: int) -> int:
    """The Arc's three spaces from its first end towards E or S (G-15), 0 off the board."""
    r, c = divmod(space, N)
    dr, dc = (0, 1) if facing == E_FACING else (1, 0)
    if not on_board(r + 2 * dr, c + 2 * dc):
        return 0
    return sum(bit((r + k * dr) * N + c + k * dc) for k in range(data.ARC_LENGTH))


def _arc(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-177..179: ends on free own-colour sections, middle on any free space."""
    free = free_for_piece(st)
    ends_ok = st.kind_mask[seat] & free
    found: list[Action] = []
    for space in spaces_in(ends_ok):
        for facing in (E_FACING, S_FACING):
            cells = arc_spaces(space, facing)
            if not cells:
                continue
            far = step(step(space, facing), facing)
            middle = step(space, facing)
            if ends_ok >> far & 1 and free >> middle & 1:
                found.append(act.TARGET[space][facing])
    return found


def eiffel_spaces(space: int) -> int:
    """The 2×2 block whose top-left space is `space` (COL-184), 0 off the board."""
    r, c = divmod(space, N)
    if r >= N - 1 or c >= N - 1:
        return 0
    return bit(space) | bit(space + 1) | bit(space + N) | bit(space + N + 1)


def _eiffel(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-184..186: 4 free spaces around a crossing, at least one a streetlight."""
    free = free_for_piece(st)
    lamps = st.kind_mask[data.LAMP]
    found: list[Action] = []
    for space in range(N * N):
        block = eiffel_spaces(space)
        if block and block & free == block and block & lamps:
            found.append(act.TARGET[space][0])
    return found


def _use(st: CityOfLightState, seat: int) -> list[Action]:
    return [act.USE]


def _side(st: CityOfLightState, seat: int) -> list[Action]:
    return list(act.SIDE)


def _quadrant(st: CityOfLightState, seat: int) -> list[Action]:
    return list(act.QUADRANT)


def _swap(st: CityOfLightState, seat: int) -> list[Action]:
    """COL-152 (G-3): a reserve building for a supply building; none if either is empty."""
    return [act.SWAP[g][t] for g in range(NUM_BUILDINGS) if st.reserve[seat] >> g & 1
            for t in range(NUM_BUILDINGS) if st.supply >> t & 1]


TARGETS = {
    "own_free": _own_free,
    "own_or_purple_free": _own_or_purple_free,
    "colour_free": _colour_free,
    "opponent_free": _opponent_free,
    "statue": _statue,
    "lamp": _lamp,
    "annex": _annex,
    "hotel": _hotel,
    "opponent_building": _opponent_building,
    "own_building": _own_building,
    "arc": _arc,
    "eiffel": _eiffel,
    "use": _use,
    "side": _side,
    "quadrant": _quadrant,
    "swap": _swap,
}


def targets(st: CityOfLightState, seat: int, card: int) -> list[Action]:
    """The choices after activating `card` (the metro card is handled by the state)."""
    return TARGETS[data.POSTCARDS[card].target](st, seat)


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

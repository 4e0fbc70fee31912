"""Paris rules helpers: space tables built from data.py and the final scoring
(PARIS-135..150). Pure functions over plain lists, no State.

Spaces 0..35 are the building spaces (district * 6 + value index), 36..43 the
landmarks. A space's keys are a tuple of seat numbers: usually empty or one seat;
two with bonus tile 9 (own) or 16 (shared) (PARIS-101, PARIS-102).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from belle.games.paris import data

NB = data.NUM_BUILDINGS
NS = data.NUM_SPACES
SPACE_VALUE: tuple[int, ...] = tuple(
    data.VALUES[s % data.NUM_VALUES] if s < NB else data.LANDMARKS[s - NB].value
    for s in range(NS)
)
TILE_TYPE: tuple[str, ...] = tuple(
    data.BUILDING_MATRIX[t // data.NUM_VALUES][t % data.NUM_VALUES] for t in range(NB)
)
NO_COST = (0, 0, 0)
TILE_COST: tuple[tuple[int, int, int], ...] = tuple(
    data.TYPE_COST.get(TILE_TYPE[t], NO_COST) for t in range(NB)
)
LANDMARK_SPACE = tuple(NB + lm for lm in range(data.NUM_LANDMARKS))
DISTRICT_SPACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(d * data.NUM_VALUES + v for v in range(data.NUM_VALUES))
    for d in range(data.NUM_DISTRICTS)
)
# random setup (PARIS-151, PARIS-152): the spaces that get a random token (not the 8s,
# which keep their gold), and the bonus numbers of each zone of the track
RANDOM_TOKEN_SPOTS = tuple(s for s in range(NB) if s % data.NUM_VALUES != data.NUM_VALUES - 1)
ZONE_NUMBERS = tuple(
    tuple(n for n in range(1, data.TRACK_LENGTH + 1) if data.zone_of(n) == z) for z in range(3))


def building_value(space: int) -> int:
    return SPACE_VALUE[space]


def strengths(
    space_keys: Sequence[tuple[int, ...]], spaces: Sequence[int], players: int
) -> tuple[list[int], list[int]]:
    """PARIS-138, PARIS-139, PARIS-143: per seat, the summed value of its keys on
    `spaces` (a key counts each time: tile 9 doubles, tile 16 shares in full) and the
    highest value it occupies there."""
    total = [0] * players
    highest = [0] * players
    for space in spaces:
        value = SPACE_VALUE[space]
        for seat in space_keys[space]:
            total[seat] += value
            if value > highest[seat]:
                highest[seat] = value
    return total, highest


def majority_awards(
    total: Sequence[int], highest: Sequence[int], amounts: Sequence[int]
) -> list[int]:
    """VP per seat from one district's VP tile (PARIS-137, PARIS-140..146, PARIS-162).

    Only seats with a key on a building or landmark take part (PARIS-137). Order by
    strength, then by the highest space (PARIS-143); seats still tied all take the
    place they tie for and the next places are skipped (PARIS-144, PARIS-145). With
    two players the second amount needs half the first's strength (PARIS-141); places
    past the tile's three amounts score nothing (PARIS-163).
    """
    players = len(total)
    awards = [0] * players
    ranked = sorted(
        (seat for seat in range(players) if total[seat] > 0),
        key=lambda s: (total[s], highest[s]),
        reverse=True,
    )
    place = 0
    index = 0
    while index < len(ranked):
        key = (total[ranked[index]], highest[ranked[index]])
        group = [s for s in ranked[index:] if (total[s], highest[s]) == key]
        if place < len(amounts):
            points = amounts[place]
            if players == 2 and place == 1 and 2 * total[group[0]] < total[ranked[0]]:
                points = 0  # PARIS-141: less than half of the first's strength
            for seat in group:
                awards[seat] = points
        place += len(group)
        index += len(group)
    return awards


def board_value(space_keys: Sequence[tuple[int, ...]], players: int) -> list[int]:
    """PARIS-149: per seat, the total value of the spaces its keys occupy (doubles twice)."""
    total, _ = strengths(space_keys, range(NS), players)
    return total


def count_keys_on_value(space_keys: Sequence[tuple[int, ...]], seat: int, value: int) -> int:
    """G-6: buildings (not landmarks) of `value` holding `seat`'s keys; a tile-9 double
    space counts twice (G-14)."""
    return sum(
        space_keys[s].count(seat) for s in range(NB) if SPACE_VALUE[s] == value
    )


def count_keys_on_landmarks(space_keys: Sequence[tuple[int, ...]], seat: int) -> int:
    """G-6 (tiles 24, 29): landmarks holding `seat`'s keys; a tile-9 double space counts
    twice (G-14)."""
    return sum(space_keys[s].count(seat) for s in LANDMARK_SPACE)


def districts_occupied(
    space_keys: Sequence[tuple[int, ...]], landmark_district: Sequence[int], seat: int
) -> int:
    """G-6 (tiles 25, 30): districts where `seat` occupies a building or a landmark (each
    district counts once, however many keys)."""
    districts = {s // data.NUM_VALUES for s in range(NB) if seat in space_keys[s]}
    districts.update(landmark_district[lm] for lm in range(data.NUM_LANDMARKS)
                     if seat in space_keys[NB + lm])
    return len(districts)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The data a game plays with: today's, or an older engine's, kept so that its match
    records replay (legacy.py)."""

    landmarks: tuple[data.LandmarkSpec, ...]
    bonus: tuple[data.BonusSpec, ...]
    vp_tiles: tuple[tuple[int, int, int], ...]
    sell_price: tuple[int, ...]
    end_copies: tuple[int, ...]
    """Copies of each kind of data.END_TILES in the end-game pile (PARIS-43, G-8)."""


CURRENT_RULES = Ruleset(data.LANDMARKS, data.BONUS, data.VP_TILES, data.SELL_PRICE,
                        data.END_COPIES)

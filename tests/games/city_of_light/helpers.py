"""Scenario builders for City of Light tests: a game in phase 1 or 2 in one call.

`grid(rows)` builds a phase-2 board from eight strings of space kinds (O orange,
B blue, M purple, L streetlight), row 1 first, so a position is readable in the test
and a failure prints something reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence

import belle
from belle.games.city_of_light import data, rules
from belle.games.city_of_light.actions import parse_space
from belle.games.city_of_light.rules import bit
from belle.games.city_of_light.state import BUILD, STREETS, CityOfLightState

ORANGE, BLUE = 0, 1
FIRST_GAME = data.FIRST_GAME_SET


def new(**options: object) -> CityOfLightState:
    state = belle.load_game("city_of_light", **options).new_initial_state(2)
    assert isinstance(state, CityOfLightState)
    return state


def started(first: str = "orange", hands: tuple[int, int] = (1, 1),
            **options: object) -> CityOfLightState:
    """Phase 1 after setup: start player `first`, hand tiles `hands` (1..8)."""
    options.setdefault("start_player", first)
    state = new(**options)
    play(state, f"draw {hands[0]}", f"draw {hands[1]}")
    assert state.stage == STREETS
    return state


def play(state: CityOfLightState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.parse_action(text))


def texts(state: CityOfLightState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def space(name: str) -> int:
    return parse_space(name)


def mask(*names: str) -> int:
    return sum(bit(space(n)) for n in names)


def grid(rows: Sequence[str], cards: Sequence[str] = FIRST_GAME, to_move: int = ORANGE,
         reserves: tuple[Sequence[str], Sequence[str]] = ((), ()),
         **options: object) -> CityOfLightState:
    """A phase-2 position: the board of `rows`, the given reserves, the cards in play."""
    options.setdefault("postcards", "list")
    options.setdefault("postcard_list", tuple(cards))
    options.setdefault("start_player", "orange")
    state = new(**options)
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    state.kinds = ["OBML".index(ch) for row in rows for ch in row]
    state.kind_mask = [0, 0, 0, 0]
    for s, kind in enumerate(state.kinds):
        state.kind_mask[kind] |= bit(s)
    state.slot_tile = [0] * 16
    state.remaining = [0, 0]
    state.hand = [-1, -1]
    state.placed_tiles = [8, 8]
    state.first_finisher = ORANGE
    state.draw_due = -1
    state.stage = BUILD
    state.to_move = to_move
    state.supply = (1 << rules.NUM_BUILDINGS) - 1
    for seat in (ORANGE, BLUE):
        for name in reserves[seat]:
            b = [b.id for b in data.BUILDINGS].index(name)
            state.supply &= ~(1 << b)
            state.reserve[seat] |= 1 << b
    return state


def add(state: CityOfLightState, seat: int, *cells: str, bid: int = 0) -> int:
    """Put a building of any footprint on the board (scoring-level tests)."""
    state.add_building(bid, seat, mask(*cells))
    return len(state.b_mask) - 1


def activate(state: CityOfLightState, seat: int, *texts_: str) -> None:
    """Play `texts_` as `seat` (one turn), whoever was to move."""
    state.to_move = seat
    play(state, *texts_)


OPEN = ["O" * 4 + "B" * 4] * 8
"""Left half orange, right half blue, no streetlights."""

"""Scenario builders for Paris Connection rules tests: a dealt game in one call."""

from __future__ import annotations

from collections.abc import Sequence

import belle
from belle.games.paris_connection import actions as act
from belle.games.paris_connection import cutoff
from belle.games.paris_connection.rules import BOARD
from belle.games.paris_connection.state import ParisConnectionState

R, B, Y, K, P, N = range(6)
IN_ORDER = (R, B, Y, K, P, N)


def dealt(
    hands: Sequence[Sequence[int]], first: int = 0, starts: Sequence[int] = IN_ORDER,
    **options: object,
) -> ParisConnectionState:
    """A game after setup where `starts[i]` was drawn onto start hex i (clockwise from
    the north-east, PC-19) and seat i was dealt `hands[i]` (company indices)."""
    game = belle.load_game("paris_connection", **options)
    state = game.new_initial_state(len(hands))
    assert isinstance(state, ParisConnectionState)
    for slot, company in enumerate(starts):
        state.apply_action(act.START[company][slot])
    for hand in hands:
        for company in hand:
            state.apply_action(act.DEAL[company])
    state.apply_action(act.FIRST[first])
    return state


def default_hands(players: int = 4) -> list[list[int]]:
    """Hands of the right size: seat i holds mostly company i."""
    size = {3: 10, 4: 8, 5: 6, 6: 5}[players]
    return [[(seat + k // 3) % 6 for k in range(size)] for seat in range(players)]


def play(state: ParisConnectionState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.parse_action(text))


def replayed(log: str, players: int) -> ParisConnectionState:
    """The position after `log` (notations joined by ';') from a new game."""
    state = belle.load_game("paris_connection").new_initial_state(players)
    assert isinstance(state, ParisConnectionState)
    play(state, *log.split(";"))
    return state


def refresh(state: ParisConnectionState) -> None:
    """After a test edits the map by hand: work the routes of PC-44 out from scratch
    (the position must pass the joint test) and forget what was cached."""
    routed = sum(1 << c for c in range(6) if state.start_hex[c] >= 0 and not state.on_city[c])
    found = cutoff.max_flow_routes(
        cutoff.Position(BOARD, state.room, state.room2, state.network, routed))
    assert found is not None, "the position set up by hand fails PC-44"
    state.routed = routed
    state.routing = cutoff.routing(found)
    state._board_changed()


def rural_neighbours(h: int) -> list[int]:
    return [n for n in BOARD.neighbours[h] if n not in BOARD.start_slots and n != BOARD.eiffel
            and not BOARD.is_city[n]]


def label(h: int) -> str:
    return BOARD.labels[h]

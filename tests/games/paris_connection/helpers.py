"""Scenario builders for Paris Connection rules tests: a dealt game in one call."""

from __future__ import annotations

from collections.abc import Sequence

import belle
from belle.games.paris_connection import actions as act
from belle.games.paris_connection.rules import BOARD
from belle.games.paris_connection.state import ParisConnectionState

R, B, Y, K, P, N = range(6)


def dealt(
    hands: Sequence[Sequence[int]], first: int = 0, **options: object
) -> ParisConnectionState:
    """A game after setup where seat i was dealt `hands[i]` (company indices)."""
    game = belle.load_game("paris_connection", **options)
    state = game.new_initial_state(len(hands))
    assert isinstance(state, ParisConnectionState)
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


def rural_neighbours(h: int) -> list[int]:
    return [n for n in BOARD.neighbours[h] if n not in BOARD.start_hex and n != BOARD.eiffel
            and not BOARD.is_city[n]]


def label(h: int) -> str:
    return BOARD.labels[h]

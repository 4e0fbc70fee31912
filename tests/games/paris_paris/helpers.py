"""Scenario builders for Paris Paris rules tests: a set-up game and positions in one call."""

from __future__ import annotations

from collections.abc import Sequence

from belle.games.paris_paris import ParisParis
from belle.games.paris_paris import actions as act
from belle.games.paris_paris.rules import NET
from belle.games.paris_paris.state import ParisParisState

GREEN, GREY, PURPLE, YELLOW = range(4)  # seats = player colours (P-6)
LINE = {name: i for i, name in enumerate(act.LINE_NAMES)}
STOP = {stop_id: i for i, stop_id in enumerate(NET.ids)}


def started(
    players: int = 4,
    secrets: Sequence[str] = ("green", "blue", "red", "orange"),
    open_line: str = "brown",
    first: int = 0,
    **options: object,
) -> ParisParisState:
    """A game after its setup chance nodes: secret lines (unless dm), open line
    (2 players), start player `first`; the first round's cards are not laid yet."""
    state = ParisParis(**options).new_initial_state(players)
    assert isinstance(state, ParisParisState)
    if not options.get("dm"):
        for line in secrets[:players]:
            state.apply_action(act.SECRET[LINE[line]])
        if players == 2:
            state.apply_action(act.OPEN[LINE[open_line]])
    state.apply_action(act.FIRST[first])
    return state


def place(state: ParisParisState, shops: dict[str, Sequence[int]]) -> None:
    """Put shops on the board directly (a test position), keeping the counts right."""
    for stop_id, owners in shops.items():
        stop = STOP[stop_id]
        for seat in state.shops[stop]:
            state.supply[seat] += 1
            state.on_board[seat] -= 1
        state.shops[stop] = tuple(owners)
        for seat in owners:
            state.supply[seat] -= 1
            state.on_board[seat] += 1


def play(state: ParisParisState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.parse_action(text))


def lay(state: ParisParisState, *cards: str) -> None:
    play(state, *(f"lay {card}" for card in cards))


def legal_texts(state: ParisParisState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def shops_at(state: ParisParisState, stop_id: str) -> tuple[int, ...]:
    return state.shops[STOP[stop_id]]

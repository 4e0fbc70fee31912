"""Scenario builders for Paris rules tests: a started game in one call, and direct
set-up of buildings, keys and screens so each test states its position in a few lines."""

from __future__ import annotations

from collections.abc import Iterable

import belle
from belle.games.paris import actions as act
from belle.games.paris import data
from belle.games.paris.rules import NB
from belle.games.paris.state import ParisState

CODES = [d.code for d in data.DISTRICTS]
MO, SG, LV, CH, BE, MP = range(6)


def started(players: int = 3, first: int = 0, tops: Iterable[int] = (MO, SG, LV),
            **options: object) -> ParisState:
    """A game after setup: seat `first` starts; the stacks show the districts `tops`.
    With the random setup, every setup chance takes its first outcome."""
    state = belle.load_game("paris", **options).new_initial_state(players)
    assert isinstance(state, ParisState)
    play(state, f"first {first}")
    while state.phase in ("tokens", "track"):
        state.apply_action(state.chance_outcomes()[0][0])
    for stack, district in enumerate(tops):
        play(state, f"top {stack + 1} {CODES[district]}")
    assert state.phase == "step1" and state.to_move == first
    return state


def dx2() -> ParisState:
    """The rulebook's worked example DX-2 (PARIS-138, PARIS-140, PARIS-143): three seats;
    in Montmartre A holds 5 + 3 = 8, B the 8, C the 4 (no VP tile placed yet)."""
    state = started(3)
    build(state, "MO3", "MO4", "MO5", "MO8")
    key(state, 0, "MO5")
    key(state, 0, "MO3")
    key(state, 1, "MO8")
    key(state, 2, "MO4")
    return state


def play(state: ParisState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.parse_action(text))


def space(name: str) -> int:
    return act.SPACE_BY_NAME[name.lower()]


def build(state: ParisState, *names: str) -> None:
    """Put the printed building tiles on their spaces (as if drawn earlier)."""
    for name in names:
        s = space(name)
        assert s < NB
        state.built[s] = s
        if state.unseen[s]:
            state.unseen[s] = False
            state.unseen_in[s // 6] -= 1


def landmark(state: ParisState, name: str, district: int) -> None:
    lm = space(name) - NB
    state.landmark_district[lm] = district
    state.landmark_top[district] = max(state.landmark_top[district], data.LANDMARKS[lm].value)


def key(state: ParisState, seat: int, where: str) -> None:
    """Put a key of `seat` (from its screen) on a bank, the Arc or a space."""
    state.keys[seat] -= 1
    if where == "arc":
        state.arc_keys |= 1 << seat
    elif where.startswith("bank-"):
        state.bank_keys[CODES.index(where[5:].upper())] |= 1 << seat
    else:
        s = space(where)
        state.space_keys[s] = (*state.space_keys[s], seat)
        district = s // 6 if s < NB else state.landmark_district[s - NB]
        state.district_keys[district] += 1


def step2(state: ParisState, seat: int) -> ParisState:
    """Make it `seat`'s step 2 (step 1 done)."""
    state.to_move = seat
    state.phase = "step2"
    return state


def legal(state: ParisState) -> set[str]:
    """The legal actions' notation, after whatever a test edited by hand."""
    state.board_changed()
    return {state.action_to_string(a) for a in state.legal_actions()}


def moves(state: ParisState) -> set[str]:
    return {t for t in legal(state) if t.startswith("move ")}


def empty_stacks(state: ParisState) -> None:
    state.stack_size = [0, 0, 0]
    state.stack_top = [-1, -1, -1]


def search(state: ParisState) -> None:
    """Action C's search (PARIS-103): the searcher now sees the pile and must take a
    tile (`take <code>`, a secret move)."""
    play(state, "endgame")
    assert state.phase == "pick"


def take_endgame(state: ParisState, seat: int, code: str) -> None:
    """Action C for `seat`: search the pile, then take the tile `code` in secret."""
    step2(state, seat)
    search(state)
    play(state, f"take {code}")

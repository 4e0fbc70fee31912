"""Scenario builders for Bruxelles 1893 rules tests: a set-up game in one call.

`start()` plays the setup's chance nodes with chosen outcomes, so every position is an
action log (reproducible); `give()` then edits a seat's stock directly for a scenario
and `refresh()` recomputes the legal actions of the decision on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import belle.games.bruxelles_1893  # noqa: F401  (registers the game)
from belle.games.bruxelles_1893 import Bruxelles1893, flow
from belle.games.bruxelles_1893.state import BruxellesState

# Row r of the board holds strip r (basic side) when strips are dealt 1..5 in order:
#   row 1  A W  B S  C T  D M  E C
#   row 2  A S  B T  C M  D C  E W
#   row 3  A T  B M  C C  D W  E S
#   row 4  A M  B C  C W  D S  E T
#   row 5  A C  B W  C S  D T  E M
DEFAULT_COMPASS = ("wood", "money", "stone", "any", "iron", "empty")  # needles: wood, any
DEFAULT_BONUS = ("free", "architect", "city_hall", "palace", "money")
DEFAULT_FIGURES = ("solvay", "picard", "buls", "maus")  # free slot first


def start(
    players: int = 3,
    first: int = 0,
    stock: str | None = "SX-05",
    shield: str | None = None,
    compass: Sequence[str] = DEFAULT_COMPASS,
    bonus: Sequence[str] = DEFAULT_BONUS,
    figures: Sequence[str] = DEFAULT_FIGURES,
    art: Sequence[str] | None = None,
    **options: Any,
) -> BruxellesState:
    """A game after setup (and the stock card and shield, if given)."""
    state = Bruxelles1893(**options).new_initial_state(players)
    assert isinstance(state, BruxellesState)
    log = [f"strip {i}" for i in range(1, 6)]
    if not options.get("first_game_compass"):
        log += [f"compass {t}" for t in compass]
    log += [f"bonus {b}" for b in bonus]
    log += [f"figure {f}" for f in figures]
    log += [f"draw {c}" for c in (art or ["blue", "red", "yellow", "green", "blue"][:players])]
    log.append(f"first {first}")
    if stock is not None:
        log.append(f"stock {stock}")
        if shield is not None:
            log.append(f"shield {shield}")
    play(state, *log)
    return state


def play(state: BruxellesState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.parse_action(text))


def legal(state: BruxellesState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def refresh(state: BruxellesState) -> None:
    """After editing a state by hand: recompute the legal actions of the top decision."""
    task = state.tasks[-1]
    if task[0] in flow.DECISIONS:
        state._legal = flow.legal(state, task)


def give(state: BruxellesState, seat: int, **items: Any) -> None:
    """Set a seat's stock: money=, wood=, stone=, iron=, jokers=, works={colour: n}."""
    for key, value in items.items():
        if key == "money":
            state.money[seat] = value
        elif key in ("wood", "stone", "iron"):
            state.mats[seat][("wood", "stone", "iron").index(key)] = value
        elif key == "jokers":
            state.jokers[seat] = value
        elif key == "works":
            colours = ("blue", "red", "yellow", "green", "black")
            state.works[seat] = [value.get(c, 0) for c in colours]
        else:
            setattr(state, key, value)
    refresh(state)


def set_needles(state: BruxellesState, a: str, b: str) -> None:
    """Point the needles at the compass spaces holding tiles `a` and `b`."""
    names = ["wood", "stone", "iron", "money", "any", "empty"]
    state.needles = [state.compass.index(names.index(a)), state.compass.index(names.index(b))]
    refresh(state)

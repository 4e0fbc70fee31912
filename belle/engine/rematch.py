"""Who starts the next game between the same players: each game's own rule (issue 14 item 8).

- City of Light: the loser of the last game ("Wer die letzte Partie PARIS verloren hat,
  beginnt diese Partie", COL-26); after a shared win it is drawn (G-10). The game takes
  its start player as an option: a game that does defines `rematch_options(final)`,
  the options of the next game, and `next_game` uses them.
- Paris Connection: the next player clockwise ("Si se juegan varios juegos, se pasa al
  siguiente jugador en el orden de las agujas del reloj", PC seed, setup step 6).
- Paris, Paris Paris, Bruxelles 1893: their seeds say nothing about a next game; the
  next seat clockwise, as in Paris Connection (issue 14 item 8's default).

Every game draws its start player as a chance outcome, the module-level `FIRST` of its
actions module (`FIRST[seat]` gives `seat` the first turn). A rematch keeps the draw in
its log like any other: `forced_start(state, seat)` is the outcome that makes `seat`
start at that chance node, so a rematch replays from its record as every game does.
Seats are in clockwise order (the seeds' turn order).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from belle.engine.game import CHANCE, State
from belle.engine.options import OptionValue


@dataclass(frozen=True, slots=True)
class NextGame:
    """The rematch's options and the seat to start it (None: the options decide, or the
    start player is drawn as usual)."""

    options: dict[str, OptionValue]
    start: int | None


def start_choices(game_id: str) -> Sequence[Any]:
    """The game's start-player chance outcomes, by seat (its actions module's `FIRST`)."""
    actions = importlib.import_module(f"belle.games.{game_id}.actions")
    first: Sequence[Any] = actions.FIRST
    return first


@functools.cache
def start_choice_set(game_id: str) -> frozenset[Any]:
    """`start_choices` as a set: a server asks at every chance node it resolves whether
    the node draws the start player (the actions are hashable, as every action is)."""
    return frozenset(start_choices(game_id))


def first_player(final: State[Any]) -> int | None:
    """The seat that was drawn to start `final`'s game (None if none was drawn)."""
    choices = start_choices(final.game.info.id)
    for action in final.history:
        if action in choices:
            return list(choices).index(action)
    return None


def next_game(final: State[Any]) -> NextGame:
    """The options and start player of a rematch of the finished game `final`."""
    game = final.game
    rematch_options = getattr(game, "rematch_options", None)
    if rematch_options is not None:  # the options name who starts (City of Light)
        return NextGame(dict(rematch_options(final)), None)
    previous = first_player(final)
    start = None if previous is None else (previous + 1) % final.num_players
    return NextGame(dict(game.options), start)


def forced_start(state: State[Any], seat: int) -> Any | None:
    """At the chance node that draws the start player, the outcome that makes `seat`
    start; None at any other node."""
    if state.current_player() != CHANCE:
        return None
    choice = start_choices(state.game.info.id)[seat]
    outcomes = [action for action, _p in state.chance_outcomes()]
    return choice if choice in outcomes else None

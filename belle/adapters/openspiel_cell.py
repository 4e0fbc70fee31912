"""The Python side of a `belle_<id>` OpenSpiel state (belle.adapters.openspiel).

`Cell` is the state's one attribute: the Belle state (made on first use), the current
node's sorted legal ints, and the OpenSpiel history. pyspiel's `Clone()` deep-copies
each Python attribute of a state, and a Cell copies itself with Belle's `clone()`.

Why the Cell keeps the history: pyspiel's `ApplyAction` crosses from Python into C++
and back twice per action (`current_player`, then `_apply_action`), about as long as a
whole Belle action. Python callers therefore apply actions in Python
(`BelleOpenSpielState.apply_action`), and the C++ side's `history_` catches up only
when C++ next needs it (`Cell.synced` entries of the history are in it): the flush
replays the missing entries through pyspiel's own `ApplyAction` with the Belle state
left alone. See the module docstring of belle.adapters.openspiel for where that is.

Legal ints come from the engine (`State.legal_action_ints`, `chance_outcome_ints`):
a game builds them from int tables where its lists are long.
"""

from __future__ import annotations

import io
import pickle
from operator import index
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from belle.engine.codec import DenseCodec
from belle.engine.game import TERMINAL, State

Entry = tuple[int, int, Any]
"""One OpenSpiel history entry, newest first: (player, action, the entry before)."""


class Cell:
    """The one Python attribute of an OpenSpiel state (see the module docstring)."""

    __slots__ = ("codec", "game", "length", "log", "players", "replaying", "state", "synced")

    def __init__(self, game: Any, state: State[Any] | None = None) -> None:
        self.game = game  # the pyspiel game: its Belle game, player count and codec
        self.codec: DenseCodec[Any] = game.codec
        self.players: int = game.num_belle_players
        self.state = state
        self.log: Entry | None = None  # the OpenSpiel history, newest entry first
        self.length = 0  # entries in `log`
        self.synced = 0  # of them, the oldest that the C++ state's history_ holds
        self.replaying: int | None = None  # the player of the entry being flushed

    def belle(self) -> State[Any]:
        if self.state is None:
            self.state = self.game.belle.new_initial_state(self.players)
        return self.state

    def copy(self, synced: int) -> Cell:
        """A copy with a cloned Belle state, whose C++ side holds `synced` entries."""
        copy = Cell.__new__(Cell)  # every slot set here: no __init__ on the hot path
        copy.game, copy.codec, copy.players = self.game, self.codec, self.players
        copy.state = (self.state or self.belle()).clone()
        copy.log, copy.length, copy.synced = self.log, self.length, synced  # log: shared
        copy.replaying = None
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Cell:
        """pyspiel's C++ `Clone()`: it copies the C++ history_ too."""
        return self.copy(self.synced)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's `serialize()`) as the game's parameters, the Belle state
        and the history. The game's own action objects are pickled as their ints and
        come back as the very same objects: games test legality by identity."""
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
        ints = self.codec.int_by_id
        pickler.persistent_id = lambda obj: ints.get(id(obj))  # type: ignore[method-assign]
        pickler.dump(self.belle())
        return (_unpickle_cell, (self.game.get_type().short_name, self.game.get_parameters(),
                                 buffer.getvalue(), self.entries(), self.synced))

    # -- the current node ---------------------------------------------------
    def legal_ints(self) -> list[int]:
        """The sorted legal ints here (chance outcomes at a chance node), a new list."""
        ints = (self.state or self.belle()).legal_action_ints()  # [] once terminal
        ints.sort()  # most games list them in order already: then one pass
        return ints

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as (int, probability), by int ([] off a chance node)."""
        pairs = (self.state or self.belle()).chance_outcome_ints()
        pairs.sort()  # by int: the ints are distinct, so probabilities are never compared
        return pairs

    def decode(self, state: State[Any], player: int, action: Any) -> Any:
        """The Belle action of int `action` if it is legal here, else None."""
        if type(action) is not int:
            if isinstance(action, bool):
                return None
            try:
                action = index(action)  # numpy integers
            except TypeError:
                return None
        if not 0 <= action < len(self.codec.actions) or player == TERMINAL:
            return None
        decoded = self.codec.actions[action]
        return decoded if state.is_legal(decoded) else None

    # -- the history ----------------------------------------------------------
    def entries(self, newest: int | None = None) -> list[tuple[int, int]]:
        """(player, action) of the history, oldest first; only the `newest` if given."""
        count = self.length if newest is None else newest
        found: list[tuple[int, int]] = []
        node = self.log
        for _ in range(count):
            player, action, node = node  # type: ignore[misc]
            found.append((player, action))
        found.reverse()
        return found

    def flush(self, spiel_state: Any) -> None:
        """Bring the C++ history_ of `spiel_state` (this cell's owner) up to date.

        Each missing entry goes through pyspiel's own `ApplyAction`, which asks
        `current_player` (answered from the entry: `replaying`) and `_apply_action`
        (which then leaves the Belle state alone) and appends to history_. Call it from
        this function only: pybind skips a Python override when the innermost Python
        frame is that override's own (`_apply_action` calling C++ `ApplyAction`).
        """
        missing = self.length - self.synced
        if missing <= 0:
            return
        apply = pyspiel.State.apply_action
        try:
            for player, action in self.entries(missing):
                self.replaying = player
                apply(spiel_state, action)
                self.synced += 1
        finally:
            self.replaying = None


def _unpickle_cell(short: str, params: dict[str, Any], pickled: bytes,
                   entries: list[tuple[int, int]], synced: int) -> Cell:
    from belle.adapters.openspiel import register_all

    register_all()  # an unpickler may not have imported the adapter yet
    game = pyspiel.load_game(short, params)
    unpickler = pickle.Unpickler(io.BytesIO(pickled))
    unpickler.persistent_load = game.codec.actions.__getitem__  # type: ignore[method-assign]
    cell = Cell(game, unpickler.load())
    for player, action in entries:
        cell.log = (player, action, cell.log)
    cell.length, cell.synced = len(entries), synced
    return cell


__all__ = ["Cell", "Entry"]

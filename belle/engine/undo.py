"""The undo policy: which of its own steps a seat may take back, for every game.

Issue 10 item 5: a seat may take back a step of its own turn that revealed nothing and
drew no chance, never across another player's move. Concretely, seat `s` may take back
the last entry of the log when

(a) it is still `s`'s turn and that entry is `s`'s own action,
(b) the action was public (a secret action is never taken back),
(c) nothing lies between it and now (it is the last entry: no chance outcome, no other
    seat's action came after it), and
(d) it showed `s` nothing hidden (`State.reveals_to_mover`, a per-game hook).

Taking back again walks back further through the same run of `s`'s steps, until an
entry that fails a rule (a chance draw, another seat's move, a reveal, a secret).
The engine has no turn marker: consecutive steps of one seat with nothing between
count as one turn.

The policy reads a match record, not a State, because a State's history does not say
who took each action. `undo_refusal` is the cheap check (given whether the entry
revealed something); `take_back` replays the record without the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from belle.engine.errors import GameError
from belle.engine.game import State
from belle.engine.record import MatchRecord, RecordEntry, replay
from belle.engine.texts import TEXTS


class UndoRefused(GameError):
    """The policy does not allow this seat to take back its last step now."""


# Why a step cannot be taken back: ids of the engine's catalogue (belle.engine.texts).
NOT_YOUR_TURN = "engine.undo.not_your_turn"
NOTHING_OF_YOURS = "engine.undo.nothing_of_yours"
SECRET = "engine.undo.secret"
REVEALED = "engine.undo.revealed"


def refused(reason: str) -> UndoRefused:
    """The refusal `reason` (an id above, or of the server's own) as an exception."""
    return TEXTS.error(UndoRefused, reason)


def undo_refusal(
    entries: Sequence[RecordEntry], to_move: int, seat: int, revealed: Callable[[int], bool]
) -> str | None:
    """Why `seat` may not take back the last entry now (a message id), or None if it may.

    `to_move` is the state's current player; `revealed(i)` says whether entry `i`
    showed its player hidden information (asked last, as it may cost a replay).
    """
    if to_move != seat:
        return NOT_YOUR_TURN
    if not entries or entries[-1].player != seat:
        return NOTHING_OF_YOURS
    last = entries[-1]
    if last.visible_to is not None:
        return SECRET
    if revealed(len(entries) - 1):
        return REVEALED
    return None


def revealed_by_replay(record: MatchRecord) -> Callable[[int], bool]:
    """`revealed(i)` for `undo_refusal`, replaying `record` up to entry `i`."""

    def revealed(index: int) -> bool:
        before = replay(record, upto=index)
        action = before.action_from_json(record.actions[index].action)
        return before.reveals_to_mover(action)

    return revealed


def may_take_back(record: MatchRecord, state: State[Any], seat: int) -> bool:
    """Whether `seat` may take back its last step (`state`: the record replayed)."""
    refusal = undo_refusal(
        record.actions, state.current_player(), seat, revealed_by_replay(record)
    )
    return refusal is None


def take_back(record: MatchRecord, state: State[Any], seat: int) -> tuple[State[Any], RecordEntry]:
    """Remove `seat`'s last step from `record` (in place); the state before it and the
    entry removed. Raises UndoRefused (nothing changed) when the policy says no."""
    befores: list[State[Any]] = []

    def revealed(index: int) -> bool:
        before = replay(record, upto=index)
        befores.append(before)
        return before.reveals_to_mover(before.action_from_json(record.actions[index].action))

    refusal = undo_refusal(record.actions, state.current_player(), seat, revealed)
    if refusal is not None:
        raise refused(refusal)
    entry = record.actions.pop()
    return befores[0], entry

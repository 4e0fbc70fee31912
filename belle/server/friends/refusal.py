"""Why a move is not legal now, as a sentence a player reads (issue 20 item 5).

A `Refusal` is an English sentence with `{placeholders}` (the msgid the interface
translates through its catalogues, belle/locale) and the values that fill them.
`explain(state, action)` gives the refusal of an illegal action for the seat to move,
from what the engine says of it: whether the game is over, whether moves of that kind
can be made at all at this point of the turn (the kind is the `type` of the action's
wire form), and which moves of that kind are legal instead.

It reads only the legal moves of the seat to move, which that seat is shown anyway
(`legal` in its table state): an explanation can never tell what the seat may not
know. A game's own reasons ("that district has no free lot") would need a hook in each
game's State; see docs/decisions.md (Playing with friends).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belle.engine.errors import GameError
from belle.engine.game import State

Value = str | int
ALTERNATIVES = 12  # legal moves of the same kind named in an answer


@dataclass(frozen=True, slots=True)
class Refusal:
    """A sentence template and its values (hashable: reasons are grouped by it)."""

    text: str
    args: tuple[tuple[str, Value], ...] = ()

    def sentence(self) -> str:
        """The English sentence."""
        return self.text.format(**dict(self.args))

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "args": dict(self.args), "sentence": self.sentence()}


def refused(text: str, **args: Value) -> Refusal:
    """A refusal: `text` with `{name}` placeholders filled from `args`."""
    return Refusal(text, tuple(sorted(args.items())))


# The sentences, each a msgid of belle/locale (`python -m belle.i18n extract` finds them
# through `refused`).
GAME_OVER = refused("The game is over: no move can be made any more.")
NOT_YOUR_TURN = refused("It is not your turn: wait for the others to move.")
WRONG_MOMENT = refused("This kind of move cannot be made at this point of the turn.")
NOT_NOW = refused("This move is not possible now.")


def kind(state: State[Any], action: Any) -> str:
    """An action's kind: the `type` of its wire form (its class name otherwise)."""
    try:
        wire = state.action_to_json(action)
    except GameError:
        return type(action).__name__
    return str(wire.get("type")) if isinstance(wire, dict) else type(action).__name__


def explain(state: State[Any], action: Any) -> Refusal | None:
    """Why the seat to move may not make `action` now (None: it may)."""
    if state.is_terminal():
        return GAME_OVER
    if state.is_legal(action):
        return None
    wanted = kind(state, action)
    kinds = {kind(state, a) for a in state.legal_actions()}
    return NOT_NOW if wanted in kinds else WRONG_MOMENT


def alternatives(state: State[Any], action: Any) -> list[str]:
    """The legal moves of the same kind as `action` (the first ALTERNATIVES), written."""
    wanted = kind(state, action)
    same = [a for a in state.legal_actions() if kind(state, a) == wanted]
    return [state.action_to_string(a) for a in same[:ALTERNATIVES]]

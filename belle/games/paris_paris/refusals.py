"""Why a Paris Paris move is refused, in the words of the rules (State.why_illegal,
issue 20 item 5): the common refusals a learner meets — a card that is not face up, a
shop pushed out of a stop that is not full or by a player with no shop there, a card
taken before choosing whose shop leaves a full crossing.

`why(state, action)` is asked only for an action that is not legal now, for the seat to
move; it reads the board and the face-up cards (never a secret line or the deck) and
answers a message of texts.py (None: no reason more precise than the engine's general
one). Each reason names its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.games.paris_paris import data
from belle.games.paris_paris.actions import Action, Remove, Take
from belle.games.paris_paris.texts import TEXTS
from belle.i18n.text import Message, seat

if TYPE_CHECKING:
    from belle.games.paris_paris.state import ParisParisState


def why(state: ParisParisState, action: Action) -> Message | None:
    """The reason `action` is refused now (None: no more precise reason than the engine's)."""
    if state.phase == "pick":
        if isinstance(action, Take):  # PP-24: one of the face-up cards
            return TEXTS.message("why.not_face_up", **_card(state, action.card))
        if isinstance(action, Remove):  # PP-29, PP-30: only at a full stop, after a take
            return TEXTS.message("why.remove_when_full")
    if state.phase == "remove":
        stop = state.net.names[state.pending_stop]
        if isinstance(action, Take):  # PP-30: the full stop's shop first
            return TEXTS.message("why.remove_first", stop=stop)
        if isinstance(action, Remove):  # PP-30, PP-31: a shop that stands there
            return TEXTS.message("why.no_shop_there", player=seat(action.seat), stop=stop)
    return None


def _card(state: ParisParisState, card: int) -> dict[str, object]:
    kind = state.net.cards[card]
    return {"stop": state.net.names[kind.stop],
            "line": TEXTS.message(f"line.{data.LINES[kind.line].colour}")}

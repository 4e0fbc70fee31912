"""What the server says about an action, shared by every table of a game: its JSON and
text for the log, and its item of a legal list as encoded JSON text.

A game's notation and codecs are functions of the action alone (`ActionNotation`,
one per game class), so equal actions of one game share one notation: a long game's
log keeps no copy of its own (most of a table's memory was these), and the legal
list of a move is joined from items encoded once per process instead of building
and encoding a dict per legal action per move. Nothing changes a shared JSON value
in place. Unhashable actions get their own. Each cache holds at most `KEPT` actions
(then it starts again).
"""

from __future__ import annotations

from typing import Any

from belle import jsonbytes
from belle.engine.game import State

KEPT = 8192

Key = tuple[type, Any]
_notations: dict[Key, tuple[Any, str]] = {}
_legal_items: dict[Key, str] = {}


def notation(state: State[Any], action: Any) -> tuple[Any, str]:
    """`action`'s JSON and text (shared with equal actions of the same game)."""
    key = (type(state), action)
    try:
        found = _notations.get(key)
    except TypeError:  # an unhashable action
        return state.action_to_json(action), state.action_to_string(action)
    if found is None:
        if len(_notations) >= KEPT:
            _notations.clear()
        found = _notations[key] = (state.action_to_json(action),
                                   state.action_to_string(action))
    return found


def legal_text(state: State[Any]) -> str:
    """The encoded legal list of the seat to move, as `payloads.legal` would encode it."""
    kind = type(state)
    items = []
    for action in state.legal_actions():
        key = (kind, action)
        try:
            item = _legal_items.get(key)
        except TypeError:
            item = _legal_item(state, action)
        else:
            if item is None:
                if len(_legal_items) >= KEPT:
                    _legal_items.clear()
                item = _legal_items[key] = _legal_item(state, action)
        items.append(item)
    return "[" + ",".join(items) + "]"


def _legal_item(state: State[Any], action: Any) -> str:
    json_value, text = notation(state, action)
    item = {"json": json_value, "text": text, "int": state.action_to_int(action)}
    return jsonbytes.dumps(item).decode()  # as payloads

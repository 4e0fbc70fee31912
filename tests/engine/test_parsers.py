"""Property tests (Hypothesis): every game's action parsers refuse bad input cleanly.

Any text, JSON value or integer either decodes to an action that round-trips, or raises
InvalidActionError — never another exception.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import belle
from belle.engine import InvalidActionError

GAMES = [info.id for info in belle.list_games()]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
action_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["build", "place", "stop", "return", "take", "deal", "first", "x"])},
    optional={
        "company": st.one_of(st.text(max_size=8), st.integers(), st.none()),
        "hex": st.one_of(st.text(max_size=8), st.integers()),
        "count": st.one_of(st.integers(-3, 5), st.booleans(), st.text(max_size=2)),
        "seat": st.one_of(st.integers(-3, 9), st.booleans(), st.text(max_size=2)),
    },
)


def _states() -> list[Any]:
    return [belle.load_game(g).new_initial_state(belle.load_game(g).info.min_players)
            for g in GAMES]


STATES = _states()


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=40))
def test_parse_action_accepts_or_refuses_cleanly(text: str) -> None:
    for state in STATES:
        try:
            action = state.parse_action(text)
        except InvalidActionError:
            continue
        assert state.parse_action(state.action_to_string(action)) == action


@settings(max_examples=300, deadline=None)
@given(payload=json_values | action_like)
def test_action_from_json_accepts_or_refuses_cleanly(payload: Any) -> None:
    for state in STATES:
        try:
            action = state.action_from_json(payload)
        except InvalidActionError:
            continue
        wire = json.loads(json.dumps(state.action_to_json(action)))
        assert state.action_from_json(wire) == action


@settings(max_examples=200, deadline=None)
@given(index=st.integers(-10, 10_000))
def test_action_from_int_accepts_or_refuses_cleanly(index: int) -> None:
    for state in STATES:
        try:
            action = state.action_from_int(index)
        except InvalidActionError:
            continue
        assert state.action_to_int(action) == index

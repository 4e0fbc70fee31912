"""The Paris notation read with its position: `move L10 build L12` (docs/games/paris.md).

A new landmark is written `move <from> build <landmark> [<district>]`; the district may be
left out when the key stands in one: on a bank, on a building, or on a landmark, whose
district only the position knows (PARIS-77). Hypothesis checks the round trips.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belle
from belle.engine.referee import sample_chance
from belle.games.paris import actions as act
from belle.games.paris import data
from belle.games.paris.actions import Move
from belle.games.paris.state import ParisState

from .helpers import MO, SG, build, key, landmark, moves, play, started, step2


def _on_landmark() -> ParisState:
    """Seat 0's key on the value-10 landmark in Saint-Germain; it can afford a 12."""
    state = step2(started(), 0)
    landmark(state, "L10", SG)
    key(state, 0, "L10")
    state.francs[0] = 20
    state.stock[0][data.MARBLE] = state.stock[0][data.GOLD] = 1
    return state


def test_move_from_a_landmark_to_a_new_one_leaves_the_district_out() -> None:
    """PARIS-77, docs/games/paris.md: `move L10 build L12` builds in the key's district."""
    state = _on_landmark()
    short = state.parse_action("move L10 build L12")
    assert short == state.parse_action("move L10 build L12 SG")
    assert state.action_to_string(short) == "move L10 build L12 SG"
    assert state.parse_action(state.action_to_string(short)) == short
    assert state.action_from_json({"type": "move", "args": ["L10", "build", "L12"]}) == short
    assert "move L10 build L12 SG" in moves(state)
    play(state, "move L10 build L12")
    assert state.landmark_district[act.SPACE_BY_NAME["l12"] - data.NUM_BUILDINGS] == SG


def test_a_landmark_not_built_stands_in_no_district() -> None:
    state = _on_landmark()
    with pytest.raises(belle.InvalidActionError, match="not built"):
        state.parse_action("move L11 build L12")
    with pytest.raises(belle.InvalidActionError, match="Say the district"):
        state.parse_action("move arc build L12")
    with pytest.raises(belle.InvalidActionError, match="Say the district"):
        act.parse("move L10 build L12")  # the notation alone does not know the map


def test_the_other_short_forms_still_parse() -> None:
    """From a bank or a building the district is in the notation itself."""
    state = step2(started(), 0)
    build(state, "MO8")
    key(state, 0, "MO8")
    assert state.parse_action("move MO8 build L12") == act.BUILD[7 + 5][3][MO]
    assert state.parse_action("move bank-MO build L12") == act.BUILD[MO][3][MO]


def _positions(seed: int) -> list[ParisState]:
    """Decision states of a random game, copied as it goes."""
    rng = random.Random(seed)
    state = belle.load_game("paris").new_initial_state(rng.choice([2, 3, 4]))
    assert isinstance(state, ParisState)
    seen: list[ParisState] = []
    while not state.is_terminal() and len(seen) < 400:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return seen


def _short(text: str) -> str:
    words = text.split()
    return " ".join(words[:-1]) if words[0] == "move" and "build" in words else text


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_legal_action_round_trips_in_its_position(seed: int) -> None:
    """Every legal action's notation reads back as itself, and a new landmark written
    without its district (when the key stands in one) reads back as the same action."""
    for state in _positions(seed)[::7]:
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert state.parse_action(text) == action
            if isinstance(action, Move) and action.build >= 0 and action.src != act.ARC:
                assert state.parse_action(_short(text)) == action


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(
    ["move", "build", "L9", "L10", "L12", "L16", "MO8", "arc", "bank-SG", "SG", "MO", "xx"]),
    min_size=1, max_size=5))
def test_move_text_reads_or_is_refused_cleanly(words: list[str]) -> None:
    """Any move-like text either reads (and its notation reads back the same) or is
    refused with InvalidActionError, in a position with landmarks on the board."""
    state = _on_landmark()
    try:
        action = state.parse_action(" ".join(words))
    except belle.InvalidActionError:
        return
    assert state.parse_action(state.action_to_string(action)) == action


@pytest.mark.parametrize("district", data.DISTRICTS, ids=lambda d: d.code)
def test_a_bank_may_name_its_district_in_full(district: data.DistrictSpec) -> None:
    """docs/games/paris.md: a bank is `bank-MO`, and full names are accepted too, in
    one word or several (`move bank-La Villette LV3`)."""
    code = district.code
    written = act.parse(f"move bank-{code} {code}3")
    assert act.parse(f"move bank-{district.name} {code}3") == written
    assert act.parse(f"move bank-{district.name.replace(' ', '')} {code}3") == written
    assert act.to_string(act.parse(f"move bank-{district.name} build L12")) == (
        f"move bank-{code} build L12 {code}")
    with pytest.raises(belle.InvalidActionError):
        act.parse(f"move bank-{district.name}")  # no target

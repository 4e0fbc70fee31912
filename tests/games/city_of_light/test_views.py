"""What each seat may know (COL-25, COL-29, COL-37, REQ-COL-S1..S3), determinization,
notation round trips, and the option schema."""

from __future__ import annotations

import json
import random

import pytest

import belle
from belle.games.city_of_light import actions as act
from belle.games.city_of_light.views import board_json

from .helpers import BLUE, ORANGE, new, play, started


def _pair() -> tuple[belle.State, belle.State]:  # type: ignore[type-arg]
    """Two states that differ only in blue's hand tile."""
    return started(hands=(1, 4)), started(hands=(1, 6))


def test_opponent_hand_is_hidden_col29() -> None:
    """COL-29: the opponent never sees the face of the hand tile."""
    a, b = _pair()
    assert a.view(ORANGE) == b.view(ORANGE)
    assert a.view(None) == b.view(None)
    assert a.view(BLUE) != b.view(BLUE)
    assert a.information_state_key(ORANGE) == b.information_state_key(ORANGE)


def test_stack_view_is_an_unordered_set_req_col_s2() -> None:
    """REQ-COL-S1..S3: both players see each player's unplayed tiles, in fixed order."""
    state = started(hands=(5, 2))
    play(state, "tile 5 A1 0", "draw 8")
    view = state.view(BLUE)
    assert view["unplayed"][ORANGE] == [1, 2, 3, 4, 6, 7, 8]
    assert view["unplayed"][BLUE] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert "stacks" not in view and view["hand"]["tile"] == 2


def test_resample_depends_only_on_what_the_seat_knows() -> None:
    """The determinization for orange is the same whichever tile blue truly holds."""
    a, b = _pair()
    ra = a.resample(ORANGE, random.Random(3))
    rb = b.resample(ORANGE, random.Random(3))
    assert ra.to_json() == rb.to_json()
    assert ra.view(ORANGE) == a.view(ORANGE)
    assert ra.legal_actions() == a.legal_actions()


def test_resample_keeps_history_consistent() -> None:
    """The rewritten hidden draw matches the resampled hand (replay gives the same)."""
    a, _ = _pair()
    for seed in range(5):
        sample = a.resample(ORANGE, random.Random(seed))
        assert sample.history[1] == act.DRAW[sample.hand[BLUE]]


def test_chance_draws_are_redacted_in_records() -> None:
    """COL-25: a record shows the other player '?' for each draw."""
    state = new(start_player="orange")
    record = belle.MatchRecord("city_of_light", {"start_player": "orange"}, ["a", "b"])
    action = state.legal_actions()[0]
    record.append(state, action)
    assert record.actions[0].visible_to == [ORANGE]


def test_board_json_is_json() -> None:
    data = board_json()
    assert json.loads(json.dumps(data)) == data
    assert len(data["tiles"][ORANGE]) == 8 and len(data["buildings"]) == 12


@pytest.mark.parametrize("text", [
    "tile 3 B2 90", "take S4b", "pass", "build S6a", "at c3 270", "at c3 90m",
    "card moulin_rouge", "on d5", "on d5 N", "side W", "quadrant SE", "swap S3a S6b",
    "use", "decline", "pick seine", "first blue", "draw 8"])
def test_notation_round_trips(text: str) -> None:
    state = new()
    action = state.parse_action(text)
    assert state.action_to_string(action) == text
    assert state.action_from_json(json.loads(json.dumps(state.action_to_json(action)))) == action
    assert state.action_from_int(state.action_to_int(action)) == action


def test_notation_accepts_names_and_case() -> None:
    state = new()
    assert state.parse_action("card Le Peintre") == act.ACTIVATE[0]
    assert state.parse_action("TILE 3 b2 90") == act.LAY[2][5][1]


@pytest.mark.parametrize("bad", ["tile 9 A1 0", "tile 1 E1 0", "tile 1 A1 45", "at i9 0",
                                 "card nothing", "on d5 X", "swap S3a", "quadrant N"])
def test_malformed_notation_is_refused(bad: str) -> None:
    with pytest.raises(belle.InvalidActionError):
        new().parse_action(bad)

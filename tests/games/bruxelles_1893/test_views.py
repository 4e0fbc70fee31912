"""Hidden information: the works drawn in private (BRX-71, BRX-72), views and resample."""

from __future__ import annotations

import json
import random

from belle.games.bruxelles_1893 import data
from belle.games.bruxelles_1893.state import BruxellesState
from belle.games.bruxelles_1893.views import board_json

from .helpers import play, start


def private_draw() -> BruxellesState:
    state = start(players=3, shield="1,2")
    state.exh[1] = 1  # seat 1 draws two works
    play(state, "market", "place E2", "bid 1", "draw red", "draw green")
    return state


def test_private_draws_are_hidden_from_others_and_in_the_log() -> None:
    state = private_draw()
    assert state.current_player() == 1
    assert state.view(2)["drawn"] is None and state.view(None)["drawn"] is None
    assert state.view(0)["drawn_count"] == 2 and state.view(0)["piles"]["coloured"] == 19
    assert state.view(1)["drawn"] == ["red", "green"]
    key = state.information_state_key(2)
    assert key.endswith("?;?")  # the two draws are redacted for seat 2
    assert state.information_state_key(1).endswith("draw red;draw green")


def test_resample_redraws_only_what_the_seat_cannot_see() -> None:
    state = private_draw()
    for seed in range(5):
        sample = state.resample(2, random.Random(seed))
        assert sample.view(2) == state.view(2) and sample.view(0) == state.view(0)
        assert sample.drawn != [] and sum(sample.coloured) == sum(state.coloured)
    mine = state.resample(1, random.Random(0))
    assert mine.drawn == [data.RED, data.GREEN] and mine.history == state.history


def test_resample_rewrites_finished_private_draws_with_the_kept_work() -> None:
    state = private_draw()
    play(state, "keep green")
    seen = set()
    for seed in range(20):
        sample = state.resample(2, random.Random(seed))
        texts = [sample.action_to_string(a) for a in sample.history[-3:-1]]
        assert "draw green" in texts
        seen.add(tuple(texts))
    assert len(seen) > 1


def test_board_json_is_json() -> None:
    board = board_json()
    assert json.loads(json.dumps(board)) == board
    assert len(board["figures"]) == 8 and len(board["bonus_cards"]) == 8

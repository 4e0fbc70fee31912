"""Which of a player's actions end the turn (REQ-COL-P7: the plan is saved when the player
presses "End turn"). The browser stages every action whose JSON type is not in
`CONTINUING_TYPES` until "End turn" is pressed; these games check that the engine ends
the turn after exactly those (COL-57: a building chosen is placed by the same player;
COL-60: an activated postcard is carried out or declined by the same player)."""

from __future__ import annotations

import random

import pytest

import belle
from belle.games.city_of_light.actions import CONTINUING_TYPES
from belle.games.city_of_light.views import board_json

OPTION_SETS = [
    {},
    {"postcards": "random_all", "invented_cards": True},
    {"postcards": "random_eiffel", "variants": ("mirror",)},
]


def _goes_on(state: belle.State, seat: int) -> bool:
    pending = state.view(seat)["pending"]
    return pending["building"] is not None or pending["card"] is not None


@pytest.mark.parametrize("options", OPTION_SETS, ids=["first_game", "all", "eiffel"])
@pytest.mark.parametrize("seed", range(6))
def test_only_the_continuing_types_leave_the_turn_open(options: dict[str, object],
                                                       seed: int) -> None:
    rng = random.Random(seed)
    state = belle.load_game("city_of_light", **options).new_initial_state(2)
    kinds: set[str] = set()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
            continue
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        kind = state.action_to_json(action)["type"]
        kinds.add(kind)
        state.apply_action(action)
        if kind in CONTINUING_TYPES:
            assert not state.is_terminal() and state.current_player() == seat
            assert _goes_on(state, seat), kind
        else:
            assert state.is_terminal() or not _goes_on(state, seat), kind
    assert {"tile", "build", "at"} <= kinds  # the game's main steps were met


def test_the_board_tells_the_browser_which_types_go_on() -> None:
    assert board_json()["continuing"] == list(CONTINUING_TYPES) == ["build", "card"]

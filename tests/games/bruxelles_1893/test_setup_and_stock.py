"""Setup (BRX-22..44, BRX-201..210) and the Stock Exchange phase (BRX-45..54)."""

from __future__ import annotations

import pytest

from belle.engine import CHANCE, IllegalActionError
from belle.games.bruxelles_1893 import data, rules

from .helpers import legal, play, start


def test_brx_25_42_203_starting_state_by_seat() -> None:
    """BRX-25, BRX-42, BRX-202, BRX-203 (example 5.13): 4 players, first player seat 2."""
    state = start(players=4, first=2)
    assert [state.money[s] for s in (2, 3, 0, 1)] == [5, 6, 7, 8]
    assert state.first == 2  # BRX-41: the Manneken Pis
    assert state.assistants == [5] * 4 and state.court == [2] * 4
    assert all(k == 1 << data.BRUGMANN for k in state.kept)  # BRX-30, one Brugmann each
    assert state.fig_deck[data.BRUGMANN] == 0  # BRX-31, BRX-34: never in the deck
    assert [sum(w) for w in state.works] == [1, 1, 1, 1]  # BRX-37
    assert state.vp == [0] * 4 and state.tracks == [[0, 0, 0]] * 4  # BRX-26..29
    assert state.mats == [[0, 0, 0]] * 4 and state.jokers == [0] * 4  # BRX-44


def test_brx_22_38_40_34_setup_is_chance() -> None:
    state = start(players=2, stock=None)
    assert state.strips == [0, 1, 2, 3, 4]  # BRX-22: dealt by chance, here in order
    assert sorted(state.compass) == list(range(6))  # BRX-38
    assert all(c >= 0 for c in state.bonus_strip)  # BRX-40
    assert all(f >= 0 for f in state.theatre)  # BRX-34
    assert state.current_player() == CHANCE  # BRX-45: the stock card is drawn by chance
    assert len(state.chance_outcomes()) == 12


def test_first_game_compass_option_is_fixed_and_not_chance() -> None:
    state = start(players=2, first_game_compass=True)
    assert state.compass == list(data.FIRST_GAME_COMPASS)
    assert not any(state.action_to_string(a).startswith("compass") for a in state.history)


def test_brx_39_needles_start_opposite() -> None:
    assert start().needles == [0, 3]


def test_brx_209_expert_strips_may_repeat_an_action_in_a_column() -> None:
    state = start(expert_strips=True)
    columns = [[state.view(None)["board"]["spaces"][r * 5 + c]["action"] for r in range(5)]
               for c in range(5)]
    assert any(len(set(col)) < 5 for col in columns)
    basic = start()
    columns = [[basic.view(None)["board"]["spaces"][r * 5 + c]["action"] for r in range(5)]
               for c in range(5)]
    assert all(len(set(col)) == 5 for col in columns)  # BRX-8


@pytest.mark.parametrize("shield,size", [
    ((2, 2), 9), ((2, 3), 9), ((3, 2), 9), ((3, 3), 9),
    ((1, 2), 12), ((1, 3), 12), ((4, 2), 12), ((4, 3), 12),
    ((2, 1), 12), ((3, 1), 12), ((2, 4), 12), ((3, 4), 12),
    ((1, 1), 16), ((1, 4), 16), ((4, 1), 16), ((4, 4), 16),
])
def test_brx_51_52_area_is_the_largest_quarter(shield: tuple[int, int], size: int) -> None:
    mask = rules.area_mask(rules.shield_index(*shield))
    assert bin(mask).count("1") == size


def test_brx_49_51_example_5_7_areas() -> None:
    """Example 5.7: shield (2,3) opens rows 3–5 × columns 1–3; (1,2) rows 2–5 × 3–5."""
    a = rules.bits(rules.area_mask(rules.shield_index(2, 3)))
    assert [rules.space_label(s) for s in a] == [
        "A3", "B3", "C3", "A4", "B4", "C4", "A5", "B5", "C5"]
    b = rules.bits(rules.area_mask(rules.shield_index(1, 2)))
    assert len(b) == 12 and all(rules.space_label(s)[0] in "CDE" for s in b)
    assert all(rules.space_label(s)[1] in "2345" for s in b)


def test_brx_46_48_first_player_chooses_one_of_the_lines_two_shields() -> None:
    state = start(players=3, first=1)
    assert state.current_player() == 1
    assert legal(state) == ["shield 1,2", "shield 3,3"]  # SX-05, 3-player line
    with pytest.raises(IllegalActionError):
        play(state, "shield 2,2")
    play(state, "shield 3,3")
    assert state.view(None)["board"]["shield"] == "3,3"


def test_brx_70_no_assistant_outside_the_area() -> None:
    state = start(players=3, shield="3,3")
    placeable = [t for t in legal(state) if t.startswith("place ")]
    assert placeable and all(t[-2] in "ABC" and t[-1] in "123" for t in placeable)
    with pytest.raises(IllegalActionError):
        play(state, "place E5")


def test_brx_46_stock_cards_follow_the_design_rule() -> None:
    """Table 3.13: 2 players choose between 9s; 5 players between 12 and 16."""
    for card in data.STOCK_CARDS:
        sizes = [[bin(rules.area_mask(rules.shield_index(*s))).count("1") for s in line]
                 for line in card.lines]
        assert sizes[0] == [9, 9]
        assert sorted(sizes[3]) in ([12, 16], [16, 16], [12, 12])
        assert 3 <= card.payout <= 6

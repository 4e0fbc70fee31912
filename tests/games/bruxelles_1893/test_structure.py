"""Game structure and components (BRX-1..21) and the pile rebuild detail (BRX-211)."""

from __future__ import annotations

import random

import belle
from belle.engine import sample_chance
from belle.games.bruxelles_1893 import data, rules
from belle.games.bruxelles_1893.state import BruxellesState

from .helpers import play, start


def random_game(players: int, seed: int) -> tuple[BruxellesState, list[tuple[int, str]]]:
    """A random game; records (round, phase) each time either changes."""
    state = belle.load_game("bruxelles_1893").new_initial_state(players)
    assert isinstance(state, BruxellesState)
    rng = random.Random(seed)
    seen: list[tuple[int, str]] = []
    while not state.is_terminal():
        key = (state.round, state.phase)
        if not seen or seen[-1] != key:
            seen.append(key)
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, seen


def test_brx_1_2_five_rounds_of_four_phases_in_order() -> None:
    state, seen = random_game(3, 1)
    rounds = [(r, p) for r, p in seen if 1 <= r <= 5 and p in ("stock", "action",
                                                                 "resolution")]
    assert [r for r, _ in rounds] == [r for r in range(1, 6) for _ in range(3)]
    assert [p for _, p in rounds] == ["stock", "action", "resolution"] * 5
    assert state.phase == "over" and state.round == 5 and seen[-1][0] == 5


def test_brx_3_4_5_most_vp_wins_and_vp_never_negative() -> None:
    for seed in range(5):
        state, _ = random_game(4, seed)
        assert min(state.vp) >= 0  # BRX-5
        best = max(state.returns())
        assert all(state.vp[s] == best for s in state.winners())


def test_brx_6_7_9_10_11_board_geometry() -> None:
    assert data.SPACES == 25 and len(data.STRIPS_BASIC) == 5  # BRX-6, BRX-7
    state = start()
    assert len(state.view(None)["board"]["bonus_strip"]) == 5  # BRX-9: one per column
    assert rules.shield_spaces(rules.shield_index(2, 3)) == (  # BRX-10, BRX-11
        rules.space_index(2, 3), rules.space_index(2, 4), rules.space_index(3, 3),
        rules.space_index(3, 4))
    assert len({rules.shield_spaces(s) for s in range(16)}) == 16


def test_brx_12_13_14_15_components() -> None:
    state = start(players=5)
    assert all(a + c == 7 for a, c in zip(state.assistants, state.court, strict=True))
    assert data.TILES == 6 and len(data.MATERIALS_NAMES) == 3  # BRX-12, BRX-13
    assert state.joker_supply == 15 and state.mat_supply == [10, 10, 10]  # BRX-14, 15


def test_brx_16_money_is_unlimited() -> None:
    state = start(players=2, shield="3,3")
    state.money[0] = 500
    play(state, "bourse")
    assert state.money[0] == 500 + data.STOCK_CARDS[4].payout


def test_brx_17_18_thirty_works_in_two_piles() -> None:
    state = start(players=3)
    held = sum(sum(w) for w in state.works)
    assert sum(state.coloured) + state.black + held == 30
    assert state.black == 6 and held == 3


def test_brx_19_20_21_view_shows_both_boards_and_architect_boards() -> None:
    view = start(players=2, shield="3,3").view(0)
    for key in ("theatre", "workshop", "compass", "shop", "brussels", "stock", "exhibition"):
        assert view[key] is not None
    player = view["players_state"][0]
    assert {"architect", "city_hall", "palace", "built", "vp"} <= set(player)
    assert player["courthouse"] == 2


def test_brx_211_rebuild_keeps_the_works_left_in_a_pile() -> None:
    """Revision 3 (records of engines 0.2.1, 0.2.2): the piles were rebuilt when a draw
    began that the coloured pile could not cover; the works left in it stayed."""
    state = start(players=3, shield="1,2", rules_version=3)
    state.exh[0] = 2  # draws 3
    state.coloured = [0, 2, 0, 0]
    state.shop = [[data.BLUE, data.GREEN], [data.YELLOW]]
    play(state, "place E2", "bid 1")
    assert state.coloured == [1, 2, 0, 0] and state.shop == [[data.GREEN], [data.YELLOW]]

"""The Action phase: placing and bidding, the five Art Nouveau actions, secondary
actions, the Brussels actions and passing (BRX-55..160)."""

from __future__ import annotations

import pytest

from belle.engine import CHANCE, IllegalActionError, InvalidActionError
from belle.games.bruxelles_1893 import data
from belle.games.bruxelles_1893.state import BruxellesState

from .helpers import give, legal, play, start

# 3 players, SX-05, shield 1,2: rows 2–5 × columns C–E are open:
#   C2 M  D2 C  E2 W / C3 C  D3 W  E3 S / C4 W  D4 S  E4 T / C5 S  D5 T  E5 M
# Seat 0 (first) has 5 BF, seat 1 6 BF, seat 2 7 BF.


def game() -> BruxellesState:
    return start(players=3, first=0, shield="1,2")


def test_brx_62_70_legal_turn_lists_area_spaces_brussels_and_pass() -> None:
    state = game()
    moves = legal(state)
    places = [m for m in moves if m.startswith("place ")]
    # 12 open spaces, minus the 2 Construction spaces (D2, C3) seat 0 cannot pay (BRX-61)
    assert len(places) == 10 and "place D2" not in places and "place C3" not in places
    assert moves[-5:] == ["market", "bourse", "grand-place", "parc", "pass"]


def test_brx_65_66_bid_at_least_1_up_to_all_money() -> None:
    state = game()
    play(state, "place E2")
    assert legal(state) == [f"bid {n}" for n in range(1, 6)]
    with pytest.raises(InvalidActionError):
        state.parse_action("bid 0")  # example 5.8: a bid of 0 BF is refused
    play(state, "bid 2")
    assert state.money[0] == 3 and state.bid[state.parse_action("place E2").arg] == 2


def test_brx_63_a_space_takes_one_assistant_per_round() -> None:
    state = game()
    play(state, "place C2", "bid 1", "take wood", "take stone")
    assert state.current_player() == 1
    assert "place C2" not in legal(state)
    with pytest.raises(IllegalActionError):
        play(state, "place C2")


def test_brx_71_workshop_draws_one_public_work() -> None:
    state = game()
    play(state, "place E2", "bid 1")
    assert state.current_player() == CHANCE
    assert state.chance_visibility(state.parse_action("draw red")) is None
    play(state, "draw red")
    assert state.works[0][data.RED] == 1 and state.current_player() == 1


def test_brx_71_72_165_example_5_11_exhibitions_draw_more_in_private() -> None:
    state = game()
    state.exh[0] = 2
    play(state, "place E2", "bid 1")
    seen = state.chance_visibility(state.parse_action("draw red"))
    assert seen == frozenset({0})
    pile = sum(state.coloured)
    play(state, "draw red", "draw green", "draw red")
    assert state.view(0)["drawn"] == ["red", "green", "red"]
    assert state.view(1)["drawn"] is None and state.view(1)["drawn_count"] == 3
    assert legal(state) == ["keep red", "keep green"]  # BRX-72: exactly one is kept
    play(state, "keep green")
    assert state.works[0][data.GREEN] == 1 and sum(state.coloured) == pile - 1  # BRX-73


def test_brx_75_76_empty_pile_is_rebuilt_from_the_shop_but_its_tops() -> None:
    state = game()
    state.coloured = [0, 0, 0, 0]
    state.shop = [[data.RED, data.BLUE, data.GREEN], [data.BLACK, data.YELLOW]]
    play(state, "place E2", "bid 1")
    assert state.shop == [[data.GREEN], [data.YELLOW]]
    assert state.coloured == [1, 1, 0, 0] and state.black == 7
    assert state.current_player() == CHANCE
    play(state, "draw red")
    assert state.works[0][data.RED] == 1 and state.current_player() == 1


def sale_position() -> BruxellesState:
    """Example 5.12: shop shows red and blue; seat 0 owns red, green and black."""
    state = game()
    state.shop = [[data.RED], [data.BLUE]]
    state.sales = 2
    give(state, 0, works={"red": 1, "green": 1, "black": 1})
    play(state, "place E3", "bid 1")
    return state


def test_brx_77_79_80_example_5_12_sellable_works_and_cursor_steps() -> None:
    state = sale_position()
    assert legal(state) == ["cursor up", "cursor down", "cursor left", "cursor right",
                            "sell green", "sell black"]
    assert state.view(0)["decision"]["steps_left"] == 3
    with pytest.raises(IllegalActionError):
        play(state, "sell red")  # BRX-80: red is visible in the shop


def test_brx_78_cursor_stays_inside_the_grid_and_steps_run_out() -> None:
    state = sale_position()
    play(state, "cursor up", "cursor up")
    assert state.cursor == [2, 4]
    assert "cursor up" not in legal(state)  # BRX-78
    play(state, "cursor left")
    assert not any(m.startswith("cursor") for m in legal(state))  # 3 steps used (BRX-77)


def test_brx_81_85_sale_income_and_cover_choice() -> None:
    state = sale_position()
    play(state, "cursor up", "cursor up", "sell green")
    # cursor centre (2, 4): green point (3, 5) → row 3 = 4 BF, column 5 = 3 VP
    assert state.money[0] == 5 - 1 + 4 and state.vp[0] == 3
    assert legal(state) == ["cover 1", "cover 2"]  # BRX-85: after the first two sales
    play(state, "cover 1")
    assert state.shop == [[data.RED, data.GREEN], [data.BLUE]]
    assert state.current_player() == 1


def test_brx_84_first_two_sales_fill_the_empty_shop_spaces() -> None:
    state = game()
    give(state, 0, works={"blue": 1})
    play(state, "place E3", "bid 1", "sell blue")
    assert state.shop == [[data.BLUE], []] and state.current_player() == 1
    give(state, 1, works={"red": 1})
    play(state, "place C5", "bid 1", "sell red")
    assert state.shop == [[data.BLUE], [data.RED]]


def test_brx_80_sale_without_a_sellable_work_does_nothing() -> None:
    state = game()
    state.shop = [[data.BLUE], []]
    give(state, 0, works={"blue": 1})
    play(state, "place E3", "bid 1")
    assert state.current_player() == 1 and state.works[0][data.BLUE] == 1


def test_brx_87_88_89_98_example_5_9_theatre_price_effect_and_slide() -> None:
    state = game()
    play(state, "place E4", "bid 1")
    assert legal(state) == ["hire 1", "hire 2", "hire 3", "hire 4"]
    play(state, "hire 2")  # Edmond Picard for 1 BF: frees an assistant
    assert state.money[0] == 3 and state.court[0] == 1 and state.assistants[0] == 5
    assert legal(state) == ["keep figure", "discard figure"]
    play(state, "keep figure")
    assert state.current_player() == CHANCE
    play(state, "figure tassel")
    names = [data.FIGURES[f].id for f in state.theatre]
    assert names == ["solvay", "buls", "maus", "tassel"]
    assert state.kept[0] >> data.FIGURES.index(
        next(f for f in data.FIGURES if f.id == "picard")) & 1
    assert state.view(None)["players_state"][0]["figures"][1] == {
        "id": "picard", "ready": False, "payment": 4}  # BRX-91: rotated


def test_brx_61_88_theatre_prices_limit_the_choice() -> None:
    state = game()
    give(state, 0, money=3)
    play(state, "place E4", "bid 2")
    assert legal(state) == ["hire 1", "hire 2"]


def test_brx_94_95_example_5_10_identical_figure_must_be_discarded() -> None:
    state = game()
    solvay = [f.id for f in data.FIGURES].index("solvay")
    state.kept[0] |= 1 << solvay
    play(state, "place E4", "bid 1", "hire 1", "take iron", "take iron")
    assert state.mats[0][data.IRON] == 2  # BRX-89: the effect happens first
    assert legal(state) == ["discard figure"]
    play(state, "discard figure")
    assert state.fig_discard[solvay] == 1


def test_brx_101_103_materials_two_of_choice_never_a_joker() -> None:
    state = game()
    state.mat_supply = [0, 5, 5]
    play(state, "place C2", "bid 1")
    assert legal(state) == ["take stone", "take iron"]  # BRX-102, BRX-103
    play(state, "take stone", "take stone")
    assert state.mats[0] == [0, 2, 0] and state.jokers[0] == 0


def test_brx_15_materials_action_with_an_empty_supply_gives_nothing() -> None:
    state = game()
    state.mat_supply = [0, 0, 0]
    play(state, "place C2", "bid 1")
    assert state.current_player() == 1 and state.mats[0] == [0, 0, 0]


def build_position(**stock: int) -> BruxellesState:
    state = game()
    give(state, 0, **stock)
    return state


def test_brx_61_construction_needs_a_payable_cost() -> None:
    state = build_position(wood=1)  # needles: wood and "any": 2 units needed
    assert "place D2" not in legal(state)
    give(state, 0, wood=2)
    assert "place D2" in legal(state)


def test_brx_105_110_112_114_construction_sequence() -> None:
    state = build_position(wood=2)
    play(state, "place D2", "bid 1")
    assert legal(state) == ["pay wood"]
    play(state, "pay wood", "pay wood")
    assert state.vp[0] == 5 and state.built[0] == 1  # BRX-110: no joker
    assert legal(state) == ["needle A", "needle B"]
    play(state, "needle B")
    assert state.needles == [0, 4]
    builds = legal(state)
    assert "build D2" not in builds  # BRX-116: the builder's own assistant is there
    assert "build A1" in builds  # BRX-115: outside the available area is fine
    play(state, "build A1")
    assert state.building[0] == 0 and state.current_player() == 1
    assert state.mats[0][data.WOOD] == 0 and state.mat_supply[data.WOOD] == 12  # BRX-108


def test_brx_111_a_joker_cancels_the_5_vp() -> None:
    state = build_position(wood=1, jokers=2)
    play(state, "place D2", "bid 1")
    assert legal(state) == ["pay wood", "pay joker"]
    play(state, "pay joker", "pay joker")
    assert state.vp[0] == 0 and state.built[0] == 1 and state.jokers[0] == 0


def money_unit_bid() -> BruxellesState:
    """Seat 1 has placed on D2 and bids next; the needles point at a money unit (3 BF)
    and a stone, which it has (BRX-61)."""
    state = game()
    state.compass = [data.C_MONEY, data.C_STONE, data.C_WOOD, data.C_IRON, data.C_ANY,
                     data.C_EMPTY]
    state.needles = [0, 1]
    give(state, 0, stone=1)
    play(state, "place D2")
    return state


def test_brx_61_bid_leaves_room_for_a_money_payment() -> None:
    state = money_unit_bid()
    assert legal(state) == ["bid 1", "bid 2"]  # 5 BF − 3 BF for the money unit


def test_brx_107_106_tiles_in_order_with_rising_costs() -> None:
    """Example 5.6: the next tile is always the next in order: 2, 2, 3, 3, 4, 4 units."""
    assert data.TILE_COST == (2, 2, 3, 3, 4, 4)
    state = build_position(wood=3)
    state.built[0] = 2  # both bottom tiles built: a middle tile costs 3
    play(state, "place D2", "bid 1", "pay wood", "pay wood", "pay wood")
    assert state.built[0] == 3 and state.vp[0] == 5


def test_brx_117_example_5_1_top_tile_with_wood_and_the_empty_tile() -> None:
    state = game()
    state.compass = [data.C_WOOD, data.C_STONE, data.C_IRON, data.C_MONEY, data.C_ANY,
                     data.C_EMPTY]
    state.needles = [0, 5]
    state.built[0] = 4
    give(state, 0, wood=4, stone=3, money=20)
    play(state, "place D2", "bid 1")
    assert legal(state) == ["pay wood"]  # BRX-137: stone or money is refused
    play(state, "pay wood", "pay wood", "pay wood", "pay wood")
    assert state.vp[0] == 10 and state.built[0] == 5
    assert legal(state) == ["needle A"]  # needle B would land on A's space (BRX-113)


def test_brx_117_example_5_1_variant_with_a_joker() -> None:
    state = game()
    state.compass = [data.C_WOOD, data.C_STONE, data.C_IRON, data.C_MONEY, data.C_ANY,
                     data.C_EMPTY]
    state.needles = [0, 5]
    state.built[0] = 4
    give(state, 0, wood=3, jokers=1)
    play(state, "place D2", "bid 1", "pay wood", "pay joker", "pay wood", "pay wood")
    assert state.vp[0] == 5 and state.built[0] == 5


def test_brx_120_123_secondary_action_for_the_building_owner() -> None:
    state = game()
    e2 = state.parse_action("place E2").arg
    state.building[e2] = 1  # seat 1 owns a building on the Workshop space E2
    state.black = 3
    play(state, "place E2", "bid 1", "draw blue")
    assert state.current_player() == 1  # BRX-122: after the placing player's action
    assert legal(state) == ["accept", "decline"]  # BRX-128: optional
    play(state, "accept")
    assert state.works[1][data.BLACK] == 1 and state.black == 2  # BRX-124
    assert state.current_player() == 1 and state.tasks[-1][0] == "turn"  # seat 1's turn


def test_brx_121_no_secondary_action_on_ones_own_building() -> None:
    state = game()
    state.building[state.parse_action("place E2").arg] = 0
    play(state, "place E2", "bid 1", "draw blue")
    assert state.tasks[-1][0] == "turn" and state.current_player() == 1


@pytest.mark.parametrize("space,effect", [("E3", "money"), ("C2", "take"),
                                          ("D2", "architect")])
def test_brx_125_126_127_secondary_actions(space: str, effect: str) -> None:
    state = game()
    state.building[state.parse_action(f"place {space}").arg] = 1
    give(state, 0, wood=2)
    play(state, f"place {space}", "bid 1")
    if space == "E3":
        play(state, "sell blue")
    elif space == "C2":
        play(state, "take wood", "take wood")
    elif space == "D2":
        play(state, "pay wood", "pay wood", "needle A", "build A1")
    assert state.current_player() == 1
    if effect == "money":
        play(state, "accept")
        assert state.money[1] == 8
    elif effect == "take":
        assert legal(state) == ["take wood", "take stone", "take iron", "decline"]
        play(state, "take iron")
        assert state.mats[1][data.IRON] == 1
    else:
        play(state, "accept")
        assert state.tracks[1][0] == 1


def test_brx_123_theatre_secondary_activates_a_ready_figure() -> None:
    state = game()
    state.building[state.parse_action("place E4").arg] = 1
    play(state, "place E4", "bid 1", "hire 3", "discard figure", "figure van_cutsem")
    assert legal(state) == ["activate brugmann", "decline"]
    play(state, "activate brugmann")
    assert state.money[1] == 11 and not state.ready[1] & 1


def test_brx_146_147_brussels_kth_use_takes_k_assistants() -> None:
    state = game()
    play(state, "market")
    assert state.jokers[0] == 3 and state.assistants[0] == 4  # BRX-149
    play(state, "market")
    assert state.assistants[1] == 3 and state.brussels[0][1] == 2  # 2nd use: 2
    play(state, "market")
    assert state.assistants[2] == 2 and state.joker_supply == 15 - 9


def test_brx_59_brussels_action_needs_enough_assistants() -> None:
    state = game()
    state.uses[data.MARKET] = 5
    give(state, 0)
    assert "market" not in legal(state)
    state.assistants[0] = 0
    give(state, 0)
    assert legal(state) == ["pass"]  # BRX-59: must pass


def test_brx_150_bourse_pays_the_cards_payout() -> None:
    state = game()
    play(state, "bourse")
    assert state.money[0] == 5 + data.STOCK_CARDS[4].payout


def test_brx_151_152_grand_place_up_to_the_palace_value() -> None:
    state = game()
    buls = [f.id for f in data.FIGURES].index("buls")
    state.kept[0] |= 1 << buls
    state.ready[0] |= 1 << buls
    play(state, "grand-place")
    assert legal(state) == ["activate brugmann", "activate buls", "decline"]
    play(state, "activate buls")
    assert state.tracks[0][1] == 1 and state.current_player() == 1  # palace value 1


def test_brx_154_129_parc_copies_an_action_without_bid_or_secondary() -> None:
    state = game()
    state.building[state.parse_action("place C2").arg] = 1
    play(state, "parc")
    assert legal(state) == ["copy workshop", "copy sale", "copy theatre", "copy materials"]
    play(state, "copy materials", "take wood", "take wood")
    assert state.money[0] == 5 and state.mats[0][data.WOOD] == 2
    assert state.current_player() == 1 and state.tasks[-1][0] == "turn"
    assert all(a < 0 for a in state.assistant)


def test_brx_57_60_passed_players_are_skipped_until_all_pass() -> None:
    state = game()
    play(state, "pass", "market")
    assert state.current_player() == 2
    play(state, "pass")
    assert state.current_player() == 1  # seat 0 passed: seat 1 again
    play(state, "pass")
    assert state.phase == "resolution"


@pytest.mark.parametrize("figure", data.FIGURES, ids=lambda f: f.id)
def test_a_figure_may_be_named_as_its_card_prints_it(figure: data.FigureSpec) -> None:
    """docs/notation.md: a name that ends an action may have several words. The seed
    names "Georges Brugmann"; every figure is accepted by its full name or its id."""
    state = game()
    for verb in ("activate", "settle"):
        written = state.parse_action(f"{verb} {figure.id}")
        assert state.parse_action(f"{verb} {figure.name}") == written
        assert state.parse_action(f"{verb} {figure.name.upper()}") == written
        assert state.action_to_string(written) == f"{verb} {figure.id}"


@pytest.mark.parametrize("typed", ["grand-place", "Grand Place", "grandplace", "Grand_Place"])
def test_grand_place_is_one_name_however_it_is_joined(typed: str) -> None:
    """BRX-146..154: the Brussels action by its name, hyphen, space or nothing between."""
    state = game()
    assert state.action_to_string(state.parse_action(typed)) == "grand-place"

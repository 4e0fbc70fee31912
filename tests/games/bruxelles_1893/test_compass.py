"""The compass (BRX-130..140) and the rulebook's payment examples 5.1–5.5."""

from __future__ import annotations

import pytest

from belle.games.bruxelles_1893 import data, rules

W, S, IR, M, J = data.P_WOOD, data.P_STONE, data.P_IRON, data.P_MONEY, data.P_JOKER
T = {"wood": data.C_WOOD, "stone": data.C_STONE, "iron": data.C_IRON,
     "money": data.C_MONEY, "any": data.C_ANY, "empty": data.C_EMPTY}


def valid(units: tuple[int, ...], a: str, b: str) -> bool:
    return rules.payment_is_valid(units, T[a], T[b])


def test_brx_137_example_5_1_seed_four_units_wood_and_the_empty_space() -> None:
    """The seed's example: 4 units, one needle on wood, one on the empty space."""
    assert valid((W, W, W, W), "wood", "empty")
    assert not valid((W, W, W, S), "wood", "empty")
    assert not valid((W, W, W, M), "wood", "empty")
    assert valid((W, W, W, J), "wood", "empty")  # BRX-109: a joker may stand in
    assert rules.valid_payments(4, T["wood"], T["empty"]) == (
        (4, 0, 0, 0, 0), (3, 0, 0, 0, 1), (2, 0, 0, 0, 2), (1, 0, 0, 0, 3), (0, 0, 0, 0, 4))


@pytest.mark.parametrize("units,ok", [
    ((M, S), True), ((J, S), True), ((M, J), True),  # BRX-138, BRX-139
    ((S, S), False), ((M, M), False),  # BRX-133, BRX-134
])
def test_brx_133_138_139_example_5_2_money_and_stone(units: tuple[int, ...], ok: bool) -> None:
    assert valid(units, "money", "stone") is ok


def test_brx_134_example_5_3_cost_two_is_one_of_each() -> None:
    assert valid((W, IR), "wood", "iron")
    assert not valid((W, W), "wood", "iron")
    assert not valid((IR, IR), "wood", "iron")


@pytest.mark.parametrize("units,ok", [
    ((IR, IR, S), True), ((W, S, S), True), ((IR, IR, IR), False), ((S, S, S), True),
])
def test_brx_135_136_example_5_4_any_noble_and_stone(units: tuple[int, ...], ok: bool) -> None:
    assert valid(units, "any", "stone") is ok


def test_brx_140_any_noble_and_empty_takes_any_noble_for_every_unit() -> None:
    assert valid((W, S, IR), "any", "empty")
    assert not valid((W, S, M), "any", "empty")


def test_brx_112_113_example_5_5_needle_cannot_land_on_the_other() -> None:
    needles = [1, 2]  # spaces 2 and 3 of the rules, 0-based
    assert not rules.needle_can_turn(needles, 0)
    assert rules.needle_can_turn(needles, 1)
    assert rules.needle_can_turn([5, 1], 0)  # 5 → 0 wraps round


def test_brx_61_min_money_for_a_payment() -> None:
    have = [0, 1, 0, 0, 0]  # one stone, no jokers
    assert rules.min_money_for(2, T["money"], T["stone"], have) == 3
    assert rules.min_money_for(3, T["money"], T["stone"], have) == 6
    assert rules.min_money_for(2, T["wood"], T["stone"], have) is None
    assert rules.min_money_for(2, T["wood"], T["stone"], [1, 1, 0, 0, 0]) == 0


def test_next_payment_kinds_keep_the_payment_completable() -> None:
    # money and stone, cost 2, one stone and 6 BF: after paying stone, only money is left
    assert rules.next_payment_kinds(2, T["money"], T["stone"], [0, 1, 0, 0, 0],
                                    [0, 0, 0, 2, 0]) == [M]
    assert rules.next_payment_kinds(2, T["money"], T["stone"], [0, 0, 0, 0, 0],
                                    [0, 1, 0, 2, 0]) == [S, M]

"""Paris rules tests: setup, the turn, actions A, B and C with their refusals, costs and
benefits. Each test cites the PARIS rule it checks (shared/rules/paris.md)."""

from __future__ import annotations

import pytest

import belle
from belle.games.paris import actions as act
from belle.games.paris import data
from belle.games.paris.rules import NB, TILE_TYPE

from .helpers import (
    BE,
    CH,
    LV,
    MO,
    SG,
    build,
    empty_stacks,
    key,
    landmark,
    legal,
    moves,
    play,
    space,
    started,
    step2,
)

# -- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players,keys,tiles", [(2, 10, 30), (3, 9, 36), (4, 7, 42)])
def test_player_count_setup(players: int, keys: int, tiles: int) -> None:
    """PARIS-36, PARIS-40, PARIS-41, PARIS-158, PARIS-44, PARIS-160, PARIS-161: 3 francs,
    10/9/7 keys, 2 reserve keys per colour, 30/36/42 bonus tiles on the track."""
    state = started(players)
    assert state.francs == [3] * players
    assert state.keys == [keys] * players
    assert state.reserve == [2] * players
    assert sum(state.track_cnt) == tiles
    assert state.meeple == [0] * players  # PARIS-32
    assert state.returns() == [0.0] * players  # PARIS-33


def test_board_starts_full_of_tokens_and_empty_supply() -> None:
    """PARIS-38, PARIS-39, G-4: one token per building space; the supply is empty."""
    state = started()
    counts = [state.token_at.count(k) for k in range(6)]
    assert counts == [6] * 6
    assert [state.token_at[d * 6 + 5] for d in range(6)] == [data.GOLD] * 6
    assert state.supply == [0, 0, 0]
    assert not any(a.startswith("buy") for a in legal(state))


def test_stacks_and_removed_tiles() -> None:
    """PARIS-46, PARIS-47: 3 tiles out unseen, three stacks of 11; PARIS-153: 3 × 12."""
    assert started().stack_size == [11, 11, 11]
    assert started(free_districts=True).stack_size == [12, 12, 12]


def test_start_player_is_chance() -> None:
    """PARIS-35: the engine picks the start player at random."""
    state = belle.load_game("paris").new_initial_state(4)
    assert state.current_player() == belle.CHANCE
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"first {i}" for i in range(4)]
    assert all(abs(p - 0.25) < 1e-12 for _, p in outcomes)


def test_landmarks_vp_tiles_and_endgame_pile() -> None:
    """PARIS-34, PARIS-42, PARIS-43: 8 landmarks, 6 VP tiles, 12 end-game tiles."""
    view = started().view(None)
    assert len(view["landmark_supply"]) == 8
    assert [t["district"] for t in view["vp_tiles"]] == [None] * 6
    assert view["endgame_pile"] == 12


# -- step 1 ----------------------------------------------------------------------------


def test_draw_reveals_the_value_to_all_and_places_it() -> None:
    """PARIS-52, PARIS-53, PARIS-14, G-15: the top's district is public before the draw;
    the value is a public chance outcome; the tile goes on its space."""
    state = started(tops=(MO, SG, LV))
    assert state.view(1)["stacks"][0]["top"] == "MO"
    play(state, "draw 1")
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert state.chance_visibility(outcomes[0][0]) is None
    play(state, "value 5")
    assert state.built[space("MO5")] == space("MO5")
    assert state.stack_size == [10, 11, 11]
    assert state.is_chance_node()  # the new top of stack 1 is turned to its back
    play(state, "top 1 BE")
    assert state.phase == "step2" and state.view(None)["stacks"][0]["top"] == "BE"


def test_reveal_probabilities_count_unseen_tiles() -> None:
    """G-15: every unseen tile (the 3 removed ones included) is equally likely."""
    state = started(tops=(MO, MO, MO))
    play(state, "draw 1", "value 1")
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    # unseen: MO 5 (two of them shown on stacks 2 and 3), others 6 each: 3 + 30 = 33
    assert outcomes["top 1 MO"] == pytest.approx(3 / 33)
    assert outcomes["top 1 SG"] == pytest.approx(6 / 33)


def test_step1_is_mandatory_then_skipped_when_stacks_are_empty() -> None:
    """PARIS-50, PARIS-54: a player must draw while a stack has tiles; then no step 1."""
    state = started()
    assert {"draw 1", "draw 2", "draw 3"} <= legal(state)
    assert not any(t.startswith("key") for t in legal(state))
    empty_stacks(state)
    state.phase = "after"
    play(state, "end")
    assert state.phase == "step2" and state.to_move == 1


def test_empty_space_cannot_be_entered() -> None:
    """PARIS-55: a building can be acquired only once its tile is on the board."""
    state = step2(started(), 0)
    key(state, 0, "arc")
    assert "move arc MO1" not in moves(state)
    build(state, "MO1")
    assert "move arc MO1" in moves(state)


# -- action A --------------------------------------------------------------------------


def test_place_key_on_bank_pays_its_value() -> None:
    """PARIS-58, PARIS-60: a key on a bank earns the bank's francs."""
    state = step2(started(), 0)
    play(state, "key CH")
    assert state.francs[0] == 3 + data.DISTRICTS[CH].bank
    assert state.keys[0] == 8
    assert (state.phase, state.to_move) == ("step1", 1)  # nothing else to do: turn over


def test_arc_earns_nothing_and_takes_one_key_per_player() -> None:
    """PARIS-61, PARIS-63, PARIS-64: the Arc pays nothing; one key per colour there."""
    state = step2(started(), 0)
    play(state, "key arc")
    assert state.francs[0] == 3
    step2(state, 0)
    assert "key arc" not in legal(state)
    step2(state, 1)
    assert "key arc" in legal(state)  # another colour may


def test_bank_limit_and_paying_again_dx7() -> None:
    """DX-7, PARIS-62, PARIS-64, PARIS-66: one key per bank per player; after it leaves,
    a new key there is paid again."""
    state = step2(started(), 0)
    play(state, "key BE")
    step2(state, 0)
    assert "key BE" not in legal(state)
    step2(state, 1)
    assert "key BE" in legal(state)
    build(state, "BE1")
    step2(state, 0)
    play(state, "move bank-BE BE1")
    while state.phase == "benefit":
        play(state, "nobonus")
    step2(state, 0)
    before = state.francs[0]
    play(state, "key BE")
    assert state.francs[0] == before + data.DISTRICTS[BE].bank


def test_no_key_behind_the_screen() -> None:
    """PARIS-59, PARIS-65: action A needs a key; keys never go straight onto buildings."""
    state = step2(started(), 0)
    build(state, "MO1")
    assert not any(t.startswith("move") for t in legal(state))  # no key on the board
    state.keys[0] = 0
    assert not any(t.startswith("key") for t in legal(state))


# -- action B ---------------------------------------------------------------------------


def test_charlotte_moves_upward_ex1() -> None:
    """EX-1, PARIS-67..72: from the residence (3) only to the free restaurant (4)."""
    state = step2(started(), 0)
    build(state, "CH1", "CH2", "CH3", "CH4", "CH5")
    landmark(state, "L13", CH)
    key(state, 0, "CH3")
    key(state, 1, "CH5")
    key(state, 1, "L13")
    state.francs[0] = 3
    assert TILE_TYPE[space("CH3")] == "residence" and TILE_TYPE[space("CH4")] == "restaurant"
    assert {m for m in moves(state) if m.startswith("move CH3")} == {"move CH3 CH4"}
    play(state, "move CH3 CH4")
    assert state.francs[0] == 2  # 4 - 3 = 1 franc, no resource cost
    assert state.space_keys[space("CH3")] == ()  # PARIS-73


def test_raphael_pays_the_difference_ex3() -> None:
    """EX-3, PARIS-84, PARIS-97: bakery (5) to theatre (8) in Montmartre costs 3 F and
    earns 2 VP and the theatre's token."""
    state = step2(started(), 0)
    build(state, "MO5", "MO8")
    assert TILE_TYPE[space("MO5")] == "bakery" and TILE_TYPE[space("MO8")] == "theatre"
    key(state, 0, "MO5")
    state.francs[0] = 3
    play(state, "move MO5 MO8")
    assert state.francs[0] == 0
    assert state.space_keys[space("MO8")] == (0,) and state.space_keys[space("MO5")] == ()
    assert state.vp_parts[0][0] == 2
    assert state.stock[0][data.GOLD] == 1


def test_julie_builds_a_landmark_ex4() -> None:
    """EX-4, PARIS-76..85, PARIS-90: theatre (8) to a new value-12 landmark: 4 F, 1
    marble, 1 gold; the resources go to the general supply."""
    state = step2(started(), 0)
    build(state, "LV8")
    key(state, 0, "LV8")
    state.francs[0] = 4
    state.stock[0][data.MARBLE] = state.stock[0][data.GOLD] = 1
    assert "move LV8 build L12 LV" in moves(state)
    play(state, "move LV8 build L12 LV")
    assert state.francs[0] == 0 and state.stock[0][:3] == [0, 0, 0]
    assert state.supply == [0, 1, 1]
    assert state.landmark_district[space("L12") - NB] == LV
    assert state.space_keys[space("L12")] == (0,) and state.space_keys[space("LV8")] == ()


@pytest.mark.parametrize("francs,marble,gold", [(3, 1, 1), (4, 1, 0), (4, 0, 1)])
def test_julie_cannot_build_without_the_full_cost_ex4(francs: int, marble: int,
                                                      gold: int) -> None:
    """EX-4 (negative), PARIS-88: all francs and all resources, or no move."""
    state = step2(started(), 0)
    build(state, "LV8")
    key(state, 0, "LV8")
    state.francs[0] = francs
    state.stock[0][data.MARBLE], state.stock[0][data.GOLD] = marble, gold
    assert "move LV8 build L12 LV" not in moves(state)
    with pytest.raises(belle.IllegalActionError):
        play(state, "move LV8 build L12 LV")


def test_francois_landmark_order_ex2() -> None:
    """EX-2, PARIS-79: after a 12 in Saint-Germain, only higher landmarks may follow."""
    state = step2(started(), 0)
    landmark(state, "L12", SG)
    key(state, 0, "bank-SG")
    state.francs[0] = 50
    state.stock[0][:3] = [5, 5, 5]
    built = {m.split()[3] for m in moves(state) if " build " in m}
    assert built == {"L13", "L14", "L15", "L16"}
    assert "move bank-SG L12" in moves(state)  # the built 12 itself may be entered


def test_arc_key_goes_anywhere_bank_key_stays_dx6() -> None:
    """DX-6, PARIS-69, PARIS-70, PARIS-72, PARIS-78: from the Arc to a value 1 anywhere for
    1 F; from a bank only within its district."""
    state = step2(started(), 0)
    build(state, "MO1", "BE1", "BE3")
    key(state, 0, "arc")
    key(state, 0, "bank-MO")
    found = moves(state)
    assert {"move arc MO1", "move arc BE1", "move arc BE3", "move bank-MO MO1"} <= found
    assert "move bank-MO BE1" not in found
    state.stock[0][:3] = [0, 1, 1]
    state.francs[0] = 9
    assert "move arc build L9 BE" in moves(state)  # PARIS-78: any district from the Arc
    play(state, "move arc BE1")
    assert state.francs[0] == 8


def test_occupied_spaces_are_closed() -> None:
    """PARIS-68: no key may enter a space holding any key."""
    state = step2(started(), 0)
    build(state, "MO1", "MO2")
    key(state, 1, "MO2")
    key(state, 0, "bank-MO")
    assert moves(state) == {"move bank-MO MO1"}


def test_residence_costs_wood_even_when_upgrading() -> None:
    """PARIS-85, PARIS-86, PARIS-87: the residence costs its wood in full; other
    buildings cost only francs."""
    state = step2(started(), 0)
    build(state, "MO1", "MO3")
    key(state, 0, "MO1")
    state.francs[0] = 10
    assert "move MO1 MO3" not in moves(state)
    state.stock[0][data.WOOD] = 1
    play(state, "move MO1 MO3")
    assert state.francs[0] == 8 and state.stock[0][data.WOOD] == 0 and state.supply[0] == 1


def test_landmarks_only_from_lower_values_and_never_back_down() -> None:
    """PARIS-71, PARIS-74: from a landmark a key can go only to a higher one."""
    state = step2(started(), 0)
    build(state, "MO8")
    landmark(state, "L9", MO)
    key(state, 0, "L9")
    state.francs[0] = 50
    assert moves(state) == set()  # no marble or gold: no new landmark; 8 is lower
    state.stock[0][data.MARBLE] = 1
    assert moves(state) == set()  # PARIS-86: marble alone builds no landmark
    state.stock[0][data.GOLD] = 1
    assert "move L9 build L11 MO" in moves(state)


@pytest.mark.parametrize("marble,gold", [(1, 0), (0, 1), (5, 0), (0, 5)])
def test_every_landmark_needs_marble_and_gold(marble: int, gold: int) -> None:
    """PARIS-86: "monumentos (que requieren mármol y oro)": no landmark, the cheapest
    included, is built with marble alone or gold alone."""
    state = step2(started(), 0)
    key(state, 0, "arc")
    state.francs[0] = 50
    state.stock[0][data.MARBLE], state.stock[0][data.GOLD] = marble, gold
    assert not [m for m in moves(state) if " build " in m]
    state.stock[0][data.MARBLE] += 1
    state.stock[0][data.GOLD] += 1
    assert "move arc build L9 MO" in moves(state)
    with pytest.raises(belle.IllegalActionError):
        state.stock[0][data.MARBLE] = 0
        play(state, "move arc build L9 MO")


# -- benefits -------------------------------------------------------------------------------


def test_token_is_taken_once() -> None:
    """PARIS-93, PARIS-94, PARIS-100: each owner takes the token if still there; a later
    owner of the same building gets none."""
    state = step2(started(), 0)
    build(state, "MO4", "MO5")
    key(state, 0, "bank-MO")
    state.francs[0] = 10
    wood_or_marble = state.token_at[space("MO4")]
    play(state, "move bank-MO MO4")
    assert state.stock[0][wood_or_marble] == 1 and state.token_at[space("MO4")] == -1
    step2(state, 0)
    play(state, "move MO4 MO5")  # an upgrade is an acquisition too (PARIS-100)
    assert sum(state.stock[0]) == 2
    step2(state, 1)
    key(state, 1, "bank-MO")
    state.francs[1] = 10
    play(state, "move bank-MO MO4")
    assert sum(state.stock[1]) == 0


def test_value_1_and_2_give_a_free_bonus_tile() -> None:
    """PARIS-95, PARIS-113, PARIS-117: a free bonus tile; the meeple moves forward."""
    state = step2(started(), 0)
    build(state, "MO1")
    key(state, 0, "bank-MO")
    play(state, "move bank-MO MO1")
    assert state.phase == "benefit"
    assert {"bonus 1", "bonus 30", "nobonus"} <= legal(state)
    francs = state.francs[0]
    play(state, "bonus 7")
    assert state.francs[0] == francs and state.meeple[0] == 7
    assert state.bonus_held[0] == 1 << 7


def test_value_3_bonus_costs_two_francs_dx8() -> None:
    """DX-8, PARIS-96, G-12: with 0 F after paying, no bonus tile unless a sale first."""
    state = step2(started(), 0)
    build(state, "BE3")
    key(state, 0, "bank-BE")
    state.francs[0] = 3
    play(state, "move bank-BE BE3")
    assert state.francs[0] == 0
    assert {t for t in legal(state) if t.startswith("bonus")} == set()
    token = state.stock[0].index(1)  # BE3's prestige token
    play(state, f"sell {data.STOCK_KINDS[token]}")
    state.francs[0] = 2
    play(state, "bonus 5")
    assert state.francs[0] == 0 and state.meeple[0] == 5


def test_declining_a_value_3_bonus_costs_nothing() -> None:
    """PARIS-117: declining leaves the meeple and the fee."""
    state = step2(started(), 0)
    build(state, "BE3")
    key(state, 0, "bank-BE")
    state.francs[0] = 5
    play(state, "move bank-BE BE3", "nobonus")
    assert state.francs[0] == 2 and state.meeple[0] == 0 and state.phase == "after"


def test_landmark_prestige_reward() -> None:
    """PARIS-98, PARIS-99, PARIS-92: up to 3 matching prestige tokens for their VP; no
    token and no bonus tile from a landmark; handed-in prestige leaves the game."""
    state = step2(started(), 0)
    build(state, "LV8")
    key(state, 0, "LV8")
    state.francs[0] = 4
    state.stock[0] = [0, 1, 1, 1, 2, 1]
    play(state, "move LV8 build L12 LV")
    assert state.phase == "benefit" and legal(state) >= {"give 1", "give 2", "give 3", "done"}
    play(state, "give 1", "give 2", "give 3")  # bronze 3, silver 3, gold 4
    assert state.vp_parts[0][1] == 10
    assert state.stock[0][3:] == [0, 1, 0]
    assert state.phase == "after"


def test_vp_tile_when_a_district_reaches_four_keys_dx1() -> None:
    """DX-1, PARIS-127..129: 3 keys on buildings and 2 on the bank; the 4th key on a
    district's spaces lets the active player put a VP tile on any district without one
    (the seed: "may", so declining is allowed); a later 5th key triggers nothing."""
    state = step2(started(), 0)
    build(state, "MO1", "MO2", "MO3", "MO4", "MO5")
    key(state, 1, "MO1")
    key(state, 1, "MO2")
    key(state, 2, "MO3")
    key(state, 0, "bank-MO")
    key(state, 1, "bank-MO")
    state.francs = [10, 10, 10]
    play(state, "move bank-MO MO4")
    assert state.phase == "benefit" and state.district_keys[MO] == 4
    options = {t for t in legal(state) if t.startswith("vptile")}
    assert len(options) == 36 and "novptile" in legal(state)
    play(state, "vptile 6 CH")
    assert state.vp_tile_at[CH] == 5 and not state.vp_tile_free[5]
    assert state.phase == "after"
    step2(state, 1)
    play(state, "move bank-MO MO5")
    assert state.district_keys[MO] == 5 and state.phase == "after"  # PARIS-129


def test_declining_the_vp_tile() -> None:
    """PARIS-127 (seed "may"): declining places nothing; the district never triggers
    again, the tile stays available for other districts."""
    state = step2(started(), 0)
    build(state, "MO1", "MO2", "MO3", "MO4")
    for name in ("MO1", "MO2", "MO3"):
        key(state, 1, name)
    key(state, 0, "arc")
    state.francs[0] = 10
    play(state, "move arc MO4", "novptile")
    assert state.vp_tile_at == [-1] * 6 and all(state.vp_tile_free) and state.triggered[MO]


def test_end_game_tile_only_after_the_stacks_are_empty() -> None:
    """PARIS-57, PARIS-103: action C only once the building stacks are empty."""
    state = step2(started(), 0)
    assert "endgame" not in legal(state)
    empty_stacks(state)
    assert "endgame" in legal(state)


def test_pass_only_when_nothing_is_possible() -> None:
    """G-13: a player with no possible action A, B or C passes."""
    state = step2(started(), 0)
    assert "pass" not in legal(state)
    state.keys[0] = 0
    assert "pass" in legal(state)
    play(state, "pass")
    assert state.to_move == 1


def test_free_actions_any_time_in_own_turn_only() -> None:
    """PARIS-51, PARIS-111, G-12: exchanges and tiles before, between and after the
    steps, never in another player's turn (the legal list is the mover's)."""
    state = started()
    state.stock[0][data.SILVER] = 1
    assert "sell silver" in legal(state)  # before step 1
    play(state, "sell silver")
    assert state.francs[0] == 3 + data.SELL_PRICE[data.SILVER]


def test_move_list_counts_moves_once_per_key() -> None:
    """PARIS-67: moving a key is one action naming where it leaves and where it goes."""
    state = step2(started(), 0)
    build(state, "MO1")
    key(state, 0, "arc")
    key(state, 0, "bank-MO")
    assert moves(state) == {"move arc MO1", "move bank-MO MO1"}
    assert act.parse("move arc MO1") in state.legal_actions()

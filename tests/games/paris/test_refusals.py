"""Why a Paris move is refused (State.why_illegal, issue 20 item 5): each common refusal a
learner meets, from a position, with the rule it applies and the sentence a player reads."""

from __future__ import annotations

from typing import Any

from belle.games.paris import data
from belle.games.paris.state import ParisState
from belle.games.paris.texts import TEXTS

from .helpers import CH, LV, SG, build, empty_stacks, key, landmark, play, started, step2


def why(state: ParisState, move: str) -> tuple[str, dict[str, Any], str]:
    """(reason id, its parameters, the English sentence) of a refused move."""
    state.board_changed()
    found = state.why_illegal(state.parse_action(move))
    assert found is not None, f"{move} is legal"
    return found["id"], found["params"], TEXTS.english(found)


def test_a_legal_move_has_no_reason() -> None:
    state = started(3)
    assert state.why_illegal(state.parse_action("draw 1")) is None


def test_step_1_comes_first_then_one_action() -> None:
    """PARIS-49, PARIS-50: place a building, then one action, then tiles or `end`."""
    state = started(3)
    assert why(state, "key MO")[0] == "why.step1_first"
    assert why(state, "end")[0] == "why.step1_first"
    step2(state, 0)
    assert why(state, "draw 1")[0] == "why.already_built"
    assert why(state, "end")[0] == "why.end_early"
    state.stock[0][data.WOOD] = 1  # something to sell: the turn waits for `end`
    play(state, "key MO")
    assert state.phase == "after"
    assert why(state, "key SG")[2] == ("You have taken this turn's action already: use tiles, "
                                       "exchange, or end your turn (end).")


def test_an_empty_stack_cannot_be_drawn() -> None:
    """PARIS-52, PARIS-54."""
    state = started(3)
    state.stack_size[1] = 0
    assert why(state, "draw 2") == ("why.stack_empty", {"stack": 2},
                                    "Stack 2 is empty: draw from another one.")


def test_keys_behind_the_screen_and_one_per_bank_dx7() -> None:
    """PARIS-59, PARIS-62, PARIS-63, DX-7."""
    state = step2(started(3), 0)
    key(state, 0, "bank-MO")
    key(state, 0, "arc")
    assert why(state, "key MO")[2] == ("You already have a key on the bank of Montmartre: "
                                       "one key per bank.")
    assert why(state, "key arc")[0] == "why.arc_taken"
    state.keys[0] = 0
    assert why(state, "key SG")[0] == "why.no_keys"


def test_a_key_moves_only_where_it_may_ex1_dx6() -> None:
    """EX-1, DX-6, PARIS-55, PARIS-67..71: an own key, a built space, the same district,
    a higher value, unoccupied."""
    state = step2(started(3), 0)
    build(state, "CH1", "CH2", "CH3", "CH4", "CH5")
    key(state, 0, "CH3")
    key(state, 1, "CH5")
    key(state, 0, "bank-MO")
    state.francs[0] = 9
    assert why(state, "move arc CH4")[0] == "why.no_key_there"
    assert why(state, "move CH3 CH8") == ("why.not_built", {"space": "CH8"},
                                          "CH8 has no building yet: its tile has not been "
                                          "drawn.")
    assert why(state, "move CH3 CH2")[2] == ("A key only moves up: CH2 is worth 2, not more "
                                             "than the 3 it leaves.")
    assert why(state, "move CH3 CH5")[2] == "CH5 is taken: another key is on it."
    build(state, "BE1")
    assert why(state, "move bank-MO BE1")[2] == "A key on bank-MO moves only within Montmartre."


def test_the_full_price_in_francs_and_resources_ex4() -> None:
    """EX-4 (negative), PARIS-83..88: 12 − 8 = 4 F, 1 marble and 1 gold."""
    state = step2(started(3), 0)
    build(state, "LV8")
    key(state, 0, "LV8")
    state.francs[0] = 3
    state.stock[0][data.MARBLE] = state.stock[0][data.GOLD] = 1
    assert why(state, "move LV8 build L12 LV") == (
        "why.francs", {"cost": 4, "have": 3}, "Not enough francs: this costs 4, you have 3.")
    state.francs[0] = 4
    state.stock[0][data.GOLD] = 0
    ident, _params, sentence = why(state, "move LV8 build L12 LV")
    assert ident == "why.resources"
    assert sentence == "This also costs 1 marble, 1 gold: you lack 1 gold."


def test_a_new_landmark_must_be_worth_more_ex2() -> None:
    """EX-2, PARIS-79: after a 12 in Saint-Germain, an 11 is refused."""
    state = step2(started(3), 0)
    landmark(state, "L12", SG)
    key(state, 0, "bank-SG")
    state.francs[0] = 50
    state.stock[0][:3] = [5, 5, 5]
    assert why(state, "move bank-SG build L11 SG")[2] == (
        "Saint-Germain has a landmark worth 12 already: a new one there must be worth more "
        "than 12, and L11 is not.")
    assert why(state, "move bank-SG build L12 SG")[0] == "why.landmark_built"


def test_end_game_tiles_wait_for_the_stacks_and_pass_for_no_action() -> None:
    """PARIS-57, G-13."""
    state = step2(started(3), 0)
    assert why(state, "endgame")[0] == "why.stacks_left"
    assert why(state, "pass")[0] == "why.must_act"
    empty_stacks(state)
    state.eg_pile = [0] * len(state.eg_pile)
    assert why(state, "endgame")[0] == "why.pile_empty"


def test_exchanges_need_the_supply_the_money_and_the_goods() -> None:
    """PARIS-108..110: buy from the general supply (spent resources only), sell what one
    holds."""
    state = step2(started(3), 0)
    assert why(state, "buy wood")[2] == ("The general supply has no wood to buy: only spent "
                                         "or sold resources are for sale.")
    state.supply[data.WOOD] = 1
    state.francs[0] = 2
    assert why(state, "buy wood")[1] == {"cost": data.BUY_PRICE[data.WOOD], "have": 2}
    assert why(state, "sell marble")[2] == "You have no marble to sell."


def test_bonus_tiles_forward_only_and_never_two_of_a_number() -> None:
    """PARIS-114, PARIS-118, PARIS-119, PARIS-120."""
    state = step2(started(3), 0)
    assert why(state, "use 18")[2] == "You do not hold bonus tile 18."
    state.bonus_held[0] |= 1 << 27
    assert why(state, "use 27")[0] == "why.tile27"
    state.phase, state.pending = "benefit", [("bonus", 0)]
    state.meeple[0] = 5
    assert why(state, "bonus 3")[2] == ("Your bonus meeple is on space 3 or beyond: it only "
                                        "moves forward.")
    state.bonus_used[0] |= 1 << state.track_num[7]
    assert why(state, "bonus 7")[0] == "why.same_number"


def test_a_vp_tile_goes_to_a_district_without_one() -> None:
    """PARIS-127, PARIS-129."""
    state = step2(started(3), 0)
    state.phase, state.pending = "benefit", [("vptile",)]
    state.vp_tile_at[CH] = 0
    state.vp_tile_free[0] = False
    assert why(state, "vptile 2 CH")[2] == "Chaillot has a VP tile already."
    assert why(state, "vptile 1 LV")[2] == "VP tile 1 is placed already."
    assert LV != CH

"""Why a Bruxelles 1893 move is refused (State.why_illegal, issue 20 item 5): each common
refusal a learner meets, from a position made of an action log, with the rule it applies
and the sentence a player reads."""

from __future__ import annotations

from typing import Any

from belle.games.bruxelles_1893 import data
from belle.games.bruxelles_1893.state import BruxellesState
from belle.games.bruxelles_1893.texts import TEXTS

from .helpers import give, play, refresh, start
from .test_actions import game, money_unit_bid, sale_position


def why(state: BruxellesState, move: str) -> tuple[str, dict[str, Any], str]:
    """(reason id, its parameters, the English sentence) of a refused move."""
    found = state.why_illegal(state.parse_action(move))
    assert found is not None, f"{move} is legal"
    return found["id"], found["params"], TEXTS.english(found)


def test_the_shield_is_one_of_the_cards_two() -> None:
    """BRX-46..48: SX-05's 3-player line shows shields 1,2 and 3,3."""
    state = start(players=3, first=0)
    assert state.why_illegal(state.parse_action("shield 1,2")) is None
    assert why(state, "shield 2,2")[2] == (
        "Shield 2,2 is not on this round's stock exchange card for this number of players: "
        "choose one of the card's shields.")


def test_an_assistant_goes_on_a_free_space_of_the_area() -> None:
    """BRX-62, BRX-63, BRX-70 (3 players, shield 1,2: rows 2–5 × columns C–E)."""
    state = game()
    assert why(state, "place A1")[2] == ("Space A1 is outside this round's area: assistants "
                                         "go only inside the bracket.")
    play(state, "place C2", "bid 1", "take wood", "take stone")
    assert why(state, "place C2")[0] == "why.space_used"


def test_no_assistant_or_no_money_for_the_bid() -> None:
    """BRX-59, BRX-61, BRX-65."""
    state = game()
    give(state, 0, money=0)
    assert why(state, "place E2")[0] == "why.no_bid_money"
    state.assistants[0] = 0
    give(state, 0, money=5)
    assert why(state, "place E2")[0] == "why.no_assistant"


def test_a_construction_must_be_payable_after_the_bid() -> None:
    """BRX-61, BRX-105, BRX-133..140: needles on wood and "any" ask for 2 noble units."""
    state = game()
    give(state, 0, wood=1)
    assert why(state, "place D2")[0] == "why.cannot_pay_construction"
    state.built[0] = data.TILES
    give(state, 0, wood=6)
    assert why(state, "place D2")[2] == ("You have built all your building tiles: no "
                                         "Construction is left.")


def test_bids_up_to_ones_money_and_a_payable_construction() -> None:
    """BRX-61, BRX-65, BRX-66."""
    state = game()
    play(state, "place E2")
    assert why(state, "bid 6") == ("why.money", {"cost": 6, "have": 5},
                                   "Not enough BF: this costs 6, you have 5.")
    assert why(money_unit_bid(), "bid 3")[2] == (
        "Bid at most 2 BF here: the Construction still costs you 3 BF, which you must be "
        "able to pay.")


def test_brussels_actions_take_more_assistants_each_use() -> None:
    """BRX-146: the k-th use of a Brussels action in a round takes k assistants."""
    state = game()
    state.uses[data.MARKET] = 5
    give(state, 0)
    assert why(state, "market")[2] == "Market takes 6 assistants now: you have 5."


def test_selling_a_work_one_has_whose_colour_is_not_in_the_shop() -> None:
    """Example 5.12, BRX-77..80: red shows in the shop; seat 0 has no yellow."""
    state = sale_position()
    assert why(state, "sell red")[2] == ("A red work shows on top of the shop: that colour "
                                         "cannot be sold now.")
    assert why(state, "sell yellow")[2] == "You have no yellow work to sell."
    play(state, "cursor up", "cursor up")
    assert why(state, "cursor up")[0] == "why.cursor_edge"  # BRX-78
    play(state, "cursor left")
    assert why(state, "cursor left")[0] == "why.no_steps"  # BRX-77


def test_theatre_prices_and_identical_figures() -> None:
    """BRX-61, BRX-88, BRX-94, BRX-95 (example 5.10)."""
    state = game()
    give(state, 0, money=3)
    play(state, "place E4", "bid 2")
    assert why(state, "hire 3")[1] == {"cost": 2, "have": 1}
    state = game()
    solvay = [f.id for f in data.FIGURES].index("solvay")
    state.kept[0] |= 1 << solvay
    play(state, "place E4", "bid 1", "hire 1", "take iron", "take iron")
    assert why(state, "keep figure")[2] == ("You keep the card of Ernest Solvay already: "
                                            "never two identical public figures.")


def test_materials_the_supply_has() -> None:
    """BRX-101..103."""
    state = game()
    state.mat_supply = [0, 5, 5]
    play(state, "place C2", "bid 1")
    assert why(state, "take wood")[2] == "The general supply has no wood left."


def test_a_construction_on_an_empty_space_with_the_needles_apart() -> None:
    """BRX-112..116: the builder's own assistant blocks its space."""
    state = game()
    give(state, 0, wood=2)
    play(state, "place D2", "bid 1", "pay wood", "pay wood")
    state.needles = [3, 4]
    refresh(state)
    assert why(state, "needle A")[2] == ("Needle A would point at the other needle's space: "
                                         "turn the other one.")
    play(state, "needle B")
    assert why(state, "build D2")[2] == ("Space D2 holds an assistant or a building: a new "
                                         "building goes on an empty space.")


def test_a_construction_is_paid_in_units_the_compass_takes() -> None:
    """BRX-108, BRX-109, BRX-133..140: each unit paid is one the player holds (BF 3 at a
    time, BRX-138), of a kind one of the two needles' tiles takes, and leaves the rest of
    the cost payable (needles on wood and stone: one unit for each, a joker for either)."""
    state = game()
    state.needles = [data.FIRST_GAME_COMPASS.index(data.C_WOOD),
                     data.FIRST_GAME_COMPASS.index(data.C_STONE)]
    give(state, 0, wood=2, stone=1, iron=1, jokers=0, money=3)
    play(state, "place D2", "bid 1")  # 2 BF left
    assert why(state, "pay bf")[2] == "BF pay a Construction 3 at a time: you have 2 BF."
    assert why(state, "pay joker")[2] == "You have no joker left to pay with."
    assert why(state, "pay iron")[2] == ("The compass does not take iron: needle A points at "
                                         "wood, needle B at stone.")
    play(state, "pay wood")
    assert why(state, "pay wood")[2] == ("Paying with wood now would leave the rest of the "
                                         "cost unpayable with what you still hold: pay with "
                                         "another unit.")
    assert state.why_illegal(state.parse_action("pay stone")) is None

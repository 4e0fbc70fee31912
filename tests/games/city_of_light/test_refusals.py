"""Why a City of Light move is refused (State.why_illegal, issue 20 item 5): each common
refusal a learner meets, from a position, with the rule it applies and the sentence a
player reads."""

from __future__ import annotations

from typing import Any

from belle.games.city_of_light import data
from belle.games.city_of_light.state import CityOfLightState
from belle.games.city_of_light.texts import TEXTS

from .helpers import OPEN, ORANGE, add, grid, mask, play, started, texts
from .test_postcards import with_cards


def why(state: CityOfLightState, move: str) -> tuple[str, dict[str, Any], str]:
    """(reason id, its parameters, the English sentence) of a refused move."""
    found = state.why_illegal(state.parse_action(move))
    assert found is not None, f"{move} is legal"
    return found["id"], found["params"], TEXTS.english(found)


def test_phase_1_lays_the_tile_in_hand_into_an_empty_slot() -> None:
    """COL-29..34, COL-38, COL-42: the hand tile, an empty slot; no building yet, no pass
    while holding a tile."""
    state = started(hands=(1, 1))
    assert state.why_illegal(state.parse_action("tile 1 A1 0")) is None
    assert why(state, "tile 3 A1 0") == ("why.not_in_hand", {"tile": 3, "hand": 1},
                                         "Your hand holds tile 1, not tile 3.")
    assert why(state, "build S3a")[0] == "why.phase1"
    assert why(state, "pass")[2] == ("You hold a street tile: lay it or take a building; you "
                                     "may not pass.")
    play(state, "tile 1 A1 0", "draw 2", "take S3a", "tile 2 B1 0", "draw 3")
    assert state.to_move != ORANGE and state.hand[state.to_move] == 0  # blue: tile 1
    assert why(state, "tile 1 A1 90")[2] == "Slot A1 holds a street tile already."
    assert why(state, "take S3a")[2] == "Building S3a is not in the supply any more."


def test_phase_2_places_reserve_buildings_on_own_or_purple_spaces() -> None:
    """COL-39, COL-48..55, COL-59: a reserve building with a chimney; every space covered
    the player's colour or purple, no streetlight, no building, no piece."""
    rows = ["OOMBBBBB", "OLOOOOOB"] + ["OOOOBBBB"] * 6
    state = grid(rows, reserves=(("S3a",), ()))
    assert why(state, "take S4a")[0] == "why.phase2"
    assert why(state, "build S4a")[2] == "Building S4a is not in your reserve."
    assert why(state, "at a1 0")[0] == "why.select_first"
    play(state, "build S3a")
    assert why(state, "card moulin_rouge")[0] == "why.building_pending"
    assert why(state, "at b1 0")[0] == "why.covers_opponent"  # b1 c1 d1: d1 is blue
    assert why(state, "at a2 0")[2] == ("That position covers a streetlight: buildings never "
                                        "do (but with the Métropolitain postcard).")
    assert why(state, "at g8 0")[0] == "why.off_board"
    add(state, ORANGE, "c2", "d2", "e2", bid=1)
    assert why(state, "at c2 0")[0] == "why.covers_building"
    state.block_mask |= mask("f3")
    assert why(state, "at d3 0")[0] == "why.covers_piece"
    state = grid(rows, reserves=(("S3a",), ()))
    state.chimneys[ORANGE] = 0
    assert why(state, "build S3a")[0] == "why.no_chimney"


def test_postcards_once_each_with_a_marker() -> None:
    """COL-60..63: a postcard of the game nobody activated, a marker left; its target
    only after activating it."""
    state = grid(OPEN)
    assert why(state, "side N")[0] == "why.activate_first"
    play(state, "card moulin_rouge", "decline")
    state.to_move = ORANGE
    assert why(state, "card moulin_rouge")[2] == ("Moulin Rouge has been activated already: "
                                                  "each postcard once per game.")
    state.markers[ORANGE] = 0
    assert why(state, "card moulin_rouge")[0] == "why.no_marker"


def test_a_target_the_postcard_cannot_act_on_is_answered_in_the_cards_words() -> None:
    """COL-104, COL-105: Le Peintre goes on a free section of the activator's colour; a
    blue section is refused, and the reason quotes the card."""
    state = with_cards("PEINTRE", rows=["OLBBBBBB"] + ["BBBBBBBB"] * 7)
    play(state, "card peintre")
    reason, _params, sentence = why(state, "on b1")
    card = data.POSTCARDS[data.CARD_INDEX["PEINTRE"]]
    assert reason == "why.card_target" and "on a1" in texts(state)
    assert sentence == f"{card.name} cannot act there. The postcard says: {card.text}"

"""Why a Paris Connection move is refused (State.why_illegal, issue 20 item 5): each common
refusal a learner meets, from a position, with the rule it applies and the sentence a
player reads."""

from __future__ import annotations

from typing import Any

from belle.games.paris_connection import actions as act
from belle.games.paris_connection.actions import hex_label
from belle.games.paris_connection.rules import BOARD, hexes_in
from belle.games.paris_connection.state import ParisConnectionState
from belle.games.paris_connection.texts import TEXTS

from .helpers import B, K, N, P, R, Y, dealt, default_hands, label, play, refresh
from .test_rules import _only_brown_needs_a_city, _path_to_city


def why(state: ParisConnectionState, move: Any) -> tuple[str, dict[str, Any], str]:
    """(reason id, its parameters, the English sentence) of a refused move (text or
    action)."""
    action = state.parse_action(move) if isinstance(move, str) else move
    found = state.why_illegal(action)
    assert found is not None, f"{move} is legal"
    return found["id"], found["params"], TEXTS.english(found)


def test_a_turn_is_a_build_or_a_trade_pc29() -> None:
    """PC-29, PC-31, PC-48: a build starts with its company, a trade with a return."""
    state = dealt(default_hands(3))
    assert state.why_illegal(state.parse_action("build R")) is None
    assert why(state, "place Lyon")[0] == "why.choose_company"
    assert why(state, "take 1 B")[0] == "why.return_first"


def test_an_empty_storage_board_pc32() -> None:
    """PC-32, PC-33."""
    state = dealt(default_hands(4))
    state.supply[Y] = 0
    assert why(state, "build Y")[2] == ("The yellow storage board is empty: no yellow "
                                        "locomotive can be taken from it.")


def test_only_shares_one_holds_are_returned_pc48() -> None:
    """PC-48, PC-52: seat 0 holds red, blue, yellow and black shares only."""
    state = dealt(default_hands(3))
    assert why(state, "return N") == ("why.no_share", {"company": TEXTS.message("company.N")},
                                      "You hold no brown locomotive to return.")


def test_placements_next_to_the_track_with_room_s3_s6() -> None:
    """S-3, S-6, PC-31, PC-37, PC-40..43: one company, next to its track, a hex with room,
    never the Eiffel Tower or a start hex; stop only after one placement."""
    state = dealt(default_hands(3))
    play(state, "build R")
    assert why(state, "stop")[0] == "why.place_one"
    assert why(state, "return R")[0] == "why.building"
    assert why(state, act.PLACE[BOARD.eiffel])[0] == "why.forbidden_hex"
    assert why(state, act.PLACE[BOARD.start_slots[2]])[0] == "why.forbidden_hex"
    far = next(h for h in hexes_in(BOARD.rural_mask)
               if not state.reach[R] & BOARD.bit[h])
    assert why(state, act.PLACE[far])[2] == (f"{label(far)} is not next to a red locomotive "
                                             "(a checkered line separates hexes).")
    shared = next(h for h in hexes_in(BOARD.rural_mask) if state.reach[R] & BOARD.bit[h])
    play(state, f"place {label(shared)}")
    assert why(state, act.PLACE[shared])[0] == "why.same_company"  # PC-40


def test_full_hexes_s3() -> None:
    """S-3, PC-41, PC-42: a city takes one locomotive, a rural hex two."""
    state = dealt(default_hands(3))
    city = next(h for h in hexes_in(BOARD.city_mask))
    rural = next(h for h in hexes_in(BOARD.rural_mask))
    state.hex_companies[city] = 1 << K
    state.hex_companies[rural] = 1 << K | 1 << P
    state.room &= ~(BOARD.bit[city] | BOARD.bit[rural])
    state.reach[B] |= BOARD.bit[city] | BOARD.bit[rural]
    state.building, state.placed = B, 0
    assert why(state, act.PLACE[city])[2] == (f"{hex_label(city)} is a city and holds a locomotive "
                                              "already: a city takes one.")
    assert why(state, act.PLACE[rural])[0] == "why.rural_full"


def test_a_trade_returns_one_then_takes_another_company_s7() -> None:
    """S-7, PC-49..53."""
    state = dealt(default_hands(3))
    play(state, "return R")
    assert why(state, "build B")[0] == "why.finish_trade"
    assert why(state, "take 1 R")[2] == ("You returned a red locomotive: take another "
                                         "company's.")
    state.supply[Y] = 1
    assert why(state, "take 2 Y")[2] == "The yellow storage board holds 1: you cannot take 2."


def test_a_placement_that_cuts_a_company_off_names_it_s11() -> None:
    """S-11, PC-44, G-9: filling brown's last way out to a city is refused, and brown is
    named."""
    state = dealt(default_hands(3))
    path = _path_to_city(state.start_hex[N])
    gate = path[0]
    _only_brown_needs_a_city(state, path)
    state.hex_companies[gate] = 1 << P
    state.room2 &= ~BOARD.bit[gate]
    state.reach[Y] |= BOARD.bit[gate]
    refresh(state)
    state.building, state.placed = Y, 0
    assert why(state, act.PLACE[gate]) == (
        "why.cuts_off", {"hex": label(gate), "company": TEXTS.message("company.N")},
        f"A locomotive on {label(gate)} would cut brown off from every city.")

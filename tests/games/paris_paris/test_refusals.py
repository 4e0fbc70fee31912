"""Why a Paris Paris move is refused (State.why_illegal, issue 20 item 5): each common
refusal a learner meets, from a position, with the rule it applies and the sentence a
player reads."""

from __future__ import annotations

from typing import Any

from belle.games.paris_paris.state import ParisParisState
from belle.games.paris_paris.texts import TEXTS

from .helpers import GREEN, GREY, PURPLE, lay, place, play, started


def why(state: ParisParisState, move: str) -> tuple[str, dict[str, Any], str]:
    """(reason id, its parameters, the English sentence) of a refused move; seats are
    named by their colours as at the table."""
    found = state.why_illegal(state.parse_action(move))
    assert found is not None, f"{move} is legal"
    return found["id"], found["params"], TEXTS.english(found, ["green", "grey", "purple"])


def test_only_a_face_up_card_is_taken_pp24() -> None:
    """PP-22, PP-24, PP-25."""
    state = started(3, first=0)
    lay(state, "Pont Neuf blue", "Opéra red", "Tour Eiffel blue", "Vaugirard red")
    assert state.why_illegal(state.parse_action("take Opéra red")) is None
    assert why(state, "take Notre-Dame green")[2] == (
        "No face-up card shows Notre-Dame on the green line: take one of the face-up cards.")
    assert why(state, "remove grey")[0] == "why.remove_when_full"  # PP-29, PP-30


def test_a_full_stop_first_loses_a_shop_that_stands_there_pp30() -> None:
    """PP-27, PP-30, PP-31: two owners at a full crossing: choose one of them."""
    state = started(3, first=0)
    place(state, {"PNF": (GREY, PURPLE)})
    lay(state, "Pont Neuf blue", "Opéra red", "Tour Eiffel blue", "Vaugirard red")
    play(state, "take Pont Neuf blue")
    assert state.phase == "remove"
    assert why(state, "take Opéra red")[2] == ("Pont Neuf is full: first choose whose shop "
                                               "leaves it (remove and a colour).")
    assert why(state, "remove green") == (
        "why.no_shop_there", {"player": {"seat": GREEN}, "stop": "Pont Neuf"},
        "green has no shop at Pont Neuf.")

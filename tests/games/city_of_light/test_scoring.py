"""City of Light scoring tests (COL-72..94) and the rulebook's worked examples (6.1..6.3)."""

from __future__ import annotations

from typing import Any

from belle.games.city_of_light import data
from belle.games.city_of_light.state import CityOfLightState

from .helpers import BLUE, OPEN, ORANGE, add, grid, mask, play

EXAMPLE_ROWS = ["OOOLBBBB", "OOOOBBBB", "OOOOLBLB", "OOOOOLLB",
                "LOLLBBBL", "LBBLLLBB", "BBLBBBBL", "BBBBBBBL"]
EXAMPLE_CARDS = ("SACRE_COEUR", "GRANDE_LUMIERE", "METROPOLITAIN", "ARC",
                 "PEINTRE", "MOULIN_ROUGE", "FONTAINE", "PENSEUR")


def lines(state: CityOfLightState, seat: int) -> dict[str, Any]:
    return {line["component"]: line for line in state.score_breakdown()[seat]}


def points(state: CityOfLightState, seat: int) -> dict[str, int]:
    return {k: v["points"] for k, v in lines(state, seat).items()}


def set_card(state: CityOfLightState, cid: str, seat: int, used: bool,
             space: str | None = None, facing: int = 0) -> None:
    card = data.CARD_INDEX[cid]
    state.card_owner[card], state.card_used[card] = seat, used
    state.markers[seat] -= 1
    if space is not None:
        state.piece_space[card], state.piece_facing[card] = mask_space(space), facing
        state.block_mask |= mask(space)
        state.piece_mask |= mask(space)


def mask_space(name: str) -> int:
    return mask(name).bit_length() - 1


def example_state() -> CityOfLightState:
    """Section 6.1: orange A (6×1), B (7×3), C (2×3); blue D..H; see the rules file.

    Sizes 7 and 2 are not among the pieces, so the footprints are free (the notes).
    The streetlight at c7 lights two spaces of D (COL-76) and one of E (COL-77);
    H touches no streetlight (COL-78); the painter on h6 sees h5 and h7 only.
    """
    st = grid(EXAMPLE_ROWS, cards=EXAMPLE_CARDS, reserves=(("S4a", "S4b"), ("S5a",)))
    add(st, ORANGE, "a1", "b1", "c1", "a2", "b2", "c2", bid=10)  # A
    add(st, ORANGE, "a3", "b3", "c3", "d3", "a4", "b4", "c4", bid=11)  # B
    add(st, ORANGE, "d4", "e4", bid=0)  # C
    add(st, BLUE, "a7", "b7", "a8", "b8", "c8", bid=6)  # D
    add(st, BLUE, "d7", "e7", "d8", "e8", bid=2)  # E
    add(st, BLUE, "f7", "g7", "f8", "g8", bid=3)  # F
    add(st, BLUE, "h2", "h3", "h4", bid=1)  # G
    add(st, BLUE, "f1", "g1", "h1", bid=4)  # H
    set_card(st, "SACRE_COEUR", ORANGE, True)
    for cid in ("GRANDE_LUMIERE", "METROPOLITAIN", "ARC"):
        set_card(st, cid, ORANGE, False)
    set_card(st, "PEINTRE", BLUE, True, "h6")
    set_card(st, "PENSEUR", BLUE, True, "g6", facing=3)  # faces g7, built on: 0 points
    for cid in ("MOULIN_ROUGE", "FONTAINE"):
        set_card(st, cid, BLUE, False)
    return st


def test_worked_example_orange_48_blue_57() -> None:
    """Section 6.1 (COL-73..90, COL-137): orange 33+15+0+0 = 48, blue 43+13−3+4 = 57."""
    st = example_state()
    assert points(st, ORANGE) == {"lit buildings": 33, "largest complex": 15,
                                  "unbuilt buildings": 0, "postcards": 0}
    assert points(st, BLUE) == {"lit buildings": 43, "largest complex": 13,
                                "unbuilt buildings": -3, "postcards": 4}
    assert st.returns() == [48.0, 57.0]
    assert st.ranking() == [1, 0]  # COL-91: blue wins
    lit = [(i["points"], i["detail"]) for i in lines(st, ORANGE)["lit buildings"]["items"]]
    assert lit == [(6, "size 6 × 1 streetlight"), (21, "size 7 × 3 streetlights"),
                   (6, "size 2 × 3 streetlights")]
    blue_lit = [i["points"] for i in lines(st, BLUE)["lit buildings"]["items"]]
    assert blue_lit == [10, 12, 12, 9, 0]
    assert st.markers == [0, 0]  # COL-71: 4 markers each


def test_lamp_counts_once_per_building_col76_and_lights_several_col77() -> None:
    """COL-74..77: c7 touches two spaces of D but counts once; it lights E too."""
    st = example_state()
    d_item, e_item = lines(st, BLUE)["lit buildings"]["items"][:2]
    assert d_item["lamps"].count("c7") == 1 and "c7" in e_item["lamps"]


def test_unlit_building_scores_zero_col78() -> None:
    """COL-78: H touches no streetlight."""
    assert lines(example_state(), BLUE)["lit buildings"]["items"][4]["points"] == 0


def test_diagonal_lamp_does_not_light_col74() -> None:
    """COL-74: a streetlight lights only orthogonal neighbours."""
    rows = ["OOOOBBBB", "OOLOBBBB"] + ["BBBBBBBB"] * 6
    st = grid(rows)
    add(st, ORANGE, "a1", "b1", bid=0)  # b1 touches the lamp c2 only at a corner
    assert points(st, ORANGE)["lit buildings"] == 0  # c2 touches b2, c1, d2, c3 only
    add(st, ORANGE, "c1", bid=1)
    assert points(st, ORANGE)["lit buildings"] == 1


def test_complex_orthogonal_only_col80_col81_col84() -> None:
    """COL-80..84: orthogonal contact joins buildings; a diagonal touch does not."""
    st = grid(OPEN)
    add(st, ORANGE, "a1", "b1", bid=0)
    add(st, ORANGE, "c2", "d2", "c3", bid=1)  # diagonal to b1 only
    assert points(st, ORANGE)["largest complex"] == 3
    add(st, ORANGE, "a2", bid=2)  # a2 touches a1: 2 + 1
    assert points(st, ORANGE)["largest complex"] == 3
    add(st, ORANGE, "b2", bid=3)  # b2 joins everything
    assert points(st, ORANGE)["largest complex"] == 7
    assert points(st, BLUE)["largest complex"] == 0  # COL-84


def test_unbuilt_penalty_col86() -> None:
    """COL-86: −3 per reserve building; COL-139: Sacré-Cœur helps only its activator."""
    st = grid(OPEN, reserves=(("S3a", "S6b"), ("S4a",)))
    assert points(st, ORANGE)["unbuilt buildings"] == -6
    set_card(st, "SACRE_COEUR", BLUE, True)
    assert points(st, ORANGE)["unbuilt buildings"] == -6
    assert points(st, BLUE)["unbuilt buildings"] == 0  # COL-137


def test_negative_total_col94() -> None:
    """COL-94: totals are not floored."""
    st = grid(OPEN, reserves=(("S3a", "S6b"), ()))
    assert st.returns()[ORANGE] == -6.0


def test_tie_break_uncovered_own_sections_col92_col93() -> None:
    """COL-92: equal totals — more uncovered own-colour sections wins; COL-93: shared."""
    st = grid(OPEN)
    assert st.ranking() == [0, 0]  # COL-93: both 32 sections, share the win
    add(st, BLUE, "e1", bid=0)  # 0 lit, complex 1: blue 1 point more
    add(st, ORANGE, "a1", bid=1)  # orange 1 too: equal totals
    st.kinds[mask_space("h8")] = 2  # h8 purple: blue now has fewer sections
    st.kind_mask[BLUE] &= ~mask("h8")
    st.kind_mask[2] |= mask("h8")
    assert st.returns() == [1.0, 1.0]
    assert st.ranking() == [0, 1]


def test_eiffel_double_lamp_example_6_2() -> None:
    """Section 6.2, COL-189, COL-190: a size-2 building next to a streetlight under the
    tower scores 4 instead of 2; the block d1 e1 d2 e2 holds 1 orange, 2 blue and the
    lamp: orange +2, blue +4."""
    rows = ["OOOOBBBB", "OOOLBBBB", "OOOOBBBB"] + ["BBBBBBBB"] * 5
    cards = ("TOUR_EIFFEL", *data.FIRST_GAME_SET[:7])
    st = grid(rows, cards=cards)
    add(st, ORANGE, "b2", "c2", bid=0)  # c2 touches the lamp d2
    assert points(st, ORANGE)["lit buildings"] == 2
    st.to_move = ORANGE
    play(st, "card tour_eiffel", "on d1")
    assert points(st, ORANGE)["lit buildings"] == 4
    assert points(st, ORANGE)["postcards"] == 2  # d1 orange
    assert points(st, BLUE)["postcards"] == 4  # e1, e2 blue


def test_running_score_is_itemised_req_col_d4() -> None:
    """REQ-COL-D2..D4: four categories, each item names its spaces."""
    st = example_state()
    view = st.view(None)
    assert [line["component"] for line in view["score"][ORANGE]] == [
        "lit buildings", "largest complex", "unbuilt buildings", "postcards"]
    complex_item = lines(st, ORANGE)["largest complex"]["items"][0]
    assert len(complex_item["spaces"]) == 15

"""The seed rulebook (shared/seeds/city_of_light.de.txt), statement by statement, where no
other test builds the scenario: each test quotes the seed's words (short) and cites the
rule of shared/rules/city_of_light.md it checks. Positions come from helpers.grid (a
board in eight strings) and helpers.started (phase 1 from an action log).
"""

from __future__ import annotations

from belle.games.city_of_light.state import CityOfLightState

from .helpers import BLUE, OPEN, ORANGE, add, grid, mask, play, started, texts
from .test_postcards import card_points, targets, with_cards


def test_col38_phase_1_takes_buildings_but_never_places_them() -> None:
    """"Ihr nehmt in der ersten Phase die Gebäude-Plättchen zu euch. Legen dürft ihr sie
    aber erst in der zweiten Phase!" — and no postcard is used in phase 1 either."""
    state = started()
    play(state, "take S6a", "take S3a")
    for legal in (texts(state), texts(_after_lay(state))):
        assert legal and all(t.startswith(("tile ", "take ")) for t in legal)


def _after_lay(state: CityOfLightState) -> CityOfLightState:
    other = state.clone()
    play(other, "tile 1 A1 0", "draw 2")
    return other


def test_col83_the_complex_counts_unlit_buildings() -> None:
    """"Es ist hier egal, ob die Gebäude von Straßenlaternen beleuchtet werden oder
    nicht": two joined buildings with no streetlight anywhere."""
    st = grid(OPEN)
    add(st, ORANGE, "a1", "b1", "c1", bid=0)
    add(st, ORANGE, "a2", "a3", bid=1)
    lines = {line["component"]: line["points"] for line in st.score_breakdown()[ORANGE]}
    assert lines["lit buildings"] == 0 and lines["largest complex"] == 5


def test_col132_pieces_do_not_block_the_large_streetlight() -> None:
    """"Gebäude blockieren das Licht, andere Spezialplättchen hingegen nicht": a fountain
    between the large streetlight and a building two spaces away."""
    rows = ["OOOOBBBB", "OOOOBBBB", "OOLOBBBB"] + ["OOOOBBBB"] * 5
    st = with_cards("GRANDE_LUMIERE", "FONTAINE", rows=rows)
    add(st, ORANGE, "c5", bid=0)
    play(st, "card fontaine", "on c4")  # the fountain stands between c3 and c5
    st.to_move = ORANGE
    play(st, "card grande_lumiere", "on c3")
    assert st.score_breakdown()[ORANGE][0]["points"] == 1  # c5 is still lit


def test_col185_the_tower_needs_four_spaces_free_of_buildings_and_pieces() -> None:
    """"auf eine Kreuzung zwischen vier Straßen-Abschnitten, die weder von Gebäuden noch
    von anderen Spielfiguren besetzt sind und auf denen sich mindestens eine
    Straßenlaterne befindet"."""
    rows = ["OOOOBBBB", "OLOOBBBB"] + ["OOOOBBBB"] * 6
    st = with_cards("TOUR_EIFFEL", "FONTAINE", rows=rows)
    assert targets(st, "tour_eiffel") == ["on a1", "on b1", "on a2", "on b2"]
    play(st, "decline")
    st = with_cards("TOUR_EIFFEL", "FONTAINE", rows=rows)
    add(st, ORANGE, "a1", bid=0)  # a building on the crossing a1 b1 a2 b2
    play(st, "card fontaine", "on c3")  # a piece on the crossing b2 c2 b3 c3
    st.to_move = ORANGE
    assert targets(st, "tour_eiffel") == ["on b1", "on a2"]


def test_col187_col115_nothing_on_the_tower_and_it_bounds_the_dancer() -> None:
    """"Auf den vier Feldern unterhalb des Eiffelturms dürfen keine Gebäude oder andere
    Elemente platziert werden"; "Für andere Aktionspostkarten (wie „Le Peintre“ oder
    „Moulin Rouge“) gelten die vier Felder unter dem Eiffelturm als besetzt"."""
    rows = ["OOOOOOOO", "OLOOOOOO"] + ["BBBBBBBB"] * 6
    st = with_cards("TOUR_EIFFEL", "MOULIN_ROUGE", rows=rows)
    add(st, BLUE, *[f"{c}3" for c in "abcdefgh"], bid=0)  # walls rows 1–2 off
    play(st, "card moulin_rouge", "on h1")
    before = card_points(st, ORANGE, "Moulin Rouge")
    assert before == 16 - 1  # rows 1–2 but the streetlight b2
    st.to_move = BLUE
    play(st, "card tour_eiffel", "on b1")  # b1 c1 b2 c2
    assert card_points(st, ORANGE, "Moulin Rouge") == 16 - 4 - 2  # a1 a2 cut off too
    assert card_points(st, ORANGE, "Tour Eiffel") == 2 * 3  # b1 c1 c2 are orange


def test_col179_the_arcs_middle_may_stand_on_the_opponents_colour() -> None:
    """"Der mittlere Teil kann ein beliebiges Feld einnehmen, einschließlich
    Straßenlaternen oder Straßen-Abschnitten (in beliebiger Farbe oder gemischt)"."""
    rows = ["OBOMOOBB"] + ["OOOOBBBB"] * 7
    st = with_cards("ARC", rows=rows)
    found = targets(st, "arc")
    assert "on a1 E" in found  # middle b1 is blue
    assert "on c1 E" in found  # middle d1 is purple
    assert "on b1 E" not in found  # an end on blue


def test_col202_col113_a_skull_left_on_a_free_space_bounds_nothing() -> None:
    """"Wenn dieses Feld bei Spielende nicht mit einem Gebäude belegt ist, entferne den
    Schädel einfach vor der Wertungsphase": it does not cut the dancer's surroundings."""
    rows = ["OOOBLBBB"] + ["LLLLLBBB"] + ["BBBBBBBB"] * 6
    st = with_cards("MOULIN_ROUGE", "CATACOMBES", rows=rows)
    play(st, "card moulin_rouge", "on a1")  # a1 b1 c1 d1: d1 is blue
    assert card_points(st, ORANGE, "Moulin Rouge") == 4
    play(st, "card catacombes", "on c1")  # blue lays the skull on orange's c1
    assert card_points(st, ORANGE, "Moulin Rouge") == 4


def test_col174_the_gargoyle_building_scores_normally_for_its_owner() -> None:
    """"Am Ende des Spiels wertet der Gegner das Gebäude ganz normal"."""
    rows = ["OOOOLBBB"] + ["OOOOBBBB"] * 7
    st = with_cards("NOTRE_DAME", rows=rows)
    add(st, BLUE, "f1", "g1", bid=0)  # lit by e1: 2 × 1
    before = st.score_breakdown()[BLUE]
    play(st, "card notre_dame", "on f1")
    after = st.score_breakdown()[BLUE]
    assert after[0]["points"] == before[0]["points"] == 2
    assert after[1]["points"] == before[1]["points"] == 2


def test_col158_the_obelisk_is_no_building() -> None:
    """"Der Obelisk ist kein Gebäude": it joins no complex and scores no light."""
    rows = ["OLOOBBBB"] + ["OOOOBBBB"] * 7
    st = with_cards("OBELISQUE", rows=rows)
    add(st, ORANGE, "a2", bid=0)
    add(st, ORANGE, "c2", bid=1)
    play(st, "card obelisque", "on b2")  # between the two, next to the streetlight b1
    lines = st.score_breakdown()[ORANGE]
    assert lines[1]["points"] == 1  # a2 and c2 stay apart
    assert lines[0]["points"] == 0  # only buildings are lit
    assert card_points(st, ORANGE, "Obélisque de Louxor") == 4  # both in row 2
    assert st.b_mask == [mask("a2"), mask("c2")]

"""Every postcard: its placement rule (legal and refused targets) and its scoring,
each citing its COL rule (rules/city_of_light.md, sections 2.6 to 2.9)."""

from __future__ import annotations

import pytest

import belle
from belle.games.city_of_light import data
from belle.games.city_of_light.state import CityOfLightState

from .helpers import BLUE, OPEN, ORANGE, add, grid, mask, play, texts

KNOWN = [c.id for c in data.POSTCARDS if not c.invented]


def with_cards(*ids: str, rows: list[str] | None = None, to_move: int = ORANGE,
               reserves: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
               **options: object) -> CityOfLightState:
    """A phase-2 position with the postcards `ids` in play (known cards fill up to 8;
    an invented card turns the option invented_cards on)."""
    fill = [c for c in KNOWN if c not in ids]
    cards = tuple(ids) + tuple(fill[: 8 - len(ids)])
    if any(data.POSTCARDS[data.CARD_INDEX[c]].invented for c in ids):
        options.setdefault("invented_cards", True)
    return grid(rows or OPEN, cards=cards, to_move=to_move, reserves=reserves, **options)


def card_points(st: CityOfLightState, seat: int, name: str) -> int:
    line = st.score_breakdown()[seat][3]
    return sum(i["points"] for i in line["items"] if i["label"] == name)


def targets(st: CityOfLightState, card: str) -> list[str]:
    play(st, f"card {card}")
    return [t for t in texts(st) if t != "decline"]


# -- Le Peintre ---------------------------------------------------------------------
def test_peintre_placement_own_free_col104_col105() -> None:
    """COL-104, COL-105 (G-4): a free street section of the activator's colour."""
    st = with_cards("PEINTRE", rows=["OLBBBBBB"] + ["BBBBBBBB"] * 7)
    assert targets(st, "peintre") == ["on a1"]


def test_peintre_scores_two_per_lamp_col106_col108() -> None:
    """COL-106..108: 2 per distinct streetlight next to the painter's surroundings."""
    rows = ["OOLOBBBB", "OOOLBBBB", "LOOOBBBB"] + ["BBBBBBBB"] * 5
    st = with_cards("PEINTRE", rows=rows)
    add(st, ORANGE, "a2", "b2", "c2", bid=0)  # walls the region a1 b1 off from below
    play(st, "card peintre", "on a1")
    # region a1 b1 (c1 lamp, a2 b2 built): lamps c1 only; d2 and a3 are outside
    assert card_points(st, ORANGE, "Le Peintre") == 2


@pytest.mark.parametrize(("rules_version", "after_tower"), [(3, 4), (2, 2)])
def test_peintre_eiffel_spaces_bound_the_region_col109(rules_version: int,
                                                       after_tower: int) -> None:
    """COL-109, COL-191: the tower's four spaces count as occupied for Le Peintre, and
    COL-189 (seed: "Die Straßenlaternen unter dem Kreuz des Eiffelturms zählen als
    doppelte Straßenlaternen"): the streetlight under it counts twice for him too (rules
    edition 3; edition 2 counted it once)."""
    rows = ["OOOOOOOO", "OOOOLOOL"] + ["BBBBBBBB"] * 6
    st = with_cards("PEINTRE", "TOUR_EIFFEL", rows=rows, rules_version=rules_version)
    add(st, BLUE, *[f"{c}{r}" for c in "abcdefgh" for r in range(3, 9)], bid=0)
    play(st, "card peintre", "on a1")
    assert card_points(st, ORANGE, "Le Peintre") == 4  # e2 and h2
    st.to_move = ORANGE
    play(st, "card tour_eiffel", "on e1")  # e1 f1 e2 f2: h2 is cut off, e2 doubled
    assert card_points(st, ORANGE, "Le Peintre") == after_tower


def test_peintre_ring_variant_col108() -> None:
    """COL-108 alternative: the 8 neighbouring spaces."""
    rows = ["OOOOBBBB", "OOOOBBBB", "OOOOBBLB"] + ["BBBBBBBB"] * 5
    st = grid(rows, cards=("PEINTRE", *data.FIRST_GAME_SET[1:]), variants=("painter_ring",))
    play(st, "card peintre", "on a1")
    assert card_points(st, ORANGE, "Le Peintre") == 0  # g3 is far from a1's ring


# -- Moulin Rouge ---------------------------------------------------------------------
def test_moulin_rouge_region_col110_col113_col114() -> None:
    """COL-110..114: the dancer's unbuilt region, bounded by lamps, buildings, pieces;
    every colour counts."""
    rows = ["OOOLBBBB", "LLLLBBBB"] + ["BBBBBBBB"] * 6
    st = with_cards("MOULIN_ROUGE", "FONTAINE", rows=rows)
    assert "on e1" not in targets(st, "moulin_rouge")  # own colour only
    play(st, "on a1")
    assert card_points(st, ORANGE, "Moulin Rouge") == 3  # a1 b1 c1
    st.to_move = ORANGE
    play(st, "card fontaine", "on c1")  # a piece bounds her surroundings (COL-102)
    assert card_points(st, ORANGE, "Moulin Rouge") == 2
    add(st, ORANGE, "b1", bid=0)
    assert card_points(st, ORANGE, "Moulin Rouge") == 1


# -- Fontaine des Mers ----------------------------------------------------------------
def test_fontaine_three_per_own_adjacent_building_col117_col120() -> None:
    """COL-117..120: own or purple free space; 3 per own adjacent building, once each."""
    rows = ["OMOOBBBB"] + ["OOOOBBBB"] * 7
    st = with_cards("FONTAINE", rows=rows)
    assert "on b1" in targets(st, "fontaine") and "on e1" not in texts(st)
    play(st, "on b1")
    add(st, ORANGE, "a1", "a2", bid=0)  # touches b1 once (a1)
    add(st, ORANGE, "c1", "c2", "b2", bid=1)  # touches b1 twice: counts once (COL-119)
    add(st, BLUE, "e1", bid=2)
    assert card_points(st, ORANGE, "Fontaine des Mers") == 6


# -- Le Penseur -----------------------------------------------------------------------
def test_penseur_needs_a_free_space_in_front_col121_col123() -> None:
    """COL-121..123: on a free space of the activator's colour, the space in front on
    the board and free, of any colour (COL-126: a free streetlight space is a free
    street section)."""
    rows = ["OLOOBBBB"] + ["LBBBBBBB"] + ["BBBBBBBB"] * 6
    st = with_cards("PENSEUR", "MOULIN_ROUGE", rows=rows)
    play(st, "card moulin_rouge", "on d1")  # a piece on d1
    st.to_move = ORANGE
    found = targets(st, "penseur")
    assert "on a1 N" not in found and "on a1 W" not in found  # off the board
    assert "on a1 E" in found and "on a1 S" in found  # b1 and a2 are free streetlights
    assert "on c1 W" in found and "on c1 S" in found  # b1 a streetlight, c2 blue
    assert "on c1 E" not in found  # d1 holds the dancer
    assert not any(t.startswith("on b1") for t in found)  # a streetlight is no one's colour


def test_penseur_scoring_col124_col125_col127() -> None:
    """COL-124: 2 per free orthogonal, 1 per free diagonal section; COL-125: 0 when the
    front is built; COL-127: 12 at most."""
    st = with_cards("PENSEUR", reserves=(("S3a",), ()))
    play(st, "card penseur", "on b2 S")
    assert card_points(st, ORANGE, "Le Penseur") == 12
    add(st, ORANGE, "a1", bid=1)
    assert card_points(st, ORANGE, "Le Penseur") == 11
    add(st, ORANGE, "b3", bid=2)  # the front
    assert card_points(st, ORANGE, "Le Penseur") == 0


def test_free_streetlights_score_for_the_statue_col124_col126() -> None:
    """COL-126 (rules 6.3): free streetlight spaces next to Le Penseur score 2 (beside)
    and 1 (diagonal), like any free street section; one may be the space in front."""
    rows = ["LLLOBBBB"] + ["OOOOBBBB"] * 7
    st = with_cards("PENSEUR", rows=rows)
    play(st, "card penseur", "on b2 N")  # faces the streetlight b1
    assert card_points(st, ORANGE, "Le Penseur") == 12  # b1 a2 c2 b3, a1 c1 a3 c3


def test_taken_streetlights_do_not_score_for_the_statue_col126() -> None:
    """COL-126: only a *free* streetlight counts: not one under the large streetlight
    (a piece), under a Métropolitain building or under the Eiffel Tower (COL-191)."""
    rows = ["LLLOBBBB"] + ["OOOOBBBB"] + ["OLOOBBBB"] + ["OOOOBBBB"] * 5
    st = with_cards("PENSEUR", "GRANDE_LUMIERE", "METROPOLITAIN", "TOUR_EIFFEL", rows=rows,
                    reserves=(("S3a",), ()))
    play(st, "card penseur", "on b2 W")  # around b2: streetlights b1 b3, a1 c1
    assert card_points(st, ORANGE, "Le Penseur") == 12
    st.to_move = ORANGE
    play(st, "card grande_lumiere", "on b1")  # the large streetlight on b1
    assert card_points(st, ORANGE, "Le Penseur") == 10
    st.to_move = ORANGE
    play(st, "card metropolitain", "build S3a", "at a3 0")  # a3 b3 c3, over streetlight b3
    assert card_points(st, ORANGE, "Le Penseur") == 6  # a2 c2; a1 c1
    st.to_move = ORANGE
    play(st, "card tour_eiffel", "on c1")  # c1 d1 c2 d2
    assert card_points(st, ORANGE, "Le Penseur") == 3  # a2; a1


def test_statue_front_streetlight_then_eiffel_col125_col191() -> None:
    """COL-125, COL-191: the Eiffel Tower's spaces count as occupied, so a tower over
    the free streetlight in front of the statue leaves it 0 points."""
    rows = ["OOOOBBBB", "OOLOBBBB"] + ["OOOOBBBB"] * 6
    st = with_cards("PENSEUR", "TOUR_EIFFEL", rows=rows)
    play(st, "card penseur", "on b2 E")  # faces the streetlight c2
    assert card_points(st, ORANGE, "Le Penseur") == 12
    st.to_move = ORANGE
    play(st, "card tour_eiffel", "on c1")  # c1 d1 c2 d2
    assert card_points(st, ORANGE, "Le Penseur") == 0


def test_skull_in_front_blocks_the_statue_until_scoring_col123_col202() -> None:
    """COL-123: a piece in front refuses the facing; COL-202: a skull left on a free
    space is removed before scoring, so that space is free for the statue's points."""
    st = with_cards("PENSEUR", "CATACOMBES", to_move=BLUE)
    play(st, "card catacombes", "on a3")  # orange's a3
    st.to_move = ORANGE
    assert "on a2 S" not in targets(st, "penseur")
    play(st, "on a2 E")
    assert card_points(st, ORANGE, "Le Penseur") == 2 * 3 + 1 * 2  # a1 b2 a3; b1 b3


def test_a_skull_no_building_took_leaves_the_final_board_col202() -> None:
    """COL-202, seed: "Wenn dieses Feld bei Spielende nicht mit einem Gebäude belegt
    ist, entferne den Schädel einfach vor der Wertungsphase." The final board shows no
    skull; while the game runs it lies there."""
    ids = ("CATACOMBES", "PEINTRE", "MOULIN_ROUGE", "FONTAINE", "PENSEUR",
           "GRANDE_LUMIERE", "SACRE_COEUR", "METROPOLITAIN")
    st = grid(["OOOOBBBB"] * 8, cards=ids)
    play(st, "card catacombes", "on e1")
    assert st.view(None)["skull"] == "e1"
    for card in ids[1:]:
        play(st, f"card {card.lower()}", "decline")
    assert st.is_terminal()
    view = st.view(None)
    assert view["skull"] is None
    assert [p["card"] for p in view["pieces"] if p["card"] == "CATACOMBES"] == []
    assert card_points(st, ORANGE, "Catacombes de Paris") == 0


def test_statue_lamps_variant_is_rules_edition_1_only_col126() -> None:
    """COL-126: one reading only. Rules edition 1 (old records) left streetlight
    spaces out, counted them with the variant statue_lamps_free and never let one
    stand in front; the variant is refused today."""
    rows = ["LLLOBBBB"] + ["OOOOBBBB"] * 7
    cards = ("PENSEUR", *tuple(c for c in data.FIRST_GAME_SET if c != "PENSEUR"))
    for variants, expected in (((), 8), (("statue_lamps_free",), 12)):
        st = grid(rows, cards=cards, variants=variants, rules_version=1)
        play(st, "card penseur")
        assert "on b2 N" not in texts(st)
        play(st, "on b2 S")
        assert card_points(st, ORANGE, "Le Penseur") == expected
    with pytest.raises(belle.OptionError, match="Le Penseur"):
        belle.load_game("city_of_light", variants=("statue_lamps_free",))


# -- La Grande Lumière ------------------------------------------------------------------
def test_grande_lumiere_on_a_free_lamp_col128_col129() -> None:
    """COL-128, COL-129: on a streetlight not covered and not under another piece."""
    rows = ["LOOOBBBL"] + ["OOOOBBBB"] * 7
    st = with_cards("GRANDE_LUMIERE", rows=rows)
    assert targets(st, "grande_lumiere") == ["on a1", "on h1"]


def test_grande_lumiere_pattern_and_blocking_col130_col135() -> None:
    """COL-130..135 (G-7): distance-2 light, blocked only by other buildings; it lights
    buildings of both players, counted once."""
    rows = ["OOOOBBBB", "OOOOBBBB", "OOLOBBBB"] + ["OOOOBBBB"] * 5
    st = with_cards("GRANDE_LUMIERE", rows=rows)
    far = add(st, ORANGE, "c5", bid=0)  # two below c3
    diag = add(st, BLUE, "d4", bid=1)  # diagonal, owned by blue (COL-135)
    assert st.b_mask[far] and st.score_breakdown()[ORANGE][0]["points"] == 0
    play(st, "card grande_lumiere", "on c3")
    assert st.score_breakdown()[ORANGE][0]["points"] == 1
    assert st.score_breakdown()[BLUE][0]["points"] == 1
    add(st, BLUE, "c4", bid=2)  # blocks c5 (COL-133); lit itself
    assert st.score_breakdown()[ORANGE][0]["points"] == 0
    assert st.score_breakdown()[BLUE][0]["points"] == 2  # d4 (c4 is a different bldg)
    assert diag >= 0


# -- Sacré-Cœur -------------------------------------------------------------------------
def test_sacre_coeur_cancels_the_penalty_col137() -> None:
    """COL-137, COL-138: no unbuilt penalty for its activator."""
    st = with_cards("SACRE_COEUR", reserves=(("S3a", "S3b"), ()))
    assert st.score_breakdown()[ORANGE][2]["points"] == -6
    play(st, "card sacre_coeur", "use")
    assert st.score_breakdown()[ORANGE][2]["points"] == 0


# -- Métropolitain ----------------------------------------------------------------------
def test_metropolitain_builds_over_lamps_col140_col141() -> None:
    """COL-140, COL-141 (G-6): a building over a streetlight, which goes dark."""
    rows = ["OLOOBBBB", "LOOOBBBB"] + ["BBBBBBBB"] * 6
    st = with_cards("METROPOLITAIN", rows=rows, reserves=(("S3a",), ()))
    play(st, "build S3a")
    assert texts(st) == ["at b2 0"]  # only b2 c2 d2 avoids the lamps normally
    st = with_cards("METROPOLITAIN", rows=rows, reserves=(("S3a",), ()))
    play(st, "card metropolitain", "build S3a")
    assert "at a1 0" in texts(st)
    play(st, "at a1 0")
    assert st.card_used[data.CARD_INDEX["METROPOLITAIN"]] and st.chimneys[ORANGE] == 6
    assert st.score_breakdown()[ORANGE][0]["points"] == 3  # a2 lights a1; b1 is dark


# -- reconstructed base cards (G-3) ------------------------------------------------------
def test_streetlight_tile_col142_col143() -> None:
    """COL-142, COL-143: the space becomes a streetlight for both players."""
    st = with_cards("BASE_STREETLIGHT")
    add(st, BLUE, "e2", bid=0)
    play(st, "card base_streetlight", "on d2")
    assert st.kinds[mask("d2").bit_length() - 1] == data.LAMP
    assert st.score_breakdown()[BLUE][0]["points"] == 1


def test_mixed_tile_col144_col146() -> None:
    """COL-144..146: an orange or blue space becomes purple; buildings may cover it."""
    st = with_cards("BASE_MIXED", to_move=BLUE, reserves=((), ("S3a",)))
    play(st, "card base_mixed", "on d1")
    assert st.kinds[3] == data.PURPLE
    st.to_move = BLUE
    play(st, "build S3a")
    assert "at b1 0" not in texts(st) and "at d1 0" in texts(st)


def test_annex_grows_a_building_col147_col148() -> None:
    """COL-147, COL-148: next to an own building, it adds one space for all scoring."""
    rows = ["OOOOBBBB", "OOOLBBBB"] + ["OOOOBBBB"] * 6
    st = with_cards("BASE_ANNEX", rows=rows)
    index = add(st, ORANGE, "a2", "b2", bid=0)
    found = targets(st, "base_annex")
    assert "on c2 W" in found and "on d1 W" not in found
    play(st, "on c2 W")
    assert bin(st.b_mask[index]).count("1") == 3
    assert st.score_breakdown()[ORANGE][0]["points"] == 3  # d2 lights the annex c2


def test_garden_col149_col150() -> None:
    """COL-149, COL-150 (G-3 placeholder): 2 per own adjacent building."""
    st = with_cards("BASE_GARDEN")
    play(st, "card base_garden", "on b1")
    add(st, ORANGE, "a1", bid=0)
    add(st, ORANGE, "b2", bid=1)
    assert card_points(st, ORANGE, "Botanical garden (invented card)") == 4


def test_switch_col151_col152() -> None:
    """COL-151, COL-152 (G-3): a reserve building for one of the supply."""
    st = with_cards("BASE_SWITCH", reserves=(("S3a",), ()))
    assert "swap S3a S6a" in targets(st, "base_switch")
    play(st, "swap S3a S6a")
    assert st.view(None)["reserves"][ORANGE] == ["S6a"]


# -- Eiffel expansion ---------------------------------------------------------------------
def test_obelisque_each_player_col157_col161() -> None:
    """COL-157..161: each player 2 per own building in the obelisk's row or column."""
    st = with_cards("OBELISQUE")
    add(st, ORANGE, "a3", "b3", bid=0)  # row 3
    add(st, BLUE, "c7", "c8", bid=1)  # column c
    add(st, BLUE, "e1", bid=2)  # neither
    play(st, "card obelisque", "on c3")
    assert card_points(st, ORANGE, "Obélisque de Louxor") == 2
    assert card_points(st, BLUE, "Obélisque de Louxor") == 2


@pytest.mark.parametrize("cells,expected", [
    ((), 0), (("a1",), 2), (("a1", "h8"), 8), (("d1", "a4", "h5"), 4)])
def test_quartiers_pauvres_table_col163_col165(cells: tuple[str, ...], expected: int) -> None:
    """COL-163..165 (6.3: three edges score 4): 1/2/4/8 for 1/2/3/4 edges."""
    st = with_cards("QUARTIERS_PAUVRES", rows=["MMMMMMMM"] * 8)
    for cell in cells:
        add(st, ORANGE, cell, bid=0)
    play(st, "card quartiers_pauvres", "use")
    assert card_points(st, ORANGE, "Quartiers Pauvres") == expected


def test_invalides_col166_col171() -> None:
    """COL-166..171: a one-space building with a chimney; +distance to the nearest edge."""
    rows = ["OOOOBBBB", "OOLOBBBB"] + ["OOOOBBBB"] * 6
    st = with_cards("INVALIDES", reserves=(("S3a",), ()))
    st.kinds[10] = data.LAMP  # c2
    st.kind_mask[ORANGE] &= ~mask("c2")
    st.kind_mask[data.LAMP] |= mask("c2")
    play(st, "card invalides", "on c3")
    assert st.chimneys[ORANGE] == 6 and st.b_owner == [ORANGE]
    lines = st.score_breakdown()[ORANGE]
    assert lines[0]["points"] == 1  # lit by c2 (COL-168)
    assert card_points(st, ORANGE, "Hôtel des Invalides") == 2  # row 3: two from the top
    assert lines[2]["points"] == -3  # the reserve S3a, not the Hôtel (COL-171)
    assert rows


def test_invalides_needs_a_chimney_col167() -> None:
    """COL-167: without a chimney the Hôtel cannot be placed."""
    st = with_cards("INVALIDES")
    st.chimneys[ORANGE] = 0
    assert targets(st, "invalides") == []


def test_notre_dame_counts_for_both_complexes_col172_col176() -> None:
    """COL-172..176: on an opponent building; both count it in their complex."""
    st = with_cards("NOTRE_DAME")
    assert targets(st, "notre_dame") == []  # COL-173: no opponent building yet
    play(st, "decline")
    st = with_cards("NOTRE_DAME")
    add(st, ORANGE, "c1", "c2", bid=0)
    blue = add(st, BLUE, "d1", "d2", "d3", bid=1)
    add(st, ORANGE, "e1", bid=2)  # orange on a blue... scoring-level only
    play(st, "card notre_dame", "on d1")
    assert st.gargoyle_building == blue
    assert st.score_breakdown()[ORANGE][1]["points"] == 6  # c1 c2 + d1..d3 + e1
    assert st.score_breakdown()[BLUE][1]["points"] == 3


def test_notre_dame_and_the_louvre_name_a_building_by_any_of_its_spaces_col173_col194(
        ) -> None:
    """COL-173, COL-194: the target is a building ("ein Gebäude …, das deinem Gegner
    gehört"); it is written with its first space, and any of its spaces names it."""
    st = with_cards("NOTRE_DAME")
    add(st, ORANGE, "c1", "c2", bid=0)
    blue = add(st, BLUE, "d1", "d2", "d3", bid=1)
    play(st, "card notre_dame")
    assert st.legal_actions() == [st.parse_action("on d1"), st.parse_action("decline")]
    assert st.action_to_string(st.parse_action("on d3")) == "on d1"
    with pytest.raises(belle.IllegalActionError):  # orange's own building: not a target
        st.apply_action(st.parse_action("on c2"))
    play(st, "on d2")
    assert st.gargoyle_building == blue


def test_arc_col177_col183() -> None:
    """COL-177..183: ends on own free sections, middle anywhere free; counts in the
    activator's complex; not a building; a lamp under the middle keeps lighting."""
    rows = ["OLOOBBBB"] + ["OOOOBBBB"] * 7
    st = with_cards("ARC", rows=rows)
    found = targets(st, "arc")
    assert "on a1 E" in found  # a1 O, b1 L (middle), c1 O
    assert "on b1 E" not in found and "on e1 E" not in found
    add(st, ORANGE, "a2", bid=0)
    play(st, "on a1 E")
    assert st.score_breakdown()[ORANGE][1]["points"] == 4  # a2 + the Arc's 3 spaces
    assert st.score_breakdown()[ORANGE][0]["points"] == 0  # a2 lit by nothing
    add(st, ORANGE, "b2", bid=1)
    assert st.score_breakdown()[ORANGE][0]["points"] == 1  # b1 still lights b2


def _arc_on_a1(rules_version: int = 3) -> CityOfLightState:
    """The Arc on a1 b1 c1 (COL-177, COL-178), no building on the board yet."""
    st = with_cards("ARC", rows=["OLOOBBBB"] + ["OOOOBBBB"] * 7, rules_version=rules_version)
    play(st, "card arc", "on a1 E")
    return st


def complex_points(st: CityOfLightState, seat: int) -> int:
    return int(st.score_breakdown()[seat][1]["points"])


def test_arc_alone_is_no_group_of_buildings_col180_col182() -> None:
    """COL-180, COL-182 (seed: "Der Arc de Triomphe ist kein Gebäude und bringt daher
    keine Punkte"): an Arc touching none of its owner's buildings adds nothing."""
    st = _arc_on_a1()
    assert complex_points(st, ORANGE) == 0
    add(st, ORANGE, "a4", "a5", bid=0)  # a group of 2 away from the Arc
    assert complex_points(st, ORANGE) == 2


def test_arc_adds_its_spaces_to_the_groups_it_touches_col182() -> None:
    """COL-182: the Arc's spaces count in the group it touches, and join two groups."""
    st = _arc_on_a1()
    add(st, ORANGE, "a2", bid=0)
    add(st, ORANGE, "c2", bid=1)  # not next to a2: two groups, both touching the Arc
    assert complex_points(st, ORANGE) == 5


def test_rules_edition_2_counted_a_lone_arc_as_a_group() -> None:
    """Records of rules edition 2 replay as played: a lone Arc was a group of 3."""
    st = _arc_on_a1(rules_version=2)
    assert complex_points(st, ORANGE) == 3
    add(st, ORANGE, "a4", "a5", bid=0)
    assert complex_points(st, ORANGE) == 3


def test_tour_eiffel_placement_col184_col187() -> None:
    """COL-184..187: four free spaces at a crossing with a streetlight; then blocked."""
    rows = ["OOOOBBBB", "OLOOBBBB"] + ["OOOOBBBB"] * 6
    st = with_cards("TOUR_EIFFEL", rows=rows, reserves=(("S3a",), ()))
    assert targets(st, "tour_eiffel") == ["on a1", "on b1", "on a2", "on b2"]
    play(st, "on a1")
    st.to_move = ORANGE
    play(st, "build S3a")
    assert not any(t in texts(st) for t in ("at a1 0", "at a1 90", "at b1 0", "at a2 0"))


def test_louvre_col193_col197() -> None:
    """COL-193..197: on an own building; +1 per adjacent space not covered by another."""
    st = with_cards("LOUVRE")
    assert targets(st, "louvre") == []  # COL-194
    play(st, "decline")
    st = with_cards("LOUVRE")
    add(st, ORANGE, "a1", "b1", bid=0)  # neighbours a2 b2 c1
    add(st, BLUE, "c1", bid=1)
    play(st, "card louvre", "on a1")
    assert card_points(st, ORANGE, "Musée du Louvre") == 2


def test_catacombes_col198_col205() -> None:
    """COL-198..205 (6.3): skull on the opponent's colour; he may build on it; the
    activator gets half his points for that building, rounded down."""
    rows = ["OOOOBLBB"] + ["OOOOBBBB"] * 7
    st = with_cards("CATACOMBES", rows=rows, reserves=((), ("S3a",)))
    found = targets(st, "catacombes")
    assert "on e1" in found and "on a1" not in found
    play(st, "on e1")
    assert card_points(st, ORANGE, "Catacombes de Paris") == 0  # COL-202
    play(st, "build S3a", "at e1 90")  # blue builds over the skull (COL-199, COL-201)
    assert st.skull_building == 0
    assert st.score_breakdown()[BLUE][0]["points"] == 3  # 3 × f1
    assert card_points(st, ORANGE, "Catacombes de Paris") == 1  # 3 // 2
    assert st.score_breakdown()[BLUE][3]["points"] == 0  # COL-205


def test_the_hotel_may_stand_on_the_skull_col168_col199() -> None:
    """Seed: the skull lies on "ein Feld, das er noch nutzen kann", and "wenn dein Gegner
    beschließt, auf diesem Feld ein Gebäude zu bauen, lege den Schädel auf dieses
    Gebäude"; the Hôtel des Invalides goes "auf einen Straßen-Abschnitt deiner Farbe" and
    is a building scored as any (COL-168). So the skull's space is one of its targets,
    the skull lies on it, and the Catacombes pay half its points."""
    rows = ["OOOLBLBB"] + ["OOOOBBBB"] * 7
    st = with_cards("CATACOMBES", "INVALIDES", rows=rows)
    play(st, "card catacombes", "on e1")  # orange puts the skull on blue's e1
    st.to_move = BLUE
    assert "on e1" in targets(st, "invalides")  # blue's own e1, under the skull
    play(st, "on e1")
    assert st.skull_building == 0 and st.b_owner == [BLUE]
    assert st.score_breakdown()[BLUE][0]["points"] == 2  # size 1 × the streetlights d1, f1
    assert card_points(st, ORANGE, "Catacombes de Paris") == 1  # 2 // 2


def test_catacombes_half_of_21_is_10_col203() -> None:
    """Section 6.3: on a building worth 21 the activator gets 10."""
    rows = ["OOOOLBBB", "OOOOBBBL", "OOOOLBBB"] + ["OOOOBBBB"] * 5
    st = with_cards("CATACOMBES", rows=rows, to_move=ORANGE)
    play(st, "card catacombes", "on f2")
    index = add(st, BLUE, "e2", "f2", "g2", "f3", "f1", "g1", "g3", bid=0)
    assert st.skull_building == index
    assert st.score_breakdown()[BLUE][0]["points"] == 21
    assert card_points(st, ORANGE, "Catacombes de Paris") == 10


# -- promos -----------------------------------------------------------------------------
def test_seine_each_player_col207_col209() -> None:
    """COL-207..209: each player 3 per own building touching the chosen side."""
    st = with_cards("SEINE")
    add(st, ORANGE, "a1", bid=0)
    add(st, BLUE, "h1", "h2", bid=1)
    add(st, BLUE, "e5", bid=2)
    assert targets(st, "seine") == ["side N", "side E", "side S", "side W"]
    play(st, "side N")
    assert card_points(st, ORANGE, "La Seine") == 3
    assert card_points(st, BLUE, "La Seine") == 3


def test_seine_declined_scores_nothing_col65_col209() -> None:
    """COL-65, COL-209: declined, La Seine scores for nobody."""
    st = with_cards("SEINE")
    add(st, ORANGE, "a1", bid=0)
    play(st, "card seine", "decline")
    assert card_points(st, ORANGE, "La Seine") == 0


def test_liberte_col210_col214() -> None:
    """COL-210..214: 3 per own building fully inside the quadrant, 2 partly inside."""
    st = with_cards("LIBERTE")
    add(st, ORANGE, "a1", "b1", bid=0)  # inside NW
    add(st, ORANGE, "d2", "e2", bid=1)  # partly
    add(st, BLUE, "e1", bid=2)  # NE
    play(st, "card liberte", "quadrant NW")
    assert card_points(st, ORANGE, "La Liberté éclairant le monde") == 5
    assert card_points(st, BLUE, "La Liberté éclairant le monde") == 0


def test_stamp_point_variant_col89() -> None:
    """COL-89: stamp_points default 0; the variant adds +1 per stamped activated card."""
    st = grid(OPEN, cards=data.FIRST_GAME_SET, variants=("stamp_point",))
    play(st, "card sacre_coeur", "use")
    assert card_points(st, ORANGE, "Sacré-Cœur") == 1
    assert all(c.stamp_points == 0 for c in data.POSTCARDS)


def test_pieces_block_later_pieces_col96_col97_col200() -> None:
    """COL-96, COL-97, COL-200: a piece's space takes no other piece (the skull too)."""
    st = with_cards("MOULIN_ROUGE", "PEINTRE", "CATACOMBES")
    play(st, "card moulin_rouge", "on a1")
    st.to_move = ORANGE
    assert "on a1" not in targets(st, "peintre")
    play(st, "decline")
    st.to_move = BLUE
    play(st, "card catacombes", "on a2")
    st.to_move = ORANGE
    with pytest.raises(belle.IllegalActionError):
        play(st, "card peintre")  # already activated (COL-62)

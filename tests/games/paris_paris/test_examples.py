"""The seed rulebook's two worked examples (rules section 6), rebuilt on our map and
played through the engine: every statement of each example is an assertion here
(issue 14 item 4), so a map on which one of them fails cannot pass.

Seed, small excursion: "Dans l'exemple Vert reçoit 3 points pour la petite excursion de
Luxembourg et Gris reçoit 1 point."

Seed, big excursion: "il y a une grande excursion sur la ligne verte. A Montmartre
Violet et Gris marquent un point (les deux y ont un commerce et les emplacements voisins
sont vides). A Pompidou Vert reçoit un point et Jaune trois (Jaune a à St-Nicolas et
Pont Neuf deux commerces voisins de Pompidou). Hôtel de Ville donne deux points pour
Violet et Quartier Latin un autre. Un commerce sur un emplacement qui n'est pas un
croisement ne rapporte pas de point. Si dans l'exemple Gris avait un commerce à
Notre-Dame, il ne lui rapporterait aucun point."
"""

from __future__ import annotations

from belle.games.paris_paris import rules
from belle.games.paris_paris.rules import NET, Readings
from belle.games.paris_paris.state import BIG, SMALL, ParisParisState

from .helpers import GREEN, GREY, LINE, PURPLE, STOP, YELLOW, lay, place, play, started

FAR_CARDS = ("Trocadéro orange", "Tour Eiffel blue", "Vaugirard red", "Gare de Lyon orange")
"""Cards the players take so that their builds touch neither example (termini away
from the scoring crossings' neighbours)."""

GREEN_LINE = LINE["green"]
BROWN_LINE = LINE["brown"]


def per_stop(items: list[rules.Item] | tuple[rules.Item, ...]) -> dict[tuple[str, int], int]:
    """Points per (stop id, seat) of an excursion's items."""
    totals: dict[tuple[str, int], int] = {}
    for item in items:
        key = (NET.ids[item.stop], item.seat)
        totals[key] = totals.get(key, 0) + item.points
    return totals


# -- 6.1 small excursion at Luxembourg: green 3, grey 1 --------------------------
LUXEMBOURG_POSITION = {"ODE": (GREEN, GREEN), "QLA": (GREEN, GREY)}


def luxembourg_played() -> ParisParisState:
    """PP-22..36: four players take the far cards; Luxembourg/brown is left over."""
    state = started(4, first=0)
    place(state, LUXEMBOURG_POSITION)
    lay(state, *FAR_CARDS, "Luxembourg brown")
    play(state, *(f"take {c}" for c in FAR_CARDS))
    return state


def test_6_1_the_small_excursion_is_at_luxembourg_and_luxembourg_is_empty() -> None:
    """PP-37, PP-39: the leftover card names Luxembourg, an empty stop (not a
    crossing) on the brown line, between two occupied crossings at equal distance."""
    state = luxembourg_played()
    small = state.excursions[-1]
    assert small.kind == "small" and small.stop == STOP["LUX"] and small.line == BROWN_LINE
    assert state.shops[STOP["LUX"]] == ()
    assert not NET.is_crossing[STOP["LUX"]]
    route = [NET.ids[s] for s in NET.routes[BROWN_LINE]]
    at = route.index("LUX")
    assert {route[at - 1], route[at + 1]} == {"ODE", "QLA"}  # PP-40, PP-41: both at 1


def test_6_1_green_scores_3_and_grey_1() -> None:
    """PP-38..43: each shop at the nearest occupied stops scores 1 for its owner."""
    state = luxembourg_played()
    small = state.excursions[-1]
    assert rules.totals(small.items, 4) == [3, 1, 0, 0]  # green 3, grey 1, nobody else
    assert [row[SMALL] for row in state.points] == [3, 1, 0, 0]
    assert per_stop(small.items) == {("ODE", GREEN): 2, ("QLA", GREEN): 1, ("QLA", GREY): 1}
    assert state.view(None)["discard"] == [{"stop": "LUX", "line": "brown"}]  # PP-44
    # Both readings of PP-40 agree here: the two stops are equally far (P-10).
    alt = rules.small_excursion(state.shops, rules.CARD_OF[(STOP["LUX"], BROWN_LINE)],
                                Readings(small_each_direction=True))
    assert rules.totals(alt, 4) == [3, 1, 0, 0]


# -- 6.2 big excursion on the green line ------------------------------------------
GREEN_LINE_POSITION = {
    "MMA": (PURPLE, GREY),
    "POM": (GREEN, YELLOW),
    "SNI": (YELLOW,),
    "PNF": (YELLOW,),
    "HDV": (PURPLE, PURPLE),
    "QLA": (PURPLE,),
}


def green_line_played(extra: dict[str, tuple[int, ...]] | None = None) -> ParisParisState:
    """PP-45: a green card waits; the round leaves a second green card over."""
    state = started(4, first=0)
    place(state, {**GREEN_LINE_POSITION, **(extra or {})})
    state.discard[GREEN_LINE] = rules.CARD_OF[(STOP["SCO"], GREEN_LINE)]
    lay(state, *FAR_CARDS, "Notre-Dame green")
    play(state, *(f"take {c}" for c in FAR_CARDS))
    return state


def the_big_excursion(state: ParisParisState) -> tuple[rules.Item, ...]:
    big = state.excursions[-1]
    assert big.kind == "big" and big.line == GREEN_LINE  # PP-45, PP-49: the green line
    return big.items


def test_6_2_a_big_excursion_runs_on_the_green_line() -> None:
    """PP-45, PP-46, PP-49: the second green card starts it; both cards leave."""
    state = green_line_played()
    the_big_excursion(state)
    assert state.discard[GREEN_LINE] == -1


def test_6_2_montmartre_pompidou_hotel_de_ville_quartier_latin_are_green_crossings() -> None:
    """PP-5, PP-7, PP-49: the four stops that score are the green line's crossings."""
    green = [NET.ids[s] for s in NET.crossings[GREEN_LINE]]
    assert sorted(green) == sorted(["MMA", "POM", "HDV", "QLA"])


def test_6_2_at_montmartre_purple_and_grey_score_one_each() -> None:
    """PP-50, PP-51: "les deux y ont un commerce et les emplacements voisins sont vides"."""
    state = green_line_played()
    mma = STOP["MMA"]
    assert sorted(state.shops[mma]) == sorted((PURPLE, GREY))  # both have a shop there
    assert all(state.shops[n] == () for n in NET.neighbours[mma])  # PP-54: every neighbour
    scores = {seat: p for (stop, seat), p in per_stop(the_big_excursion(state)).items()
              if stop == "MMA"}
    assert scores == {PURPLE: 1, GREY: 1}


def test_6_2_montmartre_is_next_to_none_of_the_other_three_crossings() -> None:
    """The seed's remark holds on the map itself: on the green line (and on its other
    line) Montmartre is no neighbour of Pompidou, Hôtel de Ville or Quartier Latin."""
    near = {NET.ids[n] for n in NET.neighbours[STOP["MMA"]]}
    assert near.isdisjoint({"POM", "HDV", "QLA", "SNI", "PNF"})
    assert STOP["POM"] not in NET.line_neighbours[STOP["MMA"]][GREEN_LINE]


def test_6_2_at_pompidou_green_scores_one_and_yellow_three() -> None:
    """PP-51, PP-53, PP-54: yellow's own shop, plus St-Nicolas and Pont Neuf, two
    neighbours of Pompidou (on its other line); green has no neighbouring shop."""
    state = green_line_played()
    pom = STOP["POM"]
    assert {STOP["SNI"], STOP["PNF"]} <= set(NET.neighbours[pom])
    assert state.shops[STOP["SNI"]] == (YELLOW,) and state.shops[STOP["PNF"]] == (YELLOW,)
    items = per_stop(the_big_excursion(state))
    assert {seat: p for (stop, seat), p in items.items() if stop == "POM"} == {
        GREEN: 1, YELLOW: 3}


def test_6_2_hotel_de_ville_gives_purple_two_and_quartier_latin_one_more() -> None:
    """PP-50, PP-51: purple's shops at those two crossings earn each other nothing."""
    state = green_line_played()
    items = per_stop(the_big_excursion(state))
    assert {seat: p for (stop, seat), p in items.items() if stop == "HDV"} == {PURPLE: 2}
    assert {seat: p for (stop, seat), p in items.items() if stop == "QLA"} == {PURPLE: 1}
    assert STOP["QLA"] not in NET.neighbours[STOP["HDV"]]


def test_6_2_totals_purple_4_yellow_3_green_1_grey_1_and_nothing_else() -> None:
    """REQ-PP-10: the itemised scoring is exactly the seed's, crossing by crossing."""
    state = green_line_played()
    items = the_big_excursion(state)
    assert rules.totals(items, 4) == [1, 1, 4, 3]
    assert [row[BIG] for row in state.points] == [1, 1, 4, 3]
    assert per_stop(items) == {
        ("MMA", PURPLE): 1, ("MMA", GREY): 1,
        ("POM", GREEN): 1, ("POM", YELLOW): 3,
        ("HDV", PURPLE): 2,
        ("QLA", PURPLE): 1,
    }


def test_6_2_a_shop_on_a_stop_that_is_no_crossing_scores_nothing() -> None:
    """PP-52, PP-57: "Un commerce sur un emplacement qui n'est pas un croisement ne
    rapporte pas de point": St-Nicolas and Pont Neuf earn yellow points only through
    its shop at Pompidou, never as stops of their own."""
    state = green_line_played()
    scored_stops = {stop for stop, _ in per_stop(the_big_excursion(state))}
    assert all(NET.is_crossing[STOP[stop]] for stop in scored_stops)
    assert "SNI" not in scored_stops and "PNF" not in scored_stops


def test_6_2_a_grey_shop_at_notre_dame_would_give_grey_nothing() -> None:
    """PP-52, PP-57: Notre-Dame is no crossing and not next to Montmartre (grey's only
    crossing), so grey still scores 1 in all."""
    assert not NET.is_crossing[STOP["NDA"]]
    assert STOP["NDA"] not in NET.neighbours[STOP["MMA"]]
    with_grey = green_line_played({"NDA": (GREY,)})
    items = the_big_excursion(with_grey)
    assert rules.totals(items, 4) == [1, 1, 4, 3]
    # Under the alternative reading of PP-52 (P-11) grey would gain a point there,
    # since Notre-Dame is next to Quartier Latin: the example rules it out.
    alt = rules.big_excursion(with_grey.shops, GREEN_LINE, Readings(adjacent_for_all=True))
    assert rules.totals(alt, 4)[GREY] > 1


def test_both_examples_hold_on_every_reading_the_seed_allows() -> None:
    """PP-40's two readings agree on 6.1; PP-54's line-only reading (P-11) would give
    yellow 1 at Pompidou, so the example rules it out, as the rules say."""
    shops = [()] * rules.NUM_STOPS
    for stop_id, owners in GREEN_LINE_POSITION.items():
        shops[STOP[stop_id]] = owners
    line_only = rules.big_excursion(shops, GREEN_LINE, Readings(adjacent_line_only=True))
    assert rules.totals(line_only, 4)[YELLOW] == 1

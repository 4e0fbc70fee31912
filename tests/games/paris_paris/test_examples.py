"""The seed rulebook's two worked examples (rules section 6), rebuilt on our map and
played through the engine, scored exactly."""

from __future__ import annotations

from belle.games.paris_paris import rules
from belle.games.paris_paris.rules import Readings
from belle.games.paris_paris.state import BIG, SMALL

from .helpers import GREEN, GREY, PURPLE, STOP, YELLOW, lay, place, play, started

FAR_CARDS = ("Trocadéro orange", "Tour Eiffel blue", "Vaugirard red", "Gare de Lyon orange")
"""Cards the players take so that their builds touch neither example (termini away
from the scoring crossings' neighbours)."""


def test_6_1_small_excursion_at_luxembourg_green_3_grey_1() -> None:
    """PP-37..43: Luxembourg (brown, ordinary) is empty; Odéon holds two green shops,
    Quartier Latin one green and one grey, both one segment away."""
    state = started(4, first=0)
    place(state, {"ODE": (GREEN, GREEN), "QLA": (GREEN, GREY)})
    lay(state, *FAR_CARDS, "Luxembourg brown")
    play(state, *(f"take {c}" for c in FAR_CARDS))
    small = state.excursions[-1]
    assert small.kind == "small" and small.stop == STOP["LUX"]
    assert rules.totals(small.items, 4) == [3, 1, 0, 0]
    assert [row[SMALL] for row in state.points] == [3, 1, 0, 0]
    assert state.view(None)["discard"] == [{"stop": "LUX", "line": "brown"}]  # PP-44
    items = sorted((i.stop, i.seat, i.points) for i in small.items)
    assert items == sorted([(STOP["ODE"], GREEN, 2), (STOP["QLA"], GREEN, 1),
                            (STOP["QLA"], GREY, 1)])
    # Both readings of PP-40 agree here: the two stops are equally far.
    alt = rules.small_excursion(state.shops, rules.CARD_OF[(STOP["LUX"], 4)],
                                Readings(small_each_direction=True))
    assert rules.totals(alt, 4) == [3, 1, 0, 0]


GREEN_LINE_POSITION = {
    "MMA": (PURPLE, GREY),
    "POM": (GREEN, YELLOW),
    "SNI": (YELLOW,),
    "PNF": (YELLOW,),
    "HDV": (PURPLE, PURPLE),
    "QLA": (PURPLE,),
}


def test_6_2_big_excursion_on_the_green_line() -> None:
    """PP-45, PP-49..57: a second green card reaches the discard area; purple 4,
    yellow 3, green 1, grey 1, itemised per crossing (REQ-PP-10)."""
    state = started(4, first=0)
    place(state, GREEN_LINE_POSITION)
    state.discard[0] = rules.CARD_OF[(STOP["SCO"], 0)]  # a green card waits already
    lay(state, *FAR_CARDS, "Panthéon green")
    play(state, *(f"take {c}" for c in FAR_CARDS))
    big = state.excursions[-1]
    assert big.kind == "big" and big.line == 0
    assert rules.totals(big.items, 4) == [1, 1, 4, 3]
    assert [row[BIG] for row in state.points] == [1, 1, 4, 3]
    per_stop = {}
    for item in big.items:
        key = (rules.NET.ids[item.stop], item.seat)
        per_stop[key] = per_stop.get(key, 0) + item.points
    assert per_stop == {
        ("MMA", PURPLE): 1, ("MMA", GREY): 1,
        ("POM", GREEN): 1, ("POM", YELLOW): 3,
        ("HDV", PURPLE): 2,
        ("QLA", PURPLE): 1,
    }
    assert state.discard[0] == -1  # PP-46: both green cards leave


def test_6_2_variant_grey_at_notre_dame_scores_nothing() -> None:
    """PP-52, PP-57: the seed's remark, a grey shop at Notre-Dame gives grey nothing."""
    shops = [()] * rules.NUM_STOPS
    for stop_id, owners in {**GREEN_LINE_POSITION, "NDA": (GREY,)}.items():
        shops[STOP[stop_id]] = owners
    items = rules.big_excursion(shops, 0, Readings())
    assert rules.totals(items, 4) == [1, 1, 4, 3]
    # The alternative reading of PP-52 would give grey 2 more for Notre-Dame (next to
    # Hôtel de Ville and Quartier Latin): the example rules it out.
    alt_with = rules.big_excursion(shops, 0, Readings(adjacent_for_all=True))
    shops[STOP["NDA"]] = ()
    alt_without = rules.big_excursion(shops, 0, Readings(adjacent_for_all=True))
    assert rules.totals(alt_with, 4)[GREY] - rules.totals(alt_without, 4)[GREY] == 2

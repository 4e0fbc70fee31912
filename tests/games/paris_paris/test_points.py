"""The points the state adds up as the bus runs (rules.add_small_points,
rules.add_big_points: search plays thousands of rounds a second) are the points of the
itemised excursions the views list (rules.small_excursion, rules.big_excursion), on any
board of either network, under every reading (PP-37..57, PP-73)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from belle.games.paris_paris import rules
from belle.games.paris_paris.rules import NETWORKS, READING_NAMES

PLAYERS = 4


@st.composite
def boards(draw: st.DrawFn) -> tuple[rules.Network, list[tuple[int, ...]], rules.Readings]:
    net = NETWORKS[draw(st.sampled_from(sorted(NETWORKS)))]
    shops = [tuple(draw(st.lists(st.integers(0, PLAYERS - 1), max_size=net.capacity[stop])))
             if draw(st.booleans()) else () for stop in range(len(net.ids))]
    readings = rules.readings_from(draw(st.lists(st.sampled_from(READING_NAMES), unique=True)))
    return net, shops, readings


def _added(add: object, *args: object) -> list[int]:
    points = [[0, 0] for _ in range(PLAYERS)]
    add(*args, points, 1)  # type: ignore[operator]
    return [row[1] for row in points]


@settings(max_examples=300)
@given(board=boards(), data=st.data())
def test_small_excursion_points_are_its_items(
        board: tuple[rules.Network, list[tuple[int, ...]], rules.Readings],
        data: st.DataObject) -> None:
    net, shops, readings = board
    card = data.draw(st.integers(0, len(net.cards) - 1))
    items = rules.small_excursion(shops, card, readings, net)
    assert _added(rules.add_small_points, shops, card, readings, net) == rules.totals(
        items, PLAYERS)


@settings(max_examples=300)
@given(board=boards(), data=st.data())
def test_big_excursion_points_are_its_items(
        board: tuple[rules.Network, list[tuple[int, ...]], rules.Readings],
        data: st.DataObject) -> None:
    net, shops, readings = board
    line = data.draw(st.integers(0, len(net.routes) - 1))
    items = rules.big_excursion(shops, line, readings, net)
    assert _added(rules.add_big_points, shops, line, readings, net) == rules.totals(
        items, PLAYERS)

"""Paris Paris rules helpers: the network built from data.py, the derived card deck,
the readings of ambiguous rules, and the scoring of excursions and the bag.

Pure functions over plain values, no state. Stops and lines are ints (indices into a
network's stops and data.LINES); the shops on the board are one tuple of owner seats
per stop. A scoring result is a list of `Item(stop, seat, points, reason)`, the
itemised list REQ-PP-10 asks for.

`NET` is the current network (rules revision 2); `NETWORKS[1]` the withdrawn one that
records of engines before 0.2.0 replay on. Every scoring function takes the network
(the current one by default), so a state of either revision scores on its own map.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from belle.games.paris_paris import data

Shops = Sequence[tuple[int, ...]]
"""Per stop, the seats owning its shops (0, 1 or 2 entries)."""

SMALL, CROSSING, ADJACENT = "small excursion shop", "crossing shop", "adjacent shop"


class CardKind(NamedTuple):
    """A stop card (PP-10): the stop it names and the colour of its segment."""

    stop: int
    line: int
    copies: int  # how many such cards the deck holds


@dataclass(frozen=True, slots=True)
class Network:
    """The map as tables indexed by stop number (stop i is `stops[i]`)."""

    revision: int  # the rules revision that plays on this network
    stops: tuple[data.StopSpec, ...]
    lines: tuple[data.LineSpec, ...]
    ids: tuple[str, ...]
    names: tuple[str, ...]
    routes: tuple[tuple[int, ...], ...]  # per line, its stops in route order
    lines_at: tuple[tuple[int, ...], ...]  # per stop, the lines through it (PP-5)
    is_crossing: tuple[bool, ...]
    is_terminus: tuple[bool, ...]
    capacity: tuple[int, ...]  # PP-27
    crossings: tuple[tuple[int, ...], ...]  # per line, its crossings in route order
    neighbours: tuple[tuple[int, ...], ...]  # per stop, one segment away on any line
    line_neighbours: tuple[dict[int, tuple[int, ...]], ...]  # per stop: line -> stops
    cards: tuple[CardKind, ...]  # P-4: the deck, derived from the routes
    card_of: dict[tuple[int, int], int]  # (stop, line) -> card kind


def build_network(
    revision: int, stops: tuple[data.StopSpec, ...], lines: tuple[data.LineSpec, ...]
) -> Network:
    ids = tuple(s.id for s in stops)
    index = {stop_id: i for i, stop_id in enumerate(ids)}
    routes = tuple(tuple(index[s] for s in line.stops) for line in lines)
    lines_at = tuple(
        tuple(li for li, route in enumerate(routes) if stop in route) for stop in range(len(ids))
    )
    is_crossing = tuple(len(lines) == 2 for lines in lines_at)  # PP-5
    is_terminus = tuple(
        any(stop in (route[0], route[-1]) for route in routes) for stop in range(len(ids))
    )
    line_neighbours: list[dict[int, tuple[int, ...]]] = []
    for stop in range(len(ids)):
        per_line: dict[int, tuple[int, ...]] = {}
        for li in lines_at[stop]:
            route = routes[li]
            at = route.index(stop)
            per_line[li] = tuple(route[j] for j in (at - 1, at + 1) if 0 <= j < len(route))
        line_neighbours.append(per_line)
    cards = _derive_deck(routes)
    return Network(
        revision=revision,
        stops=stops,
        lines=lines,
        ids=ids,
        names=tuple(s.name for s in stops),
        routes=routes,
        lines_at=lines_at,
        is_crossing=is_crossing,
        is_terminus=is_terminus,
        capacity=tuple(
            data.CAPACITY_CROSSING if c else data.CAPACITY_OTHER for c in is_crossing
        ),
        crossings=tuple(tuple(s for s in route if is_crossing[s]) for route in routes),
        neighbours=tuple(
            tuple(n for ns in per_line.values() for n in ns) for per_line in line_neighbours
        ),
        line_neighbours=tuple(line_neighbours),
        cards=cards,
        card_of={(c.stop, c.line): k for k, c in enumerate(cards)},
    )


def _derive_deck(routes: tuple[tuple[int, ...], ...]) -> tuple[CardKind, ...]:
    """P-4, PP-8: one card per segment end, so 1 per terminus, 2 per middle stop and
    colour. Derived from the routes, never typed in (a route correction fixes it)."""
    copies: dict[tuple[int, int], int] = {}
    for li, route in enumerate(routes):
        for a, b in itertools.pairwise(route):
            for stop in (a, b):
                copies[(stop, li)] = copies.get((stop, li), 0) + 1
    return tuple(CardKind(stop, li, n) for (stop, li), n in copies.items())


def _revision_1() -> Network:
    """The withdrawn network of rules revision 1 (data.REVISION_1_ROUTES)."""
    lines = tuple(dataclasses.replace(line, stops=data.REVISION_1_ROUTES[line.colour],
                                      provenance="withdrawn") for line in data.LINES)
    used = {stop for line in lines for stop in line.stops}
    stops = tuple(s for s in (*data.STOPS, *data.WITHDRAWN_STOPS) if s.id in used)
    return build_network(1, stops, lines)


NET = build_network(2, data.STOPS, data.LINES)
NETWORKS: dict[int, Network] = {1: _revision_1(), 2: NET}
"""The network each rules revision plays on (GameInfo.revisions)."""
NUM_STOPS = len(NET.ids)
NUM_LINES = len(NET.routes)
CARDS = NET.cards
NUM_CARDS = len(CARDS)
CARD_OF = NET.card_of


def check_network(net: Network = NET) -> list[str]:
    """The known counts of rules section 3 (PP-3..9, PP-11); [] when all hold."""
    problems = []
    if len(net.routes) != 5 or any(len(r) != 7 for r in net.routes):
        problems.append("PP-3/PP-4: 5 lines of 7 stops")
    if any(len(c) != 4 for c in net.crossings):
        problems.append("PP-7: 4 crossings per line")
    if any(net.is_crossing[s] and net.is_terminus[s] for s in range(len(net.ids))):
        problems.append("PP-9: a crossing is never a terminus")
    if sum(c.copies for c in net.cards) != data.DECK_SIZE:
        problems.append("PP-11: 60 cards")
    if len(net.cards) != len(NET.cards):
        problems.append("35 card kinds on every network (one dense action codec)")
    return problems


@dataclass(frozen=True, slots=True)
class Readings:
    """PP-73: the readings of the ambiguous rules in one object; defaults as the rules.

    Each flag switches to the named alternative reading.
    """

    small_each_direction: bool = False  # PP-40/P-10: nearest stop in each direction
    adjacent_for_all: bool = False  # PP-52/P-11: adjacent shops score for any owner
    adjacent_line_only: bool = False  # PP-54/P-11: adjacency along the toured line only
    self_removed_out: bool = False  # PP-33/P-9: self-removed shops leave the game
    returns_two_players: bool = False  # P-8: 2 players, removed shops go back to owner


READING_NAMES = (
    "small_each_direction",
    "adjacent_for_all",
    "adjacent_line_only",
    "self_removed_out",
    "returns_two_players",
)


def readings_from(names: Sequence[str]) -> Readings:
    return Readings(**{name: name in names for name in READING_NAMES})


class Item(NamedTuple):
    """One line of an excursion's scoring (REQ-PP-10)."""

    stop: int
    seat: int
    points: int
    reason: str


def _shop_items(stop: int, owners: tuple[int, ...], points: int, reason: str) -> list[Item]:
    """One item per owner, `points` per shop it has at `stop` (PP-43)."""
    if len(owners) < 2:  # the usual stop: empty or one shop (search scores thousands)
        return [Item(stop, owners[0], points, reason)] if owners else []
    items = []
    for seat in sorted(set(owners)):
        items.append(Item(stop, seat, points * owners.count(seat), reason))
    return items


def nearest_occupied(
    shops: Shops, stop: int, line: int, each_direction: bool, net: Network = NET
) -> list[int]:
    """PP-39..42: the nearest occupied stops along `line` from the empty `stop`.

    Both directions are searched, counting segments along the line only (PP-41). By
    default only the nearer one scores, both on a tie (PP-40); `each_direction` takes
    the nearest in each direction (P-10). No occupied stop: nobody (PP-42).
    """
    route = net.routes[line]
    at = route.index(stop)
    found: list[tuple[int, int]] = []  # (distance, stop)
    for step in (-1, 1):
        j = at + step
        while 0 <= j < len(route):
            if shops[route[j]]:
                found.append((abs(j - at), route[j]))
                break
            j += step
    if not found or each_direction:
        return [s for _, s in found]
    best = min(d for d, _ in found)
    return [s for d, s in found if d == best]


def small_excursion(
    shops: Shops, card: int, readings: Readings, net: Network = NET
) -> list[Item]:
    """PP-37..43: the leftover card's stop scores 1 per shop; if empty, the nearest."""
    kind = net.cards[card]
    if shops[kind.stop]:  # PP-38
        return _shop_items(kind.stop, shops[kind.stop], data.SMALL_EXCURSION_POINTS, SMALL)
    items: list[Item] = []
    for stop in nearest_occupied(shops, kind.stop, kind.line, readings.small_each_direction,
                                 net):
        items.extend(_shop_items(stop, shops[stop], data.SMALL_EXCURSION_POINTS, SMALL))
    return items


def _adjacent_stops(
    crossing: int, line: int, readings: Readings, net: Network
) -> tuple[int, ...]:
    """PP-54: one segment away on either line (or on the toured line only, P-11)."""
    if readings.adjacent_line_only:
        return net.line_neighbours[crossing][line]
    return net.neighbours[crossing]


def big_excursion(
    shops: Shops, line: int, readings: Readings, net: Network = NET
) -> list[Item]:
    """PP-49..57: the bus tours `line`; only its crossings score.

    At each crossing, each shop scores 1 for its owner (PP-50); each player with a shop
    there also scores 1 per own shop on the adjacent stops (PP-51, PP-53), once however
    many shops he has at the crossing (PP-55). An adjacent crossing's shops count here
    and again when the bus reaches it (PP-56); nothing else scores (PP-57).
    """
    items: list[Item] = []
    for_all = readings.adjacent_for_all
    for crossing in net.crossings[line]:
        owners = shops[crossing]
        if not owners and not for_all:
            continue  # nobody scores here (PP-50, PP-52)
        items.extend(_shop_items(crossing, owners, data.CROSSING_SHOP_POINTS, CROSSING))
        near = [seat for stop in _adjacent_stops(crossing, line, readings, net)
                for seat in shops[stop]]
        scorers = sorted(set(near)) if for_all else sorted(set(owners))
        for seat in scorers:  # PP-52: by default only owners at the crossing
            count = near.count(seat)
            if count:
                items.append(Item(crossing, seat, data.ADJACENT_SHOP_POINTS * count, ADJACENT))
    return items


def add_small_points(shops: Shops, card: int, readings: Readings, net: Network,
                     points: list[list[int]], component: int) -> None:
    """`small_excursion`'s points added to each seat's `points[seat][component]`, without
    listing the items (search plays thousands of rounds a second; the items are worked
    out again from the shops when a view asks, ParisParisState.excursions)."""
    kind = net.cards[card]
    owners = shops[kind.stop]
    if not owners:  # PP-39..42
        owners = tuple(seat for stop in nearest_occupied(
            shops, kind.stop, kind.line, readings.small_each_direction, net)
            for seat in shops[stop])
    for seat in owners:  # PP-38, PP-43: per shop
        points[seat][component] += data.SMALL_EXCURSION_POINTS


def add_big_points(shops: Shops, line: int, readings: Readings, net: Network,
                   points: list[list[int]], component: int) -> None:
    """`big_excursion`'s points added to each seat's `points[seat][component]`, without
    listing the items (as add_small_points)."""
    for_all = readings.adjacent_for_all
    for crossing in net.crossings[line]:
        owners = shops[crossing]
        if not owners and not for_all:
            continue  # PP-50, PP-52
        for seat in owners:  # PP-50
            points[seat][component] += data.CROSSING_SHOP_POINTS
        near = [seat for stop in _adjacent_stops(crossing, line, readings, net)
                for seat in shops[stop]]
        if not near:
            continue
        for seat in set(near) if for_all else set(owners):  # PP-51..55
            count = near.count(seat)
            if count:
                points[seat][component] += data.ADJACENT_SHOP_POINTS * count


def bag_scores(bag: Sequence[int]) -> list[int]:
    """PP-62..64: the sole leader in the bag scores 1 per shop; a tie, or 2 players,
    scores nothing."""
    scores = [0] * len(bag)
    if len(bag) < data.BAG_MIN_PLAYERS:  # PP-64
        return scores
    top = max(bag)
    leaders = [seat for seat, n in enumerate(bag) if n == top]
    if top > 0 and len(leaders) == 1:  # PP-63: a tie scores nothing
        scores[leaders[0]] = data.BAG_POINTS_PER_SHOP * top
    return scores


def totals(items: Sequence[Item], players: int) -> list[int]:
    """Points per seat of a list of items."""
    points = [0] * players
    for item in items:
        points[item.seat] += item.points
    return points

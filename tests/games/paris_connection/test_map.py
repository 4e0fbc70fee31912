"""The reconstructed map and component data of Paris Connection, checked against the rules.

The map is a reconstruction (rules reference, gaps G-1 to G-5), so most of these tests
check the guidance the gaps give rather than facts from the box. The graph helpers are
written here on purpose: they re-derive adjacency from data.py alone, independently of
the engine's rules.py.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterable

from belle.games.paris_connection import data
from belle.games.paris_connection.data import HexSpec

Coord = tuple[int, int]

# Pointy-top axial directions in clockwise order, starting north-east.
CLOCKWISE_FROM_NE: tuple[Coord, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

HEX_AT: dict[Coord, HexSpec] = {(h.q, h.r): h for h in data.HEXES}
BLOCKED: set[frozenset[Coord]] = {frozenset(edge) for edge in data.BLOCKED_EDGES}
CITIES = [h for h in data.HEXES if h.kind == "city"]
STARTS = [h for h in data.HEXES if h.kind == "start"]
EIFFEL = [h for h in data.HEXES if h.kind == "eiffel"]
MARSEILLE = next(h for h in data.HEXES if h.name == "Marseille")
LOCOMOTIVES_IN_BAG = data.LOCOMOTIVES_INTO_BAG_PER_COMPANY * len(data.COMPANIES)


# -- helpers ------------------------------------------------------------------------
def coord(h: HexSpec) -> Coord:
    return (h.q, h.r)


def grid_neighbours(c: Coord) -> list[Coord]:
    """Existing hexes next to c, ignoring checkered edges."""
    q, r = c
    return [(q + dq, r + dr) for dq, dr in CLOCKWISE_FROM_NE if (q + dq, r + dr) in HEX_AT]


def neighbours(c: Coord) -> list[Coord]:
    """Adjacent hexes: existing, and not across a checkered edge (PC-39)."""
    return [n for n in grid_neighbours(c) if frozenset((c, n)) not in BLOCKED]


def buildable(c: Coord) -> bool:
    """A locomotive may go there: not the Eiffel Tower or a start hex (PC-43)."""
    return HEX_AT[c].kind in ("rural", "city")


def distances(sources: Iterable[Coord], passable: Callable[[Coord], bool]) -> dict[Coord, int]:
    """Breadth-first distances from the sources, entering only passable hexes."""
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in dist and passable(there):
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def disjoint_paths(
    sources: Iterable[Coord], sinks: set[Coord], through: Callable[[Coord], bool]
) -> int:
    """How many paths from the sources to the sinks share no hex (vertex-disjoint).

    Unit-capacity max flow with every hex split into in/out nodes: the sources start the
    paths, each sink ends one, and the hexes in between must satisfy `through`. A path
    has at least one hex in between: a sink right next to a source does not count.
    """
    source_set = set(sources)
    capacity: dict[tuple[object, object], int] = {}
    graph: dict[object, set[object]] = {}

    def arc(a: object, b: object, units: int = 1) -> None:
        capacity[(a, b)] = capacity.get((a, b), 0) + units
        capacity.setdefault((b, a), 0)
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)

    for c in HEX_AT:
        if c in source_set:
            arc("S", ("out", c), len(HEX_AT))
        elif c in sinks:
            arc(("in", c), ("out", c))
            arc(("out", c), "T")
        elif through(c):
            arc(("in", c), ("out", c))
        else:
            continue
        if c in sinks:
            continue
        for n in neighbours(c):
            if n in source_set or (n in sinks and c in source_set):
                continue
            if n in sinks or through(n):
                arc(("out", c), ("in", n))
    flow = 0
    while True:
        parent: dict[object, object] = {"S": "S"}
        queue: deque[object] = deque(["S"])
        while queue and "T" not in parent:
            node = queue.popleft()
            for nxt in graph.get(node, ()):
                if nxt not in parent and capacity[(node, nxt)] > 0:
                    parent[nxt] = node
                    queue.append(nxt)
        if "T" not in parent:
            return flow
        node = "T"
        while node != "S":
            prev = parent[node]
            capacity[(prev, node)] -= 1
            capacity[(node, prev)] += 1
            node = prev
        flow += 1


def corners(edge: frozenset[Coord]) -> list[frozenset[Coord]]:
    """The two corners of a hex edge, each named by the three hexes that meet there."""
    a, b = sorted(edge)
    d = (b[0] - a[0], b[1] - a[1])
    i = CLOCKWISE_FROM_NE.index(d)
    return [
        frozenset((a, b, (a[0] + dq, a[1] + dr)))
        for dq, dr in (CLOCKWISE_FROM_NE[i - 1], CLOCKWISE_FROM_NE[(i + 1) % 6])
    ]


def blocked_runs() -> list[int]:
    """Sizes of the runs of checkered edges: edges that share a corner join one run."""
    edges = list(BLOCKED)
    run_of = list(range(len(edges)))

    def root(i: int) -> int:
        while run_of[i] != i:
            i = run_of[i]
        return i

    seen: dict[frozenset[Coord], int] = {}
    for i, edge in enumerate(edges):
        for corner in corners(edge):
            if corner in seen:
                run_of[root(i)] = root(seen[corner])
            else:
                seen[corner] = i
    return sorted(Counter(root(i) for i in range(len(edges))).values())


# -- companies and components -------------------------------------------------------
def test_six_companies_with_distinct_ids_letters_and_colours() -> None:
    """PC-10, G-6: six companies, neutral ids C1..C6, distinct names, letters, colours."""
    companies = data.COMPANIES
    assert [c.id for c in companies] == ["C1", "C2", "C3", "C4", "C5", "C6"]
    for field in ("name", "letter", "css", "ansi"):
        assert len({getattr(c, field) for c in companies}) == 6, field
    assert all(len(c.letter) == 1 and c.letter.isupper() for c in companies)
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c.css) for c in companies)


def test_company_terminal_colours_are_rich_colours() -> None:
    """G-6: the terminal colour of each company is a colour Rich knows."""
    from rich.color import Color

    for company in data.COMPANIES:
        Color.parse(company.ansi)


def test_component_counts() -> None:
    """PC-10, PC-19, PC-20, PC-22: 33 per colour; 31 go into the bag, 186 in all."""
    assert data.LOCOMOTIVES_PER_COMPANY * len(data.COMPANIES) == 198
    assert data.LOCOMOTIVES_INTO_BAG_PER_COMPANY == data.LOCOMOTIVES_PER_COMPANY - 2
    assert LOCOMOTIVES_IN_BAG == 186


def test_player_count_tables() -> None:
    """PC-1, PC-23, PC-24, PC-56, PC-64, PC-31: the tables by player count."""
    assert data.DRAWN_PER_PLAYER == {3: 10, 4: 8, 5: 6, 6: 5}
    assert data.PORTFOLIO_LIMIT == {3: 20, 4: 15, 5: 12, 6: 10}
    assert all(n * drawn <= LOCOMOTIVES_IN_BAG for n, drawn in data.DRAWN_PER_PLAYER.items())
    assert data.EXCESS_PENALTY == 20
    assert data.MAX_BUILD == 5


def test_value_track_and_city_colours() -> None:
    """PC-7, PC-9, G-7: cities are beige 1, purple 2, red 3, blue 4; the track shows 30."""
    assert data.CITY_VALUE_NAMES == {1: "beige", 2: "purple", 3: "red", 4: "blue"}
    assert data.VALUE_TRACK_MAX == 30


# -- hexes --------------------------------------------------------------------------
def test_hexes_are_unique_and_listed_by_row_then_q() -> None:
    """G-1: one entry per coordinate, in reading order (by r, then q)."""
    coords = [coord(h) for h in data.HEXES]
    assert len(set(coords)) == len(coords)
    assert coords == sorted(coords, key=lambda c: (c[1], c[0]))


def test_every_value_has_a_provenance_tag() -> None:
    """G-1 to G-7: every company, hex and the checkered edges carry one of the three tags
    (an owner who corrects a value from the board retags it "public")."""
    tags = {"seed", "public", "reconstructed"}
    assert {c.provenance for c in data.COMPANIES} <= tags
    assert {h.provenance for h in data.HEXES} <= tags
    assert data.BLOCKED_EDGES_PROVENANCE in tags


def test_eiffel_tower_hex_is_unique_and_ringed_by_the_start_hexes() -> None:
    """PC-4, PC-5: one Eiffel Tower hex; its six neighbours are exactly the six start
    hexes, one for each company."""
    assert len(EIFFEL) == 1
    ring = set(grid_neighbours(coord(EIFFEL[0])))
    assert len(ring) == 6
    assert ring == {coord(h) for h in STARTS}
    assert len(STARTS) == len(data.COMPANIES)


def test_start_hexes_carry_no_company() -> None:
    """PC-19, G-4 (public): which colour starts where is drawn at setup, so the map names
    no company; the engine fills the start hexes clockwise from the north-east."""
    from belle.games.paris_connection.rules import BOARD

    assert "company" not in data.HexSpec.__dataclass_fields__
    eq, er = coord(EIFFEL[0])
    assert [BOARD.coords[h] for h in BOARD.start_slots] == [
        (eq + dq, er + dr) for dq, dr in CLOCKWISE_FROM_NE]


def test_values_and_names_by_kind() -> None:
    """PC-7, PC-43: cities are worth 1 to 4 and are named; rural, Eiffel Tower and start
    hexes are worth 0."""
    for h in data.HEXES:
        if h.kind == "city":
            assert h.value in (1, 2, 3, 4) and h.name, h
        else:
            assert h.value == 0, h
        if h.kind in ("rural", "start"):
            assert h.name is None, h
    assert len({h.name for h in CITIES}) == len(CITIES)


def test_nimes_and_beziers_not_montpellier() -> None:
    """G-2 (public): the printed board has Nîmes and Béziers and no Montpellier; the
    names public sources confirm are tagged in data.PUBLIC_CITY_NAMES."""
    names = {h.name for h in CITIES}
    assert {"Nîmes", "Béziers"} <= names
    assert "Montpellier" not in names
    assert names >= data.PUBLIC_CITY_NAMES
    assert {"Nîmes", "Béziers", "Marseille"} <= data.PUBLIC_CITY_NAMES


def test_the_colour_set_is_public() -> None:
    """G-6: red, blue, black, brown, yellow and purple, confirmed by three public sources."""
    assert {c.name for c in data.COMPANIES} == {
        "red", "blue", "black", "brown", "yellow", "purple"}
    assert {c.provenance for c in data.COMPANIES} == {"public"}


def test_marseille_is_the_only_blue_city() -> None:
    """PC-8: exactly one city is worth 4, and it is Marseille."""
    blue = [h for h in data.HEXES if h.value == 4]
    assert [h.name for h in blue] == ["Marseille"]
    assert blue[0].kind == "city"


def test_cities_per_colour() -> None:
    """G-2: about 32 cities, about 14 beige, 9 purple, 8 red and 1 blue (ours: 13 beige,
    9 purple, 8 red with Nîmes and Béziers, and Marseille)."""
    assert Counter(h.value for h in CITIES) == {1: 13, 2: 9, 3: 8, 4: 1}


def test_no_two_cities_are_neighbours() -> None:
    """G-2: a rural hex separates any two cities (a city takes only one company)."""
    city_coords = {coord(h) for h in CITIES}
    for h in CITIES:
        assert not city_coords.intersection(grid_neighbours(coord(h))), h.name


def test_land_hex_count_and_capacity() -> None:
    """G-1: 110 to 140 land hexes; two slots per rural hex plus one per city is well above
    the 186 locomotives in the bag, so the supply ending comes from play, not space."""
    assert 110 <= len(data.HEXES) <= 140
    rural = sum(1 for h in data.HEXES if h.kind == "rural")
    capacity = 2 * rural + len(CITIES)
    assert capacity > LOCOMOTIVES_IN_BAG * 1.1


# -- checkered edges ----------------------------------------------------------------
def test_blocked_edges_join_neighbouring_hexes_without_duplicates() -> None:
    """PC-6, PC-39, G-5: each checkered edge lies between two neighbouring hexes of the
    map, and none is listed twice (in either order)."""
    for a, b in data.BLOCKED_EDGES:
        assert a in HEX_AT and b in HEX_AT, (a, b)
        assert b in grid_neighbours(a), (a, b)
    assert len(BLOCKED) == len(data.BLOCKED_EDGES)


def test_blocked_edges_come_in_short_runs() -> None:
    """G-5: 20 to 30 checkered edges, in runs of 2 to 6 edges."""
    assert 20 <= len(BLOCKED) <= 30
    runs = blocked_runs()
    assert all(2 <= size <= 6 for size in runs), runs


def test_no_start_hex_or_city_is_walled_in() -> None:
    """G-5: no start hex or city has all its edges checkered."""
    for h in STARTS + CITIES:
        assert any(buildable(n) for n in neighbours(coord(h))), h


def test_map_is_connected() -> None:
    """G-1, G-5: every hex can be reached from the Eiffel Tower, and every buildable hex
    from some start hex through buildable hexes (nothing is sealed off at setup)."""
    assert set(distances([coord(EIFFEL[0])], lambda c: True)) == set(HEX_AT)
    reached = distances([coord(h) for h in STARTS], buildable)
    assert {c for c in HEX_AT if buildable(c)} <= set(reached)


# -- routes -------------------------------------------------------------------------
def test_every_start_reaches_marseille_and_a_city() -> None:
    """PC-44, G-9, G-4: at setup every company can build from its start hex to a city
    and to Marseille, never through the Eiffel Tower or another start hex."""
    for start in STARTS:
        reach = distances([coord(start)], buildable)
        assert coord(MARSEILLE) in reach, start
        assert any(coord(h) in reach for h in CITIES if h is not MARSEILLE), start


def test_marseille_is_10_to_12_hexes_from_the_nearest_start() -> None:
    """G-3: the shortest legal path from the nearest start hex to Marseille takes 10 to 12
    locomotives, so a line needs two or three builds and the table sees it coming."""
    reach = distances([coord(h) for h in STARTS], buildable)
    assert 10 <= reach[coord(MARSEILLE)] <= 12


def test_marseille_has_two_separate_corridors() -> None:
    """G-3: two routes from the start hexes to Marseille share no hex, so one blocker
    cannot seal it off."""
    starts = [coord(h) for h in STARTS]
    assert disjoint_paths(starts, {coord(MARSEILLE)}, buildable) >= 1
    approaches = {n for n in neighbours(coord(MARSEILLE)) if buildable(n)}
    assert disjoint_paths(starts, approaches, lambda c: buildable(c) and c != coord(MARSEILLE)) >= 2


def test_two_disjoint_rural_routes_out_of_each_start() -> None:
    """G-4: at setup each start hex has two routes through rural hexes, sharing no hex,
    to two different cities, so no company starts boxed in."""

    def rural(c: Coord) -> bool:
        return HEX_AT[c].kind == "rural"

    city_coords = {coord(h) for h in CITIES}
    for start in STARTS:
        assert disjoint_paths([coord(start)], city_coords, rural) >= 2, start

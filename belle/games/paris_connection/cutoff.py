"""PC-44 (G-9): the joint cut-off test, exact, kept incrementally as one route per company.

The rule: after every placement, the companies not yet on a city (PC-45) must all be able
to build to cities *at the same time*: one route for each, from a hex next to its track
to an empty city, such that no city ends two routes and no rural hex is crossed by more
routes than it has free places (2 minus its locomotives). docs/decisions.md ("Paris
Connection: the joint cut-off test") argues the two facts this module rests on:

1. The condition is a single-commodity max-flow, not a disjoint-paths problem: a company
   may end at *any* empty city, so the sinks are interchangeable, and a route never needs
   to cross its own company's hexes (it can start after the last one). With node
   capacities (free places) and one unit of supply per company, the condition holds iff
   the max flow equals the number of companies to route. Polynomial and exact.
2. Kept incrementally it is cheap: the state holds one valid route per company. A
   placement on a hex no route needs, or on its own company's route, keeps every route
   valid. Only a placement on a hex the routes saturate ("critical") needs work: first
   the displaced company alone looks for a new route (a bitset breadth-first search),
   then, if that fails, the exact max flow decides.

Hex sets are bitsets, as in rules.py. A route is a tuple of hexes: the first next to its
company's track, the last an empty city, none holding the company.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from belle.games.paris_connection.rules import BOARD, Board, expand, hexes_in

Routes = tuple[tuple[int, ...], ...]
"""Per company: its route, or () for a company that needs none (already on a city)."""


class Routing(NamedTuple):
    """One route per company (or ()) and, per company, the hexes of its route."""

    routes: Routes
    bits: tuple[int, ...]


def routing(routes: Routes) -> Routing:
    return Routing(routes, tuple(sum(BOARD.bit[h] for h in route) for route in routes))


class Position(NamedTuple):
    """What the exact test reads of a position."""

    board: Board
    room: int  # hexes with at least one free place
    room2: int  # hexes with two free places (empty rural hexes)
    network: Sequence[int]  # per company: the hexes holding it
    routed: int  # bit c: company c needs a route (it is not on a city, PC-45)


def loads(bits: Sequence[int]) -> tuple[int, int]:
    """The hexes one route crosses or more, and those two routes cross or more."""
    once = twice = 0
    for b in bits:
        twice |= once & b
        once |= b
    return once, twice


def saturated(bits: Sequence[int], room2: int) -> int:
    """Hexes where one more locomotive breaks a route: a hex with one free place that a
    route crosses, or an empty rural hex that two routes cross."""
    once, twice = loads(bits)
    return (once & ~room2) | twice


def fits(bits: Sequence[int], room: int, room2: int) -> bool:
    """Every route within the free places (`room`, `room2`)."""
    once = twice = thrice = 0
    for b in bits:
        thrice |= twice & b
        twice |= once & b
        once |= b
    return not (once & ~room or twice & ~room2 or thrice)


def own_update(current: Routing, company: int, h: int, connected: bool) -> Routing:
    """The routes once `company` is placed on `h`, before any other company moves: on a
    city it needs no route any more (PC-45); on a hex of its own route, the route now
    starts after that hex. Every route stays valid, except perhaps at `h` itself."""
    route = current.routes[company]
    bit = BOARD.bit[h]
    if connected:
        route, bits = (), 0
    elif current.bits[company] & bit:
        cut = route.index(h)
        bits = current.bits[company]
        for x in route[:cut + 1]:
            bits &= ~BOARD.bit[x]
        route = route[cut + 1:]
    else:
        return current
    return Routing((*current.routes[:company], route, *current.routes[company + 1:]),
                   (*current.bits[:company], bits, *current.bits[company + 1:]))


def placement_routing(
    board: Board, room: int, room2: int, network: Sequence[int], routed: int,
    company: int, h: int, current: Routing,
) -> Routing | None:
    """PC-44 for placing `company` on `h`, a hex some other route needs in full: valid
    routes after it, or None if it is illegal.

    `room`, `room2` and `routed` are those after the placement, `network` the one before
    it; `current` held before it. Only `h` lost a place, so one route through `h` has to
    move: each company whose route crosses `h` first tries alone; if none can, the exact
    test decides (an augmenting path, which may move every route).
    """
    routes, bits = current
    if not routed >> company & 1 and routes[company]:  # it reaches a city here (PC-45)
        routes = (*routes[:company], (), *routes[company + 1:])
        bits = (*bits[:company], 0, *bits[company + 1:])
        if fits(bits, room, room2):
            return Routing(routes, bits)
    once, twice = loads(bits)  # no hex is crossed three times: the routes fit
    bit = BOARD.bit[h]
    through = [d for d in range(len(bits)) if bits[d] & bit]
    for d in through:
        mine = bits[d]  # what the others need, without d's route:
        taken = (twice & ~mine) | ((twice | (once & ~mine)) & ~room2)
        path = reroute(board, room & ~taken, network[d])
        if path is not None:
            return Routing((*routes[:d], path[0], *routes[d + 1:]),
                           (*bits[:d], path[1], *bits[d + 1:]))
    if not all(can_reach_city(board, room, network[d]) for d in through):
        return None
    after = list(network)
    after[company] |= bit
    d = through[0]
    without = Routing((*routes[:d], (), *routes[d + 1:]), (*bits[:d], 0, *bits[d + 1:]))
    return augment(Position(board, room, room2, after, routed), without, d)


_MEMO_LIMIT = 1 << 16
_reroutes: dict[tuple[int, int, int], tuple[tuple[int, ...], int] | None] = {}
_reaches: dict[tuple[int, int, int], bool] = {}


def reroute(board: Board, passable: int, network: int) -> tuple[tuple[int, ...], int] | None:
    """A shortest route (and its hexes) from the hexes next to `network` through
    `passable` to a city in it; None if there is none. A pure function of its arguments
    (the board is the current one), remembered: search meets the same ones again."""
    key = (passable, network, board.city_mask)
    if key in _reroutes:
        return _reroutes[key]
    if len(_reroutes) >= _MEMO_LIMIT:
        _reroutes.clear()
    found = _shortest_route(board, passable, network)
    _reroutes[key] = found
    return found


def _shortest_route(
    board: Board, passable: int, network: int
) -> tuple[tuple[int, ...], int] | None:
    cities = board.city_mask
    region = frontier = network
    layers = [region]
    while frontier:
        step = expand(frontier & ~cities) & passable & ~region
        layers.append(step)
        found = step & cities
        if found:
            return _backtrack(layers, found & -found)
        region |= step
        frontier = step
    return None


def _backtrack(layers: list[int], target: int) -> tuple[tuple[int, ...], int]:
    """The path from layer 1 to `target` (a bit of the last layer), one hex per layer."""
    bits = target
    path = [BOARD.hex_at[target.bit_length() - 1]]
    for layer in reversed(layers[1:-1]):
        before = BOARD.neighbour_mask[path[-1]] & layer
        low = before & -before
        bits |= low
        path.append(BOARD.hex_at[low.bit_length() - 1])
    path.reverse()
    return tuple(path), bits


def can_reach_city(board: Board, room: int, network: int) -> bool:
    """Could a company holding `network` reach an empty city if no other company needed
    room? A necessary condition of PC-44: when it fails, the joint one fails too.
    Remembered, as `reroute`."""
    key = (room, network, board.city_mask)
    known = _reaches.get(key)
    if known is None:
        if len(_reaches) >= _MEMO_LIMIT:
            _reaches.clear()
        known = _reaches[key] = _reaches_city(board, room, network)
    return known


def _reaches_city(board: Board, room: int, network: int) -> bool:
    cities = board.city_mask & room
    region = frontier = network
    while frontier:
        step = expand(frontier & ~cities) & room & ~region
        if step & cities:
            return True
        region |= step
        frontier = step
    return False


# -- the exact test: one augmenting path in the residual graph ----------------------------
#
# The routes are a flow of one unit per routed company. Nodes: for each hex x, in(x) and
# out(x) joined by x's free places; out(x) leads to in(y) for every neighbour y with room
# (out of a city only to the sink: a route ends at its first city); company e leads to
# in(y) for the hexes next to its track. With every company but `d` routed, the routes
# can be completed iff the residual graph has a path from d to the sink (Ford-Fulkerson;
# every other company already sends its unit, so d is the only source left). The search
# runs on bitsets, one layer of in nodes, out nodes and companies at a time.


class _Residual(NamedTuple):
    avail: int  # in(x) -> out(x) has room: x has a free place no route uses
    loaded: int  # out(x) -> in(x) can be undone: some route crosses x
    pred: dict[int, int]  # y -> the hexes x with a route going x -> y (undo out(x)<-in(y))
    firsts: dict[int, int]  # y -> the companies whose route starts at y (bits)


def augment(pos: Position, current: Routing, d: int) -> Routing | None:
    """Routes for `d` (which has none in `current`) and the others, moving the others'
    routes if need be; None if no system of routes exists (PC-44 fails)."""
    residual = _residual(pos, current, d)
    layers = _search(pos, current, residual, d)
    if layers is None:
        return None
    starts, arcs = _flow_of(current, d)
    for kind, a, b in _steps_back(pos, current, residual, layers):
        if kind == "arc":  # out(a) -> in(b) gains a unit
            arcs[(a, b)] = arcs.get((a, b), 0) + 1
        elif kind == "undo":  # a route's arc a -> b gives its unit back
            arcs[(a, b)] -= 1
        else:  # company a now starts at b
            starts[a] = b
    routes = list(current.routes)
    for e in range(len(routes)):
        if pos.routed >> e & 1:
            routes[e] = _follow(pos, e, starts[e], arcs)
    return routing(tuple(routes))


def _residual(pos: Position, current: Routing, d: int) -> _Residual:
    others = [b for e, b in enumerate(current.bits) if e != d]
    once = 0
    for b in others:
        once |= b
    pred: dict[int, int] = {}
    firsts: dict[int, int] = {}
    for e, route in enumerate(current.routes):
        if e == d or not route:
            continue
        firsts[route[0]] = firsts.get(route[0], 0) | 1 << e
        for x, y in pairwise(route):
            pred[y] = pred.get(y, 0) | BOARD.bit[x]
    return _Residual(pos.room & ~saturated(others, pos.room2), once, pred, firsts)


def _starts(pos: Position, e: int) -> int:
    """The hexes company e's track touches, with room (its arcs from the source side)."""
    network = pos.network[e]
    return expand(network) & pos.room & ~network


Layer = tuple[int, int, int]  # in nodes, out nodes, companies (bits)


def _search(pos: Position, current: Routing, res: _Residual, d: int) -> list[Layer] | None:
    """Breadth-first layers from company d until a city's out node with no route (the
    sink is one step further); None if the sink cannot be reached."""
    cities = pos.board.city_mask
    seen_in = seen_out = 0
    seen_companies = 1 << d
    layers: list[Layer] = [(0, 0, 1 << d)]
    ins, outs, companies = 0, 0, 1 << d
    while ins or outs or companies:
        new_out = ins & res.avail
        new_in = (expand(outs & ~cities) & pos.room) | (outs & res.loaded)
        new_companies = 0
        for y in hexes_in(ins & _mask(res.pred)):
            new_out |= res.pred[y]
        for y in hexes_in(ins & _mask(res.firsts)):
            new_companies |= res.firsts[y]
        for e in _bits(companies):
            new_in |= _starts(pos, e) & ~_first_bit(current, e)
        new_in &= ~seen_in
        new_out &= ~seen_out
        new_companies &= ~seen_companies
        seen_in |= new_in
        seen_out |= new_out
        seen_companies |= new_companies
        ins, outs, companies = new_in, new_out, new_companies
        layers.append((ins, outs, companies))
        if outs & cities & ~res.loaded:
            return layers
    return None


def _mask(table: dict[int, int]) -> int:
    return sum(BOARD.bit[h] for h in table)


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _first_bit(current: Routing, e: int) -> int:
    route = current.routes[e]
    return BOARD.bit[route[0]] if route else 0


Step = tuple[str, int, int]  # "arc" / "undo" x -> y (hexes), "start" company -> hex


def _steps_back(
    pos: Position, current: Routing, res: _Residual, layers: list[Layer]
) -> list[Step]:
    """The augmenting path, read back from the last layer to company d."""
    cities = pos.board.city_mask
    ins, outs, _ = layers[-1]
    found = outs & cities & ~res.loaded
    node = ("out", BOARD.hex_at[(found & -found).bit_length() - 1])
    steps: list[Step] = []
    for ins, outs, companies in reversed(layers[:-1]):
        kind, x = node
        if kind == "out":
            if ins & BOARD.bit[x] and res.avail & BOARD.bit[x]:
                node = ("in", x)  # in(x) -> out(x): through x
            else:
                y = next(y for y in hexes_in(ins) if res.pred.get(y, 0) & BOARD.bit[x])
                steps.append(("undo", x, y))  # the route arc x -> y is taken back
                node = ("in", y)
        elif kind == "in":
            bit = BOARD.bit[x]
            behind = BOARD.neighbour_mask[x] & outs & ~cities
            if behind:
                w = BOARD.hex_at[(behind & -behind).bit_length() - 1]
                steps.append(("arc", w, x))
                node = ("out", w)
            elif outs & bit and res.loaded & bit:
                node = ("out", x)  # out(x) -> in(x): a route through x gives way
            else:
                e = next(e for e in _bits(companies)
                         if _starts(pos, e) & ~_first_bit(current, e) & bit)
                steps.append(("start", e, x))
                node = ("company", e)
        else:  # company x reached back from its first hex: it will start elsewhere
            node = ("in", current.routes[x][0])
    return steps


def _flow_of(current: Routing, d: int) -> tuple[list[int], dict[tuple[int, int], int]]:
    """The routes as a flow: each company's first hex, and the arcs between hexes."""
    starts = [-1] * len(current.routes)
    arcs: dict[tuple[int, int], int] = {}
    for e, route in enumerate(current.routes):
        if e == d or not route:
            continue
        starts[e] = route[0]
        for x, y in pairwise(route):
            arcs[(x, y)] = arcs.get((x, y), 0) + 1
    return starts, arcs


def _follow(pos: Position, e: int, first: int, arcs: dict[tuple[int, int], int]) -> tuple[int, ...]:
    """Company e's unit of flow, hex by hex to its city: cycles dropped, own hexes cut."""
    path = [first]
    while not pos.board.is_city[path[-1]]:
        x = path[-1]
        y = next(y for y in BOARD.neighbours[x] if arcs.get((x, y), 0) > 0)
        arcs[(x, y)] -= 1
        if y in path:
            del path[path.index(y) + 1:]  # a cycle of the flow
        else:
            path.append(y)
    own = [i for i, h in enumerate(path) if pos.network[e] & BOARD.bit[h]]
    return tuple(path[own[-1] + 1:] if own else path)


def max_flow_routes(pos: Position) -> Routes | None:
    """Routes for every company in `pos.routed` from none at all, or None."""
    current = Routing(((),) * len(pos.network), (0,) * len(pos.network))
    for c in range(len(pos.network)):
        if pos.routed >> c & 1:
            found = augment(pos._replace(routed=pos.routed & ((1 << (c + 1)) - 1)), current, c)
            if found is None:
                return None
            current = found
    return current.routes


def _start_routes() -> Routes:
    """Routes for the six start hexes at setup, by slot (clockwise from the north-east).

    They depend on the map alone, not on which colour a hex gets (PC-19), so they are
    worked out once. G-5 asks that every map pass the test at setup.
    """
    slots = BOARD.start_slots
    position = Position(BOARD, BOARD.buildable_mask, BOARD.rural_mask,
                        [BOARD.bit[h] for h in slots], (1 << len(slots)) - 1)
    routes = max_flow_routes(position)
    if routes is None:
        raise ValueError("the map fails the cut-off test (PC-44) at setup")
    return routes


START_ROUTES: Routes = _start_routes()
START_ROUTE_BITS: tuple[int, ...] = routing(START_ROUTES).bits

"""How much city value a company can still collect: the search behind heuristic.py.

`reach_gains(board, network, room, left)` is, for 0..left more placements, the most city
value a company holding `network` can collect: shortest ways over the hexes where it may
still place (a free place, not holding it, PC-37..43), the cut-off rule (PC-44) aside, a
city collected when a way ends on it, and collected cities sources of further ways. It
depends on the map only, which every seat sees, so it is the same in every
determinization.

The search is over sets of cities: a set costs the fewest placements of an order that
collects it, each city as far as it is from the network or a city collected before. Two
orders that collect the same set leave the same distances on, so only the cheaper one
is grown. Cities are bits of a small int ranked by value, highest first (`_Cities`), and
a set's distances are layers (`within[r]`: the cities at most r placements away), so
the best city of a ring is its lowest bit and joining two sets' distances is one `|` a
layer. Search (ISMCTS) asks for a new network in most iterations, so this is a hot path.
A set grown last (two placements left) is not grown but its two rings read inline; with
the city that makes it, it adds at most the best city within reach not yet taken, so
once a city of the ring cannot beat the best known at `left` - 1 and `left` this way,
no later city of the ring (worth no more) can: the rest of the ring is skipped. Only a
strictly better value is ever recorded, so this skips nothing the search would record.

A known flaw, kept (docs/decisions.md, "ISMCTS speed: Paris Connection at mid-game"): a
set is grown only while two placements are left after it (`total + 2 > left`), as if the
next city were always two placements away; a city next to the network costs one, so a
small budget can miss it (with 2 left from a network beside two cities, it finds one
city where both are reachable). The greedy bot's and ISMCTS's play, and the goldens
that record them, rest on the search as it is.

Answers are kept per network as placements land (`_KEPT`): an answer found on free hexes
`free` holds on any fewer free hexes that still hold the ways it used, for fewer hexes
never shorten a way (so the search finds nothing better) and those ways are as short as
they were (so it finds as much). Else they are cached by the free hexes within `left`
placements of the network: the search never looks further. Every free hexes that give
the same hexes within reach give them on their union too (a way leaving them would leave
them from one of the sets), so a cached answer keeps the union of those it was asked on
(`Reach.free`) as the free hexes it was found on, and is kept again, first.

A search for `left` also answers for fewer (`Reach.upto`): a build's placements left and
its company's next full build are one search (heuristic.py). For `count` < `left` it
grows the same sets as a search for `count` up to `count` - 2 placements, so it finds the
same best below `count`; at `count` it may also collect a city one placement after a set
grown at `count` - 1, which a search for `count` does not grow (the flaw): `early` keeps
the best without those. A kept answer holds for `upto(count)` only while the way of that
best holds too (`used(count)`).
"""

from __future__ import annotations

from operator import or_
from typing import TypeAlias

from belle.games.paris_connection.rules import Board, expand

_CACHE_SIZE = 1 << 15
_KEPT_PER_NETWORK = 4
_ROWS_PER_CITY = 1 << 12
_MOST_LEFT = 8  # a search's placements (a build is at most 5, PC-31): `_row`'s keys


class _Cities:
    """A board's cities ranked by value, highest first (ties: lower hex bit first):
    rank r is the bit 1 << r, so the most valuable city of a set is its lowest bit.
    `rows` caches each city's layers per radius (`_row`)."""

    __slots__ = ("bit_of", "rank_of", "rows", "value")

    def __init__(self, board: Board) -> None:
        ranked = sorted((h for h in range(board.size) if board.is_city[h]),
                        key=lambda h: (-board.values[h], board.bit[h]))
        self.rank_of = {board.bit[h]: 1 << r for r, h in enumerate(ranked)}
        self.bit_of = {1 << r: board.bit[h] for r, h in enumerate(ranked)}
        self.value = {1 << r: board.values[h] for r, h in enumerate(ranked)}
        # (rank << 3 | radius) -> (the hexes within radius of the city, layers by the
        # free ones among them)
        self.rows: dict[int, tuple[int, dict[int, list[int]]]] = {}


_Order: TypeAlias = "tuple[()] | tuple[_Order, int]"
"""The ranked cities of a collection in order, as nested pairs (what came before, the
last): () for none. Search records many and reads few (`Reach.used`), and a pair is
cheaper to build than a flat tuple."""


def _ranks(order: _Order) -> tuple[int, ...]:
    """The ranked cities of `order`, first to last."""
    ranks: list[int] = []
    while order:
        order, rank = order
        ranks.append(rank)
    return tuple(reversed(ranks))


class Reach:
    """One search's answer for `left` placements, the answers for fewer (`upto`), and
    the hexes of its ways, worked out when first asked (most networks a search meets
    are never asked about again)."""

    __slots__ = ("_used", "_used_upto", "board", "early", "early_orders", "free", "gains",
                 "network", "orders", "passable")

    def __init__(self, board: Board, network: int, passable: int, gains: tuple[int, ...],
                 orders: list[_Order], early: list[int], early_orders: list[_Order]) -> None:
        self.board = board
        self.network = network
        self.passable = passable
        self.gains = gains
        self.orders = orders  # per count, the ranked cities of one best, in order
        # per count, the best collected (and its order) where the last city is not one
        # placement after a set grown: what a search for exactly that many finds last
        self.early = early
        self.early_orders = early_orders
        # the free hexes it holds for (reach): those it was asked on, which all lead to
        # `passable`, so their union does too
        self.free = passable
        self._used: int | None = None
        self._used_upto: dict[int, int] | None = None  # used(count) beyond used()

    def upto(self, count: int) -> tuple[int, ...]:
        """The search's answer for `count` ≤ left placements. The cut-off (the flaw the
        module describes) grows a set only while two placements are left after it, so a
        smaller budget grows the same sets up to two before its end, and finds the same
        best for every smaller count; at its last count it misses only the cities
        collected one placement after a set grown one before the end."""
        if not 0 < count < len(self.gains) - 1:
            return self.gains[:count + 1]
        return (*self.gains[:count], max(self.gains[count - 1], self.early[count]))

    def used(self, count: int | None = None) -> int:
        """The hexes of one set of shortest ways that collect each best value, and with a
        `count`, the way of `upto(count)`'s last value too: a kept answer holds for
        `upto` only while that way does."""
        if self._used is None:
            self._used = self._ways(set(self.orders))
        if count is None or not 0 < count < len(self.gains) - 1 \
                or self.early[count] <= self.gains[count - 1]:
            return self._used
        if self._used_upto is None:
            self._used_upto = {}
        found = self._used_upto.get(count)
        if found is None:
            found = self._used_upto[count] = self._used | self._ways({self.early_orders[count]})
        return found

    def _ways(self, orders: set[_Order]) -> int:
        """The hexes of one shortest way to each city of each order, in turn."""
        bit_of = _cities(self.board).bit_of
        used = 0
        for order in orders:
            sources = self.network
            for rank in _ranks(order):
                city = bit_of[rank]
                used |= _way(sources, city, self.passable)
                sources |= city
        return used


_KEPT: dict[tuple[int, int, int], list[Reach]] = {}
_CACHE: dict[tuple[int, int, int, int], Reach] = {}


def reach_gains(board: Board, network: int, room: int, left: int) -> tuple[int, ...]:
    """For 0..left more placements, the most city value a company holding `network` can
    collect (non-decreasing); kept and cached as the module says."""
    return reach(board, network, room, left).gains


def reach(board: Board, network: int, room: int, left: int,
          count: int | None = None) -> Reach:
    """The search's answer for `network` and `left` placements (reach_gains), to be
    asked `upto(count)` as well when a count is given."""
    free = room & ~network
    key = (id(board), network, left)
    kept = _KEPT.get(key)
    if kept is not None:
        for found in kept:
            if free & ~found.free:
                continue
            used = found._used if count is None else None  # used() once worked out
            if used is None:
                used = found.used(count)
            if not used & ~free:
                return found
    passable = _near(network, free, left)
    cache_key = (id(board), network, passable, left)
    cached = _CACHE.get(cache_key)
    if cached is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        cached = _CACHE[cache_key] = search(board, network, passable, left)
    # every free hexes it was asked on lead to the same `passable`, and so do their union
    cached.free |= free
    _keep(key, cached)
    return cached


def _keep(key: tuple[int, int, int], found: Reach) -> None:
    """Remember the last few answers of one network and budget, the last asked first."""
    if len(_KEPT) >= _CACHE_SIZE:
        _KEPT.clear()
    kept = _KEPT.get(key)
    if kept is None:
        _KEPT[key] = [found]
    else:
        if found in kept:
            kept.remove(found)
        kept.insert(0, found)
        del kept[_KEPT_PER_NETWORK:]


def _near(network: int, passable: int, radius: int) -> int:
    """The hexes of `passable` at most `radius` placements from `network`."""
    seen = frontier = network
    for _ in range(radius):
        frontier = expand(frontier) & passable & ~seen
        if not frontier:
            break
        seen |= frontier
    return seen & passable


def search(board: Board, network: int, passable: int, left: int) -> Reach:
    """The search over sets of cities (module docstring) on the hexes `passable`."""
    if not 0 <= left < _MOST_LEFT:
        raise ValueError(f"a reach search is for 0 to {_MOST_LEFT - 1} placements")
    cities = _cities(board)
    value = cities.value
    on_map = passable & board.city_mask
    start = _layers(network, passable, on_map, left, cities.rank_of)
    best = [0] * (left + 1)
    orders: list[_Order] = [()] * (left + 1)
    early = [0] * (left + 1)  # Reach.early (below `left`: upto answers it from best)
    early_orders: list[_Order] = [()] * (left + 1)
    fewest: dict[int, int] = {}  # a set of cities collected -> the fewest placements spent
    rows: dict[int, list[int]] = {}  # a city -> its layers
    grown = left - 2  # the last count after which a set is grown (the flaw, below)
    penult = left - 1

    def grow(spent: int, gained: int, within: list[int], taken: int, order: _Order) -> None:
        """Collect one more city of each ring around the set `taken` (hot path)."""
        seen = taken
        total = spent
        # a ring `distance` > 1 away (or any ring from the network) counts for `early`
        early_from = spent + 2 if spent else 1
        for layer in within[1:left - spent + 1]:
            total += 1
            ring = layer & ~seen
            if not ring:
                continue
            seen |= ring
            top = ring & -ring
            here = gained + value[top]
            if here > best[total]:
                best[total] = here
                orders[total] = (order, top)
            if total >= early_from and here > early[total]:
                early[total] = here
                early_orders[total] = (order, top)
            # the flaw the module docstring describes: grown only while two are left
            if total < grown:
                while ring:
                    city = ring & -ring
                    ring ^= city
                    now = taken | city
                    if fewest.get(now, left) <= total:
                        continue
                    fewest[now] = total
                    near = rows.get(city)
                    if near is None:
                        near = rows[city] = _row(cities, city, passable, on_map,
                                                 left - _first(start, city))
                    # a way through a collected city is a way from the set too
                    grow(total, gained + value[city],  # noqa: F821 (`del grow` below)
                         list(map(or_, within, near)), now, (order, city))
            elif total == grown:  # a set grown here grows no further: its two rings inline
                first, second = within[1], within[2]
                # no city beyond the set is worth more than the best one within reach
                rest = start[left] & ~taken
                most = value[rest & -rest]
                while ring:
                    city = ring & -ring
                    here = gained + value[city]
                    if here + most <= best[penult] and here + most <= best[left]:
                        break  # nor can the next cities of the ring, worth no more
                    ring ^= city
                    near = rows.get(city)
                    if near is None:
                        near = rows[city] = _row(cities, city, passable, on_map,
                                                 left - _first(start, city))
                    seen_here = taken | city
                    around = (first | near[1]) & ~seen_here
                    if around:
                        seen_here |= around
                        top = around & -around
                        if here + value[top] > best[penult]:
                            best[penult] = here + value[top]
                            orders[penult] = ((order, city), top)
                    around = (second | near[2]) & ~seen_here
                    if around:
                        top = around & -around
                        if here + value[top] > best[left]:
                            best[left] = here + value[top]
                            orders[left] = ((order, city), top)

    if start[left]:
        grow(0, 0, start, 0, ())
    # `grow` holds itself through its closure: a cycle that only the garbage collector
    # would free, with the search's tables in it, thousands a second under search
    del grow
    for count in range(1, left + 1):
        if best[count - 1] >= best[count]:
            best[count], orders[count] = best[count - 1], orders[count - 1]
    return Reach(board, network, passable, tuple(best), orders, early, early_orders)


def _first(within: list[int], city: int) -> int:
    """The first layer of `within` that holds `city` (which one does)."""
    distance = 1
    while not within[distance] & city:
        distance += 1
    return distance


_CITIES: dict[int, _Cities] = {}


def _cities(board: Board) -> _Cities:
    """The ranked cities of `board` (one table per map)."""
    found = _CITIES.get(id(board))
    if found is None:
        found = _CITIES[id(board)] = _Cities(board)
    return found


def _layers(source: int, passable: int, cities: int, radius: int,
            rank_of: dict[int, int]) -> list[int]:
    """`within[r]` for r in 0..radius: the ranked `cities` at most r placements over
    `passable` from the hexes `source`."""
    within = [0] * (radius + 1)
    seen = frontier = source
    found = 0
    for step in range(1, radius + 1):
        frontier = expand(frontier) & passable & ~seen
        if not frontier:
            within[step:] = [found] * (radius + 1 - step)
            break
        seen |= frontier
        reached = frontier & cities
        while reached:
            low = reached & -reached
            found |= rank_of[low]
            reached ^= low
        within[step] = found
    return within


def _row(cities: _Cities, rank: int, passable: int, on_map: int, radius: int) -> list[int]:
    """_layers from one city, cached by the hexes of `passable` within `radius` steps of
    it: the only ones its search can meet, which a placement elsewhere leaves as they
    are. Asked a dozen times a search: keyed by small ints, not tuples."""
    key = rank << 3 | radius  # radius < _MOST_LEFT
    slot = cities.rows.get(key)
    if slot is None:
        city = cities.bit_of[rank]
        slot = cities.rows[key] = (_near(city, ~city, radius), {})
    around, known = slot
    found = known.get(passable & around)
    if found is None:
        if len(known) >= _ROWS_PER_CITY:
            known.clear()
        city = cities.bit_of[rank]
        found = known[passable & around] = _layers(city, passable, on_map, radius,
                                                   cities.rank_of)
    return found


def _way(sources: int, target: int, passable: int) -> int:
    """The hexes of one shortest way over `passable` from `sources` to `target` (target
    included, sources not); all of `passable` if none is found by stepping back."""
    layers = []
    seen = frontier = sources
    while not frontier & target:
        frontier = expand(frontier) & passable & ~seen
        if not frontier:
            return passable
        seen |= frontier
        layers.append(frontier)
    way = at = target
    for layer in reversed(layers[:-1]):
        back = expand(at) & layer
        if not back:
            return passable  # an edge open one way only: keep the answer to these hexes
        at = back & -back
        way |= at
    return way


def reach_search(board: Board, network: int, passable: int, left: int) -> tuple[int, ...]:
    """The search alone, uncached (tests compare the cached answers with it)."""
    return search(board, network, passable, left).gains

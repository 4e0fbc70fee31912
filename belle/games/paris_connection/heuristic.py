"""The evaluation of a Paris Connection position that the greedy bot plays one ply over.

A seat's standing is its share value (PC-62, PC-64: shares × company value, −20 per
share over the limit) minus the best opponent's. A turn is several actions (`build c`
then placements; `return c` then `take`), so a position in the middle of a turn is
valued as the mover will finish it; otherwise a one-ply player sees no gain in the
first action of a turn, and picks it at random (engine 0.2.0's greedy bot built a
company it held no share of in a third of its builds, and traded only to shed shares
worth nothing):

- during a trade (PC-49..53), the mover takes the one or two shares best for its own
  standing at today's values, so `return c` is worth the whole trade, prospects counted
  on the boards that take leaves;
- during a build (PC-31, PC-46), the building company gains the most city value it can
  still reach with the placements left, and the mover stops where its standing is
  best, so `build c` and each placement are worth the best build they lead to.

The reach is an estimate: shortest ways over the hexes where the company may still
place (a free place, not holding it, PC-37..43), the cut-off rule (PC-44) aside, a
city collected when a way ends on it. It depends on the map only, which every seat
sees, so it is the same in every determinization; it is cached by the free hexes near
the company, so a position reuses the reach of every company that the last
placements did not come near.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from belle.games.paris_connection import data
from belle.games.paris_connection.rules import Board, expand, portfolio_score

if TYPE_CHECKING:
    from belle.games.paris_connection.state import ParisConnectionState

NO_COMPANY = -1
_CACHE: dict[tuple[int, int, int, int], tuple[tuple[int, ...], int]] = {}
_CACHE_SIZE = 1 << 15
# per (board, network, placements left): recent (free hexes, hexes of the ways used,
# answer), newest first (reach_gains)
_KEPT: dict[tuple[int, int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
_KEPT_PER_NETWORK = 4
PROSPECT_WEIGHT = 1.0


def heuristic(state: ParisConnectionState, seat: int) -> float:
    """The standing of `seat` once the mover has finished the turn as the module says."""
    values = state.values.copy()
    if state.phase != "play":
        return float(standing(state.portfolio, values, state.limit, seat))
    portfolios: Sequence[Sequence[int]] = state.portfolio
    mover = state.to_move
    if state.phase == "play" and state.building != NO_COMPANY:
        values[state.building] = _finished_build_value(state, values)
    elif state.phase == "play" and state.returned != NO_COMPANY:
        own, supply = _best_take(state, values)
        portfolios = [*portfolios[:mover], own, *portfolios[mover + 1:]]
        return float(standing(portfolios, _with_prospects(state, values, supply),
                              state.limit, seat))
    return float(standing(portfolios, _with_prospects(state, values), state.limit, seat))


def _with_prospects(state: ParisConnectionState, values: list[int],
                    supply: Sequence[int] | None = None) -> list[int]:
    """Each company's value plus what its next full build could still add, weighted by
    the share of the supply still on the boards (the game ends as they empty, PC-58).
    `supply` is the boards' after a take not yet applied (the state's by default)."""
    supply = state.supply if supply is None else supply
    start = sum(state.supply_at_start or supply) or 1
    weight = PROSPECT_WEIGHT * sum(supply) / start
    if weight <= 0:
        return values
    return [value + round(weight * reach_gains(state.board, state.network[c], state.room,
                                               min(data.MAX_BUILD, supply[c]))[-1])
            if supply[c] else value
            for c, value in enumerate(values)]


def standing(portfolios: Sequence[Sequence[int]], values: Sequence[int], limit: int,
             seat: int) -> int:
    """Own score minus the best other score."""
    scores = [portfolio_score(p, values, limit) for p in portfolios]
    own = scores[seat]
    scores[seat] = min(scores) - 1
    return own - max(scores)


def _finished_build_value(state: ParisConnectionState, values: list[int]) -> int:
    """The building company's value once the mover stops where it stands best."""
    company = state.building
    base = values[company] + state.pending_gain
    left = min(data.MAX_BUILD - state.placed, state.supply[company])
    if left <= 0:
        return base
    options = reach_gains(state.board, state.network[company], state.room, left)
    values[company] = base
    # a gain moves each seat's score by its shares of the company times the gain
    scores = [portfolio_score(p, values, state.limit) for p in state.portfolio]
    shares = [p[company] for p in state.portfolio]
    mover = state.to_move
    best_value, best_standing = base, None
    seen = -1
    for gain in options:
        if gain == seen:
            continue
        seen = gain
        own = scores[mover] + shares[mover] * gain
        here = own - max(score + shares[s] * gain for s, score in enumerate(scores)
                         if s != mover)
        if best_standing is None or here > best_standing:
            best_value, best_standing = base + gain, here
    return best_value


def _best_take(state: ParisConnectionState,
               values: list[int]) -> tuple[list[int], list[int]]:
    """The mover's portfolio after the take best for its standing at today's values
    (PC-49..53), and the boards after it: the caller adds the prospects of the boards the
    take leaves, for the share taken no longer waits on its board for the next build.
    Valued on the boards before the take, a share whose take emptied its board kept a
    prospect it had just lost, and boxed-in players swapped one share for one round after
    round, each return giving its company the prospect that made the next player take it
    back (session 4: four of seven games ended by PC-71)."""
    mover = state.to_move
    own = state.portfolio[mover]
    best, best_supply = list(own), list(state.supply)
    best_standing = None
    for company in range(len(own)):
        if company == state.returned or not state.supply[company]:
            continue
        for count in (1, 2):
            if state.supply[company] < count:
                break
            after = list(own)
            after[company] += count
            supply = list(state.supply)
            supply[company] -= count
            portfolios = [*state.portfolio[:mover], after, *state.portfolio[mover + 1:]]
            here = standing(portfolios, values, state.limit, mover)
            if best_standing is None or here > best_standing:
                best, best_supply, best_standing = after, supply, here
    return best, best_supply


def reach_gains(board: Board, network: int, room: int, left: int) -> tuple[int, ...]:
    """For 0..left more placements, the most city value a company holding `network` can
    collect (non-decreasing).

    Kept per network as placements land (`_KEPT`): an answer found on free hexes `free`
    holds on any fewer free hexes that still hold the ways it used, for fewer hexes
    never shorten a way (so the search finds nothing better) and those ways are as
    short as they were (so it finds as much); a position thus reuses the reach of
    every company whose best ways no placement since has touched. Else cached by the
    free hexes within `left` placements of the network: the search never looks further
    (a way it can use is at most `left` long)."""
    free = room & ~network
    kept = _KEPT.get((id(board), network, left))
    if kept is not None:
        for was_free, used, found in kept:
            if not free & ~was_free and not used & ~free:
                return found
    passable = _near(network, free, left)
    key = (id(board), network, passable, left)
    cached = _CACHE.get(key)
    if cached is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        cached = _CACHE[key] = _reach_gains_used(board, network, passable, left)
    gains, used = cached
    _keep((id(board), network, left), free, used, gains)
    return gains


def _keep(key: tuple[int, int, int], free: int, used: int, gains: tuple[int, ...]) -> None:
    """Remember the last few answers of one network and budget with the ways they used."""
    if len(_KEPT) >= _CACHE_SIZE:
        _KEPT.clear()
    kept = _KEPT.setdefault(key, [])
    kept.insert(0, (free, used, gains))
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


def _reach_gains(board: Board, network: int, passable: int, left: int) -> tuple[int, ...]:
    """The search over the orders in which to collect cities (_reach_gains_used)."""
    return _reach_gains_used(board, network, passable, left)[0]


def _reach_gains_used(board: Board, network: int, passable: int,
                      left: int) -> tuple[tuple[int, ...], int]:
    """The search over the orders in which to collect cities, and the hexes of one set of
    shortest ways that collect each best value. Where two orders collect the same set,
    the one that spent fewer placements leaves at least as much to do (the same value
    collected, the same distances on), so the other is not searched further: the answer
    is the same, found in far fewer steps."""
    cities = passable & board.city_mask
    value_of = _city_values(board)
    from_city: dict[int, dict[int, int]] = {}
    best = [0] * (left + 1)
    orders: list[tuple[int, ...]] = [()] * (left + 1)  # the cities of each best, in order
    fewest: dict[int, int] = {}  # a set of cities collected -> the fewest placements spent
    # A way through collected cities is a way from the network too, so a city is at
    # least `start[city]` placements in: its ways on are needed only `left - that` far.
    start = _distances(network, passable, cities, left)

    def grow(spent: int, gained: int, cost: dict[int, int], taken: int,
             order: tuple[int, ...]) -> None:
        for city, distance in cost.items():
            total = spent + distance
            if total > left or city & taken:
                continue
            collected = gained + value_of[city]
            if collected > best[total]:
                best[total] = collected
                orders[total] = (*order, city)
            if total + 2 > left:  # cities are never neighbours: the next is 2 away
                continue
            now = taken | city
            if fewest.get(now, left + 1) <= total:
                continue
            fewest[now] = total
            reach = from_city.get(city)
            if reach is None:
                reach = from_city[city] = _city_distances(board, city, passable, cities,
                                                          left - start[city])
            merged = dict(cost)
            for other, d in reach.items():
                if d < merged.get(other, left + 1):
                    merged[other] = d
            grow(total, collected, merged, now, (*order, city))

    grow(0, 0, start, 0, ())
    for i in range(1, left + 1):
        if best[i - 1] >= best[i]:
            best[i], orders[i] = best[i - 1], orders[i - 1]
    used = 0
    for order in set(orders):
        sources = network
        for city in order:
            used |= _way(sources, city, passable)
            sources |= city
    return tuple(best), used


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


_CITY_VALUES: dict[int, dict[int, int]] = {}


def _city_values(board: Board) -> dict[int, int]:
    """The value of each city of `board`, by its bit."""
    found = _CITY_VALUES.get(id(board))
    if found is None:
        found = _CITY_VALUES[id(board)] = {
            board.bit[h]: board.values[h] for h in range(board.size)
            if board.bit[h] & board.city_mask}
    return found


_AROUND: dict[tuple[int, int], int] = {}
_FROM_CITY: dict[tuple[int, int, int, int], dict[int, int]] = {}


def _city_distances(board: Board, city: int, passable: int, cities: int,
                    radius: int) -> dict[int, int]:
    """_distances from one city of `board` (`cities`: its cities in `passable`), cached
    by the hexes of `passable` within `radius` steps of it: the only ones its search
    can meet, which a placement elsewhere leaves as they are."""
    around = _AROUND.get((city, radius))
    if around is None:
        around = _AROUND[(city, radius)] = _near(city, ~city, radius)
    key = (id(board), city, passable & around, radius)
    found = _FROM_CITY.get(key)
    if found is None:
        if len(_FROM_CITY) >= _CACHE_SIZE:
            _FROM_CITY.clear()
        found = _FROM_CITY[key] = _distances(city, passable, cities, radius)
    return found


def _distances(source: int, passable: int, cities: int, radius: int) -> dict[int, int]:
    """Placements needed from the hexes `source` to each city in `cities` (≤ radius)."""
    found: dict[int, int] = {}
    seen = frontier = source
    for step in range(1, radius + 1):
        frontier = expand(frontier) & passable & ~seen
        if not frontier:
            break
        seen |= frontier
        reached = frontier & cities
        while reached:
            low = reached & -reached
            found[low] = step
            reached ^= low
    return found

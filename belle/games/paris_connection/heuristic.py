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

from collections.abc import Iterable, Sequence
from operator import mul
from typing import TYPE_CHECKING

from belle.games.paris_connection import data
from belle.games.paris_connection.reach import Reach, reach
from belle.games.paris_connection.rules import portfolio_score

if TYPE_CHECKING:
    from belle.games.paris_connection.state import ParisConnectionState

NO_COMPANY = -1
PROSPECT_WEIGHT = 1.0


def heuristic(state: ParisConnectionState, seat: int) -> float:
    """The standing of `seat` once the mover has finished the turn as the module says."""
    return heuristics(state, (seat,))[seat]


def heuristics(state: ParisConnectionState, seats: Iterable[int]) -> dict[int, float]:
    """`heuristic` for each of `seats`: the finished turn is worked out once for all."""
    portfolios, values = _as_finished(state)
    scores = _scores(portfolios, values, state.limit)
    return {seat: float(margin(scores, seat)) for seat in seats}


def _scores(portfolios: Sequence[Sequence[int]], values: Sequence[int],
            limit: int) -> list[int]:
    """rules.portfolio_score of each portfolio, in one pass (search's hot path)."""
    return [sum(map(mul, p, values)) - data.EXCESS_PENALTY * max(0, sum(p) - limit)
            for p in portfolios]


def _as_finished(state: ParisConnectionState) -> tuple[Sequence[Sequence[int]], list[int]]:
    """The portfolios and company values once the mover has finished the turn."""
    values = state.values.copy()
    if state.phase != "play":
        return state.portfolio, values
    if state.building != NO_COMPANY:
        company = state.building
        if not state.supply[company]:
            values[company] += state.pending_gain
            return state.portfolio, _with_prospects(state, values)
        # one search answers both: the placements left and the next full build
        found = reach(state.board, state.network[company], state.room,
                      min(data.MAX_BUILD, state.supply[company]), _left(state))
        values[company] = _finished_build_value(state, values, found)
        return state.portfolio, _with_prospects(state, values, known={company: found})
    if state.returned != NO_COMPANY:
        own, supply = _best_take(state, values)
        mover = state.to_move
        portfolios = [*state.portfolio[:mover], own, *state.portfolio[mover + 1:]]
        return portfolios, _with_prospects(state, values, supply)
    return state.portfolio, _with_prospects(state, values)


def _with_prospects(state: ParisConnectionState, values: list[int],
                    supply: Sequence[int] | None = None,
                    known: dict[int, Reach] | None = None) -> list[int]:
    """Each company's value plus what its next full build could still add, weighted by
    the share of the supply still on the boards (the game ends as they empty, PC-58).
    `supply` is the boards' after a take not yet applied (the state's by default);
    `known`, reaches already found for a full build."""
    supply = state.supply if supply is None else supply
    start = sum(state.supply_at_start or supply) or 1
    weight = PROSPECT_WEIGHT * sum(supply) / start
    if weight <= 0:
        return values
    board, network, room = state.board, state.network, state.room
    most = data.MAX_BUILD
    prospects = values[:]
    for c, left in enumerate(supply):
        if left:
            found = known[c] if known and c in known else reach(
                board, network[c], room, left if left < most else most)
            prospects[c] += round(weight * found.gains[-1])
    return prospects


def margin(scores: list[int], seat: int) -> int:
    """`seat`'s score minus the best of the others' (a game has at least 3 seats)."""
    return scores[seat] - max(scores[:seat] + scores[seat + 1:])


def _finished_build_value(state: ParisConnectionState, values: list[int],
                          found: Reach) -> int:
    """The building company's value once the mover stops where it stands best; `found`:
    its reach for a full build (or the supply left), which answers for fewer."""
    company = state.building
    base = values[company] + state.pending_gain
    left = _left(state)
    if left <= 0:
        return base
    options = found.upto(left)
    values[company] = base
    # a gain moves each seat's score by its shares of the company times the gain
    scores = _scores(state.portfolio, values, state.limit)
    mover = state.to_move
    own, held = scores[mover], state.portfolio[mover][company]
    rivals = [(score, state.portfolio[s][company]) for s, score in enumerate(scores)
              if s != mover]
    best_value, best_standing = base, None
    seen = -1
    for gain in options:
        if gain == seen:
            continue
        seen = gain
        here = own + held * gain - max([score + shares * gain for score, shares in rivals])
        if best_standing is None or here > best_standing:
            best_value, best_standing = base + gain, here
    return best_value


def _left(state: ParisConnectionState) -> int:
    """The placements the building company may still make this build (PC-31)."""
    return min(data.MAX_BUILD - state.placed, state.supply[state.building])


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
    # the others' portfolios stay as they are: the best of their scores is one number
    rival = max(portfolio_score(p, values, state.limit)
                for seat, p in enumerate(state.portfolio) if seat != mover)
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
            here = portfolio_score(after, values, state.limit) - rival
            if best_standing is None or here > best_standing:
                best, best_supply, best_standing = after, supply, here
    return best, best_supply

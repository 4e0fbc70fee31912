"""What each seat may know in Paris Connection (G-12), and determinizations.

Public: the map, company values, storage boards, portfolio sizes, every trade.
Private until the end: the colours behind each screen (PC-16). `resample` deals the
unseen shares again, consistent with the seat's own hand and every open trade.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from operator import add, sub
from typing import TYPE_CHECKING, Any

from belle.engine.game import ScoreLine
from belle.games.paris_connection import data
from belle.games.paris_connection.actions import DEAL, Deal, Start
from belle.games.paris_connection.rules import BOARD
from belle.games.paris_connection.texts import END_REASONS, TEXTS

if TYPE_CHECKING:
    from belle.games.paris_connection.state import ParisConnectionState

LETTERS = [c.letter for c in data.COMPANIES]


# The letters of the companies in a hex's bit mask (bit c: company c), for every mask:
# the board of a view lists some fifty hexes, and every seat's view is built per event.
MASK_LETTERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(letter for c, letter in enumerate(LETTERS) if mask >> c & 1)
    for mask in range(1 << len(LETTERS))
)


def _by_letter(counts: list[int]) -> dict[str, int]:
    return dict(zip(LETTERS, counts, strict=True))


def view(state: ParisConnectionState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of `seat` (None: spectator)."""
    return {**public_view(state), **private_view(state, seat)}


def public_view(state: ParisConnectionState) -> dict[str, Any]:
    """What everyone may know: all but the hands behind the screens (PC-16)."""
    over = state.phase == "over"
    dealt = state.supply_at_start is not None
    result: dict[str, Any] = {
        "game": "paris_connection",
        "players": state.num_players,
        "phase": state.phase,
        "to_move": state.current_player() if state.phase == "play" else None,
        "start_player": state.start_player if state.start_player >= 0 else None,
        "starts": {  # PC-19: drawn at setup
            LETTERS[c]: BOARD.labels[h] if h >= 0 else None for c, h in enumerate(state.start_hex)
        },
        "values": _by_letter(state.values),
        "supply": _by_letter(state.supply) if dealt else None,
        "board": [_hex_entry(h, mask) for h, mask in enumerate(state.hex_companies) if mask],
        "portfolio_sizes": [sum(p) for p in state.portfolio],
        "limit": state.limit,
        "building": None,
        "returned": LETTERS[state.returned] if state.returned >= 0 else None,
        "marseille_connected": state.marseille_connected,
        "stalled_turns": state.stalled_turns,
        **TEXTS.end_fields(state.end_reason, END_REASONS),
    }
    if state.building >= 0:
        result["building"] = {
            "company": LETTERS[state.building],
            "placed": state.placed,
            "pending_gain": state.pending_gain,
        }
    if over:  # PC-61: every screen is lifted
        result["portfolios"] = [_by_letter(p) for p in state.portfolio]
        result["scores"] = state.returns()
        result["ranking"] = state.ranking()
        result["breakdown"] = state.score_breakdown()
    return result


def private_view(state: ParisConnectionState, seat: int | None) -> dict[str, Any]:
    """`seat`'s own hand and its score lines while the screens stand (PC-16)."""
    if state.phase == "over" or seat is None:
        return {"seat": seat}
    return {
        "seat": seat,
        "portfolio": _by_letter(state.portfolio[seat]),
        "breakdown": [
            breakdown(state, seat) if s == seat else None for s in range(state.num_players)
        ],
    }


def board_json() -> dict[str, Any]:
    """The fixed map for the browser renderer (GET /api/games/paris_connection/board).
    Which company starts on which start hex is drawn at setup: views say (`starts`)."""
    index = {(h.q, h.r): i for i, h in enumerate(data.HEXES)}
    return {
        "hexes": [
            {
                "label": BOARD.labels[i], "q": h.q, "r": h.r, "kind": h.kind,
                "value": h.value, "name": h.name,
            }
            for i, h in enumerate(data.HEXES)
        ],
        "blocked_edges": [
            [BOARD.labels[index[a]], BOARD.labels[index[b]]] for a, b in data.BLOCKED_EDGES
        ],
        "companies": [
            {"letter": c.letter, "id": c.id, **TEXTS.fields(name=f"company.{c.letter}"),
             "colour": c.css}
            for c in data.COMPANIES
        ],
    }


@functools.cache
def _hex_entry(hex_index: int, mask: int) -> dict[str, Any]:
    """A board hex's entry in the public view, built once per hex and companies (views
    are read-only, as the score lines below)."""
    return {"hex": BOARD.labels[hex_index], "companies": list(MASK_LETTERS[mask])}


def breakdown(state: ParisConnectionState, seat: int) -> list[ScoreLine]:
    """PC-62 and PC-64 as score-display lines."""
    hand = state.portfolio[seat]
    values = state.values
    lines = [_share_line(company, count, values[company])
             for company, count in enumerate(hand) if count]
    lines.append(_excess_line(sum(hand), state.limit))
    return lines


# A seat's own score lines are in its part of every view, rebuilt at every event: each
# line is worked out once per set of figures (views are read-only: docs/decisions.md).
@functools.cache
def _share_line(company: int, count: int, value: int) -> ScoreLine:
    return TEXTS.score_line(
        "score.shares", count * value, "detail.shares",
        company=TEXTS.message(f"company.{data.COMPANIES[company].letter}"),
        count=count, value=value)


@functools.cache
def _excess_line(held: int, limit: int) -> ScoreLine:
    excess = max(0, held - limit)
    return TEXTS.score_line(
        "score.excess", -data.EXCESS_PENALTY * excess, "detail.excess",
        held=held, limit=limit, excess=excess, penalty=data.EXCESS_PENALTY)


def full_state(state: ParisConnectionState) -> dict[str, Any]:
    """The true state, hidden hands included (tests, snapshots)."""
    return {
        **view(state, None),
        "deal_seat": state.deal_seat,
        "bag": list(state.bag),
        "initial": [list(p) for p in state.initial],
        "all_portfolios": [list(p) for p in state.portfolio],
        "min_initial": [list(p) for p in state.min_initial],
        "history": [state.action_to_string(a) for a in state.history],
    }


def _unseen_pool(state: ParisConnectionState, seat: int) -> list[int]:
    """Per company, how many locomotives were dealt (or are in the bag) unseen by `seat`."""
    mine = state.initial[seat]
    if state.supply_at_start is not None:
        total = [data.LOCOMOTIVES_INTO_BAG_PER_COMPANY - n for n in state.supply_at_start]
    else:
        total = [data.LOCOMOTIVES_INTO_BAG_PER_COMPANY] * len(mine)
    return [t - m for t, m in zip(total, mine, strict=True)]


def resample(state: ParisConnectionState, seat: int, rng: random.Random) -> ParisConnectionState:
    """Deal the other seats' unseen initial shares again (and the bag, mid-deal).

    Each other seat first gets the fewest shares of each company its open returns
    prove it was dealt; the rest of the unseen pool is shuffled and dealt to fill
    each seat's dealt count. Current hands are then initial + the open trades.
    Search draws one of these every iteration: written for speed, it draws from `rng`
    exactly as the plain version in its tests does.
    """
    return resampler(state, seat)(rng)


def resampler(state: ParisConnectionState,
              seat: int) -> Callable[[random.Random], ParisConnectionState]:
    """`resample(state, seat, ·)` for many draws from one state: what every draw shares
    (the unseen pool, each other seat's proven shares, dealt count and open trades, where
    the deals lie in the history) is worked out once, and a draw only deals."""
    if state.phase == "over":
        return lambda rng: state.clone()  # PC-61: every screen is lifted, nothing hidden
    pool = _unseen_pool(state, seat)
    others = [*range(seat), *range(seat + 1, state.num_players)]
    for other in others:
        pool = list(map(sub, pool, state.min_initial[other]))
    unseen: list[int] = []
    for company, count in enumerate(pool):
        unseen += [company] * count
    hands = [(other, tuple(state.min_initial[other]),
              sum(state.initial[other]) - sum(state.min_initial[other]),
              tuple(map(sub, state.portfolio[other], state.initial[other])))
             for other in others]
    deals = _deal_slices(state, seat)
    refill_bag = state.supply_at_start is None

    def draw(rng: random.Random) -> ParisConnectionState:
        new = state.clone()
        rest = unseen[:]
        _shuffle(rest, rng)
        initial, portfolio = new.initial, new.portfolio
        for other, proven, dealt, traded in hands:
            hand = list(proven)
            if dealt:  # dealt from the end of `rest`
                for company in rest[-dealt:]:
                    hand[company] += 1
                del rest[-dealt:]
            initial[other] = hand
            portfolio[other] = list(map(add, hand, traded))
        if refill_bag:
            new.bag = [0] * len(pool)
            for company in rest:
                new.bag[company] += 1
        history = new.history
        for owner, first, end in deals:
            history[first:end] = _deals(tuple(initial[owner]))
        return new

    return draw


def _shuffle(items: list[int], rng: random.Random) -> None:
    """`rng.shuffle(items)`: the same draws, the same order. random.Random's own loop with
    its integer draw (`_randbelow`) written inline, which is a call of its own per item
    (a test holds it to `rng.shuffle`); any other generator shuffles as it does."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@functools.cache
def _deals(hand: tuple[int, ...]) -> tuple[Deal, ...]:
    """The deal entries of a hand, by company."""
    return tuple(DEAL[c] for c, n in enumerate(hand) for _ in range(n))


def _deal_slices(state: ParisConnectionState, seat: int) -> list[tuple[int, int, int]]:
    """Where the history holds each other seat's hidden deal entries: (owner, first, end).
    A resampled state's entries must agree with its hands: the start colours come first
    (PC-19), in public, then every dealt locomotive, seat by seat (PC-23); each other
    seat's entries become its hand, by company."""
    history = state.history
    first = 0
    while first < len(history) and type(history[first]) is Start:
        first += 1
    end = first + sum(map(sum, state.initial))  # one entry per locomotive dealt
    size = state.hand_size
    slices = []
    for owner in range(len(state.initial)):
        start = first + owner * size
        if start >= end:
            break
        if owner != seat:
            slices.append((owner, start, min(start + size, end)))
    return slices

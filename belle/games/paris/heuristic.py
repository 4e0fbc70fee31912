"""Paris: the position's worth for the greedy bot and for search rollouts.

`heuristic(state, seat)` is the seat's estimated worth minus the best opponent's. A
seat's worth is its VP, the district majorities as they stand, and what it holds at
the VP it can still become (docs/games/paris.md, "Greedy heuristic"):

- francs: 1 VP each for the holder of bonus tile 27 (seed: 1 VP per franc at the end),
  for itself and in the eyes of its rivals, and the tile adds the francs its holder can
  still earn before the end; otherwise what they can still buy, less and less as the
  end nears;
- prestige tokens: most of the VP a landmark pays for them, so that they are handed in
  rather than sold for a few francs; resources: most of their price, so that marble and
  gold are kept for a landmark; either at least its sale price in francs' worth;
- bonus and end-game tiles: their effect as it would be used now;
- keys behind the screen: a bank's income and a building to come.

The weights are rough estimates of those worths, not fitted to results; what the
heuristic changed in `belle balance paris` is in docs/games/paris.md ("Balance").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from belle.games.paris import data, rules
from belle.games.paris.rules import NB

if TYPE_CHECKING:
    from belle.games.paris.state import ParisState

AVERAGE_TILE = (12, 6, 3)
UNTILED_SHARE = 0.4
"""Untiled districts count at this share of an average VP tile's awards."""
FRANC_EARLY, FRANC_STACKS_EMPTY, FRANC_LATE = 0.4, 0.2, 0.05
"""A franc's worth to a seat without tile 27: while building tiles are drawn, once the
stacks are empty (keys can only move up), once the end is triggered."""
PRESTIGE_WORTH = (1.5, 2.0, 2.5)
"""Bronze, silver, gold prestige: about 60% of a landmark slot's VP (2–3, 3–4, 4–5)."""
RESOURCE_SHARE = 0.9
"""Resources: this share of their price in francs' worth (buying one is a small loss;
selling one for less than that is not done)."""
KEY_WORTH = 1.2
SHARE_TILE_WORTH = 1.5
"""Tiles 9 and 16 (and the end-game `stack` / `share`): a better move this turn."""
TAKE_ANY_WORTH = 2.0
FRANCS_TO_VP = 27


def franc_worth(state: ParisState, seat: int) -> float:
    """What one more franc behind the seat's screen is worth in VP."""
    if state.bonus_held[seat] >> FRANCS_TO_VP & 1:
        return 1.0
    return _spending_worth(state)


def _spending_worth(state: ParisState) -> float:
    if state.end_triggered:
        return FRANC_LATE
    return FRANC_EARLY if any(state.stack_size) else FRANC_STACKS_EMPTY


def _district_spaces(state: ParisState, d: int) -> list[int]:
    return [*rules.DISTRICT_SPACES[d], *(
        NB + lm for lm in range(data.NUM_LANDMARKS) if state.landmark_district[lm] == d)]


def majorities(state: ParisState) -> list[float]:
    """Per seat, the majority VP as the keys stand: placed VP tiles in full, untiled
    districts at a share of an average tile."""
    players = state.num_players
    worth = [0.0] * players
    for d in range(data.NUM_DISTRICTS):
        tile = state.vp_tile_at[d]
        total, highest = rules.strengths(state.space_keys, _district_spaces(state, d), players)
        if tile >= 0:
            awards, scale = rules.majority_awards(total, highest, state.rules.vp_tiles[tile]), 1.0
        else:
            awards = rules.majority_awards(total, highest, AVERAGE_TILE)
            scale = UNTILED_SHARE
        for s in range(players):
            worth[s] += scale * awards[s]
    return worth


def stock_worth(state: ParisState, seat: int, kind: int, francs: float) -> float:
    """One token (or tile used as one) of `kind` behind the seat's screen."""
    sale = state.rules.sell_price[kind] * francs
    if kind in data.PRESTIGE:
        return max(PRESTIGE_WORTH[kind - data.BRONZE], sale)
    return max(RESOURCE_SHARE * data.BUY_PRICE[kind] * _spending_worth(state), sale)


def _best_token(state: ParisState, seat: int, kinds: tuple[int, ...], francs: float) -> float:
    return max(stock_worth(state, seat, k, francs) for k in kinds)


def effect_worth(state: ParisState, seat: int, kind: str, amount: int, param: int,
                 francs: float) -> float:
    """A bonus or end-game tile's effect (G-6, G-8) if it were used now."""
    if kind == "francs":
        return amount * francs
    if kind == "vp":
        return float(amount)
    if kind == "per_value":
        return float(amount * rules.count_keys_on_value(state.space_keys, seat, param))
    if kind == "per_landmark":
        return float(amount * rules.count_keys_on_landmarks(state.space_keys, seat))
    if kind == "per_district":
        return float(amount * rules.districts_occupied(
            state.space_keys, state.landmark_district, seat))
    if kind == "resource":
        return stock_worth(state, seat, param, francs)
    if kind == "resource_choice":
        return _best_token(state, seat, data.RESOURCES, francs)
    if kind == "prestige_choice":
        return _best_token(state, seat, data.PRESTIGE, francs)
    if kind == "token_choice":
        return _best_token(state, seat, (*data.RESOURCES, *data.PRESTIGE), francs)
    if kind == "two_resources":
        return 2 * _best_token(state, seat, data.RESOURCES, francs)
    if kind == "two_prestige":
        return 2 * _best_token(state, seat, data.PRESTIGE, francs)
    if kind == "resource_and_prestige":
        return (_best_token(state, seat, data.RESOURCES, francs)
                + _best_token(state, seat, data.PRESTIGE, francs))
    if kind == "key":
        return max(0.0, KEY_WORTH - amount * francs) if state.reserve[seat] else 0.0
    if kind in ("stack_own", "share_opponent"):
        return SHARE_TILE_WORTH
    if kind == "take_any":
        return TAKE_ANY_WORTH
    return 0.0  # francs_to_vp: its worth is in the francs


FRANCS_TO_COME_EARLY = 6.0
FRANCS_TO_COME_STACKS_EMPTY = 3.0
"""Francs a seat can still expect to earn while building tiles are drawn, and once the
stacks are empty (none once the end is triggered): what tile 27 will still turn into
VP, beyond the francs already behind the screen (issue 15, rules edition 6)."""


def francs_to_come_worth(state: ParisState) -> float:
    """What tile 27 adds to the francs its holder can still earn: each pays 1 VP instead
    of what a spender makes of it. Without this, greedy valued the tile by the francs
    already held and left it to a player who would fill it later (hoard-francs)."""
    if state.end_triggered:
        return 0.0
    to_come = FRANCS_TO_COME_EARLY if any(state.stack_size) else FRANCS_TO_COME_STACKS_EMPTY
    return to_come * (1.0 - _spending_worth(state))


def holdings(state: ParisState, seat: int) -> float:
    """Francs, tokens, keys and held tiles at the VP they can still become."""
    francs = franc_worth(state, seat)
    worth = state.francs[seat] * francs + KEY_WORTH * state.keys[seat]
    if state.bonus_held[seat] >> FRANCS_TO_VP & 1:
        worth += francs_to_come_worth(state)
    worth += sum(count * stock_worth(state, seat, kind, francs)
                 for kind, count in enumerate(state.stock[seat]) if count)
    held = state.bonus_held[seat]
    while held:
        number = held.bit_length() - 1
        held ^= 1 << number
        spec = state.rules.bonus[number - 1]
        worth += effect_worth(state, seat, spec.kind, spec.amount, spec.kind_param, francs)
    for tile, count in enumerate(state.eg_held[seat]):
        if count:
            spec_e = data.END_TILES[tile]
            worth += count * effect_worth(state, seat, spec_e.kind, spec_e.amount, -1, francs)
    return worth


def hand_in_gain(state: ParisState, seat: int) -> float:
    """On entering a landmark (PARIS-98): the VP its slots pay for the seat's prestige,
    above what the tokens are worth held, so that the move itself shows its reward."""
    if state.to_move != seat or not state.pending or state.pending[0][0] != "prestige":
        return 0.0
    _, landmark, used = state.pending[0]
    francs = franc_worth(state, seat)
    left = list(state.stock[seat])
    gain = 0.0
    for slot, (metal, points) in enumerate(state.rules.landmarks[landmark].slots):
        if used >> slot & 1 or not left[metal]:
            continue
        surplus = points - stock_worth(state, seat, metal, francs)
        if surplus > 0:
            left[metal] -= 1
            gain += surplus
    return gain


def pile_share(state: ParisState, seat: int) -> float:
    """The end-game tiles still in the pile, shared evenly: taking one a rival would
    prize (tile 27's holder a franc tile) is worth that much to the taker too."""
    if not sum(state.eg_pile):
        return 0.0
    francs = franc_worth(state, seat)
    return sum(count * effect_worth(state, seat, spec.kind, spec.amount, -1, francs)
               for spec, count in zip(data.END_TILES, state.eg_pile, strict=True)
               if count) / state.num_players


def worths(state: ParisState) -> list[float]:
    """Every seat's estimated worth (module docstring)."""
    shares = majorities(state)
    return [state.running_vp(s) + shares[s] + holdings(state, s) + hand_in_gain(state, s)
            + pile_share(state, s) for s in range(state.num_players)]


def heuristic(state: ParisState, seat: int) -> float:
    """The seat's worth minus the best opponent's."""
    return heuristics(state, (seat,))[seat]


PLACED_TILE_TIE_BREAK = 1e-3
"""Per VP of the VP tiles on the board (their first amounts): a tie-break, far below any
other difference of worth. A tile placed where no one has a key is worth the same to
every seat as one left in the supply, so without it a bot declined the seed's trigger
(`novptile`) or put the smallest tile down as often as the largest, by chance; with it,
when nothing else differs, the largest tile is placed (docs/games/paris.md)."""


def heuristics(state: ParisState, seats: Iterable[int]) -> dict[int, float]:
    """`heuristic` for several seats, the worths computed once (search asks so)."""
    worth = worths(state)
    placed = PLACED_TILE_TIE_BREAK * sum(
        state.rules.vp_tiles[t][0] for t in state.vp_tile_at if t >= 0)
    return {seat: worth[seat] - max(w for i, w in enumerate(worth) if i != seat) + placed
            for seat in seats}

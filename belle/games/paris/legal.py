"""Paris legal actions: what the player to move may do in each phase (PARIS-50..126),
and what chance may do at a chance node, as functions over a ParisState. state.py
applies actions; this module only reads, save the two memos it keeps on the state for
`moves` (`open_spaces`, `key_mask`), which state.py forgets or updates as the board
changes.

Legal-action lists are built from prebuilt singletons (actions.py), so they allocate no
action objects; `move_legal` is the fast test `ParisState.is_legal` uses for moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from belle.games.paris import actions as act
from belle.games.paris import data, rules
from belle.games.paris.actions import Action, Move
from belle.games.paris.rules import (
    NB,
    NO_COST,
    RANDOM_TOKEN_SPOTS,
    SPACE_VALUE,
    TILE_COST,
    TILE_TYPE,
    ZONE_NUMBERS,
)

if TYPE_CHECKING:
    from belle.games.paris.state import ParisState

STEP1, STEP2, BENEFIT = "step1", "step2", "benefit"
ND = data.NUM_DISTRICTS
NV = data.NUM_VALUES


# -- chance ----------------------------------------------------------------
def chance_outcomes(state: ParisState) -> list[tuple[Action, float]]:
    """The outcomes of the chance phase under way, with their probabilities."""
    phase = state.phase
    if phase == "first":
        players = state.num_players
        return [(act.FIRST[s], 1 / players) for s in range(players)]
    if phase == "tokens":
        left = _tokens_left(state)
        total = sum(left)
        return [(act.TOKEN[k], c / total) for k, c in enumerate(left) if c]
    if phase == "track":
        numbers = _track_left(state)
        return [(act.TRACK[k - 1], 1 / len(numbers)) for k in numbers]
    if phase == "reveal":  # G-15: every unseen tile is equally likely
        left = reveal_left(state)
        total = sum(left)
        return [(act.TOP[state.drawing][d], c / total) for d, c in enumerate(left) if c > 0]
    if phase == "value":
        district = state.stack_top[state.drawing]
        values = [v for v in range(NV) if state.unseen[district * NV + v]]
        return [(act.VALUE[v], 1 / len(values)) for v in values]
    return []


def _tokens_left(state: ParisState) -> list[int]:
    """PARIS-151: the 12 wood/marble and 18 prestige tokens not yet laid."""
    left = [c if k != data.GOLD else 0 for k, c in enumerate(data.TOKEN_COUNTS)]
    for spot in RANDOM_TOKEN_SPOTS[: state.setup_index]:
        left[state.token_at[spot]] -= 1
    return left


def _track_left(state: ParisState) -> list[int]:
    """PARIS-152: the numbers of the current space's zone not yet laid."""
    space = state.setup_index + 1
    laid = set(state.track_num[1:space])
    return [k for k in ZONE_NUMBERS[data.zone_of(space)] if k not in laid]


def reveal_left(state: ParisState) -> list[int]:
    """G-15: per district, the unseen tiles that may be the drawing stack's new top
    (other stacks' shown tops are spoken for)."""
    left = state.unseen_in[:]
    for stack, top in enumerate(state.stack_top):
        if top >= 0 and stack != state.drawing:
            left[top] -= 1
    return left


# -- the player to move ----------------------------------------------------

def move_legal(state: ParisState, seat: int, move: Move) -> bool:
    """PARIS-67..88 for one move: what _moves would list."""
    src, dst, build = move.src, move.dst, move.build
    if src < ND:
        district, base = src, 0
        if not state.bank_keys[src] >> seat & 1:
            return False
    elif src == act.ARC:
        district, base = -1, 0
        if not state.arc_keys >> seat & 1:
            return False
    else:
        space = src - 7
        if seat not in state.space_keys[space]:
            return False
        district, base = state._space_district(space), SPACE_VALUE[space]
    value = SPACE_VALUE[dst]
    if value <= base:
        return False
    if build < 0:
        return (
            (district < 0 or state._space_district(dst) == district)
            and enterable(state, seat, dst)
            and affordable(state, seat, value - base, space_cost(state, dst)))
    return (
        dst >= NB and state.landmark_district[dst - NB] < 0
        and (district < 0 or build == district)
        and value > state.landmark_top[build]
        and affordable(state, seat, value - base, state.rules.landmarks[dst - NB].cost))

def step2_actions(state: ParisState, seat: int) -> list[Action]:
    """PARIS-56: action A (PARIS-58..66), B (PARIS-67..92) or C (PARIS-57, 103)."""
    legal: list[Action] = []
    if state.keys[seat]:  # PARIS-59
        bit = 1 << seat
        bank_keys = state.bank_keys
        legal.extend([act.PLACE[d] for d in range(ND) if not bank_keys[d] & bit])
        if not state.arc_keys & bit:
            legal.append(act.PLACE[act.ARC])
    legal.extend(moves(state, seat))
    if not any(state.stack_size) and any(state.eg_pile):
        legal.append(act.ENDGAME)
    if not legal:
        legal.append(act.PASS)  # G-13
    return legal

def enterable(state: ParisState, seat: int, space: int) -> bool:
    """PARIS-55, PARIS-68, PARIS-101, PARIS-102: on the board and unoccupied, or
    occupied only by seat (tile 9 active) or only by others (tile 16 active)."""
    if space < NB:
        if state.built[space] < 0:
            return False
    elif state.landmark_district[space - NB] < 0:
        return False
    keys = state.space_keys[space]
    if not keys:
        return True
    mine = seat in keys
    if state.flag_own and mine and all(k == seat for k in keys):
        return True
    return state.flag_share and not mine

def affordable(state: ParisState, seat: int, francs: int, cost: tuple[int, int, int]) -> bool:
    """PARIS-88: all the francs and all the resources."""
    stock = state.stock[seat]
    return (state.francs[seat] >= francs and stock[0] >= cost[0] and stock[1] >= cost[1]
            and stock[2] >= cost[2])

def space_cost(state: ParisState, space: int) -> tuple[int, int, int]:
    if space < NB:
        return TILE_COST[state.built[space]]
    return state.rules.landmarks[space - NB].cost

def moves(state: ParisState, seat: int) -> list[Action]:
    """PARIS-67..88: every affordable key move, new landmarks included, in the order of a
    plain loop over keys (banks, the Arc, spaces: `key_mask`'s bits), the districts each
    may go to and their spaces, each district's new landmarks after its spaces.

    Hot path (a third of a random playout when it was worked out from the board each
    turn): the spaces a key may enter are kept per district (`open_spaces`) while
    tiles 9 and 16 are not in play, and where each seat's keys are (`key_mask`)."""
    francs = state.francs[seat]
    wood, marble, gold = state.stock[seat][:3]
    if state.flag_own or state.flag_share:  # PARIS-101, PARIS-102: occupied spaces too
        districts: Sequence[Sequence[Target]] = [
            _enterable_spaces(state, seat, d) for d in range(ND)]
    else:
        districts = open_spaces(state)
    specs, least = _landmark_costs(state.rules)
    landmarks = None
    if wood >= least[0] and marble >= least[1] and gold >= least[2]:
        at = state.landmark_district
        landmarks = [(lm, value) for lm, value, cost in specs
                     if at[lm] < 0 and cost[0] <= wood and cost[1] <= marble and cost[2] <= gold]
    found: list[Action] = []
    mask = key_mask(state, seat)
    while mask:
        low = mask & -mask
        mask ^= low
        src = low.bit_length() - 1
        if src < ND:
            sources: Sequence[tuple[int, int]] = ((src, 0),)
        elif src == act.ARC:  # PARIS-69: into any district
            sources = ARC_SOURCES
        else:  # PARIS-70: within its district, above its value
            space = src - 7
            sources = ((state._space_district(space), SPACE_VALUE[space]),)
        row = act.MOVE[src]
        for d, base in sources:  # PARIS-71, PARIS-83..85
            top = base + francs
            for space, value, cost in districts[d]:
                if base < value <= top and (cost is NO_COST or (
                        cost[0] <= wood and cost[1] <= marble and cost[2] <= gold)):
                    found.append(row[space])
            if landmarks:  # PARIS-76..79, PARIS-88
                above = max(state.landmark_top[d], base)
                for lm, value in landmarks:
                    if above < value <= top:
                        found.append(act.BUILD[src][lm][d])
    return found


ARC_SOURCES = tuple((d, 0) for d in range(ND))
_LANDMARK_COSTS: dict[int, tuple[Any, ...]] = {}


def _landmark_costs(ruleset: rules.Ruleset) -> tuple[
        tuple[tuple[int, int, tuple[int, int, int]], ...], tuple[int, ...]]:
    """The ruleset's landmarks as (landmark, value, cost), and the least of each
    resource any of them costs (a seat short of it can build none)."""
    found = _LANDMARK_COSTS.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        specs = tuple((lm, spec.value, spec.cost) for lm, spec in enumerate(ruleset.landmarks))
        least = tuple(min(cost[k] for _, _, cost in specs) for k in range(3))
        found = _LANDMARK_COSTS[id(ruleset)] = (ruleset, specs, least)
    return found[1], found[2]


def key_mask(state: ParisState, seat: int) -> int:
    """Where seat's keys are, as bits of move sources: banks 0..5, the Arc 6, space s at
    7 + s (so the bits in order are the order of moves). Kept on the state once asked
    for (`_keys_at`); ParisState._place_key and _move keep it up to date."""
    mask = state._keys_at[seat]
    if mask < 0:
        mask = state._keys_at[seat] = _find_keys(state, seat)
    return mask


def _find_keys(state: ParisState, seat: int) -> int:
    """key_mask worked out from the board."""
    bit = 1 << seat
    mask = sum(1 << d for d in range(ND) if state.bank_keys[d] & bit)
    if state.arc_keys & bit:
        mask |= 1 << act.ARC
    for space, keys in enumerate(state.space_keys):
        if keys and seat in keys:
            mask |= 1 << (7 + space)
    return mask


Target = tuple[int, int, tuple[int, int, int]]  # space, value, resource cost


def open_spaces(state: ParisState) -> list[tuple[Target, ...]]:
    """Per district, the spaces any key may enter while tiles 9 and 16 are not in play
    (`_find_open`). Kept on the state (`_open`) until ParisState._move or _build_tile
    forgets a district (a tile, key or landmark lands there); clones share the tuples,
    which are replaced, never changed. A test that edits keys or tiles by hand calls
    `ParisState.board_changed()`."""
    kept = state._open
    if None in kept:
        for d, spaces in enumerate(kept):
            if spaces is None:
                kept[d] = _find_open(state, d)
    return kept  # type: ignore[return-value]  # no None left


def _find_open(state: ParisState, d: int) -> tuple[Target, ...]:
    """District d's spaces any key may enter while tiles 9 and 16 are not in play: on
    the board and unoccupied (PARIS-55, PARIS-68), with value and cost, by value (the
    buildings' values rise with their index, the landmarks' too)."""
    built = state.built
    space_keys = state.space_keys
    found = [(space, SPACE_VALUE[space], TILE_COST[built[space]])
             for space in rules.DISTRICT_SPACES[d] if built[space] >= 0 and not space_keys[space]]
    landmark_district = state.landmark_district
    for lm, spec in enumerate(state.rules.landmarks):
        space = NB + lm
        if landmark_district[lm] == d and not space_keys[space]:
            found.append((space, SPACE_VALUE[space], spec.cost))
    return tuple(found)


def _enterable_spaces(state: ParisState, seat: int, d: int) -> list[Target]:
    """District d's spaces seat may enter (PARIS-55, PARIS-68), with value and cost."""
    found: list[Target] = []
    built = state.built
    for space in rules.DISTRICT_SPACES[d]:
        tile = built[space]
        if tile >= 0 and (not state.space_keys[space] or enterable(state, seat, space)):
            found.append((space, SPACE_VALUE[space], TILE_COST[tile]))
    for lm in range(data.NUM_LANDMARKS):
        space = NB + lm
        if state.landmark_district[lm] == d and (
                not state.space_keys[space] or enterable(state, seat, space)):
            found.append((space, SPACE_VALUE[space], state.rules.landmarks[lm].cost))
    return found


def put_districts(state: ParisState, tile: int) -> list[int]:
    """PARIS-154, PARIS-155: an empty space of the tile's value in a district
    without a building of the same type."""
    value_index = tile % NV
    kind = TILE_TYPE[tile]
    return [
        d for d in range(ND)
        if state.built[d * NV + value_index] < 0
        and all(state.built[s] < 0 or TILE_TYPE[state.built[s]] != kind
                for s in rules.DISTRICT_SPACES[d])
    ]

def bonus_spaces(state: ParisState, seat: int, after: int) -> list[int]:
    """PARIS-113..116, PARIS-120: spaces beyond `after` with a tile whose number
    seat has never held."""
    if state.meeple[seat] >= data.TRACK_LENGTH:
        return []  # PARIS-116
    owned = state.bonus_held[seat] | state.bonus_used[seat]
    return [
        s for s in range(after + 1, data.TRACK_LENGTH + 1)
        if state.track_cnt[s] and not owned >> state.track_num[s] & 1
    ]

def benefit_actions(state: ParisState, seat: int) -> list[Action]:
    kind = state.pending[0]
    if kind[0] == "bonus":
        fee = kind[1]
        legal: list[Action] = []
        if state.francs[seat] >= fee:  # PARIS-96
            legal = [act.BONUS[s] for s in bonus_spaces(state, seat, state.meeple[seat])]
        legal.append(act.NOBONUS)  # PARIS-117
        return legal
    if kind[0] == "prestige":
        _, landmark, used = kind
        slots = state.rules.landmarks[landmark].slots
        legal = [act.GIVE[i] for i, (metal, _) in enumerate(slots)
                 if not used >> i & 1 and state.stock[seat][metal]]
        legal.append(act.DONE)
        return legal
    legal = [
        act.VPTILE[t][d] for t in range(len(data.VP_TILES)) if state.vp_tile_free[t]
        for d in range(ND) if state.vp_tile_at[d] < 0
    ]
    legal.append(act.NOVPTILE)  # seed: the player "may" place it (PARIS-127, not PARIS-128)
    return legal

def free_actions(state: ParisState, seat: int) -> list[Action]:
    """PARIS-51, PARIS-105, PARIS-108..112, PARIS-118: tiles and exchanges."""
    legal: list[Action] = []
    francs = state.francs[seat]
    supply = state.supply
    for k in data.RESOURCES:
        if supply[k] and francs >= data.BUY_PRICE[k]:
            legal.append(act.BUY[k])
    stock = state.stock[seat]
    for k in range(6):
        if stock[k]:
            legal.append(act.SELL[k])
    held = state.bonus_held[seat]
    while held:
        low = held & -held
        held ^= low
        number = low.bit_length() - 1
        bonus = state.rules.bonus[number - 1]
        if tile_usable(state, seat, bonus.kind, bonus.amount):
            legal += _uses(number, bonus.kind)
    eg = state.eg_held[seat]
    if any(eg):
        for tile, count in enumerate(eg):
            spec = data.END_TILES[tile]
            if count and tile_usable(state, seat, spec.kind, spec.amount):
                legal.extend(act.USE_END[(tile, c)] for c in act.end_choices(tile))
    return legal


def has_free_action(state: ParisState, seat: int) -> bool:
    """Whether free_actions(state, seat) is not empty, without listing them."""
    if any(state.stock[seat]):
        return True
    francs = state.francs[seat]
    if any(state.supply[k] and francs >= data.BUY_PRICE[k] for k in data.RESOURCES):
        return True
    held = state.bonus_held[seat]
    while held:
        low = held & -held
        held ^= low
        bonus = state.rules.bonus[low.bit_length() - 2]
        if tile_usable(state, seat, bonus.kind, bonus.amount):
            return True
    return any(count and tile_usable(state, seat, data.END_TILES[t].kind,
                                     data.END_TILES[t].amount)
               for t, count in enumerate(state.eg_held[seat]))


_USES: dict[tuple[int, str], list[Action]] = {}


def _uses(number: int, kind: str) -> list[Action]:
    """The UseBonus actions of tile `number` when it has effect `kind` (its choices)."""
    found = _USES.get((number, kind))
    if found is None:
        found = _USES[(number, kind)] = [act.USE[(number, a, b)] for a, b in act.choices_of(kind)]
    return found


def tile_usable(state: ParisState, seat: int, kind: str, amount: int) -> bool:
    if kind == "francs_to_vp":
        return False  # PARIS-119
    if kind == "key":
        return state.reserve[seat] > 0 and state.francs[seat] >= amount  # PARIS-125
    if kind == "stack_own":
        return state.phase in (STEP1, STEP2) and not state.flag_own
    if kind == "share_opponent":
        return state.phase in (STEP1, STEP2) and not state.flag_share
    if kind == "take_any":  # PARIS-124, PARIS-116
        return state.phase != BENEFIT and bool(bonus_spaces(state, seat, 0))
    return True


"""The task machine of Bruxelles 1893: setup, rounds, actions and scoring as sub-steps.

`state.tasks` is a stack of tuples; the top one is what happens next. Three sorts:

- chance tasks (CHANCE_TASKS): a deal or a draw, listed by `chance_outcomes`;
- decision tasks (DECISIONS): a seat chooses; `legal(state)` lists its actions;
- automatic tasks: everything else, run by `advance` as soon as they reach the top.

`push(state, a, b, c)` makes a run first, then b, then c. Rule IDs (BRX-n) are cited
on the function that implements each rule.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from belle.games.bruxelles_1893 import actions as act
from belle.games.bruxelles_1893 import data, rules
from belle.games.bruxelles_1893.actions import Act

if TYPE_CHECKING:
    from belle.games.bruxelles_1893.state import BruxellesState

Task = tuple[Any, ...]
CHANCE_TASKS = frozenset(("strip", "compass", "bonus_deal", "fig_deal", "art", "first",
                          "stock"))
DECISIONS = frozenset(("shield", "turn", "bid", "keep_art", "sale", "cover", "hire",
                       "fig_keep", "material", "pay", "needle", "build", "secondary",
                       "grand", "copy", "bonus", "settle"))
TRACK_TABLES = (data.ARCHITECT_TRACK, data.CITY_HALL_TRACK, data.PALACE_TRACK)


def push(state: BruxellesState, *tasks: Task) -> None:
    """Push tasks so that the first given runs first."""
    state.tasks.extend(reversed(tasks))


# == setup (BRX-22..44) ===========================================================
def setup(state: BruxellesState) -> None:
    """BRX-22, BRX-23 strips, BRX-38 compass, BRX-40 bonus cards, BRX-34 theatre, BRX-37 art,
    BRX-41 first player; every random step is a chance node."""
    n = state.num_players
    tasks: list[Task] = [("strip",)] * data.ROWS
    if state.game.option("first_game_compass"):
        state.compass = list(data.FIRST_GAME_COMPASS)
    else:
        tasks += [("compass",)] * 6
    tasks += [("bonus_deal", col) for col in range(data.COLS)]
    tasks += [("fig_deal", slot) for slot in range(data.THEATRE_SLOTS)]
    for seat in range(n):  # BRX-203: one Brugmann each (state.kept); BRX-37: one work
        tasks += [("art_start", seat, 1)]
    tasks += [("first",), ("setup_money",), ("round",)]
    push(state, *tasks)


def _setup_money(state: BruxellesState) -> None:
    """BRX-42, BRX-202: 5, 6, 7, 8, 9 BF clockwise from the first player."""
    for offset in range(state.num_players):
        state.money[(state.first + offset) % state.num_players] = data.START_MONEY[offset]


# == chance ======================================================================
def chance_outcomes(state: BruxellesState) -> list[tuple[Act, float]]:
    task = state.tasks[-1]
    kind = task[0]
    if kind == "strip":
        left = [s for s in range(data.ROWS) if s not in state.strips]
        return [(act.STRIP[s], 1 / len(left)) for s in left]
    if kind == "compass":
        left = [t for t in range(6) if t not in state.compass]
        return [(act.COMPASS[t], 1 / len(left)) for t in left]
    if kind == "bonus_deal":
        return _weighted(state.bonus_deck, act.DEAL_BONUS)
    if kind == "fig_deal":
        return _weighted(state.fig_deck, act.DEAL_FIGURE)
    if kind == "art":
        return _weighted(state.coloured, act.DRAW)
    if kind == "first":
        return [(act.FIRST[s], 1 / state.num_players) for s in range(state.num_players)]
    deck = state.stock_deck
    return [(act.STOCK[c], 1 / len(deck)) for c in deck]


_CHANCE_VERB = {"strip": "strip", "compass": "compass", "bonus_deal": "bonus",
                "fig_deal": "figure", "art": "draw", "first": "first", "stock": "stock"}


def chance_legal(state: BruxellesState, action: Act) -> bool:
    """Whether the (well-formed) outcome `action` can happen at the chance task on top:
    the same set as chance_outcomes, without building it."""
    kind = state.tasks[-1][0]
    if action.verb != _CHANCE_VERB[kind]:
        return False
    arg = action.arg
    if kind == "strip":
        return arg not in state.strips
    if kind == "compass":
        return arg not in state.compass
    if kind == "bonus_deal":
        return state.bonus_deck[arg] > 0
    if kind == "fig_deal":
        return state.fig_deck[arg] > 0
    if kind == "art":
        return state.coloured[arg] > 0
    if kind == "first":
        return arg < state.num_players
    return arg in state.stock_deck


def sample_chance(state: BruxellesState, rng: Random) -> Act:
    """An outcome of the chance task on top, with chance_outcomes' probabilities."""
    kind = state.tasks[-1][0]
    if kind == "strip":
        return act.STRIP[_pick([s for s in range(data.ROWS) if s not in state.strips], rng)]
    if kind == "compass":
        return act.COMPASS[_pick([t for t in range(6) if t not in state.compass], rng)]
    if kind == "bonus_deal":
        return act.DEAL_BONUS[_pick_weighted(state.bonus_deck, rng)]
    if kind == "fig_deal":
        return act.DEAL_FIGURE[_pick_weighted(state.fig_deck, rng)]
    if kind == "art":
        return act.DRAW[_pick_weighted(state.coloured, rng)]
    if kind == "first":
        return act.FIRST[int(rng.random() * state.num_players)]
    return act.STOCK[_pick(state.stock_deck, rng)]


def _pick(values: list[int], rng: Random) -> int:
    return values[int(rng.random() * len(values))]


def _pick_weighted(counts: list[int], rng: Random) -> int:
    """An index drawn with probability counts[i] / sum(counts)."""
    roll = rng.random() * sum(counts)
    for index, count in enumerate(counts):
        roll -= count
        if roll < 0 and count:
            return index
    return max(i for i, c in enumerate(counts) if c)


def _weighted(counts: list[int], table: tuple[Act, ...]) -> list[tuple[Act, float]]:
    total = sum(counts)
    return [(table[i], c / total) for i, c in enumerate(counts) if c]


def _apply_chance(state: BruxellesState, task: Task, action: Act) -> None:
    kind, value = task[0], action.arg
    if kind == "strip":
        state.strips.append(value)
        if len(state.strips) == data.ROWS:
            state.space_actions = board_actions(state.expert, state.strips)
    elif kind == "compass":
        state.compass.append(value)
    elif kind == "bonus_deal":
        state.bonus_deck[value] -= 1
        state.bonus_strip[task[1]] = value
    elif kind == "fig_deal":
        state.fig_deck[value] -= 1
        state.theatre[task[1]] = value
    elif kind == "art":
        state.coloured[value] -= 1
        state.drawn.append(value)
        rebuild_if_out(state, sum(state.coloured))  # BRX-75, revision 4: even mid-draw
    elif kind == "first":
        state.first = value
    else:
        state.stock_deck.remove(value)
        state.stock_card = value


def _chance_possible(state: BruxellesState, task: Task) -> bool:
    """Decks that ran out: BRX-99 reshuffles the theatre discards; else skip the deal."""
    kind = task[0]
    if kind == "bonus_deal":
        return sum(state.bonus_deck) > 0
    if kind == "fig_deal":
        if not sum(state.fig_deck):
            state.fig_deck, state.fig_discard = state.fig_discard, [0] * len(data.FIGURES)
        return sum(state.fig_deck) > 0 and state.theatre[task[1]] < 0
    if kind == "art":
        return sum(state.coloured) > 0
    return True


# == the loop ====================================================================
def advance(state: BruxellesState) -> None:
    """Run automatic tasks until a decision with legal actions or a chance node is on top.

    The legal actions of that decision are computed here, once (a decision without any
    is skipped), so legal_actions() and the legality check only read them."""
    tasks = state.tasks
    while tasks:
        task = tasks[-1]
        kind = task[0]
        if kind in CHANCE_TASKS:
            if _chance_possible(state, task):
                return
            tasks.pop()
        elif kind in DECISIONS:
            legal_now = LEGAL[kind](state, task)
            if legal_now:
                state._legal = legal_now
                return
            tasks.pop()
        else:
            tasks.pop()
            AUTOMATIC[kind](state, task)
    state._legal = []
    state.phase = "over"


def apply(state: BruxellesState, action: Act) -> None:
    task = state.tasks.pop()
    if task[0] in CHANCE_TASKS:
        _apply_chance(state, task, action)
    else:
        DECIDE[task[0]](state, task, action)


# == decisions: legal actions ====================================================
def legal(state: BruxellesState, task: Task) -> list[Act]:
    return LEGAL[task[0]](state, task)


def _legal_shield(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-46..48: one of the two shields on the card's line for this player count."""
    line = data.STOCK_CARDS[state.stock_card].lines[state.num_players - 2]
    shields = sorted({rules.shield_index(r, c) for r, c in line})
    return [act.SHIELD[s] for s in shields]


def _legal_turn(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-55..62, BRX-70, BRX-141..146: a free available space, a Brussels action
    the seat has enough assistants for, or pass. (Hot: asked at every turn.)"""
    seat = state.to_move
    moves: list[Act] = []
    assistants = state.assistants[seat]
    if assistants >= 1 and state.money[seat] >= 1:
        assistant, building, actions = state.assistant, state.building, state.space_actions
        construction_left: int | None = None  # empty spaces if a Construction is payable
        for space in rules.mask_spaces(state.area):
            # BRX-64: a building does not block a space; BRX-63: an assistant does
            if assistant[space] >= 0:
                continue
            if actions[space] == data.CONSTRUCTION:
                if construction_left is None:
                    construction_left = _construction_room(state, seat)
                left = construction_left - (1 if building[space] < 0 else 0)
                if left < 1:
                    continue
            moves.append(act.PLACE[space])
    uses = state.uses
    for b in range(4):
        if assistants >= uses[b] + 1:
            moves.append(act.BRUSSELS[b])
    moves.append(act.PASS)
    return moves


def _construction_room(state: BruxellesState, seat: int) -> int:
    """BRX-61, BRX-116: the empty spaces left for the building if the seat can pay a
    Construction after a 1 BF bid; 0 when it cannot."""
    reserve = build_reserve(state, seat, need_space=False)
    if reserve is None or reserve + 1 > state.money[seat]:
        return 0
    return list(map(max, state.assistant, state.building)).count(-1)  # neither on it


def space_action(state: BruxellesState, space: int) -> int:
    """The Art Nouveau action printed on a space (its strip, BRX-7, BRX-206)."""
    if state.space_actions:
        return state.space_actions[space]
    strips = data.STRIPS_EXPERT if state.expert else data.STRIPS_BASIC
    return strips[state.strips[space // data.COLS]][space % data.COLS]


def board_actions(expert: bool, strips: list[int]) -> tuple[int, ...]:
    """The action of each of the 25 spaces once the five strips lie (BRX-22, BRX-206)."""
    table = data.STRIPS_EXPERT if expert else data.STRIPS_BASIC
    return tuple(table[strips[space // data.COLS]][space % data.COLS]
                 for space in range(data.SPACES))


def _have(state: BruxellesState, seat: int, money: int) -> list[int]:
    mats = state.mats[seat]
    return [mats[0], mats[1], mats[2], money // data.BF_PER_MONEY_UNIT, state.jokers[seat]]


def build_reserve(state: BruxellesState, seat: int, need_space: bool = True) -> int | None:
    """BRX-61: the fewest BF a Construction needs now (None: it cannot be built).

    A tile must be left (BRX-105), an empty space must exist (BRX-116; the caller
    checks it itself when `need_space` is off), and the compass must accept a
    payment from the seat's stock (BRX-133..140).
    """
    if state.built[seat] >= data.TILES:
        return None
    if need_space and not any(state.assistant[s] < 0 and state.building[s] < 0
                              for s in range(data.SPACES)):
        return None
    cost = data.TILE_COST[state.built[seat]]
    a, b = state.compass[state.needles[0]], state.compass[state.needles[1]]
    return rules.min_money_for(cost, a, b, _have(state, seat, 0))


def _legal_bid(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-65, BRX-66: at least 1 BF, up to what leaves a Construction payable (BRX-61)."""
    seat, space = task[1], task[2]
    top = state.money[seat]
    if space_action(state, space) == data.CONSTRUCTION:
        reserve = build_reserve(state, seat, need_space=False)
        top -= reserve if reserve is not None else top
    top = min(top, data.MAX_BID)
    return list(act.BID[1:top + 1])  # type: ignore[arg-type]


def _legal_keep_art(state: BruxellesState, task: Task) -> list[Act]:
    return [act.KEEP_ART[c] for c in sorted(set(state.drawn))]


def sellable(state: BruxellesState, seat: int) -> list[int]:
    """BRX-79, BRX-80: owned colours not visible on top of either shop space."""
    left, right = state.shop
    a = left[-1] if left else -1
    b = right[-1] if right else -1
    works = state.works[seat]
    return [c for c in range(5) if works[c] and c != a and c != b]


def _legal_sale(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-77, BRX-78: cursor steps while steps remain, then sell a sellable work."""
    seat, steps, optional = task[1], task[2], task[3]
    moves: list[Act] = []
    if steps > 0:
        for d, (dr, dc) in enumerate(act.DIRECTION_DELTAS):
            if rules.cursor_can_step(state.cursor, dr, dc):
                moves.append(act.STEP[d])
    moves += [act.SELL[c] for c in sellable(state, seat)]
    if optional and moves:
        moves.append(act.DECLINE)
    return moves if any(m.verb == "sell" for m in moves) else []


def _legal_cover(state: BruxellesState, task: Task) -> list[Act]:
    return list(act.COVER)


def _legal_hire(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-87, BRX-88, BRX-61: a card whose price (its slot) the seat can pay."""
    seat = task[1]
    return [act.HIRE[i] for i in range(data.THEATRE_SLOTS)
            if state.theatre[i] >= 0 and i <= state.money[seat]]


def _legal_fig_keep(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-90, BRX-94, BRX-95: keep unless an identical card is already kept."""
    seat, fig = task[1], task[2]
    if state.kept[seat] >> fig & 1:
        return [act.DISCARD_FIGURE]
    return [act.KEEP_FIGURE, act.DISCARD_FIGURE]


def _legal_material(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-101..103: any noble material left in the supply (never a joker)."""
    moves: list[Act] = [act.TAKE[m] for m in range(3) if state.mat_supply[m]]
    if moves and task[3]:
        moves.append(act.DECLINE)
    return moves


def _legal_pay(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-108, BRX-109, BRX-133..140: a unit that keeps the payment completable."""
    seat = task[1]
    cost = data.TILE_COST[state.built[seat]]
    a, b = state.compass[state.needles[0]], state.compass[state.needles[1]]
    kinds = rules.next_payment_kinds(cost, a, b, state.paid, pay_holdings(state, seat))
    return [act.PAY[k] for k in kinds]


def pay_holdings(state: BruxellesState, seat: int) -> list[int]:
    """What `seat` could pay a Construction with now, in units of each kind."""
    return _have(state, seat, state.money[seat])


def _legal_needle(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-112, BRX-113."""
    return [act.NEEDLE[i] for i in (0, 1) if rules.needle_can_turn(state.needles, i)]


def _legal_build(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-114..116: any space with no assistant and no building, in the area or not."""
    return [act.BUILD[s] for s in range(data.SPACES)
            if state.assistant[s] < 0 and state.building[s] < 0]


def _ready_figures(state: BruxellesState, seat: int) -> list[Act]:
    ready = state.ready[seat]
    return [act.ACTIVATE[f] for f in range(len(data.FIGURES)) if ready >> f & 1]


def _legal_secondary(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-123..128: the building owner's optional secondary action."""
    owner, action = task[1], task[2]
    kind = data.SECONDARY[action][0]
    if kind == "activate":
        moves = _ready_figures(state, owner)
    elif kind == "materials":
        moves = [act.TAKE[m] for m in range(3) if state.mat_supply[m]]
    elif kind == "black_art":
        moves = [act.ACCEPT] if state.black or _shop_hidden(state, data.BLACK) else []
    elif kind == "architect":
        moves = [act.ACCEPT] if state.tracks[owner][0] < len(data.ARCHITECT_TRACK) - 1 else []
    else:
        moves = [act.ACCEPT]
    return [*moves, act.DECLINE] if moves else []


def _legal_grand(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-151..153: ready kept figures, one at a time, up to the Royal Palace value."""
    moves = _ready_figures(state, task[1])
    return [*moves, act.DECLINE] if moves else []


def _legal_copy(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-154, BRX-155: any Art Nouveau action; Construction only if payable."""
    seat = task[1]
    moves = [act.COPY[a] for a in range(5) if a != data.CONSTRUCTION]
    reserve = build_reserve(state, seat)
    if reserve is not None and reserve <= state.money[seat]:
        moves.insert(data.CONSTRUCTION, act.COPY[data.CONSTRUCTION])
    return moves


def _legal_bonus(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-170: use the effect now, or keep the card under one scoring category."""
    return [act.USE_BONUS, *act.KEEP_BONUS]


def payable_figures(state: BruxellesState, seat: int) -> list[int]:
    """BRX-189: the seat's unpaid kept figures it can still pay in full."""
    money, unpaid = state.money[seat], state.unpaid[seat]
    return [f for f in range(len(data.FIGURES))
            if unpaid >> f & 1 and data.FIGURES[f].payment <= money]


def _legal_settle(state: BruxellesState, task: Task) -> list[Act]:
    """BRX-189..191: which payable figure to pay next; a payable figure is never
    declined ("tendrá que pagar la cantidad indicada en la tarjeta").

    Revision 1 (records before engine 0.2.0) also offered `decline`, forfeiting the rest.
    """
    moves: list[Act] = [act.SETTLE[f] for f in payable_figures(state, task[1])]
    if state.revision == 1 and moves:
        moves.append(act.DECLINE)
    return moves


LEGAL = {
    "shield": _legal_shield, "turn": _legal_turn, "bid": _legal_bid,
    "keep_art": _legal_keep_art, "sale": _legal_sale, "cover": _legal_cover,
    "hire": _legal_hire, "fig_keep": _legal_fig_keep, "material": _legal_material,
    "pay": _legal_pay, "needle": _legal_needle, "build": _legal_build,
    "secondary": _legal_secondary, "grand": _legal_grand, "copy": _legal_copy,
    "bonus": _legal_bonus, "settle": _legal_settle,
}


def _shop_hidden(state: BruxellesState, colour: int) -> bool:
    """Whether a work of `colour` lies under a visible shop work (BRX-86)."""
    return any(colour in stack[:-1] for stack in state.shop)


from belle.games.bruxelles_1893.steps import AUTOMATIC, DECIDE, rebuild_if_out  # noqa: E402

"""What each decision does (DECIDE) and the automatic steps of a round (AUTOMATIC).

Companion of flow.py, which lists legal actions and runs the task stack. Each handler
receives the state, the task it resolves (already popped) and, for decisions, the
chosen action; it changes the state and pushes the follow-up tasks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from belle.games.bruxelles_1893 import actions as act
from belle.games.bruxelles_1893 import data, flow, rules
from belle.games.bruxelles_1893.actions import Act
from belle.games.bruxelles_1893.texts import TEXTS
from belle.i18n.text import seat as seat_of

if TYPE_CHECKING:
    from belle.games.bruxelles_1893.state import BruxellesState

Task = tuple[Any, ...]
push = flow.push


# == effects shared by figures, bonus cards and secondary actions =================
def effect(state: BruxellesState, seat: int, spec: data.Effect) -> list[Task]:
    """Apply an effect (table 3.14, 3.15); return the tasks of its choices, if any."""
    kind, amount = spec
    if kind == "money":
        state.money[seat] += amount
    elif kind == "vp":
        state.vp[seat] += amount
    elif kind == "materials":
        return [("material", seat, amount, 0)]
    elif kind == "art":
        return [("art_start", seat, amount)]
    elif kind == "free":
        free_assistant(state, seat, amount)
    else:
        move_track(state, seat, data.TRACKS.index(kind))
    return []


def free_assistant(state: BruxellesState, seat: int, else_money: int) -> None:
    """BRX-158, BRX-159, BRX-160: Courthouse → supply, usable at once; else the card's BF.

    Only assistants already owned move, so a seat never has more than 7 (BRX-160).
    """
    if state.court[seat]:
        state.court[seat] -= 1
        state.assistants[seat] += 1
    else:
        state.money[seat] += else_money


def move_track(state: BruxellesState, seat: int, track: int) -> None:
    """Table 3.9: one space up; a move past the last space is lost."""
    top = len(flow.TRACK_TABLES[track]) - 1
    state.tracks[seat][track] = min(state.tracks[seat][track] + 1, top)


def activate(state: BruxellesState, seat: int, fig: int) -> list[Task]:
    """BRX-100: carry out a ready kept figure's effect, then turn it (used)."""
    state.ready[seat] &= ~(1 << fig)
    return effect(state, seat, data.FIGURES[fig].effect)


def rebuild_piles(state: BruxellesState) -> None:
    """BRX-75, BRX-211: all shop works but the two visible ones go back to the piles."""
    for stack in state.shop:
        for colour in stack[:-1]:
            if colour == data.BLACK:
                state.black += 1
            else:
                state.coloured[colour] += 1
        del stack[:-1]


# == decisions =====================================================================
def _shield(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-50, BRX-51: the bracket on the chosen shield opens the largest area."""
    state.shield = action.arg
    state.area = rules.area_mask(action.arg)


def _turn(state: BruxellesState, task: Task, action: Act) -> None:
    seat = state.to_move
    verb = action.verb
    if verb == "pass":  # BRX-57, BRX-58
        state.passed[seat] = True
        push(state, ("next_turn",))
    elif verb == "place":  # BRX-62, BRX-63
        state.assistant[action.arg] = seat
        state.assistants[seat] -= 1
        state.out[seat] += 1
        push(state, ("bid", seat, action.arg))
    else:
        push(state, *_brussels(state, seat, act.BRUSSELS.index(action)), ("next_turn",))


def _brussels(state: BruxellesState, seat: int, b: int) -> list[Task]:
    """BRX-143..150: free actions; the k-th use this round takes k assistants (BRX-146)."""
    cost = state.uses[b] + 1
    state.uses[b] += 1
    state.assistants[seat] -= cost
    state.out[seat] += cost
    state.brussels[b][seat] += cost  # BRX-147: they count for the Courthouse
    if b == data.MARKET:  # BRX-149
        taken = min(data.MARKET_JOKERS, state.joker_supply)
        state.joker_supply -= taken
        state.jokers[seat] += taken
    elif b == data.BOURSE:  # BRX-54, BRX-150
        state.money[seat] += data.STOCK_CARDS[state.stock_card].payout
    elif b == data.GRAND_PLACE:  # BRX-152
        limit = rules.track_value(data.PALACE_TRACK, state.tracks[seat][2])
        return [("grand", seat, limit)]
    else:  # BRX-154
        return [("copy", seat)]
    return []


def _bid(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-65, BRX-68, BRX-120..122: pay the bid, do the action, then the owner's
    secondary action if an opponent's building stands on the space."""
    seat, space = task[1], task[2]
    amount = act.bid_value(action)
    state.money[seat] -= amount
    state.bid[space] = amount
    action_type = flow.space_action(state, space)
    owner = state.building[space]
    follow: list[Task] = [("do", seat, action_type)]
    if owner >= 0 and owner != seat:  # BRX-121: not for one's own building
        follow.append(("secondary", owner, action_type))
    push(state, *follow, ("next_turn",))


def _keep_art(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-72, BRX-73: keep one drawn work; the others go back into the pile."""
    seat = task[1]
    keep(state, seat, action.arg)


def keep(state: BruxellesState, seat: int, colour: int) -> None:
    state.works[seat][colour] += 1
    state.drawn.remove(colour)
    for other in state.drawn:
        state.coloured[other] += 1
    state.drawn.clear()
    groups = state.art_groups
    if groups and groups[-1][3] < 0:
        start, count, owner, _, snapshot, extra = groups[-1]
        groups[-1] = (start, count, owner, colour, snapshot, extra)


def _sale(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-77..85: a cursor step (and the sale goes on), sell, or skip (exhibition)."""
    _, seat, steps, optional = task
    if action.verb == "cursor":
        dr, dc = act.DIRECTION_DELTAS[action.arg]
        state.cursor[0] += dr
        state.cursor[1] += dc
        push(state, ("sale", seat, steps - 1, optional))
    elif action.verb == "sell":
        sell(state, seat, action.arg)


def sell(state: BruxellesState, seat: int, colour: int) -> None:
    """BRX-81, BRX-83..85: income at the colour's point, then into the shop."""
    money, vp = rules.sale_income(state.cursor, colour)
    state.works[seat][colour] -= 1
    state.money[seat] += money
    state.vp[seat] += vp
    if state.sales < data.SHOP_FIRST_SALES:  # BRX-84: the empty space
        state.shop[state.sales].append(colour)
    else:
        push(state, ("cover", seat, colour))
    state.sales += 1


def _cover(state: BruxellesState, task: Task, action: Act) -> None:
    state.shop[action.arg].append(task[2])  # BRX-85


def _hire(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-88..91, BRX-98: pay the slot's price, use the card, keep or discard, slide."""
    seat, slot = task[1], action.arg
    fig = state.theatre[slot]
    state.money[seat] -= slot
    state.theatre[slot] = -1
    push(state, *effect(state, seat, data.FIGURES[fig].effect), ("fig_keep", seat, fig),
         ("theatre_slide",))


def _fig_keep(state: BruxellesState, task: Task, action: Act) -> None:
    seat, fig = task[1], task[2]
    if action is act.KEEP_FIGURE:  # BRX-91: rotated, used this round
        state.kept[seat] |= 1 << fig
        state.ready[seat] &= ~(1 << fig)
    else:
        state.fig_discard[fig] += 1


def _material(state: BruxellesState, task: Task, action: Act) -> None:
    _, seat, left, optional = task
    if action.verb == "take":
        take_material(state, seat, action.arg)
        if left > 1:
            push(state, ("material", seat, left - 1, optional))


def take_material(state: BruxellesState, seat: int, material: int) -> None:
    state.mat_supply[material] -= 1
    state.mats[seat][material] += 1


def _pay(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-108, BRX-109: one unit; cubes go back to the supply, BF to the bank."""
    seat, kind = task[1], action.arg
    if kind < 3:
        state.mats[seat][kind] -= 1
        state.mat_supply[kind] += 1
    elif kind == data.P_MONEY:
        state.money[seat] -= data.BF_PER_MONEY_UNIT
    else:
        state.jokers[seat] -= 1
        state.joker_supply += 1
    state.paid[kind] += 1
    if sum(state.paid) < data.TILE_COST[state.built[seat]]:
        push(state, ("pay", seat))


def _needle(state: BruxellesState, task: Task, action: Act) -> None:
    state.needles[action.arg] = (state.needles[action.arg] + 1) % 6  # BRX-112


def _build(state: BruxellesState, task: Task, action: Act) -> None:
    state.building[action.arg] = task[1]  # BRX-114, BRX-119


def _secondary(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-123..128 (table 3.11)."""
    owner, action_type = task[1], task[2]
    kind, amount = data.SECONDARY[action_type]
    if action is act.DECLINE:
        return
    if kind == "activate":
        push(state, *activate(state, owner, action.arg))
    elif kind == "materials":
        take_material(state, owner, action.arg)
    elif kind == "black_art":
        if not state.black:
            rebuild_piles(state)
        state.black -= 1
        state.works[owner][data.BLACK] += 1
        rebuild_if_out(state, state.black)
    else:
        push(state, *effect(state, owner, (kind, amount)))


def _grand(state: BruxellesState, task: Task, action: Act) -> None:
    seat, left = task[1], task[2]
    if action.verb == "activate":
        more = [("grand", seat, left - 1)] if left > 1 else []
        push(state, *activate(state, seat, action.arg), *more)


def _copy(state: BruxellesState, task: Task, action: Act) -> None:
    push(state, ("do", task[1], action.arg))  # BRX-154, BRX-129: no secondary action


def _bonus(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-170, BRX-171."""
    seat, card = task[1], task[2]
    if action is act.USE_BONUS:
        push(state, *effect(state, seat, data.BONUS_CARDS[card].effect))
    else:
        state.bonus_kept[seat][action.arg] += 1


def _settle(state: BruxellesState, task: Task, action: Act) -> None:
    """BRX-191: pay the chosen figure, then settle the rest."""
    seat = task[1]
    if action.verb == "settle":
        pay_figure(state, seat, action.arg)
        push(state, ("settle", seat) if state.revision == 1 else ("settle_auto", seat))


def pay_figure(state: BruxellesState, seat: int, fig: int) -> None:
    state.money[seat] -= data.FIGURES[fig].payment
    state.unpaid[seat] &= ~(1 << fig)


DECIDE: dict[str, Callable[[BruxellesState, Task, Act], None]] = {
    "shield": _shield, "turn": _turn, "bid": _bid, "keep_art": _keep_art, "sale": _sale,
    "cover": _cover, "hire": _hire, "fig_keep": _fig_keep, "material": _material,
    "pay": _pay, "needle": _needle, "build": _build, "secondary": _secondary,
    "grand": _grand, "copy": _copy, "bonus": _bonus, "settle": _settle,
}


# == automatic steps ===============================================================
def _setup_money(state: BruxellesState, task: Task) -> None:
    """BRX-41, BRX-42: the Manneken Pis and 5..9 BF clockwise."""
    flow._setup_money(state)


def _round(state: BruxellesState, task: Task) -> None:
    """BRX-45, BRX-161: a new round opens with its exhibition and stock exchange card."""
    state.round += 1
    state.phase = "stock"
    push(state, ("stock",), ("shield", state.first), ("action_phase",))


def _action_phase(state: BruxellesState, task: Task) -> None:
    """BRX-55: the first player starts; turns go clockwise."""
    state.phase = "action"
    state.passed = [False] * state.num_players
    state.to_move = state.first
    push(state, ("turn",))


def _next_turn(state: BruxellesState, task: Task) -> None:
    """BRX-57, BRX-60: skip players who passed; all passed ends the Action phase."""
    n = state.num_players
    for step in range(1, n + 1):
        seat = (state.to_move + step) % n
        if not state.passed[seat]:
            state.to_move = seat
            push(state, ("turn",))
            return
    push(state, ("resolution",))


def _do(state: BruxellesState, task: Task) -> None:
    """BRX-68, BRX-69: carry out an Art Nouveau action (BRX-71, 77, 87, 101, 105); one
    that cannot do anything (no sellable work, no affordable card) does nothing."""
    seat, action_type = task[1], task[2]
    if action_type == data.WORKSHOP:
        push(state, ("art_start", seat, 1 + state.exh[seat]))  # BRX-71, BRX-165
    elif action_type == data.SALE:
        if flow.sellable(state, seat):  # BRX-80
            push(state, ("sale", seat, sum(state.works[seat]), 0))  # BRX-77
    elif action_type == data.THEATRE:
        push(state, ("hire", seat))
    elif action_type == data.MATERIALS:
        push(state, ("material", seat, 2, 0))  # BRX-101
    else:
        state.paid = [0] * 5
        push(state, ("pay", seat), ("after_pay", seat), ("needle", seat), ("build", seat))


def rebuild_if_out(state: BruxellesState, left: int) -> None:
    """BRX-75 from rules revision 4: the pile just drawn from, with `left` works left,
    is rebuilt at once when it runs out ("Si la pila ... se vacía, haz dos nuevas pilas
    de las fichas ... en la tienda")."""
    if not left and state.revision >= REBUILD_AT_ONCE:
        rebuild_piles(state)


REBUILD_AT_ONCE = 4
"""The rules revision from which the piles are rebuilt when one runs out (BRX-75);
revisions 1–3 rebuilt them when a draw began that the coloured pile could not cover."""


def _art_start(state: BruxellesState, task: Task) -> None:
    """BRX-71..76: draw works (privately if several), then keep one.

    From revision 4 the draw takes what the pile holds, and if that runs it out, the
    rest from the pile rebuilt at that moment (flow._apply_chance): so it draws at most
    the pile and the coloured works under the shop's two visible ones. A pile found
    empty (nothing could be rebuilt when it ran out) is rebuilt first (BRX-76).
    Revisions 1–3 rebuilt first whenever the pile could not cover the draw.
    """
    seat, count = task[1], task[2]
    extra = (0, 0, 0, 0)
    if state.revision < REBUILD_AT_ONCE:
        if sum(state.coloured) < count:
            rebuild_piles(state)
        drawn = min(count, sum(state.coloured))
    else:
        if not sum(state.coloured):
            rebuild_piles(state)
        if count > sum(state.coloured):
            extra = shop_hidden_coloured(state)
        drawn = min(count, sum(state.coloured) + sum(extra))
    if drawn == 0:
        return
    private = drawn > 1
    if private:
        state.art_groups.append(
            (len(state.history), drawn, seat, -1, tuple(state.coloured), extra))
    push(state, *[("art", seat, private)] * drawn,
         ("keep_art", seat) if private else ("keep_one", seat))


def shop_hidden_coloured(state: BruxellesState) -> tuple[int, int, int, int]:
    """The coloured works under the shop's two visible ones, per colour: what a
    rebuild puts back into the coloured pile (BRX-75)."""
    counts = [0, 0, 0, 0]
    for stack in state.shop:
        for colour in stack[:-1]:
            if colour != data.BLACK:
                counts[colour] += 1
    return counts[0], counts[1], counts[2], counts[3]


def _keep_one(state: BruxellesState, task: Task) -> None:
    keep(state, task[1], state.drawn[0])


def _theatre_slide(state: BruxellesState, task: Task) -> None:
    """BRX-98, BRX-184: cards slide right (towards the free slot), the deck refills."""
    cards = [f for f in state.theatre if f >= 0]
    state.theatre = cards + [-1] * (data.THEATRE_SLOTS - len(cards))
    push(state, *[("fig_deal", slot) for slot in range(len(cards), data.THEATRE_SLOTS)])


def _after_pay(state: BruxellesState, task: Task) -> None:
    """BRX-110, BRX-111, BRX-117: 5 VP without jokers; 5 VP for a top tile."""
    seat = task[1]
    tile = state.built[seat]
    state.built[seat] += 1
    if not state.paid[data.P_JOKER]:
        state.vp[seat] += data.NO_JOKER_VP
    if tile >= 4:
        state.vp[seat] += data.TOP_TILE_VP


def _resolution(state: BruxellesState, task: Task) -> None:
    """Section 2.17: exhibition, column auctions, shields, Courthouse, then cleanup. Its
    notes (what it did, in words) stay in the view until the next resolution begins, so
    the players read them during the following round too."""
    state.phase = "resolution"
    state.notes = []
    push(state, ("exhibition",), ("auctions",), ("majorities",), ("courthouse",),
         ("end_round",))


def _exhibition(state: BruxellesState, task: Task) -> None:
    """BRX-162..164: most works takes the tile (ties: nobody); then one sale each."""
    totals = [sum(w) for w in state.works]
    best = max(totals)
    if best > 0 and totals.count(best) == 1:
        winner = totals.index(best)
        state.exh[winner] += 1
        state.exhibition_owner[state.round - 1] = winner
        state.notes.append(TEXTS.message("note.exhibition", player=seat_of(winner),
                                         year=data.EXHIBITION_YEARS[state.round - 1]))
    n = state.num_players
    push(state, *[("exh_sale", (state.first + k) % n) for k in range(n)])


def _exh_sale(state: BruxellesState, task: Task) -> None:
    seat = task[1]
    if flow.sellable(state, seat):
        push(state, ("sale", seat, sum(state.works[seat]), 1))


def _auctions(state: BruxellesState, task: Task) -> None:
    """BRX-167..172: each column's highest total wins its bonus card; bids are spent."""
    wins: list[Task] = []
    for col in range(data.COLS):
        winner = rules.column_winner(col, state.assistant, state.bid, state.num_players)
        card = state.bonus_strip[col]
        if winner >= 0 and card >= 0:
            state.bonus_strip[col] = -1
            wins.append(("bonus", winner, card))
            state.notes.append(TEXTS.message("note.bonus_card", player=seat_of(winner),
                                             column="ABCDE"[col]))
    push(state, *wins)


def _majorities(state: BruxellesState, task: Task) -> None:
    """BRX-53, BRX-173..176: strict majority around a shield scores the City Hall value."""
    for shield in range(16):
        if shield == state.shield:
            continue
        winner = rules.shield_majority(shield, state.assistant, state.num_players)
        if winner >= 0:
            points = rules.track_value(data.CITY_HALL_TRACK, state.tracks[winner][1])
            state.vp[winner] += points
            row, col = rules.shield_rc(shield)
            state.notes.append(TEXTS.message("note.majority", player=seat_of(winner),
                                             shield=f"{row},{col}", points=points))


def _courthouse(state: BruxellesState, task: Task) -> None:
    """BRX-177..179: most assistants on the Brussels board (ties: each) loses one."""
    n = state.num_players
    totals = [sum(state.brussels[b][s] for b in range(4)) for s in range(n)]
    best = max(totals)
    if best == 0:
        return
    for seat in range(n):
        if totals[seat] == best:
            state.court[seat] += 1
            state.out[seat] -= 1
            state.notes.append(TEXTS.message("note.courthouse", player=seat_of(seat)))


def _end_round(state: BruxellesState, task: Task) -> None:
    """BRX-2, BRX-180..188: the End of Round phase ("Fin de Turno"): assistants home,
    cards cleared, figures upright, next first player; its deals (new bonus cards, the
    theatre refill) are chance nodes shown in this phase."""
    state.phase = "end_of_round"
    state.notes.append(TEXTS.message("note.end_of_round", round=state.round))
    n = state.num_players
    for seat in range(n):
        state.assistants[seat] += state.out[seat]
        state.out[seat] = 0
    state.assistant = [-1] * data.SPACES
    state.bid = [0] * data.SPACES
    state.brussels = [[0] * n for _ in range(4)]
    state.uses = [0] * 4
    state.bonus_strip = [-1] * data.COLS
    state.ready = state.kept.copy()
    if state.theatre[0] >= 0:
        state.fig_discard[state.theatre[0]] += 1
        state.theatre[0] = -1
    state.shield, state.area, state.stock_card = -1, 0, -1
    state.first = (state.first + 1) % n
    if state.round < data.ROUNDS:
        push(state, *[("bonus_deal", col) for col in range(data.COLS)], ("theatre_slide",),
             ("round",))
    else:
        push(state, ("final",))


def _final(state: BruxellesState, task: Task) -> None:
    """BRX-189..191: each seat pays its kept figures, choosing the order only when its
    money covers some of them but not all."""
    state.phase = "scoring"
    settles: list[Task] = []
    for seat in range(state.num_players):
        state.unpaid[seat] = state.kept[seat]
        if state.revision == 1:  # records before 0.2.0: a `settle` decision, or pay all
            owed = sum(f.payment for i, f in enumerate(data.FIGURES)
                       if state.kept[seat] >> i & 1)
            if owed <= state.money[seat]:
                state.money[seat] -= owed
                state.unpaid[seat] = 0
            else:
                settles.append(("settle", seat))
        else:
            settles.append(("settle_auto", seat))
    push(state, *settles, ("score",))


def _settle_auto(state: BruxellesState, task: Task) -> None:
    """BRX-189..191: pay every figure that must be paid whatever the order; ask the
    seat (a `settle` decision) only when the order can change what it pays.

    All payable together: all are paid. One payable: it is paid (it must be, BRX-191).
    None: the rest stay unpaid and cost 5 VP each at the score (BRX-190).
    """
    seat = task[1]
    while True:
        payable = flow.payable_figures(state, seat)
        if not payable:
            return
        owed = sum(data.FIGURES[f].payment for f in payable)
        if len(payable) > 1 and owed > state.money[seat]:
            push(state, ("settle", seat))
            return
        for fig in payable:
            pay_figure(state, seat, fig)


def _score(state: BruxellesState, task: Task) -> None:
    """BRX-189..197: the final scoring (its score-display lines are rendered when asked
    for: BruxellesState.score_breakdown)."""
    from belle.games.bruxelles_1893.views import final_total

    state.vp_during = list(state.vp)
    for seat in range(state.num_players):
        state.vp[seat] = final_total(state, seat, state.vp_during[seat])
    state.phase = "over"


AUTOMATIC: dict[str, Callable[[BruxellesState, Task], None]] = {
    "setup_money": _setup_money, "round": _round, "action_phase": _action_phase,
    "next_turn": _next_turn, "do": _do, "art_start": _art_start, "keep_one": _keep_one,
    "theatre_slide": _theatre_slide, "after_pay": _after_pay, "resolution": _resolution,
    "exhibition": _exhibition, "exh_sale": _exh_sale, "auctions": _auctions,
    "majorities": _majorities, "courthouse": _courthouse, "end_round": _end_round,
    "final": _final, "settle_auto": _settle_auto, "score": _score,
}

"""Why a Bruxelles 1893 move is refused, in the words of the rules (State.why_illegal,
issue 20 item 5): the common refusals a learner meets — a space outside the area or
taken, no assistant or no money for the bid, a Construction one could not pay, too few
assistants for a Brussels action, a bid or a figure one cannot pay, a building space that
is not empty, a work one does not have or whose colour shows in the shop, a cursor step
off the grid, a second identical figure, a material the supply lacks, a unit the
compass does not take or that would leave a Construction unpayable, a needle that
would meet the other.

`why(state, action)` is asked only for an action that is not legal now, for the seat to
move; it reads the board and that seat's own holdings (all public in this game; never the
works another seat drew in secret) and answers a message of texts.py (None: no reason
more precise than the engine's general one). Each reason names its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from belle.games.bruxelles_1893 import actions as act
from belle.games.bruxelles_1893 import data, flow, rules
from belle.games.bruxelles_1893.actions import Act
from belle.games.bruxelles_1893.flow import Task
from belle.games.bruxelles_1893.texts import TEXTS
from belle.i18n.text import Message

if TYPE_CHECKING:
    from belle.games.bruxelles_1893.state import BruxellesState

def why(state: BruxellesState, action: Act) -> Message | None:
    """The reason `action` is refused now (None: no more precise reason than the engine's)."""
    task = state.tasks[-1] if state.tasks else None
    if task is None:
        return None
    explain = EXPLAIN.get(str(task[0]))
    return explain(state, task, action) if explain is not None else None


def _shield(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-46..48: one of the two shields the stock exchange card shows for this player
    count."""
    if action.verb != "shield":
        return None
    row, col = divmod(action.arg, 4)  # the notation's "row,column" (BRX-47)
    return TEXTS.message("why.shield_not_on_card", shield=f"{row + 1},{col + 1}")


def _turn(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-55..70, BRX-141..146: an assistant and a bid on a free space of the area, or
    a Brussels action with enough assistants."""
    seat = state.to_move
    if action.verb in act.BRUSSELS_WORDS:
        b = act.BRUSSELS_WORDS.index(action.verb)
        need = state.uses[b] + 1  # BRX-146
        return TEXTS.message("why.brussels_assistants", action=_brussels(b), count=need,
                             have=state.assistants[seat])
    if action.verb != "place":
        return None
    space = action.arg
    name = rules.space_label(space)
    if state.assistants[seat] < 1:  # BRX-59, BRX-62
        return TEXTS.message("why.no_assistant")
    if state.money[seat] < 1:  # BRX-61, BRX-65
        return TEXTS.message("why.no_bid_money")
    if not state.area >> space & 1:  # BRX-70
        return TEXTS.message("why.outside_area", space=name)
    if state.assistant[space] >= 0:  # BRX-63
        return TEXTS.message("why.space_used", space=name)
    if flow.space_action(state, space) == data.CONSTRUCTION:
        return _construction(state, seat)
    return None


def _construction(state: BruxellesState, seat: int) -> Message:
    """BRX-61, BRX-105, BRX-116, BRX-133..140: a Construction one could pay in full after
    the 1 BF bid, with a tile left and an empty space for it."""
    if state.built[seat] >= data.TILES:  # BRX-105
        return TEXTS.message("why.all_built")
    reserve = flow.build_reserve(state, seat, need_space=False)
    if reserve is None:  # BRX-133..140: the compass accepts nothing one holds
        return TEXTS.message("why.cannot_pay_construction")
    if reserve + 1 > state.money[seat]:  # BRX-61
        return TEXTS.message("why.money", cost=reserve + 1, have=state.money[seat])
    return TEXTS.message("why.no_building_space")  # BRX-116


def _bid(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-61, BRX-65, BRX-66: at least 1 BF, what one has, and enough left to pay a
    Construction."""
    if action.verb != "bid":
        return None
    seat, space = task[1], task[2]
    bid, money = act.bid_value(action), state.money[seat]
    if bid > money:  # BRX-66
        return TEXTS.message("why.money", cost=bid, have=money)
    reserve = flow.build_reserve(state, seat, need_space=False)
    if flow.space_action(state, space) == data.CONSTRUCTION and reserve is not None:
        return TEXTS.message("why.bid_reserve", most=money - reserve, reserve=reserve)
    return None


def _hire(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-87, BRX-88, BRX-61: a card on display whose price (its slot) one can pay."""
    if action.verb != "hire":
        return None
    slot = action.arg
    if state.theatre[slot] < 0:
        return TEXTS.message("why.no_figure_there", slot=slot + 1)
    money = state.money[task[1]]
    return TEXTS.message("why.money", cost=slot, have=money) if slot > money else None


def _build(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-114..116: any space with no assistant and no building."""
    if action.verb != "build":
        return None
    return TEXTS.message("why.build_space_taken", space=rules.space_label(action.arg))


def _sale(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-77..80: cursor steps while steps remain, inside the grid; a work one owns whose
    colour is not on top of a shop space."""
    seat, steps = task[1], task[2]
    if action.verb == "cursor":
        if steps <= 0:  # BRX-77
            return TEXTS.message("why.no_steps")
        dr, dc = act.DIRECTION_DELTAS[action.arg]
        if not rules.cursor_can_step(state.cursor, dr, dc):  # BRX-78
            return TEXTS.message("why.cursor_edge")
        return None
    if action.verb != "sell":
        return None
    colour = action.arg
    if not state.works[seat][colour]:  # BRX-79
        return TEXTS.message("why.no_work", colour=_colour(colour))
    if colour not in flow.sellable(state, seat):  # BRX-80
        return TEXTS.message("why.colour_in_shop", colour=_colour(colour))
    return None


def _fig_keep(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-94, BRX-95: never two identical public figures."""
    if action.verb != "keep-figure":
        return None
    return TEXTS.message("why.same_figure", figure=data.FIGURES[task[2]].name)


def _material(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-101..103: a noble material the general supply still has."""
    if action.verb != "take" or state.mat_supply[action.arg]:
        return None
    return TEXTS.message("why.material_gone", material=_material_name(action.arg))


def _pay(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-108, BRX-109, BRX-133..140: a unit one holds, of a kind the two needles' tiles
    accept, that leaves the rest of the cost payable with what one still holds."""
    if action.verb != "pay":
        return None
    seat, kind = task[1], action.arg
    unit = _unit(kind)
    if kind == data.P_MONEY and state.money[seat] < data.BF_PER_MONEY_UNIT:  # BRX-138
        return TEXTS.message("why.pay_bf_short", per=data.BF_PER_MONEY_UNIT,
                             have=state.money[seat])
    if flow.pay_holdings(state, seat)[kind] <= 0:
        return TEXTS.message("why.pay_none_left", unit=unit)
    cost = data.TILE_COST[state.built[seat]]
    tile_a, tile_b = (state.compass[n] for n in state.needles)
    if not any(pay[kind] for pay in rules.valid_payments(cost, tile_a, tile_b)):
        return TEXTS.message("why.pay_compass", unit=unit, a=_tile(tile_a), b=_tile(tile_b))
    return TEXTS.message("why.pay_stranded", unit=unit)


def _needle(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-112, BRX-113: the two needles never point at one space."""
    if action.verb != "needle":
        return None
    return TEXTS.message("why.needle_blocked", needle="AB"[action.arg])


def _activate(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-91, BRX-100: a kept figure that is ready (not used this round)."""
    if action.verb != "activate":
        return None
    seat, figure = task[1], action.arg
    name = data.FIGURES[figure].name
    if not state.kept[seat] >> figure & 1:
        return TEXTS.message("why.figure_not_kept", figure=name)
    return TEXTS.message("why.figure_used", figure=name)


def _settle(state: BruxellesState, task: Task, action: Act) -> Message | None:
    """BRX-189..191: a kept figure not paid yet, which one can pay in full."""
    if action.verb != "settle":
        return None
    seat, figure = task[1], action.arg
    if not state.unpaid[seat] >> figure & 1:
        return TEXTS.message("why.figure_not_owed", figure=data.FIGURES[figure].name)
    return TEXTS.message("why.money", cost=data.FIGURES[figure].payment,
                         have=state.money[seat])


def _brussels(b: int) -> Message:
    return TEXTS.message(f"brussels.{data.BRUSSELS[b]}.title")


def _colour(colour: int) -> Message:
    return TEXTS.message(f"why.colour.{data.ART_COLOURS[colour]}")


def _unit(kind: int) -> Message:
    return TEXTS.message(f"why.unit.{data.PAY_NAMES[kind]}")


def _tile(tile: int) -> Message:
    return TEXTS.message(f"board.tile.{data.COMPASS_TILES[tile]}")


def _material_name(material: int) -> Message:
    return TEXTS.message(f"why.material.{data.MATERIALS_NAMES[material]}")


EXPLAIN: dict[str, Callable[[BruxellesState, Task, Act], Message | None]] = {
    "shield": _shield, "turn": _turn, "bid": _bid, "hire": _hire, "build": _build, "sale": _sale,
    "fig_keep": _fig_keep, "material": _material, "pay": _pay, "needle": _needle,
    "settle": _settle,
    "grand": _activate, "secondary": _activate,
}

"""Why a Paris Connection move is refused, in the words of the rules (State.why_illegal,
issue 20 item 5): the common refusals a learner meets — a step out of order, an empty
storage board, a hex that is not next to the company's track, full, forbidden or that
would cut a company off, a share one does not hold, a trade back into the same colour.

`why(state, action)` is asked only for an action that is not legal now, for the seat to
move; it reads the map, the storage boards and that seat's own shares (never another
seat's) and answers a message of texts.py (None: no reason more precise than the
engine's general one). Each reason names its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.games.paris_connection import data, legacy
from belle.games.paris_connection.actions import Action, Build, Place, Return, Stop, Take, hex_label
from belle.games.paris_connection.rules import BOARD
from belle.games.paris_connection.texts import TEXTS
from belle.i18n.text import Message

if TYPE_CHECKING:
    from belle.games.paris_connection.state import ParisConnectionState

NO_COMPANY = -1


def why(state: ParisConnectionState, action: Action) -> Message | None:
    """The reason `action` is refused now (None: no more precise reason than the engine's)."""
    if state.phase != "play":
        return None
    if state.building != NO_COMPANY:
        return _building(state, action)
    if state.returned != NO_COMPANY:
        return _trading(state, action)
    if isinstance(action, Place):  # PC-31: a build starts with its company
        return TEXTS.message("why.choose_company")
    if isinstance(action, Take):  # PC-48: a trade starts with a return
        return TEXTS.message("why.return_first")
    if isinstance(action, Build):
        company = action.company
        if not state.supply[company]:  # PC-32
            return TEXTS.message("why.board_empty", company=_company(company))
        return TEXTS.message("why.no_room", company=_company(company))  # PC-37..44
    if isinstance(action, Return) and not state.portfolio[state.to_move][action.company]:
        return TEXTS.message("why.no_share", company=_company(action.company))  # PC-48
    return None


def _building(state: ParisConnectionState, action: Action) -> Message | None:
    """PC-31..45: one company, each locomotive next to its track, on a hex with room."""
    company = state.building
    if isinstance(action, (Build, Return, Take)):
        return TEXTS.message("why.building", company=_company(company))
    if isinstance(action, Stop):
        return TEXTS.message("why.place_one")  # PC-31: 1 to 5 locomotives
    if not isinstance(action, Place):
        return None
    h = action.hex
    name = hex_label(h)
    if not state.supply[company]:  # PC-33
        return TEXTS.message("why.board_empty", company=_company(company))
    if h == BOARD.eiffel or h in BOARD.start_slots:  # PC-43
        return TEXTS.message("why.forbidden_hex", hex=name)
    held = state.hex_companies[h]
    if held >> company & 1:  # PC-40
        return TEXTS.message("why.same_company", hex=name, company=_company(company))
    if state.board.is_city[h] and held:  # PC-42
        return TEXTS.message("why.city_full", hex=name)
    if held and bin(held).count("1") >= 2:  # PC-41
        return TEXTS.message("why.rural_full", hex=name)
    if not state.reach[company] & BOARD.bit[h]:  # PC-37..39
        return TEXTS.message("why.not_adjacent", hex=name, company=_company(company))
    return _cut_off(state, company, h)


def _cut_off(state: ParisConnectionState, company: int, h: int) -> Message:
    """PC-44, PC-45 (G-9): the placement would leave a company unable to reach a city;
    named when that company alone could not, else the companies together."""
    bit = BOARD.bit[h]
    full = state.board.is_city[h] or bool(state.hex_companies[h])
    room = state.room & ~bit if full else state.room
    for other in range(len(data.COMPANIES)):
        if other == company or state.on_city[other] or not state.network[other]:
            continue
        if not legacy.alone_can_reach_city(state.network[other], room, state.board):
            return TEXTS.message("why.cuts_off", hex=hex_label(h), company=_company(other))
    return TEXTS.message("why.cuts_off_together", hex=hex_label(h))


def _trading(state: ParisConnectionState, action: Action) -> Message | None:
    """PC-49..53: then 1 or 2 locomotives of one other company, from its storage board."""
    returned = state.returned
    if not isinstance(action, Take):
        return TEXTS.message("why.finish_trade", company=_company(returned))
    if action.company == returned:  # PC-50
        return TEXTS.message("why.same_as_returned", company=_company(returned))
    left = state.supply[action.company]
    if left < action.count:  # PC-53
        return TEXTS.message("why.take_more", company=_company(action.company), left=left,
                             count=action.count)
    return None


def _company(company: int) -> Message:
    return TEXTS.message(f"company.{data.COMPANIES[company].letter}")

"""The Paris Connection State: setup by chance, build and trade turns, the end.

Phases: STARTS (chance: the colour of each start hex, PC-19), DEAL (chance: secret draws,
PC-23), FIRST (chance: start player, PC-26), PLAY (build or trade, PC-29) and OVER
(PC-58/59). A build is `Build(c)` then `Place(h)` one locomotive at a time, ended by
`Stop` or automatically after the fifth placement, on Marseille (PC-60) or when no
placement is left; a trade is `Return(c)` then `Take`.

The cut-off rule (PC-44) is kept as one valid route per company not yet on a city
(cutoff.py). Legality of placements is worked out once per position and cached until the
next placement changes the map (`_has`, `_legal`, `_moves`); clones share those caches, which is
safe because a cache is only ever replaced, never changed, once the map changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, rank_by_keys
from belle.engine.texts import name_key
from belle.games.paris_connection import actions as act
from belle.games.paris_connection import (
    cutoff,
    data,
    heuristic,
    legacy,
    refusals,
    rules,
    views,
)
from belle.games.paris_connection.actions import (
    Action,
    Build,
    Deal,
    Place,
    Return,
    Start,
    Stop,
    Take,
)
from belle.games.paris_connection.rules import BOARD, hexes_in
from belle.i18n.text import Message

STARTS, DEAL, FIRST, PLAY, OVER = "starts", "deal", "first", "play", "over"
NUM_COMPANIES = len(data.COMPANIES)
NO_COMPANY = -1
BIT = BOARD.bit
NEIGHBOURS = BOARD.neighbour_mask
ACTION_TYPES = frozenset(type(a) for a in act.ALL_ACTIONS)
PLACE_AT = {p + 1: act.PLACE[h] for p, h in BOARD.hex_at.items()}  # by bit length
_PLACES: dict[int, tuple[Action, ...]] = {}  # legal placements -> their actions, in order
_PLACES_SIZE = 1 << 14


def _places(bits: int) -> tuple[Action, ...]:
    """The placements on the hexes `bits`, lowest bit first, kept in `_PLACES`: a search
    meets the same few sets of legal placements again and again."""
    places: list[Action] = []
    append, place_at = places.append, PLACE_AT
    key = bits
    while bits:
        low = bits & -bits
        append(place_at[low.bit_length()])
        bits ^= low
    if len(_PLACES) >= _PLACES_SIZE:
        _PLACES.clear()
    found = _PLACES[key] = tuple(places)
    return found


class ParisConnectionState(State[Action]):
    """One game of Paris Connection. Lists are indexed by seat or by company."""

    notation = act.NOTATION
    # per position, until the map changes (_board_changed)
    _saturated: int  # hexes a route needs in full (joint rules) / hexes a placement fills
    _has: dict[int, bool]  # company -> has a legal placement
    _legal: dict[int, int]  # company -> its legal placements
    _moves: dict[tuple[int, int], cutoff.Routing]  # (company, hex) -> the routes after

    def __init__(self, game: Any, num_players: int) -> None:
        self.game = game
        self.rules: rules.Ruleset = game.ruleset
        self.board = self.rules.board
        self.num_players = num_players
        self.history = []
        self._visibility = []
        self.phase = STARTS if self.rules.random_starts else DEAL
        self.deal_seat = 0
        self.hand_size = data.DRAWN_PER_PLAYER[num_players]
        self.limit = data.PORTFOLIO_LIMIT[num_players]
        self.bag = [data.LOCOMOTIVES_INTO_BAG_PER_COMPANY] * NUM_COMPANIES  # PC-22
        self.supply = [0] * NUM_COMPANIES
        self.supply_at_start: list[int] | None = None
        self.initial = [[0] * NUM_COMPANIES for _ in range(num_players)]
        self.portfolio = [[0] * NUM_COMPANIES for _ in range(num_players)]
        # What everyone can infer from open trades (used by resample): the fewest
        # shares of each company a seat must have been dealt, and taken shares not
        # yet accounted for by returns.
        self.min_initial = [[0] * NUM_COMPANIES for _ in range(num_players)]
        self.known_taken = [[0] * NUM_COMPANIES for _ in range(num_players)]
        self.values = [0] * NUM_COMPANIES  # PC-21
        self.start_hex = [-1] * NUM_COMPANIES  # PC-19: drawn in the STARTS phase
        self.network = [0] * NUM_COMPANIES
        self.reach = [0] * NUM_COMPANIES
        self.on_city = [False] * NUM_COMPANIES
        self.hex_companies = [0] * BOARD.size
        self.room = BOARD.buildable_mask  # hexes with a free place (PC-41, PC-42)
        self.room2 = self.board.rural_mask  # hexes with two free places
        # PC-44, joint rules: a valid route for each company in `routed` (bit c: company
        # c is on the map and not yet on a city, PC-45)
        self.routing = cutoff.Routing(((),) * NUM_COMPANIES, (0,) * NUM_COMPANIES)
        self.routed = 0
        self.start_player = -1
        self.to_move = -1
        self.building = NO_COMPANY
        self.placed = 0
        self.pending_gain = 0
        self.returned = NO_COMPANY
        self.marseille_connected = False
        self.end_reason = ""
        self.stalled_turns = 0
        self._board_changed()
        if not self.rules.random_starts:  # engine 0.1.0: company i on start hex i
            for company in range(NUM_COMPANIES):
                self._open_start(company, company)

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == PLAY:
            return self.to_move
        if self.phase == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase != PLAY and self.phase != OVER

    # -- legal actions ---------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            if self.building != NO_COMPANY:
                places = self._legal_places(self.building)
                if self.placed:
                    places.append(act.STOP)
                return places
            if self.returned != NO_COMPANY:
                return self._legal_takes()
            return self._turn_start_actions()
        if self.phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def is_legal(self, action: Action) -> bool:
        """The tests of legal_actions() for one action, without building the list."""
        if self.phase != PLAY:
            if type(action) is Deal:
                return self.phase == DEAL and action in act.DEAL and self.bag[action.company] > 0
            return action in self.legal_actions()
        company = self.building
        if type(action) is Place:
            h = action.hex
            return (
                company != NO_COMPANY and self.supply[company] > 0
                and type(h) is int and 0 <= h < BOARD.size
                and bool(self._candidates(company) & BIT[h])
                and self._placement_legal(company, h)
            )
        if company != NO_COMPANY:
            return type(action) is Stop and self.placed > 0
        if type(action) is Take:
            return (self.returned != NO_COMPANY and action in act.TAKES
                    and action.company != self.returned
                    and self.supply[action.company] >= action.count)
        if self.returned != NO_COMPANY:
            return False
        if type(action) is Build:
            c = action.company
            return action in act.BUILD and self.supply[c] > 0 and self._has_legal_hex(c)
        if type(action) is Return:
            return action in act.RETURN and self.portfolio[self.to_move][action.company] > 0
        return False

    def refusal(self, action: Action) -> Message | None:
        """Why `action` is refused now, in the rules' words (refusals.py)."""
        return refusals.why(self, action)

    def _turn_start_actions(self) -> list[Action]:
        """PC-29: build (a company with supply and a legal hex) or trade (PC-52)."""
        supply, hand, known = self.supply, self.portfolio[self.to_move], self._has
        legal: list[Action] = [
            act.BUILD[c] for c in range(NUM_COMPANIES)
            if supply[c] and (known[c] if c in known else self._has_legal_hex(c))
        ]
        legal += [act.RETURN[c] for c in range(NUM_COMPANIES) if hand[c]]
        return legal

    def _legal_takes(self) -> list[Action]:
        """PC-49..53: 1 or 2 of one company other than the one returned."""
        takes: list[Action] = []
        for c in range(NUM_COMPANIES):
            if c != self.returned and self.supply[c]:
                takes.append(act.TAKE[c][0])
                if self.supply[c] >= 2:
                    takes.append(act.TAKE[c][1])
        return takes

    def _candidates(self, company: int) -> int:
        """PC-37..43: hexes next to the company's track, with room, not holding it."""
        return self.reach[company] & self.room & ~self.network[company]

    def _has_legal_hex(self, company: int) -> bool:
        """PC-37..44: some placement is legal (the supply aside)."""
        known = self._has.get(company)
        if known is None:
            candidates = self.reach[company] & self.room & ~self.network[company]
            known = bool(candidates & ~(self._saturated & ~self.routing.bits[company])) or bool(
                candidates and self._legal_bits(company))
            self._has[company] = known
        return known

    def _legal_places(self, company: int) -> list[Action]:
        if not self.supply[company]:
            return []
        legal = self._legal_bits(company)
        places = _PLACES.get(legal)
        if places is None:
            places = _places(legal)
        return list(places)

    def _placement_legal(self, company: int, h: int) -> bool:
        """PC-44 for one placement among the candidates."""
        if not self._saturated & ~self.routing.bits[company] & BIT[h]:
            return True
        return bool(self._legal_bits(company) & BIT[h])

    def _needs_check(self, company: int) -> int:
        """Candidates that might cut a company off: the hexes another company's route
        needs in full (joint rules), or every hex that a placement fills (0.1.0)."""
        return self._saturated & ~self.routing.bits[company]

    def _legal_bits(self, company: int) -> int:
        """The company's legal placements (PC-37..44), worked out once per position."""
        legal = self._legal.get(company)
        if legal is None:
            candidates = self.reach[company] & self.room & ~self.network[company]
            check = candidates & self._saturated & ~self.routing.bits[company]
            legal = candidates & ~check
            for h in hexes_in(check):
                if self._keeps_everyone_connected(company, h):
                    legal |= BIT[h]
            self._legal[company] = legal
        return legal

    def _keeps_everyone_connected(self, company: int, h: int) -> bool:
        """PC-44 (G-9) for a placement on a hex that a route needs in full."""
        if not self.rules.joint_cutoff:
            return self._alone_connected(company, h)
        bit = BIT[h]
        city = self.board.is_city[h]
        found = cutoff.placement_routing(
            self.board, self.room & ~bit if city or self.hex_companies[h] else self.room,
            self.room2 & ~bit, self.network, self.routed & ~(1 << company) if city
            else self.routed, company, h, self.routing)
        if found is None:
            return False
        self._moves[(company, h)] = found
        return True

    def _alone_connected(self, company: int, h: int) -> bool:
        """Engine 0.1.0's PC-44: each other company checked alone."""
        bit = BIT[h]
        occupants = self.hex_companies[h]
        without = self.room & ~bit
        for other in range(NUM_COMPANIES):
            if other == company or self.on_city[other] or occupants >> other & 1:
                continue  # PC-45: a company on a city is safe; own hexes stay crossable
            region = legacy.flood_region(self.network[other], self.room)
            if region & bit and not legacy.alone_can_reach_city(
                    self.network[other], without, self.board):
                return False
        return True

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == DEAL:
            total = sum(self.bag)
            return [(act.DEAL[c], n / total) for c, n in enumerate(self.bag) if n]
        if self.phase == STARTS:  # PC-19: a colour not yet placed, for the next start hex
            slot = sum(1 for h in self.start_hex if h >= 0)
            waiting = [c for c in range(NUM_COMPANIES) if self.start_hex[c] < 0]
            return [(act.START[c][slot], 1 / len(waiting)) for c in waiting]
        if self.phase == FIRST:
            return [(act.FIRST[s], 1 / self.num_players) for s in range(self.num_players)]
        return []

    def chance_visibility(self, action: Action) -> frozenset[int] | None:
        """PC-23: a dealt locomotive is seen only by the seat that draws it."""
        if isinstance(action, Deal):
            return frozenset((self.deal_seat,))
        return None

    # -- applying --------------------------------------------------------
    def action_visibility(self, action: Action) -> frozenset[int] | None:
        """As the base class says (only a deal is secret), without its detour."""
        if type(action) is Deal:
            return frozenset((self.deal_seat,))
        return None

    def _apply(self, action: Action) -> None:
        self.history.append(action)  # State._log, with action_visibility written out
        self._visibility.append(frozenset((self.deal_seat,)) if type(action) is Deal
                                else None)
        # by frequency; a plain chain is faster here than `match` with class patterns
        if isinstance(action, Place):
            self._place(action.hex)
        elif isinstance(action, Build):
            self.building, self.placed, self.pending_gain = action.company, 0, 0
        elif isinstance(action, Return):
            self._return(action.company)
        elif isinstance(action, Take):
            self._take(action.company, action.count)
        elif isinstance(action, Stop):
            self._finish_build()
        elif isinstance(action, Deal):
            self._deal(action.company)
        elif isinstance(action, Start):
            self._open_start(action.company, action.slot)
            if action.slot == NUM_COMPANIES - 1:
                self.phase = DEAL
        else:
            self.start_player = self.to_move = action.seat
            self.phase = PLAY

    def _open_start(self, company: int, slot: int) -> None:
        """PC-19: the company's first locomotive on a start hex."""
        h = BOARD.start_slots[slot]
        self.start_hex[company] = h
        self.network[company] = BIT[h]
        self.reach[company] = NEIGHBOURS[h]
        self.hex_companies[h] = 1 << company
        if self.rules.joint_cutoff:  # the routes at setup depend on the hex alone
            routes, bits = self.routing
            self.routing = cutoff.Routing(
                (*routes[:company], cutoff.START_ROUTES[slot], *routes[company + 1:]),
                (*bits[:company], cutoff.START_ROUTE_BITS[slot], *bits[company + 1:]))
            self.routed |= 1 << company
            self._board_changed()

    def _deal(self, company: int) -> None:
        seat = self.deal_seat
        self.bag[company] -= 1
        self.portfolio[seat][company] += 1
        self.initial[seat][company] += 1
        if sum(self.portfolio[seat]) == self.hand_size:
            self.deal_seat += 1
            if self.deal_seat == self.num_players:  # PC-25: the bag goes to the boards
                self.supply, self.bag = self.bag, [0] * NUM_COMPANIES
                self.supply_at_start = list(self.supply)
                self.phase = FIRST

    def _place(self, h: int) -> None:
        company = self.building
        bit = BIT[h]
        city = self.board.is_city[h]
        if self.rules.joint_cutoff:
            found = self._moves.get((company, h))
            if found is None:  # a hex no route needs in full: only the own route moves
                if self._needs_check(company) & bit:
                    self._keeps_everyone_connected(company, h)
                    found = self._moves[(company, h)]
                else:
                    found = cutoff.own_update(self.routing, company, h,
                                              city and not self.on_city[company])
            self.routing = found
            if city:
                self.routed &= ~(1 << company)
        self.supply[company] -= 1
        self.network[company] |= bit
        self.reach[company] |= NEIGHBOURS[h]
        if city or self.hex_companies[h]:  # PC-41, PC-42
            self.room &= ~bit
        self.room2 &= ~bit
        self.hex_companies[h] |= 1 << company
        if city:
            self.on_city[company] = True
        self.pending_gain += self.board.values[h]  # PC-46
        self.placed += 1
        self._board_changed()
        if h == BOARD.marseille:  # PC-59
            self.marseille_connected = True
            if self.rules.marseille_ends_build:  # PC-60: the game ends at once
                self._finish_build()
                return
        if (
            self.placed == data.MAX_BUILD
            or not self.supply[company]
            or not self._has_legal_hex(company)
        ):
            self._finish_build()

    def _board_changed(self) -> None:
        """Forget what was worked out for the old map (new objects: clones share them)."""
        if self.rules.joint_cutoff:
            self._saturated = cutoff.saturated(self.routing.bits, self.room2)
        else:
            self._saturated = self.board.city_mask | (self.room & ~self.room2)
        self._has = {}
        self._legal = {}
        self._moves = {}

    def _finish_build(self) -> None:
        self.values[self.building] += self.pending_gain  # PC-46, PC-47
        self.building, self.placed, self.pending_gain = NO_COMPANY, 0, 0
        self._end_turn(supply_fell=True)  # a build places at least one locomotive

    def _return(self, company: int) -> None:
        seat = self.to_move
        self.portfolio[seat][company] -= 1
        self.supply[company] += 1  # PC-55
        self.returned = company
        if self.known_taken[seat][company]:
            self.known_taken[seat][company] -= 1
        else:
            self.min_initial[seat][company] += 1

    def _take(self, company: int, count: int) -> None:
        seat = self.to_move
        self.supply[company] -= count
        self.portfolio[seat][company] += count
        self.known_taken[seat][company] += count
        self.returned = NO_COMPANY
        self._end_turn(supply_fell=count > 1)  # one returned, `count` taken

    def _end_turn(self, supply_fell: bool) -> None:
        """PC-58..60, PC-71: check the end conditions after each whole action.
        `supply_fell`: the turn took locomotives off the storage boards (a build, or a
        trade taking two for the one returned)."""
        boards_left = NUM_COMPANIES - self.supply.count(0)
        if self.marseille_connected:
            self.phase, self.end_reason = OVER, "Marseille is connected (PC-59)"
        elif boards_left <= 1:
            self.phase, self.end_reason = OVER, "only one storage board holds locomotives (PC-58)"
        elif self.rules.stall_rounds is not None:
            if self._no_progress_over(supply_fell, self.rules.stall_rounds):
                self.phase, self.end_reason = OVER, (
                    f"no locomotive left the storage boards for {self.rules.stall_rounds} "
                    "rounds (PC-71, reconstructed)")
        elif self._stalled_round_over():
            self.phase, self.end_reason = OVER, (
                "no company could build for a whole round (PC-71, reconstructed)"
            )
        if self.phase != OVER:
            self.to_move = (self.to_move + 1) % self.num_players

    def _no_progress_over(self, supply_fell: bool, rounds: int) -> bool:
        """PC-71 (reconstructed, edition 3): `rounds` rounds of one-for-one trades end
        the game. `stalled_turns` counts the turns in a row that left the storage boards
        as full as they were; every other turn empties them by one locomotive or more,
        so a game has at most (locomotives on the boards + 1) × rounds × players turns
        (docs/decisions.md, "Paris Connection: games that end")."""
        self.stalled_turns = 0 if supply_fell else self.stalled_turns + 1
        return self.stalled_turns >= rounds * self.num_players

    def _stalled_round_over(self) -> bool:
        """PC-71 (reconstructed, editions 1 and 2): once no company can build, each player
        trades once more. `stalled_turns` counts the turns ended in a position with no
        legal build. A one-for-one trade that puts a share on an empty board makes a
        build legal for a turn and starts the count again, so swaps could go on for ever
        (six greedy players, seed 184): edition 3 counts differently.
        """
        if self.can_build():
            self.stalled_turns = 0
            return False
        self.stalled_turns += 1
        return self.stalled_turns > self.num_players

    def can_build(self) -> bool:
        """PC-29, PC-37..44: some company has locomotives on its storage board and a legal
        hex, whoever is to move (editions 1 and 2 ended a stalled game on it; the
        endings measurement, belle.balance.endings, still counts it)."""
        supply = self.supply
        return any(supply[c] and self._has_legal_hex(c) for c in range(NUM_COMPANIES))

    # -- copies ----------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the per-position caches: clones share and fill them, so they
        say nothing of this position and would make equal states serialize apart."""
        state = dict(self.__dict__)
        state["_has"] = {}
        state["_legal"] = {}
        state["_moves"] = {}
        return state

    def clone(self) -> ParisConnectionState:
        """Flat lists copied, tuples and the per-position caches shared (see above); rows
        copied by `map` (a comprehension is a call of its own: this is the search's hot
        path)."""
        other = object.__new__(ParisConnectionState)
        d = other.__dict__
        d.update(self.__dict__)
        d["history"] = self.history[:]
        d["_visibility"] = self._visibility[:]
        d["bag"] = self.bag[:]
        d["supply"] = self.supply[:]
        d["initial"] = list(map(list.copy, self.initial))
        d["portfolio"] = list(map(list.copy, self.portfolio))
        d["min_initial"] = list(map(list.copy, self.min_initial))
        d["known_taken"] = list(map(list.copy, self.known_taken))
        d["values"] = self.values[:]
        d["start_hex"] = self.start_hex[:]
        d["network"] = self.network[:]
        d["reach"] = self.reach[:]
        d["on_city"] = self.on_city[:]
        d["hex_companies"] = self.hex_companies[:]
        return other

    # -- results ---------------------------------------------------------
    def score(self, seat: int) -> int:
        return rules.portfolio_score(self.portfolio[seat], self.values, self.limit)

    def returns(self) -> list[float]:
        return [float(self.score(s)) for s in range(self.num_players)]

    def ranking(self) -> list[int]:
        """PC-65, PC-66: most points; ties share unless the house tie-break is on (G-8)."""
        keys: list[tuple[float, ...]] = []
        for seat in range(self.num_players):
            key: tuple[float, ...] = (self.score(seat),)
            if self.game.option("house_tie_break"):
                size = sum(self.portfolio[seat])
                key += (-max(0, size - self.limit), size)
            keys.append(key)
        return rank_by_keys(keys)

    def score_breakdown(self) -> list[list[ScoreLine]]:
        return [views.breakdown(self, seat) for seat in range(self.num_players)]

    def heuristic(self, seat: int) -> float:
        """Own share value minus the best opponent's, the turn finished as the mover
        would (heuristic.py)."""
        return heuristic.heuristic(self, seat)

    def heuristics(self, seats: Iterable[int]) -> dict[int, float]:
        """`heuristic` for several seats, the finished turn worked out once."""
        return heuristic.heuristics(self, seats)

    # -- information -----------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)

    def private_view(self, seat: int | None) -> dict[str, Any]:
        return views.private_view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> ParisConnectionState:
        self.check_player(seat)
        return views.resample(self, seat, rng)

    def resampler(self, seat: int) -> Callable[[random.Random], ParisConnectionState]:
        self.check_player(seat)
        return views.resampler(self, seat)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)

    def companies_on_hex(self, h: int) -> list[int]:
        return [c for c in range(NUM_COMPANIES) if self.hex_companies[h] >> c & 1]

    # -- notation on older maps (legacy.py) --------------------------------
    def action_to_string(self, action: Action) -> str:
        if isinstance(action, Place) and self.board is not BOARD:
            return f"place {self.board.names[action.hex] or self.board.labels[action.hex]}"
        return act.to_string(action)

    def parse_action(self, text: str) -> Action:
        if self.board is not BOARD and isinstance(text, str):
            words = text.split()
            if len(words) > 1 and words[0].lower() == "place":
                name = name_key(" ".join(words[1:]))
                for h, city in enumerate(self.board.names):
                    if city and name_key(city) == name:
                        return act.PLACE[h]
        return act.parse(text)

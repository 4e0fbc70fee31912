"""The Paris Connection State: setup by chance, build and trade turns, the end.

Phases: DEAL (chance: secret draws, PC-23), FIRST (chance: start player, PC-26),
PLAY (build or trade, PC-29) and OVER (PC-58/59). A build is `Build(c)` then
`Place(h)` one locomotive at a time, ended by `Stop` or automatically after the
fifth placement or when no placement is left; a trade is `Return(c)` then `Take`.
"""

from __future__ import annotations

import random
from typing import Any

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, rank_by_keys
from belle.games.paris_connection import actions as act
from belle.games.paris_connection import data, rules, views
from belle.games.paris_connection.actions import (
    Action,
    Build,
    Deal,
    FirstPlayer,
    Place,
    Return,
    Stop,
    Take,
)
from belle.games.paris_connection.rules import BOARD, can_reach_city, flood_region, hexes_in

DEAL, FIRST, PLAY, OVER = "deal", "first", "play", "over"
NUM_COMPANIES = len(data.COMPANIES)
NO_COMPANY = -1


class ParisConnectionState(State[Action]):
    """One game of Paris Connection. Lists are indexed by seat or by company."""

    notation = act.NOTATION

    def __init__(self, game: Any, num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        self.history = []
        self._visibility = []
        self.phase = DEAL
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
        self.network = [BOARD.bit[h] for h in BOARD.start_hex]  # PC-19
        self.reach = [BOARD.neighbour_mask[h] for h in BOARD.start_hex]
        self.on_city = [False] * NUM_COMPANIES
        self.hex_companies = [0] * BOARD.size
        for company, h in enumerate(BOARD.start_hex):
            self.hex_companies[h] = 1 << company
        self.room = BOARD.buildable_mask
        self.start_player = -1
        self.to_move = -1
        self.building = NO_COMPANY
        self.placed = 0
        self.pending_gain = 0
        self.returned = NO_COMPANY
        self.marseille_connected = False
        self.end_reason = ""
        self.stalled_turns = 0
        self._regions: list[int] | None = None

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == PLAY:
            return self.to_move
        if self.phase == OVER:
            return TERMINAL
        return CHANCE

    # -- legal actions ---------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            if self.building != NO_COMPANY:
                places: list[Action] = [act.PLACE[h] for h in self._legal_hexes(self.building)]
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
        """Fast path for the most frequent action; everything else asks legal_actions()."""
        if isinstance(action, Place):
            company = self.building
            return (
                self.phase == PLAY
                and company != NO_COMPANY
                and self.supply[company] > 0
                and isinstance(action.hex, int)
                and 0 <= action.hex < BOARD.size
                and bool(self._candidates(company) & BOARD.bit[action.hex])
                and self._placement_keeps_all_connected(company, action.hex)
            )
        return action in self.legal_actions()

    def _turn_start_actions(self) -> list[Action]:
        """PC-29: build (a company with supply and a legal hex) or trade (PC-52)."""
        legal: list[Action] = [
            act.BUILD[c]
            for c in range(NUM_COMPANIES)
            if self.supply[c] and self._has_legal_hex(c)
        ]
        hand = self.portfolio[self.to_move]
        legal.extend(act.RETURN[c] for c in range(NUM_COMPANIES) if hand[c])
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
        return any(self._placement_keeps_all_connected(company, h)
                   for h in hexes_in(self._candidates(company)))

    def _legal_hexes(self, company: int) -> list[int]:
        if not self.supply[company]:
            return []
        return [h for h in hexes_in(self._candidates(company))
                if self._placement_keeps_all_connected(company, h)]

    def _placement_keeps_all_connected(self, company: int, h: int) -> bool:
        """PC-44 (G-9): placing here must not cut any other company off from every city."""
        occupants = self.hex_companies[h]
        fills = BOARD.is_city[h] or occupants != 0
        if not fills:
            return True
        regions = self._cutoff_regions()
        bit = BOARD.bit[h]
        without = self.room & ~bit
        for other in range(NUM_COMPANIES):
            if other == company or self.on_city[other] or occupants >> other & 1:
                continue  # PC-45: a company on a city is safe; own hexes stay crossable
            if regions[other] & bit and not can_reach_city(self.network[other], without):
                return False
        return True

    def _cutoff_regions(self) -> list[int]:
        """Per company, the hexes it could still build through (cached until a placement)."""
        if self._regions is None:
            self._regions = [
                0 if self.on_city[c] else flood_region(self.network[c], self.room)
                for c in range(NUM_COMPANIES)
            ]
        return self._regions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == DEAL:
            total = sum(self.bag)
            return [(act.DEAL[c], n / total) for c, n in enumerate(self.bag) if n]
        if self.phase == FIRST:
            return [(act.FIRST[s], 1 / self.num_players) for s in range(self.num_players)]
        return []

    def chance_visibility(self, action: Action) -> frozenset[int] | None:
        """PC-23: a dealt locomotive is seen only by the seat that draws it."""
        if isinstance(action, Deal):
            return frozenset((self.deal_seat,))
        return None

    # -- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._log(action)
        match action:
            case Deal(company):
                self._deal(company)
            case FirstPlayer(seat):
                self.start_player = self.to_move = seat
                self.phase = PLAY
            case Build(company):
                self.building, self.placed, self.pending_gain = company, 0, 0
            case Place(h):
                self._place(h)
            case Stop():
                self._finish_build()
            case Return(company):
                self._return(company)
            case Take(company, count):
                self._take(company, count)

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
        bit = BOARD.bit[h]
        self.supply[company] -= 1
        self.network[company] |= bit
        self.reach[company] |= BOARD.neighbour_mask[h]
        self.hex_companies[h] |= 1 << company
        if BOARD.is_city[h] or self.hex_companies[h] != 1 << company:  # PC-41, PC-42
            self.room &= ~bit
        if BOARD.is_city[h]:
            self.on_city[company] = True
            self.marseille_connected |= h == BOARD.marseille
        self.pending_gain += BOARD.values[h]  # PC-46
        self.placed += 1
        self._regions = None
        if (
            self.placed == data.MAX_BUILD
            or not self.supply[company]
            or not self._has_legal_hex(company)
        ):
            self._finish_build()

    def _finish_build(self) -> None:
        self.values[self.building] += self.pending_gain  # PC-46, PC-47
        self.building, self.placed, self.pending_gain = NO_COMPANY, 0, 0
        self._end_turn()

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
        self._end_turn()

    def _end_turn(self) -> None:
        """PC-58..60: check both end conditions after each whole action."""
        boards_left = sum(1 for n in self.supply if n)
        if self.marseille_connected:
            self.phase, self.end_reason = OVER, "Marseille is connected (PC-59)"
        elif boards_left <= 1:
            self.phase, self.end_reason = OVER, "only one storage board holds locomotives (PC-58)"
        elif self._stalled_round_over():
            self.phase, self.end_reason = OVER, (
                "no company could build for a whole round (G-11, reconstructed)"
            )
        else:
            self.to_move = (self.to_move + 1) % self.num_players

    def _stalled_round_over(self) -> bool:
        """G-11 (reconstructed): once no company can build, each player trades once more.

        Without this, players who are all at their limit could swap one share for one
        forever. `stalled_turns` counts the turns ended in a position with no legal build.
        """
        if any(self.supply[c] and self._has_legal_hex(c) for c in range(NUM_COMPANIES)):
            self.stalled_turns = 0
            return False
        self.stalled_turns += 1
        return self.stalled_turns > self.num_players

    # -- copies ----------------------------------------------------------
    def clone(self) -> ParisConnectionState:
        other = object.__new__(ParisConnectionState)
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other._visibility = self._visibility.copy()
        other.bag = self.bag.copy()
        other.supply = self.supply.copy()
        other.initial = [row.copy() for row in self.initial]
        other.portfolio = [row.copy() for row in self.portfolio]
        other.min_initial = [row.copy() for row in self.min_initial]
        other.known_taken = [row.copy() for row in self.known_taken]
        other.values = self.values.copy()
        other.network = self.network.copy()
        other.reach = self.reach.copy()
        other.on_city = self.on_city.copy()
        other.hex_companies = self.hex_companies.copy()
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
        """Own share value (counting a build's pending gain) minus the best opponent's."""
        values = self.values.copy()
        if self.building != NO_COMPANY:
            values[self.building] += self.pending_gain
        scores = [rules.portfolio_score(p, values, self.limit) for p in self.portfolio]
        others = [s for i, s in enumerate(scores) if i != seat]
        return float(scores[seat] - max(others))

    # -- information -----------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> ParisConnectionState:
        return views.resample(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)

    def companies_on_hex(self, h: int) -> list[int]:
        return [c for c in range(NUM_COMPANIES) if self.hex_companies[h] >> c & 1]

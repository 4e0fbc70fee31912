"""The City of Light State: setup by chance, phase 1 (streets), phase 2 (buildings and
postcards), the end and the scoring.

Stages: SETUP (chance: the random postcards, the start player, the first tiles),
STREETS (COL-28..46), BUILD (COL-47..71), OVER (COL-72..94). A building placement is
`build S4b` then `at c3 90`; a postcard is `card X` then its target or `decline`
(Métropolitain: `card metropolitain`, `build …`, `at …`). The space kinds and every
set of spaces are 64-bit masks (rules.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, rank_by_keys
from belle.games.city_of_light import actions as act
from belle.games.city_of_light import cards, data, legal, refusals, rules, scoring, views
from belle.games.city_of_light.actions import (
    Action,
    Activate,
    Decline,
    Draw,
    First,
    LayTile,
    Pass,
    Pick,
    Put,
    Quadrant,
    Select,
    Side,
    Swap,
    Take,
    Target,
    Use,
)
from belle.games.city_of_light.rules import (
    FULL,
    NUM_BUILDINGS,
    PLACEMENT_MASK,
    PLACEMENTS,
    expand,
    popcount,
)

SETUP, STREETS, BUILD, OVER = 0, 1, 2, 3
STAGE_NAMES = ("setup", "streets", "build", "over")
NUM_SLOTS = data.SLOTS_PER_SIDE**2
ALL_TILES = (1 << data.TILES_PER_PLAYER) - 1
METRO = data.CARD_INDEX["METROPOLITAIN"]
NUM_CARDS = len(data.POSTCARDS)
SEEN_BY = (frozenset((0,)), frozenset((1,)))  # a drawn tile is its drawer's (COL-25)
SLOT_SPACES = tuple(rules.slot_spaces(slot) for slot in range(NUM_SLOTS))
TILE_KINDS = tuple(tuple(tuple(rules.tile_kinds(owner, tile, rot) for rot in range(4))
                         for tile in range(data.TILES_PER_PLAYER)) for owner in (0, 1))
"""Per owner, tile and rotation: the kinds of its TL TR BL BR spaces (COL-32)."""
DRAW_OUTCOMES = tuple(
    tuple((act.DRAW[t], 1 / stack.bit_count()) for t in range(data.TILES_PER_PLAYER)
          if stack >> t & 1)
    for stack in range(1 << data.TILES_PER_PLAYER))
"""COL-24, COL-36: each undrawn set's draws, equally likely (prebuilt per set)."""
DRAW_OUTCOME_INTS = tuple(tuple((act.CODEC.to_int(a), p) for a, p in outcomes)
                          for outcomes in DRAW_OUTCOMES)
"""DRAW_OUTCOMES with dense ints (chance_outcome_ints)."""
BUILDABLE_SECTIONS = sum(
    spec.pattern.count("O") + spec.pattern.count("R") + 2 * spec.pattern.count("M")
    for spec in data.TILES)
"""The street sections a seat may ever build on (COL-50): its colour on its own tiles
("O") and on its rival's (there written "R": the sets are colour swaps), and the purple
of both sets. The greedy hope counts reserve buildings only up to this room."""
PLACEMENT_NEAR = {mirror: tuple(tuple((m, expand(m)) for _, _, m in per) for per in table)
                  for mirror, table in PLACEMENTS.items()}
"""Every placement's spaces and the spaces next to them (the greedy heuristic)."""


class CityOfLightState(State[Action]):
    """One game. Per-seat lists are indexed by seat (0 orange, 1 blue); card lists by
    the card's index in data.POSTCARDS; buildings on the board by placement order."""

    notation = act.NOTATION

    def __init__(self, game: Any, num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        self.history = []
        self._visibility = []
        self.variants: frozenset[str] = game.variants
        self.mirror = "mirror" in self.variants or data.ALLOW_MIRROR
        self.pool: tuple[int, ...] = game.pool  # cards a random set is drawn from
        self.cards: list[int] = list(game.fixed_cards)
        self.start_player: int = game.fixed_start
        self.stage = SETUP
        self.draw_due = -1
        self.kinds = [-1] * rules.SPACES
        self.kind_mask = [0, 0, 0, 0]
        self.slot_tile = [-1] * NUM_SLOTS  # seat * 8 + tile
        self.slot_rot = [0] * NUM_SLOTS
        self.remaining = [ALL_TILES, ALL_TILES]  # COL-24: the undrawn tiles (a set)
        self.hand = [-1, -1]
        self.placed_tiles = [0, 0]
        self.passed = [False, False]
        self.first_finisher = -1
        self.supply = (1 << NUM_BUILDINGS) - 1  # COL-22
        self.reserve = [0, 0]
        self.b_id: list[int] = []
        self.b_owner: list[int] = []
        self.b_mask: list[int] = []
        self.covered = 0
        self.chimneys = [data.CHIMNEYS_PER_PLAYER] * 2  # COL-23
        self.markers = [data.MARKERS_PER_PLAYER] * 2
        self.card_owner = [-1] * NUM_CARDS
        self.card_used = [False] * NUM_CARDS
        self.piece_space = [-1] * NUM_CARDS
        self.piece_facing = [0] * NUM_CARDS
        self.block_mask = 0
        self.piece_mask = 0
        self.eiffel_mask = 0
        self.arc_mask = 0
        self.skull_space = -1
        self.skull_building = -1
        self.gargoyle_building = -1
        self.louvre_building = -1
        self.large_lamp = -1
        self.to_move = -1
        self.pending_building = -1
        self.pending_card = -1
        self.end_reason = ""
        self._final: list[float] | None = None  # the totals once OVER (returns)
        # per seat (allowed spaces, buildings checked, buildings that fit): legal.fitting
        self.fit_cache: tuple[tuple[int, int, int], tuple[int, int, int]] = ((-1, 0, 0),
                                                                             (-1, 0, 0))
        self.rules_version: int = game.rules_version
        self._setup_next()

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.stage == OVER:
            return TERMINAL
        if self.stage == SETUP or self.draw_due >= 0:
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def is_chance_node(self) -> bool:
        return self.stage != OVER and (self.stage == SETUP or self.draw_due >= 0)

    def _needs_picks(self) -> bool:
        return len(self.cards) < data.POSTCARDS_PER_GAME

    def _setup_next(self) -> None:
        """COL-18..26: the postcards, the start player, then each player's first tile."""
        if self._needs_picks() or self.start_player < 0:
            return
        for seat in (0, 1):
            if self.hand[seat] < 0:
                self.draw_due = seat
                return
        self.draw_due = -1
        self.stage = STREETS
        self.to_move = self.start_player  # COL-28

    # -- legal actions ---------------------------------------------------
    legal_actions = legal.legal_actions
    legal_action_ints = legal.legal_action_ints
    is_legal = legal.is_legal
    refusal = refusals.why  # why a move is refused now, in the rules' words

    def parse_action(self, text: str) -> Action:
        """The notation; where a postcard targets a whole building (Notre-Dame, the
        Louvre: COL-173, COL-194), `on f1` names it by any of its spaces, as `on e1` by
        its first one, the space the action is written with."""
        action = super().parse_action(text)
        if (isinstance(action, Target) and action.facing == 0
                and not self.is_legal(action)):
            first = cards.building_target_at(self, action.space)
            if first is not None and self.is_legal(first):
                return first
        return action

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.stage == SETUP and self._needs_picks():
            pool = [c for c in self.pool if c not in self.cards]
            return [(act.PICK[c], 1 / len(pool)) for c in pool]
        if self.stage == SETUP and self.start_player < 0:
            return [(act.FIRST[0], 0.5), (act.FIRST[1], 0.5)]
        if self.draw_due >= 0:
            return list(DRAW_OUTCOMES[self.remaining[self.draw_due]])
        return []

    def chance_outcome_ints(self) -> list[tuple[int, float]]:
        """The draws as dense ints, prebuilt (the AI adapters' hot path)."""
        if self.draw_due >= 0 and self.stage != SETUP:
            return list(DRAW_OUTCOME_INTS[self.remaining[self.draw_due]])
        return super().chance_outcome_ints()

    def chance_visibility(self, action: Action) -> frozenset[int] | None:
        """COL-25, COL-29: a drawn tile is seen only by its owner."""
        if isinstance(action, Draw):
            return frozenset((self.draw_due,))
        return None

    def build_allowed(self, seat: int, metro: bool) -> int:
        """COL-50..55, COL-140: the spaces a building of `seat` may cover."""
        return legal.build_allowed(self, seat, metro)

    def can_place(self, seat: int) -> bool:
        """COL-68: a reserve building, a chimney, and a legal position for it."""
        return legal.can_place(self, seat)

    def can_act(self, seat: int) -> bool:
        """COL-67, COL-71: a marker left always leaves an unactivated postcard."""
        return self.markers[seat] > 0 or self.can_place(seat)

    # -- applying --------------------------------------------------------

    def _log(self, action: Action) -> None:
        """The history entry and who may see it: only a drawn tile is private (COL-25)."""
        self.history.append(action)
        self._visibility.append(SEEN_BY[self.draw_due] if type(action) is Draw else None)

    def _apply(self, action: Action) -> None:
        self._log(action)
        APPLY[type(action)](self, action)

    def _pick(self, action: Pick) -> None:
        self.cards.append(action.card)
        self._setup_next()

    def _first(self, action: First) -> None:
        self.start_player = action.seat
        self._setup_next()

    def _take(self, action: Take) -> None:
        seat = self.to_move
        self.supply &= ~(1 << action.building)  # COL-35
        self.reserve[seat] |= 1 << action.building
        self.to_move = 1 - seat

    def _pass(self, action: Pass) -> None:
        self.passed[self.to_move] = True
        self.to_move = 1 - self.to_move  # COL-46

    def _select(self, action: Select) -> None:
        self.pending_building = action.building

    def _activate(self, action: Activate) -> None:
        seat = self.to_move
        self.card_owner[action.card] = seat  # COL-60: the marker goes on the card
        self.markers[seat] -= 1
        self.pending_card = action.card

    def _decline(self, action: Decline) -> None:
        self.card_used[self.pending_card] = False  # COL-63, COL-65
        self._end_turn()

    def _carry_out(self, action: Action) -> None:
        """A postcard's target: its action happens now (COL-95)."""
        card = self.pending_card
        cards.carry_out(self, self.to_move, card, action)
        self.card_used[card] = True
        self._end_turn()

    def _draw(self, action: Draw) -> None:
        tile = action.tile
        seat = self.draw_due
        self.hand[seat] = tile
        self.remaining[seat] &= ~(1 << tile)
        self.draw_due = -1
        if self.stage == SETUP:
            self._setup_next()
        else:
            self.to_move = 1 - seat

    def _lay(self, action: LayTile) -> None:
        """COL-31..36, COL-45, COL-47."""
        seat, tile, slot, rot = self.to_move, action.tile, action.slot, action.rot
        self.slot_tile[slot] = seat * data.TILES_PER_PLAYER + tile
        self.slot_rot[slot] = rot
        kinds, kind_mask = self.kinds, self.kind_mask
        for space, kind in zip(SLOT_SPACES[slot], TILE_KINDS[seat][tile][rot], strict=True):
            kinds[space] = kind
            kind_mask[kind] |= 1 << space
        self.hand[seat] = -1
        self.placed_tiles[seat] += 1
        if self.placed_tiles[seat] == data.TILES_PER_PLAYER and self.first_finisher < 0:
            self.first_finisher = seat  # COL-47
        if sum(self.placed_tiles) == NUM_SLOTS:
            self._start_build()  # COL-45: at once, no further phase 1 turn
        elif self.remaining[seat]:
            self.draw_due = seat  # COL-36: the next tile, drawn by chance
        else:
            self.to_move = 1 - seat

    def _start_build(self) -> None:
        self.stage = BUILD
        self.to_move = self.first_finisher  # COL-47
        if not self.can_act(self.to_move):
            self._pass_turn_on()

    def add_building(self, bid: int, seat: int, mask: int) -> None:
        """COL-58: place with a chimney; COL-201: a building on the skull takes it."""
        self.b_id.append(bid)
        self.b_owner.append(seat)
        self.b_mask.append(mask)
        self.covered |= mask
        self.chimneys[seat] -= 1
        if self.skull_space >= 0 and self.skull_building < 0 and mask >> self.skull_space & 1:
            self.skull_building = len(self.b_mask) - 1

    def _put(self, action: Put) -> None:
        seat, building = self.to_move, self.pending_building
        mask = PLACEMENT_MASK[self.mirror][building][(action.orient, action.anchor)]
        self.reserve[seat] &= ~(1 << building)
        self.add_building(building, seat, mask)
        if self.pending_card == METRO:
            self.card_used[METRO] = True
        self._end_turn()

    def _end_turn(self) -> None:
        self.pending_building = self.pending_card = -1
        self.to_move = 1 - self.to_move
        if not self.can_act(self.to_move):
            self._pass_turn_on()

    def _pass_turn_on(self) -> None:
        """COL-67, COL-69: skip a player who cannot act; neither can: phase 2 is over."""
        other = 1 - self.to_move
        if self.can_act(other):
            self.to_move = other
        else:
            self.stage = OVER
            self.end_reason = "end.blocked"  # texts.py: the reason in words

    # -- copies ----------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what is only memoized (final scores, legal-move caches): a
        state pickles the same whether or not it was asked for its view or moves."""
        state = dict(self.__dict__)
        state["_final"] = None
        state["fit_cache"] = ((-1, 0, 0), (-1, 0, 0))
        return state

    def clone(self) -> CityOfLightState:
        other = object.__new__(CityOfLightState)
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other._visibility = self._visibility.copy()
        other.cards = self.cards.copy()
        other.kinds = self.kinds.copy()
        other.kind_mask = self.kind_mask.copy()
        other.slot_tile = self.slot_tile.copy()
        other.slot_rot = self.slot_rot.copy()
        other.remaining = self.remaining.copy()
        other.hand = self.hand.copy()
        other.placed_tiles = self.placed_tiles.copy()
        other.passed = self.passed.copy()
        other.reserve = self.reserve.copy()
        other.b_id = self.b_id.copy()
        other.b_owner = self.b_owner.copy()
        other.b_mask = self.b_mask.copy()
        other.chimneys = self.chimneys.copy()
        other.markers = self.markers.copy()
        other.card_owner = self.card_owner.copy()
        other.card_used = self.card_used.copy()
        other.piece_space = self.piece_space.copy()
        other.piece_facing = self.piece_facing.copy()
        return other

    # -- results ---------------------------------------------------------
    def card_effect(self, card_id: str) -> int | None:
        """The seat that activated and used the card, or None (COL-65)."""
        card = data.CARD_INDEX[card_id]
        owner = self.card_owner[card]
        return owner if owner >= 0 and self.card_used[card] else None

    def score_breakdown(self) -> list[list[ScoreLine]]:
        return [scoring.score_lines(self, seat) for seat in range(self.num_players)]

    def returns(self) -> list[float]:
        """COL-72 (COL-94: no floor); before the end, as if the game ended now. The
        final totals are kept once the game is over (search asks for them twice)."""
        if self.stage == OVER:
            if self._final is None:
                self._final = [float(t) for t in scoring.totals(self)]
            return list(self._final)
        return [float(t) for t in scoring.totals(self)]

    def ranking(self) -> list[int]:
        """COL-91..93: more points; then more uncovered own-colour sections; then shared."""
        scores = self.returns()
        return rank_by_keys([(scores[s], scoring.tie_break(self, s)) for s in range(2)])

    def heuristic(self, seat: int) -> float:
        """Score difference plus hopes: reserve buildings that can still be built, the
        selected building's best spot, lamps next to buildable spaces (phase 1)."""
        scores = self.returns()
        if self.stage == OVER:
            return scores[seat] - scores[1 - seat]
        hope = [self._hope(s) for s in (0, 1)]
        return scores[seat] + hope[seat] - scores[1 - seat] - hope[1 - seat]

    def _hope(self, seat: int) -> float:
        lamps = self.kind_mask[data.LAMP]
        buildable = self.kind_mask[seat] | self.kind_mask[data.PURPLE]
        if self.stage == STREETS:
            sizes = sorted((rules.BUILDING_SIZE[b] for b in range(NUM_BUILDINGS)
                            if self.reserve[seat] >> b & 1), reverse=True)
            room, value = BUILDABLE_SECTIONS, 0.0
            for size in sizes:
                if size <= room:
                    value += data.UNBUILT_PENALTY + 1.2 * size
                    room -= size
            return value + 0.4 * popcount(expand(lamps) & buildable)
        value = 0.0
        if self.to_move == seat and self.pending_building >= 0:
            value += self._best_spot(seat, self.pending_building)
        if self.to_move == seat and self.pending_card >= 0:
            value += 2.5  # the card's target comes next; its real points then count
        if self.can_place(seat):
            value += 2.0 * popcount(self.reserve[seat]) * min(1, self.chimneys[seat])
        return value

    def _best_spot(self, seat: int, building: int) -> float:
        metro = self.pending_card == METRO
        allowed = self.build_allowed(seat, metro)
        lamps = rules.active_lamps(self) & FULL
        mine = 0
        for mask, owner in zip(self.b_mask, self.b_owner, strict=True):
            if owner == seat:
                mine |= mask
        best = 0.0
        size = rules.BUILDING_SIZE[building]
        for mask, near in PLACEMENT_NEAR[self.mirror][building]:
            if mask & allowed == mask:
                value = size * (popcount(near & lamps) + 0.5 * bool(near & mine))
                best = max(best, value)
        return best + data.UNBUILT_PENALTY

    # -- information -----------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)

    def private_view(self, seat: int | None) -> dict[str, Any]:
        return views.private_view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> CityOfLightState:
        self.check_player(seat)
        return views.resample(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)

    @property
    def stage_name(self) -> str:
        return STAGE_NAMES[self.stage]


APPLY: dict[type, Callable[[CityOfLightState, Any], None]] = {
    Pick: CityOfLightState._pick,
    First: CityOfLightState._first,
    Draw: CityOfLightState._draw,
    LayTile: CityOfLightState._lay,
    Take: CityOfLightState._take,
    Pass: CityOfLightState._pass,
    Select: CityOfLightState._select,
    Put: CityOfLightState._put,
    Activate: CityOfLightState._activate,
    Decline: CityOfLightState._decline,
    Target: CityOfLightState._carry_out,
    Side: CityOfLightState._carry_out,
    Quadrant: CityOfLightState._carry_out,
    Swap: CityOfLightState._carry_out,
    Use: CityOfLightState._carry_out,
}
"""What each action type does (`_apply` dispatches on the type: the hot path)."""

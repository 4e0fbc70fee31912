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
from typing import Any

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, rank_by_keys
from belle.games.city_of_light import actions as act
from belle.games.city_of_light import cards, data, rules, views
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
    Select,
    Take,
)
from belle.games.city_of_light.rules import (
    FULL,
    NUM_BUILDINGS,
    PLACEMENT_MASK,
    PLACEMENTS,
    bit,
    expand,
    popcount,
)

SETUP, STREETS, BUILD, OVER = 0, 1, 2, 3
STAGE_NAMES = ("setup", "streets", "build", "over")
NUM_SLOTS = data.SLOTS_PER_SIDE**2
ALL_TILES = (1 << data.TILES_PER_PLAYER) - 1
METRO = data.CARD_INDEX["METROPOLITAIN"]
NUM_CARDS = len(data.POSTCARDS)


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
        self._setup_next()

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.stage == OVER:
            return TERMINAL
        if self.stage == SETUP or self.draw_due >= 0:
            return CHANCE
        return self.to_move

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
    def legal_actions(self) -> list[Action]:
        if self.stage == OVER:
            return []
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.stage == STREETS:
            return self._street_actions()
        return self._build_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.stage == SETUP and self._needs_picks():
            pool = [c for c in self.pool if c not in self.cards]
            return [(act.PICK[c], 1 / len(pool)) for c in pool]
        if self.stage == SETUP and self.start_player < 0:
            return [(act.FIRST[0], 0.5), (act.FIRST[1], 0.5)]
        if self.draw_due >= 0:
            stack = self.remaining[self.draw_due]
            tiles = [t for t in range(data.TILES_PER_PLAYER) if stack >> t & 1]
            return [(act.DRAW[t], 1 / len(tiles)) for t in tiles]
        return []

    def chance_visibility(self, action: Action) -> frozenset[int] | None:
        """COL-25, COL-29: a drawn tile is seen only by its owner."""
        if isinstance(action, Draw):
            return frozenset((self.draw_due,))
        return None

    def _street_actions(self) -> list[Action]:
        """COL-30..44: lay the hand tile or take a building; without tiles take or pass."""
        seat = self.to_move
        takes: list[Action] = [act.TAKE[b] for b in range(NUM_BUILDINGS)
                               if self.supply >> b & 1]
        tile = self.hand[seat]
        if tile < 0:
            if "final_pass" in self.variants and self.passed[seat]:
                return [act.PASS]  # COL-43 alternative: a pass is final
            return [*takes, act.PASS]
        lays: list[Action] = []
        per_slot = act.LAY[tile]
        for slot in range(NUM_SLOTS):
            if self.slot_tile[slot] < 0:
                lays.extend(per_slot[slot])
        return lays + takes

    def _build_actions(self) -> list[Action]:
        seat = self.to_move
        if self.pending_card == METRO:
            if self.pending_building >= 0:
                return self._puts(seat, self.pending_building, metro=True)
            return [*self._selects(seat, metro=True), act.DECLINE]
        if self.pending_card >= 0:
            return [*cards.targets(self, seat, self.pending_card), act.DECLINE]
        if self.pending_building >= 0:
            return self._puts(seat, self.pending_building, metro=False)
        found = self._selects(seat, metro=False)
        if self.markers[seat] > 0:  # COL-60, COL-61, COL-62
            found.extend(act.ACTIVATE[c] for c in self.cards if self.card_owner[c] < 0)
        return found

    def build_allowed(self, seat: int, metro: bool) -> int:
        """COL-50..55, COL-140: the spaces a building of `seat` may cover."""
        allowed = self.kind_mask[seat] | self.kind_mask[data.PURPLE]
        if metro:
            allowed |= self.kind_mask[data.LAMP]
        return allowed & ~self.covered & ~self.block_mask

    def _selects(self, seat: int, metro: bool) -> list[Action]:
        """COL-59, COL-68: reserve buildings with a chimney and a legal position."""
        if self.chimneys[seat] <= 0:
            return []
        allowed = self.build_allowed(seat, metro)
        placements = PLACEMENTS[self.mirror]
        return [act.SELECT[b] for b in range(NUM_BUILDINGS)
                if self.reserve[seat] >> b & 1
                and any(m & allowed == m for _, _, m in placements[b])]

    def _puts(self, seat: int, building: int, metro: bool) -> list[Action]:
        allowed = self.build_allowed(seat, metro)
        return [act.PUT[o][a] for o, a, m in PLACEMENTS[self.mirror][building]
                if m & allowed == m]

    def can_place(self, seat: int) -> bool:
        """COL-68: a reserve building, a chimney, and a legal position for it."""
        return bool(self.reserve[seat]) and bool(self._selects(seat, metro=False))

    def can_act(self, seat: int) -> bool:
        """COL-67, COL-71: a marker left always leaves an unactivated postcard."""
        return self.markers[seat] > 0 or self.can_place(seat)

    # -- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._log(action)
        seat = self.to_move
        match action:
            case Pick(card):
                self.cards.append(card)
                self._setup_next()
            case First(who):
                self.start_player = who
                self._setup_next()
            case Draw(tile):
                self._draw(tile)
            case LayTile(tile, slot, rot):
                self._lay(seat, tile, slot, rot)
            case Take(b):
                self.supply &= ~(1 << b)  # COL-35
                self.reserve[seat] |= 1 << b
                self.to_move = 1 - seat
            case Pass():
                self.passed[seat] = True
                self.to_move = 1 - seat  # COL-46
            case Select(b):
                self.pending_building = b
            case Put(orient, anchor):
                self._put(seat, orient, anchor)
            case Activate(card):
                self.card_owner[card] = seat  # COL-60: the marker goes on the card
                self.markers[seat] -= 1
                self.pending_card = card
            case Decline():
                self.card_used[self.pending_card] = False  # COL-63, COL-65
                self._end_turn()
            case _:
                card = self.pending_card
                cards.carry_out(self, seat, card, action)
                self.card_used[card] = True
                self._end_turn()

    def _draw(self, tile: int) -> None:
        seat = self.draw_due
        self.hand[seat] = tile
        self.remaining[seat] &= ~(1 << tile)
        self.draw_due = -1
        if self.stage == SETUP:
            self._setup_next()
        else:
            self.to_move = 1 - seat

    def _lay(self, seat: int, tile: int, slot: int, rot: int) -> None:
        """COL-31..36, COL-45, COL-47."""
        self.slot_tile[slot] = seat * data.TILES_PER_PLAYER + tile
        self.slot_rot[slot] = rot
        for space, kind in zip(rules.slot_spaces(slot), rules.tile_kinds(seat, tile, rot),
                               strict=True):
            self.kinds[space] = kind
            self.kind_mask[kind] |= bit(space)
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

    def _put(self, seat: int, orient: int, anchor: int) -> None:
        building = self.pending_building
        mask = PLACEMENT_MASK[self.mirror][building][(orient, anchor)]
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
            self.end_reason = "no player can place a building and all markers are used"

    # -- copies ----------------------------------------------------------
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
        return [rules.score_lines(self, seat) for seat in range(self.num_players)]

    def returns(self) -> list[float]:
        """COL-72 (COL-94: no floor); before the end, as if the game ended now."""
        return [float(rules.total(lines)) for lines in self.score_breakdown()]

    def ranking(self) -> list[int]:
        """COL-91..93: more points; then more uncovered own-colour sections; then shared."""
        scores = self.returns()
        return rank_by_keys([(scores[s], rules.tie_break(self, s)) for s in range(2)])

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
            room, value = 26, 0.0
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
        for _, _, mask in PLACEMENTS[self.mirror][building]:
            if mask & allowed == mask:
                near = expand(mask)
                value = popcount(mask) * (popcount(near & lamps) + 0.5 * bool(near & mine))
                best = max(best, value)
        return best + data.UNBUILT_PENALTY

    # -- information -----------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> CityOfLightState:
        return views.resample(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)

    @property
    def stage_name(self) -> str:
        return STAGE_NAMES[self.stage]

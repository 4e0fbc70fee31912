"""The Paris State: setup by chance, the two-step turn, benefits, the end and scoring.

Phases: FIRST, TOKENS, TRACK (setup chance), REVEAL (chance: the district on a stack's
new top tile), STEP1 (draw, PARIS-52), VALUE (chance: the drawn tile's value), PUT
(free-district variant), STEP2 (action A, B or C, PARIS-56), PICK (action C: the
searcher, who alone sees the pile, takes a tile by a secret move; PARIS-103, PARIS-104),
BENEFIT (bonus tile, prestige hand-in, VP tile: one decision at a time from
`pending`), TAKE_ANY (bonus tile 17), AFTER (tiles and exchanges after step 2, then
`end`) and OVER.

The deal of building tiles is deferred: a stack is a count whose top district is
revealed when it becomes the top, and a drawn tile's value is a chance outcome over the
unseen tiles of that district. As every unseen tile (the 3 removed ones included) is
exchangeable, this has exactly the distribution of shuffling and splitting at setup
(PARIS-46, PARIS-47), and nobody holds a hidden deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, rank_by_keys
from belle.games.paris import actions as act
from belle.games.paris import checks, data, heuristic, legal, refusals, rules, views
from belle.games.paris.actions import (
    Action,
    Bonus,
    Buy,
    Done,
    Draw,
    End,
    EndGame,
    First,
    Give,
    Move,
    NoBonus,
    NoVpTile,
    Pass,
    PlaceKey,
    Put,
    Sell,
    Take,
    Token,
    Top,
    Track,
    UseBonus,
    UseEnd,
    Value,
    VpTile,
)
from belle.games.paris.rules import NB, NS, RANDOM_TOKEN_SPOTS, SPACE_VALUE
from belle.i18n.text import Message

FIRST, TOKENS, TRACK, REVEAL, STEP1, VALUE, PUT, STEP2 = (
    "first", "tokens", "track", "reveal", "step1", "value", "put", "step2")
PICK, BENEFIT, TAKE_ANY, AFTER, OVER = "pick", "benefit", "take_any", "after", "over"
CHANCE_PHASES = frozenset({FIRST, TOKENS, TRACK, REVEAL, VALUE})
ACTION_TYPES = frozenset(type(a) for a in act.ALL_ACTIONS)
FREE_PHASES = frozenset({STEP1, STEP2, BENEFIT, AFTER})  # PARIS-51, G-12
NV = data.NUM_VALUES
ND = data.NUM_DISTRICTS
NE = len(data.END_TILES)


class ParisState(State[Action]):
    """One game of Paris. Lists are indexed by seat, district, space or landmark."""

    notation = act.NOTATION

    def __init__(self, game: Any, num_players: int) -> None:
        n = num_players
        self.game = game
        self.num_players = n
        self.history = []
        self._visibility = []
        self.rules: rules.Ruleset = game.ruleset  # today's tables, or an old engine's
        self.random_setup = bool(game.option("random_setup"))
        self.free_districts = bool(game.option("free_districts"))
        self.phase = FIRST
        self.start_player = -1
        self.to_move = -1
        self.francs = [data.START_FRANCS] * n  # PARIS-36
        self.keys = [data.START_KEYS[n]] * n  # PARIS-40, PARIS-158
        self.reserve = [data.RESERVE_KEYS_PER_COLOUR] * n  # PARIS-41
        self.stock = [[0] * 6 for _ in range(n)]  # tokens and tile-tokens behind the screen
        self.vstock = [[0] * 6 for _ in range(n)]  # of which tiles used as tokens (PARIS-121)
        self.vp_parts = [[0, 0, 0, 0] for _ in range(n)]  # value 8, landmarks, bonus, end
        self.bank_keys = [0] * ND  # bitmask of seats per bank (PARIS-62, PARIS-64)
        self.arc_keys = 0  # PARIS-63
        self.space_keys: list[tuple[int, ...]] = [()] * NS
        self.built = [-1] * NB  # the tile on each building space (PARIS-55)
        self.landmark_district = [-1] * data.NUM_LANDMARKS  # -1: in the supply (PARIS-34)
        self.landmark_top = [0] * ND  # highest landmark value built per district (PARIS-79)
        self.token_at = [k for row in data.TOKEN_LAYOUT for k in row]  # PARIS-38
        self.supply = [0, 0, 0]  # PARIS-39: no resource in the supply at the start
        self.district_keys = [0] * ND
        self.triggered = [False] * ND
        self.vp_tile_at = [-1] * ND
        self.vp_tile_free = [True] * len(data.VP_TILES)  # PARIS-42
        self.track_num = list(range(data.TRACK_LENGTH + 1))  # PARIS-45 (index 0 unused)
        self.track_cnt = [0] + [data.bonus_copies(k, n) for k in range(1, 31)]
        self.meeple = [0] * n  # PARIS-32
        self.bonus_held = [0] * n  # bitmasks of numbers (PARIS-120)
        self.bonus_used = [0] * n
        removed = 0 if self.free_districts else data.REMOVED_TILES  # PARIS-46, PARIS-153
        per_stack = (NB - removed) // data.NUM_STACKS
        self.stack_size = [per_stack] * data.NUM_STACKS
        self.stack_top = [-1] * data.NUM_STACKS
        self.unseen = [True] * NB
        self.unseen_in = [NV] * ND  # per district, its tiles in `unseen`
        self.discarded: list[int] = []  # free-district tiles that fit nowhere (PARIS-156)
        self.drawing = -1  # the stack being drawn from
        self.drawn = -1  # the drawn tile waiting for a district (PUT)
        self.setup_index = 0
        self.after_reveal = STEP1  # reveals at setup lead to the first turn
        self.resume = STEP2  # where tile 17's choice returns to
        if self.random_setup:
            self.token_at = [data.GOLD if s % NV == NV - 1 else -1 for s in range(NB)]
        self.eg_pile: list[int] = list(self.rules.end_copies)  # PARIS-43, G-8 (by edition)
        self.eg_held = [[0] * NE for _ in range(n)]
        # every take in order: (seat, tile, its index in history); the tile is the
        # taker's secret (PARIS-104), the rest public
        self.eg_takes: list[tuple[int, int, int]] = []
        self.eg_uses: list[tuple[int, int, int]] = []  # seat, tile, takes by then (public)
        # per seat, each search it made: (the pile it saw, takes before it). What a seat
        # saw is its private knowledge: information_state_key and resample keep to it.
        self.eg_looks: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in range(n)]
        self.flag_own = False  # bonus tile 9 active this turn (PARIS-101)
        self.flag_share = False  # bonus tile 16 active this turn (PARIS-102)
        self.pending: list[tuple[Any, ...]] = []
        self.end_triggered = False
        self.turns_left = -1
        self.turns = 0
        self._final: list[list[ScoreLine]] | None = None
        # memos of legal.open_spaces and legal.key_mask: a district's open spaces are
        # forgotten (None) when a tile, key or landmark lands there; key places are
        # updated as keys are placed and moved
        self._open: list[tuple[legal.Target, ...] | None] = [None] * ND
        self._keys_at = [-1] * n  # per seat; -1 until asked for

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    # -- chance ----------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return legal.chance_outcomes(self)

    def chance_visibility(self, action: Action) -> frozenset[int] | None:
        """Every chance outcome of Paris is public (the stacks' tops, the drawn values,
        the setup); the only secret is the end-game tile taken (a secret move)."""
        return None

    def player_action_visibility(self, action: Action) -> frozenset[int] | None:
        """PARIS-104: only the searcher sees which end-game tile it takes."""
        if isinstance(action, Take):
            return frozenset((self.to_move,))
        return None

    def reveals_to_mover(self, action: Action) -> bool:
        """PARIS-103: `endgame` shows the searcher the face-down pile."""
        return isinstance(action, EndGame)

    def public_action_text(self, action: Action) -> str:
        """What the others are told of a secret take (G-16: only that one was taken)."""
        if isinstance(action, Take):
            return act.PUBLIC_TAKE
        return act.to_string(action)

    def information_state_key(self, seat: int) -> str:
        """The history as `seat` sees it (others' takes as `?`), plus the piles `seat`
        saw when it searched (PARIS-103): its private observations, which the history
        does not hold."""
        key = super().information_state_key(seat)
        looks = self.eg_looks[seat]
        if not looks:
            return key
        return key + "|saw " + ",".join(
            "".join(map(str, seen)) + f"@{at}" for seen, at in looks)

    # -- legal actions ---------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """PARIS-49, PARIS-50: step 1 (STEP1, VALUE, PUT), then step 2 (STEP2 and what
        follows), with tiles and exchanges mixed in (PARIS-51)."""
        phase = self.phase
        if phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        if phase == OVER:
            return []
        seat = self.to_move
        if phase == STEP1:
            found: list[Action] = [act.DRAW[s] for s in range(3) if self.stack_size[s]]
        elif phase == STEP2:
            found = legal.step2_actions(self, seat)
        elif phase == PUT:
            found = [act.PUT[d] for d in legal.put_districts(self, self.drawn)]
        elif phase == PICK:
            found = [act.TAKE[t] for t in range(NE) if self.eg_pile[t]]  # PARIS-103
        elif phase == TAKE_ANY:
            found = [act.BONUS[s] for s in legal.bonus_spaces(self, seat, 0)]
        elif phase == BENEFIT:
            found = legal.benefit_actions(self, seat)
        else:
            found = [act.END]
        if phase in FREE_PHASES:
            found.extend(legal.free_actions(self, seat))
        return found

    def is_legal(self, action: Action) -> bool:
        """The tests of legal_actions() for one action (checks.py), without the list."""
        return checks.is_legal(self, action)

    def refusal(self, action: Action) -> Message | None:
        """Why `action` is refused now, in the rules' words (refusals.py)."""
        return refusals.why(self, action)

    def action_visibility(self, action: Action) -> frozenset[int] | None:
        """As the base class says, without its detour: chance is public in Paris, and the
        only secret move is the end-game tile taken (PARIS-104)."""
        if isinstance(action, Take) and self.phase not in CHANCE_PHASES:
            return frozenset((self.to_move,))
        return None

    def parse_action(self, text: str) -> Action:
        """The notation, with `move L10 build L12` reading the district of the key's
        landmark from this position (docs/games/paris.md)."""
        return act.parse(text, self.landmark_district)

    def action_from_json(self, data: Any) -> Action:
        return act.from_json(data, self.landmark_district)

    def _space_district(self, space: int) -> int:
        return space // NV if space < NB else self.landmark_district[space - NB]

    # -- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = type(action)
        self.history.append(action)  # State._log, with action_visibility written out
        self._visibility.append(frozenset((self.to_move,)) if kind is Take
                                and self.phase not in CHANCE_PHASES else None)
        _APPLY[kind](self, self.to_move, action)  # by type: a `match` is slower

    def board_changed(self) -> None:
        """Forget the kept open spaces and key places (legal.open_spaces,
        legal.key_mask) after editing the position by hand."""
        self._open = [None] * ND
        self._keys_at = [-1] * self.num_players

    # setup
    def _lay_token(self, kind: int) -> None:
        self.token_at[RANDOM_TOKEN_SPOTS[self.setup_index]] = kind
        self.setup_index += 1
        if self.setup_index == len(RANDOM_TOKEN_SPOTS):
            self.setup_index, self.phase = 0, TRACK

    def _lay_track(self, number: int) -> None:
        """PARIS-152: one number per space, its copies stacked on it."""
        space = self.setup_index + 1
        self.track_num[space] = number
        self.track_cnt[space] = data.bonus_copies(number, self.num_players)
        self.setup_index += 1
        if self.setup_index == data.TRACK_LENGTH:
            self.setup_index, self.phase = 0, REVEAL

    def _next_reveal_or(self, phase: str) -> None:
        """Reveal the top of the next stack whose top is hidden, else go to `phase`."""
        for stack in range(data.NUM_STACKS):
            if self.stack_size[stack] and self.stack_top[stack] < 0:
                self.drawing, self.phase = stack, REVEAL
                return
        self.drawing, self.phase = -1, phase

    # step 1
    def _drawn(self, tile: int) -> None:
        """PARIS-52..54: the tile is turned over; it goes on its space (or, free
        district variant, on a space of the player's choice: PARIS-154..156)."""
        stack = self.drawing
        self.unseen[tile] = False
        self.unseen_in[tile // NV] -= 1
        self.stack_size[stack] -= 1
        self.stack_top[stack] = -1
        if not self.free_districts:
            self._build_tile(tile, tile)
            self._after_draw()
            return
        options = legal.put_districts(self, tile)
        if len(options) > 1:
            self.drawn, self.phase = tile, PUT
            return
        if options:
            self._build_tile(tile, options[0] * NV + tile % NV)
        else:
            self.discarded.append(tile)  # PARIS-156
        self._after_draw()

    def _build_tile(self, tile: int, space: int) -> None:
        self.built[space] = tile
        self._open[space // NV] = None
        self.drawn = -1

    def _after_draw(self) -> None:
        self.after_reveal = STEP2
        self._next_reveal_or(STEP2)

    # step 2
    def _place_key(self, seat: int, target: int) -> None:
        """PARIS-58..66."""
        self.keys[seat] -= 1
        if self._keys_at[seat] >= 0:
            self._keys_at[seat] |= 1 << target
        if target == act.ARC:
            self.arc_keys |= 1 << seat  # PARIS-61: no income
        else:
            self.bank_keys[target] |= 1 << seat
            self.francs[seat] += data.DISTRICTS[target].bank  # PARIS-60
        self._after()

    def _move(self, seat: int, src: int, dst: int, build: int) -> None:
        """PARIS-67..100: leave, (build), pay, enter, then the benefits."""
        base = 0
        gone = 1 << src  # the source seat's keys leave
        if src < ND:
            self.bank_keys[src] &= ~(1 << seat)  # PARIS-73
            district = src
        elif src == act.ARC:
            self.arc_keys &= ~(1 << seat)
            district = -1
        else:
            space = src - 7
            keys = list(self.space_keys[space])
            keys.remove(seat)
            self.space_keys[space] = tuple(keys)
            if seat in keys:  # tile 9 stacked two of seat's keys here (PARIS-101)
                gone = 0
            base = SPACE_VALUE[space]
            district = self._space_district(space)
            self._open[district] = None
        if build >= 0:  # PARIS-77, PARIS-79
            lm = dst - NB
            self.landmark_district[lm] = build
            self.landmark_top[build] = data.LANDMARKS[lm].value
        new_district = self._space_district(dst)
        self._open[new_district] = None
        if district < 0 or src < ND:
            self.district_keys[new_district] += 1  # a key enters the district's spaces
        self._pay(seat, SPACE_VALUE[dst] - base, legal.space_cost(self, dst))
        occupants = self.space_keys[dst]
        if occupants:  # G-14: the tile's power is spent on this move
            if seat in occupants:
                self.flag_own = False
            else:
                self.flag_share = False
        self.space_keys[dst] = (*occupants, seat)
        if self._keys_at[seat] >= 0:
            self._keys_at[seat] = self._keys_at[seat] & ~gone | 1 << (7 + dst)
        self.pending = self._benefits(seat, dst)
        if self.district_keys[new_district] >= data.VP_TRIGGER_KEYS and not self.triggered[
                new_district]:
            self.triggered[new_district] = True  # PARIS-127, PARIS-129
            if any(self.vp_tile_free):
                self.pending.append(("vptile",))
        self._next_benefit(first=True)

    def _pay(self, seat: int, francs: int, cost: tuple[int, int, int]) -> None:
        """PARIS-83..92: francs to the supply; tile-tokens discarded, tokens to supply."""
        self.francs[seat] -= francs
        for kind, amount in enumerate(cost):
            for _ in range(amount):
                if self._spend(seat, kind):
                    self.supply[kind] += 1  # PARIS-90

    def _spend(self, seat: int, kind: int) -> bool:
        """Take one token of `kind` from behind the screen; tile-tokens go first (they
        are discarded, PARIS-91). True when a real token was spent."""
        self.stock[seat][kind] -= 1
        if self.vstock[seat][kind]:
            self.vstock[seat][kind] -= 1
            return False
        return True

    def _benefits(self, seat: int, space: int) -> list[tuple[Any, ...]]:
        """PARIS-93..99: token, bonus tile, 2 VP, landmark prestige."""
        pending: list[tuple[Any, ...]] = []
        if space >= NB:
            if self._may_hand_in(seat):
                pending.append(("prestige", space - NB, 0))
            return pending
        token = self.token_at[space]
        if token >= 0:  # PARIS-93, PARIS-94 (taking a token is never worse: always taken)
            self.stock[seat][token] += 1
            self.token_at[space] = -1
        value = SPACE_VALUE[space]
        if value == 8:
            self.vp_parts[seat][0] += data.VALUE_8_VP  # PARIS-97
        fee = data.VALUE_BENEFIT_BONUS_FEE.get(value, 0)
        if (value in data.VALUE_BENEFIT_BONUS_FREE or fee) and legal.bonus_spaces(self,
                seat, self.meeple[seat]):
            pending.append(("bonus", fee))  # PARIS-95, PARIS-96
        return pending

    def _may_hand_in(self, seat: int) -> bool:
        """Whether to ask for prestige: only on what everyone can know (prestige tokens,
        bonus tiles that can become prestige, any end-game tile), so that being asked
        reveals no end-game tile."""
        prestige_tiles = sum(1 << b.number for b in self.rules.bonus
                             if b.kind in data.PRESTIGE_GIVING_KINDS)
        return bool(
            any(self.stock[seat][k] for k in data.PRESTIGE)
            or self.bonus_held[seat] & prestige_tiles
            or any(self.eg_held[seat])
        )

    def _next_benefit(self, first: bool = False) -> None:
        if not first:
            self.pending.pop(0)
        if self.pending:
            self.phase = BENEFIT
        else:
            self._after()

    def _take_bonus(self, seat: int, space: int) -> None:
        """PARIS-113, PARIS-124: take the top tile; tile 17 leaves the meeple."""
        if self.phase == BENEFIT:
            self.francs[seat] -= self.pending[0][1]  # PARIS-96
            self.meeple[seat] = space
        self.track_cnt[space] -= 1
        self.bonus_held[seat] |= 1 << self.track_num[space]
        if self.phase == BENEFIT:
            self._next_benefit()
        else:
            self.phase = self.resume

    def _give(self, seat: int, slot: int) -> None:
        """PARIS-98: hand in one prestige token on a landmark slot, for its VP."""
        _, landmark, used = self.pending[0]
        metal, points = data.LANDMARKS[landmark].slots[slot]
        self._spend(seat, metal)  # PARIS-92: prestige leaves the game
        self.vp_parts[seat][1] += points
        used |= 1 << slot
        if used == (1 << len(data.LANDMARKS[landmark].slots)) - 1:
            self._next_benefit()
        else:
            self.pending[0] = ("prestige", landmark, used)

    # action C
    def _search(self, seat: int) -> None:
        """PARIS-103, PARIS-104: the searcher looks through the pile (it alone sees it,
        and remembers it), then chooses a tile (PICK)."""
        self.eg_looks[seat].append((tuple(self.eg_pile), len(self.eg_takes)))
        self.phase = PICK

    def _take(self, seat: int, tile: int) -> None:
        """PARIS-103, PARIS-130: keep the chosen tile (a secret move)."""
        self.eg_pile[tile] -= 1
        self.eg_held[seat][tile] += 1
        self.eg_takes.append((seat, tile, len(self.history) - 1))
        if not sum(self.eg_pile):
            self._trigger_end(seat)
        self._after()

    def _trigger_end(self, seat: int) -> None:
        """PARIS-130..132: finish this round, then one more full round."""
        self.end_triggered = True
        n = self.num_players
        self.turns_left = (self.start_player - 1 - seat) % n + n

    # exchanges and tiles
    def _buy(self, seat: int, kind: int) -> None:
        """PARIS-108, PARIS-110: from the general supply only."""
        self.supply[kind] -= 1
        self.francs[seat] -= data.BUY_PRICE[kind]
        self.stock[seat][kind] += 1

    def _sell(self, seat: int, kind: int) -> None:
        """PARIS-108, PARIS-109, PARIS-112 (G-10)."""
        if self._spend(seat, kind) and kind in data.RESOURCES:
            self.supply[kind] += 1
        self.francs[seat] += self.rules.sell_price[kind]

    def _use_bonus(self, seat: int, number: int, first: int, second: int) -> None:
        """PARIS-118: use, then discard face up beside the screen (it still counts for
        PARIS-120)."""
        self.bonus_held[seat] &= ~(1 << number)
        self.bonus_used[seat] |= 1 << number
        spec = self.rules.bonus[number - 1]
        self._effect(seat, spec.kind, spec.amount, spec.kind_param, first, second, 2)

    def _use_end(self, seat: int, tile: int, choice: int) -> None:
        """PARIS-105, PARIS-106."""
        self.eg_held[seat][tile] -= 1
        taken = sum(1 for s, *_ in self.eg_takes if s == seat)
        self.eg_uses.append((seat, tile, taken))
        spec = data.END_TILES[tile]
        self._effect(seat, spec.kind, spec.amount, -1, choice, -1, 3)

    def _effect(self, seat: int, kind: str, amount: int, param: int, first: int,
                second: int, part: int) -> None:
        """The effect kinds of G-6 and G-8."""
        if kind == "francs":
            self.francs[seat] += amount
        elif kind == "vp":
            self.vp_parts[seat][part] += amount
        elif kind == "per_value":  # PARIS-122
            self.vp_parts[seat][part] += amount * rules.count_keys_on_value(
                self.space_keys, seat, param)
        elif kind == "per_landmark":  # G-6, reconstructed (tiles 24, 29)
            self.vp_parts[seat][part] += amount * rules.count_keys_on_landmarks(
                self.space_keys, seat)
        elif kind == "per_district":  # G-6, reconstructed (tiles 25, 30)
            self.vp_parts[seat][part] += amount * rules.districts_occupied(
                self.space_keys, self.landmark_district, seat)
        elif kind == "resource":
            self._tile_token(seat, param)
        elif kind in data.TOKEN_KINDS:
            self._tile_token(seat, first)  # PARIS-121
            if second >= 0:
                self._tile_token(seat, second)
        elif kind == "key":  # PARIS-125
            self.francs[seat] -= amount
            self.reserve[seat] -= 1
            self.keys[seat] += 1
        elif kind == "stack_own":
            self.flag_own = True
        elif kind == "share_opponent":
            self.flag_share = True
        elif kind == "take_any":
            self.resume, self.phase = self.phase, TAKE_ANY

    def _tile_token(self, seat: int, kind: int) -> None:
        self.stock[seat][kind] += 1
        self.vstock[seat][kind] += 1

    # the end of a turn
    def _after(self) -> None:
        """After step 2: tiles and exchanges, then `end` (PARIS-51). The turn ends by
        itself when there is nothing to do; held end-game tiles always ask, so that
        the others learn nothing of their kinds from it."""
        self.phase = AFTER
        seat = self.to_move
        if not any(self.eg_held[seat]) and not legal.has_free_action(self, seat):
            self._end_turn()

    def _end_turn(self) -> None:
        self.flag_own = self.flag_share = False
        self.turns += 1
        if self.end_triggered:
            if self.turns_left == 0:  # PARIS-134
                self.phase = OVER
                return
            self.turns_left -= 1
        self.to_move = (self.to_move + 1) % self.num_players  # PARIS-48
        # PARIS-54, PARIS-133: no step 1 once the stacks are empty (so in the final
        # round too); action C needs tiles left in the pile (legal.step2_actions).
        self.phase = STEP1 if any(self.stack_size) else STEP2  # PARIS-54

    # -- copies ----------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what is only memoized (final scores, legal-move caches): a
        state pickles the same whether or not it was asked for its view or moves."""
        state = dict(self.__dict__)
        state["_final"] = None
        state["_open"] = [None] * ND
        state["_keys_at"] = [-1] * self.num_players
        return state

    def clone(self) -> ParisState:
        """A copy sharing nothing mutable: flat lists sliced, rows of nested ones too.
        Hot path (search): written out, no loop over attribute names."""
        other = object.__new__(ParisState)
        d = other.__dict__
        d.update(self.__dict__)
        d["history"] = self.history[:]
        d["_visibility"] = self._visibility[:]
        d["francs"] = self.francs[:]
        d["keys"] = self.keys[:]
        d["reserve"] = self.reserve[:]
        d["bank_keys"] = self.bank_keys[:]
        d["space_keys"] = self.space_keys[:]
        d["built"] = self.built[:]
        d["landmark_district"] = self.landmark_district[:]
        d["landmark_top"] = self.landmark_top[:]
        d["token_at"] = self.token_at[:]
        d["supply"] = self.supply[:]
        d["district_keys"] = self.district_keys[:]
        d["triggered"] = self.triggered[:]
        d["vp_tile_at"] = self.vp_tile_at[:]
        d["vp_tile_free"] = self.vp_tile_free[:]
        d["track_cnt"] = self.track_cnt[:]
        d["track_num"] = self.track_num[:]
        d["meeple"] = self.meeple[:]
        d["bonus_held"] = self.bonus_held[:]
        d["bonus_used"] = self.bonus_used[:]
        d["stack_size"] = self.stack_size[:]
        d["stack_top"] = self.stack_top[:]
        d["unseen"] = self.unseen[:]
        d["unseen_in"] = self.unseen_in[:]
        d["discarded"] = self.discarded[:]
        d["eg_pile"] = self.eg_pile[:]
        d["eg_takes"] = self.eg_takes[:]
        d["eg_uses"] = self.eg_uses[:]
        d["pending"] = self.pending[:]
        d["_open"] = self._open[:]
        d["_keys_at"] = self._keys_at[:]
        d["stock"] = list(map(list.copy, self.stock))
        d["vstock"] = list(map(list.copy, self.vstock))
        d["vp_parts"] = list(map(list.copy, self.vp_parts))
        d["eg_held"] = list(map(list.copy, self.eg_held))
        d["eg_looks"] = list(map(list.copy, self.eg_looks))
        return other

    # -- results ---------------------------------------------------------
    def running_vp(self, seat: int) -> int:
        return sum(self.vp_parts[seat])

    def final_lines(self) -> list[list[ScoreLine]]:
        if self._final is None:
            self._final = views.final_breakdown(self)
        return self._final

    def returns(self) -> list[float]:
        if self.phase == OVER:
            return [float(sum(line["points"] for line in lines)) for lines in self.final_lines()]
        return [float(self.running_vp(s)) for s in range(self.num_players)]

    def score_if_ended_now(self) -> list[float]:
        """PARIS-135..146 applied now: tile 27's francs and every district with a VP
        tile, on top of the running VP. It reads francs and held bonus tiles, which
        follow from public moves (views.py), and never the secret end-game tiles, which
        score nothing at the end (PARIS-142)."""
        if self.phase == OVER:
            return self.returns()
        return [float(sum(line["points"] for line in lines))
                for lines in views.final_breakdown(self)]

    def ranking(self) -> list[int]:
        """PARIS-147..150: VP, then francs, then board value; then shared."""
        scores = self.returns()
        values = rules.board_value(self.space_keys, self.num_players)
        return rank_by_keys(
            [(scores[s], self.francs[s], values[s]) for s in range(self.num_players)])

    def score_breakdown(self) -> list[list[ScoreLine]]:
        if self.phase == OVER:
            return [list(lines) for lines in self.final_lines()]
        return [views.running_breakdown(self, s) for s in range(self.num_players)]

    def heuristic(self, seat: int) -> float:
        return heuristic.heuristic(self, seat)

    def heuristics(self, seats: Iterable[int]) -> dict[int, float]:
        return heuristic.heuristics(self, seats)

    # -- information -----------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)

    def private_view(self, seat: int | None) -> dict[str, Any]:
        return views.private_view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> ParisState:
        self.check_player(seat)
        return views.resample(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)


# -- what each action does (ParisState._apply dispatches on the action's type) ----------


def _first(state: ParisState, seat: int, action: First) -> None:
    state.start_player = state.to_move = action.seat
    state.phase = TOKENS if state.random_setup else REVEAL
    state.drawing = 0


def _top(state: ParisState, seat: int, action: Top) -> None:
    state.stack_top[action.stack] = action.district
    state._next_reveal_or(state.after_reveal)


def _draw(state: ParisState, seat: int, action: Draw) -> None:
    state.drawing, state.phase = action.stack, VALUE


def _value(state: ParisState, seat: int, action: Value) -> None:
    state._drawn(state.stack_top[state.drawing] * NV + action.value_index)


def _put(state: ParisState, seat: int, action: Put) -> None:
    state._build_tile(state.drawn, action.district * NV + state.drawn % NV)
    state._after_draw()


def _vp_tile(state: ParisState, seat: int, action: VpTile) -> None:
    state.vp_tile_free[action.tile] = False
    state.vp_tile_at[action.district] = action.tile
    state._next_benefit()


def _next(state: ParisState, seat: int, action: Action) -> None:
    state._next_benefit()


_APPLY: dict[type, Callable[[ParisState, int, Any], None]] = {
    First: _first,
    Token: lambda state, seat, action: state._lay_token(action.kind),
    Track: lambda state, seat, action: state._lay_track(action.number),
    Top: _top,
    Draw: _draw,
    Value: _value,
    Put: _put,
    PlaceKey: lambda state, seat, action: state._place_key(seat, action.target),
    Move: lambda state, seat, action: state._move(seat, action.src, action.dst, action.build),
    Take: lambda state, seat, action: state._take(seat, action.tile),
    Bonus: lambda state, seat, action: state._take_bonus(seat, action.space),
    Give: lambda state, seat, action: state._give(seat, action.slot),
    VpTile: _vp_tile,
    Buy: lambda state, seat, action: state._buy(seat, action.kind),
    Sell: lambda state, seat, action: state._sell(seat, action.kind),
    UseBonus: lambda state, seat, action: state._use_bonus(
        seat, action.number, action.first, action.second),
    UseEnd: lambda state, seat, action: state._use_end(seat, action.tile, action.choice),
    EndGame: lambda state, seat, action: state._search(seat),
    Pass: lambda state, seat, action: state._after(),
    End: lambda state, seat, action: state._end_turn(),
    NoBonus: _next,
    Done: _next,
    NoVpTile: _next,
}

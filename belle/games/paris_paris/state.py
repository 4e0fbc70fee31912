"""The Paris Paris State: setup by chance, rounds of laying and taking cards, the end.

Phases: SETUP (chance: secret lines PP-17, the 2-player open line PP-18, the start
player PP-19), LAY (chance: players + 1 cards face up, PP-22), PICK (the active player
takes a card, PP-24), REMOVE (on a full crossing with shops of two owners, the active
player chooses the one to push out, PP-30) and OVER. The small excursion, the discard
and any big excursion run inside the action that ends a round (PP-37..48); the final
excursions and the bag inside the one that ends the game (PP-58..64).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeVar

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, draw_outcome, rank_by_keys
from belle.games.paris_paris import actions as act
from belle.games.paris_paris import data, refusals, rules, views
from belle.games.paris_paris.actions import Action, First, Lay, OpenLine, Remove, Secret, Take
from belle.games.paris_paris.rules import NETWORKS, NUM_LINES, Item, Network, Readings
from belle.i18n.text import Message

T = TypeVar("T")

SETUP, LAY, PICK, REMOVE, OVER = "setup", "lay", "pick", "remove", "over"
NONE = -1

# Score components, in breakdown order (index into a seat's row of `points`).
SMALL, BIG, FINAL, BAG = range(4)
COMPONENTS = ("small excursions", "big excursions", "final excursions", "bag")


class Excursion(NamedTuple):
    """One scored excursion, kept for the views (REQ-PP-7, REQ-PP-10)."""

    round: int
    kind: str  # "small", "big" or "final"
    line: int
    stop: int  # the leftover card's stop (small), else NONE
    owner: int  # final: the seat whose secret line it is; NONE for open / dm lines
    items: tuple[Item, ...]


class Tour(NamedTuple):
    """One excursion as it is kept: what `excursions` needs to list its items again."""

    round: int
    kind: str
    line: int
    card: int  # the leftover card (small), else NONE
    owner: int
    shops: tuple[tuple[int, ...], ...]  # the shops on the board when the bus ran


class ParisParisState(State[Action]):
    """One game of Paris Paris. Lists are indexed by seat, stop, line or card kind."""

    notation = act.NOTATION

    def __init__(self, game: Any, num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        # The map of the game's rules revision: records of engines before 0.2.0 play on
        # the withdrawn network of revision 1 (ParisParisStateR1), new games on NET.
        self.net: Network = NETWORKS[game.revision]
        self.history = []
        self._visibility = []
        self.reading_names: tuple[str, ...] = tuple(game.option("readings"))
        self.readings: Readings = rules.readings_from(self.reading_names)
        self.dm = bool(game.option("dm"))
        self.phase = SETUP
        self.rounds = data.ROUNDS[num_players]  # PP-20
        self.round = 0
        # PP-72: with dm no secret line is dealt; the setup starts at the start player.
        self.secret = [NONE] * num_players
        self.deal_seat = num_players if self.dm else 0
        self.open_line = NONE
        self.start_player = NONE
        self.to_move = NONE
        self.deck = [card.copies for card in self.net.cards]  # PP-16: order by chance
        self.deck_left = sum(self.deck)
        # The same deck as a flat list of card kinds (order meaningless), so that search
        # draws a card in one step (sample_chance); kept in step with `deck` by _lay.
        self.pile = [k for k, n in enumerate(self.deck) for _ in range(n)]
        self.face_up: list[int] = []
        self.picks_left = 0
        self.pending_stop = NONE
        self.shops: list[tuple[int, ...]] = [()] * len(self.net.ids)
        self.supply = [data.SHOPS_PER_PLAYER] * num_players  # PP-12
        self.bag = [0] * num_players  # PP-14, PP-32
        self.on_board = [0] * num_players
        self.discard = [NONE] * NUM_LINES  # PP-15, PP-47: one waiting card per colour
        self.points = [[0, 0, 0, 0] for _ in range(num_players)]  # PP-21
        # every excursion scored: (round, kind, line, leftover card or NONE, final line's
        # owner or NONE, the shops then); `excursions` lists their items from these
        self.tours: list[Tour] = []
        self._listed: tuple[int, list[Excursion]] = (0, [])  # `excursions` of that many
        self._entries: tuple[int, tuple[Any, ...]] = (0, ())  # `excursion_entries` too

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == PICK or self.phase == REMOVE:
            return self.to_move
        if self.phase == OVER:
            return TERMINAL
        return CHANCE

    # -- legal actions ---------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PICK:  # PP-24, PP-25: one of the face-up cards, no pass
            take = act.TAKE
            return [take[card] for card in dict.fromkeys(self.face_up)]
        if phase == REMOVE:  # PP-30, PP-31: either shop, one's own too
            return [act.REMOVE[seat] for seat in sorted(set(self.shops[self.pending_stop]))]
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def is_legal(self, action: Action) -> bool:
        """Fast paths for the two most frequent actions; the rest ask legal_actions()."""
        if type(action) is Take:
            return self.phase == PICK and action.card in self.face_up
        if type(action) is Lay:
            card = action.card
            return (
                self.phase == LAY and isinstance(card, int) and 0 <= card < len(self.deck)
                and self.deck[card] > 0
            )
        return action in self.legal_actions()

    def refusal(self, action: Action) -> Message | None:
        """Why `action` is refused now, in the rules' words (refusals.py)."""
        return refusals.why(self, action)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == LAY:  # PP-22: the next card of the shuffled deck
            left = self.deck_left
            return [(lay, n / left) for lay, n in zip(act.LAY, self.deck, strict=True) if n]
        if self.phase != SETUP:
            return []
        if self.deal_seat < self.num_players:  # PP-17: distinct secret lines
            lines = self._undealt_lines()
            return [(act.SECRET[li], 1 / len(lines)) for li in lines]
        if self._needs_open_line():  # PP-18
            lines = self._undealt_lines()
            return [(act.OPEN[li], 1 / len(lines)) for li in lines]
        return [(act.FIRST[s], 1 / self.num_players) for s in range(self.num_players)]

    def chance_outcome_ints(self) -> list[tuple[int, float]]:
        """PP-22 as dense ints, built from the deck (the adapters' hot path)."""
        if self.phase != LAY:
            return super().chance_outcome_ints()
        left = self.deck_left
        return [(i, n / left) for i, n in zip(act.LAY_INTS, self.deck, strict=True) if n]

    def sample_chance(self, rng: random.Random) -> Action:
        """PP-22: a card of the deck, each physical card equally likely (the search's
        draw; the same distribution as chance_outcomes, without building it)."""
        if self.phase != LAY:
            return draw_outcome(self.chance_outcomes(), rng)
        pile = self.pile
        return act.LAY[pile[int(rng.random() * len(pile))]]

    def _undealt_lines(self) -> list[int]:
        dealt = set(self.secret)
        return [li for li in range(NUM_LINES) if li not in dealt and li != self.open_line]

    def _needs_open_line(self) -> bool:
        return self.num_players == 2 and not self.dm and self.open_line == NONE

    def chance_visibility(self, action: Action) -> frozenset[int] | None:
        """PP-69: a secret line is seen only by the seat it is dealt to."""
        if type(action) is Secret:
            return frozenset((self.deal_seat,))
        return None

    # -- applying --------------------------------------------------------
    def _log(self, action: Action) -> None:
        """The engine's _log, inlined for the hot path: only a secret line is seen by
        one seat alone (chance_visibility, PP-69)."""
        self.history.append(action)
        self._visibility.append(
            frozenset((self.deal_seat,)) if type(action) is Secret else None)

    def _apply(self, action: Action) -> None:
        self._log(action)
        kind = type(action)  # a type test per kind: faster than `match` on the hot path
        if kind is Lay:
            self._lay(action.card)  # type: ignore[union-attr]
        elif kind is Take:
            self._take(action.card)  # type: ignore[union-attr]
        elif kind is Remove:
            self._remove_then_build(self.pending_stop, action.seat)  # type: ignore[union-attr]
        elif kind is Secret:
            self.secret[self.deal_seat] = action.line  # type: ignore[union-attr]
            self.deal_seat += 1
        elif kind is OpenLine:
            self.open_line = action.line  # type: ignore[union-attr]
        elif kind is First:
            self.start_player = action.seat  # type: ignore[union-attr]
            self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.phase = LAY

    def _lay(self, card: int) -> None:
        self.deck[card] -= 1
        self.deck_left -= 1
        pile = self.pile
        at = pile.index(card)
        pile[at] = pile[-1]
        pile.pop()
        self.face_up.append(card)
        if len(self.face_up) == self.num_players + 1:  # PP-22
            self.phase = PICK
            self.to_move = self.start_player  # PP-23
            self.picks_left = self.num_players

    def _take(self, card: int) -> None:
        """PP-24..35: take the card (it leaves the game, PP-34) and build at its stop."""
        self.face_up.remove(card)
        stop = self.net.cards[card].stop
        seat = self.to_move
        if not self.supply[seat]:  # PP-35 (P-8): nothing to build, nothing removed
            self._end_turn()
            return
        shops = self.shops[stop]
        if len(shops) < self.net.capacity[stop]:  # PP-29
            self._build(stop, seat)
            self._end_turn()
        elif len(set(shops)) == 1:  # REQ-PP-6: one owner there, nothing to choose
            self._remove_then_build(stop, shops[0])
        else:  # PP-30: the player chooses which shop goes
            self.phase, self.pending_stop = REMOVE, stop

    def _remove_then_build(self, stop: int, victim: int) -> None:
        """PP-30..33: push out one shop of `victim`, then build one's own."""
        seat = self.to_move
        shops = list(self.shops[stop])
        shops.remove(victim)
        self.shops[stop] = tuple(shops)
        self.on_board[victim] -= 1
        if victim != seat:
            if self.num_players == 2 and self.readings.returns_two_players:
                self.supply[victim] += 1  # P-8 alternative
            else:
                self.bag[victim] += 1  # PP-32
        elif not self.readings.self_removed_out:
            self.supply[seat] += 1  # PP-33 (P-9): back to the supply, not the bag
        self.phase, self.pending_stop = PICK, NONE
        self._build(stop, seat)
        self._end_turn()

    def _build(self, stop: int, seat: int) -> None:
        self.shops[stop] = (*self.shops[stop], seat)
        self.supply[seat] -= 1
        self.on_board[seat] += 1

    def _end_turn(self) -> None:
        self.picks_left -= 1
        if self.picks_left:  # PP-23: clockwise
            self.to_move = (self.to_move + 1) % self.num_players
        else:
            self._end_round()

    def _end_round(self) -> None:
        """PP-36..48: small excursion, discard, maybe a big excursion, the bus passes."""
        leftover = self.face_up.pop()  # PP-36: exactly one is left
        line = self.net.cards[leftover].line
        shops = tuple(self.shops)
        rules.add_small_points(shops, leftover, self.readings, self.net, self.points, SMALL)
        self.tours.append(Tour(self.round, "small", line, leftover, NONE, shops))
        if self.discard[line] == NONE:  # PP-44
            self.discard[line] = leftover
        else:  # PP-45, PP-46: two of one colour start a big excursion, then leave
            self.discard[line] = NONE
            rules.add_big_points(shops, line, self.readings, self.net, self.points, BIG)
            self.tours.append(Tour(self.round, "big", line, NONE, NONE, shops))
        self.start_player = (self.start_player + 1) % self.num_players  # PP-48
        self.to_move = NONE
        if self.round == self.rounds:  # PP-20, PP-58
            self._final_scoring()
        else:
            self._start_round()

    def final_lines(self) -> list[tuple[int, int]]:
        """PP-59..61, PP-71: (line, owner seat or NONE) toured at the end, in order."""
        if self.dm:
            return [(line, NONE) for line in range(NUM_LINES)]
        order = [(self.start_player + k) % self.num_players for k in range(self.num_players)]
        lines = [(self.secret[seat], seat) for seat in order]
        if self.open_line != NONE:
            lines.append((self.open_line, NONE))  # PP-60
        return lines

    def _final_scoring(self) -> None:
        """PP-58..64: cards left in the discard area do nothing; final lines; the bag."""
        shops = tuple(self.shops)
        for line, owner in self.final_lines():
            rules.add_big_points(shops, line, self.readings, self.net, self.points, FINAL)
            self.tours.append(Tour(self.round, "final", line, NONE, owner, shops))
        for seat, points in enumerate(rules.bag_scores(self.bag)):
            self.points[seat][BAG] += points
        self.phase = OVER

    @property
    def excursions(self) -> list[Excursion]:
        """Every excursion scored so far, with its items (REQ-PP-7, REQ-PP-10): worked
        out from the shops as they stood, by the functions whose points the state added
        up as the bus ran (rules.add_small_points, rules.add_big_points)."""
        listed, found = self._listed
        if listed == len(self.tours):
            return found.copy()
        found = found[:listed]
        for tour in self.tours[listed:]:
            if tour.kind == "small":
                items = rules.small_excursion(tour.shops, tour.card, self.readings, self.net)
                stop = self.net.cards[tour.card].stop
            else:
                items = rules.big_excursion(tour.shops, tour.line, self.readings, self.net)
                stop = NONE
            found.append(Excursion(tour.round, tour.kind, tour.line, stop, tour.owner,
                                   tuple(items)))
        self._listed = (len(found), found)
        return found.copy()

    def excursion_entries(self, entry: Callable[[Excursion], T]) -> list[T]:
        """`entry(excursion)` of every excursion so far (a view's), each worked out once:
        a state's excursions only ever grow (an undo replays a new state), so a view
        reuses the entries of the views before it (clones share them: the tuple never
        changes)."""
        excursions = self.excursions
        listed, entries = self._entries
        if listed < len(excursions):
            entries += tuple(map(entry, excursions[listed:]))
            self._entries = (len(entries), entries)
        return list(entries)

    # -- copies ----------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the excursions listed for a view (`excursions`,
        `excursion_entries`): a state pickles the same whether or not it was asked for
        its view."""
        state = dict(self.__dict__)
        state["_listed"] = (0, [])
        state["_entries"] = (0, ())
        return state

    def clone(self) -> ParisParisState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other._visibility = self._visibility.copy()
        other.secret = self.secret.copy()
        other.deck = self.deck.copy()
        other.pile = self.pile.copy()
        other.face_up = self.face_up.copy()
        other.shops = self.shops.copy()  # tuples inside: shared safely
        other.supply = self.supply.copy()
        other.bag = self.bag.copy()
        other.on_board = self.on_board.copy()
        other.discard = self.discard.copy()
        other.points = list(map(list.copy, self.points))
        other.tours = self.tours.copy()  # immutable entries
        return other

    # -- results ---------------------------------------------------------
    def score(self, seat: int) -> int:
        return sum(self.points[seat])

    def returns(self) -> list[float]:
        return [float(sum(row)) for row in self.points]

    def score_if_ended_now(self) -> list[float]:
        """PP-58..64 applied now, without changing the state: the points so far, a big
        excursion on each final line dealt (the secret lines, PP-59; the open line with
        two players, PP-60; all five lines with `dm`, PP-71) and the bag (PP-62, PP-63);
        waiting cards do nothing (PP-58). It reads the secret lines: the end reveals
        them, and they never change once dealt (PP-17)."""
        if self.phase == OVER:
            return self.returns()
        points = [float(sum(row)) for row in self.points]
        for line, _owner in self.final_lines():
            if line == NONE:
                continue  # not dealt yet (the setup)
            for item in rules.big_excursion(self.shops, line, self.readings, self.net):
                points[item.seat] += item.points
        for seat, bag in enumerate(rules.bag_scores(self.bag)):
            points[seat] += bag
        return points

    def ranking(self) -> list[int]:
        """PP-65..67: most points, then fewest shops on the board, then a shared place."""
        return rank_by_keys([
            (float(sum(self.points[s])), float(-self.on_board[s]))
            for s in range(self.num_players)
        ])

    def score_breakdown(self) -> list[list[ScoreLine]]:
        return [views.breakdown(self, seat) for seat in range(self.num_players)]

    def heuristic(self, seat: int) -> float:
        """Points, plus half of what the lines still to be toured would give now,
        minus the same for the best opponent (the greedy bot's evaluation)."""
        return self.heuristics((seat,))[seat]

    def heuristics(self, seats: Iterable[int]) -> dict[int, float]:
        """heuristic(seat) for several seats from one evaluation of every seat."""
        value = [float(self.score(s)) for s in range(self.num_players)]
        if self.phase != OVER:
            for line, weight in self._pending_lines():
                got = rules.totals(
                    rules.big_excursion(self.shops, line, self.readings, self.net),
                    self.num_players)
                for s in range(self.num_players):
                    value[s] += weight[s] * got[s]
        return {seat: value[seat] - max(v for s, v in enumerate(value) if s != seat)
                for seat in seats}

    def _pending_lines(self) -> list[tuple[int, list[float]]]:
        """Lines the final scoring will tour, weighted per seat for the heuristic."""
        everyone = [0.5] * self.num_players
        if self.dm:
            return [(line, [0.3] * self.num_players) for line in range(NUM_LINES)]
        lines = [(self.open_line, everyone)] if self.open_line != NONE else []
        for seat, line in enumerate(self.secret):
            if line != NONE:
                weight = [0.0] * self.num_players
                weight[seat] = 0.5
                lines.append((line, weight))
        return lines

    # -- information -----------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)

    def private_view(self, seat: int | None) -> dict[str, Any]:
        return views.private_view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> ParisParisState:
        self.check_player(seat)
        return views.resample(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)


class ParisParisStateR1(ParisParisState):
    """Rules revision 1 (records of engines before 0.2.0): the withdrawn network, whose
    cards the notation names differently."""

    notation = act.NOTATIONS[1]

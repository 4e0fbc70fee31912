"""The Bruxelles 1893 State: the whole table as flat lists, driven by a task stack.

A round is a sequence of explicit sub-steps held on `tasks`, a stack of small tuples
whose first item names the step (flow.py says what each one does). The top task
decides who is to move: a seat's decision, a chance node (a deal or a draw), or an
automatic step that runs at once. This keeps every decision atomic (place, then bid,
then the action's own choices) and the legal-action lists small.

Lists are indexed by seat, by Art Nouveau space (0..24, rules.space_label) or by the
index constants of data.py. Everything here is public except the works drawn at a
Workshop that a seat keeps from the others (`drawn` while private, `art_groups`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import repeat
from operator import is_
from typing import Any

from belle.engine.game import CHANCE, TERMINAL, ScoreLine, State, rank_by_keys
from belle.games.bruxelles_1893 import actions as act
from belle.games.bruxelles_1893 import data, flow, refusals, views
from belle.games.bruxelles_1893.actions import Act
from belle.games.bruxelles_1893.flow import CHANCE_TASKS
from belle.i18n.text import Message

Task = tuple[Any, ...]


class BruxellesState(State[Act]):
    """One game of Bruxelles 1893."""

    notation = act.NOTATION

    def __init__(self, game: Any, num_players: int) -> None:
        n = num_players
        self.game = game
        self.num_players = n
        self.history = []
        self._visibility = []
        self.expert = bool(game.option("expert_strips"))
        # Rules revision (GameInfo.revisions): 1 replays records of engines before 0.2.0,
        # whose final payments could be declined and whose loss was floored (BRX-189..191).
        self.revision: int = game.revision
        self.phase = "setup"  # BRX-1, BRX-2: 5 rounds of 4 phases (flow.py, steps.py)
        self.round = 0
        self.first = -1
        self.to_move = -1
        self.tasks: list[Task] = []
        self.passed = [False] * n
        self.notes: list[Message] = []  # public events of the last resolution (texts.py)
        # -- the Art Nouveau board (BRX-6, BRX-7, BRX-9: 5 strips of 5 spaces, bonus strip)
        self.strips: list[int] = []
        self.space_actions: tuple[int, ...] = ()  # per space, once the strips lie
        self.assistant = [-1] * data.SPACES
        self.bid = [0] * data.SPACES
        self.building = [-1] * data.SPACES
        self.bonus_strip = [-1] * data.COLS
        self.stock_deck = list(range(len(data.STOCK_CARDS)))
        self.stock_card = -1
        self.shield = -1
        self.area = 0
        # -- the Brussels board (BRX-19, BRX-20), piles of works (BRX-17)
        self.compass: list[int] = []
        self.needles = list(data.NEEDLE_START)
        self.theatre = [-1] * data.THEATRE_SLOTS
        self.fig_deck = [0] + [f.copies for f in data.FIGURES[1:]]
        self.fig_discard = [0] * len(data.FIGURES)
        self.bonus_deck = [b.copies for b in data.BONUS_CARDS]
        self.coloured = [data.ART_PER_COLOUR] * 4
        self.black = data.ART_PER_COLOUR
        self.shop: list[list[int]] = [[], []]
        self.sales = 0
        self.cursor = list(data.CURSOR_START)
        self.brussels = [[0] * n for _ in range(4)]  # assistants per action per seat
        self.uses = [0] * 4
        self.mat_supply = [data.MATERIAL_SUPPLY] * 3
        self.joker_supply = data.JOKER_SUPPLY
        self.exhibition_owner = [-1] * data.ROUNDS
        # -- the players (BRX-12, BRX-21: architect board and tracks; BRX-16: money is
        # unlimited, a plain int; BRX-74, BRX-104: no limit on works or cubes)
        self.money = [0] * n
        self.vp = [0] * n  # BRX-4
        self.assistants = [data.ASSISTANTS_AVAILABLE] * n
        self.court = [data.ASSISTANTS_COURTHOUSE] * n  # BRX-156, BRX-157: not placeable
        self.out = [0] * n  # assistants on either board this round
        self.tracks = [[0, 0, 0] for _ in range(n)]  # architect, City Hall, Royal Palace
        self.built = [0] * n
        self.works = [[0] * 5 for _ in range(n)]
        self.mats = [[0] * 3 for _ in range(n)]
        self.jokers = [0] * n
        self.exh = [0] * n  # BRX-166: never lost or spent
        self.kept = [1 << data.BRUGMANN] * n  # BRX-30: Brugmann, kept and ready
        self.ready = [1 << data.BRUGMANN] * n
        self.unpaid = [0] * n
        self.bonus_kept = [[0] * 4 for _ in range(n)]
        # -- pending sub-steps
        self.drawn: list[int] = []
        # per private draw: (history index, works drawn, drawer, kept colour or -1, the
        # coloured pile at its start, the coloured works under the shop's tops that a
        # rebuild in its middle adds: all 0 unless the pile runs out in it, BRX-75)
        self.art_groups: list[tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]] = []
        self.paid = [0] * 5
        self.vp_during: list[int] = []  # set by the final scoring (steps._score)
        self.final_lines: list[list[ScoreLine]] = []  # its lines, once asked for
        self._legal: list[Act] = []
        flow.setup(self)
        flow.advance(self)

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        tasks = self.tasks
        if not tasks:
            return TERMINAL
        task = tasks[-1]
        kind = task[0]
        if kind in CHANCE_TASKS:
            return CHANCE
        return self.to_move if kind == "turn" else task[1]

    def legal_actions(self) -> list[Act]:
        if not self.tasks:
            return []
        if self.tasks[-1][0] in flow.CHANCE_TASKS:
            return [a for a, _ in self.chance_outcomes()]
        return list(self._legal)

    def is_legal(self, action: Act) -> bool:
        """Actions are prebuilt singletons (apply_action hands over the game's own), so
        identity decides; a chance outcome is checked against the counts directly."""
        if not self.tasks:
            return False
        if self.tasks[-1][0] in CHANCE_TASKS:
            return flow.chance_legal(self, action)
        return any(map(is_, self._legal, repeat(action)))

    def refusal(self, action: Act) -> Message | None:
        """Why `action` is refused now, in the rules' words (refusals.py)."""
        return refusals.why(self, action)

    def sample_chance(self, rng: random.Random) -> Act:
        return flow.sample_chance(self, rng)

    def chance_outcomes(self) -> list[tuple[Act, float]]:
        if not self.tasks or self.tasks[-1][0] not in flow.CHANCE_TASKS:
            return []
        return flow.chance_outcomes(self)

    def chance_visibility(self, action: Act) -> frozenset[int] | None:
        """Workshop draws of several works are seen only by the drawer (BRX-71, issue)."""
        task = self.tasks[-1] if self.tasks else None
        if task is not None and task[0] == "art" and task[2]:
            return frozenset((int(task[1]),))
        return None

    def action_visibility(self, action: Act) -> frozenset[int] | None:
        """Every player action is public; only private draws are not (chance_visibility)."""
        return self.chance_visibility(action)

    def _log(self, action: Act) -> None:
        """The engine's _log, inlined for the hot path: only a private draw (an "art"
        task drawing several works) is seen by one seat alone."""
        task = self.tasks[-1]
        self.history.append(action)
        self._visibility.append(
            frozenset((task[1],)) if task[0] == "art" and task[2] else None)

    def _apply(self, action: Act) -> None:
        self._log(action)
        flow.apply(self, action)
        flow.advance(self)

    # -- copies ----------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what is only memoized (final scores, legal-move caches): a
        state pickles the same whether or not it was asked for its view or moves."""
        state = dict(self.__dict__)
        state["final_lines"] = []
        return state

    def clone(self) -> BruxellesState:
        other = object.__new__(BruxellesState)
        d = self.__dict__.copy()
        other.__dict__ = d
        d["history"] = self.history.copy()
        d["_visibility"] = self._visibility.copy()
        d["tasks"] = self.tasks.copy()
        d["passed"] = self.passed.copy()
        d["notes"] = self.notes.copy()
        for name in _FLAT_LISTS:
            d[name] = d[name].copy()
        for name in _NESTED_LISTS:
            d[name] = [row.copy() for row in d[name]]
        return other

    # -- results ---------------------------------------------------------
    def returns(self) -> list[float]:
        return [float(v) for v in self.vp]

    def score_if_ended_now(self) -> list[float]:
        """BRX-189..197 applied now (views.if_ended_now)."""
        if self.phase == "over":
            return self.returns()
        return views.if_ended_now(self)

    def ranking(self) -> list[int]:
        """BRX-3, BRX-198..200: most VP, then most BF, then most tiles built, then shared."""
        return rank_by_keys([
            (float(self.vp[s]), float(self.money[s]), float(self.built[s]))
            for s in range(self.num_players)
        ])

    def score_breakdown(self) -> list[list[ScoreLine]]:
        if self.vp_during:
            if not self.final_lines:
                self.final_lines = [views.final_lines(self, s, vp)
                                    for s, vp in enumerate(self.vp_during)]
            return [list(lines) for lines in self.final_lines]
        return [views.running_breakdown(self, s) for s in range(self.num_players)]

    def heuristic(self, seat: int) -> float:
        return views.heuristic(self, seat)

    def heuristics(self, seats: Iterable[int]) -> dict[int, float]:
        return views.heuristics(self, seats)

    # -- information -----------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)

    def private_view(self, seat: int | None) -> dict[str, Any]:
        return views.private_view(self, seat)

    def resample(self, seat: int, rng: random.Random) -> BruxellesState:
        self.check_player(seat)
        return views.resample(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        return views.full_state(self)


_FLAT_LISTS = (
    "strips", "assistant", "bid", "building", "bonus_strip", "stock_deck", "compass",
    "needles", "theatre", "fig_deck", "fig_discard", "bonus_deck", "coloured", "cursor",
    "uses", "mat_supply", "exhibition_owner", "money", "vp", "assistants", "court", "out",
    "built", "jokers", "exh", "kept", "ready", "unpaid", "drawn", "art_groups", "paid",
    "_legal", "final_lines", "vp_during",
)
_NESTED_LISTS = ("shop", "brussels", "tracks", "works", "mats", "bonus_kept")

"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012).

The bot searches one tree for the information sets of the seat it plays (the
*observer*). Each iteration

1. **determinizes**: draws `root.resample(seat, rng)` (through `root.resampler(seat)`,
   which works out once what the draws share), a full state consistent with what the
   seat knows (never the true hidden state);
2. **selects** down the tree by UCB1 over the actions that are legal *in this
   determinization*, using availability counts (an action's exploration term counts
   the visits of its parent in which it was available, not all of them);
3. **expands** one new node, then **rolls out** (random to the end, or a few random
   actions and then the game's `heuristic`);
4. **backpropagates** a reward in [0, 1] for every seat; each node keeps the reward
   of the seat that chose the action leading to it.

Nodes are keyed by action path from the root, with chance outcomes the observer may
not see collapsed into one `HIDDEN` edge. Every seat's moves are public in Belle
(only chance outcomes are private), so this path is the observer's action-observation
history since the root: a node *is* an `information_state_key(seat)` of the observer,
computed incrementally instead of by formatting the whole history at every step.

Chance nodes are drawn by the determinization's own `sample_chance` (the
distribution of `chance_outcomes()`, a faster draw where the game has one). Search
runs on clones through the unchecked `_apply`, always with an action taken from
`legal_actions()` (or `sample_chance`) of the same clone. A rollout cut short by the
heuristic evaluates only the seats whose choices the iteration's path records.

With an iteration budget the bot is reproducible: the same state, seat and RNG give
the same move. With a time budget the number of iterations depends on the machine.
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass
from typing import Any

from belle.engine.game import CHANCE, State

HIDDEN = object()
"""Edge key of a chance outcome the observer may not see."""

ROLLOUTS = ("random", "heuristic")

EXPLORATION = 0.7
"""UCB1 constant for rewards in [0, 1] (about 1/√2, as in the paper)."""

RANK_WEIGHT = 0.8
"""Share of a terminal reward given by the place; the rest by the score margin."""

MAX_ROLLOUT_ACTIONS = 100_000

_LOG = [-math.inf, *map(math.log, range(1, 1 << 12))]
"""`math.log(n)` by n, grown as searches run longer: UCB1 reads one per child visited."""
_LOG_GROWING = threading.Lock()  # servers search in threads


def _grow_log_table(size: int) -> None:
    """Make `_LOG` at least `size` long."""
    with _LOG_GROWING:
        if len(_LOG) < size:
            _LOG.extend(map(math.log, range(len(_LOG), size)))


@dataclass(frozen=True, slots=True)
class Tuning:
    """Per-game defaults: rollout policy and, for heuristic rollouts, their depth."""

    rollout: str = "random"
    depth: int = 20


GAME_TUNING: dict[str, Tuning] = {
    # A random playout of Paris Connection is ~300 actions (~25 ms): far too slow for
    # a useful number of iterations. A short random walk then the share-value
    # heuristic plays better at equal time (docs/bots.md); 3 actions did at least as
    # well as 12 at the same time per move, with twice the iterations (session 5).
    "paris_connection": Tuning("heuristic", 3),
    # Paris Paris playouts are ~1 ms: full random rollouts carry the real scoring
    # (excursions, secret lines) that a heuristic only approximates. 12 actions then
    # the heuristic make 3-7 times the iterations but won only 24 of 54 matches
    # against this at 1 s per move (session 5, docs/bots.md): not taken.
    "paris_paris": Tuning("random"),
    # Paris playouts are long (~200 iterations/s at random): 300 random-rollout
    # iterations lost 0/8 to greedy, 2000 heuristic-rollout ones (~0.5 s) won 5/6.
    "paris": Tuning("heuristic", 12),
    # Bruxelles 1893: a whole playout is ~335 actions at five players; 60 actions then
    # the heuristic make 2.5-6.6 times the iterations and beat whole random playouts
    # in 24 of 28 matches at 1 s per move; 20 actions won 2 of 8 (session 5, docs/bots.md).
    "bruxelles_1893": Tuning("heuristic", 60),
}
"""Chosen by measurement (docs/bots.md); games not listed roll out at random."""


class _Node:
    """A node of the observer's tree: stats of the edge that leads to it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class IsmctsBot:
    """SO-ISMCTS with a budget of iterations or seconds per move."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str | None = None,
        depth: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise ValueError("ismcts iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("ismcts seconds must be positive")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(f"ismcts rollout must be one of {', '.join(ROLLOUTS)}")
        if depth is not None and depth < 0:
            raise ValueError("ismcts depth must not be negative")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.depth = depth
        self.exploration = exploration
        self.last_iterations = 0
        self.name = self._describe()

    def _describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        if self.rollout is not None:
            parts.append(f"rollout={self.rollout}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        return "ismcts:" + ",".join(parts)

    def tuning(self, game_id: str) -> Tuning:
        """The rollout policy and depth used for `game_id` (settings override defaults)."""
        base = GAME_TUNING.get(game_id, Tuning())
        return Tuning(self.rollout or base.rollout, base.depth if self.depth is None else
                      self.depth)

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        search = _Search(state, seat, random.Random(rng.getrandbits(64)),
                         self.tuning(state.game.info.id), self.exploration)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            search.iterate()
            done += 1
        self.last_iterations = done
        return search.best(legal)


class _Search:
    """One search from the observer's root; `iterate()` runs one iteration."""

    def __init__(
        self, root: State[Any], seat: int, rng: random.Random, tuning: Tuning, c: float
    ) -> None:
        self.root_state = root
        self.seat = seat
        self.rng = rng
        self.tuning = tuning
        self.c = c
        self.root = _Node()
        self.determinize = root.resampler(seat)
        self.players = root.num_players
        self.iterations = 0
        self.margin_scale = 1.0
        self._margins_seen = 0
        self._margin_sum = 0.0

    # -- the four steps --------------------------------------------------
    def iterate(self) -> None:
        """Determinize, select and expand, roll out, backpropagate (hot path)."""
        self.iterations += 1
        if self.iterations >= len(_LOG):  # no edge is available more often than this
            _grow_log_table(2 * self.iterations)
        rng = self.rng
        state = self.determinize(rng)
        node = self.root
        path: list[tuple[_Node, int]] = []  # (child, seat that chose it) for stats
        expanded = False
        while not expanded:
            player = state.current_player()
            if player >= 0:
                action, child, expanded = self._select(node, state.legal_actions())
                state._apply(action)
                path.append((child, player))
                node = child
            elif player == CHANCE:
                outcome = state.sample_chance(rng)
                seen = state.chance_visibility(outcome)
                key = outcome if seen is None or self.seat in seen else HIDDEN
                state._apply(outcome)
                reached = node.children.get(key)
                if reached is None:
                    reached = node.children[key] = _Node()
                    expanded = True
                node = reached
            else:
                break  # terminal
        if not path:
            return
        rewards = self._rollout(state, {player for _, player in path})
        for child, player in path:
            child.visits += 1
            child.total += rewards[player]

    def _select(self, node: _Node, legal: list[Any]) -> tuple[Any, _Node, bool]:
        """UCB1 over the available children, or a new child for an untried action."""
        children = node.children
        get = children.get
        untried: list[Any] | None = None
        best: Any = None
        best_value = -math.inf
        c = self.c
        sqrt, log = math.sqrt, _LOG  # _LOG[n] is math.log(n), and a list is read faster
        for action in legal:
            child = get(action)
            if child is None:
                if untried is None:
                    untried = [action]
                else:
                    untried.append(action)
                continue
            avail = child.avail = child.avail + 1
            if untried is not None:
                continue  # an untried action goes first; availability still counts
            visits = child.visits
            value = child.total / visits + c * sqrt(log[avail] / visits)
            if value > best_value:
                best, best_value = action, value
        if untried is not None:
            action = untried[int(self.rng.random() * len(untried))]
            child = children[action] = _Node()
            child.avail = 1
            return action, child, True
        return best, children[best], False

    def _rollout(self, state: State[Any], seats: set[int]) -> dict[int, float]:
        """Play on from `state`; the reward in [0, 1] of each seat in `seats` (only the
        seats that chose an edge of this iteration's path need one)."""
        limit = self.tuning.depth if self.tuning.rollout == "heuristic" else MAX_ROLLOUT_ACTIONS
        rng = self.rng
        rand = rng.random
        # Bound once: the loop below is most of the search's time.
        to_move, legal_actions = state.current_player, state.legal_actions
        apply, draw = state._apply, state.sample_chance
        steps = 0
        while steps < limit:
            player = to_move()
            if player >= 0:
                legal = legal_actions()
                apply(legal[int(rand() * len(legal))])
            elif player == CHANCE:
                apply(draw(rng))
            else:
                return self._terminal_rewards(state)
            steps += 1
        if state.is_terminal():
            return self._terminal_rewards(state)
        # Evaluate only the seats needed, in one call (games share the work across seats).
        return {s: self._squash(h) for s, h in state.heuristics(sorted(seats)).items()}

    # -- rewards ---------------------------------------------------------
    def _terminal_rewards(self, state: State[Any]) -> dict[int, float]:
        """Place (shared first counts as first), plus a little of the score margin."""
        places = state.ranking()
        scores = state.returns()
        n = self.players
        rewards = {}
        for seat in range(n):
            rank = (n - 1 - places[seat]) / (n - 1) if n > 1 else 1.0
            others = [s for i, s in enumerate(scores) if i != seat]
            margin = scores[seat] - (max(others) if others else 0.0)
            rewards[seat] = RANK_WEIGHT * rank + (1 - RANK_WEIGHT) * self._squash(margin)
        return rewards

    def _squash(self, margin: float) -> float:
        """Map a score margin to (0, 1) on the scale of the margins met so far."""
        self._margins_seen += 1
        self._margin_sum += abs(margin)
        self.margin_scale = max(1.0, self._margin_sum / self._margins_seen)
        return 0.5 + 0.5 * math.tanh(margin / self.margin_scale)

    # -- the answer ------------------------------------------------------
    def best(self, legal: list[Any]) -> Any:
        """The most visited root action (ties: higher mean, then legal order)."""
        best = legal[0]
        best_key = (-1, -math.inf)
        for action in legal:
            child = self.root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits if child.visits else 0.0)
            if key > best_key:
                best, best_key = action, key
        return best

    def statistics(self) -> dict[Any, tuple[int, float]]:
        """Root action → (visits, mean reward), for tests and diagnostics."""
        return {a: (c.visits, c.total / c.visits if c.visits else 0.0)
                for a, c in self.root.children.items()}

"""`belle simulate`: many bot matches with `play_match`, summarised.

Match i is played with `match_seed(S, i)`, a pure function of the run seed and the
index, so a failing match can be replayed alone (`belle play GAME --seed X` with bot
seats plays exactly the same match). Same seed → same summary, except the speed.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from belle.engine.game import Game
from belle.engine.referee import Bot, play_match

SUMMARY_KEYS = (
    "game", "players", "games", "completed", "errors",
    "mean_actions", "actions_per_second", "wins", "mean_scores",
)


def match_seed(seed: int, index: int) -> int:
    """The seed of match `index` in a run with `seed` (63 bits, stable across machines)."""
    digest = hashlib.sha256(f"belle-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(slots=True)
class MatchFailure:
    index: int
    seed: int
    error: str


@dataclass
class Simulation:
    """Running totals over the matches of one `belle simulate`."""

    game: str
    players: int
    games: int
    completed: int = 0
    total_actions: int = 0
    elapsed: float = 0.0
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    failures: list[MatchFailure] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.score_sums = [0.0] * self.players

    def add(self, actions: int, ranking: Sequence[int], returns: Sequence[float]) -> None:
        self.completed += 1
        self.total_actions += actions
        for seat in range(self.players):
            self.wins[seat] += ranking[seat] == 0
            self.score_sums[seat] += returns[seat]

    def summary(self) -> dict[str, Any]:
        """Exactly SUMMARY_KEYS; means are over completed matches (None if there are none)."""
        done = self.completed
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "completed": done,
            "errors": len(self.failures),
            "mean_actions": round(self.total_actions / done, 3) if done else None,
            "actions_per_second": (
                round(self.total_actions / self.elapsed, 1) if self.elapsed > 0 else None
            ),
            "wins": list(self.wins),
            "mean_scores": [round(s / done, 3) if done else None for s in self.score_sums],
        }


def simulate(
    game: Game[Any],
    bots: Sequence[Bot],
    games: int,
    seed: int,
    on_match: Callable[[int], None] | None = None,
) -> Simulation:
    """Play `games` matches between `bots`; a match that raises counts as an error."""
    run = Simulation(game.info.id, len(bots), games)
    for index in range(games):
        this_seed = match_seed(seed, index)
        started = time.perf_counter()
        try:
            result = play_match(game, bots, this_seed)
        except Exception as exc:  # any failure is reported, the run goes on
            run.failures.append(MatchFailure(index, this_seed, f"{type(exc).__name__}: {exc}"))
        else:
            state = result.state
            run.add(len(result.record.actions), state.ranking(), state.returns())
            run.elapsed += time.perf_counter() - started
        if on_match is not None:
            on_match(index)
    return run

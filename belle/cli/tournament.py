"""`belle tournament`: bots against each other with rotating seats, and statistics.

The bot list is cycled over the seats (`ismcts,greedy` with 3 players is ismcts,
greedy, ismcts), and match g shifts it by g places: over any N consecutive matches
(N players) every entry of the list sits at every seat once. The N matches of one
rotation share their seed, so they start from the same deal and seed the chance RNG
alike (fewer lucky deals in the comparison).

Per entry of the list (a bot listed twice is two entries) it reports its wins and win
rate as win shares (first place alone is 1 win; a first place shared by k seats is 1/k
of a win for each, as `belle balance` counts them: belle.balance.stats) with their 95%
interval (`share_rate`: Wilson's without shared first places), the mean final score
with a t (normal from 30 matches) 95% interval, and the mean time per decision. Same
game, bots, matches and seed → the same results, timings aside.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from belle.balance.stats import ranking_win_shares, share_rate
from belle.bots import make_bot
from belle.cli.simulate import MatchFailure, match_seed
from belle.engine.errors import GameError, OptionError
from belle.engine.game import Game, State
from belle.engine.referee import Bot, play_match

Z95 = 1.959963984540054
"""Two-sided 95% normal quantile."""

T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
)
"""Student's t 0.975 quantiles for 1 to 29 degrees of freedom."""


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval: Student's t below 30 values, normal from 30."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, -math.inf, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    q = T95[n - 2] if n - 1 < 30 else Z95
    half = q * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


class TimedBot:
    """Wraps a bot and adds up the time it spends choosing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.moves = 0

    def choose(self, state: State[Any], seat: int, rng: Any) -> Any:
        started = time.perf_counter()
        try:
            return self.bot.choose(state, seat, rng)
        finally:
            self.seconds += time.perf_counter() - started
            self.moves += 1


@dataclass
class Entry:
    """One entry of the bot list and its results over the tournament."""

    index: int
    spec: str
    bot: TimedBot
    shares: list[float] = field(default_factory=list)
    """Its share of each match's win (1, 1/k for a first place shared by k, or 0)."""
    scores: list[float] = field(default_factory=list)

    @property
    def wins(self) -> float:
        return sum(self.shares)

    def summary(self) -> dict[str, Any]:
        games = len(self.scores)
        rate = share_rate(self.shares)
        mean, mean_low, mean_high = mean_interval(self.scores)
        per_move = self.bot.seconds / self.bot.moves if self.bot.moves else None
        return {
            "entry": self.index,
            "bot": self.spec,
            "games": games,
            "wins": _round(self.wins),
            "win_rate": _round(self.wins / games) if games else None,
            "win_rate_ci95": [_round(rate.low), _round(rate.high)],
            "mean_score": _round(mean) if games else None,
            "mean_score_ci95": [_round(mean_low), _round(mean_high)] if games > 1 else None,
            "moves": self.bot.moves,
            "seconds_per_move": None if per_move is None else round(per_move, 6),
        }


def _round(value: float) -> float:
    return round(value, 4)


@dataclass
class Tournament:
    """The settings and running results of one `belle tournament`."""

    game: Game[Any]
    players: int
    specs: list[str]
    games: int
    seed: int
    entries: list[Entry] = field(default_factory=list)
    failures: list[MatchFailure] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.entries:
            self.entries = [Entry(i, spec, TimedBot(make_bot(spec)))
                            for i, spec in enumerate(self.specs)]

    def seating(self, match: int) -> list[int]:
        """Entry index per seat in match `match`: the list cycled, shifted by `match`."""
        m = len(self.entries)
        return [(seat + match) % m for seat in range(self.players)]

    def match_seed(self, match: int) -> int:
        """The N matches of one rotation share a seed (the same deal for every seating)."""
        return match_seed(self.seed, match // self.players)

    def play(self, match: int) -> None:
        seating = self.seating(match)
        bots = [self.entries[i].bot for i in seating]
        seed = self.match_seed(match)
        try:
            result = play_match(self.game, bots, seed)
        except Exception as exc:  # any failure is reported, the run goes on
            self.failures.append(MatchFailure(match, seed, f"{type(exc).__name__}: {exc}"))
            return
        shares = ranking_win_shares(result.state.ranking())
        scores = result.state.returns()
        for seat, index in enumerate(seating):
            entry = self.entries[index]
            entry.shares.append(shares[seat])
            entry.scores.append(scores[seat])

    def run(self, on_match: Callable[[int], None] | None = None) -> Tournament:
        for match in range(self.games):
            self.play(match)
            if on_match is not None:
                on_match(match)
        return self

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game.info.id,
            "options": dict(self.game.options),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "completed": self.games - len(self.failures),
            "errors": len(self.failures),
            "bots": [entry.summary() for entry in self.entries],
        }


def check_bots(specs: Sequence[str], players: int) -> None:
    """Every spec makes a bot, and there are no more entries than seats."""
    if len(specs) > players:
        raise OptionError(
            f"--bots lists {len(specs)} bots for {players} seats; list at most {players} "
            "(a shorter list is cycled over the seats)")
    for spec in specs:
        try:
            make_bot(spec)
        except GameError as exc:
            raise OptionError(f"--bots {spec!r}: {exc}") from None


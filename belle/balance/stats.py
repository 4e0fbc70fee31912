"""The intervals `belle balance` reports, all at 95%.

- Rates of 0/1 outcomes (how often an element is taken, end reasons, facts): the Wilson
  score interval, sound near 0 and 1 and for small samples.
- Win rates, whose outcomes are win shares in [0, 1] (1 for a first place alone, 1/k
  for a first place shared by k seats, 0 otherwise): `share_rate`, the Wilson interval
  at the outcomes' effective number of trials (below). Without shared first places it
  is the Wilson interval itself.
- Means (game length): Student's t below 30 values, the normal quantile from 30.
- Shares (a score component's part of all VP, a ratio of two sums over the same games):
  a percentile bootstrap over games, with its own seeded RNG so a report is reproducible
  (left open below 10 games, where resampling so few games would claim too much).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""Two-sided 95% normal quantile."""

T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
)
"""Student's t 0.975 quantiles for 1 to 29 degrees of freedom."""

SHARE_MIN_TRIALS = 30
"""From this many outcomes `share_rate` narrows its interval by the observed variance."""

BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_MIN_GAMES = 10
"""Below this many games a bootstrap interval would be far too narrow: it is left open."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A point estimate and its 95% interval; `value` is None without data."""

    value: float | None
    low: float
    high: float

    def to_json(self) -> dict[str, float | None]:
        """Rounded to 4 places; an open end of the interval (±inf) is None."""
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high)}


def _round(value: float | None) -> float | None:
    if value is None or math.isinf(value) or math.isnan(value):
        return None
    return round(value, 4)


def ranking_win_shares(ranking: Sequence[int]) -> list[float]:
    """Each seat's share of one game's win from its places (0 first): 1/k for each of
    k seats sharing first place, 0 for the others."""
    winners = sum(1 for place in ranking if place == 0)
    return [1 / winners if place == 0 else 0.0 for place in ranking]


def wilson(successes: int, trials: int) -> Estimate:
    """Wilson score interval of a proportion; (0, 1) without trials."""
    if trials == 0:
        return Estimate(None, 0.0, 1.0)
    return _wilson(successes / trials, trials)


def share_rate(outcomes: Sequence[float]) -> Estimate:
    """The mean of outcomes in [0, 1] (win shares) with a 95% interval; (0, 1) without any.

    The Wilson score interval at an effective number of trials n·p(1−p)/s², s² the
    outcomes' variance (Kish's effective sample size): for 0/1 outcomes s² = p(1−p) and
    this is Wilson's interval at n trials; fractional outcomes vary less than a 0/1 one
    of the same mean, and their interval is narrower by as much, keeping Wilson's
    behaviour near 0 and 1 that the normal interval on the mean lacks. Below
    SHARE_MIN_TRIALS outcomes s² is too rough to rely on and n is kept: still sound, as
    an outcome in [0, 1] of mean p never varies more than p(1−p) (a k-way tie broken by
    lot, 1 with chance 1/k, has the same mean and the 0/1 variance). Outcomes that do
    not vary at all count as at most n² trials, so the interval never closes.
    """
    n = len(outcomes)
    if n == 0:
        return Estimate(None, 0.0, 1.0)
    p = sum(outcomes) / n
    bernoulli = p * (1 - p)
    trials = float(n)
    if n >= SHARE_MIN_TRIALS and bernoulli > 0 and any(0 < x < 1 for x in outcomes):
        variance = sum((x - p) ** 2 for x in outcomes) / n
        trials = n * bernoulli / max(variance, bernoulli / n)
    return _wilson(p, max(trials, n))


def _wilson(p: float, trials: float) -> Estimate:
    z2 = Z95 * Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def t_mean(values: Sequence[float]) -> Estimate:
    """Mean with Student's t interval (normal from 30 values); unbounded for one value."""
    n = len(values)
    if n == 0:
        return Estimate(None, -math.inf, math.inf)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    q = T95[n - 2] if n - 1 < 30 else Z95
    half = q * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def bootstrap_shares(
    parts: Sequence[Sequence[float]], totals: Sequence[float], seed: int,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> list[Estimate]:
    """Per column c, sum(parts[g][c]) / sum(totals[g]) over games g, with a percentile
    bootstrap interval (games resampled with replacement, `resamples` times).

    A resample whose total is 0 is skipped; without games every share is None; with fewer
    than BOOTSTRAP_MIN_GAMES games the interval is left open (-inf, inf).
    """
    games = len(totals)
    columns = len(parts[0]) if parts else 0
    grand = sum(totals)
    if games == 0 or grand == 0:
        return [Estimate(None, -math.inf, math.inf) for _ in range(columns)]
    point = [sum(row[c] for row in parts) / grand for c in range(columns)]
    if games < BOOTSTRAP_MIN_GAMES:
        return [Estimate(p, -math.inf, math.inf) for p in point]
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(columns)]
    indices = range(games)
    for _ in range(resamples):
        picked = rng.choices(indices, k=games)
        total = sum(totals[g] for g in picked)
        if total == 0:
            continue
        sums = [sum(column) for column in zip(*(parts[g] for g in picked), strict=True)]
        for c in range(columns):
            draws[c].append(sums[c] / total)
    return [_percentile_estimate(point[c], draws[c]) for c in range(columns)]


def _percentile_estimate(point: float, draws: list[float]) -> Estimate:
    if not draws:
        return Estimate(point, -math.inf, math.inf)
    draws.sort()
    return Estimate(point, _quantile(draws, 0.025), _quantile(draws, 0.975))


def _quantile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default)."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)

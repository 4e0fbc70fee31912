"""The intervals `belle balance` reports, all at 95%.

- Rates (win rates, how often an element is taken, end reasons): the Wilson score
  interval, sound near 0 and 1 and for small samples.
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


def wilson(successes: int, trials: int) -> Estimate:
    """Wilson score interval of a proportion; (0, 1) without trials."""
    if trials == 0:
        return Estimate(None, 0.0, 1.0)
    p = successes / trials
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

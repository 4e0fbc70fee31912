"""The interval maths of belle.balance.stats against values computed by hand."""

from __future__ import annotations

import math

import pytest

from belle.balance.stats import Estimate, bootstrap_shares, share_rate, t_mean, wilson


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (5, 10, 0.2366, 0.7634),  # Wilson (1927): centre 0.5, half-width 0.2634
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (8, 10, 0.4902, 0.9433),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_matches_known_values(k: int, n: int, low: float, high: float) -> None:
    estimate = wilson(k, n)
    assert estimate.value == pytest.approx(k / n)
    assert estimate.low == pytest.approx(low, abs=1e-4)
    assert estimate.high == pytest.approx(high, abs=1e-4)


def test_wilson_without_trials_is_the_whole_range() -> None:
    estimate = wilson(0, 0)
    assert (estimate.value, estimate.low, estimate.high) == (None, 0.0, 1.0)


def test_t_interval_small_sample() -> None:
    # mean 3, sd sqrt(2.5), t(0.975, 4) = 2.776: half-width 2.776 * 1.5811 / sqrt(5) = 1.963
    estimate = t_mean([1.0, 2.0, 3.0, 4.0, 5.0])
    assert estimate.value == pytest.approx(3.0)
    assert estimate.low == pytest.approx(1.0371, abs=1e-3)
    assert estimate.high == pytest.approx(4.9629, abs=1e-3)


def test_t_interval_uses_the_normal_quantile_from_30_values() -> None:
    values = [float(i % 2) for i in range(40)]  # mean 0.5, sd 0.5064
    estimate = t_mean(values)
    half = 1.959964 * math.sqrt(sum((v - 0.5) ** 2 for v in values) / 39 / 40)
    assert estimate.high - estimate.value == pytest.approx(half)


def test_t_interval_of_one_value_is_unbounded() -> None:
    estimate = t_mean([7.0])
    assert estimate.value == 7.0 and estimate.low == -math.inf and estimate.high == math.inf


def test_bootstrap_of_a_constant_share_has_no_width() -> None:
    parts = [[1.0, 3.0]] * 20
    shares = bootstrap_shares(parts, [4.0] * 20, seed=1)
    assert [s.value for s in shares] == [0.25, 0.75]
    assert shares[0].low == pytest.approx(0.25) and shares[0].high == pytest.approx(0.25)


def test_bootstrap_is_a_ratio_of_sums_and_reproducible() -> None:
    parts = [[float(g % 3)] for g in range(30)]
    totals = [2.0] * 30
    first = bootstrap_shares(parts, totals, seed=7)
    assert first == bootstrap_shares(parts, totals, seed=7)
    assert first[0].value == pytest.approx(30 / 60)  # 10 × (0 + 1 + 2) over 30 × 2
    assert first[0].low < 0.5 < first[0].high
    assert first != bootstrap_shares(parts, totals, seed=8)


def test_bootstrap_without_games() -> None:
    assert bootstrap_shares([], [], seed=1) == []


def test_bootstrap_of_very_few_games_is_left_open() -> None:
    [share] = bootstrap_shares([[1.0], [3.0]], [4.0, 4.0], seed=1)
    assert share.value == 0.5 and share.low == -math.inf and share.high == math.inf


def test_share_rate_of_whole_wins_is_the_wilson_interval() -> None:
    outcomes = [1.0] * 8 + [0.0] * 2
    assert share_rate(outcomes) == wilson(8, 10)
    many = [float(g % 3 == 0) for g in range(90)]
    assert share_rate(many) == wilson(30, 90)


def test_share_rate_without_outcomes_is_the_whole_range() -> None:
    assert share_rate([]) == Estimate(None, 0.0, 1.0)


def test_share_rate_below_30_outcomes_keeps_wilsons_width() -> None:
    # 4 halves and 6 zeros: mean 0.2, the interval of 2 wins in 10 (conservative)
    estimate = share_rate([0.5] * 4 + [0.0] * 6)
    assert estimate.value == pytest.approx(0.2)
    assert (estimate.low, estimate.high) == pytest.approx((wilson(2, 10).low, wilson(2, 10).high))


def test_share_rate_narrows_by_the_effective_number_of_trials() -> None:
    # 60 outcomes, mean 1/2: 20 wins, 20 halves, 20 losses. Variance 1/6 against the 0/1
    # outcome's 1/4: Wilson at 60 × (1/4) / (1/6) = 90 trials.
    outcomes = [1.0] * 20 + [0.5] * 20 + [0.0] * 20
    estimate = share_rate(outcomes)
    half = 1.959964 * math.sqrt(0.25 / 90 + 1.959964**2 / (4 * 90**2)) / (1 + 1.959964**2 / 90)
    assert estimate.value == pytest.approx(0.5)
    assert (estimate.low, estimate.high) == pytest.approx((0.5 - half, 0.5 + half))
    wider = wilson(30, 60)
    assert wider.low < estimate.low < 0.5 < estimate.high < wider.high


def test_share_rate_of_outcomes_that_never_vary_keeps_an_interval() -> None:
    # every game a two-way tie: at most n² = 1600 trials, never a closed interval
    estimate = share_rate([0.5] * 40)
    assert estimate.value == 0.5
    assert 0.47 < estimate.low < 0.5 < estimate.high < 0.53

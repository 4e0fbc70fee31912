"""The load generator's arithmetic (the benchmark itself is `belle bench --server`)."""

from __future__ import annotations

import pytest

from belle.server.bench import loadgen, measure


def test_a_level_reports_offered_sent_and_accepted() -> None:
    stats = measure.Stats(start=0.0, end=10.0, latencies=[0.001 * i for i in range(1, 101)],
                          sent=120)
    cpu = measure.Cpu(None)
    cpu.client = 0.5
    level = measure.summarize(500, 3, 10.0, 0.4, 2.0, stats, cpu)
    assert level.offered_per_s == 1250.0  # one seat moves per table: tables / think
    assert (level.sent_per_s, level.accepted, level.accepted_per_s) == (12.0, 100, 10.0)
    assert (level.p50_ms, level.p99_ms, level.max_ms) == (51.0, 100.0, 100.0)
    assert level.server_cpu_ms_per_action is None and level.client_cpu_ms_per_action == 5.0


@pytest.mark.parametrize(("tables", "seconds", "think"), [
    ([0], 1.0, 0.4), ([10], 0.0, 0.4), ([10], 1.0, 0.0), ([10], 1.0, -1.0),
])
def test_bad_settings_are_refused(tables: list[int], seconds: float, think: float) -> None:
    with pytest.raises(ValueError):
        loadgen.run_server_bench(tables, seconds, think=think)

"""What a load level measured: the clients' tallies (`Stats`), the CPU used (`Cpu`), and
the figures reported (`Level`, built by `summarize`)."""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from belle.server.bench.processes import process_cpu


@dataclass
class Stats:
    """What one level measured, inside its window [start, end]."""

    start: float = 0.0
    end: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    sent: int = 0  # actions sent inside the window
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    ready: int = 0  # table groups whose first table has started
    failed: int = 0  # table groups that stopped on an exception (in `errors`)

    def inside(self, moment: float) -> bool:
        return self.start <= moment <= self.end

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


@dataclass
class Level:
    tables: int
    connections: int
    seconds: float
    think_s: float
    offered_per_s: float  # the most these clients can send: tables / think
    sent_per_s: float  # actions sent in the window
    accepted: int  # actions whose own echo came back in the window
    accepted_per_s: float
    p50_ms: float  # send → own echo
    p99_ms: float
    max_ms: float
    errors: dict[str, int]
    games_finished: int
    tables_started: int  # table groups whose first table started
    setup_s: float
    server_cpu_ms_per_action: float | None  # CPU the server process used in the window
    server_cpu_busy: float | None  # of one core, over the window
    client_cpu_ms_per_action: float  # CPU this load generator used in the window
    load_average: float  # the machine's 1-minute load average at the end of the window
    costs: dict[str, Any] | None = None  # PostgreSQL and Redis counters per accepted action


class Cpu:
    """CPU seconds used by the server processes and by this process over the window."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.server: float | None = None
        self.client = 0.0

    def _servers(self) -> float | None:
        used = [process_cpu(pid) for pid in self.pids]
        if not used or any(u is None for u in used):
            return None
        return sum(u for u in used if u is not None)

    def begin(self) -> None:
        self.server = self._servers()
        self.client = time.process_time()

    def end(self) -> None:
        after = self._servers()
        self.server = after - self.server if after is not None and self.server is not None \
            else None
        self.client = time.process_time() - self.client


def summarize(tables: int, players: int, seconds: float, think: float, setup_s: float,
               stats: Stats, cpu: Cpu) -> Level:
    latencies = sorted(stats.latencies)
    count = max(1, len(latencies))

    def percentile(q: float) -> float:
        if not latencies:
            return 0.0
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2)

    return Level(
        tables=tables, connections=tables * players, seconds=seconds, think_s=think,
        offered_per_s=round(tables / think, 1), sent_per_s=round(stats.sent / seconds, 1),
        accepted=len(latencies), accepted_per_s=round(len(latencies) / seconds, 1),
        p50_ms=percentile(0.50), p99_ms=percentile(0.99),
        max_ms=round(1000 * latencies[-1], 2) if latencies else 0.0,
        errors=dict(stats.errors), games_finished=stats.games_finished,
        tables_started=stats.ready,
        setup_s=round(setup_s, 1),
        server_cpu_ms_per_action=round(1000 * cpu.server / count, 3)
        if cpu.server is not None else None,
        server_cpu_busy=round(cpu.server / seconds, 2) if cpu.server is not None else None,
        client_cpu_ms_per_action=round(1000 * cpu.client / count, 3),
        load_average=round(os.getloadavg()[0], 2),
    )


def combine(runs: list[Level]) -> dict[str, Any]:
    """One level measured `len(runs)` times: the median of each figure (costs too), the
    refusals added up, and every run's accepted actions/s (`accepted_per_s_runs`)."""
    rows = [asdict(level) for level in runs]
    merged: dict[str, Any] = {}
    for key, first in rows[0].items():
        values = [row[key] for row in rows]
        if key == "errors":
            merged[key] = {code: sum(row[key].get(code, 0) for row in rows)
                           for code in sorted({c for row in rows for c in row[key]})}
        elif key == "costs":
            merged[key] = _median_dicts(values)
        elif isinstance(first, int | float) and all(isinstance(v, int | float) for v in values):
            merged[key] = statistics.median(values)
        else:
            merged[key] = first
    merged["runs"] = len(rows)
    merged["accepted_per_s_runs"] = [row["accepted_per_s"] for row in rows]
    return merged


def _median_dicts(values: list[dict[str, Any] | None]) -> dict[str, Any] | None:
    known = [v for v in values if v]
    if not known:
        return None
    return {name: statistics.median(v[name] for v in known if name in v) for name in known[0]}

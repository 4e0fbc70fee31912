"""`belle balance`: bots play a game many times; what decides the games, with intervals.

Design.md: "Reconstructed data is design work that is measured". A `Run` (runner.py) is
a line-up at a player count; its games are played in several processes, reproducibly
for a seed. A `Probe` per game (games/<id>.py, probe.py) reads each finished game: who
held which reconstructed element (derived from the provenance tags of the game's
data.py), the score components, the start player, the length and the ending. The
report (report.py) sums them up with 95% intervals (stats.py), and the bounds of issue
15 (bounds.py) judge it. strategies.py holds the scripted degenerate strategies;
suite.py the runs of `--all`; tables.py and markdown.py the text of the reports.

>>> from belle.balance import Run, measure
>>> [report] = measure([Run("paris_paris", 2, ("random", "random"), games=2, seed=1)])
>>> report["completed"]
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from belle.balance.bounds import judge
from belle.balance.games import probe_for
from belle.balance.report import build_report
from belle.balance.runner import Run, lineup, play_runs
from belle.engine.registry import load_game


def measure(runs: Sequence[Run], jobs: int = 1,
            on_game: Callable[[int], None] | None = None,
            cache: Path | None = None) -> list[dict[str, Any]]:
    """Play every run (`jobs` processes; games found in `cache` are not played again)
    and return one judged report per run."""
    results = play_runs(runs, jobs, on_game, cache)
    reports = []
    for run, games in zip(runs, results, strict=True):
        title = load_game(run.game).info.title
        reports.append(judge(build_report(run, games, probe_for(run.game), title)))
    return reports


__all__ = ["Run", "lineup", "measure"]

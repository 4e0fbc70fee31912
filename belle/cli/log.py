"""The move log as people read it: one line per move, chance draws grouped.

Entries come from a record already redacted for the reader (`MatchRecord.redacted_for`),
so a hidden outcome is `?`; runs of chance outcomes with the same visibility share one
line (`11–20  chance for seat 1: 10 hidden`).
"""

from __future__ import annotations

from collections.abc import Sequence

from belle.engine.game import CHANCE
from belle.engine.record import RecordEntry


def _who(entry: RecordEntry) -> str:
    if entry.player != CHANCE:
        return f"seat {entry.player}"
    if entry.visible_to is None:
        return "chance"
    return "chance for " + ", ".join(f"seat {seat}" for seat in entry.visible_to)


def _same_run(a: RecordEntry, b: RecordEntry) -> bool:
    return a.player == b.player == CHANCE and a.visible_to == b.visible_to


def log_lines(entries: Sequence[RecordEntry], last: int | None = None) -> list[str]:
    """Numbered lines (from 1) for `entries`; only the `last` lines if given."""
    runs: list[tuple[int, list[RecordEntry]]] = []
    for number, entry in enumerate(entries, 1):
        if runs and _same_run(runs[-1][1][-1], entry):
            runs[-1][1].append(entry)
        else:
            runs.append((number, [entry]))
    lines = []
    for first, run in runs[-last:] if last else runs:
        span = f"{first}" if len(run) == 1 else f"{first}–{first + len(run) - 1}"
        hidden = sum(1 for entry in run if entry.action is None)
        texts = [entry.text for entry in run if entry.action is not None]
        what = ", ".join(texts + ([f"{hidden} hidden"] if hidden else []))
        lines.append(f"{span:>9}  {_who(run[0])}: {what}")
    return lines

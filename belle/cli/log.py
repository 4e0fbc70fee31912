"""The move log as people read it: one line per move, chance draws grouped.

Entries come from a record already redacted for the reader (`MatchRecord.redacted_for`),
so a hidden outcome is `?`; runs of chance outcomes with the same visibility share one
line (`11–20  chance for seat 1: 10 hidden`). A game whose renderer describes its chance
(`describe_chance`, as the play loop shows it) has its runs described so: a sentence,
not the notation (`chance: seat 3 is the start player`, not `first 2`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from belle.cli.texts import Words
from belle.engine.game import CHANCE
from belle.engine.record import RecordEntry

ENGLISH = Words()


def _who(entry: RecordEntry, words: Words) -> str:
    if entry.player != CHANCE:
        return words.seat(entry.player)
    if entry.visible_to is None:
        return words("terminal.log.chance")
    return words("terminal.log.chance_for",
                 seats=[words.seat(seat) for seat in entry.visible_to])


def _same_run(a: RecordEntry, b: RecordEntry) -> bool:
    return a.player == b.player == CHANCE and a.visible_to == b.visible_to


Describe = Callable[[frozenset[int] | None, list[str] | None, int], Any]
"""A renderer's `describe_chance(seen_by, texts or None when hidden, count)`."""


def log_lines(entries: Sequence[RecordEntry], last: int | None = None,
              words: Words = ENGLISH, describe: Describe | None = None) -> list[str]:
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
        if describe is not None and run[0].player == CHANCE and not (hidden and texts):
            seen = run[0].visible_to
            said = describe(None if seen is None else frozenset(seen), texts or None, len(run))
            lines.append(f"{span:>9}  {' '.join(str(said).split())}")
            continue
        what = ", ".join(texts + ([words("terminal.log.hidden", count=hidden)] if hidden else []))
        lines.append(f"{span:>9}  {_who(run[0], words)}: {what}")
    return lines

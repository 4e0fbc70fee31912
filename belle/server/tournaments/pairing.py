"""Who sits with whom in each round: round robin and Swiss, for tables of any size.

Pure functions over entry ids (no I/O), so they are tested alone (tests/server/
test_tournaments_pairing.py).

- Round robin, two seats: the circle method (n-1 rounds, n rounds when n is odd, one
  bye a round), so everyone meets everyone exactly once.
- Round robin, k > 2 seats: rounds are added, each seating everyone so that as many
  pairs as possible meet for the first time, until every pair has met (a covering
  schedule; there is no exact one for most n and k).
- Swiss: the standings order (best first). The `n mod k` lowest-ranked entries who have
  had the fewest byes sit out; the others are seated top-down, each table filled from the
  best-placed entries who have met its members the least (two seats: backtracking, so
  that no pair meets twice while a pairing avoids it; after `SEARCH_BUDGET` steps
  without one, top-down pairs).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

Pair = frozenset[int]
Round = tuple[list[list[int]], list[int]]  # (tables of entry ids, entries with a bye)


def met_pairs(tables: Iterable[Sequence[int]]) -> Counter[Pair]:
    """How often each pair of entries sat at the same table."""
    met: Counter[Pair] = Counter()
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            met[frozenset((a, b))] += 1
    return met


def round_robin(entries: Sequence[int], size: int) -> list[Round]:
    """The whole schedule: one (tables, byes) per round."""
    if size == 2:
        return _circle(list(entries))
    return _covering(list(entries), size)


def _circle(entries: list[int]) -> list[Round]:
    players: list[int | None] = [*entries, None] if len(entries) % 2 else list(entries)
    n = len(players)
    schedule: list[Round] = []
    for _ in range(n - 1):
        tables: list[list[int]] = []
        byes: list[int] = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is None or b is None:
                byes.append(a if a is not None else b)  # type: ignore[arg-type]
            else:
                tables.append([a, b])
        schedule.append((tables, byes))
        players = [players[0], players[-1], *players[1:-1]]
    return schedule


def _covering(entries: list[int], size: int) -> list[Round]:
    every = {frozenset(p) for p in itertools.combinations(entries, 2)}
    met: Counter[Pair] = Counter()
    byes: Counter[int] = Counter()
    schedule: list[Round] = []
    while not every <= set(met) and len(schedule) < len(entries) * 2:
        # Who has the most pairs left to meet goes first.
        order = sorted(entries, key=lambda e: -sum(
            1 for o in entries if o != e and frozenset((e, o)) not in met))
        one = _seat(order, size, met, byes)
        schedule.append(one)
        met.update(met_pairs(one[0]))
        byes.update(one[1])
    return schedule


def swiss(order: Sequence[int], size: int, met: Counter[Pair], byes: Counter[int]) -> Round:
    """One Swiss round for the entries in standings order (best first)."""
    return _seat(list(order), size, met, byes)


def _seat(order: list[int], size: int, met: Counter[Pair], byes: Counter[int]) -> Round:
    sitting_out = _byes(order, size, byes)
    playing = [e for e in order if e not in sitting_out]
    if size == 2:
        found = _pairs(playing, met, 0, [SEARCH_BUDGET])
        tables = found if found is not None else [playing[i:i + 2]
                                                  for i in range(0, len(playing), 2)]
    else:
        tables = _groups(playing, size, met)
    return tables, sitting_out


def _byes(order: list[int], size: int, byes: Counter[int]) -> list[int]:
    """The `len(order) % size` entries who sit out: fewest byes so far, lowest placed."""
    count = len(order) % size
    if not count:
        return []
    ranked = sorted(reversed(order), key=lambda e: byes[e])  # stable: lowest placed first
    return sorted(ranked[:count], key=order.index)


SEARCH_BUDGET = 20_000  # backtracking steps before settling for top-down pairs


def _pairs(playing: list[int], met: Counter[Pair], most: int,
           budget: list[int]) -> list[list[int]] | None:
    """Top-down pairs in which no pair has met more than `most` times, found by
    backtracking; None if there are none (or the search ran out of `budget`)."""
    if not playing:
        return []
    first, rest = playing[0], playing[1:]
    for index, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if met[frozenset((first, other))] > most:
            continue
        tail = _pairs(rest[:index] + rest[index + 1:], met, most, budget)
        if tail is not None:
            return [[first, other], *tail]
    return None


def _groups(playing: list[int], size: int, met: Counter[Pair]) -> list[list[int]]:
    """Top-down tables of `size`: each filled from the best placed who met it least."""
    left = list(playing)
    tables: list[list[int]] = []
    while left:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(left, key=lambda e: (sum(met[frozenset((e, t))] for t in table),
                                            left.index(e)))
            left.remove(best)
            table.append(best)
        tables.append(table)
    return tables

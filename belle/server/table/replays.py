"""Replay stepping (`/api/tables/{id}/view?at=N`) from a cache, off the event loop.

A view after the first N actions is rebuilt by replaying the log, which costs in
proportion to N: on the event loop, one request at a late step stalled every table.
Here the replay runs on a thread of its own, starts from the nearest cached state
before N (a snapshot: stepping through a replay move by move costs one action a step),
and the views it renders are kept too. Both caches are bounded (least recently used
first out) and keyed by the table's `generation`, which an undo or a reload bumps, so a
step that was taken back is never served.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from belle.engine.game import State
from belle.engine.record import MatchRecord, new_state
from belle.server.table.events import replay_onto

STATES_KEPT = 64
VIEWS_KEPT = 1024
Key = tuple[int, int]  # table id, generation


class ReplayCache:
    """Snapshots and views of past positions, shared by every table of the worker."""

    def __init__(self, workers: int = 1) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="belle-replay")
        self._states: OrderedDict[tuple[Key, int], State[Any]] = OrderedDict()
        self._views: OrderedDict[tuple[Key, int, int | None], Any] = OrderedDict()
        self._lock = threading.Lock()

    async def view(self, key: Key, record: MatchRecord, at: int, seat: int | None) -> Any:
        """`view(seat)` of the position after the first `at` actions of `record`."""
        cached = self._views.get((key, at, seat))
        if cached is not None:
            self._views.move_to_end((key, at, seat))
            return cached
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, functools.partial(self._render, key, record, at, seat))

    def _render(self, key: Key, record: MatchRecord, at: int, seat: int | None) -> Any:
        state = self._state(key, record, at)
        view = state.view(seat)
        with self._lock:
            self._views[(key, at, seat)] = view
            if len(self._views) > VIEWS_KEPT:
                self._views.popitem(last=False)
        return view

    def _state(self, key: Key, record: MatchRecord, at: int) -> State[Any]:
        with self._lock:
            known = [n for (k, n) in self._states if k == key and n <= at]
            start = max(known, default=None)
            base = self._states[(key, start)].clone() if start is not None else None
        state = replay_onto(base if base is not None else new_state(record), record, at)
        with self._lock:
            self._states[(key, at)] = state.clone()
            if len(self._states) > STATES_KEPT:
                self._states.popitem(last=False)
        return state

    def close(self) -> None:
        self.executor.shutdown(wait=True)

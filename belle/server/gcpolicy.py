"""How `belle serve` runs Python's cyclic garbage collector.

The collector stops the event loop while it works, for a time in proportion to the
objects it walks. Young collections walk only recent objects (a millisecond or two),
but a full collection walks every tracked object in the process: at 500 live tables
that is a few hundred thousand (sockets, game states, action logs, the event buffers)
and 100–500 ms on a small machine, every few seconds under load, since by default it
runs whenever a quarter more objects have grown old. Each such pause lands on every
move in flight. So the server:

- freezes what exists once the app is built (modules, classes, the app itself: more
  than 100,000 objects that live as long as the process), so no collection walks them
  again (`settle`);
- leaves the young generations alone: most cycles die young and go there;
- runs full collections on a timer (`full_collections`, every `FULL_EVERY` seconds)
  instead of on the growth rule: the same pause, a few times an hour at most. Garbage
  that only a full collection can free (cycles whose objects grew old first) waits up to
  that long, a small amount of memory.

Only `belle serve` does this (`create_app(..., tune_gc=True)`); the app in tests and
the rest of Belle keep Python's defaults.
"""

from __future__ import annotations

import asyncio
import gc

FULL_EVERY = 300.0  # seconds between full collections
NEVER = 1_000_000_000  # a third threshold no count reaches: no full collection by growth


def settle() -> None:
    """Collect once, then take everything alive now out of future collections' walk."""
    gc.collect()
    gc.freeze()


class Policy:
    """Installs the schedule (`start`) and puts Python's defaults back (`stop`)."""

    def __init__(self, period: float = FULL_EVERY) -> None:
        self.period = period
        self._task: asyncio.Task[None] | None = None
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        settle()
        young, middle, _full = self._thresholds
        gc.set_threshold(young, middle, NEVER)
        self._task = asyncio.create_task(self._full_collections())

    async def _full_collections(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            gc.collect()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        gc.set_threshold(*self._thresholds)
        gc.unfreeze()

"""`belle serve`'s garbage-collector schedule installs and uninstalls cleanly."""

from __future__ import annotations

import asyncio
import gc
import threading

from belle.server import gcpolicy


def test_the_policy_schedules_full_collections_and_restores_the_defaults() -> None:
    before = gc.get_threshold()
    collected: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collected.append(info["generation"])

    async def serve_a_while() -> tuple[int, int, int]:
        policy = gcpolicy.Policy(period=0.01)
        policy.start()
        during = gc.get_threshold()
        gc.callbacks.append(note)
        try:
            await asyncio.sleep(0.1)
        finally:
            gc.callbacks.remove(note)
            await policy.stop()
        return during

    # A thread of its own: Playwright's sync API (browser tests) leaves a running loop
    # in the main thread, where asyncio.run() refuses to start.
    results: list[tuple[int, int, int]] = []
    worker = threading.Thread(target=lambda: results.append(asyncio.run(serve_a_while())))
    worker.start()
    worker.join()
    (during,) = results
    assert during[:2] == before[:2] and during[2] == gcpolicy.NEVER
    assert collected.count(2) >= 2  # the timer ran full collections
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0

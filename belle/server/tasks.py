"""Background tasks of the server's long-lived services: stopping one cleanly."""

from __future__ import annotations

import asyncio
import contextlib


async def stop_task(task: asyncio.Task[None] | None) -> None:
    """Cancel `task` (if any) and wait until it has stopped; an error it raised while
    stopping is raised here."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task

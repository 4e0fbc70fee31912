"""Who is online, and where (issue 20 item 2).

Every worker counts its own open sockets per player and place (the lobby, or a table
by id, seated or watching). What it holds is written to the `presence` table by one
task, so writes stay in order: a change is written within `SETTLE` seconds (a page
reload that closes one socket and opens the next writes nothing), and every `BEAT`
seconds the worker refreshes `seen_at` on all its rows. A player is online where a row
is fresher than `STALE` seconds, so a worker that dies (no clean stop to delete its
rows) stops showing its players within `STALE`. Any worker reads every worker's rows:
with several workers behind one database the friends panel is right wherever it is
asked, and a presence change is also shared (belle.server.friends.personal) so the
followers' lobbies on every worker refresh at once.

Presence is best effort: a write that fails is retried with the next change or beat,
and never fails a socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from belle.server.tasks import stop_task
from belle.storage.friends import LOBBY
from belle.storage.store import now

if TYPE_CHECKING:
    from belle.server.hub import Hub

log = logging.getLogger("belle.server")
BEAT = 20.0  # seconds between refreshes of this worker's rows
STALE = 3 * BEAT  # a row older than this is a dead worker's
SETTLE = 0.25  # seconds changes gather before one write

Place = int  # LOBBY or a table id


class Presence:
    """This worker's sockets per player and place, mirrored to the database."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.counts: dict[int, dict[Place, int]] = {}
        self._stored: set[tuple[int, Place]] = set()
        self._changed: set[int] = set()  # players whose places changed since the write
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._last_beat = 0.0
        self._flushing = asyncio.Lock()  # one write at a time: two would add the same rows

    @property
    def worker(self) -> str:
        return self.hub.fanout.worker

    # -- sockets -----------------------------------------------------------
    def enter(self, player_id: int | None, place: Place = LOBBY) -> None:
        if player_id is None:
            return
        places = self.counts.setdefault(player_id, {})
        places[place] = places.get(place, 0) + 1
        if places[place] == 1:
            self._note(player_id)

    def leave(self, player_id: int | None, place: Place = LOBBY) -> None:
        if player_id is None:
            return
        places = self.counts.get(player_id)
        if places is None or place not in places:
            return
        places[place] -= 1
        if places[place] <= 0:
            del places[place]
            if not places:
                del self.counts[player_id]
            self._note(player_id)

    def places_here(self, player_id: int) -> set[Place]:
        return set(self.counts.get(player_id, ()))

    def _note(self, player_id: int) -> None:
        self._changed.add(player_id)
        self._wake.set()

    # -- the database ------------------------------------------------------
    @staticmethod
    def fresh_since() -> datetime:
        return now() - timedelta(seconds=STALE)

    async def start(self) -> None:
        """Forget this worker's rows of an earlier run and start mirroring."""
        hub = self.hub
        try:
            await hub.db.write(hub.friends.book.clear_presence, self.worker,
                               now() - timedelta(hours=1))
        except Exception as exc:
            log.warning("presence rows not cleared at start: %s", type(exc).__name__)
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=BEAT)
            await asyncio.sleep(SETTLE)
            self._wake.clear()
            await self.flush()

    async def flush(self) -> None:
        """Write what changed (and refresh every row when a beat is due); then tell the
        followers of those whose places changed. A flush asked for while another runs
        (the beat's, a test's) waits for it, then writes what is still new."""
        async with self._flushing:
            await self._flush()

    async def _flush(self) -> None:
        wanted = {(p, place) for p, places in self.counts.items() for place in places}
        added, removed = wanted - self._stored, self._stored - wanted
        beat = time.monotonic() - self._last_beat >= BEAT
        changed, self._changed = self._changed, set()
        if added or removed or beat:
            try:
                await self.hub.db.write(self.hub.friends.book.sync_presence, self.worker,
                                        sorted(added), sorted(removed), beat)
            except Exception as exc:  # best effort: the next change or beat retries
                log.warning("presence not written: %s", type(exc).__name__)
                self._changed |= changed
                return
            self._stored = wanted
            if beat:
                self._last_beat = time.monotonic()
        for player_id in changed:
            self.hub.friends.personal.presence_changed(player_id)

    async def stop(self) -> None:
        await stop_task(self._task)
        with contextlib.suppress(Exception):  # a clean stop: nobody is here any more
            await self.hub.db.write(self.hub.friends.book.clear_presence, self.worker, None)

"""Stories of finished games (belle.server.friends.story), computed off the event loop and
cached.

Telling a story replays the whole log (tens of milliseconds for a long game): it runs on
a thread of its own, once per table and format — the result is kept in memory (the last
`KEPT`) and in the database (`game_stories`), so other workers and restarts reuse it.
A finished game never changes, so the cache needs no invalidation beyond the format and
the log's length.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from belle.server.errors import ServerError
from belle.server.friends.story import FORMAT, tell

if TYPE_CHECKING:
    from belle.server.hub import Hub
    from belle.server.table.actor import TableActor

log = logging.getLogger("belle.server")
KEPT = 128


class Stories:
    """The story of each finished table, computed once."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="belle-story")
        self._kept: OrderedDict[int, Any] = OrderedDict()

    async def of(self, actor: TableActor) -> Any:
        """The story of the actor's table; `not_ready` while the game is not over."""
        table = actor.table
        if table.status != "finished" or not actor.over:
            raise ServerError("not_ready", "a game's story is told once it is over")
        kept = self._kept.get(table.id)
        if kept is not None:
            self._kept.move_to_end(table.id)
            return kept
        hub = self.hub
        book = hub.friends.book
        version = actor.version
        story = await hub.db.read(book.story, table.id, FORMAT, version)
        if story is None:
            record = actor.record()
            loop = asyncio.get_running_loop()
            story = await loop.run_in_executor(self.executor, functools.partial(tell, record))
            try:
                await hub.db.write(book.put_story, table.id, FORMAT, version, story)
            except Exception as exc:  # a cache: computing it again later is fine
                log.warning("story of table %s not stored: %s", table.id, type(exc).__name__)
        self._kept[table.id] = story
        if len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return story

    def close(self) -> None:
        self.executor.shutdown(wait=True)

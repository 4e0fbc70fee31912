"""One open websocket: its player, an outgoing queue drained by a writer task, a rate limit.

Tables never await a socket: they put finished JSON text in each member's queue, so
one slow browser cannot stall a table. A member whose queue overflows (`Limits.queue`
messages waiting) is dropped (it reconnects and resyncs with `hello {since}`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque

from starlette.websockets import WebSocket

from belle.server.limits import Limits
from belle.storage import Player


class TokenBucket:
    """`rate` tokens a second up to `burst`; `take()` is False when empty."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.stamp) * self.rate)
        self.stamp = moment
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Connection:
    """A member of a table or of the lobby.

    Outgoing text waits in a deque drained by one writer task, woken through a future
    when it has gone idle (lighter than an asyncio.Queue: a socket gets a message per
    move at every table it watches). `None` in the deque ends the writer.
    """

    def __init__(self, socket: WebSocket, player: Player | None, limits: Limits) -> None:
        self.socket = socket
        self.player = player
        self.limits = limits
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.subscribed = False
        self._pending: deque[str | None] = deque()
        self._wake: asyncio.Future[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        self.closed = False
        self.dropped = False

    @property
    def player_id(self) -> int | None:
        return self.player.id if self.player is not None else None

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        """Queue `text`; a member too slow to keep up is disconnected."""
        if self.closed:
            return
        if len(self._pending) >= self.limits.queue:
            self.closed = self.dropped = True
            self._pending.clear()
            self._push(None)
            return
        self._push(text)

    def _push(self, item: str | None) -> None:
        self._pending.append(item)
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    async def close(self) -> None:
        """Stop the writer once it has sent what is queued."""
        if not self.closed:
            self.closed = True
            self._push(None)
        if self._writer is not None:
            with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError):
                await asyncio.wait_for(self._writer, timeout=5)

    async def _write(self) -> None:
        pending = self._pending
        loop = asyncio.get_running_loop()
        while True:
            if not pending:
                self._wake = loop.create_future()
                await self._wake
                self._wake = None
                continue
            text = pending.popleft()
            if text is None:
                break
            try:
                await self.socket.send_text(text)
            except Exception:  # the socket is gone; the reader loop ends the connection
                self.closed = True
                return
        if self.dropped:  # 1013: try again later (then resync with hello {since})
            with contextlib.suppress(Exception):
                await self.socket.close(code=1013)

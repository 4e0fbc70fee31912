"""One open websocket: its player, an outgoing queue drained by a writer task, a rate limit.

Tables never await a socket: they put finished JSON text in each member's queue, so
one slow browser cannot stall a table. A member whose queue overflows is dropped (it
reconnects and resyncs with `hello {since}`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass

from starlette.websockets import WebSocket

from belle.storage import Player


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits: message size, chat length, rate (token bucket), queue."""

    max_message: int = 16 * 1024
    max_chat: int = 500
    rate: float = 20.0  # messages per second, sustained
    burst: int = 60
    queue: int = 1024  # outgoing messages waiting before the member is dropped


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
    """A member of a table or of the lobby."""

    def __init__(self, socket: WebSocket, player: Player | None, limits: Limits) -> None:
        self.socket = socket
        self.player = player
        self.limits = limits
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.subscribed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=limits.queue)
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
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = self.dropped = True
            while not self._queue.empty():
                self._queue.get_nowait()
            self._queue.put_nowait(None)

    async def close(self) -> None:
        """Stop the writer once it has sent what is queued."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self._queue.put_nowait(None)
        if self._writer is not None:
            with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError):
                await asyncio.wait_for(self._writer, timeout=5)

    async def _write(self) -> None:
        while (text := await self._queue.get()) is not None:
            try:
                await self.socket.send_text(text)
            except Exception:  # the socket is gone; the reader loop ends the connection
                self.closed = True
                return
        if self.dropped:  # 1013: try again later (then resync with hello {since})
            with contextlib.suppress(Exception):
                await self.socket.close(code=1013)

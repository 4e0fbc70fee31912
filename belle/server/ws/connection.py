"""One open websocket: its player, an outgoing queue drained by a writer task, a rate limit.

Tables never await a socket: they put finished JSON text in each member's queue, so
one slow browser cannot stall a table. A member whose queue overflows (`Limits.queue`
messages or `Limits.queue_bytes` bytes waiting) is dropped at once: its queue is
emptied, nothing more is queued for it, and the socket is closed with 1013 (it
reconnects and resyncs with `hello {since}`). A socket that never reads thus holds at
most `queue_bytes` here (and what the transport buffers) instead of growing with every
event.

Under `belle serve` the socket's protocol offers a direct path (belle.server.ws.direct):
text is then written to the transport as it is queued, and a writer task exists only
while the transport is backed up; frames received are handed to the connection as they
are parsed (`Inbox`) instead of each being awaited through ASGI. An idle socket then
holds no task, coroutine or future made for its last message.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket

from belle.server.limits import Limits
from belle.server.ws.direct import DirectChannel, direct_of
from belle.storage import Player

CLOSE_WAIT = 5.0  # seconds a dropped member's close frame may wait for the socket


class TokenBucket:
    """`rate` tokens a second up to `burst`; `take()` is False when empty."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        if self.empty():
            return False
        if self.rate > 0:
            self.tokens -= 1.0
        return True

    def empty(self) -> bool:
        """Whether `take()` would be refused now (nothing is spent)."""
        if self.rate <= 0:  # no limit
            return False
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.stamp) * self.rate)
        self.stamp = moment
        return self.tokens < 1.0


class Connection:
    """A member of a table or of the lobby.

    Outgoing text waits in a deque drained by one writer task, woken through a future
    when it has gone idle (lighter than an asyncio.Queue: a socket gets a message per
    move at every table it watches). `None` in the deque ends the writer. On a direct
    channel (`direct`), text is written at once and the deque and its writer task are
    used only while the transport is backed up; the writer ends when the deque is empty.
    """

    def __init__(self, socket: WebSocket, player: Player | None, limits: Limits,
                 address: str = "unknown", session: str | None = None) -> None:
        self.socket = socket
        self.player = player
        self.session = session  # the hash of the session token it opened with
        self.place = ""  # its place among the sockets counted (belle.server.ws.admission)
        self.limits = limits
        self.address = address  # the client's (belle.server.ws.admission)
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.hello_bucket = TokenBucket(limits.hellos_per_second, limits.hello_burst)
        self.subscribed = False
        self._pending: deque[str | bytes | None] = deque()
        self.pending_bytes = 0
        self._wake: asyncio.Future[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self.closed = False
        self.dropped = False
        self.direct: DirectChannel | None = direct_of(getattr(socket, "scope", None))

    @property
    def player_id(self) -> int | None:
        return self.player.id if self.player is not None else None

    def start(self) -> None:
        if self.direct is None:
            self._writer = asyncio.create_task(self._write())

    def send(self, text: str | bytes) -> None:
        """Queue `text` (a text frame's; bytes: its UTF-8); a member too slow to keep up
        is disconnected."""
        if self.closed:
            return
        # Characters, not bytes: Belle's JSON is ASCII but for names and chat (UTF-8
        # takes at most 4 bytes a character), so `queue_bytes` bounds the bytes within a
        # factor of 4, without encoding every message for every member to count it.
        size = len(text)
        if len(self._pending) >= self.limits.queue \
                or self.pending_bytes + size > self.limits.queue_bytes:
            self.drop()
            return
        direct = self.direct
        if direct is not None and self._writer is None and direct.write_text(text):
            return  # written: nothing waits
        self.pending_bytes += size
        self._push(text)

    def drop(self) -> None:
        """Disconnect a member too slow to keep up: forget what waits, close with 1013.

        The writer is stopped at once: it may be waiting for a socket that never reads
        (uvicorn writes a frame whole once the transport is writable, so no frame is cut).
        The close frame then waits for the same socket; if it never reads, uvicorn's
        keep-alive ping times out and drops the connection."""
        self.closed = self.dropped = True
        self._pending.clear()
        self.pending_bytes = 0
        if self._writer is not None and not self._writer.done():
            self._writer.cancel()
        self._closer = asyncio.create_task(self._close_dropped())

    def end(self, code: int, reason: str) -> None:
        """Close the socket on the server's initiative (a ban): what is queued is sent
        first, then the close frame with `code` and `reason`; nothing more is queued."""
        if self.closed:
            return
        self.closed = True
        self._push(None)
        self._closer = asyncio.create_task(self._close_ended(code, reason))

    async def _close_ended(self, code: int, reason: str) -> None:
        if self._writer is not None:
            with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._writer), timeout=CLOSE_WAIT)
        with contextlib.suppress(Exception):  # gone already: nothing to close
            await asyncio.wait_for(self.socket.close(code=code, reason=reason),
                                   timeout=CLOSE_WAIT)

    async def _close_dropped(self) -> None:
        with contextlib.suppress(Exception):  # 1013: try again later (then hello {since})
            await asyncio.wait_for(self.socket.close(code=1013), timeout=CLOSE_WAIT)

    def _push(self, item: str | bytes | None) -> None:
        if self.direct is not None:
            if self._writer is None:  # the transport is backed up (`send`), or closing
                if item is None:
                    return  # nothing waits to be sent: nothing to end
                self._writer = asyncio.create_task(self._write())
            self._pending.append(item)
            return
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
                if self.direct is not None:  # caught up: direct writes again
                    self._writer = None
                    return
                self._wake = loop.create_future()
                await self._wake
                self._wake = None
                continue
            text = pending.popleft()
            if text is None:
                break
            self.pending_bytes -= len(text)
            try:
                await self.socket.send_text(text if isinstance(text, str) else text.decode())
            except Exception:  # the socket is gone; the reader loop ends the connection
                self.closed = True
                return


HOLD_AT = 16  # frames waiting in an Inbox before the socket's reads pause
RELEASE_AT = 4  # and below which they resume


class Inbox:
    """The frames a direct channel received, handled in order by one task that exists
    while some wait. Past `HOLD_AT` waiting frames the socket is not read (the client's
    own buffers fill, as through ASGI, where every frame paused the reads until the app
    took it). A frame whose handling fails unexpectedly closes the socket (1011) and
    `finish` raises the failure, as the reader loop would."""

    def __init__(self, work: Callable[[str | bytes], Awaitable[None]],
                 channel: DirectChannel, socket: WebSocket) -> None:
        self._work = work
        self._channel = channel
        self._socket = socket
        self._frames: deque[str | bytes] = deque()
        self._task: asyncio.Task[None] | None = None
        self._failed: BaseException | None = None

    def put(self, frame: str | bytes) -> None:
        if self._failed is not None:
            return
        self._frames.append(frame)
        if len(self._frames) >= HOLD_AT:
            self._channel.hold()
        if self._task is None:
            self._task = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        frames = self._frames
        try:
            while frames:
                frame = frames.popleft()
                if len(frames) < RELEASE_AT:
                    self._channel.release()
                await self._work(frame)
        except Exception as exc:
            self._failed = exc
            frames.clear()
            with contextlib.suppress(Exception):
                await self._socket.close(code=1011)
        finally:
            self._task = None

    async def finish(self) -> None:
        """Wait for the frames received so far; raise what failed among them."""
        task = self._task
        if task is not None:
            await asyncio.shield(task)
        if self._failed is not None:
            raise self._failed

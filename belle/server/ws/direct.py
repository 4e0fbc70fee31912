"""Belle's websocket protocol for uvicorn: the sans-I/O `websockets` one, with a direct
path for the messages of a table.

Through ASGI, every message a socket sends or receives passes several coroutines
(Starlette's `WebSocket`, uvicorn's `send`/`receive` and its queue), a writer task's
wake-up and, for every frame received, a pause and resume of the socket's reads. Worse,
each idle socket waits in a fresh chain of coroutines and futures after every message,
so the young generation the garbage collector walks holds a few objects for every open
socket: at 500 tables a young collection walked ~10,000 objects (docs/deploy.md, issue
18). This protocol is uvicorn's own (`ws="websockets-sansio"`: the handshake, pings,
closing, back-pressure and shutdown are uvicorn's), and offers the app, as the ASGI
extension `belle.direct`, two shortcuts that `belle.server.ws.connection` takes:

- `write_text`: a text frame written to the transport at once, when nothing stands in
  the way (the handshake done, no close sent, the transport not backed up); otherwise
  the caller sends it the ASGI way, which waits for the transport;
- `attach`: from then on the frames received go to a callback as they are parsed, in
  order, instead of the ASGI queue; the queue then only ever carries the disconnect,
  which the app awaits once per socket. A read that holds only whole, small text frames
  (what a player's browser sends) is unmasked here (`plain_text_frames`) instead of
  through the `websockets` parser's generators; anything else goes to that parser.

Everything else (accept, close, the disconnect, the first frames) stays ASGI, so the app
runs unchanged on any ASGI server and under Starlette's test client, where the
extension is absent. `compatible()` checks that the installed uvicorn has the internals
this subclass relies on; `belle serve` falls back to uvicorn's own protocol otherwise.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

try:  # the C speedup that `websockets` itself unmasks with
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - a `websockets` without its C extension
    from websockets.utils import apply_mask

EXTENSION = "belle.direct"
_NEEDED = ("handle_connect", "send_receive_event_to_app", "handle_parser_exception",
           "receive", "send")

_CONNECTION_STATE = ("state", "extensions", "current_size", "parser", "parser_exc")

Receiver = Callable[[str | bytes], None]


def text_frame_header(size: int) -> bytes:
    """The header of a whole, unmasked, uncompressed text frame of `size` bytes: a
    server's (RFC 6455, 5.2)."""
    if size < 126:
        return bytes((FIN_TEXT, size))
    if size < 1 << 16:
        return _MEDIUM.pack(FIN_TEXT, 126, size)
    return _LONG.pack(FIN_TEXT, 127, size)


FIN_TEXT = 0x81  # FIN, no reserved bits, opcode 1 (text)
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def plain_text_frames(data: bytes) -> list[tuple[str, int]]:
    """The whole, masked, unfragmented text frames of under 126 bytes at the start of
    `data` (a client's, RFC 6455, 5.2): each one's text and the offset where it ends.
    They stop at anything else (another kind of frame, a partial one, text that is not
    UTF-8), which is left to the parser."""
    frames: list[tuple[str, int]] = []
    offset, end = 0, len(data)
    while end - offset >= 6:
        first, second = data[offset], data[offset + 1]
        size = second & 0x7F
        stop = offset + 6 + size
        if first != FIN_TEXT or not second & 0x80 or size >= 126 or stop > end:
            break
        try:
            text = apply_mask(data[offset + 6:stop], data[offset + 2:offset + 6]).decode()
        except UnicodeDecodeError:
            break
        frames.append((text, stop))
        offset = stop
    return frames


try:  # uvicorn[standard] brings `websockets`; without it there is no such protocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol as _Base,
    )
    from websockets.protocol import OPEN
    from websockets.server import ServerProtocol
except ImportError:  # pragma: no cover - uvicorn without websockets
    _Base = None  # type: ignore[assignment, misc]


def compatible() -> bool:
    """Whether the installed uvicorn offers the protocol this module extends, and the
    `websockets` connection has the state `DirectProtocol.data_received` reads."""
    if _Base is None or not all(hasattr(_Base, name) for name in _NEEDED):
        return False
    conn = ServerProtocol()
    return all(hasattr(conn, name) for name in _CONNECTION_STATE)


def direct_of(scope: Any) -> DirectChannel | None:
    """The direct channel of a websocket's ASGI scope, when its server offers one."""
    extensions = scope.get("extensions") if isinstance(scope, dict) else None
    found = extensions.get(EXTENSION) if extensions else None
    return found if isinstance(found, DirectChannel) else None


class DirectChannel:
    """What the app may call on the protocol (the `belle.direct` extension)."""

    def write_text(self, text: str | bytes) -> bool:
        """Write a text frame now (bytes: its UTF-8); False if it must be sent the ASGI
        way."""
        raise NotImplementedError

    def attach(self, receiver: Receiver) -> None:
        """Deliver every frame to `receiver` from now on (those queued first)."""
        raise NotImplementedError

    def hold(self) -> None:
        """Stop reading from the socket (the app is behind)."""
        raise NotImplementedError

    def release(self) -> None:
        """Read from the socket again."""
        raise NotImplementedError


if _Base is not None:

    class DirectProtocol(_Base, DirectChannel):
        """uvicorn's sans-I/O websocket protocol with the `belle.direct` extension."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._receiver: Receiver | None = None
            self._held = False
            self._between_frames = False

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:  # the app's task has not started yet
                scope["extensions"][EXTENSION] = self

        def write_text(self, text: str | bytes) -> bool:
            if (self.close_sent or self.disconnected or not self.handshake_complete
                    or self.initial_response is not None or not self.writable.is_set()):
                return False
            data = text if isinstance(text, bytes) else text.encode()
            conn = self.conn
            if conn.state is OPEN and not (conn.extensions or conn.writes
                                           or conn.expect_continuation_frame):
                # What `conn.send_text` would write, without a Frame object serialized
                # through a buffer for every message of every seat.
                self.transport.write(text_frame_header(len(data)) + data)
                return True
            try:
                conn.send_text(data)
            except Exception:  # not open any more: the ASGI way says so
                return False
            self.transport.write(b"".join(conn.data_to_send()))
            return True

        def data_received(self, data: bytes) -> None:
            receiver = self._receiver
            conn = self.conn
            if (receiver is None or not self._between_frames or self.close_sent
                    or conn.state is not OPEN or conn.extensions
                    or conn.current_size is not None):
                super().data_received(data)
                self._between_frames = self._parser_between_frames()
                return
            parsed = 0
            for text, end in plain_text_frames(data):
                receiver(text)
                parsed = end
                if self.close_sent:  # the app closed: the parser drops what follows
                    break
            if parsed < len(data):
                super().data_received(data[parsed:] if parsed else data)
                self._between_frames = self._parser_between_frames()

        def _parser_between_frames(self) -> bool:
            """Whether the `websockets` parser waits for the first byte of a frame (in
            `StreamReader.at_eof`, its buffer empty), so that a read may be parsed here:
            an empty buffer alone may be a frame whose header it has read."""
            generator = self.conn.parser
            while (inner := getattr(generator, "gi_yieldfrom", None)) is not None:
                generator = inner
            return getattr(generator, "__name__", None) == "at_eof"

        def attach(self, receiver: Receiver) -> None:
            waiting: list[Any] = []
            while not self.queue.empty():
                waiting.append(self.queue.get_nowait())
            self._receiver = receiver
            for message in waiting:
                if message["type"] == "websocket.receive":
                    text = message.get("text")
                    receiver(text if text is not None else message.get("bytes") or b"")
                else:
                    self.queue.put_nowait(message)
            if self.read_paused and not self._held:
                self.read_paused = False
                self.transport.resume_reading()

        def hold(self) -> None:
            if not self._held:
                self._held = True
                if not self.read_paused and not self.transport.is_closing():
                    self.read_paused = True
                    self.transport.pause_reading()

        def release(self) -> None:
            if self._held:
                self._held = False
                if self.read_paused and not self.transport.is_closing():
                    self.read_paused = False
                    self.transport.resume_reading()

        def send_receive_event_to_app(self) -> None:
            receiver = self._receiver
            if receiver is None:
                super().send_receive_event_to_app()
                return
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            self.frames = []
            if self.close_sent:  # past the app's close: as uvicorn, drop it
                return
            if self.curr_msg_data_type != "text":
                receiver(bytes(data))
                return
            try:
                text = data.decode()
            except UnicodeDecodeError:  # as uvicorn: close with 1007
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            receiver(text)

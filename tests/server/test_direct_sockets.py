"""The direct websocket path of `belle serve` (belle.server.ws.direct, issue 18): text
written to the transport as it is queued, a writer task only while the transport is
backed up, frames handed to an `Inbox` as they are parsed, a client's small text frames
unmasked without the `websockets` parser; and a real server, whose sockets take that
path, answering frames in the order they were sent, however the reads cut them."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import socket
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.frames import Frame, Opcode
from websockets.protocol import OPEN
from websockets.server import ServerProtocol
from websockets.sync.client import connect

from belle.server.app import fastest_protocols
from belle.server.limits import Limits
from belle.server.ws import direct
from belle.server.ws.connection import HOLD_AT, RELEASE_AT, Connection, Inbox

from .processkit import HOST, Server, cookie, post, session, until


class Channel(direct.DirectChannel):
    """A direct channel whose transport is backed up while `backed_up` is set."""

    def __init__(self) -> None:
        self.written: list[str | bytes] = []
        self.backed_up = False
        self.held = False
        self.receiver: direct.Receiver | None = None

    def write_text(self, text: str | bytes) -> bool:
        if self.backed_up:
            return False
        self.written.append(text)
        return True

    def attach(self, receiver: direct.Receiver) -> None:
        self.receiver = receiver

    def hold(self) -> None:
        self.held = True

    def release(self) -> None:
        self.held = False


class Socket:
    """The ASGI side of a socket whose server offers `channel`."""

    def __init__(self, channel: Channel) -> None:
        self.scope = {"type": "websocket", "extensions": {direct.EXTENSION: channel}}
        self.sent: list[str] = []  # the ASGI way (waits for the transport)
        self.closed_with: int | None = None
        self.flowing = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.flowing.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code


def _connection(channel: Channel, limits: Limits | None = None) -> tuple[Connection, Socket]:
    socket = Socket(channel)
    conn = Connection(socket, None, limits or Limits())  # type: ignore[arg-type]
    conn.start()
    return conn, socket


def test_belle_serve_uses_the_direct_protocol() -> None:
    assert direct.compatible()
    assert fastest_protocols()[2] is direct.DirectProtocol


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_direct_text_frame_is_the_one_websockets_would_write(size: int) -> None:
    """The direct path writes a table message's frame header itself: byte for byte the
    frame `websockets` serializes for a server (unmasked, FIN, text), at every length
    encoding's edges (7 bits, 16 bits, 64 bits)."""
    protocol = ServerProtocol()
    protocol.state = OPEN
    data = b"x" * size
    protocol.send_text(data)
    assert direct.text_frame_header(len(data)) + data == b"".join(protocol.data_to_send())


def _client_frame(opcode: Opcode, data: bytes, fin: bool = True) -> bytes:
    return Frame(opcode, data, fin).serialize(mask=True)


def _parsed_by_websockets(data: bytes) -> list[Frame]:
    """What the `websockets` parser makes of a client's bytes, as a server."""
    conn = ServerProtocol()
    conn.state = OPEN
    conn.parser = conn.parse()  # straight to frames: no handshake
    next(conn.parser)
    conn.receive_data(data)
    return [event for event in conn.events_received() if isinstance(event, Frame)]


_TEXT = st.text(max_size=60).map(str.encode)
_FRAMES = st.lists(st.one_of(
    st.tuples(st.just(Opcode.TEXT), _TEXT, st.just(True)),  # what a browser sends
    st.tuples(st.just(Opcode.TEXT), st.binary(min_size=120, max_size=300), st.booleans()),
    st.tuples(st.just(Opcode.TEXT), st.just(b"\xff\xfe"), st.just(True)),  # not UTF-8
    st.tuples(st.sampled_from([Opcode.BINARY, Opcode.PING, Opcode.PONG]),
              st.binary(max_size=100), st.just(True)),
), max_size=6)


@given(_FRAMES, st.integers(min_value=0, max_value=2000))
def test_plain_text_frames_are_the_parsers_up_to_the_first_other(
        frames: list[tuple[Opcode, bytes, bool]], cut: int) -> None:
    """Issue 18: the frames read without the parser are exactly the parser's first ones
    (each ending where it says), as long as they are whole, masked, unfragmented text of
    under 126 bytes in UTF-8; a read cut anywhere yields only whole frames."""
    wire = [_client_frame(*frame) for frame in frames]
    data = b"".join(wire)
    parsed = direct.plain_text_frames(data)
    ends = [sum(map(len, wire[:i + 1])) for i in range(len(wire))]
    assert [end for _, end in parsed] == ends[:len(parsed)]
    assert [text.encode() for text, _ in parsed] == [
        frame.data for frame in _parsed_by_websockets(data)[:len(parsed)]]
    if len(parsed) < len(frames):  # it stopped at a frame that is not plain text
        opcode, payload, fin = frames[len(parsed)]
        plain_utf8 = True
        try:
            payload.decode()
        except UnicodeDecodeError:
            plain_utf8 = False
        assert not (opcode is Opcode.TEXT and fin and len(payload) < 126 and plain_utf8)
    cut_at = min(cut, len(data))
    assert direct.plain_text_frames(data[:cut_at]) == [
        (text, end) for text, end in parsed if end <= cut_at]


def test_a_read_is_parsed_here_only_between_two_frames() -> None:
    """The parser's buffer is empty both between frames and inside one whose header it
    has read; only the first lets the next read be taken for the start of a frame."""
    protocol = direct.DirectProtocol.__new__(direct.DirectProtocol)
    protocol.conn = ServerProtocol()
    protocol.conn.state = OPEN
    protocol.conn.parser = protocol.conn.parse()
    next(protocol.conn.parser)
    frame = _client_frame(Opcode.TEXT, b'{"type": "ping"}')
    assert protocol._parser_between_frames()
    protocol.conn.receive_data(frame[:2])
    assert not protocol.conn.reader.buffer and not protocol._parser_between_frames()
    protocol.conn.receive_data(frame[2:])
    assert protocol._parser_between_frames()


def test_text_is_written_at_once_and_no_writer_waits_on_an_idle_socket() -> None:
    async def scenario() -> tuple[Connection, Channel, Socket]:
        channel = Channel()
        conn, socket = _connection(channel)
        conn.send("one")
        conn.send("two")
        await asyncio.sleep(0)
        return conn, channel, socket

    conn, channel, socket = asyncio.run(scenario())
    assert channel.written == ["one", "two"] and socket.sent == []
    assert conn._writer is None and conn.pending_bytes == 0


def test_a_backed_up_transport_keeps_the_order_and_direct_writes_resume_after() -> None:
    async def scenario() -> tuple[list[str | bytes], list[str], Connection]:
        channel = Channel()
        conn, socket = _connection(channel)
        conn.send("a")
        channel.backed_up = True
        conn.send("b")  # waits: the ASGI way, behind a writer task
        channel.backed_up = False
        conn.send("c")  # must not overtake "b"
        await asyncio.sleep(0)
        assert channel.written == ["a"] and socket.sent == []
        socket.flowing.set()
        for _ in range(5):
            await asyncio.sleep(0)
        conn.send("d")  # caught up: direct again
        return channel.written, socket.sent, conn

    written, sent, conn = asyncio.run(scenario())
    assert written == ["a", "d"] and sent == ["b", "c"]
    assert conn._writer is None and conn.pending_bytes == 0


def test_a_member_behind_a_backed_up_transport_is_dropped_at_the_byte_cap() -> None:
    async def scenario() -> tuple[Connection, Socket]:
        channel = Channel()
        channel.backed_up = True
        conn, socket = _connection(channel, Limits(queue=10_000, queue_bytes=10_000))
        for _ in range(100):
            conn.send("x" * 1000)
            await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        return conn, socket

    conn, socket = asyncio.run(scenario())
    assert conn.dropped and conn.pending_bytes == 0
    assert socket.closed_with == 1013


def test_an_inbox_handles_frames_in_order_and_holds_the_reads_while_behind() -> None:
    async def scenario() -> tuple[list[str | bytes], list[bool]]:
        channel = Channel()
        handled: list[str | bytes] = []
        held_when: list[bool] = []
        gate = asyncio.Event()

        async def work(frame: str | bytes) -> None:
            await gate.wait()
            held_when.append(channel.held)
            handled.append(frame)

        inbox = Inbox(work, channel, Socket(channel))  # type: ignore[arg-type]
        for n in range(HOLD_AT + 2):
            inbox.put(str(n))
        assert channel.held  # HOLD_AT frames waiting: the socket is not read
        gate.set()
        await inbox.finish()
        assert not channel.held
        return handled, held_when

    handled, held_when = asyncio.run(scenario())
    assert handled == [str(n) for n in range(HOLD_AT + 2)]
    # reads resume once fewer than RELEASE_AT frames wait
    assert held_when.index(False) == HOLD_AT + 2 - RELEASE_AT


def test_a_frame_that_fails_closes_the_socket_and_finish_raises() -> None:
    async def scenario() -> tuple[Socket, list[str | bytes], BaseException | None]:
        channel = Channel()
        socket = Socket(channel)
        handled: list[str | bytes] = []

        async def work(frame: str | bytes) -> None:
            if frame == "bad":
                raise RuntimeError("a bug")
            handled.append(frame)

        inbox = Inbox(work, channel, socket)  # type: ignore[arg-type]
        for frame in ("ok", "bad", "after"):
            inbox.put(frame)
        failure = None
        try:
            await inbox.finish()
        except RuntimeError as exc:
            failure = exc
        inbox.put("later")  # ignored: the socket is closing
        await asyncio.sleep(0)
        return socket, handled, failure

    socket, handled, failure = asyncio.run(scenario())
    assert handled == ["ok"] and socket.closed_with == 1011
    assert isinstance(failure, RuntimeError)


# -- a real `belle serve` ------------------------------------------------------------
def _table_of_three(server: Server) -> tuple[int, list[str]]:
    tokens = [session(server, name) for name in ("Ann", "Bob", "Cy")]
    table = post(server, tokens[0], "/api/tables", {"game": "paris_connection", "players": 3})
    for seat, token in enumerate(tokens):
        post(server, token, f"/api/tables/{table['id']}/join", {"seat": seat})
    post(server, tokens[0], f"/api/tables/{table['id']}/start")
    return int(table["id"]), tokens


def test_frames_sent_at_once_on_connecting_are_answered_in_order(server: Server) -> None:
    table_id, tokens = _table_of_three(server)
    address = f"ws://{HOST}:{server.port}/ws/table/{table_id}"
    with connect(address, additional_headers=cookie(tokens[0]), proxy=None,
                 ping_interval=None) as ws:
        # before the server has even attached the socket's reader: all in one go
        ws.send(json.dumps({"type": "hello", "since": None}))
        ws.send(json.dumps({"type": "ping"}))
        ws.send("{not json")
        ws.send(json.dumps({"type": "ping"}))
        kinds = [json.loads(ws.recv(timeout=30))["type"] for _ in range(4)]
    assert kinds == ["sync", "pong", "error", "pong"]


def test_a_move_reaches_every_seat_and_a_stale_one_is_refused(server: Server) -> None:
    table_id, tokens = _table_of_three(server)
    address = f"ws://{HOST}:{server.port}/ws/table/{table_id}"
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(address, additional_headers=cookie(token),
                                               proxy=None, ping_interval=None))
                   for token in tokens]
        syncs: list[dict[str, Any]] = []
        for ws in sockets:
            ws.send(json.dumps({"type": "hello", "since": None}))
            syncs.append(until(ws, lambda m: m["type"] == "sync"))
        mover = next(i for i, sync in enumerate(syncs) if sync.get("legal"))
        version = int(syncs[mover]["version"])
        action = syncs[mover]["legal"][0]["json"]
        sockets[mover].send(json.dumps({"type": "action", "version": version,
                                        "action": action}))
        for ws in sockets:
            event = until(ws, lambda m: m["type"] == "event" and m.get("kind") == "action")
            assert event["version"] > version
        sockets[mover].send(json.dumps({"type": "action", "version": version,
                                        "action": action}))
        refusal = until(sockets[mover], lambda m: m["type"] == "error")
        assert refusal["code"] in ("stale", "not_your_turn")
        assert refusal["version"] > version


def test_frames_cut_across_reads_are_answered_in_order(server: Server) -> None:
    """Issue 18: a read that ends inside a frame (even right after its header) leaves the
    rest to the parser, and the reads after it are answered in order; a long frame and
    a ping between small ones change nothing."""
    table_id, tokens = _table_of_three(server)
    address = f"ws://{HOST}:{server.port}/ws/table/{table_id}"
    ping = json.dumps({"type": "ping"}).encode()
    long_ping = b'{"type": "ping"' + b" " * 300 + b"}"
    with connect(address, additional_headers=cookie(tokens[0]), proxy=None,
                 ping_interval=None) as ws:
        ws.send(json.dumps({"type": "hello", "since": None}))
        until(ws, lambda m: m["type"] == "sync")
        wire = [_client_frame(Opcode.TEXT, ping), _client_frame(Opcode.TEXT, ping),
                _client_frame(Opcode.TEXT, long_ping), _client_frame(Opcode.PING, b"hi"),
                _client_frame(Opcode.TEXT, b"{not json"), _client_frame(Opcode.TEXT, ping)]
        stream = b"".join(wire)
        first = len(wire[0]) + 2  # the second frame's header alone ends the first read
        cuts = [0, first, first + 3, len(stream) - 1, len(stream)]
        raw = ws.socket
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for start, stop in itertools.pairwise(cuts):
            raw.sendall(stream[start:stop])
            time.sleep(0.05)  # a read of its own for each piece, as far as loopback allows
        kinds = [json.loads(ws.recv(timeout=30))["type"] for _ in range(5)]
    assert kinds == ["pong", "pong", "pong", "error", "pong"]

"""The direct websocket path of `belle serve` (belle.server.ws.direct, issue 18): text
written to the transport as it is queued, a writer task only while the transport is
backed up, frames handed to an `Inbox` as they are parsed; and a real server, whose
sockets take that path, answering frames in the order they were sent."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest
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

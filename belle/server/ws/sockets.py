"""The websockets: `/ws/table/{id}` and `/ws/lobby`.

A reader loop per socket: size limit and rate limit first, then `messages.parse`
(malformed / unknown_type), then the table or lobby handles the typed message. Every
refusal is an `error` to the sender only and changes nothing; refused actions carry the
table's current `version`. Outgoing messages go through the connection's queue.

`dispatch` serves these paths straight from the ASGI app (`belle.server.app.BelleApp`), not through
the HTTP middleware and router: a socket lives for the whole visit, and each of the
twenty-odd coroutine frames that stack would keep alive stays in memory for the
collector to walk, and sits on the path of every message.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from fastapi import WebSocket, WebSocketDisconnect
from starlette.types import Receive, Scope, Send

from belle.server.accounts.names import strip_bidi
from belle.server.accounts.sessions import COOKIE
from belle.server.addresses import client_key
from belle.server.errors import ServerError, worded
from belle.server.hub import Hub, hub_of
from belle.server.moderation.bans import BANNED_CLOSE, BANNED_REASON
from belle.server.table.actor import TableActor
from belle.server.ws import commands
from belle.server.ws.connection import Connection, Inbox
from belle.server.ws.direct import DirectChannel
from belle.server.ws.messages import (
    PONG,
    Action,
    Away,
    Back,
    Chat,
    Claim,
    ClientMessage,
    Hello,
    Ping,
    Undo,
    error,
    notice,
    refusal,
)
from belle.server.ws.messages import parse as parse_message
from belle.storage import Player

Handler = Callable[[Connection, ClientMessage], Awaitable[None]]
TABLE_PATH = re.compile(r"/ws/table/([0-9]{1,18})")


async def dispatch(scope: Scope, receive: Receive, send: Send) -> bool:
    """Serve a websocket `scope` on one of Belle's paths; False for any other path."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root):]
    if path == "/ws/lobby":
        await lobby_socket(WebSocket(scope, receive, send))
        return True
    found = TABLE_PATH.fullmatch(path)
    if found is not None:
        await table_socket(WebSocket(scope, receive, send), int(found.group(1)))
        return True
    return False



def same_origin(socket: WebSocket) -> bool:
    """Refuse cross-site pages: a browser always sends Origin on a websocket."""
    origin = socket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == socket.headers.get("host")


async def _open(socket: WebSocket) -> Connection | None:
    """Accept the socket if its origin, address and player may open one more."""
    hub = hub_of(socket)
    if not same_origin(socket):
        await socket.close(code=1008)
        return None
    found, refused = await hub.identities.identity_or_refused(socket.cookies.get(COOKIE))
    player = found.player if found is not None else None
    session = found.token.hash if found is not None and found.token is not None else None
    address = client_key(socket.client.host if socket.client is not None else None)
    await socket.accept()
    if refused:
        await socket.close(code=BANNED_CLOSE, reason=BANNED_REASON)  # no reconnecting
        return None
    place = await hub.admission.open(address, player.id if player is not None else None)
    if place is None:
        await socket.send_text(error("rate_limited", "too many connections from your "
                                     "address or account: close another page first"))
        await socket.close(code=1008)
        return None
    conn = Connection(socket, player, hub.limits, address, session)
    conn.place = place
    conn.start()
    return conn


async def _finish(conn: Connection) -> None:
    await conn.close()
    await hub_of(conn.socket).admission.close(conn.address, conn.player_id, conn.place)


async def _may_hello(conn: Connection) -> bool:
    """Whether this hello may be answered (its socket's, address's and player's caps)."""
    if not conn.hello_bucket.take():
        return False
    return await hub_of(conn.socket).admission.hello(conn.address, conn.player_id)


HELLO_REFUSED = worded("too many hellos: a hello is needed only after (re)connecting; "
                       "wait a moment and reconnect")
# Refusals a flood meets again and again: built once (belle.server.bench.abuse).
HELLO_REFUSED_TEXT = refusal(ServerError("rate_limited", HELLO_REFUSED))
TOO_FAST_TEXT = error("rate_limited", "too many messages: slow down")
HELLO_PREFIX = '{"type":"hello"'  # how every client we know writes a hello


def _refused_unread(conn: Connection, frame: str | bytes) -> bool:
    """A hello its socket may not say now, refused before the frame is parsed (a flood
    of hellos costs a prefix test each, not a JSON parse and a refusal built anew)."""
    if isinstance(frame, str) and frame.startswith(HELLO_PREFIX) \
            and conn.hello_bucket.empty():
        conn.send(HELLO_REFUSED_TEXT)
        return True
    return False


async def _serve(conn: Connection, handle: Handler) -> None:
    """Read frames until the socket closes; answer refusals with `error`."""
    if conn.direct is not None:
        await _serve_direct(conn, handle, conn.direct)
        return
    while not conn.dropped:
        frame = await _next_frame(conn)
        if frame is None:
            return
        await _handle_frame(conn, handle, frame)


async def _next_frame(conn: Connection) -> str | bytes | None:
    """The socket's next frame through ASGI; None once it is closed."""
    try:
        message = await conn.socket.receive()
    except (WebSocketDisconnect, RuntimeError):
        return None
    if message["type"] == "websocket.disconnect":
        return None
    frame = message.get("text")
    return frame if frame is not None else message.get("bytes") or b""


async def _handle_frame(conn: Connection, handle: Handler, frame: str | bytes) -> None:
    """One frame: the socket's rate limit, then the message it parses to."""
    if not conn.bucket.take():
        conn.send(TOO_FAST_TEXT)
        return
    if _refused_unread(conn, frame):
        return
    try:
        await handle(conn, parse_message(frame, conn.limits.max_message))
    except ServerError as exc:
        conn.send(refusal(exc))


async def _serve_direct(conn: Connection, handle: Handler, channel: DirectChannel) -> None:
    """`_serve` on a direct channel: frames come to an `Inbox` as they are parsed; this
    awaits only the disconnect, then the frames received before it."""

    async def work(frame: str | bytes) -> None:
        if not conn.dropped:
            await _handle_frame(conn, handle, frame)

    inbox = Inbox(work, channel, conn.socket)
    channel.attach(inbox.put)
    try:
        while await _next_frame(conn) is not None:
            pass  # after attach, frames go to the inbox: only the disconnect comes here
    finally:
        await inbox.finish()


def _chat_text(conn: Connection, raw: str) -> str:
    text = strip_bidi(raw).strip()  # no U+202E turning the line (and the next) around
    if not text:
        raise ServerError("malformed", "an empty chat line")
    if len(text) > conn.limits.max_chat:
        raise ServerError("too_large", "a chat line has at most {most} characters",
                          params={"most": conn.limits.max_chat})
    if "\x00" in text:  # PostgreSQL text cannot hold it
        raise ServerError("malformed", "a chat line has no NUL characters")
    return text


def _speaker(conn: Connection) -> Player:
    if conn.player is None:
        raise ServerError("not_signed_in", "pick a name before chatting")
    return conn.player


def table_handler(actor: TableActor) -> Handler:
    async def handle(conn: Connection, message: ClientMessage) -> None:
        if isinstance(message, Hello):
            if not await _may_hello(conn):
                raise ServerError("rate_limited", HELLO_REFUSED)
            await actor.events.hello(conn, message.since)
        elif isinstance(message, Ping):
            conn.send(PONG)
        elif isinstance(message, Action):
            try:
                await actor.moves.act(conn.player_id, message.version, message.action,
                                      message.plan)
            except ServerError as exc:
                conn.send(refusal(exc, actor.version))
        elif isinstance(message, Undo):
            try:
                await actor.moves.undo(conn.player_id, message.version)
            except ServerError as exc:
                conn.send(refusal(exc, actor.version))
        elif isinstance(message, Chat):
            text = _chat_text(conn, message.text)
            if commands.is_command(text):
                conn.send(notice(await commands.table_command(actor, conn.player, text,
                                                               conn.address)))
            else:
                await actor.chat.say(_speaker(conn), text)
        elif isinstance(message, Away):
            await actor.timekeeper.away(_player(conn), message.bot)
        elif isinstance(message, Back):
            await actor.timekeeper.back(_player(conn))
        elif isinstance(message, Claim):
            await actor.departures.claim(_player(conn))

    return handle


def _player(conn: Connection) -> Player:
    if conn.player is None:
        raise ServerError("not_signed_in", "pick a name and sit down first")
    return conn.player


def lobby_handler(hub: Hub) -> Handler:
    async def handle(conn: Connection, message: ClientMessage) -> None:
        if isinstance(message, Hello):
            if not await _may_hello(conn):
                raise ServerError("rate_limited", HELLO_REFUSED)
            await hub.friends.personal.hello(conn)  # whom it follows: before the sync
            await hub.lobby.hello(conn)
        elif isinstance(message, Ping):
            conn.send(PONG)
        elif isinstance(message, Action | Undo | Away | Back | Claim):
            raise ServerError("unknown_type", "{type} is sent on a table's socket",
                              params={"type": message.type})
        elif isinstance(message, Chat):
            text = _chat_text(conn, message.text)
            if commands.is_command(text):
                async def find(table_id: int) -> TableActor:  # a private table: members'
                    actor = await hub.actor(table_id)
                    await hub.friends.access.require_visible(actor.table, conn.player)
                    return actor

                conn.send(notice(await commands.lobby_command(find, conn.player, text,
                                                               conn.address)))
            else:
                await hub.lobby.say(_speaker(conn), text)

    return handle


async def table_socket(socket: WebSocket, table_id: int) -> None:
    conn = await _open(socket)
    if conn is None:
        return
    hub = hub_of(socket)
    try:
        actor = await hub.actor(table_id)
        await hub.friends.access.require_visible(actor.table, conn.player)
    except ServerError as exc:
        conn.send(error(exc.code, exc.message))
        await _finish(conn)
        await socket.close(code=1008)
        return
    hub.friends.presence.enter(conn.player_id, table_id)
    try:
        await _serve(conn, table_handler(actor))
    finally:
        hub.friends.presence.leave(conn.player_id, table_id)
        actor.events.leave_socket(conn)
        await _finish(conn)


async def lobby_socket(socket: WebSocket) -> None:
    conn = await _open(socket)
    if conn is None:
        return
    hub = hub_of(socket)
    hub.friends.presence.enter(conn.player_id)
    try:
        await _serve(conn, lobby_handler(hub))
    finally:
        hub.friends.presence.leave(conn.player_id)
        hub.friends.personal.forget(conn)
        hub.lobby.leave_socket(conn)
        await _finish(conn)

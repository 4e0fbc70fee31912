"""Helpers for the notice tests: a local SMTP sink (aiosmtpd) and three players at a
Paris Connection table whose turns are counted."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from .kit import Person, Sock, guest, is_progress, play, seat, start


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Sink:
    """An aiosmtpd handler keeping every message it accepts: (recipients, message)."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], EmailMessage]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"


@contextmanager
def smtp_sink(**smtp_options: Any) -> Iterator[tuple[Sink, int]]:
    """A local SMTP server on a free port: (its handler, its port)."""
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port, **smtp_options)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


def new_table(owner: Person, mode: str, players: int = 3) -> int:
    response = owner.post("/api/tables", {"game": "paris_connection", "players": players,
                                          "mode": mode})
    assert response.status_code == 200, response.text
    table_id: int = response.json()["id"]
    return table_id


@dataclass
class Game:
    """People seated in order at a started table, their sockets, a spectator's socket,
    and the seats whose turn began, in order (`starts`)."""

    table_id: int
    people: list[Person]
    socks: dict[int, Sock]
    watcher: Sock
    starts: list[int] = field(default_factory=list)
    last: dict[str, Any] | None = None  # the message play stopped at (not acted on yet)

    def note(self, message: dict[str, Any]) -> None:
        mover = message.get("to_move")
        if isinstance(mover, int) and mover >= 0 and (not self.starts or self.starts[-1] != mover):
            self.starts.append(mover)

    def play_until(self, done: Callable[[], bool], seed: int = 1) -> None:
        """Play random legal moves for everyone until `done()` (checked at each change)."""

        def stop(message: dict[str, Any]) -> bool:
            self.note(message)
            return done()

        self.last = play(self.socks, self.watcher, seed=seed, stop=stop, first=self.last)

    def to_move(self) -> int | None:
        return self.starts[-1] if self.starts else None

    def barrier(self) -> None:
        """Wait until every listener of the last committed change has run: a chat line
        takes the table's lock, which a move holds until its listeners are done."""
        self.socks[0].send({"type": "chat", "text": "barrier"})
        self.watcher.until(lambda m: m.get("kind") == "chat")

    def everything_sent(self) -> str:
        """Every message any socket of the game received, as one text."""
        return repr([sock.seen for sock in [self.watcher, *self.socks.values()]])


@contextmanager
def started(people: list[Person], table_id: int) -> Iterator[Game]:
    """Seat `people` in order at the table, connect everyone and a spectator, start."""
    client = people[0].client
    with ExitStack() as stack:
        watcher = stack.enter_context(guest(client).socket(f"/ws/table/{table_id}"))
        watcher.hello()
        socks: dict[int, Sock] = {}
        for index, person in enumerate(people):
            seat(person, table_id, index)
            socks[index] = stack.enter_context(person.socket(f"/ws/table/{table_id}"))
            socks[index].hello()
        start(people[0], table_id)
        game = Game(table_id, people, socks, watcher)
        first = watcher.until(lambda m: is_progress(m) and isinstance(m.get("to_move"), int)
                              and m["to_move"] >= 0)
        game.note(first)
        game.last = first
        yield game

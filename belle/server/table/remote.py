"""A table across workers: what it shares with the others, and what they committed.

What a table commits is shared with the other workers (`Host.share`, belle.server.
cluster.fanout), and what they commit arrives through `receive`: applied in order under
the lock (actions re-applied through `apply_action`) and emitted with the same event
numbers; anything out of order or unknown reloads the table from the database and
resyncs its members.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from datetime import datetime
from typing import TYPE_CHECKING, Any

from belle.engine.errors import GameError
from belle.engine.record import RecordEntry, new_state
from belle.server.database import StorageUnavailable
from belle.server.table import payloads
from belle.server.table.events import Event
from belle.server.ws.messages import dumps
from belle.storage import ChatLine, Seat

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

log = logging.getLogger("belle.server")


class Remote:
    """The table's messages to and from the other workers."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        self._inbox: deque[dict[str, Any]] = deque()
        self._task: asyncio.Task[None] | None = None

    # -- sharing -----------------------------------------------------------
    def share_table(self, n: int) -> None:
        actor = self.actor
        table = actor.table
        actor.host.share({"table": actor.id, "kind": "table", "n": n, "status": table.status,
                          "seed": table.seed, "seats": [s.to_json() for s in table.seats],
                          "host_id": table.host_id, "host_name": table.host_name,
                          "banned": list(table.banned)})

    def share_actions(self, last: int, entries: list[RecordEntry]) -> None:
        actor = self.actor
        if not actor.host.clustered:  # nobody to tell (a move's message is not built)
            return
        actor.host.share({"table": actor.id, "kind": "actions", "n": last,
                          "seq": actor.version - len(entries),
                          "entries": [[e.player, e.action, e.text, e.visible_to]
                                      for e in entries]})

    # -- receiving ---------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        """Queue a change another worker committed; applied in arrival order, under the lock."""
        self._inbox.append(message)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        actor = self.actor
        while self._inbox:
            message = self._inbox.popleft()
            try:
                await self._follow(message)
            except StorageUnavailable:  # rebuilt later from the database, which has it all
                self._inbox.clear()
                return
            actor.bots.wake()

    async def _follow(self, message: dict[str, Any]) -> None:
        actor = self.actor
        async with actor.command():
            try:
                if not self._apply(message):
                    await actor.reload()
            except StorageUnavailable:
                actor.mark_broken()
            except Exception:
                log.exception("table %s could not follow another worker", actor.id)
                with contextlib.suppress(Exception):
                    await actor.reload()

    def _apply(self, message: dict[str, Any]) -> bool:
        """Apply another worker's change: True if done (or known already), False when
        the table must reload instead (a gap, an unknown kind, an action that fails)."""
        actor = self.actor
        kind, n = message.get("kind"), message.get("n")
        if kind == "clock":  # not an event: the clock the other worker stored
            actor.timekeeper.adopt(message.get("state"))
            return True
        if kind == "rematch":  # not an event either: its chat lines are
            actor.rematch.followed(message)
            return True
        if not isinstance(n, int) or kind not in ("actions", "table", "over", "chat"):
            return False
        if n <= actor.events_so_far():
            return True  # we have it: we reloaded after it was stored
        if kind == "actions":
            return self._actions(n, message)
        if n != actor.events_so_far() + 1:
            return False
        if kind == "table":
            return self._table(n, message)
        if kind == "over":
            if actor.state is None or not actor.state.is_terminal():
                return False
            actor.changed(n, status="finished", result=message["result"])
            actor.events.over(n, actor.state)
            return True
        return self._chat(n, message["line"])

    def _table(self, n: int, message: dict[str, Any]) -> bool:
        actor = self.actor
        status = message["status"]
        seats = [Seat.from_json(s) for s in message["seats"]]
        roles: dict[str, Any] = {}
        if "host_id" in message:  # (a worker of an older release does not send them)
            roles = {"host_id": message["host_id"], "host_name": message.get("host_name"),
                     "banned": tuple(message.get("banned") or ())}
        # a table may start with fewer seats than it was created with (lifecycle.start)
        actor.changed(n, status=status, seed=message["seed"], seats=seats,
                      players=len(seats), **roles)
        actor.bots.forget()
        if status == "running" and actor.state is None:
            actor.state = new_state(actor.record())
        actor.events.table(n, lobby=False)
        return True

    def _chat(self, n: int, line: dict[str, Any]) -> bool:
        actor = self.actor
        chat = ChatLine(line["id"], actor.id, line["player_id"], line["name"], line["text"],
                        datetime.fromisoformat(line["at"]), n, line.get("notice"))
        actor.chat_lines.append(chat)
        actor.changed(n)
        body = {"type": "event", "n": n, "kind": "chat", **payloads.chat_json(chat)}
        actor.events.shared(Event(n, shared=dumps(body)))
        return True

    def _actions(self, last: int, message: dict[str, Any]) -> bool:
        actor = self.actor
        entries = [RecordEntry(int(p), a, str(t), v) for p, a, t, v in message["entries"]]
        state = actor.state
        first = last - len(entries) + 1
        if state is None or not entries or first != actor.events_so_far() + 1 \
                or message["seq"] != actor.version:
            return False
        try:
            for entry in entries:
                state.apply_action(state.action_from_json(entry.action))
        except (GameError, ValueError, TypeError, KeyError):
            return False
        actor.entries.extend(entries)
        actor.progressed_to(last)
        actor.events.actions(last, entries)
        return True

    async def cancel(self) -> None:
        task = self._task
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

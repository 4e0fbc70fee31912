"""A table's members and events: subscribing, catching up, syncing, and emitting.

Each member gets an event as its seat may see it. An event is rendered once per
distinct viewer (a seat, or None for every spectator) among the connected members:
`view()` is not computed for seats nobody watches. The last `EVENT_BUFFER` events
(belle.server.table.actor) are kept for `hello {since}`, as pieces of text without
any viewer's state: the per-viewer texts are dropped once the members were sent them
(they were the bulk of a table's memory). A viewer who catches up gets each event
rendered then, from the live state or the state replayed to that event's version.
Older gaps get a `sync`.

A `sync` is built once per viewer key and table event, and shared by every socket of
that viewer until the next event (a hello flood costs a dictionary look-up each);
only its `clock`, which counts down, is added per hello.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from belle.engine.game import CHANCE, State
from belle.engine.record import RecordEntry
from belle.server.table import payloads, plans
from belle.server.table import undo as takeback
from belle.server.table.events import Event, Replayer
from belle.server.table.timekeeper import assisted_seats, forfeited_seats
from belle.server.ws.connection import Connection
from belle.server.ws.messages import dumps

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor



class Broadcast:
    """The members' side of a table: what each of them is sent, and when."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor
        self._syncs: dict[int | None, tuple[int, str]] = {}  # key → (event, text sans clock)

    # -- members -----------------------------------------------------------
    async def hello(self, conn: Connection, since: int | None) -> None:
        """Subscribe `conn`; send the events after `since`, or a full sync."""
        actor = self.actor
        async with actor.command():
            actor.members.add(conn)
            for text in self._catch_up(conn, since):
                conn.send(text)
            if actor.timekeeper.active and since is not None:
                conn.send(actor.timekeeper.message())
            await plans.send_own(actor, conn)
            await actor.rematch.send_state(conn)

    def leave_socket(self, conn: Connection) -> None:
        self.actor.members.discard(conn)
        if not self.actor.members:
            self._syncs.clear()  # nobody to share them with: no memory held for them

    def resync_members(self) -> None:
        """Send every member a full sync (their event numbering has a gap)."""
        self._syncs.clear()  # the table was reloaded: its record may differ at equal numbers
        for conn in list(self.actor.members):
            conn.send(self.sync_text(conn))

    def _catch_up(self, conn: Connection, since: int | None) -> list[str]:
        actor = self.actor
        current = actor.table.events
        if since is None or since > current:
            return [self.sync_text(conn)]
        missed = [e for e in actor.buffer if e.end > since]
        if sum(e.end - e.n + 1 for e in missed) != current - since \
                or (missed and missed[0].n <= since):
            return [self.sync_text(conn)]
        key = actor.seat_of(conn.player_id)
        texts: list[str] = []
        replayer: Replayer | None = None
        for event in missed:
            text = event.text_for(key)
            if text is None:  # rendered per viewer, and forgotten since
                fields = None
                if event.version is not None and event.version == actor.version \
                        and actor.state is not None:
                    fields = payloads.StateJson(
                        actor.state, takeback.may_undo(actor, actor.state))
                elif event.version is not None:
                    replayer = replayer or Replayer(
                        actor.record(), lambda state: takeback.may_undo(actor, state))
                    fields = replayer.at(event.version)
                text = event.render(key, fields)
                event.forget_texts()
            texts.append(text)
        return texts

    def sync_text(self, conn: Connection) -> str:
        """The full state for `conn`'s viewer: built once per viewer and event."""
        actor = self.actor
        seat = actor.seat_of(conn.player_id)
        events = actor.events_so_far()
        cached = self._syncs.get(seat)
        if cached is None or cached[0] != events:
            cached = self._syncs[seat] = (events, self._sync_body(seat))
        clock = payloads.encode(actor.timekeeper.public())
        return cached[1][:-1] + ',"clock":' + clock + "}"

    def _sync_body(self, seat: int | None) -> str:
        actor = self.actor
        body: dict[str, Any] = {
            "type": "sync", "table": actor.summary(), "seat": seat,
            "event": actor.table.events,
            "log": payloads.log(actor.entries, seat, actor.over),
            "chat": [payloads.chat_json(line) for line in actor.chat_lines],
        }
        if actor.state is None:
            body.update(version=0, to_move=None, view=None, legal=[])
        else:
            body.update(payloads.state_fields(
                actor.state, seat, takeback.may_undo(actor, actor.state)))
            if actor.over:
                body.update(result(actor, actor.state))
        return dumps(body)

    # -- events ------------------------------------------------------------
    def actions(self, last: int, entries: list[RecordEntry]) -> None:
        """One event per action; only the last message carries view and legal (the others
        are superseded at once: a batch of chance draws). Chance outcomes everyone may see
        that follow a seat's move ride in the move's message (`chance`), one message for
        their events: what they show is the state after them."""
        first = last - len(entries) + 1
        version = len(self.actor.entries) - len(entries)
        folded = _foldable(entries)
        alone = len(entries) - folded  # entries sent as messages of their own
        for offset, entry in enumerate(entries[:alone - 1]):
            alone_head = {"version": version + offset + 1, "to_move": None}
            self._action(first + offset, entry, alone_head, None)
        head: dict[str, Any] = {}
        if folded:
            head["chance"] = [
                {"n": first + alone + i, "text": entry.text, "version": version + alone + i + 1}
                for i, entry in enumerate(entries[alone:])]
        self._action(first + alone - 1, entries[alone - 1], head, len(self.actor.entries), last)

    def _action(
        self, n: int, entry: RecordEntry, head: dict[str, Any], version: int | None,
        last: int | None = None,
    ) -> None:
        body = {"type": "event", "n": n, "kind": "action",
                "player": payloads.player_label(entry.player), **head}
        text = '"text":' + payloads.encode(entry.text)
        if entry.visible_to is None:  # public: the text is part of what everyone gets
            prefix = payloads.members(body) + "," + text
            if version is None:
                self.shared(Event(n, shared=payloads.obj(prefix)))
            else:
                self.emit(Event(n, prefix=prefix, version=version, last=last))
            return
        hidden = '"text":' + payloads.encode(payloads.HIDDEN)
        self.emit(Event(n, prefix=payloads.members(body), seen_by=tuple(entry.visible_to),
                        texts=(text, hidden), version=version, last=last))

    def table(self, n: int, lobby: bool = True) -> None:
        """Event `n`: the table's seats or status changed (`lobby`: tell the lobby too)."""
        actor = self.actor
        if lobby:
            actor.host.table_changed(actor.table)
        prefix = payloads.members({"type": "event", "n": n, "kind": "table",
                                   "table": actor.summary()})
        if actor.state is None:
            self.shared(Event(n, shared=payloads.obj(prefix)))
            return
        self.emit(Event(n, prefix=prefix, version=actor.version))

    def over(self, n: int, state: State[Any]) -> None:
        actor = self.actor
        prefix = payloads.members({"type": "event", "n": n, "kind": "over",
                                   "table": actor.summary(), **result(actor, state)})
        self.emit(Event(n, prefix=prefix, version=actor.version))

    def state_event(self, n: int, body: dict[str, Any]) -> None:
        """Send event `n`: `body` plus the live state as each member may see it."""
        self.emit(Event(n, prefix=payloads.members(body), version=self.actor.version))

    def emit(self, event: Event) -> None:
        """Keep `event` and send it to the members, rendered once per viewer key among
        them (the live state is at `event.version`); anyone else who catches up later
        gets it rendered then."""
        actor = self.actor
        self._keep(event)
        actor.changed_at = time.monotonic()
        state = actor.state
        fields = None
        if event.version is not None and state is not None:
            fields = payloads.StateJson(state, takeback.may_undo(actor, state))
        for conn in list(actor.members):
            conn.send(event.render_wire(actor.seat_of(conn.player_id), fields))
        event.forget_texts()  # a viewer who catches up later gets it rendered again

    def shared(self, event: Event) -> None:
        """Keep and send an event every member gets as the same text."""
        assert event.shared is not None
        actor = self.actor
        self._keep(event)
        actor.changed_at = time.monotonic()
        for conn in list(actor.members):
            conn.send(event.shared)

    def _keep(self, event: Event) -> None:
        """Buffer `event`; the syncs built for the previous event go (stale now)."""
        self._syncs.clear()
        self.actor.buffer.append(event)


def _foldable(entries: list[RecordEntry]) -> int:
    """How many chance outcomes at the end of `entries` ride in the message of the
    seat's move before them: those everyone may see (none if a secret one is among them,
    or no seat's move is before them)."""
    for count, entry in enumerate(reversed(entries)):
        if entry.player != CHANCE:
            return count if entry.player >= 0 else 0
        if entry.visible_to is not None:
            return 0
    return 0


def result(actor: TableActor, state: State[Any]) -> dict[str, Any]:
    """The result, with the seats that forfeited or were ever handed to a bot
    (ratings rank them last)."""
    seats = actor.table.seats
    return {**payloads.result(state), "forfeited": forfeited_seats(seats),
            "assisted": assisted_seats(seats)}

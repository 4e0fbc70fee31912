"""The events a table keeps, and the replayer that renders old ones for late viewers.

An `Event` is kept as JSON text, rendered once per viewer key (a seat, or None for
every spectator); a `Replayer` rebuilds the states at increasing versions for a viewer
who catches up on events sent before they connected (belle.server.table.broadcast).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from belle.engine.game import State
from belle.engine.record import MatchRecord, new_state
from belle.server.table import payloads

Key = int | None  # a viewer: a seat, or None for a spectator


@dataclass(slots=True)
class Event:
    """A numbered event as text per viewer: `shared` when everyone gets the same text.

    Otherwise it is kept as pieces of JSON text and rendered per viewer key on demand
    (`render`): `prefix` (the members everyone gets), the action's `"text"` member
    when some viewers may not see it (`seen_by`: who may; `texts`: as shown to them,
    as shown to the others), and the state members when `version` is set (the state
    version they show). A move's message that carries the public chance outcomes after
    it holds events `n` to `last`. Rendered texts are remembered in `per_key` while the event is
    sent (several sockets of one viewer share one); then the broadcast forgets them (a
    state's text per viewer was the bulk of a table's memory).
    Text, numbers and tuples only: nothing else for the garbage collector to walk in
    the events a table keeps.
    """

    n: int
    shared: str | None = None
    prefix: str = ""
    seen_by: tuple[int, ...] | None = None
    texts: tuple[str, str] = ("", "")
    version: int | None = None
    last: int | None = None  # the number of its last event, when it carries several
    per_key: dict[Key, str] | None = None
    wire: dict[Key, bytes] | None = None  # as per_key, the live broadcast's UTF-8

    @property
    def end(self) -> int:
        """The number of the last event this message carries."""
        return self.last if self.last is not None else self.n

    def text_for(self, key: Key) -> str | None:
        if self.shared is not None:
            return self.shared
        return self.per_key.get(key) if self.per_key is not None else None

    def render(self, key: Key, fields: payloads.StateJson | None) -> str:
        """This viewer's text (`fields`: the state at `version`, when there is one)."""
        per_key = self.per_key
        if per_key is None:
            per_key = self.per_key = {}
        text = per_key.get(key)
        if text is None:
            text = per_key[key] = self.render_wire(key, fields).decode()
        return text

    def render_wire(self, key: Key, fields: payloads.StateJson | None) -> bytes:
        """`render` as UTF-8, for the live broadcast (sockets take bytes as they are)."""
        wire = self.wire
        if wire is None:
            wire = self.wire = {}
        data = wire.get(key)
        if data is None:
            seen = self.seen_by is None or (key is not None and key in self.seen_by)
            state = fields.wire_members(key) if fields is not None else b""
            parts = [part for part in (self.prefix.encode(),
                                       self.texts[0 if seen else 1].encode(), state) if part]
            data = wire[key] = b"{" + b",".join(parts) + b"}"
        return data

    def forget_texts(self) -> None:
        """Drop the texts rendered per viewer (a late viewer's is rendered again)."""
        self.per_key = None
        self.wire = None


class Replayer:
    """The match's states at increasing versions (for viewers who catch up late)."""

    def __init__(
        self, record: MatchRecord, can_undo: Callable[[State[Any]], bool] = lambda _: False
    ) -> None:
        self.record = record
        self.can_undo = can_undo
        self.state = new_state(record)
        self.fields = payloads.StateJson(self.state)

    def at(self, version: int) -> payloads.StateJson:
        if version < len(self.state.history):
            self.state = new_state(self.record)
        if version > len(self.state.history) or self.fields.state is not self.state:
            self.state = replay_onto(self.state, self.record, version)
            self.fields = payloads.StateJson(self.state, self.can_undo(self.state))
        return self.fields


def replay_onto(state: State[Any], record: MatchRecord, version: int) -> State[Any]:
    """`state` (a position of `record`) advanced to `version`, checking each action."""
    for entry in record.actions[len(state.history):version]:
        state.apply_action(state.action_from_json(entry.action))
    return state

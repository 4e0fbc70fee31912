"""Undo at the web table: the engine's policy (belle.engine.undo) applied to a TableActor.

`Moves.undo` (belle.server.table.moves) runs the same guards as an action (auth → seat
→ turn → version), then `take_back` here: the policy (refused with `undo_refused` and
its reason, a message of the engine's catalogue), one storage transaction that
removes the step and stores the line everyone reads ("Ana took back: build R", the
notice `took_back`), and an `undo` event carrying each viewer's state. The events kept for
`hello {since}` are dropped first: their versions named states that no longer exist,
so anyone who missed the undo gets a `sync`.

Whether a step showed its player something hidden (`State.reveals_to_mover`) is noted
as it is played (`Reveals`), so `can_undo`, sent with every state, costs no replay;
only after a reload is an entry's answer rebuilt by replaying the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from belle.engine.game import State
from belle.engine.record import MatchRecord, RecordEntry, replay
from belle.engine.undo import refused, undo_refusal
from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.server.table import payloads
from belle.storage import ChatLine, ConcurrencyError

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

TOOK_BACK = "took back: "


class Reveals:
    """Entry index → whether that step showed its player hidden information."""

    def __init__(self) -> None:
        self._known: dict[int, bool] = {}

    def note(self, index: int, revealed: bool) -> None:
        self._known[index] = revealed

    def forget(self) -> None:
        self._known.clear()

    def lookup(self, record: Callable[[], MatchRecord]) -> Callable[[int], bool]:
        """`revealed(i)` for the policy; an entry not noted is replayed (and noted)."""

        def revealed(index: int) -> bool:
            known = self._known.get(index)
            if known is None:
                log = record()
                before = replay(log, upto=index)
                action = before.action_from_json(log.actions[index].action)
                known = self._known[index] = before.reveals_to_mover(action)
            return known

        return revealed


def refusal(actor: TableActor, seat: int) -> str | None:
    """Why `seat` may not take back its last step now, a message id of the engine's
    catalogue (None: it may)."""
    state = actor.state
    if state is None or state.is_terminal():
        return "engine.undo.not_running"
    return _refusal(actor, state, actor.entries, seat)


def _refusal(
    actor: TableActor, state: State[Any], entries: list[RecordEntry], seat: int
) -> str | None:
    if actor.setup.seats[seat].kind != "human":
        return "engine.undo.bot"
    revealed = actor.reveals.lookup(actor.record)
    return undo_refusal(entries, state.current_player(), seat, revealed)


def may_undo(actor: TableActor, state: State[Any]) -> bool:
    """`can_undo` of `state`, a position of the actor's log (the live one, or an earlier
    one for a viewer catching up): whether its seat to move may take back a step."""
    seat = state.current_player()
    if seat < 0:
        return False
    entries = actor.entries
    if len(entries) != len(state.history):
        entries = entries[:len(state.history)]
    return _refusal(actor, state, entries, seat) is None


async def take_back(actor: TableActor, state: State[Any]) -> None:
    """Take back the last step of the seat to move (guards passed), store, broadcast."""
    seat = state.current_player()
    reason = refusal(actor, seat)
    if reason is not None:
        why = refused(reason)
        raise ServerError("undo_refused", str(why), refusal=why.refusal())
    keep = len(actor.entries) - 1
    entry = actor.entries[keep]
    record = actor.record()
    record.actions = record.actions[:keep]
    before = replay(record)
    name = actor.table.seats[seat].name or f"seat {seat + 1}"
    said = notice("took_back", name=name, action=entry.text)
    host = actor.host
    try:
        line = await host.db.write(host.store.truncate_actions, actor.id, keep + 1, keep,
                                name, TOOK_BACK + entry.text, said.to_json())
    except ConcurrencyError as exc:
        await actor.reload()
        raise ServerError("stale", "another move was stored first: resync") from exc
    assert line.event is not None
    _rewound(actor, keep, before, line)
    body = {"type": "event", "n": line.event, "kind": "undo", "player": seat,
            "taken_back": entry.text, **payloads.chat_json(line)}
    actor.events.state_event(line.event, body)
    host.share({"table": actor.id, "kind": "undo", "n": line.event})  # others reload
    await actor.timekeeper.follow()  # re-arm the clock: its timer was set for the cut version


def _rewound(actor: TableActor, keep: int, state: State[Any], line: ChatLine) -> None:
    """The log was cut to `keep` actions (`state`) and `line` stored, as event
    `line.event`; the kept events showed states that are gone."""
    assert line.event is not None
    actor.entries = actor.entries[:keep]
    actor.generation += 1  # replays of the cut steps are gone
    actor.state = state
    actor.chat_lines.append(line)
    actor.changed(line.event, version=keep)
    actor.buffer.clear()

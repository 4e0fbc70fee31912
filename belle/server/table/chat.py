"""A table's chat: a line is stored as the table's next event, sent to every member alike
and shared with the other workers. The last `CHAT_KEPT` lines go with every sync.

The table writes lines of its own — announcements (belle.server.announcements): who
sat down or left, bots, the start, resignations, kicks, rematch offers, the end (an
undo's line is written with the undo, belle.server.table.undo). Such a line has no
player and carries its notice, so each reader's browser words it in their language;
its `text` is the notice in English. `EndAnnouncer` writes the end of a game.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from belle.server.announcements import Notice, notice, seats_shown
from belle.server.database import StorageUnavailable
from belle.server.table import payloads
from belle.server.table.events import Event
from belle.server.ws.messages import dumps
from belle.storage import ChatLine, Player

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor

log = logging.getLogger("belle.server")
TABLE_VOICE = "Belle"  # the name column of the table's own lines (they have no player)


class TableChat:
    """Says a line at one table."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def say(self, player: Player, text: str) -> None:
        actor = self.actor
        async with actor.command():
            host = actor.host
            await host.guard.check_may_say(actor.table, player)
            line = await host.db.write(host.store.add_chat, actor.id, player.id, player.name,
                                       text)
            self.said(line)

    async def announce(self, said: Notice) -> None:
        """Write the table's own line `said` (the caller holds the table's lock). What it
        announces is done already: a write that fails does not undo it, it leaves the
        table to be rebuilt from the database (`mark_broken`)."""
        actor = self.actor
        host = actor.host
        try:
            line = await host.db.write(host.store.add_chat, actor.id, None, TABLE_VOICE,
                                       said.text, said.to_json())
        except StorageUnavailable:
            log.warning("table %s: not announced (storage unavailable): %s", actor.id,
                        said.id)
            actor.mark_broken()
            return
        self.said(line)

    def said(self, line: ChatLine) -> None:
        """Line `line` was stored as the table's next event: tell the members and the
        other workers."""
        actor = self.actor
        assert line.event is not None
        actor.chat_lines.append(line)
        actor.changed(line.event)
        body = {"type": "event", "n": line.event, "kind": "chat", **payloads.chat_json(line)}
        actor.events.shared(Event(line.event, shared=dumps(body)))
        actor.host.share({"table": actor.id, "kind": "chat", "n": line.event,
                          "line": line_json(line)})


def line_json(line: ChatLine) -> dict[str, Any]:
    """A chat line as shared with the other workers (belle.server.table.remote)."""
    return {"id": line.id, "player_id": line.player_id, "name": line.name, "text": line.text,
            "at": line.at.isoformat(), "notice": line.notice}


class EndAnnouncer:
    """A `TableListener` (belle.server.hub): the line that says a game is over and who
    won (called under the table's lock, on the worker that finished it)."""

    async def progressed(self, actor: TableActor) -> None:
        """Nothing to say while a game goes on."""

    async def finished(self, actor: TableActor) -> None:
        state = actor.state
        if actor.setup.status != "finished" or state is None:  # an abort says so itself
            return
        ranking = state.ranking()
        first = [seat for seat, place in enumerate(ranking) if place == 0]
        names = seat_names(actor)
        said = notice("over_shared" if len(first) > 1 else "over",
                      winners=[names[seat] for seat in first], seats=seats_shown(first))
        await actor.chat.announce(said)


def seat_names(actor: TableActor) -> list[str]:
    """Each seat as people read it: a person's name, a bot by its level."""
    names = []
    for index, seat in enumerate(actor.table.seats):
        if seat.kind == "bot":
            names.append(f"{seat.bot} bot")
        else:
            names.append(seat.name or f"seat {index + 1}")
    return names

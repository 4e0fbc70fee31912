"""A table's chat: a line is stored as the table's next event, sent to every member alike
and shared with the other workers. The last `CHAT_KEPT` lines go with every sync."""

from __future__ import annotations

from typing import TYPE_CHECKING

from belle.server.table import payloads
from belle.server.table.events import Event
from belle.server.ws.messages import dumps
from belle.storage import Player

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class TableChat:
    """Says a line at one table."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def say(self, player: Player, text: str) -> None:
        actor = self.actor
        async with actor.command():
            host = actor.host
            line = await host.db.write(host.store.add_chat, actor.id, player.id, player.name,
                                       text)
            assert line.event is not None
            actor.chat_lines.append(line)
            actor.changed(line.event)
            body = {"type": "event", "n": line.event, "kind": "chat", **payloads.chat_json(line)}
            actor.events.shared(Event(line.event, shared=dumps(body)))
            host.share({"table": actor.id, "kind": "chat", "n": line.event,
                        "line": {"id": line.id, "player_id": line.player_id,
                                 "name": line.name, "text": line.text,
                                 "at": line.at.isoformat()}})

"""The operator's actions on a table: close it, whatever its state.

An open table is closed (it never starts), a running one is stopped like an abort (no
result, no rating; a tournament counts it as played without points). Both go through
the table's actor, so they are ordered with its moves, stored as one event, broadcast
and shared with the other workers, as the host's own close and abort are
(belle.server.table.seats).
"""

from __future__ import annotations

from belle.server.errors import ServerError
from belle.server.hub import Hub
from belle.storage import StoreError


async def close_table(hub: Hub, table_id: int) -> str:
    """Close or stop the table; its status now ("closed" or "aborted")."""
    actor = await hub.actor(table_id)
    async with actor.command():
        status = actor.table.status
        if status == "open":
            write, outcome = hub.store.close_table, "closed"
        elif status == "running" and not actor.over:
            write, outcome = hub.store.abort_table, "aborted"
        else:
            raise ServerError("not_open", "table {table} is {status}: there is nothing "
                                          "to close", params={"table": table_id, "status": status})
        try:
            n = await hub.db.write(write, actor.id)
        except StoreError as exc:
            await actor.reload()
            raise ServerError("not_open", "the table changed meanwhile: try again") from exc
        actor.changed(n, status=outcome)
        actor.bots.forget()
        if outcome == "aborted":
            await actor.timekeeper.follow()
        actor.events.table(n)
        actor.remote.share_table(n)
        if outcome == "aborted":
            await hub.finished(actor)
    return outcome

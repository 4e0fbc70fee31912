"""Planning mode at a table: each seat's private plan, kept on the server (issue 14 item 7).

City of Light's seed: "Änderungen an deinem Plan werden gespeichert, wenn du auf die
Schaltfläche „Zug beenden“ klickst." The browser sends its working plan with each of
its seat's actions (`action` with `plan`); the plan is saved when that action ends the
seat's turn — every turn, also the second of two in a row when the opponent cannot act
— under the number of actions the log then holds (belle.storage.plans). A step of a
turn that goes on (choosing a building or a postcard first) saves nothing, and an undo
changes nothing: the plan saved last stays the seat's plan until its next turn end.

A seat's connections get its plan after their `hello` and each time it is saved (a
`plan` message); nobody else ever does: not the other seat, not spectators, not replays or exports.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from belle.games.city_of_light.actions import Activate, Select
from belle.server.announcements import notice
from belle.server.errors import ServerError
from belle.server.ws.messages import dumps

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor
    from belle.server.ws.connection import Connection

MAX_PLAN = 8 * 1024  # bytes of JSON: a full 8×8 plan with every building takes ~2 KB
# The steps of a City of Light turn after which the same turn goes on (COL-57, COL-60).
MID_TURN: dict[str, tuple[type, ...]] = {"city_of_light": (Select, Activate)}


def has_planning(game_id: str) -> bool:
    return game_id in MID_TURN


def checked(game_id: str, plan: Any) -> dict[str, Any]:
    """`plan` as it may be stored; ServerError (nothing changes) otherwise."""
    if not has_planning(game_id):
        raise ServerError("bad_options", notice=notice("no_planning"))
    if not isinstance(plan, dict):
        raise ServerError("malformed", notice=notice("plan_not_object"))
    if len(json.dumps(plan, separators=(",", ":")).encode()) > MAX_PLAN:
        raise ServerError("too_large", notice=notice("plan_too_large", limit=MAX_PLAN))
    return plan


def ends_turn(game_id: str, action: Any) -> bool:
    """Whether the seat's `action` ends its turn (a planning game only)."""
    return not isinstance(action, MID_TURN[game_id])


@dataclass(frozen=True, slots=True)
class Saving:
    """A plan to keep once the action that ends its seat's turn is stored."""

    actor: TableActor
    seat: int
    player_id: int
    plan: dict[str, Any]

    async def save(self) -> None:
        """Keep the plan as the seat's from the table's current version on, and tell the
        seat's own sockets (another tab of the same player follows at once)."""
        actor = self.actor
        host = actor.host
        await host.db.write(host.store.plans.save, actor.id, self.seat, self.player_id,
                            actor.version, self.plan)
        text = dumps({"type": "plan", "seat": self.seat, "plan": self.plan,
                      "version": actor.version})
        for conn in list(actor.members):
            if actor.seat_of(conn.player_id) == self.seat:
                conn.send(text)


async def send_own(actor: TableActor, conn: Connection) -> None:
    """Send `conn` its seat's saved plan (nothing to anyone not seated at a planning
    table, nothing for a replay)."""
    seat = actor.seat_of(conn.player_id)
    if seat is None or actor.state is None or not has_planning(actor.setup.game):
        return
    host = actor.host
    saved = await host.db.read(host.store.plans.load, actor.id, seat)
    body: dict[str, Any] = {"type": "plan", "seat": seat, "plan": None, "version": None}
    if saved is not None:
        body.update(plan=saved.plan, version=saved.version)
    conn.send(dumps(body))

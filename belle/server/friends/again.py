""""Play again with these players" (issue 20 item 2): from a finished table, a new private
table with the same game, player count, pace and clock, the bots in their seats, the
one who asked in their own seat and every other person of the game invited.

One finished table makes one such table (UNIQUE (kind, source) in `table_origins`):
whoever asks later, on any worker, is led to it. The options are those of the last game,
or the game's `rematch_options(final)` where it has one (City of Light: the loser
starts, COL-26). `next_table` is the part a rematch (belle.server.table, branch
tablefeat) can share: what the next table between the same people is made of.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from belle.engine.errors import GameError
from belle.engine.game import State
from belle.engine.registry import load_game
from belle.server.errors import ServerError
from belle.server.ws.messages import dumps
from belle.storage import EMPTY_SEAT, Player, Seat, TableRecord

if TYPE_CHECKING:
    from belle.server.hub import Hub
    from belle.server.table.actor import TableActor

log = logging.getLogger("belle.server")


@dataclass(frozen=True, slots=True)
class NextTable:
    """What the next table between the same players is made of."""

    game: str
    options: dict[str, Any]
    players: int
    mode: str
    clock: dict[str, Any] | None
    seats: list[Seat]  # bots where they sat; people's seats empty
    people: dict[int, int]  # player id → the seat they had


def next_table(table: TableRecord, final: State[Any] | None) -> NextTable:
    """The next table of `table`'s players (`final`: its last state, for the options)."""
    options = dict(table.options)
    try:
        game = load_game(table.game, **options)
        rematch = getattr(game, "rematch_options", None)
        if callable(rematch) and final is not None and final.is_terminal():
            options = dict(rematch(final))
    except GameError as exc:  # options of an older engine: the defaults of today's
        log.warning("table %s: playing again with default options (%s)", table.id, exc)
        options = {}
    seats = [Seat("bot", None, None, s.bot) if s.kind == "bot" else EMPTY_SEAT
             for s in table.seats]
    people = {s.player_id: i for i, s in enumerate(table.seats)
              if s.kind == "human" and s.player_id is not None}
    return NextTable(table.game, options, table.players, table.mode, table.clock, seats,
                     people)


async def play_again(hub: Hub, actor: TableActor, player: Player) -> TableRecord:
    """The table to play again at (made now, or by someone before), `player` seated."""
    table = actor.table
    if table.status != "finished":
        raise ServerError("not_ready", "you can play again once the game is over")
    if actor.seat_of(player.id) is None:
        raise ServerError("not_seated", "only the players of this game can play again "
                                        "with its players")
    book = hub.friends.book
    made = await hub.db.read(book.made_from, table.id, "again")
    if made is None:
        made = await _make(hub, actor, player)
    again = await hub.actor(made)
    if again.table.status == "open" and again.seat_of(player.id) is None:
        seat = next_table(table, None).people.get(player.id)
        taken = seat is not None and again.table.seats[seat].kind != "empty"
        # full, or they were asked to leave: they may still watch
        with contextlib.suppress(ServerError):
            await again.seats.join(player, None if taken else seat)
    return again.table


async def _make(hub: Hub, actor: TableActor, player: Player) -> int:
    table = actor.table
    plan = next_table(table, actor.state)
    most = hub.limits.max_open_tables
    if await hub.db.read(hub.store.count_unfinished_tables, player.id) >= most:
        raise ServerError("too_many_tables", f"you have created {most} tables that are not "
                                             "finished; finish one before creating another")
    create = functools.partial(hub.store.create_table, private=True)
    made = await hub.db.write(create, plan.game, plan.options, plan.players, plan.mode,
                              player.id, plan.clock)
    book = hub.friends.book
    if not await hub.db.write(book.set_origin, made.id, "again", table.id, player.id):
        await hub.db.write(hub.store.close_table, made.id)  # someone else's came first
        found = await hub.db.read(book.made_from, table.id, "again")
        assert found is not None
        return found
    await hub.db.write(book.add_member, made.id, player.id, "host", None)
    invited = [p for p in plan.people if p != player.id]
    for other in invited:
        await hub.db.write(book.add_member, made.id, other, "again", player.id)
    seats = list(plan.seats)
    seats[plan.people[player.id]] = Seat("human", player.id, player.name)
    await hub.db.write(hub.store.update_seats, made.id, seats)
    record = await hub.db.read(hub.store.get_table, made.id)
    assert record is not None
    hub.table_changed(record)
    hub.friends.invitations.tell_invited(invited, record)
    _tell_at_table(actor, [player.id, *invited], {"type": "again", "table": made.id})
    return made.id


def _tell_at_table(actor: TableActor, player_ids: list[int], message: dict[str, Any]) -> None:
    """An unnumbered message to those players' sockets at the finished table (nobody
    else there learns of the new private table)."""
    text = dumps(message)
    for conn in list(actor.members):
        if conn.player_id in player_ids:
            conn.send(text)

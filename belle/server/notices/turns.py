""""Your turn" notices: the table listener that keeps whose turn it is, and e-mails it.

`TurnNotifier` is a `TableListener` (Hub.listeners). After each committed change it
looks at the seat to move; when that seat changed (a new turn, not another step of the
same player's turn) it notes the turn, and writes the noted turns to the `turns` table
(belle.storage.notices) in batches, one transaction every `BATCH_SECONDS`,
which is what `GET /api/me/next` reads, and, at a turn-based table, e-mails the
player whose turn it now is if they gave an address and asked for turn notices (when
they subscribed a browser to Web Push, the notice is pushed there instead and e-mail is
the fallback: belle.server.push). A batch storage refused (an outage) is kept and
written once storage answers. Bots get nothing, and the player who just moved cannot be
the one to move next at a new turn. The e-mail is queued on the Mailer's thread: the
table never waits for SMTP.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from belle.server.database import StorageUnavailable
from belle.server.hub import Hub
from belle.server.notices.email import turn_message
from belle.server.notices.mail import Mailer
from belle.server.push.sender import Pusher
from belle.server.table import payloads
from belle.server.table.actor import TableActor
from belle.server.tasks import stop_task
from belle.storage.notices import Notices, TurnChange
from belle.storage.store import now


def _player_to_move(actor: TableActor, seat: int) -> int | None:
    """The person whose move it is at `seat`: None when a bot plays it (away, forfeited)."""
    occupant = actor.setup.seats[seat]
    return None if occupant.bot_plays else occupant.player_id


BATCH_SECONDS = 0.1


@dataclass(frozen=True, slots=True)
class Noted:
    """A turn change waiting to be written, with what its e-mail needs."""

    change: TurnChange
    mode: str
    game: str


class TurnNotifier:
    """The listener; `mailer` is None when no SMTP server is configured."""

    def __init__(self, hub: Hub, notices: Notices, mailer: Mailer | None,
                 batch_seconds: float = BATCH_SECONDS) -> None:
        self.hub = hub
        self.notices = notices
        self.mailer = mailer
        self.batch_seconds = batch_seconds
        self._pending: list[Noted] = []  # turn changes not written yet, in order
        self._writing = asyncio.Lock()  # one batch at a time, and never beside end_turns
        self._flush_task: asyncio.Task[None] | None = None
        self.pusher: Pusher | None = None  # Web Push first, e-mail the fallback

    async def progressed(self, actor: TableActor) -> None:
        state = actor.state
        if state is None or state.is_terminal():
            return
        seat = state.current_player()
        entries = actor.entries
        if seat < 0 or (entries and entries[-1].player == seat):
            # Chance, or another step of the same turn: no database round trip. (The log,
            # not a memory of this worker, says so: another worker may have moved since.)
            return
        table = actor.setup
        player_id = _player_to_move(actor, seat)
        self._pending.append(Noted((actor.id, seat, player_id, now()), table.mode, table.game))
        if self._flush_task is None or self._flush_task.done():
            self._flush_task = asyncio.create_task(self._flush_soon())

    async def stop(self) -> None:
        """At shutdown, once the tables are closed: a batch noted while they closed (a bot
        still moving) is not written — the database threads are gone by then."""
        task, self._flush_task = self._flush_task, None
        await stop_task(task)

    async def _flush_soon(self) -> None:
        """Flush a batch later; a batch storage refused (an outage) is kept and tried
        again a batch later, until storage answers or the server stops."""
        while True:
            await asyncio.sleep(self.batch_seconds)
            try:
                await self.flush()
                return
            except StorageUnavailable:
                continue

    async def flush(self) -> None:
        """Write the noted turn changes (one transaction), then e-mail the new turns.

        Batched because a commit per turn change cost the table a sixth of its moves per
        second under load (belle bench --server); a turn is noted at most
        `batch_seconds` late, and /api/me/next flushes first."""
        async with self._writing:
            batch, self._pending = self._pending, []
            if not batch:
                return
            mailed = [n for n in batch if n.mode == "turn"]  # a new turn there is e-mailed
            try:
                await self.hub.db.write(self.notices.note_turns,
                                        [n.change for n in batch if n.mode != "turn"])
            except StorageUnavailable:
                self._pending[:0] = batch  # kept, in order, for the next flush
                raise
            try:
                began = await self.hub.db.write(self.notices.set_turns,
                                                [n.change for n in mailed])
            except StorageUnavailable:
                self._pending[:0] = mailed  # the others were written
                raise
            # Under the lock too: when flush() returns, every e-mail noted before it is
            # queued, even one of a batch another flush had begun.
            for index in began:
                table_id, _seat, player_id, _since = mailed[index].change
                if player_id is not None:
                    await self._tell_turn(player_id, mailed[index].game, table_id)

    async def _tell_turn(self, player_id: int, game: str, table_id: int) -> None:
        """By Web Push to the player's browsers (belle.server.push); by e-mail when they
        subscribed none, or none took the notice."""
        if self.pusher is None:
            await self._mail_turn(player_id, game, table_id)
            return
        await self.pusher.turn(player_id, game, table_id,
                               lambda: self._mail_turn(player_id, game, table_id))

    async def reseated(self, actor: TableActor) -> None:
        """A bot took over a seat or its player took it back (away, back, forfeit): if
        that seat is to move, the turn is now that person's or nobody's (a bot's). The
        turn keeps its start and sends no e-mail: the player just acted at the table."""
        state = actor.state
        if state is None or state.is_terminal() or state.current_player() < 0:
            return
        seat = state.current_player()
        await self.flush()
        await self.hub.db.write(self.notices.set_turn_player, actor.id, seat,
                             _player_to_move(actor, seat))

    async def finished(self, actor: TableActor) -> None:
        async with self._writing:  # no batch may bring the row back after this
            self._pending = [n for n in self._pending if n.change[0] != actor.id]
            await self.hub.db.write(self.notices.end_turns, actor.id)

    async def _mail_turn(self, player_id: int, game: str, table_id: int) -> None:
        if self.mailer is None:
            return
        contact = await self.hub.db.read(self.notices.contact, player_id)
        if contact is None or not contact.turn_notices or not contact.verified:
            return  # an address not confirmed gets nothing but its confirmation link
        title = payloads.game_titles().get(game, game)
        message = turn_message(contact.email, title, table_id, self.mailer.config.public_url)
        self.mailer.send(message, f"turn notice for player {player_id} at table {table_id}")

"""Invitations (issue 20 item 1): by player name, and by link.

The host of an unfinished table invites a player by name: the player becomes a member
(a private table opens to them), their lobby lists the invitation, and they sit down
like anyone. The host also makes invitation links, `/invite/<token>`: the token is the
link's row id and random key signed with the server secret (itsdangerous), so links
cannot be guessed or forged; the row makes them revocable and, when single-use, spent
by their first user (who may come back through it). Whoever opens a valid link becomes
a member and may sit down — a guest arriving for the first time picks a name on the
invitation page first.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from itsdangerous import BadSignature, URLSafeSerializer

from belle.server.errors import ServerError, worded
from belle.server.ids import MAX_ID
from belle.server.table import payloads
from belle.storage import Player, TableRecord
from belle.storage.friends import InviteLink, Member

if TYPE_CHECKING:
    from belle.server.hub import Hub
    from belle.server.table.actor import TableActor

INVITABLE = ("open", "running")  # a running private table may still let members watch
LINKS_PER_TABLE = 20
INVALID_LINK = worded("this invitation link is not valid any more: it may have been "
                      "withdrawn, used by someone else, or its table may be over")


class InviteTokens:
    """Signs and reads the tokens of invitation links (never expire: revoked instead)."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="belle-invite")

    def token(self, link: InviteLink) -> str:
        return self._serializer.dumps({"l": link.id, "k": link.key})

    def read(self, token: str) -> tuple[int, str] | None:
        """(link id, key) of a token this server signed; None otherwise."""
        if len(token) > 200:
            return None
        try:
            data = self._serializer.loads(token)
        except BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        link, key = data.get("l"), data.get("k")
        if isinstance(link, int) and not isinstance(link, bool) and isinstance(key, str):
            return link, key
        return None


@dataclass(frozen=True, slots=True)
class Opened:
    """A valid link and its table."""

    link: InviteLink
    table: TableRecord


class Invitations:
    """Invitations by name and by link, checked and stored."""

    def __init__(self, hub: Hub, secret: str) -> None:
        self.hub = hub
        self.tokens = InviteTokens(secret)

    # -- by name -----------------------------------------------------------
    async def invite(self, actor: TableActor, host: Player, name: str) -> Member:
        """The host invites the player called `name`."""
        self._require_host(actor, host)
        hub = self.hub
        guest = await hub.db.read(hub.store.get_player_by_name, name.strip())
        if guest is None:
            raise ServerError("not_found", "there is no player named '{name}'",
                              params={"name": name.strip()[:24]})
        if guest.id == host.id:
            raise ServerError("bad_options", "you are at this table already")
        if guest.id in actor.table.banned:
            raise ServerError("kicked", "you asked {name} to leave this table: they "
                                        "cannot sit at it again", params={"name": guest.name})
        await hub.guard.check_may_invite(host, guest)  # issue 20 item 7
        book = hub.friends.book
        await hub.db.write(book.add_member, actor.id, guest.id, "name", host.id)
        self.tell_invited([guest.id], actor.table)
        hub.friends.personal.table_changed(actor.table)
        return next(m for m in await hub.db.read(book.members, actor.id)
                    if m.player_id == guest.id)

    async def withdraw(self, actor: TableActor, host: Player, name: str) -> None:
        """The host takes an invitation back (not from someone seated)."""
        self._require_host(actor, host)
        hub = self.hub
        guest = await hub.db.read(hub.store.get_player_by_name, name.strip())
        if guest is None:
            raise ServerError("not_found", "there is no player named '{name}'",
                              params={"name": name.strip()[:24]})
        if guest.id == host.id or actor.seat_of(guest.id) is not None:
            raise ServerError("bad_options", "{name} sits at this table: ask them to "
                                             "leave first", params={"name": guest.name})
        if not await hub.db.write(hub.friends.book.remove_member, actor.id, guest.id):
            raise ServerError("not_found", "{name} was not invited", params={"name": guest.name})
        hub.friends.personal.send([guest.id], {"type": "invited"})

    def tell_invited(self, player_ids: list[int], table: TableRecord) -> None:
        """Invitees' lobbies refresh their invitations (and see the private table)."""
        self.hub.friends.personal.send(player_ids, {"type": "invited", "table": table.id})

    # -- links -------------------------------------------------------------
    async def create_link(self, actor: TableActor, host: Player,
                          single_use: bool) -> tuple[InviteLink, str]:
        self._require_host(actor, host)
        hub = self.hub
        book = hub.friends.book
        if len(await hub.db.read(book.links, actor.id)) >= LINKS_PER_TABLE:
            raise ServerError("too_many_tables", "a table has at most {most} "
                                                 "invitation links: withdraw one first",
                              params={"most": LINKS_PER_TABLE})
        link = await hub.db.write(book.create_link, actor.id, host.id,
                                  secrets.token_urlsafe(16), single_use)
        return link, self.tokens.token(link)

    async def links(self, actor: TableActor, host: Player) -> list[tuple[InviteLink, str]]:
        self._require_host(actor, host)
        found = await self.hub.db.read(self.hub.friends.book.links, actor.id)
        return [(link, self.tokens.token(link)) for link in found]

    async def revoke(self, actor: TableActor, host: Player, link_id: int) -> None:
        self._require_host(actor, host)
        if not 0 < link_id <= MAX_ID or not await self.hub.db.write(
                self.hub.friends.book.revoke_link, actor.id, link_id):
            raise ServerError("not_found", "no such invitation link at this table")

    async def open(self, token: str) -> Opened:
        """The link and table of a token that can still be used; else `not_found`."""
        hub = self.hub
        found = self.tokens.read(token)
        link = await hub.db.read(hub.friends.book.link, found[0]) if found else None
        if found is None or link is None or link.key != found[1] or link.revoked_at:
            raise ServerError("not_found", INVALID_LINK)
        table = await hub.db.read(hub.store.get_table, link.table_id)
        if table is None or table.status not in INVITABLE:
            raise ServerError("not_found", INVALID_LINK)
        return Opened(link, table)

    async def accept(self, token: str, player: Player) -> TableRecord:
        """Spend the link for `player` (a single-use link: only its first user) and open
        the table to them."""
        opened = await self.open(token)
        hub = self.hub
        book = hub.friends.book
        if not await hub.db.write(book.use_link, opened.link.id, player.id):
            raise ServerError("not_found", INVALID_LINK)
        if player.id in opened.table.banned:
            raise ServerError("kicked", "the host asked you to leave this table: you cannot "
                                        "sit at it again")
        if await hub.db.write(book.add_member, opened.table.id, player.id, "link",
                              opened.link.created_by):
            hub.friends.personal.table_changed(opened.table)
        return opened.table

    def link_json(self, link: InviteLink, token: str) -> dict[str, Any]:
        return {"id": link.id, "single_use": link.single_use, "url": f"/invite/{token}",
                "token": token, "created_at": payloads.iso(link.created_at),
                "used": link.used_by is not None}

    def _require_host(self, actor: TableActor, player: Player) -> None:
        if not actor.hosting.may_manage(player):
            raise ServerError("not_host", "only the table's host may invite")
        if actor.table.status not in INVITABLE:
            raise ServerError("not_open", "this table is over: nobody can be invited to it")

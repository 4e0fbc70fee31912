"""Caps per client address on what is cheap to ask and costly to hold: new names (each
guest name is a player row, and a new player gets a fresh per-player allowance of
tables) and open tables (each is a lobby row everyone's lobby shows); and on
confirmation e-mails, per player, per recipient and per address, so `PUT /api/me/email`
cannot be used to bomb someone's mailbox.

Without them, six guest names from one address opened sixty tables and flooded the
lobby (issue 17). Per player the host's `Limits.max_open_tables` still holds; per
address `Limits.names_per_address_hour` new names an hour and
`Limits.open_tables_per_address` tables created from it that have not started yet.
Addresses are grouped as every per-address limit groups them (an IPv6 /64,
belle.server.addresses); the counters are shared by the workers through Redis when
there are several (belle.server.quotas). 0 turns a cap off.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from belle.server.errors import ServerError

if TYPE_CHECKING:
    from belle.server.hub import Hub

HOUR = 3600.0
TABLE_MEMORY = 24 * HOUR  # how long a table created from an address is looked at


class AddressCaps:
    """New names and open tables per client address."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def new_name(self, address: str) -> None:
        """Count a new name picked from `address`, or refuse it (`rate_limited`)."""
        most = self.hub.limits.names_per_address_hour
        if not most:
            return
        wait = await self.hub.quotas.spend(f"names:{address}", most, HOUR)
        if wait > 0:
            raise ServerError("rate_limited", "too many new names from your address: "
                                              "try again in {minutes} min, or sign in "
                                              "with a name you have",
                              params={"minutes": max(1, math.ceil(wait / 60))})

    async def open_tables(self, address: str) -> int:
        """How many tables created from `address` have not started (nor closed) yet."""
        hub = self.hub
        key = f"tables:{address}"
        created = await hub.quotas.members(key)
        if not created:
            return 0
        still = await hub.db.read(hub.store.with_status, sorted(created), "open")
        await hub.quotas.forget(key, created - still)
        return len(still)

    async def may_open_table(self, address: str) -> None:
        """Refuse (`too_many_tables`) a new table from an address that has its
        `open_tables_per_address` open already."""
        most = self.hub.limits.open_tables_per_address
        if most and await self.open_tables(address) >= most:
            raise ServerError("too_many_tables", "{most} tables created from your address "
                                                 "are waiting for players: start or close "
                                                 "one before creating another",
                              params={"most": most})

    async def confirmation_mail(self, player_id: int, recipient: str, address: str) -> None:
        """Count one confirmation e-mail, or refuse it (`rate_limited`) past
        `Limits.emails_per_hour` for the player or the recipient, or
        `Limits.emails_per_address_hour` for the client address."""
        limits, quotas = self.hub.limits, self.hub.quotas
        keys = [(f"mail-player:{player_id}", limits.emails_per_hour),
                (f"mail-to:{recipient.casefold()}", limits.emails_per_hour),
                (f"mail-from:{address}", limits.emails_per_address_hour)]
        for key, most in keys:
            if not most:
                continue
            wait = await quotas.spend(key, most, HOUR)
            if wait > 0:
                raise ServerError("rate_limited", "too many confirmation e-mails: try "
                                                  "again in {minutes} min",
                                  params={"minutes": max(1, math.ceil(wait / 60))})

    async def opened_table(self, address: str, table_id: int) -> None:
        if self.hub.limits.open_tables_per_address:
            await self.hub.quotas.note(f"tables:{address}", table_id, TABLE_MEMORY)

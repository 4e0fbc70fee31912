"""The server's limits on what one client may ask of it (`Limits`, configurable per app:
`create_app(limits=...)`, or some from the environment, belle.server.app)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits: message size, chat length, rate (token bucket), queue
    (in messages and bytes); per player: tables created and not finished yet, tables
    with bots running; per client address: HTTP requests (belle.server.http.ratelimit;
    0 a minute turns that limit off) and body size; per address and per player: open
    sockets and `hello`s (belle.server.ws.admission; 0 turns a cap off)."""

    max_message: int = 16 * 1024
    max_chat: int = 500
    rate: float = 20.0  # messages per second, sustained
    burst: int = 60
    queue: int = 1024  # outgoing messages waiting before the member is dropped
    max_open_tables: int = 10  # open or running tables one player has created
    http_per_minute: float = 600.0  # HTTP requests of one client address, sustained
    http_burst: int = 120
    max_body: int = 64 * 1024  # bytes of an HTTP request body
    queue_bytes: int = 4 * 1024 * 1024  # outgoing bytes waiting before the member is dropped
    sockets_per_address: int = 64  # open websockets of one client address
    sockets_per_player: int = 16  # open websockets of one player
    hellos_per_second: float = 1.0  # of one socket, sustained (bursts of hello_burst)
    hello_burst: int = 10
    address_hellos_per_second: float = 20.0  # of one client address, all its sockets
    player_hellos_per_second: float = 5.0  # of one player, all their sockets
    bot_tables: int = 3  # running tables with bots one player (or address) has started
    open_table_seconds: float = 2 * 3600.0  # an open table unchanged this long expires
    names_per_address_hour: int = 10  # new names (guests or kept) one address picks an hour
    open_tables_per_address: int = 10  # tables created from one address not started yet
    emails_per_hour: int = 3  # confirmation e-mails to one player, and to one recipient
    emails_per_address_hour: int = 10  # confirmation e-mails asked from one address

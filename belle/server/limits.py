"""The server's limits on what one client may ask of it (`Limits`, configurable per app:
`create_app(limits=...)`, or some from the environment, belle.server.app)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits: message size, chat length, rate (token bucket), queue;
    per player: tables created and not finished yet; per client address: HTTP requests
    (belle.server.http.ratelimit; 0 a minute turns that limit off)."""

    max_message: int = 16 * 1024
    max_chat: int = 500
    rate: float = 20.0  # messages per second, sustained
    burst: int = 60
    queue: int = 1024  # outgoing messages waiting before the member is dropped
    max_open_tables: int = 10  # open or running tables one player has created
    http_per_minute: float = 600.0  # HTTP requests of one client address, sustained
    http_burst: int = 120

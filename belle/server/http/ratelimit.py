"""The HTTP request rate limit: a token bucket per client address, as ASGI middleware.

Each client (the IP in the ASGI scope, an IPv6 one by its /64: belle.server.addresses;
behind a reverse proxy, run uvicorn with `--forwarded-allow-ips` so that the scope holds
the real client) may make
`Limits.http_per_minute` requests a minute, in bursts of up to `Limits.http_burst`.
Beyond that it gets 429 in Belle's error shape with `Retry-After`. Static files
(`/static/…`) are exempt: a page load fetches a dozen modules, and they are cheap.
Websockets are not counted here; each socket has its own message limit
(belle.server.ws.connection). `http_per_minute = 0` turns the limit off.

The buckets live in memory, per worker, and at most `MAX_CLIENTS` of them (the least
recently seen are forgotten first), so a flood of addresses cannot exhaust memory.
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from belle.server.addresses import client_key
from belle.server.errors import ServerError

MAX_CLIENTS = 50_000
EXEMPT_PREFIXES = ("/static/",)


class RateLimiter:
    """Token buckets by client key: `rate_per_minute` tokens a minute up to `burst`."""

    def __init__(
        self,
        rate_per_minute: float,
        burst: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = MAX_CLIENTS,
    ) -> None:
        if rate_per_minute < 0 or burst < 1:
            raise ValueError("the rate must not be negative and the burst must be at least 1")
        self.rate = rate_per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, time

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def take(self, client: str) -> float:
        """Spend one token of `client`'s bucket: 0.0 if allowed, else the seconds until
        a token is back."""
        moment = self.clock()
        tokens, stamp = self._buckets.pop(client, (self.burst, moment))
        tokens = min(self.burst, tokens + (moment - stamp) * self.rate)
        if tokens >= 1.0:
            tokens -= 1.0
            wait = 0.0
        else:
            wait = (1.0 - tokens) / self.rate
        self._buckets[client] = (tokens, moment)
        if len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return wait


class RateLimitMiddleware:
    """Answers 429 (`rate_limited`, with Retry-After) to a client over its limit."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.limiter.enabled or _exempt(scope["path"]):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.limiter.take(client_key(client[0] if client else None))
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        await _refuse(send, max(1, math.ceil(wait)))


def _exempt(path: str) -> bool:
    return path.startswith(EXEMPT_PREFIXES)


async def _refuse(send: Send, retry_after: int) -> None:
    error = ServerError("rate_limited", "too many requests: try again in {seconds} s",
                        params={"seconds": retry_after})
    body = json.dumps(error.to_json()).encode()
    await send({
        "type": "http.response.start",
        "status": error.status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(retry_after).encode()),
        ],
    })
    await send({"type": "http.response.body", "body": body})

"""A planned stop (SIGTERM from systemd or docker, Ctrl+C): uvicorn's server, except that
the worker hands its tables over before anything else, and waits on its connections for
a bounded time.

uvicorn stops accepting, asks every connection to close (websockets get 1012 and
reconnect to another worker), waits for the requests under way, and only then runs the
app's shutdown. Handing the tables over there (Hub.close) would leave every bot table
this worker led waiting as long as the slowest request, and a worker killed at the
supervisor's deadline (systemd's TimeoutStopSec, compose's stop_grace_period) would
never hand them over: they would wait a whole lease period for the others' sweep. So
the hand-over (Hub.hand_over: a few Redis calls) comes first, bounded by
`HAND_OVER_SECONDS`, and the wait on connections is bounded by `GRACEFUL_SECONDS`.

The whole stop then takes at most about HAND_OVER_SECONDS + GRACEFUL_SECONDS + the app's
own shutdown (the last publications, FLUSH_SECONDS, and the database threads): 20 s in
the worst case, under the 30 s that deploy/belle@.service and compose.yaml allow.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import sys
from typing import Any

import uvicorn

from belle.server.hub import Hub

HAND_OVER_SECONDS = 5.0
GRACEFUL_SECONDS = 10  # uvicorn's timeout_graceful_shutdown
STARTUP_FAILURE = 3  # uvicorn's exit status when the app did not start

log = logging.getLogger("belle.server")


class HandingOverServer(uvicorn.Server):
    """uvicorn's server, handing the hub's tables over first when it stops."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await asyncio.wait_for(self.hub.hand_over(), HAND_OVER_SECONDS)
        except Exception as exc:  # the leases lapse by themselves within a lease period
            log.warning("the tables were not handed over (%r)", exc)
        await super().shutdown(sockets)


def serve(app: Any, hub: Hub, **options: Any) -> None:
    """`uvicorn.run(app, **options)` with a `HandingOverServer`: until stopped."""
    config = uvicorn.Config(app, timeout_graceful_shutdown=GRACEFUL_SECONDS, **options)
    server = HandingOverServer(config, hub)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)

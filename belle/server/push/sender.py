""""Your turn" as Web Push: `Pusher.turn` sends the notice to every browser the player
subscribed, encrypted for each (RFC 8291, aes128gcm) and signed with the server's VAPID
key, through pywebpush.

Sending blocks (an HTTP request to the browser's push service), so it runs on the
Pusher's own threads and the table never waits for it. E-mail stays the fallback: when
the player has no subscription, or no push service accepted the notice, `turn` calls
the `fallback` it was given (the e-mail notice of belle.server.notices.turns). An
endpoint the push service says is gone (404, 410) is forgotten.

The payload is small JSON with no sentence in it: `{"kind": "turn", "table", "game",
"title", "url"}` (`title`: the game's, in English, a catalogue key); the service worker
(belle/web/sw.js) words the notice in the reader's language.
Endpoints must be https:// (every browser's push service is): the server never posts
to an address on its own network on a client's say-so. `BELLE_PUSH_INSECURE=1` lifts
that for tests and private networks.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

from belle.server.database import Database
from belle.server.push.keys import VapidKeys
from belle.server.table import payloads
from belle.storage.push import PushSubscriptions, Subscription

log = logging.getLogger("belle.server.push")

PUSH_TIMEOUT = 10.0
TTL_SECONDS = 24 * 3600  # a turn-based notice still matters a day later
GONE = (404, 410)


def endpoint_problem(endpoint: str, insecure: bool) -> str | None:
    """Why `endpoint` cannot be a push endpoint (None: it can)."""
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        return "the endpoint is not a URL"
    allowed = ("https", "http") if insecure else ("https",)
    if parts.scheme not in allowed or not parts.hostname:
        return "a push endpoint is an https:// URL"
    if len(endpoint) > 1024:
        return "the endpoint is longer than 1024 characters"
    return None


def contact(env: dict[str, str] | None = None) -> str:
    """The VAPID `sub` claim: how a push service reaches the operator."""
    env = dict(os.environ) if env is None else env
    given = env.get("BELLE_PUSH_CONTACT") or ""
    if given.startswith(("mailto:", "https://")):
        return given
    public = env.get("BELLE_PUBLIC_URL") or ""
    return public if public.startswith("https://") else "mailto:operator@localhost"


class Pusher:
    """Sends turn notices by Web Push on background threads."""

    def __init__(self, db: Database, subscriptions: PushSubscriptions, keys: VapidKeys,
                 sub: str | None = None) -> None:
        self.db = db
        self.subscriptions = subscriptions
        self.keys = keys
        self.claims = {"sub": sub or contact()}
        self.insecure = os.environ.get("BELLE_PUSH_INSECURE") == "1"
        self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="belle-push")
        self._tasks: set[asyncio.Task[None]] = set()

    async def turn(self, player_id: int, game: str, table_id: int,
                   fallback: Callable[[], Awaitable[None]]) -> None:
        """Tell the player it is their turn at `table_id`: by push, else by `fallback`."""
        found = await self.db.read(self.subscriptions.of_player, player_id)
        if not found:
            await fallback()
            return
        payload = json.dumps({"kind": "turn", "table": table_id, "game": game,
                              "title": payloads.game_titles().get(game, game),
                              "url": f"/table/{table_id}"})
        task = asyncio.create_task(self._deliver(found, payload, fallback,
                                                 f"player {player_id} at table {table_id}"))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, found: list[Subscription], payload: str,
                       fallback: Callable[[], Awaitable[None]], about: str) -> None:
        loop = asyncio.get_running_loop()
        delivered = 0
        for subscription in found:
            if await loop.run_in_executor(self._executor, self._send, subscription, payload):
                delivered += 1
        log.info("turn notice for %s pushed to %d of %d devices", about, delivered, len(found))
        if not delivered:
            await fallback()

    def _send(self, subscription: Subscription, payload: str) -> bool:
        """One push, on a Pusher thread; whether the push service took it."""
        if endpoint_problem(subscription.endpoint, self.insecure) is not None:
            return False
        try:
            webpush(subscription.info(), payload, vapid_private_key=self.keys.signer(),
                    vapid_claims=dict(self.claims), ttl=TTL_SECONDS, timeout=PUSH_TIMEOUT)
            return True
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in GONE:
                self.subscriptions.forget(subscription.endpoint)
            log.warning("push refused (status %s)", status)
        except Exception as exc:  # a network failure, a bad key: the move stands
            log.warning("push failed: %s", type(exc).__name__)
        return False

    async def flush(self) -> None:
        """Wait for the pushes under way (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

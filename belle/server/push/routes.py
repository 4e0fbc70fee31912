"""The installable app over HTTP: the manifest, the service worker (served from the root,
so it controls every page), the offline page, and Web Push subscriptions:
`GET /api/push/key` (the VAPID public key a browser subscribes with), `PUT` and
`DELETE /api/me/push` (this browser's subscription, for the signed-in player).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel

from belle.server.errors import ServerError
from belle.server.http.identity import signed_in
from belle.server.http.pages import WEB, page
from belle.server.hub import hub_of
from belle.server.push.sender import Pusher, endpoint_problem

router = APIRouter()


class PushKeys(BaseModel):
    p256dh: str
    auth: str


class SubscriptionBody(BaseModel):
    endpoint: str
    keys: PushKeys | None = None


def pusher_of(request: Request) -> Pusher:
    pusher = request.app.state.pusher
    assert isinstance(pusher, Pusher)
    return pusher


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest() -> Response:
    return FileResponse(WEB / "manifest.webmanifest", media_type="application/manifest+json",
                        headers={"cache-control": "no-cache"})


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    return FileResponse(WEB / "sw.js", media_type="text/javascript",
                        headers={"cache-control": "no-cache", "service-worker-allowed": "/"})


@router.get("/offline", include_in_schema=False)
async def offline() -> Response:
    return page("offline.html")


@router.get("/api/push/key")
async def public_key(request: Request) -> Any:
    return {"public_key": pusher_of(request).keys.public_key}


@router.put("/api/me/push")
async def subscribe(body: SubscriptionBody, request: Request) -> Any:
    player = await signed_in(request)
    pusher = pusher_of(request)
    problem = endpoint_problem(body.endpoint, pusher.insecure)
    if problem is None and body.keys is None:
        problem = "a subscription has keys: {\"p256dh\", \"auth\"}"
    if problem is None and body.keys is not None and not (
            0 < len(body.keys.p256dh) <= 200 and 0 < len(body.keys.auth) <= 100):
        problem = "the subscription's keys are not a browser's"
    if problem is not None or body.keys is None:
        raise ServerError("bad_options", problem or "bad subscription")
    await hub_of(request).db.write(pusher.subscriptions.subscribe, player.id, body.endpoint,
                                   body.keys.p256dh, body.keys.auth)
    return {"subscribed": True}


@router.delete("/api/me/push")
async def unsubscribe(body: SubscriptionBody, request: Request) -> Any:
    player = await signed_in(request)
    pusher = pusher_of(request)
    gone = await hub_of(request).db.write(pusher.subscriptions.unsubscribe, player.id,
                                          body.endpoint)
    return {"subscribed": False, "removed": gone}

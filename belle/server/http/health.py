"""`GET /api/health`: for load balancers and operators.

200 `{"ok": true, …}` when this worker answers and its database takes writes; 503
`{"ok": false, "storage": "unavailable" | "read-only", …}` when it does not (a lock held
elsewhere, a database that is down or refuses writes), so a balancer sends players to
another worker. `fanout` says whether it hears the other workers ("local" for one
process, "up" or "down" with Redis: a worker without Redis still serves its sockets).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from belle.server.hub import hub_of

router = APIRouter(prefix="/api")


@router.get("/health")
async def health(request: Request) -> Any:
    hub = hub_of(request)
    fanout = hub.fanout
    state = "local" if not fanout.clustered else "up" if fanout.is_connected() else "down"
    storage = await hub.db.health()
    body = {"ok": storage == "ok", "storage": storage, "fanout": state,
            "worker": fanout.worker}
    return JSONResponse(body, status_code=200 if storage == "ok" else 503)

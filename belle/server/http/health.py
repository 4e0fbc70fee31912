"""`GET /api/health`: for load balancers and operators."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from belle.server.hub import hub_of

router = APIRouter(prefix="/api")


@router.get("/health")
async def health(request: Request) -> Any:
    """For load balancers and operators: this worker answers; whether it hears the others
    (`fanout`: "local" for one process, "up" or "down" with Redis)."""
    fanout = hub_of(request).fanout
    state = "local" if not fanout.clustered else "up" if fanout.is_connected() else "down"
    return {"ok": True, "fanout": state, "worker": fanout.worker}

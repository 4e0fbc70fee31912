"""The operator's page (`/admin`) and its API (`/api/admin/...`), behind the operator's
password.

The password is set with `belle admin password` (its argon2 hash is kept in the
database's settings); until then the page only says how to set it. Signing in
(`POST /api/admin/session`) is throttled like players' passwords and sets a signed
cookie (`belle_operator`, HttpOnly, SameSite=Strict, `SESSION_SECONDS`); a new
password ends every operator session (the cookie carries the hash's tail). The operator
sees open reports, mutes or bans a name (and lifts it), resolves reports, and closes
a table (belle.server.moderation.operator).
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from pydantic import BaseModel, StrictBool

from belle.server.errors import ServerError
from belle.server.http.identity import address
from belle.server.http.pages import page
from belle.server.hub import Hub, hub_of
from belle.server.moderation import operator
from belle.server.moderation.guard import Guard
from belle.server.table import payloads
from belle.storage.moderation import Report, Sanction

router = APIRouter()
COOKIE = "belle_operator"
SESSION_SECONDS = 12 * 3600
OPERATOR = "operator"  # the throttle's account name


class PasswordBody(BaseModel):
    password: str


class SanctionBody(BaseModel):
    muted: StrictBool | None = None
    banned: StrictBool | None = None


class OperatorSessions:
    """Signed operator cookies, bound to the current password hash."""

    def __init__(self, secret: str) -> None:
        self.serializer = URLSafeTimedSerializer(secret, salt="belle-operator")

    def token(self, password_hash: str) -> str:
        return self.serializer.dumps({"pw": password_hash[-16:]})

    def valid(self, cookie: str | None, password_hash: str | None) -> bool:
        if not cookie or password_hash is None:
            return False
        try:
            data = self.serializer.loads(cookie, max_age=SESSION_SECONDS)
        except BadSignature:
            return False
        return isinstance(data, dict) and data.get("pw") == password_hash[-16:]


def _guard(hub: Hub) -> Guard:
    guard = hub.guard
    assert isinstance(guard, Guard)
    return guard


async def _require_operator(request: Request) -> Hub:
    hub = hub_of(request)
    sessions: OperatorSessions = request.app.state.operator_sessions
    stored = await hub.db.read(_guard(hub).store.operator_password_hash)
    if not sessions.valid(request.cookies.get(COOKIE), stored):
        raise ServerError("not_signed_in", "sign in as the operator first")
    return hub


@router.get("/admin", include_in_schema=False)
async def admin_page() -> Response:
    return page("admin.html")


@router.post("/api/admin/session")
async def sign_in(body: PasswordBody, request: Request, response: Response) -> Any:
    hub = hub_of(request)
    stored = await hub.db.read(_guard(hub).store.operator_password_hash)
    if stored is None:
        raise ServerError("not_ready", "no operator password is set: run "
                                       "`belle admin password` on the server first")
    await hub.login_throttle.attempt(OPERATOR, address(request))
    if not await hub.passwords.verify(stored, body.password):
        raise ServerError("bad_password", "that is not the operator's password")
    sessions: OperatorSessions = request.app.state.operator_sessions
    response.set_cookie(COOKIE, sessions.token(stored), max_age=SESSION_SECONDS,
                        httponly=True, samesite="strict", path="/",
                        secure=request.url.scheme == "https")
    return {"operator": True}


@router.delete("/api/admin/session")
async def sign_out(response: Response) -> Any:
    response.delete_cookie(COOKIE, path="/")
    return {"operator": False}


@router.get("/api/admin/reports")
async def reports(request: Request) -> Any:
    hub = await _require_operator(request)
    guard = _guard(hub)
    found = await hub.db.read(guard.store.open_reports)
    sanctioned = await hub.db.read(guard.store.sanctions)
    return {"reports": [_report(r) for r in found],
            "sanctions": [_sanction(s) for s in sanctioned]}


@router.post("/api/admin/reports/{report_id}/resolve")
async def resolve(report_id: int, request: Request) -> Any:
    hub = await _require_operator(request)
    if not 0 < report_id < 2**31 or not await hub.db.write(_guard(hub).store.resolve,
                                                            report_id):
        raise ServerError("not_found", "there is no open report {report}",
                          params={"report": report_id})
    return {"resolved": report_id}


@router.post("/api/admin/players/{name}")
async def sanction(name: str, body: SanctionBody, request: Request) -> Any:
    """Mute or ban a name, or lift it: `{"muted": bool, "banned": bool}` (either)."""
    hub = await _require_operator(request)
    player = await hub.db.read(hub.store.get_player_by_name, name)
    if player is None:
        raise ServerError("not_found", "there is no player '{name}'", params={"name": name[:24]})
    guard = _guard(hub)
    found = await hub.db.write(functools.partial(guard.store.sanction, player.id,
                                                 muted=body.muted, banned=body.banned))
    assert found is not None
    if found.banned:
        await hub.bans.banned_here(player.id)  # cut off everywhere; seats resigned here
    await guard.refresh()
    return _sanction(found)


@router.post("/api/admin/tables/{table_id}/close")
async def close(table_id: int, request: Request) -> Any:
    hub = await _require_operator(request)
    return {"table": table_id, "status": await operator.close_table(hub, table_id)}


def _report(report: Report) -> dict[str, Any]:
    return {
        "id": report.id, "chat_id": report.chat_id, "table_id": report.table_id,
        "author": report.author, "text": report.text, "said_at": payloads.iso(report.said_at),
        "reporter": report.reporter, "reason": report.reason,
        "created_at": payloads.iso(report.created_at),
    }


def _sanction(found: Sanction) -> dict[str, Any]:
    return {"name": found.name, "muted": found.muted, "banned": found.banned}

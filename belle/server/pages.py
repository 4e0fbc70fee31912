"""The pages (`/`, `/table/{id}`), the static client under `/static/`, security headers.

The client lives in `belle/web/` (ES modules, no build step). Every HTTP response gets
a Content-Security-Policy (scripts from this origin only), nosniff and a strict
referrer policy, from a small ASGI middleware.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

WEB = Path(__file__).resolve().parent.parent / "web"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self' ws: wss:; font-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]

MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Belle</title></head><body><h1>Belle</h1>
<p>The browser client ({page}) is not installed in belle/web/. The API is at /api/.</p>
</body></html>"""

router = APIRouter()


def _page(name: str) -> Response:
    path = WEB / name
    if path.is_file():
        return FileResponse(path, media_type="text/html", headers={"cache-control": "no-cache"})
    return HTMLResponse(MISSING.format(page=name), status_code=503)


@router.get("/", include_in_schema=False)
async def lobby_page() -> Response:
    return _page("index.html")


@router.get("/table/{table_id}", include_in_schema=False)
async def table_page(table_id: int) -> Response:
    return _page("table.html")


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static")


class SecurityHeaders:
    """ASGI middleware adding `HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)

"""The ASGI app factory `create_app` and `run`, which serves it with uvicorn.

`create_app` migrates the database (creating a new SQLite file on first start), picks
the session secret (argument, `BELLE_SECRET`, or one generated and kept in the
database so restarts keep sessions), and wires the API, the sockets and the pages.
At startup every running table is loaded and continues (chance, bots, endings).
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from belle.server import api, pages, ws
from belle.server.auth import Sessions
from belle.server.connection import Limits
from belle.server.errors import ServerError
from belle.server.hub import Hub
from belle.storage import DEFAULT_DATABASE_URL, Store

DEFAULT_BOT_DELAY = 0.6
log = logging.getLogger("belle.server")


def _bot_delay(given: float | None) -> float:
    if given is not None:
        return given
    try:
        return float(os.environ.get("BELLE_BOT_DELAY", DEFAULT_BOT_DELAY))
    except ValueError:
        return DEFAULT_BOT_DELAY


def create_app(
    database_url: str = DEFAULT_DATABASE_URL,
    *,
    bot_delay: float | None = None,
    secret: str | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    """The Belle web app on `database_url` (migrated now, to the newest schema)."""
    store = Store(database_url)
    store.migrate()
    key = secret or os.environ.get("BELLE_SECRET") or store.session_secret()
    hub = Hub(store, Sessions(key), bot_delay=_bot_delay(bot_delay), limits=limits or Limits())

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.resume()
        try:
            yield
        finally:
            await hub.close()
            store.close()

    app = FastAPI(
        title="Belle", lifespan=lifespan, docs_url=None, redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub
    app.add_exception_handler(ServerError, _server_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    pages.mount_static(app)
    app.add_middleware(pages.SecurityHeaders)
    return app


async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=exc.status)


async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in err.get('loc', ()))}: {err.get('msg', '')}"
        for err in exc.errors()
    )
    body = ServerError("malformed", f"bad request: {problems}").to_json()
    return JSONResponse(body, status_code=400)


def display_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str = DEFAULT_DATABASE_URL,
    *,
    bot_delay: float | None = None,
    log_level: str = "info",
) -> None:
    """Serve Belle with uvicorn until interrupted; prints the address to open."""
    import uvicorn

    app = create_app(database_url, bot_delay=bot_delay)
    print(f"Belle is serving at {display_url(host, port)} — open it in your browser "
          f"(database {database_url}; Ctrl+C stops)", flush=True)
    uvicorn.run(
        app, host=host, port=port, log_level=log_level, ws_max_size=1 << 20,
        ws_ping_interval=20.0, ws_ping_timeout=20.0, ws_per_message_deflate=False,
    )

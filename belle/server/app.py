"""The ASGI app factory `create_app` and `run`, which serves it with uvicorn.

`create_app` migrates the database (creating a new SQLite file on first start), picks
the session secret (argument, `BELLE_SECRET_KEY` or `BELLE_SECRET`, or one generated
and kept in the database so restarts keep sessions), and wires the API, the sockets and the pages.
At startup every running table is loaded and continues (chance, bots, endings).

With a Redis URL (`redis_url`, `BELLE_REDIS_URL`) the app is one worker of several on a
shared PostgreSQL database (belle.server.cluster.fanout); `cluster_config` checks the pair.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from belle.server import gcpolicy
from belle.server.accounts import names
from belle.server.accounts.sessions import Sessions
from belle.server.cluster.fanout import DEFAULT_LEASE_SECONDS, Fanout, FanoutError, RedisFanout
from belle.server.database import StorageUnavailable
from belle.server.errors import ServerError
from belle.server.http import (
    friends,
    health,
    identity,
    languages,
    notices,
    pages,
    ratings,
    replays,
    tables,
)
from belle.server.http.bodylimit import BodyLimitMiddleware
from belle.server.http.headers import SecurityHeaders
from belle.server.http.ratelimit import RateLimiter, RateLimitMiddleware
from belle.server.hub import Hub
from belle.server.limits import Limits
from belle.server.moderation import admin as moderation_admin
from belle.server.moderation import routes as moderation_routes
from belle.server.notices.mail import MailConfig, Mailer, mail_config
from belle.server.notices.turns import TurnNotifier
from belle.server.notices.verification import EmailLinks
from belle.server.push import routes as push_routes
from belle.server.push.keys import VapidKeys
from belle.server.push.sender import Pusher
from belle.server.ratings.model import Ratings
from belle.server.ratings.results import ResultRecorder
from belle.server.table.chat import EndAnnouncer
from belle.server.table.clock import Clock
from belle.server.tournaments import routes as tournament_routes
from belle.server.tournaments.director import Director
from belle.server.ws import direct, sockets
from belle.storage import DEFAULT_DATABASE_URL, RatingBook, Store, normalize_url
from belle.storage.backup import instance_id
from belle.storage.notices import Notices
from belle.storage.push import PushSubscriptions

DEFAULT_BOT_DELAY = 0.6
log = logging.getLogger("belle.server")


def _bot_delay(given: float | None) -> float:
    if given is not None:
        return given
    try:
        return float(os.environ.get("BELLE_BOT_DELAY", DEFAULT_BOT_DELAY))
    except ValueError:
        return DEFAULT_BOT_DELAY


LIMITS_FROM_ENV = {  # environment variable → Limits field
    "BELLE_MAX_OPEN_TABLES": ("max_open_tables", int),
    "BELLE_HTTP_RATE": ("http_per_minute", float),
    "BELLE_HTTP_BURST": ("http_burst", int),
    "BELLE_SOCKETS_PER_ADDRESS": ("sockets_per_address", int),
    "BELLE_SOCKETS_PER_PLAYER": ("sockets_per_player", int),
    "BELLE_ADDRESS_HELLOS": ("address_hellos_per_second", float),
    "BELLE_PLAYER_HELLOS": ("player_hellos_per_second", float),
    "BELLE_BOT_TABLES": ("bot_tables", int),
    "BELLE_NAMES_PER_ADDRESS": ("names_per_address_hour", int),
    "BELLE_OPEN_TABLES_PER_ADDRESS": ("open_tables_per_address", int),
    "BELLE_EMAILS_PER_HOUR": ("emails_per_hour", int),
    "BELLE_EMAILS_PER_ADDRESS": ("emails_per_address_hour", int),
}


def _limits(given: Limits | None) -> Limits:
    """`given`, else the defaults with the `LIMITS_FROM_ENV` variables that are set
    (a value that is not a number is ignored, with a warning)."""
    if given is not None:
        return given
    values: dict[str, Any] = {}
    for variable, (name, kind) in LIMITS_FROM_ENV.items():
        raw = os.environ.get(variable)
        if raw is None:
            continue
        try:
            value = kind(raw)
        except ValueError:
            log.warning("%s=%r is not a number; using the default", variable, raw)
            continue
        if value < 0 or (name == "http_burst" and value < 1):
            log.warning("%s=%r is out of range; using the default", variable, raw)
            continue
        values[name] = value
    return Limits(**values)


def _lease_seconds(given: float | None) -> float:
    if given is not None:
        return given
    try:
        return float(os.environ.get("BELLE_LEASE_SECONDS", DEFAULT_LEASE_SECONDS))
    except ValueError:
        return DEFAULT_LEASE_SECONDS


def _lease_cache() -> float | None:
    """`BELLE_LEASE_CACHE_SECONDS`: how long a lease taken is believed without asking
    Redis (default: half the lease period; 0 asks at every check, as the tests of a
    Redis restart do)."""
    raw = os.environ.get("BELLE_LEASE_CACHE_SECONDS")
    try:
        return None if raw is None else float(raw)
    except ValueError:
        return None


def cluster_config(database_url: str, redis_url: str | None) -> None:
    """Raise FanoutError for a pair that cannot work: Redis with SQLite (one process owns
    a SQLite file), a URL that is not redis://, or a Redis that does not answer."""
    if not redis_url:
        return
    if normalize_url(database_url).startswith("sqlite"):
        raise FanoutError(
            "several workers need PostgreSQL: SQLite is for one process. Use "
            "--db postgresql://USER:PASSWORD@HOST/DB with --redis, or drop --redis"
        )
    if not redis_url.startswith(("redis://", "rediss://", "unix://")):
        raise FanoutError(f"a Redis URL starts with redis://, rediss:// or unix://, "
                          f"not {redis_url!r}")
    RedisFanout.check(redis_url)


def create_app(
    database_url: str = DEFAULT_DATABASE_URL,
    *,
    bot_delay: float | None = None,
    secret: str | None = None,
    limits: Limits | None = None,
    tune_gc: bool = False,
    clock: Clock | None = None,
    mail: MailConfig | None = None,
    redis_url: str | None = None,
    lease_seconds: float | None = None,
) -> FastAPI:
    """The Belle web app on `database_url` (migrated now, to the newest schema).

    `tune_gc`: run the garbage collector as `belle serve` does (belle.server.gcpolicy).
    `clock`: the time of table clocks (tests pass a `FakeClock`; default: the wall clock).
    `mail`: the SMTP settings for e-mail notices (default: from the environment,
    belle.server.notices.mail; none there: no e-mail).
    `redis_url`: one worker of several (FanoutError if Redis does not answer).
    """
    cluster_config(database_url, redis_url)
    store = Store(database_url)
    store.migrate()
    fanout: Fanout | None = None
    if redis_url:  # the deployment is the database: its id names its Redis keys
        fanout = RedisFanout(redis_url, instance_id(store),
                             lease_seconds=_lease_seconds(lease_seconds),
                             lease_cache=_lease_cache())
    key = (secret or os.environ.get("BELLE_SECRET_KEY") or os.environ.get("BELLE_SECRET")
           or store.session_secret())
    try:
        store.fill_name_skeletons(names.skeleton)
    except SQLAlchemyError as exc:  # a read-only database: detected and reported below
        log.warning("name skeletons not filled: %s", type(exc).__name__)
    hub = Hub(store, Sessions(key), bot_delay=_bot_delay(bot_delay), limits=_limits(limits),
              clock=clock, fanout=fanout)
    hub.db.check_writable()
    book = RatingBook(store)
    hub.results = ResultRecorder(book, Ratings())  # written with each end
    hub.listeners.append(EndAnnouncer())
    mail = mail or mail_config()
    mailer = Mailer(mail) if mail is not None else None
    notifier = TurnNotifier(hub, Notices(store.engine), mailer)
    hub.listeners.append(notifier)
    pusher = notifier.pusher = Pusher(hub.db, PushSubscriptions(store.engine),
                                      VapidKeys.of(store))
    director = Director(hub)
    hub.listeners.append(director)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start_cluster()
        await hub.resume()
        await director.resume()
        hub.guard.start()
        policy = gcpolicy.Policy() if tune_gc else None
        if policy is not None:
            policy.start()
        try:
            yield
        finally:
            if policy is not None:
                await policy.stop()
            # the last batch of turn changes, while the DB threads run; storage that does
            # not answer now costs that batch, not the rest of the shutdown
            await _unless_unavailable(notifier.flush(), "the last turn notices")
            await _unless_unavailable(pusher.flush(), "the last push notices")
            await hub.guard.stop()
            pusher.close()
            await hub.close()
            await notifier.stop()  # a batch noted while the tables closed: too late
            if mailer is not None:
                mailer.close()
            store.close()

    app = BelleApp(
        title="Belle", lifespan=lifespan, docs_url=None, redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub
    app.state.ratings = book
    app.state.notifier = notifier
    app.state.director = director
    app.state.pusher = pusher
    app.state.operator_sessions = moderation_admin.OperatorSessions(key)
    app.state.email_links = EmailLinks(key)
    app.add_exception_handler(ServerError, _server_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _internal_error)
    for module in (identity, health, tables, replays, ratings, languages, notices, friends,
                   pages):
        app.include_router(module.router)
    app.include_router(tournament_routes.router)
    app.include_router(push_routes.router)
    app.include_router(moderation_routes.router)
    app.include_router(moderation_admin.router)
    pages.mount_static(app)
    app.add_middleware(BodyLimitMiddleware, limit=hub.limits.max_body)
    app.add_middleware(
        RateLimitMiddleware, limiter=RateLimiter(hub.limits.http_per_minute, hub.limits.http_burst)
    )
    app.add_middleware(SecurityHeaders)
    return app


class BelleApp(FastAPI):
    """The FastAPI app, except that Belle's websockets go straight to `sockets.dispatch`.

    Sockets skip the HTTP middleware (security headers, error pages: nothing a socket
    uses) and the router, which would wrap every socket in a twenty-frame coroutine
    stack for its whole life and every message in several send wrappers.
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope["app"] = self
            if await sockets.dispatch(scope, receive, send):
                return
        await super().__call__(scope, receive, send)


async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=exc.status)


# Starlette's own refusals (an unparsable body, an unknown path or method) in Belle's shape.
HTTP_CODES = {400: "malformed", 401: "not_signed_in", 403: "not_seated", 404: "not_found",
              413: "too_large", 429: "rate_limited"}


async def _internal_error(_request: Request, exc: Exception) -> JSONResponse:
    """A bug or an unexpected failure: JSON like every refusal (the traceback is logged)."""
    log.error("internal error: %r", exc)
    body = ServerError("internal", "the server failed on this request; it was logged")
    return JSONResponse(body.to_json(), status_code=500)


async def _http_error(_request: Request, exc: HTTPException) -> JSONResponse:
    code = HTTP_CODES.get(exc.status_code, "malformed")
    body = ServerError(code, str(exc.detail)).to_json()
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in err.get('loc', ()))}: {err.get('msg', '')}"
        for err in exc.errors()
    )
    body = ServerError("malformed", "bad request: {problems}",
                       params={"problems": problems}).to_json()
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
    mail: MailConfig | None = None,
    redis_url: str | None = None,
    lease_seconds: float | None = None,
) -> None:
    """Serve Belle with uvicorn until interrupted; prints the address to open.

    Raises FanoutError (before serving) when `redis_url` cannot be used."""
    from belle.server.stopping import serve

    app = create_app(database_url, bot_delay=bot_delay, tune_gc=True, mail=mail,
                     redis_url=redis_url, lease_seconds=lease_seconds)
    loop, http, ws = fastest_protocols()
    shown = normalize_url(database_url).split("@")[-1]  # no password in the terminal
    workers = f"; with the other workers on {redis_url.split('@')[-1]}" if redis_url else ""
    print(f"Belle is serving at {display_url(host, port)} — open it in your browser "
          f"(database {shown}{workers}; Ctrl+C stops)", flush=True)
    serve(
        app, app.state.hub, host=host, port=port, log_level=log_level, ws_max_size=1 << 20,
        ws_ping_interval=20.0, ws_ping_timeout=20.0, ws_per_message_deflate=False,
        loop=loop, http=http, ws=ws,
    )


def fastest_protocols() -> tuple[str, str, str | type[Any]]:
    """uvicorn's fastest implementations that are installed, as (loop, http, ws)
    (uvicorn[standard] brings them): the uvloop event loop, the httptools parser, and
    Belle's direct websocket protocol (belle.server.ws.direct: uvicorn's sans-I/O
    `websockets` one, which cost about an eighth less server CPU per move than the
    legacy one under `belle bench --server`, with a direct path for table messages)."""
    found = {name: importlib.util.find_spec(name) is not None
             for name in ("uvloop", "httptools", "websockets")}
    ws: str | type[Any] = "auto"
    if found["websockets"]:
        ws = direct.DirectProtocol if direct.compatible() else "websockets-sansio"
    return (
        "uvloop" if found["uvloop"] else "asyncio",
        "httptools" if found["httptools"] else "h11",
        ws,
    )


async def _unless_unavailable(work: Awaitable[None], what: str) -> None:
    """Await `work`; storage that does not answer (or an outage not yet settled) at
    shutdown is logged, so the server still closes its tables, sockets and database."""
    try:
        await work
    except StorageUnavailable:
        log.warning("storage did not answer at shutdown: %s were not saved", what)

"""Security headers on every HTTP response, from a small ASGI middleware: a
Content-Security-Policy (scripts from this origin only), nosniff, a strict referrer
policy, no framing; over HTTPS also HSTS (browsers then never use plain HTTP here).

Behind a reverse proxy the scheme is the proxy's: uvicorn takes it from
`X-Forwarded-Proto` when the proxy is trusted (`--forwarded-allow-ips`, 127.0.0.1 by
default), so the nginx of docs/deploy.md sets it; the session cookie's `Secure` flag
follows the same scheme (belle.server.http.identity).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

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
HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")


class SecurityHeaders:
    """ASGI middleware adding `HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        extra = [*HEADERS, HSTS] if scope.get("scheme") == "https" else HEADERS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)

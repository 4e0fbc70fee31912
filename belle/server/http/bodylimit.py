"""The request-body limit, before anything parses a body: an ASGI middleware.

A request whose `Content-Length` is over `Limits.max_body` is refused at once (413
`too_large`) without reading a byte of it; one that sends more than that without
saying so (chunked) is read only up to the limit and then refused. Below the limit the
body is read here and handed on, so the app never buffers more than the limit. Belle's
largest legitimate body (a table's options) is a few hundred bytes.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from belle.server.errors import ServerError


class BodyLimitMiddleware:
    """Refuses HTTP bodies over `limit` bytes with 413 `too_large`."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for the disconnect

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        error = ServerError("too_large", "a request body has at most {most} bytes",
                            params={"most": self.limit})
        body = json.dumps(error.to_json()).encode()
        await send({
            "type": "http.response.start", "status": error.status,
            "headers": [(b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        (b"connection", b"close")],
        })
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None

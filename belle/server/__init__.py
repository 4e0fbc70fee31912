"""The web table: FastAPI app with the lobby API, table websockets and per-seat views.

`create_app(database_url)` builds the ASGI app; `run(host, port, database_url)` serves
it with uvicorn. The wire contract is docs/protocol.md.

One subpackage per concern: `http/` (routes, pages, middleware), `ws/` (sockets and
their closed message vocabulary), `table/` (the table actor and its parts), `accounts/`
(names, passwords, sessions), `notices/` ("your turn" and e-mail), `ratings/`,
`cluster/` (several workers), `bench/` (the load generator of `belle bench`). Beside
them: the app factory (`app`), the hub every route and socket shares (`hub`), the
database workers (`database`), limits and error codes.
"""

from belle.server.app import create_app, run
from belle.server.limits import Limits

__all__ = ["Limits", "create_app", "run"]

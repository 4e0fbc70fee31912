"""The web table: FastAPI app with the lobby API, table websockets and per-seat views.

`create_app(database_url)` builds the ASGI app; `run(host, port, database_url)` serves
it with uvicorn. The wire contract is docs/protocol.md.
"""

from belle.server.app import create_app, run
from belle.server.connection import Limits

__all__ = ["Limits", "create_app", "run"]

"""Belle's side of the closed loop (belle.server.bench.closedloop): `belle serve` on a
temp SQLite file, and tables of one game whose seats play random legal moves.

Each table: created by the first bench person, every seat taken (one person per seat,
the same people at every table), a socket per seat that says `hello`, then started; the
deal is done before the move phase. A seat's turn is any message with a non-empty
`legal` list; its echo is the action event of its own move (`version` one past the
version it moved on). A refusal is counted and answered by a `hello` (a fresh sync).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

from belle.server.bench.closedloop import Meter, Target, Wave
from belle.server.bench.loadgen import own_version
from belle.server.bench.processes import server_processes
from belle.server.bench.schema import is_postgres, own_schema


class BelleSeat:
    """One seat's socket at one table."""

    def __init__(self, ws: Any, seat: int) -> None:
        self.ws = ws
        self.seat = seat

    async def play(self, version: int, options: Any, rng: random.Random) -> None:
        action = rng.choice(options)["json"]
        await self.ws.send(json.dumps({"type": "action", "version": version,
                                       "action": action}))

    async def read(self, wave: Wave, meter: Meter) -> None:
        async for frame in self.ws:
            meter.received(frame)
            message = json.loads(frame)
            if message.get("type") == "error":
                meter.error(message.get("code", "?"))
                wave.failed()
                await self.ws.send('{"type":"hello","since":null}')
                continue
            if message.get("kind") == "over":
                wave.end()
                continue
            version = message.get("version")
            if message.get("kind") == "action" and message.get("player") == self.seat:
                await wave.echo(self.seat, own_version(message))
            if message.get("legal"):
                await wave.turn(self, self.seat, version, message["legal"])


async def _post(http: Any, limit: asyncio.Semaphore, path: str, token: str,
                body: dict[str, Any] | None = None) -> Any:
    async with limit:
        response = await http.post(path, json=body or {},
                                   headers={"cookie": f"belle_session={token}"})
    response.raise_for_status()
    return response.json()


async def _session(http: Any, name: str) -> str:
    response = await http.post("/api/session", json={"name": name})
    response.raise_for_status()
    token: str = response.cookies["belle_session"]
    http.cookies.clear()
    return token


def opener(game: str, players: int) -> Any:
    """The closed loop's `open_tables` for tables of `game` with `players` seats."""

    async def open_tables(url: str, count: int, moves: int, meter: Meter,
                          stack: contextlib.AsyncExitStack) -> list[Wave]:
        import httpx
        from websockets.asyncio.client import connect

        limit = asyncio.Semaphore(32)
        # no keep-alive: the server closes an idle connection after 5 s, which a loaded
        # machine may leave between two requests (a stale connection fails the request)
        http = await stack.enter_async_context(httpx.AsyncClient(
            base_url=url, timeout=120,
            limits=httpx.Limits(max_connections=32, max_keepalive_connections=0)))
        tokens = [await _session(http, f"closed {i}") for i in range(players)]

        async def one() -> Wave:
            table = await _post(http, limit, "/api/tables", tokens[0],
                                {"game": game, "players": players})
            table_id = table["id"]
            for seat, token in enumerate(tokens):
                await _post(http, limit, f"/api/tables/{table_id}/join", token, {"seat": seat})
            wave = Wave(moves, meter, random.Random())
            for seat, token in enumerate(tokens):
                ws = await stack.enter_async_context(connect(
                    url.replace("http://", "ws://") + f"/ws/table/{table_id}",
                    additional_headers={"cookie": f"belle_session={token}"},
                    compression=None, proxy=None, max_size=1 << 22, open_timeout=120,
                    ping_interval=None))
                await ws.send('{"type":"hello","since":null}')
                reader = asyncio.create_task(BelleSeat(ws, seat).read(wave, meter))
                stack.push_async_callback(_cancel, reader)
            await _post(http, limit, f"/api/tables/{table_id}/start", tokens[0])
            return wave

        return list(await asyncio.gather(*(one() for _ in range(count))))

    return open_tables


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


@contextlib.contextmanager
def _server(db: str | None) -> Any:
    """One `belle serve`: on a temp SQLite file, or in a fresh schema of `db`."""
    with contextlib.ExitStack() as stack:
        schema = stack.enter_context(own_schema(db)) if db is not None else None
        servers = stack.enter_context(server_processes(1, db, None, schema))
        yield servers[0]


def target(game: str, players: int, db: str | None = None) -> Target:
    """Belle's side for tables of `game` with `players` seats; `db`: a PostgreSQL URL
    (ValueError for anything else)."""
    import belle

    info = belle.load_game(game).info  # GameError for an unknown id
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{game} is played by {info.min_players} to {info.max_players}")
    if db is not None and not is_postgres(db):
        raise ValueError("--db with --closed-loop is a PostgreSQL URL (SQLite is the default)")
    store = "PostgreSQL, a schema of its own" if db is not None else "SQLite"
    return Target("belle", lambda: _server(db), opener(game, players),
                  f"belle serve (one process, {store}, every move committed before it is "
                  f"broadcast), {game} with {players} seats")

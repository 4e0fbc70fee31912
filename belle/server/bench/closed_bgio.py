"""boardgame.io's side of the closed loop (belle.server.bench.closedloop): its stock
`Server` (0.50.2, in-memory storage) running the trivial game of bgio/game.js.

Nothing of boardgame.io is part of Belle: `target(path)` needs a directory where
`npm install boardgame.io@0.50.2` was run (its node_modules), and starts
`node bgio/server.js PORT` with NODE_PATH pointing there. Tables are matches created
through its lobby API (`POST /games/trivial/create`, then `…/join` per seat for the
credentials); each seat speaks socket.io (engine.io 4) over a plain websocket, as its
browser client does once upgraded: `sync`, then `update` with a `MAKE_MOVE` action on
the state id it was sent. A seat's turn is a `sync` or `update` whose
`ctx.currentPlayer` is its own; its echo, the `update` whose `_stateID` is one past
the state it moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from belle.server.bench.closedloop import Meter, Target, Wave
from belle.server.bench.processes import HOST, free_port

GAME = "trivial"
VERSION = "0.50.2"
HERE = Path(__file__).parent / "bgio"
EVENT = f"42/{GAME},"  # a socket.io event in the game's namespace
STARTUP_SECONDS = 60.0
MIN_SEATS, MAX_SEATS = 2, 6  # the trivial game plays at any count; Belle's tables: 2 to 6


class BgioSeat:
    """One seat's socket.io connection to one match."""

    def __init__(self, ws: Any, seat: int, match: str, credentials: str) -> None:
        self.ws = ws
        self.seat = seat
        self.match = match
        self.credentials = credentials

    async def play(self, version: int, options: Any, rng: random.Random) -> None:
        move = {"type": "MAKE_MOVE", "payload": {
            "type": "play", "args": [rng.randrange(9)], "playerID": str(self.seat),
            "credentials": self.credentials}}
        await self.ws.send(EVENT + json.dumps(["update", move, version, self.match,
                                               str(self.seat)]))

    async def read(self, wave: Wave, meter: Meter) -> None:
        mine = str(self.seat)
        async for frame in self.ws:
            meter.received(frame)
            if frame == "2":  # engine.io ping
                await self.ws.send("3")
                continue
            if not isinstance(frame, str) or not frame.startswith(EVENT):
                continue
            name, *args = json.loads(frame[len(EVENT):])
            if name == "update":
                state = args[1]
                await wave.echo(self.seat, state["_stateID"])
            elif name == "sync":
                state = args[1]["state"]
            else:
                continue
            if state["ctx"].get("gameover") is not None:
                wave.end()
            elif state["ctx"]["currentPlayer"] == mine:
                await wave.turn(self, self.seat, state["_stateID"], None)


async def _connect(url: str, stack: contextlib.AsyncExitStack) -> Any:
    from websockets.asyncio.client import connect

    ws = await stack.enter_async_context(connect(
        url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket",
        compression=None, proxy=None, max_size=1 << 22, open_timeout=120,
        ping_interval=None))
    opened = await ws.recv()  # 0{"sid":…}
    if not str(opened).startswith("0"):
        raise RuntimeError(f"boardgame.io did not open an engine.io session: {opened!r}")
    await ws.send(f"40/{GAME},")
    joined = await ws.recv()  # 40/trivial,{"sid":…}
    if not str(joined).startswith(f"40/{GAME},"):
        raise RuntimeError(f"boardgame.io refused the namespace: {joined!r}")
    return ws


async def open_tables(url: str, count: int, moves: int, meter: Meter,
                      stack: contextlib.AsyncExitStack, seats: int = 2) -> list[Wave]:
    """`count` matches of `seats` players, each seat on a socket of its own."""
    import httpx

    limit = asyncio.Semaphore(32)
    # no keep-alive: node closes an idle connection after 5 s, which a loaded machine
    # may leave between two requests (a stale connection fails the request)
    http = await stack.enter_async_context(httpx.AsyncClient(
        base_url=url, timeout=120,
        limits=httpx.Limits(max_connections=32, max_keepalive_connections=0)))

    async def post(path: str, body: dict[str, Any]) -> Any:
        async with limit:
            response = await http.post(path, json=body)
        response.raise_for_status()
        return response.json()

    async def one() -> Wave:
        match = (await post(f"/games/{GAME}/create", {"numPlayers": seats}))["matchID"]
        wave = Wave(moves, meter, random.Random())
        for seat in range(seats):
            joined = await post(f"/games/{GAME}/{match}/join",
                                {"playerID": str(seat), "playerName": f"closed {seat}"})
            ws = await _connect(url, stack)
            player = BgioSeat(ws, seat, match, joined["playerCredentials"])
            await ws.send(EVENT + json.dumps(["sync", match, str(seat),
                                              player.credentials, 2]))
            reader = asyncio.create_task(player.read(wave, meter))
            stack.push_async_callback(_cancel, reader)
        return wave

    return list(await asyncio.gather(*(one() for _ in range(count))))


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def installed_version(modules: Path) -> str | None:
    """The boardgame.io version under `modules` (a directory or its node_modules)."""
    found = _node_modules(modules) / "boardgame.io" / "package.json"
    try:
        version = json.loads(found.read_text()).get("version")
    except (OSError, ValueError):
        return None
    return version if isinstance(version, str) else None


def _node_modules(path: Path) -> Path:
    return path if path.name == "node_modules" else path / "node_modules"


@contextlib.contextmanager
def server(modules: Path) -> Iterator[tuple[str, int]]:
    """boardgame.io's stock server on a free loopback port; yields (URL, pid)."""
    port = free_port()
    env = {**os.environ, "NODE_PATH": str(_node_modules(modules).resolve())}
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(["node", str(HERE / "server.js"), str(port)],
                                   stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            _wait_ready(f"http://{HOST}:{port}", process, log)
            yield f"http://{HOST}:{port}", process.pid
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Any) -> None:
    import httpx

    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"boardgame.io's server exited: {log.read()[-2000:]!r}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/games", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"boardgame.io's server did not start within {STARTUP_SECONDS:.0f} s")


def target(modules: Path, seats: int = 2) -> Target:
    """The stock server from `modules`, its matches of `seats` players (ValueError if
    boardgame.io or node is missing)."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"boardgame.io's tables have {MIN_SEATS} to {MAX_SEATS} seats here")
    if shutil.which("node") is None:
        raise ValueError("--bgio needs node on the PATH")
    version = installed_version(modules)
    if version is None:
        raise ValueError(f"no boardgame.io under {modules}: run `npm install "
                         f"boardgame.io@{VERSION}` in a directory outside the repository "
                         "and pass that directory to --bgio")
    note = "" if version == VERSION else f" (not {VERSION}: figures differ from the docs')"
    opener = functools.partial(open_tables, seats=seats)
    return Target("boardgame.io", lambda: server(modules), opener,
                  f"boardgame.io {version}{note} stock Server (in-memory, socket.io), "
                  f"the trivial game of belle/server/bench/bgio/game.js, {seats} seats "
                  "a table")

"""Memory a table costs the server, measured with tracemalloc (deterministic, in-process).

No sockets and no HTTP: a `Hub` on a temp SQLite file, as `belle serve` builds it, and
tables driven through the same parts the routes and sockets call — `seats.join`,
`lifecycle.start`, `events.hello` and `moves.act` (the whole move path: guards, apply,
commit, broadcast). Every seat has one member whose socket discards what it is sent,
so what is measured is what the table keeps, not what waits in socket queues.

`table_memory` opens `tables` tables (after `WARM_UP` untraced games, so that imports
and caches warm up: the move path shares the notation of equal actions), then reports
the traced bytes they hold per table: open and idle
(nobody seated, nobody watching), and running after `moves` random legal moves with
every seat connected. Each figure is what tracemalloc sees freed, after a full garbage
collection, when the hub forgets the tables, divided by their number: what a table
holds alone (shared caches stay, and are not a table's).
"""

from __future__ import annotations

import asyncio
import gc
import random
import tempfile
import tracemalloc
import weakref
from pathlib import Path
from typing import Any

from belle.server.accounts.sessions import Sessions
from belle.server.hub import Hub
from belle.server.limits import Limits
from belle.server.table.actor import TableActor
from belle.server.ws.connection import Connection
from belle.storage import Player, Store

WARM_UP = 1  # a game played before measuring (imports, the pool, first-use caches)


class DiscardingConnection(Connection):
    """A member whose socket takes every message at once (counted, not kept)."""

    def __init__(self, player: Player | None, limits: Limits) -> None:
        super().__init__(None, player, limits)  # type: ignore[arg-type]  # never written to
        self.received = 0

    def send(self, text: str | bytes) -> None:
        self.received += 1


async def _open(hub: Hub, game: str, players: int, creator: Player) -> TableActor:
    table = await hub.db.write(hub.store.create_table, game, {}, players, "live", creator.id)
    return await hub.actor(table.id)


async def _play(hub: Hub, game: str, people: list[Player], moves: int,
                rng: random.Random) -> TableActor:
    """A running table: every seat taken and connected, then up to `moves` moves."""
    actor = await _open(hub, game, len(people), people[0])
    for seat, person in enumerate(people):
        await actor.seats.join(person, seat)
    for person in people:
        await actor.events.hello(DiscardingConnection(person, hub.limits), None)
    await actor.lifecycle.start(people[0])
    for _ in range(moves):
        state = actor.state
        assert state is not None
        if state.is_terminal():
            break
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        await actor.moves.act(people[seat].id, actor.version, state.action_to_json(action))
    return actor


def table_memory(game: str = "paris_connection", players: int = 3, moves: int = 200,
                 tables: int = 4, seed: int = 0) -> dict[str, Any]:
    """KiB per idle open table and per running table after `moves` moves."""
    return asyncio.run(_table_memory(game, players, moves, tables, seed))


async def _table_memory(game: str, players: int, moves: int, tables: int,
                        seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="belle-memory-") as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'memory.db'}")
        store.migrate()
        hub = Hub(store, Sessions("memory-bench-" + "x" * 32), bot_delay=0.0,
                  limits=Limits(max_open_tables=1_000_000))
        people = [store.create_player(f"memory {i}") for i in range(players)]
        for _ in range(WARM_UP):  # imports, the pool, the move path's shared notations
            await _play(hub, game, people, moves, rng)
        await _open(hub, game, players, people[0])
        started = not tracemalloc.is_tracing()
        if started:
            tracemalloc.start()
        try:
            idle, _ = await _held(hub, [await _open(hub, game, players, people[0])
                                        for _ in range(tables)])
            running, played = await _held(hub, [await _play(hub, game, people, moves, rng)
                                                 for _ in range(tables)])
        finally:
            if started:
                tracemalloc.stop()
        await hub.close()
        store.engine.dispose()
    return {"game": game, "players": players, "tables": tables, "moves_asked": moves,
            "actions_recorded": played, "kib_per_idle_table": round(idle / 1024, 2),
            "kib_per_table_after_moves": round(running / 1024, 2)}


async def _held(hub: Hub, actors: list[TableActor]) -> tuple[float, int]:
    """Bytes per table that the hub frees when it forgets `actors` (after a full
    collection), and the fewest actions one of them recorded.

    What a table holds alone is exactly what goes when it goes; what it shares with
    the process (caches, interned text) stays and is not counted. RuntimeError if a
    table is still referenced from somewhere once forgotten (then it was not freed).
    """
    await asyncio.sleep(0)  # let the tables' pending callbacks run
    played = min(actor.version for actor in actors)
    refs = [weakref.ref(actor) for actor in actors]
    ids = [actor.id for actor in actors]
    del actors
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    for table_id in ids:
        del hub.actors[table_id]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    if any(ref() is not None for ref in refs):
        raise RuntimeError("a table is still referenced after the hub forgot it")
    return (before - after) / len(refs), played


def main() -> None:
    """`python -m belle.server.bench.memory [MOVES [TABLES [GAME [PLAYERS]]]]`: JSON."""
    import json
    import sys

    args = sys.argv[1:]
    moves = int(args[0]) if args else 200
    tables = int(args[1]) if len(args) > 1 else 4
    game = args[2] if len(args) > 2 else "paris_connection"
    players = int(args[3]) if len(args) > 3 else 3
    print(json.dumps(table_memory(game, players, moves, tables)))


if __name__ == "__main__":
    main()

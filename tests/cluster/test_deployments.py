"""Two deployments on one redis-server (issue 21 item 1): each on a database of its own
(here two schemas of the test database, belle.server.bench.schema), two workers each, the
same table ids in both. Nothing crosses: no event is applied to the other's table, no
lobby row or chat line reaches the other's lobby, and each deployment's bots run under
its own lease, at the same time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from belle.server.bench.schema import own_schema

from .kit import (
    Client,
    RedisServer,
    Worker,
    action_events,
    bot_table,
    instance_of,
    lease_holder,
    post,
    sign_in,
    wait_for,
)


@pytest.fixture
def two_deployments(pg_url: str, redis_server: RedisServer, tmp_path: Path
                    ) -> Iterator[tuple[list[Worker], list[Worker], list[str]]]:
    """Deployments A and B: two workers each on one redis-server, each on its own schema."""
    with own_schema(pg_url) as schema_a, own_schema(pg_url) as schema_b:
        a = [Worker(pg_url, redis_server.url, tmp_path / f"a{i}.log", schema=schema_a)
             for i in range(2)]
        b = [Worker(pg_url, redis_server.url, tmp_path / f"b{i}.log", schema=schema_b)
             for i in range(2)]
        try:
            for worker in (*a, *b):
                worker.start()
            yield a, b, [schema_a, schema_b]
        finally:
            for worker in (*a, *b):
                worker.stop()


def _rows(db: str, query: str) -> list[Any]:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(query)))
    finally:
        engine.dispose()


def _until_chat(lobby: Client, said: str) -> None:
    lobby.until(lambda m: m.get("kind") == "chat" and m.get("text") == said)


def test_two_deployments_on_one_redis_hear_nothing_of_each_other(
    two_deployments: tuple[list[Worker], list[Worker], list[str]], pg_url: str,
    redis_server: RedisServer,
) -> None:
    """Issue 21 item 1: two deployments, one redis-server, colliding table ids: each
    table's watchers on both of its deployment's workers see exactly that deployment's
    stored log; neither lobby sees the other's tables or chat; both leases are held at
    once, each by a worker of its own deployment."""
    a, b, schemas = two_deployments
    namespaces = [instance_of(pg_url, schema) for schema in schemas]
    assert namespaces[0] != namespaces[1]
    talkers = [sign_in(a[0], "Ann"), sign_in(b[0], "Ben")]
    lobbies = [Client(w, None, talkers[i // 2]) for i, w in enumerate((*a, *b))]
    for lobby in lobbies:
        lobby.hello()
    owners = [sign_in(a[0], "Ada"), sign_in(b[0], "Bob")]
    tables = [bot_table(a[0], owners[0]), bot_table(b[0], owners[1])]
    assert tables[0] == tables[1]  # the same id in both deployments
    table_id = tables[0]
    watchers = [[Client(w, table_id, None) for w in a], [Client(w, table_id, None) for w in b]]
    for client in (*watchers[0], *watchers[1]):
        client.hello()
    post(a[1], owners[0], f"/api/tables/{table_id}/start")
    post(b[1], owners[1], f"/api/tables/{table_id}/start")

    ids = [{w.worker_id() for w in a}, {w.worker_id() for w in b}]

    def both_leased() -> bool:
        holders = [lease_holder(redis_server.url, ns, table_id) for ns in namespaces]
        return holders[0] in ids[0] and holders[1] in ids[1]

    wait_for(both_leased, "both deployments to lead their own table", 30)
    for side in watchers:
        for watcher in side:
            watcher.until(lambda m: m.get("kind") == "over", timeout=120)

    # a barrier on each lobby: a line said on one worker of a deployment reaches its other
    # worker after anything the other deployment published earlier would have
    for speaker, hearer, said in ((0, 1, "from A"), (2, 3, "from B"), (3, 2, "from B 2")):
        lobbies[speaker].send({"type": "chat", "text": said})
        _until_chat(lobbies[hearer], said)
    for index, lobby in enumerate(lobbies):  # read each lobby to its deployment's last line
        if index not in (1, 2):
            _until_chat(lobby, "from A" if index < 2 else "from B 2")

    for side, schema, owner, stranger in ((0, schemas[0], "Ada", "Bob"),
                                          (1, schemas[1], "Bob", "Ada")):
        stored = _rows(pg_url, f'SELECT seq FROM "{schema}".actions '
                               f"WHERE match_id = {table_id} ORDER BY seq")
        for watcher in watchers[side]:
            versions = [v for _n, v, _t in action_events(watcher)]
            assert versions == list(range(1, len(stored) + 1))  # own log, nothing else
            assert [m for m in watcher.seen if m["type"] == "sync"][1:] == []  # no resync
        for lobby in lobbies[2 * side: 2 * side + 2]:
            rows = [m["table"] for m in lobby.seen if m.get("kind") == "table"]
            assert rows and {r["created_by"] for r in rows} == {owner}
            texts = {m["text"] for m in lobby.seen if m.get("kind") == "chat"}
            assert texts <= ({"from A"} if side == 0 else {"from B", "from B 2"})
        names = {r[0] for r in _rows(pg_url, f'SELECT name FROM "{schema}".players')}
        assert stranger not in names
    assert not any("could not follow" in w.log.read_text() for w in (*a, *b))

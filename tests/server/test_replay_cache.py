"""Replay stepping from the cache (issue 17): `/view?at=N` answers what a replay from
scratch gives, at any step in any order, off the event loop; an undo or a reload makes
the cached steps of the cut log unreachable."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from belle.engine.record import replay

from .kit import seated_with_bots, sign_in, start, table_actor


def test_cached_views_are_the_replayed_views(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    table_id = seated_with_bots(ann)
    start(ann, table_id)
    with ann.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        sock.send({"type": "away"})
        sock.until(lambda m: m.get("kind") == "over", limit=100_000)
    record = table_actor(client, table_id).record()
    steps = len(record.actions)
    rng = random.Random(7)
    wanted = [0, steps, steps // 2, steps // 2 + 1, steps // 2, 3, *rng.sample(range(steps), 8)]
    for at in wanted:
        for who in (None, 0):
            query = f"at={at}" + ("" if who is None else f"&seat={who}")
            got = client.get(f"/api/tables/{table_id}/view?{query}").json()
            assert got["view"] == replay(record, at).view(who), (at, who)


def test_an_undo_or_a_reload_moves_the_cache_on(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    table_id = seated_with_bots(ann)
    start(ann, table_id)
    actor = table_actor(client, table_id)
    before = actor.generation

    async def reload_between_commands() -> None:  # as every caller does: bots move meanwhile
        async with actor.command():
            await actor.reload()

    client.portal.call(reload_between_commands)  # type: ignore[union-attr]
    assert actor.generation == before + 1

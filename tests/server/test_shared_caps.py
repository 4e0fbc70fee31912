"""Caps shared by the workers (issue 17, session 6, item 9): the login throttle, the
socket and hello caps per address and per player, and the bot tables per address
counted once for every worker through Redis, so two workers allow what one does (they
allowed twice as much). Two workers on the PostgreSQL of BELLE_TEST_DATABASE_URLS and
BELLE_TEST_REDIS_URL (skipped without); without Redis the counters stay in memory, per
worker, as the other limit tests check."""

from __future__ import annotations

import asyncio
import uuid

from fastapi.testclient import TestClient

from belle.server.quotas import RedisQuotas, SharedLimiter

from .kit import Person, add_bot, new_table, redis_url, seat, sign_in, start, two_workers
from .test_bans import closed


def on(client: TestClient, person: Person) -> Person:
    return Person(client, person.name, person.token, person.id)


def test_a_shared_limiter_counts_for_every_worker() -> None:
    import redis.asyncio as aioredis

    url, namespace = redis_url(), "test" + uuid.uuid4().hex[:8]

    async def run() -> list[float]:
        client = aioredis.Redis.from_url(url)
        try:
            one = SharedLimiter("hello-a", 5.0, 3, RedisQuotas(lambda: client, namespace))
            two = SharedLimiter("hello-a", 5.0, 3, RedisQuotas(lambda: client, namespace))
            return [await limiter.take("198.51.100.1") for limiter in (one, two, one, two)]
        finally:
            keys = [k async for k in client.scan_iter(f"belle:{namespace}:*")]
            if keys:
                await client.delete(*keys)
            await client.aclose()

    waits = asyncio.run(run())
    assert waits[:3] == [0.0, 0.0, 0.0] and 0 < waits[3] <= 0.6  # 3 per 0.6 s in all


def test_password_attempts_are_counted_once_for_both_workers(db_url: str) -> None:
    with two_workers(db_url) as (one, two):
        sign_in(one, "dee", "a good password")
        burst = int(one.app.state.hub.login_throttle.accounts.burst)  # type: ignore[attr-defined]
        codes = []
        for guess in range(burst + 1):
            client = (one, two)[guess % 2]
            response = client.post("/api/session", json={"name": "dee",
                                                         "password": f"no {guess}"})
            codes.append(response.json()["error"]["code"])
            client.cookies.clear()
        assert codes[:burst] == ["bad_password"] * burst and codes[-1] == "rate_limited"


def test_sockets_per_player_are_counted_across_workers(db_url: str) -> None:
    with two_workers(db_url, sockets_per_player=2) as (one, two):
        ann = sign_in(one, "ann")
        with ann.socket("/ws/lobby") as first, on(two, ann).socket("/ws/lobby") as second:
            first.hello()
            second.hello()
            with on(two, ann).socket("/ws/lobby") as third:  # a third, on either worker
                error = third.recv()
                assert error["type"] == "error" and error["code"] == "rate_limited"
                assert closed(third, limit=5)["code"] == 1008
        with on(two, ann).socket("/ws/lobby") as again:  # the places were given back
            assert again.hello()["type"] == "sync"


def test_hellos_per_player_are_counted_across_workers(db_url: str) -> None:
    with two_workers(db_url, player_hellos_per_second=0.5, hello_burst=4) as (one, two):
        ann = sign_in(one, "ann")
        with ann.socket("/ws/lobby") as first, on(two, ann).socket("/ws/lobby") as second:
            answers = []
            for index in range(6):
                sock = (first, second)[index % 2]
                sock.send({"type": "hello", "since": None})
                reply = sock.until(lambda m: m["type"] in ("sync", "error"))
                answers.append(reply["type"] if reply["type"] == "sync" else reply["code"])
        assert answers == ["sync"] * 4 + ["rate_limited"] * 2


def test_bot_tables_per_address_are_counted_across_workers(db_url: str) -> None:
    with two_workers(db_url, bot_tables=1) as (one, two):
        ann, bob = sign_in(one, "ann"), sign_in(two, "bob")
        first = new_table(ann)
        seat(ann, first, 0)
        add_bot(ann, first, "random")
        add_bot(ann, first, "random")
        start(ann, first)  # one running bot table from the test client's address
        second = new_table(bob)
        seat(bob, second, 0)
        add_bot(bob, second, "random")
        add_bot(bob, second, "random")
        refused = bob.post(f"/api/tables/{second}/start")  # another player, same address
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "too_many_tables"

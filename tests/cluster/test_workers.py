"""Two real workers on PostgreSQL + Redis serving the same tables (issue 9, items 1 and 2).

Clients on each worker play one table and see every event; a worker killed with
SIGKILL mid-game loses nothing (its client resumes on the other with `hello {since}`);
two workers given a move for the same version end with exactly one stored; a Redis
restart mid-game is followed by a resync and events flow again; a bot table survives
its worker's death and ends with no doubled bot move.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from belle.engine.record import replay
from belle.storage import Store

from .kit import (
    Client,
    RedisServer,
    Worker,
    action_events,
    await_errors,
    current,
    errors,
    instance_of,
    lease_holder,
    legal_at,
    new_table,
    play,
    post,
    progress,
    sign_in,
    stored_actions,
    wait_for,
)

Cluster = Callable[[int], list[Worker]]


def _three_people(w0: Worker, w1: Worker) -> tuple[int, list[str]]:
    """A started 3-seat table: people 0 and 1 joined on w0, person 2 on w1, started on w1."""
    tokens = [sign_in(w0, "Ada"), sign_in(w0, "Bea"), sign_in(w1, "Cyd")]
    table_id = new_table(w0, tokens[0])
    post(w0, tokens[0], f"/api/tables/{table_id}/join", {"seat": 0})
    post(w0, tokens[1], f"/api/tables/{table_id}/join", {"seat": 1})
    post(w1, tokens[2], f"/api/tables/{table_id}/join", {"seat": 2})
    return table_id, tokens


def _start(worker: Worker, token: str, table_id: int, watchers: list[Client]) -> None:
    post(worker, token, f"/api/tables/{table_id}/start")
    for watcher in watchers:
        watcher.until(lambda m: m["type"] == "event" and m["kind"] == "table"
                      and m["table"]["status"] == "running")


def _joined(clients: list[Client]) -> None:
    for client in clients:
        client.hello()


def test_clients_on_two_workers_play_one_table(cluster: Cluster, pg_url: str) -> None:
    """Issue 9 items 1-2: clients on each of two workers play the same table; a watcher
    on each worker receives every event, with the same numbers, as the log stored."""
    w0, w1 = cluster(2)
    table_id, tokens = _three_people(w0, w1)
    seats = [Client(w0, table_id, tokens[0]), Client(w0, table_id, tokens[1]),
             Client(w1, table_id, tokens[2])]
    watchers = [Client(w0, table_id, None), Client(w1, table_id, None)]
    _joined(seats + watchers)
    _start(w1, tokens[0], table_id, watchers)
    last = play(dict(enumerate(seats)), watchers[0], 40, random.Random(1))
    watchers[1].until(lambda m: progress(m) and m.get("version") == last["version"])
    stored = stored_actions(pg_url, table_id)
    assert len(stored) == last["version"] >= 40
    seen = [action_events(w) for w in watchers]
    assert seen[0] == seen[1]
    assert [version for _n, version, _t in seen[0]] == list(range(1, len(stored) + 1))
    numbers = [n for n, _v, _t in seen[0]]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    public = [e.text if e.visible_to is None else "?" for e in stored]
    assert [t if t != "?" else "?" for _n, _v, t in seen[0]] == public


def test_a_table_started_with_fewer_seats_is_followed_by_the_other_worker(
        cluster: Cluster, pg_url: str) -> None:
    """REQ-PP-2 across workers: a 4-seat table started on w1 with 3 seated (its empty
    seat left out) reaches w0 as a 3-seat table, whose clients then play on."""
    w0, w1 = cluster(2)
    tokens = [sign_in(w0, "Ada"), sign_in(w0, "Bea"), sign_in(w1, "Cyd")]
    table_id = new_table(w0, tokens[0], players=4)
    post(w0, tokens[0], f"/api/tables/{table_id}/join", {"seat": 0})
    post(w0, tokens[1], f"/api/tables/{table_id}/join", {"seat": 2})
    post(w1, tokens[2], f"/api/tables/{table_id}/join", {"seat": 3})
    seats = [Client(w0, table_id, tokens[0]), Client(w0, table_id, tokens[1]),
             Client(w1, table_id, tokens[2])]
    watcher = Client(w0, table_id, None)
    _joined([*seats, watcher])
    post(w1, tokens[0], f"/api/tables/{table_id}/start")
    started = watcher.until(lambda m: m["type"] == "event" and m["kind"] == "table"
                            and m["table"]["status"] == "running")
    assert started["table"]["players"] == 3
    assert [s["name"] for s in started["table"]["seats"]] == ["Ada", "Bea", "Cyd"]
    last = play(dict(enumerate(seats)), watcher, 12, random.Random(2))
    assert len(stored_actions(pg_url, table_id)) == last["version"] >= 12


def test_kill_9_worker_client_resumes_on_other(cluster: Cluster, pg_url: str) -> None:
    """Issue 9 item 2: kill -9 of one worker mid-game; its client reconnects to the other
    with hello {since} and carries on; no action is lost (the stored log has every move)."""
    w0, w1 = cluster(2)
    table_id, tokens = _three_people(w0, w1)
    seats = [Client(w0, table_id, tokens[0]), Client(w0, table_id, tokens[1]),
             Client(w1, table_id, tokens[2])]
    watcher = Client(w0, table_id, None)
    _joined([*seats, watcher])
    _start(w1, tokens[0], table_id, [watcher])
    rng = random.Random(2)
    before = play(dict(enumerate(seats)), watcher, 15, rng)
    since = seats[2].last_event()
    w1.kill9()
    seats[2] = Client(w0, table_id, tokens[2])  # the browser reconnects through the balancer
    first = seats[2].hello(since)
    assert first["type"] == "sync" or first == {**first, "type": "event", "n": since + 1}
    last = play(dict(enumerate(seats)), watcher, 15, rng)
    assert last["version"] >= before["version"] + 15 or last.get("kind") == "over"
    stored = stored_actions(pg_url, table_id)
    assert len(stored) == last["version"]
    seen = action_events(watcher)
    assert [version for _n, version, _t in seen] == list(range(1, len(stored) + 1))
    assert not errors([*seats, watcher])


def test_concurrent_moves_on_two_workers_exactly_one_applied(
    cluster: Cluster, pg_url: str
) -> None:
    """Issue 9 item 1: the same seat sends a move for the same version through both
    workers at once: exactly one is stored, and the other client is told `stale`."""
    w0, w1 = cluster(2)
    table_id, tokens = _three_people(w0, w1)
    seats = [Client(w0, table_id, tokens[0]), Client(w0, table_id, tokens[1]),
             Client(w1, table_id, tokens[2])]
    twins = [Client(w1 if seat < 2 else w0, table_id, tokens[seat]) for seat in range(3)]
    watcher = Client(w0, table_id, None)
    everyone = [*seats, *twins, watcher]
    _joined(everyone)
    _start(w0, tokens[0], table_id, [watcher])
    rng = random.Random(3)
    message = play(dict(enumerate(seats)), watcher, 0, rng)
    rounds = 4
    for round_ in range(rounds):
        version, mover = message["version"], message["to_move"]
        pair = [seats[mover], twins[mover]]
        legal = legal_at(pair[0], version)
        legal_at(pair[1], version)
        choices = rng.sample(legal, 2) if len(legal) > 1 else legal * 2
        send_together(pair, choices, version)
        await_errors([*seats, *twins], round_ + 1)
        message = watcher.until(lambda m, v=version: progress(m) and m.get("version", 0) > v
                                and m.get("to_move") is not None)
        stored = stored_actions(pg_url, table_id)
        assert stored[version].player == mover
        assert stored[version].action in [ch["json"] for ch in choices]
    refused = errors(everyone)
    assert [m["code"] for m in refused] == ["stale"] * rounds  # one per round
    assert len(stored_actions(pg_url, table_id)) == message["version"]
    replay_check(pg_url, table_id)


def send_together(pair: list[Client], choices: list[dict[str, Any]], version: int) -> None:
    """Each client sends its choice for `version`, released at the same moment."""
    go = threading.Barrier(len(pair))

    def send(client: Client, choice: dict[str, Any]) -> None:
        go.wait()
        client.send({"type": "action", "version": version, "action": choice["json"]})

    threads = [threading.Thread(target=send, args=(client, choice))
               for client, choice in zip(pair, choices, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def replay_check(db: str, table_id: int) -> None:
    """The stored record replays with every action legal (nothing doubled or lost)."""
    store = Store(db)
    try:
        replay(store.load_record(table_id))
    finally:
        store.close()


def test_redis_restart_mid_game_events_resume(
    cluster: Cluster, pg_url: str, redis_server: RedisServer
) -> None:
    """Issue 9 item 2: Redis restarted mid-game: what was committed meanwhile reaches the
    other worker's clients (resync), and later events flow between the workers again."""
    w0, w1 = cluster(2)
    table_id, tokens = _three_people(w0, w1)
    seats = [Client(w0, table_id, tokens[0]), Client(w0, table_id, tokens[1]),
             Client(w1, table_id, tokens[2])]
    far = Client(w1, table_id, None)
    watcher = Client(w0, table_id, None)
    _joined([*seats, far, watcher])
    _start(w0, tokens[0], table_id, [watcher, far])
    rng = random.Random(4)
    play(dict(enumerate(seats)), watcher, 6, rng)
    redis_server.kill()
    wait_for(lambda: (w0.health() or {}).get("fanout") == "down", "w0 to notice")
    seats[0].send({"type": "chat", "text": "while Redis was down"})
    said = watcher.until(lambda m: m.get("kind") == "chat")
    redis_server.start()
    wait_for(w0.ready, "w0 to resubscribe")
    wait_for(w1.ready, "w1 to resubscribe")
    synced = far.until(lambda m: m["type"] == "sync" and m["event"] >= said["n"])
    assert any(line["text"] == "while Redis was down" for line in synced["chat"])
    last = play(dict(enumerate(seats)), watcher, 6, rng)
    far.until(lambda m: progress(m) and m.get("version") == last["version"])
    after = [e for e in action_events(far) if e[1] > synced["version"]]
    assert after and after[-1][1] == last["version"]  # moves flow between workers again
    assert [v for _n, v, _t in after] == sorted({v for _n, v, _t in after})
    assert len(stored_actions(pg_url, table_id)) == last["version"]


def test_bot_table_survives_its_worker_no_doubled_move(
    cluster: Cluster, pg_url: str, redis_server: RedisServer
) -> None:
    """Issue 9 item 1: bots run once per table; when the worker running them is killed,
    the other takes the lease over and the game ends, with every bot move stored once."""
    w0, w1 = cluster(2)
    owner = sign_in(w0, "Ada")
    table_id = new_table(w0, owner)
    for _ in range(3):
        post(w0, owner, f"/api/tables/{table_id}/bots", {"bot": "random"})
    watchers = [Client(w0, table_id, None), Client(w1, table_id, None)]
    _joined(watchers)
    post(w1, owner, f"/api/tables/{table_id}/start")
    watchers[0].until(lambda m: progress(m) and m.get("version", 0) >= 20)
    namespace = instance_of(pg_url)
    wait_for(lambda: lease_holder(redis_server.url, namespace, table_id) is not None,
             "a lease", 10)
    holder = lease_holder(redis_server.url, namespace, table_id)
    ids = [(w.health() or {}).get("worker") for w in (w0, w1)]
    assert holder in ids  # one worker runs this table's bots
    dead, alive = (w0, w1) if ids[0] == holder else (w1, w0)
    dead.kill9()
    survivor = watchers[1] if dead is w0 else watchers[0]
    over = survivor.until(lambda m: m.get("kind") == "over", timeout=90)
    stored = stored_actions(pg_url, table_id)
    assert over["version"] == len(stored)
    seen = action_events(survivor)
    versions = [version for _n, version, _t in seen]
    assert versions == sorted(set(versions)) and versions[-1] == len(stored)
    replay_check(pg_url, table_id)
    assert "bot at table" not in alive.log.read_text()


def test_an_undo_on_one_worker_is_taken_back_on_the_other(cluster: Cluster, pg_url: str
                                                          ) -> None:
    """Issue 9 item 1 with issue 10 item 5: a step taken back through one worker is taken
    back for the members of the other too (they resync to the shorter log), and play goes
    on across both workers from there."""
    w0, w1 = cluster(2)
    table_id, tokens = _three_people(w0, w1)
    seats = [Client(w0, table_id, tokens[0]), Client(w0, table_id, tokens[1]),
             Client(w1, table_id, tokens[2])]
    watchers = [Client(w0, table_id, None), Client(w1, table_id, None)]
    _joined(seats + watchers)
    _start(w1, tokens[0], table_id, watchers)
    rng = random.Random(3)
    message = current(watchers[0])
    for _ in range(60):  # until the seat to move can build (a step that keeps it to move)
        version, mover = message["version"], message["to_move"]
        builds = [x for x in legal_at(seats[mover], version) if x["text"].startswith("build")]
        if builds:
            break
        message = play(dict(enumerate(seats)), watchers[0], 1, rng)
    else:
        pytest.skip("no build in 60 moves of this game")
    other = watchers[1] if mover < 2 else watchers[0]  # the worker the mover is not on
    seats[mover].send({"type": "action", "version": version, "action": builds[0]["json"]})
    seats[mover].until(lambda m: m.get("version") == version + 1 and m.get("can_undo"))
    other.until(lambda m: progress(m) and m.get("version") == version + 1)
    seats[mover].send({"type": "undo", "version": version + 1})
    back = other.until(lambda m: m["type"] == "sync" and m.get("version") == version)
    assert back["to_move"] == mover
    assert len(stored_actions(pg_url, table_id)) == version
    undone = seats[mover].until(lambda m: m.get("kind") == "undo")
    seats[mover].seen[:] = [undone]  # the version numbers after it are used again
    last = play(dict(enumerate(seats)), other, 3, rng)
    assert last["version"] == version + 3 or last.get("kind") == "over"
    assert len(stored_actions(pg_url, table_id)) == last["version"]

"""What one flood hello costs the event loop, before and after issue 17's session-6 cuts,
timed in one process as interleaved rounds (medians): `python -m
belle.server.bench.hellocost [N]`.

- refused: a hello over its socket's cap. Before: the frame was parsed (JSON, shape
  check, pydantic), refused with a `ServerError` and its refusal built as JSON each time.
  Now: a prefix test and the socket's bucket, then a refusal built once.
- lobby sync: the bytes a hello is answered with in a lobby of 50 running and 300
  waiting tables. Before: every open and running table and 50 finished. Now: a page of
  50 open, 50 running and 30 finished (`more` names the statuses cut).

Ratios are what to read: the absolute times depend on the machine and its load.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime

from belle.server.errors import ServerError
from belle.server.table import payloads
from belle.server.ws.connection import TokenBucket
from belle.server.ws.lobby import LOBBY_FINISHED, LOBBY_PAGE
from belle.server.ws.messages import dumps, parse, refusal
from belle.server.ws.sockets import HELLO_PREFIX, HELLO_REFUSED, HELLO_REFUSED_TEXT
from belle.storage import EMPTY_SEAT, Seat, TableRecord

FRAME = '{"type":"hello","since":null}'


def refused_before(sent: list[str]) -> None:
    message = parse(FRAME)
    assert message.type == "hello"
    sent.append(refusal(ServerError("rate_limited", HELLO_REFUSED)))


def refused_now(sent: list[str], bucket: TokenBucket) -> None:
    if FRAME.startswith(HELLO_PREFIX) and bucket.empty():
        sent.append(HELLO_REFUSED_TEXT)


def _timed(work: Callable[[], None], count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        work()
    return (time.perf_counter() - start) / count


def refused_ratio(count: int, rounds: int = 7) -> dict[str, float]:
    sent: list[str] = []
    bucket = TokenBucket(1.0, 1)
    bucket.tokens = 0.0
    bucket.rate = 1e-9  # always empty, as under a flood
    before, now = [], []
    for _ in range(rounds):
        before.append(_timed(lambda: refused_before(sent), count))
        now.append(_timed(lambda: refused_now(sent, bucket), count))
        sent.clear()
    b, n = statistics.median(before), statistics.median(now)
    return {"before_us": round(b * 1e6, 2), "now_us": round(n * 1e6, 2),
            "now_over_before": round(n / b, 3)}


def _table(table_id: int, status: str) -> TableRecord:
    moment = datetime(2026, 12, 1, tzinfo=UTC)
    seats = [Seat("human", 1, f"player {table_id}-1"), Seat("bot", None, None, "greedy"),
             EMPTY_SEAT if status == "open" else Seat("human", 2, f"player {table_id}-2")]
    return TableRecord(id=table_id, game="paris_connection", options={}, players=3,
                       mode="live", status=status, seed=None, seats=seats, version=40,
                       events=41, result=None, engine_version="1", created_by=1,
                       created_by_name=f"player {table_id}-1", created_at=moment,
                       updated_at=moment, host_id=1, host_name=f"player {table_id}-1")


def sync_bytes(running: int = 50, waiting: int = 300, finished: int = 50) -> dict[str, int]:
    tables = {"open": [_table(i, "open") for i in range(waiting)],
              "running": [_table(1000 + i, "running") for i in range(running)],
              "finished": [_table(2000 + i, "finished") for i in range(finished)]}

    def size(most: dict[str, int]) -> int:
        shown = [t for status, found in tables.items() for t in found[:most[status]]]
        return len(dumps({"type": "sync", "event": 1, "chat": [],
                          "tables": [payloads.summary(t) for t in shown]}).encode())

    before = size({"open": waiting, "running": running, "finished": 50})
    now = size({"open": LOBBY_PAGE, "running": LOBBY_PAGE, "finished": LOBBY_FINISHED})
    return {"before_bytes": before, "now_bytes": now}


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 20_000
    print({"refused_hello": refused_ratio(count), "lobby_sync": sync_bytes()})


if __name__ == "__main__":
    main(sys.argv[1:])

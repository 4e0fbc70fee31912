"""What a worker pays for another worker's move at a table it does not hold: the CPU of
redis-py's asyncio subscriber and `RedisFanout._deliver` (JSON, the sender check, the
hub's lookup) per message, over `count` messages of a typical move (docs/scaling.md).

`python -m belle.server.bench.fanin --redis redis://127.0.0.1:6379/0 [--runs 5]` prints
the microseconds of CPU per message of each run and their median. It publishes on a
namespace of its own (`fanin-probe`), so a deployment on the same Redis hears nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from typing import Any

from belle.server.cluster.fanout import CHANNEL, RedisFanout

NAMESPACE = "fanin-probe"
MOVE = {"w": "0" * 32, "table": 10, "kind": "actions", "n": 79, "seq": 74,
        "entries": [[0, {"type": "place", "hex": "J2"}, "place J2", None]]}
PUBLISHER = """
import redis, sys
r = redis.Redis.from_url(sys.argv[1]); pipe = r.pipeline(transaction=False)
for i in range(int(sys.argv[3])):
    pipe.publish(sys.argv[2], sys.argv[4])
    if i % 500 == 499:
        pipe.execute()
pipe.execute()
"""


class Counter:
    """A sink that only counts (the hub would look the table up and find nothing)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.seen = 0
        self.done = asyncio.Event()

    def deliver(self, message: dict[str, Any]) -> None:
        self.seen += 1
        if self.seen >= self.count:
            self.done.set()

    async def resync_all(self) -> None:
        return None

    def adopt(self, table_ids: list[int]) -> None:
        return None


async def one_run(url: str, count: int) -> float:
    """Microseconds of this process's CPU per message received."""
    sink = Counter(count)
    fanout = RedisFanout(url, NAMESPACE)
    await fanout.start(sink)
    text = json.dumps(MOVE, separators=(",", ":"))
    publisher = subprocess.Popen([sys.executable, "-c", PUBLISHER, url,
                                  CHANNEL.format(NAMESPACE), str(count), text])
    began = time.process_time()
    try:
        await asyncio.wait_for(sink.done.wait(), 300)
        return (time.process_time() - began) / count * 1e6
    finally:
        publisher.wait()
        await fanout.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.server.bench.fanin",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--redis", required=True, help="a Redis URL")
    parser.add_argument("--count", type=int, default=20_000, help="messages per run")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    try:
        import uvloop
        run: Any = uvloop.run
    except ImportError:
        run = asyncio.run
    runs = [run(one_run(args.redis, args.count)) for _ in range(args.runs)]
    size = len(json.dumps(MOVE, separators=(",", ":")))
    print(json.dumps({"message_bytes": size, "us_per_message": [round(r, 1) for r in runs],
                      "median_us": round(statistics.median(runs), 1)}))


if __name__ == "__main__":
    main()

"""`python -m belle.server [--host H] [--port P] [--db URL] [--redis URL]`: serve without
the CLI. `--db` and `--redis` default to $BELLE_DATABASE_URL and $BELLE_REDIS_URL.

The load generator starts the server this way; `belle serve` does the same thing.
"""

from __future__ import annotations

import argparse
import os
import sys

from belle.server.app import run
from belle.server.cluster.fanout import FanoutError
from belle.storage import DEFAULT_DATABASE_URL


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=os.environ.get("BELLE_DATABASE_URL")
                        or DEFAULT_DATABASE_URL, help="database URL")
    parser.add_argument("--redis", default=os.environ.get("BELLE_REDIS_URL") or None,
                        help="Redis URL: one worker of several (PostgreSQL only)")
    parser.add_argument("--lease-seconds", type=float, default=None,
                        help="table lease period with --redis (default 10)")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds per bot move")
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    try:
        run(args.host, args.port, args.db, bot_delay=args.bot_delay, log_level=args.log_level,
            redis_url=args.redis, lease_seconds=args.lease_seconds)
    except FanoutError as exc:
        sys.exit(f"error: {exc}")


if __name__ == "__main__":
    main()

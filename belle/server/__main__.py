"""`python -m belle.server [--host H] [--port P] [--db URL]`: serve without the CLI.

The load generator starts the server this way; `belle serve` does the same thing.
"""

from __future__ import annotations

import argparse

from belle.server.app import run
from belle.storage import DEFAULT_DATABASE_URL


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=DEFAULT_DATABASE_URL, help="database URL")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds per bot move")
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    run(args.host, args.port, args.db, bot_delay=args.bot_delay, log_level=args.log_level)


if __name__ == "__main__":
    main()

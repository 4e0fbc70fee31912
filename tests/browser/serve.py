"""Start a Belle server in a subprocess for the browser tests and the screenshots.

The server runs on a fresh SQLite database in `workdir`, with bots moving at once
(`--bot-delay 0`) and no HTTP rate limit. `serving(workdir)` yields its base URL and
stops it afterwards.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# generous: a loaded machine (parallel test workers) can take long to import and answer
STARTUP_SECONDS = 90


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {STARTUP_SECONDS} s:\n{log.read_text()}")


SHARED_SERVER_LIMITS = {
    "BELLE_HTTP_RATE": "0",
    "BELLE_BOT_TABLES": "1000",
    "BELLE_MAX_OPEN_TABLES": "1000",
    "BELLE_SOCKETS_PER_ADDRESS": "1000",
    "BELLE_ADDRESS_HELLOS": "1000",
    "BELLE_NAMES_PER_ADDRESS": "0",
    "BELLE_OPEN_TABLES_PER_ADDRESS": "0",
}
"""One server serves every browser test from one loopback address, so the per-address
caps of a public server (issue 17) are lifted; tests of those caps run their own servers."""


@contextmanager
def serving(workdir: Path) -> Iterator[str]:
    """The base URL of a fresh server whose database and log live in `workdir`."""
    port = free_port()
    log = workdir / "server.log"
    env = {**os.environ, "BELLE_BOT_DELAY": "0", "PYTHONUNBUFFERED": "1", **SHARED_SERVER_LIMITS}
    command = [
        sys.executable, "-m", "belle.server", "--host", "127.0.0.1", "--port", str(port),
        "--db", f"sqlite:///{workdir}/belle.db", "--bot-delay", "0", "--log-level", "warning",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   cwd=workdir)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()

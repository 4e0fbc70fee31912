"""A real `belle serve` process for the server tests that need one (issue 17, issue 18's
direct sockets): the process, and the HTTP and websocket helpers around it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from belle.server.bench.processes import stop_process

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(predicate: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds  # a safety net, not a measure
    while not predicate():
        assert time.monotonic() < deadline, f"{what} did not happen"
        time.sleep(0.05)


@dataclass
class Server:
    """One `python -m belle.server` on a SQLite file."""

    db: str
    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, **extra_env: str) -> None:
        env = {**os.environ, "BELLE_HEARTBEAT_SECONDS": "0.2", "BELLE_HTTP_RATE": "0",
               **extra_env}
        command = [sys.executable, "-m", "belle.server", "--host", HOST, "--port",
                   str(self.port), "--db", self.db, "--bot-delay", "0",
                   "--log-level", "warning"]
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            env=env)
        wait_for(self.ready, "the server to answer")

    def ready(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"the server exited: {self.log.read_text()[-3000:]}")
        try:
            return httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        stop_process(self.process)


def session(server: Server, name: str) -> str:
    response = httpx.post(f"{server.url}/api/session", json={"name": name})
    assert response.status_code == 200, response.text
    return response.cookies["belle_session"]


def post(server: Server, token: str, path: str, body: Any = None) -> Any:
    response = httpx.post(f"{server.url}{path}", json=body or {},
                          cookies={"belle_session": token})
    assert response.status_code == 200, response.text
    return response.json()


def until(ws: Any, predicate: Any, limit: int = 5000) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if predicate(message):
            return message
    raise AssertionError("no such message")


def cookie(token: str) -> dict[str, str]:
    return {"cookie": f"belle_session={token}"}

"""Server processes for the benchmarks: `belle serve` (as `python -m belle.server`) on
free loopback ports, and what /proc says about their CPU and memory."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path
from typing import ClassVar

from belle.server.bench.schema import worker_command

HOST = "127.0.0.1"
STARTUP_SECONDS = 180.0  # a loaded machine may take this long to import and migrate


def free_port(taken: Collection[int] = ()) -> int:
    """A free loopback port: the first free one of `BELLE_BENCH_PORTS` ("8480-8499") when
    set (a shared machine where each user keeps to a range), else any the system picks;
    never one of `taken` (given to a process not started yet)."""
    first, _, last = os.environ.get("BELLE_BENCH_PORTS", "").partition("-")
    candidates = range(int(first), int(last or first) + 1) if first else [0] * 8
    for candidate in candidates:
        if candidate in taken:
            continue
        with socket.socket() as probe:
            try:
                probe.bind((HOST, candidate))
            except OSError:
                continue
            port: int = probe.getsockname()[1]
            if port not in taken:
                return port
    raise RuntimeError(f"no free port in BELLE_BENCH_PORTS={first}-{last}")


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def process_cpu(pid: int) -> float | None:
    """Seconds of CPU a process has used (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_rss(pid: int) -> int | None:
    """Resident memory of a process in bytes (Linux /proc; None elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


@contextlib.contextmanager
def server_process() -> Iterator[tuple[str, int]]:
    """A `belle serve` on a free loopback port and a temp database; yields (URL, pid)."""
    with server_processes(1) as servers:
        yield servers[0]


@contextlib.contextmanager
def server_processes(
    count: int, db: str | None = None, redis: str | None = None, schema: str | None = None,
    *, lift_limits: bool = True, pythonpath: str | None = None,
    under: Sequence[str] = (),
) -> Iterator[list[tuple[str, int]]]:
    """`count` servers on free loopback ports, on `db` (a temp SQLite file by default;
    `schema`: a schema of that PostgreSQL database, belle.server.bench.schema) and, with
    several, `redis`; yields [(URL, pid)]. `lift_limits`: no per-player table limit, HTTP
    rate limit nor socket and hello caps (three bench players sit at every table, from
    loopback). `pythonpath`: serve the code of that tree (another version of Belle).
    `under`: a command each server runs under (`valgrind --tool=callgrind …`; it must
    keep the server's process id, as valgrind does)."""
    raise_file_limit()
    with tempfile.TemporaryDirectory(prefix="belle-bench-") as tmp:
        database = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        # one bench player creates every table: lift the per-player table limit and the
        # HTTP rate limit (every client is on loopback)
        env = {**os.environ, "BELLE_BOT_DELAY": "0"}
        if pythonpath:
            env["PYTHONPATH"] = pythonpath
        if lift_limits:
            env.update(LIFTED_LIMITS)
        processes: list[subprocess.Popen[bytes]] = []
        servers: list[tuple[str, int]] = []
        try:
            for index in range(count):
                port = free_port()
                command = [*under, *worker_command(schema), "--host", HOST, "--port",
                           str(port), "--db", database, "--bot-delay", "0",
                           "--log-level", "warning"]
                if redis:
                    command += ["--redis", redis]
                log_path = Path(tmp) / f"server{index}.log"
                with open(log_path, "wb") as log:
                    # run from the tree itself: `python -m` puts the working directory
                    # first on the path, before PYTHONPATH (from another checkout, that
                    # checkout's code would be served)
                    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                               env=env, cwd=pythonpath or None)
                processes.append(process)
                url = f"http://{HOST}:{port}"
                _wait_ready(url, process, log_path)
                servers.append((url, process.pid))
            yield servers
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


LIFTED_LIMITS = {  # three bench players, or one bench player's bot tables, all from loopback
    "BELLE_MAX_OPEN_TABLES": "1000000", "BELLE_HTTP_RATE": "0",
    "BELLE_SOCKETS_PER_ADDRESS": "0", "BELLE_SOCKETS_PER_PLAYER": "0",
    "BELLE_ADDRESS_HELLOS": "0", "BELLE_PLAYER_HELLOS": "0", "BELLE_NAMES_PER_ADDRESS": "0",
    "BELLE_OPEN_TABLES_PER_ADDRESS": "0", "BELLE_BOT_TABLES": "1000000",
}


class WorkerProcess:
    """One server process on a port of its own, stopped (SIGTERM, as systemd and docker
    stop a worker) and started again at will; its output goes to `log`."""

    ports: ClassVar[set[int]] = set()  # every instance's: each keeps its port for life

    def __init__(self, arguments: list[str], log: Path, schema: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.port = free_port(WorkerProcess.ports)
        WorkerProcess.ports.add(self.port)
        self.url = f"http://{HOST}:{self.port}"
        self.command = [*worker_command(schema), "--host", HOST, "--port", str(self.port),
                        *arguments]
        self.log = log
        self.env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it and wait until it serves."""
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(self.command, stdout=out,
                                             stderr=subprocess.STDOUT, env=self.env)
        _wait_ready(self.url, self.process, self.log)

    def terminate(self, timeout: float = 60.0) -> float:
        """SIGTERM, and wait for it to exit: the seconds that took."""
        assert self.process is not None
        began = time.monotonic()
        self.process.terminate()
        self.process.wait(timeout=timeout)
        return time.monotonic() - began

    def stop(self) -> None:
        """Whatever its state: stopped (killed if SIGTERM is not enough)."""
        stop_process(self.process)


def stop_process(process: subprocess.Popen[bytes] | None) -> None:
    """A server process stopped, whatever its state: SIGTERM, then SIGKILL after 15 s."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    import httpx

    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"the server did not start within {STARTUP_SECONDS:.0f} s")


def client_loop() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The load generator's event loop: uvloop when it is installed (the instrument should
    cost little CPU on a machine it shares with the server), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop

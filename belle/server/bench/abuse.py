"""`belle bench --abuse`: floods beside honest tables, on one `belle serve` on loopback.

One server process (the code `belle serve` runs, its default limits, a temp SQLite
file). `tables` honest tables of three people each play Paris Connection: every person
has a session, a socket and an address of their own (sent as X-Forwarded-For, which the
server trusts from loopback as it would from a local proxy), and moves after a think
time of 0.5–1.5 × `think`. The window runs twice: quiet, then under attack, where at
once

1. a hello flood: `flood_sockets` anonymous sockets from 3 addresses, each sending 20
   hellos a second on the lobby and on the honest tables, and `silent_sockets` sockets
   that subscribe to the lobby and never read;
2. request bodies of 256 MiB (declared and streamed), a few at a time;
3. password guessing: 8 addresses guessing a registered account's password as fast as
   the server answers.

It reports the honest moves' latency (send → own echo; p50/p99/max), what the floods got
(answered, refused), the health checks, and the server's resident memory. Bounded: at
most `MAX_TABLES` tables and `MAX_SECONDS` a window; nothing leaves loopback. The runs,
rounds, the comparison with an earlier version of the code and the report are
belle.server.bench.abuse_runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from belle.server.bench.loadgen import own_version
from belle.server.bench.processes import process_cpu, process_rss

MAX_TABLES = 200
MAX_SECONDS = 120.0
HELLOS_PER_SECOND = 20
GUESSERS = 8
BODY_SENDERS = 3


@dataclass
class Tally:
    """Honest latencies by phase ("quiet", "under_attack"; None: not measuring) and what
    the floods met."""

    phase: str | None = None
    latencies: dict[str, list[float]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)


def _headers(address: str, token: str | None = None) -> dict[str, str]:
    headers = {"x-forwarded-for": address}
    if token:
        headers["cookie"] = f"belle_session={token}"
    return headers


async def _session(http: Any, name: str, address: str, password: str | None = None) -> str:
    body = {"name": name, **({"password": password} if password else {})}
    response = await http.post("/api/session", json=body, headers=_headers(address))
    response.raise_for_status()
    token: str = response.cookies["belle_session"]
    http.cookies.clear()
    return token


# -- honest tables -----------------------------------------------------------------
async def _honest_table(http: Any, url: str, index: int, think: float, tally: Tally,
                        stop: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    people = [(f"honest {index}-{seat}", f"10.1.{index // 200}.{index % 200 * 3 + seat + 1}")
              for seat in range(3)]
    tokens = [await _session(http, name, address) for name, address in people]
    host = _headers(people[0][1], tokens[0])
    table = (await http.post("/api/tables", json={"game": "paris_connection", "players": 3},
                             headers=host)).json()
    for seat, (token, (_name, address)) in enumerate(zip(tokens, people, strict=True)):
        await http.post(f"/api/tables/{table['id']}/join", json={"seat": seat},
                        headers=_headers(address, token))
    async with contextlib.AsyncExitStack() as stack:
        sockets = [await stack.enter_async_context(connect(
            url.replace("http://", "ws://") + f"/ws/table/{table['id']}",
            additional_headers=_headers(address, token), proxy=None, ping_interval=None,
            max_size=1 << 22)) for token, (_name, address) in zip(tokens, people, strict=True)]
        for ws in sockets:
            await ws.send(json.dumps({"type": "hello", "since": None}))
        await http.post(f"/api/tables/{table['id']}/start", headers=host)
        tally.counts["honest tables started"] += 1
        await asyncio.gather(*(_play(ws, seat, think, tally, stop, random.Random(index))
                               for seat, ws in enumerate(sockets)))


async def _waiting_table(http: Any, index: int) -> None:
    """An open table that waits for players, created by a person of its own address."""
    address = f"10.2.{index // 200}.{index % 200 + 1}"
    token = await _session(http, f"waiting {index}", address)
    response = await http.post("/api/tables", json={"game": "paris_connection",
                                                    "players": 3},
                               headers=_headers(address, token))
    response.raise_for_status()


async def _play(ws: Any, seat: int, think: float, tally: Tally, stop: asyncio.Event,
                rng: random.Random) -> None:
    sent: tuple[int, float] | None = None
    while not stop.is_set():
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
        except TimeoutError:
            continue
        if message.get("kind") == "over" or message["type"] == "error":
            tally.counts[f"honest {message.get('code', 'game over')}"] += 1
            return
        if sent is not None and message.get("kind") == "action" \
                and message.get("player") == seat and own_version(message) == sent[0] + 1:
            if tally.phase is not None:
                tally.latencies.setdefault(tally.phase, []).append(time.perf_counter() - sent[1])
            sent = None
        if message.get("legal") and sent is None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            choice = rng.choice(message["legal"])["json"]
            sent = (message["version"], time.perf_counter())
            await ws.send(json.dumps({"type": "action", "version": message["version"],
                                      "action": choice}))


# -- the floods --------------------------------------------------------------------
async def _hello_flood(url: str, index: int, path: str, tally: Tally,
                       stop: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    address = f"192.0.2.{index % 3 + 1}"
    try:
        async with connect(url.replace("http://", "ws://") + path, proxy=None,
                           additional_headers=_headers(address), ping_interval=None,
                           max_size=1 << 24) as ws:
            async def drain() -> None:
                async for raw in ws:  # the type is first in every message: no full parse
                    kind = str(raw[:40]).split('"type":"', 1)[-1].split('"', 1)[0]
                    tally.counts["hello answered" if kind == "sync" else f"hello {kind}"] += 1

            reader = asyncio.create_task(drain())
            while not stop.is_set():
                await ws.send('{"type":"hello","since":null}')
                tally.counts["hello sent"] += 1
                await asyncio.sleep(1 / HELLOS_PER_SECOND)
            reader.cancel()
    except Exception as exc:  # refused or dropped: what the caps are for
        tally.counts[f"flood socket closed ({type(exc).__name__})"] += 1


async def _silent(url: str, index: int, stop: asyncio.Event, tally: Tally) -> None:
    from websockets.asyncio.client import connect

    try:
        async with connect(url.replace("http://", "ws://") + "/ws/lobby", proxy=None,
                           additional_headers=_headers(f"198.51.100.{index + 1}"),
                           ping_interval=None, max_queue=1, max_size=1 << 24) as ws:
            await ws.send('{"type":"hello","since":null}')
            await stop.wait()  # and never read a byte
    except Exception as exc:
        tally.counts[f"silent socket closed ({type(exc).__name__})"] += 1


async def _big_bodies(http: Any, index: int, stop: asyncio.Event, tally: Tally) -> None:
    chunk = b"x" * (1 << 20)

    async def body() -> Any:
        for _ in range(256):
            yield chunk

    while not stop.is_set():
        try:
            response = await http.post("/api/session", content=body(), headers={
                **_headers(f"203.0.113.{index + 1}"), "content-type": "application/json",
                "content-length": str(256 << 20)})
            tally.counts[f"big body {response.status_code}"] += 1
        except Exception as exc:
            tally.counts[f"big body cut ({type(exc).__name__})"] += 1
        await asyncio.sleep(0.5)


async def _guesser(http: Any, index: int, stop: asyncio.Event, tally: Tally) -> None:
    guess = 0
    while not stop.is_set():
        guess += 1
        try:
            response = await http.post("/api/session", json={
                "name": "victim", "password": f"guess {index} {guess}"},
                headers=_headers(f"100.64.0.{index + 1}"))
            code = response.json().get("error", {}).get("code", response.status_code)
        except Exception as exc:
            code = type(exc).__name__
        tally.counts[f"guess {code}"] += 1
        http.cookies.clear()
        if code == "rate_limited":
            await asyncio.sleep(0.05)


async def _health(http: Any, stop: asyncio.Event, tally: Tally) -> None:
    while not stop.is_set():
        moment = time.perf_counter()
        response = await http.get("/api/health")
        tally.counts[f"health {response.status_code}"] += 1
        if tally.phase is not None:
            tally.counts["health slowest ms"] = max(
                tally.counts["health slowest ms"], round(1000 * (time.perf_counter() - moment)))
        await asyncio.sleep(0.5)


# -- the run -----------------------------------------------------------------------
def _summary(latencies: list[float], seconds: float) -> dict[str, Any]:
    ordered = sorted(latencies)

    def ms(q: float) -> float:
        if not ordered:
            return 0.0
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"moves": len(ordered), "moves_per_s": round(len(ordered) / seconds, 1),
            "p50_ms": ms(0.5), "p99_ms": ms(0.99), "max_ms": ms(1.0)}


async def _floods(url: str, seconds: float, flood_sockets: int, silent_sockets: int
                  ) -> dict[str, int]:
    """Every flood at once for `seconds`; what they met."""
    import httpx

    tally = Tally()
    attack = asyncio.Event()
    async with httpx.AsyncClient(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=32)) as http:
        floods = [
            *(asyncio.create_task(_hello_flood(
                url, i, "/ws/lobby" if i % 2 else "/ws/table/1", tally, attack))
              for i in range(flood_sockets)),
            *(asyncio.create_task(_silent(url, i, attack, tally))
              for i in range(silent_sockets)),
            *(asyncio.create_task(_big_bodies(http, i, attack, tally))
              for i in range(BODY_SENDERS)),
            *(asyncio.create_task(_guesser(http, i, attack, tally)) for i in range(GUESSERS)),
        ]
        await asyncio.sleep(1.0)
        print("started", flush=True)  # the parent measures from now
        await asyncio.sleep(seconds)
        attack.set()
        await _finish(floods)
    return dict(tally.counts)


async def _finish(tasks: list[asyncio.Task[Any]], grace: float = 10.0) -> None:
    """Let `tasks` end within `grace` seconds, then cancel what is left (a flood socket
    the server stopped reading may never finish closing by itself)."""
    _done, pending = await asyncio.wait(tasks, timeout=grace)
    for task in pending:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def flood_main(argv: list[str]) -> None:
    """The attacker's process: `python -m belle.server.bench.abuse URL SECONDS SOCKETS
    SILENT`; prints what the floods met as JSON."""
    url, seconds, sockets, silent = argv[0], float(argv[1]), int(argv[2]), int(argv[3])
    print(json.dumps(asyncio.run(_floods(url, seconds, sockets, silent))), flush=True)


async def measure(url: str, pid: int, tables: int, seconds: float, think: float,
                  flood_sockets: int, silent_sockets: int,
                  profile: str | None = None, lobby_tables: int = 0) -> dict[str, Any]:
    """One server: honest tables quiet, then under the floods; what was measured.
    `profile`: a file for py-spy's samples of the server during the floods (raw
    collapsed stacks). `lobby_tables`: open tables waiting in the lobby (each by its
    own person and address), so a lobby sync is as large as a busy lobby's."""
    import httpx

    tally = Tally()
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        await _session(http, "victim", "100.64.1.1", "a long and good password")
        for index in range(lobby_tables):
            await _waiting_table(http, index)
        stop, checking = asyncio.Event(), asyncio.Event()
        honest = [asyncio.create_task(_honest_table(http, url, i, think, tally, stop))
                  for i in range(tables)]
        began = time.monotonic()
        while tally.counts["honest tables started"] < tables and time.monotonic() - began < 180:
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # the first deals settle
        tally.phase = "quiet"
        cpu = [process_cpu(pid)]
        await asyncio.sleep(seconds)
        cpu.append(process_cpu(pid))
        load_quiet = os.getloadavg()[0]
        rss_before = process_rss(pid)
        attacker = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "belle.server.bench.abuse", url, str(seconds + 2),
            str(flood_sockets), str(silent_sockets), stdout=asyncio.subprocess.PIPE)
        assert attacker.stdout is not None
        with contextlib.suppress(TimeoutError):  # the floods under way (a loaded machine
            await asyncio.wait_for(attacker.stdout.readline(), timeout=180)  # is slow)
        tally.phase = "under_attack"
        health = asyncio.create_task(_health(http, checking, tally))
        spy = await _py_spy(pid, seconds, profile) if profile else None
        cpu.append(process_cpu(pid))
        await asyncio.sleep(seconds)
        cpu.append(process_cpu(pid))
        load_attack = os.getloadavg()[0]
        rss_after = process_rss(pid)
        if spy is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(spy.wait(), timeout=60)
        tally.phase = None
        checking.set()
        try:
            out, _err = await asyncio.wait_for(attacker.communicate(), timeout=60)
        except TimeoutError:
            attacker.kill()
            out = b"{}"
        stop.set()
        await _finish([health, *honest])
    met = json.loads(out.decode() or "{}")
    return {"quiet": _summary(tally.latencies.get("quiet", []), seconds),
            "under_attack": _summary(tally.latencies.get("under_attack", []), seconds),
            "floods_met": dict(sorted(met.items())),
            "honest_and_health": dict(sorted(tally.counts.items())),
            "rss_mib": [round((m or 0) / 2**20, 1) for m in (rss_before, rss_after)],
            "load_average": {"quiet": round(load_quiet, 2),
                             "under_attack": round(load_attack, 2)},
            "server_cpu_s": {"quiet": _spent(cpu[0], cpu[1]),
                             "under_attack": _spent(cpu[2], cpu[3])}}


def _spent(start: float | None, end: float | None) -> float | None:
    """CPU seconds the server used between two readings (None off Linux)."""
    return round(end - start, 2) if start is not None and end is not None else None


async def _py_spy(pid: int, seconds: float, output: str) -> Any:
    """py-spy sampling the server for `seconds` (None when py-spy is not installed)."""
    import shutil

    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        print("py-spy is not installed: no profile", file=sys.stderr)
        return None
    return await asyncio.create_subprocess_exec(
        spy, "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
        "--rate", "200", "--format", "raw", "--output", output, "--nonblocking",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)


if __name__ == "__main__":
    flood_main(sys.argv[1:])

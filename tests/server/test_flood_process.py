"""Floods against a real `python -m belle.server` (issue 17, session 6, item 4), with its
default limits (but the HTTP rate, as in the other process tests): sockets that say
hello again and again and never read a byte, and a hello flood at the rate a socket
may keep, from a few addresses (X-Forwarded-For, trusted from loopback) while the lobby
lists forty tables. Meanwhile `/api/health` answers, an honest player's move is applied
and echoed to her, and the server's resident memory stays within a generous bound (it
grew 4.6 MiB per silent socket before outgoing queues were bounded in bytes). Bounded
in count and time, loopback only. Then a short smoke run of `belle bench --abuse`,
checking its report's fields, not its figures."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from belle.server.bench.loadgen import own_version
from belle.server.bench.processes import process_rss

from .processkit import Server, post, session

SILENT = 24  # sockets that never read, 8 per address
FLOODERS = 12  # sockets that read, saying hello 20 times a second
SECONDS = 8.0
RSS_GROWTH_MIB = 200  # generous: queues are bounded at 4 MiB per socket


def forwarded(address: str, token: str | None = None) -> dict[str, str]:
    headers = {"x-forwarded-for": address}
    if token:
        headers["cookie"] = f"belle_session={token}"
    return headers


def crowd_the_lobby(server: Server, tables: int) -> None:
    """`tables` open tables by as many people, from addresses of their own."""
    with httpx.Client(base_url=server.url, timeout=60) as http:
        for index in range(tables):
            address = f"10.9.{index // 200}.{index % 200 + 1}"
            response = http.post("/api/session", json={"name": f"lister {index}"},
                                 headers=forwarded(address))
            token = response.cookies["belle_session"]
            http.cookies.clear()
            made = http.post("/api/tables", json={"game": "paris_connection", "players": 3},
                             headers=forwarded(address, token))
            assert made.status_code == 200, made.text


async def silent(url: str, index: int, stop: asyncio.Event, met: dict[str, int]) -> None:
    """Say hello twenty times, then never read: whatever the server queues for it."""
    from websockets.asyncio.client import connect

    try:
        async with connect(f"{url}/ws/lobby", proxy=None, ping_interval=None, max_queue=1,
                           max_size=1 << 24,
                           additional_headers=forwarded(f"198.51.100.{index % 3 + 1}")) as ws:
            for _ in range(20):
                await ws.send('{"type":"hello","since":null}')
            met["silent opened"] = met.get("silent opened", 0) + 1
            await stop.wait()
    except Exception as exc:  # refused or dropped: what the caps are for
        key = f"silent closed ({type(exc).__name__})"
        met[key] = met.get(key, 0) + 1


async def flooder(url: str, index: int, stop: asyncio.Event, met: dict[str, int]) -> None:
    from websockets.asyncio.client import connect

    try:
        async with connect(f"{url}/ws/lobby", proxy=None, ping_interval=None,
                           max_size=1 << 24,
                           additional_headers=forwarded(f"192.0.2.{index % 3 + 1}")) as ws:
            async def drain() -> None:
                async for raw in ws:
                    kind = str(raw[:40]).split('"type":"', 1)[-1].split('"', 1)[0]
                    met[f"hello {kind}"] = met.get(f"hello {kind}", 0) + 1

            reader = asyncio.create_task(drain())
            while not stop.is_set():
                await ws.send('{"type":"hello","since":null}')
                await asyncio.sleep(0.05)
            reader.cancel()
    except Exception as exc:
        key = f"flooder closed ({type(exc).__name__})"
        met[key] = met.get(key, 0) + 1


async def honest_move(url: str, token: str, table_id: int) -> dict[str, Any]:
    """Ann, on her own socket, makes a legal move and waits for its echo."""
    from websockets.asyncio.client import connect

    path = f"{url}/ws/table/{table_id}"
    async with connect(path, proxy=None, ping_interval=None, max_size=1 << 24,
                       additional_headers=forwarded("203.0.113.50", token)) as ws:
        await ws.send('{"type":"hello","since":null}')
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if message.get("legal") and message.get("to_move") == 0:
                break
        version = message["version"]
        await ws.send(json.dumps({"type": "action", "version": version,
                                  "action": message["legal"][0]["json"]}))
        while True:
            echo: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if echo.get("kind") == "action" and own_version(echo) == version + 1:
                return echo
            assert echo["type"] != "error", echo


async def under_flood(server: Server, ann: str, table_id: int) -> dict[str, Any]:
    url = server.url.replace("http://", "ws://")
    stop, met = asyncio.Event(), dict[str, int]()
    floods = [asyncio.create_task(silent(url, i, stop, met)) for i in range(SILENT)]
    floods += [asyncio.create_task(flooder(url, i, stop, met)) for i in range(FLOODERS)]
    await asyncio.sleep(2.0)  # the floods under way
    health: list[int] = []
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        move = asyncio.create_task(honest_move(url, ann, table_id))
        ends = time.monotonic() + SECONDS
        peak = 0
        while time.monotonic() < ends or not move.done():
            health.append((await http.get("/api/health")).status_code)
            assert server.process is not None
            peak = max(peak, process_rss(server.process.pid) or 0)
            await asyncio.sleep(0.5)
            assert time.monotonic() < ends + 180, "the honest move was not echoed"
        echo = await move
    stop.set()
    _done, pending = await asyncio.wait(floods, timeout=10)
    for task in pending:
        task.cancel()
    await asyncio.gather(*floods, return_exceptions=True)
    return {"met": met, "health": health, "echo": echo, "peak": peak}


def test_floods_do_not_stop_an_honest_move_nor_grow_the_server(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'belle.db'}", tmp_path / "server.log")
    server.start()
    try:
        crowd_the_lobby(server, 40)
        ann = session(server, "ann")
        table = post(server, ann, "/api/tables", {"game": "paris_connection", "players": 3})
        for path, body in ((f"/api/tables/{table['id']}/join", {"seat": 0}),
                           (f"/api/tables/{table['id']}/bots", {"bot": "random"}),
                           (f"/api/tables/{table['id']}/bots", {"bot": "random"}),
                           (f"/api/tables/{table['id']}/start", None)):
            post(server, ann, path, body)
        assert server.process is not None
        before = process_rss(server.process.pid) or 0
        found = asyncio.run(under_flood(server, ann, table["id"]))
    finally:
        server.stop()
    met = found["met"]
    assert met.get("hello sync", 0) > 0 and met.get("hello error", 0) > 0  # capped
    assert met.get("silent opened", 0) > 0
    assert found["health"] and all(code == 200 for code in found["health"])
    assert found["echo"]["player"] == 0  # Ann's move was applied and told to her
    growth = (found["peak"] - before) / 2**20
    assert growth < RSS_GROWTH_MIB, f"the server grew {growth:.0f} MiB under the floods"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_abuse_bench_reports_its_fields() -> None:
    """A tiny `belle bench --abuse`: the report has every field, with numbers."""
    from belle.server.bench.abuse_runs import run_abuse_bench

    report = run_abuse_bench(2, 3.0, think=0.3, flood_sockets=3, silent_sockets=2)
    for phase in ("quiet", "under_attack"):
        assert set(report[phase]) >= {"moves", "moves_per_s", "p50_ms", "p99_ms", "max_ms"}
        assert all(isinstance(v, int | float) for v in report[phase].values())
    assert report["tables"] == 2 and report["seconds"] == 3.0
    assert set(report["floods"]) >= {"hello_sockets", "silent_sockets", "guessers"}
    assert isinstance(report["floods_met"], dict)
    assert isinstance(report["honest_and_health"], dict)
    assert len(report["rss_mib"]) == 2
    assert set(report["load_average"]) == {"quiet", "under_attack"}
    assert "p99" in report["how_to_read"] and report["cpus"] >= 1
    assert set(report["server_cpu_s"]) == {"quiet", "under_attack"}
    assert set(report["cost"]) == {"cpu_ms_per_honest_move", "flood_cpu_ms_per_1000_hellos"}
    assert report["honest_and_health"].get("honest tables started") == 2

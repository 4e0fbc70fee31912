"""`belle bench --abuse` runs: one server, or rounds against an earlier version of the
code, and the report that says how to read them.

Each run is one `belle serve` process (SQLite in a temp directory, its default limits,
loopback) measured by belle.server.bench.abuse: honest tables quiet, then under the
floods. With `baseline` (a git revision of this repository) the same measure runs on a
server of that revision too, from a `git archive` of it in a temp directory, in
interleaved rounds (baseline, this code, baseline, this code, …) so both meet the same
machine load; the summary gives each code's median p99 over the rounds and the load
averages seen. Wall times on a shared machine are noisy: compare within one report.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from belle.server.bench.abuse import (
    BODY_SENDERS,
    GUESSERS,
    HELLOS_PER_SECOND,
    MAX_SECONDS,
    MAX_TABLES,
    measure,
)
from belle.server.bench.processes import HOST, server_processes

MAX_ROUNDS = 5
MAX_LOBBY_TABLES = 400
TARGET_P99_MS = 100.0  # docs/deploy.md §8: honest tables' p99 while the floods run
HOW_TO_READ = (
    "p50/p99/max_ms: latency of honest moves (a player's action sent → its own echo "
    "received), over every honest move of the phase; quiet: no flood; under_attack: "
    "every flood at once. floods_met: what the attackers got (answered, refused, "
    "closed). rss_mib: server memory before and after the floods. load_average: the "
    "machine's 1-minute load at the end of each phase (above its core count, every "
    "wall time is slowed by other work). server_cpu_s: CPU seconds the server used "
    "in each phase; cost: CPU ms per honest move (quiet) and the floods' CPU per 1,000 "
    "hellos sent (under attack, once the honest moves are counted at the quiet price): "
    "CPU, unlike latency, does not grow with the machine's load. target: under_attack "
    f"p99 below {TARGET_P99_MS:.0f} ms.")


def run_abuse_bench(tables: int = 50, seconds: float = 20.0, *, think: float = 0.4,
                    flood_sockets: int = 60, silent_sockets: int = 10,
                    baseline: str | None = None, rounds: int = 1,
                    profile: str | None = None, lobby_tables: int = 0) -> dict[str, Any]:
    """Honest tables, quiet then under the floods; a JSON-able report. `baseline`: also
    a server of that git revision, in `rounds` interleaved rounds. `profile`: py-spy
    samples of the server under the floods, to that file (with a baseline, to
    FILE.baseline and FILE.this, the last round's). `lobby_tables`: open tables waiting
    in the lobby besides the honest ones (a busy lobby's sync)."""
    _check(tables, seconds, think, rounds)
    if not 0 <= lobby_tables <= MAX_LOBBY_TABLES:
        raise ValueError(f"--lobby-tables is from 0 to {MAX_LOBBY_TABLES}")
    settings = {"tables": tables, "lobby_tables": lobby_tables, "seconds": seconds,
                "think_s": think,
                "floods": {"hello_sockets": flood_sockets,
                           "hellos_per_socket_s": HELLOS_PER_SECOND,
                           "silent_sockets": silent_sockets, "body_senders": BODY_SENDERS,
                           "body_mib": 256, "guessers": GUESSERS},
                "server": "1 belle serve process, SQLite, loopback, default limits",
                "cpus": os.cpu_count(), "how_to_read": HOW_TO_READ}
    if baseline is None:
        report = _one(None, tables, seconds, think, flood_sockets, silent_sockets, profile,
                      lobby_tables)
        return {**settings, **report}
    runs: list[dict[str, Any]] = []
    with _tree(baseline) as old:
        for index in range(rounds):
            for code, tree in (("baseline", old), ("this", None)):
                found = _one(tree, tables, seconds, think, flood_sockets, silent_sockets,
                             f"{profile}.{code}" if profile else None, lobby_tables)
                runs.append({"code": code, "round": index + 1, **found})
    return {**settings, "baseline": baseline, "rounds": rounds,
            "summary": _summary(runs), "runs": runs}


def _check(tables: int, seconds: float, think: float, rounds: int) -> None:
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables is from 1 to {MAX_TABLES}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"--level-seconds is from 0 to {MAX_SECONDS}")
    if not 0 < think <= 10:
        raise ValueError("--think is from 0 to 10 seconds")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"--rounds is from 1 to {MAX_ROUNDS}")


def flood_cost(run: dict[str, Any]) -> dict[str, float | None]:
    """What the floods cost the server in CPU (robust to the machine's load, unlike wall
    times): CPU ms per honest move in the quiet phase; under attack, the CPU left once
    the honest moves made are counted at that price, per 1,000 flood hellos sent."""
    cpu, quiet, loud = run["server_cpu_s"], run["quiet"], run["under_attack"]
    sent = run["floods_met"].get("hello sent", 0)
    if cpu["quiet"] is None or cpu["under_attack"] is None or not quiet["moves"] or not sent:
        return {"cpu_ms_per_honest_move": None, "flood_cpu_ms_per_1000_hellos": None}
    per_move = 1000 * cpu["quiet"] / quiet["moves"]
    floods = 1000 * cpu["under_attack"] - per_move * loud["moves"]
    return {"cpu_ms_per_honest_move": round(per_move, 2),
            "flood_cpu_ms_per_1000_hellos": round(1000 * floods / sent, 1)}


def _one(tree: str | None, tables: int, seconds: float, think: float, flood_sockets: int,
         silent_sockets: int, profile: str | None, lobby_tables: int) -> dict[str, Any]:
    with server_processes(1, lift_limits=False, pythonpath=tree) as servers:
        url, pid = servers[0]
        assert url.startswith(f"http://{HOST}:")
        found = asyncio.run(measure(url, pid, tables, seconds, think, flood_sockets,
                                    silent_sockets, profile, lobby_tables))
    return {**found, "cost": flood_cost(found)}


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per code: the median over rounds of each phase's p99, and the loads seen."""
    found: dict[str, Any] = {}
    for code in ("baseline", "this"):
        mine = [run for run in runs if run["code"] == code]
        found[code] = {
            f"{phase}_p99_ms_median": statistics.median(run[phase]["p99_ms"] for run in mine)
            for phase in ("quiet", "under_attack")
        } | {"flood_cpu_ms_per_1000_hellos_median": _median(
            run["cost"]["flood_cpu_ms_per_1000_hellos"] for run in mine),
            "cpu_ms_per_honest_move_median": _median(
            run["cost"]["cpu_ms_per_honest_move"] for run in mine),
            "load_average_under_attack": [run["load_average"]["under_attack"]
                                          for run in mine]}
    base_cost = found["baseline"]["flood_cpu_ms_per_1000_hellos_median"]
    this_cost = found["this"]["flood_cpu_ms_per_1000_hellos_median"]
    found["flood_cpu_this_over_baseline"] = round(this_cost / base_cost, 2) \
        if base_cost and this_cost is not None else None
    base = found["baseline"]["under_attack_p99_ms_median"]
    this = found["this"]["under_attack_p99_ms_median"]
    found["under_attack_p99_this_over_baseline"] = round(this / base, 2) if base else None
    return found


def _median(values: Any) -> float | None:
    found = [v for v in values if v is not None]
    return round(statistics.median(found), 2) if found else None


@contextlib.contextmanager
def _tree(revision: str) -> Iterator[str]:
    """This repository at `revision`, unpacked in a temp directory (its path)."""
    root = Path(__file__).resolve().parents[3]
    with tempfile.TemporaryDirectory(prefix="belle-baseline-") as tmp:
        archive = Path(tmp) / "tree.tar"
        try:
            subprocess.run(["git", "-C", str(root), "archive", "--format=tar", "-o",
                            str(archive), revision, "belle"], check=True,
                           capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            detail = getattr(exc, "stderr", "") or str(exc)
            raise ValueError(f"--baseline {revision!r}: not a revision of {root} "
                             f"({detail.strip()})") from exc
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        yield tmp

"""tools/server_instructions.py: the server's instructions per move under the closed loop,
counted by callgrind over the move phase only, for each tree named (issue 18)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_each_tree_named_is_counted_and_compared_to_the_first() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "server_instructions.py"), "--tables", "2",
         "--moves", "3", "--rounds", "1", str(ROOT), str(ROOT)],
        capture_output=True, text=True, check=True, timeout=300).stdout.splitlines()
    assert [line.split(":")[0] for line in out[:2]] == [f"round 1/1 {ROOT}"] * 2
    counts = [int(line.split()[3].replace(",", "")) for line in out[:2]]
    # a move is parsed, checked, applied, stored and sent to three sockets: hundreds of
    # thousands of instructions, not the millions of the server's start (not counted)
    assert all(100_000 < count < 20_000_000 for count in counts), counts
    assert len(out) == 4  # the tree named twice is measured twice: an A/A check
    assert out[2].endswith("1.000× the first")
    assert out[3].endswith("× the first") and out[3].startswith(f"{ROOT}: ")


def test_cpu_time_per_move_needs_no_valgrind_and_compares_each_tree_to_the_first() -> None:
    """`--cpu`: what a lever is claimed on, the server's CPU per move from /proc."""
    # 400 moves: /proc counts CPU in ticks of 10 ms, and a move costs a fraction of one
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "server_instructions.py"), "--cpu", "--tables",
         "20", "--moves", "20", "--rounds", "1", str(ROOT), str(ROOT)],
        capture_output=True, text=True, check=True, timeout=300).stdout.splitlines()
    assert [line.split(":")[0] for line in out[:2]] == [f"round 1/1 {ROOT}"] * 2
    assert all(line.endswith(" CPU ms a move") for line in out[:2]), out
    # the server's CPU over the move phase: a few milliseconds a move at most, and more
    # than nothing (a move is parsed, applied, stored and sent)
    assert all(0 < float(line.split()[3]) < 100 for line in out[:2]), out
    assert len(out) == 4
    assert out[2].endswith("× the first") and out[3].startswith(f"{ROOT}: ")

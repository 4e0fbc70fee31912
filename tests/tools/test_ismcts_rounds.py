"""tools/ismcts_rounds.py, the side-by-side ISMCTS speed of source trees, runs and reports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rounds_interleave_trees_and_report_medians() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "ismcts_rounds.py"), "--game", "paris_paris",
         "--position", "early", "--rounds", "2", "--seconds", "0.05", str(ROOT), str(ROOT)],
        capture_output=True, text=True, check=True, timeout=120).stdout.splitlines()
    assert [line.split(":")[0] for line in out[:2]] == ["round 1", "round 2"]
    assert all(line.count(str(ROOT)) == 2 for line in out[:2])
    rate = int(out[0].split()[3].rstrip(","))
    assert rate > 0
    assert len(out) == 4  # the tree named twice is measured twice: an A/A check
    assert out[2].startswith(f"{ROOT}: median ") and out[2].endswith(f"1.00× {ROOT}")
    assert out[3].startswith(f"{ROOT}: median ") and out[3].endswith(f"× {ROOT}")

"""tools/server_samples.py: where the server's event loop spends the closed loop's move
phase, sampled inside the server by Python function (issue 18)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_move_phase_is_sampled_inside_the_server_by_function() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "server_samples.py"), "--tables", "20",
         "--moves", "20", "--top", "400", str(ROOT)],
        capture_output=True, text=True, check=True, timeout=300).stdout.splitlines()
    assert out[0].endswith("samples of the event loop's thread over the move phase")
    assert int(out[0].split()[0]) > 0
    inclusive = out[out.index("-- inclusive") + 1:]
    functions = {line.split()[1] for line in inclusive}
    # the samples are the move phase's: moves are applied and sent, from this tree
    assert any(f.startswith("belle/server/table/moves.py:") and f.endswith(":act")
               for f in functions)
    assert any(f.startswith("belle/server/ws/direct.py:") and f.endswith(":write_text")
               for f in functions)
    shares = [float(line.split("%")[0]) for line in inclusive]
    assert shares == sorted(shares, reverse=True) and shares[0] <= 100.0

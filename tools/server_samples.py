"""Where the server's event loop spends the closed loop's move phase, by Python function.

py-spy and cProfile could not see the event loop's Python frames under uvloop on the
machines Belle was measured on (session 21: py-spy sampled only idle threads). This
tool puts a sampler inside the server instead: a `sitecustomize` on the server's
PYTHONPATH starts a thread that reads the main thread's stack (`sys._current_frames`)
every half millisecond while the move phase lasts (the tool signals its start and end
with SIGUSR1 and SIGUSR2), and the tool prints the share of samples in which each
function is the innermost frame (self) and anywhere on the stack (inclusive).

    python tools/server_samples.py --tables 500 --moves 40 .

What it does not see: threads other than the event loop's (the SQLite writer's commits),
the kernel, and C functions (their time is charged to the Python function that called
them: a socket write shows as `write_text`). A sample is taken when the sampler gets the
GIL, which the event loop gives up at its switch interval (lowered to 0.2 ms here) and
around system calls, so shares are estimates, good for finding where to look; confirm a
lever with `tools/server_instructions.py --cpu`. `<idle>` is the loop waiting for input.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_instructions import closed_loop

SAMPLER = textwrap.dedent('''
    """Started in `belle serve` by tools/server_samples.py: samples the main thread."""
    import collections, json, os, signal, sys, threading, time

    def _sample(out):
        main = threading.main_thread().ident
        own = collections.Counter()
        inclusive = collections.Counter()
        paths = collections.Counter()  # the innermost frame and its two callers
        taken = [0]
        active = [False]

        def begin(signum, frame):
            own.clear(); inclusive.clear(); paths.clear(); taken[0] = 0; active[0] = True

        def end(signum, frame):
            active[0] = False
            with open(out, "w") as handle:
                json.dump({"samples": taken[0], "own": own.most_common(),
                           "inclusive": inclusive.most_common(),
                           "paths": paths.most_common()}, handle)

        def where(code):
            return f"{code.co_filename}:{code.co_firstlineno}:{code.co_name}"

        def loop():
            while True:
                time.sleep(0.0005)
                frame = sys._current_frames().get(main) if active[0] else None
                if frame is None:
                    continue
                taken[0] += 1
                idle = frame.f_back is None or (frame.f_code.co_name == "run"
                                                and "asyncio" in frame.f_code.co_filename)
                own["<idle>" if idle else where(frame.f_code)] += 1
                stack = []
                while frame is not None:
                    stack.append(where(frame.f_code))
                    frame = frame.f_back
                inclusive.update(set(stack))
                if not idle:
                    paths[" < ".join(stack[:3])] += 1

        signal.signal(signal.SIGUSR1, begin)
        signal.signal(signal.SIGUSR2, end)
        sys.setswitchinterval(0.0002)
        threading.Thread(target=loop, daemon=True, name="belle-sampler").start()

    if os.environ.get("BELLE_SAMPLES_OUT"):
        _sample(os.environ["BELLE_SAMPLES_OUT"])
''')


def samples(tree: str, game: str, players: int, tables: int, moves: int) -> dict[str, Any]:
    """The move phase's samples of one server from `tree` (one fresh process)."""
    with tempfile.TemporaryDirectory(prefix="belle-samples-") as tmp:
        folder = Path(tmp)
        (folder / "sitecustomize.py").write_text(SAMPLER)
        out = folder / "samples.json"
        os.environ["BELLE_SAMPLES_OUT"] = str(out)  # the server's environment is ours

        def signalling(pid: int) -> Callable[[bool], None]:
            def phase(begins: bool) -> None:
                os.kill(pid, signal.SIGUSR1 if begins else signal.SIGUSR2)
            return phase

        try:
            # `env` keeps the process id (it execs the server), as the signals need
            path = f"PYTHONPATH={folder}{os.pathsep}{Path(tree).resolve()}"
            closed_loop(tree, game, players, tables, moves, signalling, ("env", path))
        finally:
            del os.environ["BELLE_SAMPLES_OUT"]
        if not out.exists():
            raise RuntimeError(f"{tree}: the server wrote no samples")
        found: dict[str, Any] = json.loads(out.read_text())
        return found


def _short(where: str, tree: str) -> str:
    for prefix in (str(Path(tree).resolve()) + os.sep, sys.prefix + os.sep,
                   sys.base_prefix + os.sep):
        if where.startswith(prefix):
            return where[len(prefix):]
    return where


def report(found: dict[str, Any], tree: str, top: int, callers: str | None) -> list[str]:
    """The tables printed: self and inclusive shares, largest first; with `callers`, the
    innermost frames whose name holds it, with their two callers."""
    total = max(1, int(found["samples"]))
    lines = [f"{found['samples']} samples of the event loop's thread over the move phase"]
    for title, key in (("self", "own"), ("inclusive", "inclusive")):
        lines.append(f"-- {title}")
        lines += [f"{100 * count / total:5.1f}%  {_short(where, tree)}"
                  for where, count in found[key][:top]]
    if callers:
        lines.append(f"-- {callers}, innermost, with its two callers")
        chosen = [(path, count) for path, count in found["paths"]
                  if callers in path.split(" < ")[0]]
        lines += [f"{100 * count / total:5.1f}%  "
                  + " < ".join(_short(where, tree) for where in path.split(" < "))
                  for path, count in chosen[:top]]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", help="the source tree whose server is sampled")
    parser.add_argument("--game", default="paris_connection")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--top", type=int, default=40, help="rows of each table")
    parser.add_argument("--callers", metavar="TEXT",
                        help="also list who calls the innermost functions named with TEXT")
    args = parser.parse_args()
    found = samples(args.tree, args.game, args.players, args.tables, args.moves)
    print("\n".join(report(found, args.tree, args.top, args.callers)))


if __name__ == "__main__":
    main()

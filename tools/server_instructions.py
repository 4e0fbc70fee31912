"""The server's instructions (or, with `--cpu`, CPU time) per move under the closed loop,
for several source trees.

`belle bench --server --closed-loop` reads the server's CPU time, which on this shared
machine swings ±15% between runs of the same code: a lever of 3–5% does not show in a
handful of rounds. Instructions do not swing. Here each tree's `belle serve` runs under
valgrind's callgrind with counting switched on only for the closed loop's move phase
(every table dealt, then `--moves` moves a table, as the bench plays them), and the
figure is user-space instructions per move. Repeated runs of one tree agree within
about 1%.

    git worktree add /tmp/base main
    python tools/server_instructions.py --tables 50 --moves 40 --rounds 2 /tmp/base .

What it does not see: the kernel's share (socket writes, futex waits between the
writer thread and the event loop) and how fast each instruction runs. A loop of cheap
instructions (encoding text as UTF-8) weighs more here than in CPU time, a cache miss
less. Valgrind's CPU has no AVX-512, so orjson takes a longer path here than on the
machine: a lever that spares orjson work looks several times larger in instructions
than in time (session 20: −8% instructions, no gain in CPU time). Confirm a lever with
CPU time (`belle bench --server --closed-loop`, many rounds) before claiming it. Under
callgrind the server, slowed about fifty times, is saturated at any table count, so it
behaves as at the bench's 500 tables (moves committed in large groups), whatever
`--tables` is.

`--cpu` measures what a lever is claimed on: the server's CPU time per move (user +
system, from /proc, as `belle bench --server --closed-loop` reads it), each tree's
server at full speed, rounds interleaved so the trees meet the machine's same drift.
Use 500 tables and several rounds: one round of one tree swings ±15% here.

    python tools/server_instructions.py --cpu --tables 500 --moves 80 --rounds 6 /tmp/base .

The load generator is this tree's; each server runs from its own tree.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from belle.server.bench import closed_belle, closedloop
from belle.server.bench.processes import client_loop, server_processes

CALLGRIND = ("valgrind", "--tool=callgrind", "--instr-atstart=no")


def _control(pid: int, *args: str) -> None:
    subprocess.run(["callgrind_control", *args, str(pid)], check=True, capture_output=True)


def _total_instructions(folder: Path) -> int:
    """The instructions of the dump taken at the end of the move phase."""
    totals = [int(line.split()[1]) for dump in folder.glob("callgrind.*")
              for line in dump.read_text(errors="replace").splitlines()
              if line.startswith(("summary:", "totals:"))]
    if not totals:
        raise RuntimeError(f"callgrind wrote no totals in {folder}")
    return max(totals)


def run(tree: str, game: str, players: int, tables: int, moves: int) -> float:
    """Instructions per move of one server from `tree` (one fresh process)."""
    with tempfile.TemporaryDirectory(prefix="belle-callgrind-") as tmp:
        folder = Path(tmp)

        def counting(pid: int) -> Callable[[bool], None]:
            def phase(begins: bool) -> None:
                if begins:
                    _control(pid, "--instr=on")
                else:
                    _control(pid, "--instr=off")
                    _control(pid, "--dump")
            return phase

        result = closed_loop(tree, game, players, tables, moves, counting,
                              (*CALLGRIND, f"--callgrind-out-file={folder}/callgrind.%p"))
        return _total_instructions(folder) / max(1, int(result["moves"]))


def cpu_ms(tree: str, game: str, players: int, tables: int, moves: int) -> float:
    """CPU milliseconds per move of one server from `tree` (one fresh process)."""
    result = closed_loop(tree, game, players, tables, moves)
    return float(result["cpu_ms_per_move"])


def closed_loop(tree: str, game: str, players: int, tables: int, moves: int,
                 phase_of: Callable[[int], Callable[[bool], None]] | None = None,
                 under: tuple[str, ...] = ()) -> dict[str, Any]:
    """One closed-loop level against a fresh server from `tree` (run `under` a command);
    `phase_of(pid)` is told when the move phase begins and ends."""

    @contextlib.contextmanager
    def start() -> Iterator[tuple[str, int]]:
        with server_processes(1, pythonpath=str(Path(tree).resolve()), under=under) as servers:
            yield servers[0]

    target = closedloop.Target("belle", start, closed_belle.opener(game, players),
                               f"belle serve from {tree}" + (" under callgrind" if under else ""))
    # under callgrind the clients' speed does not matter: asyncio's own loop, as before
    loop = client_loop() if not under else None
    with target.start() as (url, pid), asyncio.Runner(loop_factory=loop) as runner:
        phase = phase_of(pid) if phase_of is not None else None
        result = runner.run(closedloop.run_once(target, url, pid, tables, moves, 1, phase))
    if result["errors"] or result["stalled"]:
        raise RuntimeError(f"{tree}: errors {result['errors']}, {result['stalled']} stalled")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", help="source trees; the first is the baseline")
    parser.add_argument("--game", default="paris_connection")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--cpu", action="store_true",
                        help="CPU milliseconds per move instead of instructions (no valgrind)")
    args = parser.parse_args()
    if not args.cpu and (shutil.which("valgrind") is None
                         or shutil.which("callgrind_control") is None):
        parser.error("needs valgrind (Debian's package valgrind), or --cpu")
    measure, unit, shown = ((cpu_ms, "CPU ms a move", "{:.3f}") if args.cpu
                            else (run, "instructions a move", "{:,.0f}"))
    found: list[list[float]] = [[] for _ in args.trees]  # a tree named twice: an A/A check
    for round_ in range(args.rounds):
        for tree, values in zip(args.trees, found, strict=True):
            per_move = measure(tree, args.game, args.players, args.tables, args.moves)
            values.append(per_move)
            print(f"round {round_ + 1}/{args.rounds} {tree}: {shown.format(per_move)} {unit}",
                  flush=True)
    base = statistics.median(found[0])
    for tree, values in zip(args.trees, found, strict=True):
        median = statistics.median(values)
        # /proc counts CPU in ticks of 10 ms: a short run may show none at all
        ratio = f"{median / base:.3f}× the first" if base else "the first measured none"
        print(f"{tree}: {shown.format(median)} {unit} (runs "
              f"{', '.join(shown.format(v) for v in values)}), {ratio}")


if __name__ == "__main__":
    main()

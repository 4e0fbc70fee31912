"""Finished games of balance runs kept on disk, so that a long run stopped part-way
(`belle balance --cache DIR`) goes on where it stopped instead of playing again.

A game is found by its run's game, player count, options, line-up, kind and index (which
fix its seed, runner.Run.game_seed) and by a fingerprint of the code that plays it: the
engine, the bots, the balance runner and probes, and that game's package. Any change to
that code starts the game's cache afresh; changes elsewhere (pages, docs, the server)
keep it. Results are pickled GameResult objects that only this module writes and reads.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path

from belle.balance.runner import GameResult, Run

ROOT = Path(__file__).resolve().parents[1]
PLAYING_CODE = ("engine", "bots", "balance/runner.py", "balance/probe.py",
                "balance/strategies.py")
"""Paths under belle/ whose code decides every game's play and probe."""


@lru_cache(maxsize=16)
def fingerprint(game: str) -> str:
    """A hash of the Python sources that play and inspect games of `game`."""
    digest = hashlib.sha256()
    paths = [*PLAYING_CODE, f"games/{game}", f"balance/games/{game}.py"]
    for name in paths:
        path = ROOT / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(str(file.relative_to(ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


def _path(directory: Path, run: Run, index: int) -> Path:
    key = f"{run.players}:{run.options}:{','.join(run.lineup)}:{run.endings_only}:{run.seed}"
    name = hashlib.sha256(key.encode()).hexdigest()[:16]
    return directory / run.game / fingerprint(run.game) / name / f"{index}.pickle"


def load(directory: Path, run: Run, index: int) -> GameResult | None:
    """The stored result of game `index` of `run`, if any (a failed game is not kept)."""
    path = _path(directory, run, index)
    if not path.is_file():
        return None
    try:
        result = pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError):
        return None
    return result if isinstance(result, GameResult) and result.index == index else None


def store(directory: Path, run: Run, result: GameResult) -> None:
    """Keep a finished game (written to a temporary name, then renamed: never half)."""
    if result.error is not None:
        return
    path = _path(directory, run, result.index)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    partial.write_bytes(pickle.dumps(result))
    partial.replace(path)

"""Golden seeded playthroughs of Paris Paris: the engine must keep playing and replaying
them identically. Regenerate after an intended rules change with
BELLE_REGENERATE_GOLDEN=1 and review the diff."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import belle
from belle.bots import make_bot
from belle.engine import MatchRecord, replay

GOLDEN = Path(__file__).with_name("golden")
CASES = [(2, "greedy,random", 1, False), (3, "greedy", 2, True), (4, "random,greedy", 3, False)]


def _name(players: int, seed: int, dm: bool) -> str:
    return f"paris_paris-{players}p-seed{seed}{'-dm' if dm else ''}.json"


def _play(players: int, bots: str, seed: int, dm: bool) -> MatchRecord:
    names = bots.split(",")
    seats = [make_bot(names[i % len(names)]) for i in range(players)]
    return belle.play_match(belle.load_game("paris_paris", dm=dm), seats, seed).record


@pytest.mark.parametrize("players,bots,seed,dm", CASES)
def test_golden_playthrough(players: int, bots: str, seed: int, dm: bool) -> None:
    path = GOLDEN / _name(players, seed, dm)
    record = _play(players, bots, seed, dm)
    if os.environ.get("BELLE_REGENERATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        record.save(path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    played = [a["text"] for a in record.to_json()["actions"]]
    assert played == [a["text"] for a in stored["actions"]]
    assert record.to_json()["result"] == stored["result"]


@pytest.mark.parametrize("players,bots,seed,dm", CASES)
def test_stored_records_keep_replaying(players: int, bots: str, seed: int, dm: bool) -> None:
    """design.md: old logs must keep replaying to the same result."""
    stored = MatchRecord.load(GOLDEN / _name(players, seed, dm))
    state = replay(stored)
    assert state.is_terminal()
    assert stored.result is not None
    assert state.returns() == stored.result["returns"]
    assert state.ranking() == stored.result["ranking"]

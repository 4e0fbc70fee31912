"""Golden seeded playthroughs of Bruxelles 1893: the engine must keep playing and
replaying them identically. Regenerate after an intended rules change with
BELLE_REGENERATE_GOLDEN=1 and review the diff; first copy the old files to
golden/legacy/ (named after their engine version), which must keep replaying."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import belle
from belle.bots import make_bot
from belle.engine import MatchRecord, replay

GOLDEN = Path(__file__).with_name("golden")
CASES = [(2, "greedy,random", 1, {}), (3, "random,greedy,greedy", 2, {"expert_strips": True}),
         (5, "greedy", 3, {"first_game_compass": True})]


def _play(players: int, bots: str, seed: int, options: dict[str, object]) -> MatchRecord:
    names = bots.split(",")
    seats = [make_bot(names[i % len(names)]) for i in range(players)]
    return belle.play_match(belle.load_game("bruxelles_1893", **options), seats, seed).record


@pytest.mark.parametrize("players,bots,seed,options", CASES)
def test_golden_playthrough(players: int, bots: str, seed: int,
                            options: dict[str, object]) -> None:
    path = GOLDEN / f"bruxelles_1893-{players}p-seed{seed}.json"
    record = _play(players, bots, seed, options)
    if os.environ.get("BELLE_REGENERATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        record.save(path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    played = [a["text"] for a in record.to_json()["actions"]]
    assert played == [a["text"] for a in stored["actions"]]
    assert record.to_json()["result"] == stored["result"]


STORED = sorted(GOLDEN.glob("*.json")) + sorted((GOLDEN / "legacy").glob("*.json"))


@pytest.mark.parametrize("path", STORED, ids=[p.name for p in STORED])
def test_stored_records_keep_replaying(path: Path) -> None:
    """design.md: old logs must keep replaying to the same result, each under the rules
    revision of the engine version that wrote it (legacy/: engine 0.1.0, revision 1,
    BRX-189..191; engine 0.2.0, revision 2, the masterpiece table before 4 VP a tile)."""
    stored = MatchRecord.load(path)
    state = replay(stored)
    assert state.game.revision == state.game.info.revision_for(stored.engine_version)
    assert state.is_terminal()
    assert stored.result is not None
    assert state.returns() == stored.result["returns"]
    assert state.ranking() == stored.result["ranking"]

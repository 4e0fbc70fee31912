"""Golden seeded playthroughs of Paris Paris: the engine must keep playing and replaying
them identically. Regenerate after an intended rules change with
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


STORED = sorted(GOLDEN.glob("*.json")) + sorted((GOLDEN / "legacy").glob("*.json"))


@pytest.mark.parametrize("path", STORED, ids=[p.name for p in STORED])
def test_stored_records_keep_replaying(path: Path) -> None:
    """design.md: old logs must keep replaying to the same result, each under the rules
    revision of the engine version that wrote it (legacy/: before 0.2.0, the withdrawn
    network of revision 1)."""
    stored = MatchRecord.load(path)
    state = replay(stored)
    assert state.game.revision == state.game.info.revision_for(stored.engine_version)
    assert state.is_terminal()
    assert stored.result is not None
    assert state.returns() == stored.result["returns"]
    assert state.ranking() == stored.result["ranking"]


def test_revision_1_plays_on_the_withdrawn_network() -> None:
    """Records of engines before 0.2.0 name cards of the old map (Panthéon, green) and
    score on it (Montmartre next to Pompidou); new games cannot name them."""
    from belle.games.paris_paris import ParisParis, rules
    from belle.games.paris_paris.views import board_json

    old = ParisParis().at_revision(1).new_initial_state(2)
    new = ParisParis().new_initial_state(2)
    assert old.net is rules.NETWORKS[1] and new.net is rules.NET  # type: ignore[attr-defined]
    assert old.action_to_string(old.parse_action("lay Panthéon green")) == "lay Panthéon green"
    with pytest.raises(belle.InvalidActionError):
        new.parse_action("lay Panthéon green")
    assert old.view(None)["network"] == 1 and new.view(None)["network"] == 2
    maps = board_json()["networks"]
    assert maps["1"]["lines"][0]["stops"][:3] == ["SCO", "MMA", "POM"]
    assert board_json()["lines"] == maps["2"]["lines"]
    shops = [()] * len(rules.NETWORKS[1].ids)
    index = {stop_id: i for i, stop_id in enumerate(rules.NETWORKS[1].ids)}
    shops[index["MMA"]] = shops[index["POM"]] = (0,)
    items = rules.big_excursion(shops, 0, rules.Readings(), rules.NETWORKS[1])
    assert rules.totals(items, 2) == [4, 0]  # PP-56 on the old map: they were neighbours

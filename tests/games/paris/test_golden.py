"""Golden seeded playthroughs of Paris: the engine must keep playing and replaying them
identically. Regenerate after an intended rules change with BELLE_REGENERATE_GOLDEN=1
and review the diff."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

import belle
from belle.bots import make_bot
from belle.engine import MatchRecord, replay
from belle.games.paris import data

GOLDEN = Path(__file__).with_name("golden")
CASES = [
    (2, "greedy,random", 1, {}),
    (3, "random", 2, {"random_setup": True}),
    (4, "random,greedy", 3, {"free_districts": True}),
]


def _play(players: int, bots: str, seed: int, options: dict[str, bool]) -> MatchRecord:
    names = bots.split(",")
    seats = [make_bot(names[i % len(names)]) for i in range(players)]
    return belle.play_match(belle.load_game("paris", **options), seats, seed).record


def _path(players: int, seed: int) -> Path:
    return GOLDEN / f"paris-{players}p-seed{seed}.json"


@pytest.mark.parametrize("players,bots,seed,options", CASES)
def test_golden_playthrough(players: int, bots: str, seed: int, options: dict[str, bool]) -> None:
    record = _play(players, bots, seed, options)
    path = _path(players, seed)
    if os.environ.get("BELLE_REGENERATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        record.save(path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    played = [a["text"] for a in record.to_json()["actions"]]
    assert played == [a["text"] for a in stored["actions"]]
    assert record.to_json()["result"] == stored["result"]


STORED = sorted(GOLDEN.glob("**/*.json"))


@pytest.mark.parametrize("path", STORED, ids=lambda p: str(p.relative_to(GOLDEN)))
def test_stored_records_keep_replaying(path: Path) -> None:
    """design.md: old logs must keep replaying to the same result, each by the rules of
    the engine that made it (golden/engine-0.1.0: before issue 14's rule fixes)."""
    stored = MatchRecord.load(path)
    state = replay(stored)
    assert state.is_terminal()
    assert stored.result is not None
    assert state.returns() == stored.result["returns"]
    assert state.ranking() == stored.result["ranking"]


def test_old_records_use_the_old_tables() -> None:
    """A record of engine 0.1.0 (no rules_version) replays as edition 1 (legacy.py): the
    Moulin Rouge (the 9) cost marble only and tile 30 paid 10 VP; today's edition 2
    charges marble and gold (PARIS-86) and tile 30 is no plain VP tile (G-6)."""
    game = belle.load_game("paris")
    assert game.options_for_record({}, "0.1.0")["rules_version"] == 1
    assert game.options_for_record({}, belle.__version__) == {}
    old = belle.load_game("paris", rules_version=1).ruleset
    today = game.ruleset
    nine = next(i for i, lm in enumerate(today.landmarks) if lm.value == 9)
    assert old.landmarks[nine].cost == (0, 1, 0)
    assert today.landmarks[nine].cost[1] >= 1 and today.landmarks[nine].cost[2] >= 1
    assert (old.bonus[29].kind, old.bonus[29].amount) == ("vp", 10)
    assert today.bonus[29].kind != "vp"


def test_edition_2_records_keep_their_tables() -> None:
    """Issue 15's recalibration is edition 3: VP tiles 1.5 times edition 2's (G-9) and
    tokens sold for 1, 1, 2 francs (G-10). A record of edition 2 (golden/rules-2, played
    before it) names rules_version 2 and replays with edition 2's tables."""
    old = belle.load_game("paris", rules_version=2).ruleset
    today = belle.load_game("paris", rules_version=3).ruleset
    assert old.vp_tiles[0] == (8, 4, 2) and today.vp_tiles[0] == (12, 6, 3)
    assert old.sell_price == (1, 2, 3, 1, 2, 3) and today.sell_price == (1, 1, 2, 1, 1, 2)
    assert old.landmarks == today.landmarks and old.bonus == today.bonus
    stored = MatchRecord.load(GOLDEN / "rules-2" / "paris-2p-seed1.json")
    assert stored.options["rules_version"] == 2
    state = replay(stored)
    assert state.rules == old
    assert state.returns() == stored.result["returns"]


def test_edition_3_records_keep_their_end_game_tiles() -> None:
    """Issue 15's second recalibration is edition 4: the end-game pile (PARIS-43, G-8)
    holds vp6, vp7 and vp8 where editions 1-3 held the franc tiles f4, f6 and f8. A
    record of edition 3 (golden/rules-3, played before it) replays with edition 3's pile
    and takes its franc tiles; today's games never see them."""
    old = belle.load_game("paris", rules_version=3).ruleset
    today = belle.load_game("paris", rules_version=4).ruleset
    codes = [t.code for t in data.END_TILES]
    assert {codes[t] for t, n in enumerate(old.end_copies) if n} >= {"f4", "f6", "f8"}
    assert {codes[t] for t, n in enumerate(today.end_copies) if n}.isdisjoint({"f4", "f6", "f8"})
    assert (old.landmarks, old.bonus, old.sell_price) == (
        today.landmarks, today.bonus, today.sell_price)
    stored = MatchRecord.load(GOLDEN / "rules-3" / "paris-2p-seed1.json")
    assert stored.options["rules_version"] == 3
    state = replay(stored)
    assert state.rules == old
    assert "take f8" in [a["text"] for a in stored.to_json()["actions"]]
    assert state.returns() == stored.result["returns"]


def test_edition_4_records_keep_their_vp_tiles() -> None:
    """Issue 15's third recalibration is edition 5: the VP tiles (PARIS-19, G-9) one step
    down, 10/5/3 … 24/12/6, where editions 3 and 4 had 12/6/3 … 30/15/8. A record of
    edition 4 (golden/rules-4, played before it) replays with edition 4's tiles."""
    old = belle.load_game("paris", rules_version=4).ruleset
    today = belle.load_game("paris", rules_version=5).ruleset
    assert old.vp_tiles[-1] == (30, 15, 8) and today.vp_tiles[-1] == (24, 12, 6)
    assert old.vp_tiles[:-1] == today.vp_tiles[1:]
    assert (old.landmarks, old.bonus, old.sell_price, old.end_copies) == (
        today.landmarks, today.bonus, today.sell_price, today.end_copies)
    assert belle.load_game("paris", rules_version=3).ruleset.vp_tiles == old.vp_tiles
    stored = MatchRecord.load(GOLDEN / "rules-4" / "paris-2p-seed1.json")
    assert stored.options["rules_version"] == 4
    state = replay(stored)
    assert state.rules == old
    placed = [t for t in state.vp_tile_at if t >= 0]
    assert placed and all(old.vp_tiles[t] != today.vp_tiles[t] for t in placed)
    assert state.returns() == stored.result["returns"]


def test_edition_5_records_keep_their_vp_tiles() -> None:
    """Issue 15's fourth recalibration is edition 6: a flatter VP-tile series (PARIS-19,
    G-9), 10/5/3 … 16/8/4, where edition 5 had 10/5/3 … 24/12/6. A record of edition 5
    (golden/rules-5, played before it) replays with edition 5's tiles and their points."""
    old = belle.load_game("paris", rules_version=5).ruleset
    today = belle.load_game("paris", rules_version=6).ruleset
    assert old.vp_tiles[-1] == (24, 12, 6) and today.vp_tiles[-1] == (16, 8, 4)
    assert old.vp_tiles[0] == today.vp_tiles[0] == (10, 5, 3)
    assert (old.landmarks, old.bonus, old.sell_price, old.end_copies) == (
        today.landmarks, today.bonus, today.sell_price, today.end_copies)
    stored = MatchRecord.load(GOLDEN / "rules-5" / "paris-2p-seed1.json")
    assert stored.options["rules_version"] == 5
    state = replay(stored)
    assert state.rules == old
    placed = [t for t in state.vp_tile_at if t >= 0]
    assert placed and any(old.vp_tiles[t] != today.vp_tiles[t] for t in placed)
    assert state.returns() == stored.result["returns"]


def test_edition_6_records_keep_their_tables() -> None:
    """Issue 15's fifth recalibration is edition 7: every token sells for 1 franc (G-10;
    gold and gold prestige sold for 2) and the VP tiles are 9/5/3 … 14/7/4 (G-9; 10/5/3
    … 16/8/4). A record of edition 6 (golden/rules-6, played before it) replays with
    edition 6's tables: each gold or gold prestige sold takes 2 francs."""
    old = belle.load_game("paris", rules_version=6).ruleset
    today = belle.load_game("paris", rules_version=7).ruleset
    assert old.sell_price == (1, 1, 2, 1, 1, 2) and today.sell_price == (1,) * 6
    assert old.vp_tiles[-1] == (16, 8, 4) and today.vp_tiles[-1] == (14, 7, 4)
    assert (old.landmarks, old.bonus, old.end_copies) == (
        today.landmarks, today.bonus, today.end_copies)
    stored = MatchRecord.load(GOLDEN / "rules-6" / "paris-2p-seed1.json")
    assert stored.options["rules_version"] == 6
    sales = [n for n, entry in enumerate(stored.actions)
             if entry.text in ("sell gold", "sell pgold")]
    assert sales  # the record sells gold: edition 6's price shows
    for upto in sales[:3]:
        seat = stored.actions[upto].player
        before, after = replay(stored, upto), replay(stored, upto + 1)
        assert after.francs[seat] - before.francs[seat] == 2
    state = replay(stored)
    assert state.rules == old
    placed = [t for t in state.vp_tile_at if t >= 0]
    assert placed and all(old.vp_tiles[t] != today.vp_tiles[t] for t in placed)
    assert state.returns() == stored.result["returns"]


def test_edition_7_records_keep_their_tables() -> None:
    """Issue 15's sixth recalibration is edition 8: the VP tiles are 9/5/3 … 12/8/4 (G-9;
    edition 7: 9/5/3 … 14/7/4), the end-game pile's point tiles are +5 and +6, three
    of each (G-8; edition 7: one each of +3 … +8), and bonus tiles 25, 26 and 28 pay 1,
    4 and 5 VP a unit (G-6; edition 7: 2, 5 and 6). A record of edition 7 (golden/rules-7,
    played before it) replays with edition 7's tables: it takes vp8, which today's pile
    no longer holds."""
    old = belle.load_game("paris", rules_version=7).ruleset
    today = belle.load_game("paris", rules_version=8).ruleset
    assert old.vp_tiles[-1] == (14, 7, 4) and today.vp_tiles[-1] == (12, 8, 4)
    codes = [t.code for t in data.END_TILES]
    held = {code: n for code, n in zip(codes, old.end_copies, strict=True) if n}
    now = {code: n for code, n in zip(codes, today.end_copies, strict=True) if n}
    assert [held[f"vp{a}"] for a in range(3, 9)] == [1] * 6
    assert (now["vp5"], now["vp6"]) == (3, 3) and not {"vp3", "vp4", "vp7", "vp8"} & set(now)
    assert sum(old.end_copies) == sum(today.end_copies) == data.NUM_END_TILES
    assert (old.landmarks, old.sell_price) == (today.landmarks, today.sell_price)
    changed = {b.number: (a.amount, b.amount)
               for a, b in zip(old.bonus, today.bonus, strict=True) if a != b}
    assert changed == {25: (2, 1), 26: (5, 4), 28: (6, 5)}
    stored = MatchRecord.load(GOLDEN / "rules-7" / "paris-2p-seed1.json")
    assert stored.options["rules_version"] == 7
    assert "take vp8" in [a["text"] for a in stored.to_json()["actions"]]
    state = replay(stored)
    assert state.rules == old
    placed = [t for t in state.vp_tile_at if t >= 0]
    assert placed and all(old.vp_tiles[t] != today.vp_tiles[t] for t in placed)
    assert state.returns() == stored.result["returns"]


def test_edition_8_records_keep_bonus_tile_22_at_six() -> None:
    """Issue 15's seventh recalibration is edition 9: bonus tile 22 pays +5 VP (G-6;
    editions 1-8: +6), nothing else changes. A record of edition 8 (golden/rules-8,
    played before it) replays with +6: its third seat used tile 22 and won alone, where
    today's goldens (the same moves) share the first place."""
    old = belle.load_game("paris", rules_version=8).ruleset
    today = belle.load_game("paris").ruleset
    changed = {b.number: (a.amount, b.amount)
               for a, b in zip(old.bonus, today.bonus, strict=True) if a != b}
    assert changed == {22: (6, 5)}
    assert dataclasses.replace(old, bonus=today.bonus) == today
    stored = MatchRecord.load(GOLDEN / "rules-8" / "paris-3p-seed2.json")
    assert stored.options["rules_version"] == 8
    assert "use 22" in [a["text"] for a in stored.to_json()["actions"]]
    state = replay(stored)
    assert state.rules == old
    assert state.returns() == stored.result["returns"] == [30.0, 22.0, 31.0]
    now = MatchRecord.load(GOLDEN / "paris-3p-seed2.json")
    assert [a["text"] for a in now.to_json()["actions"]] == \
        [a["text"] for a in stored.to_json()["actions"]]
    assert now.result is not None and now.result["returns"] == [30.0, 22.0, 30.0]

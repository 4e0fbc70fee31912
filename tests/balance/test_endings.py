"""belle.balance.endings: how Paris Connection's games end, and the old stall condition
(PC-71 of rules editions 1 and 2: a round with no legal build) counted in today's games."""

from __future__ import annotations

from belle.balance.endings import Watch, play_one, summary
from tests.games.paris_connection.helpers import dealt, default_hands, play

TRADES = (("return R", "take 1 B"), ("return B", "take 1 R"), ("return Y", "take 1 R"))


def test_the_old_condition_holds_where_edition_2_ended_the_game() -> None:
    """PC-71 (editions 1 and 2): on a map that takes no locomotive, the measurement sees
    a round with no legal build at the very turn edition 2 ends the game; edition 3 (the
    current rules) plays on."""
    old = dealt(default_hands(3), rules_version=2)
    old.room = 0  # the map can take no locomotive anywhere
    old.stalled_turns = 1  # as if the last build had just filled it
    now = dealt(default_hands(3))
    now.room = 0
    now._board_changed()
    watch = Watch(3)  # sees the last build's turn end as the first trade starts
    for number, turn in enumerate(TRADES, start=1):
        for text in turn:
            action = now.parse_action(text)
            watch.see(now, action)
            now.apply_action(action)
        play(old, *turn)
        assert old.is_terminal() == (number == len(TRADES))
        assert watch.first_round_at is None  # this turn's end is seen when the next starts
    watch.game_over(now)
    assert "no company could build" in old.end_reason
    assert watch.first_round_at is not None and watch.longest_no_build == 4
    assert not now.is_terminal()


def test_a_stalled_map_ended_by_pc71_had_a_build_every_other_turn() -> None:
    """PC-71 (edition 3), 5 greedy players, seed 274: the game ends after ten rounds of
    one-for-one trades, yet never meets the old condition: each trade that returns a
    share to an empty board makes one build legal for a turn."""
    game = play_one(5, 274)
    assert "PC-71" in game["end"] and game["longest_swaps"] >= 50
    assert game["no_build_round"] is False and game["no_build_turn_ends"] > 0
    assert game["longest_no_build"] <= 5


def test_summary_counts_each_seed_once_with_wilson_intervals() -> None:
    lines = [{"p": 3, "seed": s, "end": "only one storage board holds locomotives (PC-58)",
              "no_build_round": False, "actions": 250 + s, "longest_swaps": s}
             for s in range(9)]
    lines.append({"p": 3, "seed": 9, "end": "no locomotive left the storage boards for 10 "
                  "rounds (PC-71, reconstructed)", "no_build_round": True,
                  "actions": 400, "longest_swaps": 30})
    lines.append(dict(lines[0]))  # the same seed from a second run
    header, row = summary(lines)
    assert header.startswith("| players | games (seeds) |")
    assert row == ("| 3 | 10 (0–9) | 9 | 0 | 1: 10.00% (1.79%–40.42%), seed 9 | "
                   "1: 10.00% (1.79%–40.42%), seed 9 | 0 | 8 turns (2.7 rounds) | 269 / 400 |")

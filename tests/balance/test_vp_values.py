"""The VP-tile counterfactual of belle.balance.vp_values (issue 15): scoring a game's
end again with other VP-tile values, and its agreement with the balance run."""

from __future__ import annotations

import pytest

from belle.balance import vp_values
from belle.balance.runner import Run, lineup, play_one
from belle.balance.vp_values import Job, Standing


def standing() -> Standing:
    # two players; tile 6 (24/12/6) won by seat 0, tile 5 (21/11/6) by seat 1, whose
    # second place there fell under half of seat 0's strength (PARIS-141): 0 points
    return Standing(scores=[60.0, 50.0], francs=[3, 9], board=[20, 20],
                    tiles={6: [24, 12], 5: [0, 21]},
                    amounts={1: (10, 5, 3), 5: (21, 11, 6), 6: (24, 12, 6)})


def test_the_same_values_score_the_same_and_others_move_only_their_places() -> None:
    game = standing()
    assert vp_values.rescored(game, {}) == [60.0, 50.0]
    assert vp_values.rescored(game, {6: (24, 12, 6), 5: (21, 11, 6)}) == [60.0, 50.0]
    # tile 6 paying as tile 1: first 24 -> 10, second 12 -> 5
    assert vp_values.rescored(game, {6: (10, 5, 3)}) == [46.0, 43.0]
    # a seat that took nothing from a tile takes nothing from its other values
    assert vp_values.rescored(game, {5: (30, 15, 8)}) == [60.0, 59.0]


def test_a_tie_in_points_goes_to_the_francs_as_the_rules_break_it() -> None:
    game = standing()
    assert vp_values.win_shares(game, [55.0, 55.0]) == [0.0, 1.0]  # PARIS-147..150: francs next
    assert vp_values.win_shares(game, [56.0, 55.0]) == [1.0, 0.0]


def test_holders_win_less_when_their_tile_pays_less() -> None:
    game = standing()
    as_played = vp_values.holder_rates([game], {})
    assert as_played[6][0] == 1 and as_played[6][1].startswith("100%")
    removed = vp_values.holder_rates([game], {6: (0, 0, 0)})
    assert removed[6][1].startswith("0%")  # 36 -> 50: seat 1 wins without tile 6


@pytest.mark.parametrize("text", ["10/5/3", "1/1/1," * 5 + "1/1", "1/1/1," * 5 + "1/1/-1"])
def test_a_series_is_six_tiles_of_three_amounts(text: str) -> None:
    with pytest.raises(ValueError):
        vp_values.parse_series(text)
    assert vp_values.parse_series("10/5/3," * 5 + "16/8/4")[6] == (16, 8, 4)


def test_a_replayed_game_is_the_balance_runs_game() -> None:
    """Same seed, same bots, same end: the standings agree with `belle balance`'s."""
    job = Job(players=2, spec="greedy", games=1, seed=15, index=0)
    replayed = vp_values.play(job)
    run = Run("paris", 2, lineup(2, ["greedy"]), 1, 15)
    played = play_one(run, 0)
    assert played.error is None
    assert replayed.scores == played.scores
    assert played.facts is not None
    for tile, points in replayed.tiles.items():
        assert sorted(played.facts.holders[f"vp-tile-{tile}"]) == vp_values.holders(points)


def test_the_majorities_share_follows_the_values_paid() -> None:
    game = standing()  # 24 + 12 + 21 of 110 VP
    assert vp_values.majority_share([game], {}) == pytest.approx(57 / 110)
    assert vp_values.majority_share([game], {6: (0, 0, 0), 5: (0, 0, 0)}) == 0.0


def test_a_strategy_run_knows_the_strategys_seat_in_each_game() -> None:
    """Game g seats the line-up shifted by g places (belle.balance.runner.Run.seating)."""
    for index, seat in ((0, 0), (1, 1)):
        job = Job(players=2, spec="greedy", games=2, seed=15, index=index,
                  strategy="hoard-francs")
        assert vp_values.play(job).strategy_seat == seat
    game = standing()
    game.strategy_seat = 1
    assert vp_values.strategy_rate([game], {}).startswith("0%")
    assert vp_values.strategy_rate([game], {6: (0, 0, 0)}).startswith("100%")

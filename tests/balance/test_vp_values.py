"""The prize-value counterfactual of belle.balance.vp_values (issue 15): scoring a game's
end again with other VP-tile, bonus-tile (G-6) and end-game tile (G-8) values, and its
agreement with the balance run."""

from __future__ import annotations

from pathlib import Path

import pytest

from belle.balance import vp_values
from belle.balance.runner import Run, lineup, play_one
from belle.balance.vp_values import Changes, Job, Standing


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
        assert sorted(played.facts.holders.get(f"vp-tile-{tile}", [])) == vp_values.holders(points)


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


def standing_with_tiles() -> Standing:
    # seat 0 used bonus tile 25 (2 VP per district) in 4 districts: 8 VP; seat 1 used
    # bonus tile 28 (6 VP per value-8 building) on 1 building; seat 0 used end-game
    # tiles vp8 and vp4, seat 1 vp7
    game = standing()
    game.bonus = {25: [8, 0], 28: [0, 6]}
    game.bonus_amounts = {25: 2, 28: 6}
    game.bonus_holders = {25: [0], 28: [1]}
    game.ends = {"vp8": [8, 0], "vp7": [0, 7], "vp4": [4, 0]}
    game.end_amounts = {"vp8": 8, "vp7": 7, "vp4": 4}
    game.end_holders = {"vp8": [0], "vp7": [1], "vp4": [0]}
    return game


def test_a_bonus_tile_pays_its_new_amount_per_unit_it_counted() -> None:
    """G-6: what tile 25 counted (4 districts) is kept; its points follow the amount."""
    game = standing_with_tiles()
    assert vp_values.rescored(game, {}, Changes(bonus={25: 2})) == [60.0, 50.0]
    assert vp_values.rescored(game, {}, Changes(bonus={25: 1})) == [56.0, 50.0]
    assert vp_values.rescored(game, {}, Changes(bonus={25: 0, 28: 3})) == [52.0, 47.0]


def test_an_end_game_tile_pays_its_new_points_per_copy_used() -> None:
    game = standing_with_tiles()
    even = Changes(pile={"vp8": 6, "vp7": 6, "vp4": 5})
    assert vp_values.rescored(game, {}, even) == [59.0, 49.0]
    # changes of VP tiles, bonus and end-game tiles add up
    assert vp_values.rescored(game, {6: (10, 5, 3)}, Changes({25: 1}, {"vp8": 6})) == \
        [40.0, 43.0]


def test_the_holders_of_bonus_and_end_game_tiles_win_as_rescored() -> None:
    game = standing_with_tiles()
    as_played = vp_values.prize_rates([game], {})
    assert list(as_played) == ["bonus tile 25", "bonus tile 28", "end-game tile vp4",
                               "end-game tile vp7", "end-game tile vp8"]
    assert as_played["bonus tile 25"][1].startswith("100%")
    assert as_played["end-game tile vp7"][1].startswith("0%")
    # without tile 6's 24 - 10 and tile 25's 8, seat 0 (60 - 22 = 38) loses to 43
    flipped = vp_values.prize_rates([game], {6: (10, 5, 3)}, Changes(bonus={25: 0}))
    assert flipped["bonus tile 25"][1].startswith("0%")
    assert flipped["end-game tile vp7"][1].startswith("100%")


def test_a_played_games_bonus_and_end_game_points_are_its_breakdowns() -> None:
    """Every VP of the breakdown's bonus and end-game lines is some tile's, and the
    holders are the balance run's."""
    job = Job(players=2, spec="greedy", games=3, seed=15, index=2)
    replayed = vp_values.play(job)
    run = Run("paris", 2, lineup(2, ["greedy"]), 3, 15)
    played = play_one(run, 2)
    assert played.facts is not None
    for seat in range(2):
        lines = dict(played.facts.components[seat])
        assert sum(p[seat] for p in replayed.bonus.values()) == lines["bonus tiles"]
        assert sum(p[seat] for p in replayed.ends.values()) == lines["end-game tiles"]
    for number, seats in replayed.bonus_holders.items():
        assert played.facts.holders[f"bonus-{number}"] == seats
    for code, seats in replayed.end_holders.items():
        assert played.facts.holders[f"end-{code}"] == sorted(seats)
    assert replayed.ends, "the pile's point tiles are taken in a greedy game"


def test_saved_standings_load_as_they_were(tmp_path: Path) -> None:
    game = standing_with_tiles()
    path = tmp_path / "standings.json"
    vp_values.save([game], path)
    assert vp_values.load(path) == [game]


@pytest.mark.parametrize(("option", "text"), [
    ("--bonus", "13=2"),  # tile 13 sells a key; it pays no VP
    ("--bonus", "25"),
    ("--bonus", "25=-1"),
    ("--bonus", "31=2"),
    ("--pile", "f4=2"),
    ("--pile", "vp8=x"),
])
def test_bad_changes_are_refused_before_anything_is_played(
        option: str, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        vp_values.main(["2", "greedy", "1", "15", option, text])
    assert "error:" in capsys.readouterr().err


def test_loading_what_is_not_standings_is_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"scores": [1, 2]}]')
    for argv in (["--load", str(bad)], ["--load", str(tmp_path / "missing.json")], ["2"]):
        with pytest.raises(SystemExit):
            vp_values.main(argv)
        assert "error:" in capsys.readouterr().err

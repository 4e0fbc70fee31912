"""`belle tournament`: rotation, statistics, reproducibility and argument errors."""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner, Result

import belle
from belle.cli.main import app
from belle.cli.tournament import Tournament, mean_interval

GAMES = [info.id for info in belle.list_games()]


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


class _Ended:
    """A finished match's state with given places (0 first) and scores."""

    def __init__(self, ranking: list[int]) -> None:
        self._ranking = ranking

    def ranking(self) -> list[int]:
        return self._ranking

    def returns(self) -> list[float]:
        return [10.0 - place for place in self._ranking]


def test_a_shared_first_place_is_one_kth_of_a_win_for_each(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/balance.md's convention: k seats sharing first place each win 1/k."""
    rankings = iter([[0, 0, 2], [0, 1, 2], [0, 0, 0]])
    monkeypatch.setattr("belle.cli.tournament.play_match",
                        lambda game, bots, seed: SimpleNamespace(state=_Ended(next(rankings))))
    t = Tournament(belle.load_game("paris_connection"), 3, ["random", "greedy", "random"],
                   3, 1).run()
    wins = {bot["entry"]: bot["wins"] for bot in t.summary()["bots"]}
    # seatings: match 0 → entries 0,1,2; match 1 → 1,2,0; match 2 → 2,0,1
    assert wins == pytest.approx({0: 0.5 + 1 / 3, 1: 0.5 + 1 + 1 / 3, 2: 1 / 3}, abs=1e-3)
    assert sum(wins.values()) == pytest.approx(3, abs=1e-3)  # one win per match, however shared
    bot = t.summary()["bots"][2]
    assert bot["win_rate"] == pytest.approx(1 / 9, abs=1e-4)
    low, high = bot["win_rate_ci95"]
    assert 0 <= low < bot["win_rate"] < high <= 1


def test_mean_interval() -> None:
    mean, _, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and high - mean == pytest.approx(4.303 * 1 / math.sqrt(3), rel=1e-3)
    mean, _, high = mean_interval([float(v % 2) for v in range(100)])
    assert high - mean == pytest.approx(1.96 * 0.5025 / 10, rel=1e-2)


def test_every_bot_plays_every_seat() -> None:
    t = Tournament(belle.load_game("paris_connection"), 3, ["random", "greedy"], 3, 1)
    seatings = [t.seating(m) for m in range(3)]
    for seat in range(3):
        assert {s[seat] for s in seatings} == {0, 1}
    assert t.match_seed(0) == t.match_seed(2) != t.match_seed(3)


@pytest.mark.parametrize("game_id", GAMES)
def test_tournament_runs_on_every_game(game_id: str) -> None:
    info = belle.load_game(game_id).info
    result = run("tournament", game_id, "--players", str(info.min_players), "--bots",
                 "random,ismcts:iterations=3", "--games", "2", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["completed"] == 2
    assert [b["bot"] for b in summary["bots"]] == ["random", "ismcts:iterations=3"]


def test_same_seed_same_results_except_timings() -> None:
    args = ("tournament", "paris_paris", "--bots", "greedy,random", "--games", "4",
            "--seed", "7", "--json")
    first, second = (json.loads(run(*args).stdout) for _ in range(2))
    for summary in (first, second):
        for bot in summary["bots"]:
            del bot["seconds_per_move"]
    assert first == second
    rates = [bot["win_rate"] for bot in first["bots"]]
    assert all(0 <= r <= 1 for r in rates)


def test_table_output() -> None:
    result = run("tournament", "paris_paris", "--bots", "greedy,random", "--games", "2",
                 "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "greedy" in result.stdout


@pytest.mark.parametrize("args", [
    ("nope",),
    ("paris_paris", "--players", "9"),
    ("paris_paris", "--games", "0"),
    ("paris_paris", "--bots", "random,chess"),
    ("paris_paris", "--bots", "random,greedy,random"),
    ("paris_paris", "--option", "dm=maybe"),
    ("paris_paris", "--games", "x"),
])
def test_bad_arguments_exit_2_with_one_line(args: tuple[str, ...]) -> None:
    result = run("tournament", *args)
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("belle: ")

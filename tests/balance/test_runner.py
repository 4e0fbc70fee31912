"""The runner of belle.balance: reproducible for a seed whatever the number of processes,
seats rotated, failing games counted rather than fatal."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from belle.balance import Run, lineup, measure
from belle.balance.runner import GameResult, play_one, play_runs


def test_reports_are_the_same_for_one_or_two_processes() -> None:
    runs = [Run("paris_paris", 3, lineup(3, ["random"]), 6, 11),
            Run("city_of_light", 2, lineup(2, ["random", "greedy:samples=1"]), 4, 11)]
    assert measure(runs, jobs=1) == measure(runs, jobs=2)


def test_a_seed_repeats_a_run_and_another_seed_does_not() -> None:
    def scores(seed: int) -> list[list[float]]:
        run = Run("paris_paris", 2, lineup(2, ["random"]), 3, seed)
        return [r.scores for r in play_runs([run], jobs=1)[0]]

    assert scores(5) == scores(5)
    assert scores(5) != scores(6)


def test_games_of_a_run_do_not_depend_on_the_other_runs() -> None:
    alone = Run("paris_paris", 2, lineup(2, ["random"]), 2, 3)
    other = Run("paris_paris", 3, lineup(3, ["random"]), 2, 3)
    [[*with_other], _] = play_runs([alone, other], jobs=1)
    [[*by_itself]] = play_runs([alone], jobs=1)
    assert [r.scores for r in with_other] == [r.scores for r in by_itself]


def test_the_lineup_rotates_every_game() -> None:
    run = Run("paris", 3, lineup(3, ["greedy"], "hoard-francs"), 3, 1, strategy="hoard-francs")
    assert run.lineup == ("strategy:hoard-francs", "greedy", "greedy")
    seats = [run.seating(g) for g in range(3)]
    assert [s.index("strategy:hoard-francs") for s in seats] == [0, 2, 1]
    assert run.label == "strategy hoard-francs against greedy"
    assert lineup(3, ["a", "b"]) == ("a", "b", "a")
    assert len({run.game_seed(g) for g in range(3)}) == 3


def test_a_failing_game_is_reported_and_the_run_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import belle.balance.runner as runner

    real = runner.play_match
    calls = {"n": 0}

    def flaky(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("boom")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_match", flaky)
    [report] = measure([Run("paris_paris", 2, lineup(2, ["random"]), 3, 1)])
    assert report["completed"] == 2
    assert [e["game"] for e in report["errors"]] == [1]
    assert report["errors"][0]["error"] == "RuntimeError: boom"


def test_play_one_on_a_game_without_a_probe_module_uses_the_generic_probe(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import belle.balance.runner as runner
    from belle.balance.probe import Probe

    monkeypatch.setattr(runner, "probe_for", lambda game_id: Probe())
    result = play_one(Run("paris_paris", 2, lineup(2, ["random"]), 1, 1), 0)
    assert result.error is None and result.facts is not None
    assert result.facts.holders == {} and result.facts.components
    assert result.facts.end_reason.startswith("all 20 rounds")


def test_the_suite_plays_every_game_at_every_count_and_its_runs_equal_single_runs() -> None:
    from belle.balance.strategies import strategies_for
    from belle.balance.suite import SuitePlan, suite_runs
    from belle.cli.balance import _single
    from belle.engine.registry import list_games

    plan = SuitePlan(seed=9, games=5, bots=("greedy",), ismcts_games=2, strategy_games=3)
    runs = suite_runs(plan)
    expected = sum((info.max_players - info.min_players + 1) * (2 + len(strategies_for(info.id)))
                   for info in list_games())
    assert len(runs) == expected
    alone = _single("paris", 3, None, None, 9, 5, ["greedy"], 0, 0)
    assert alone in runs
    with_strategy = _single("paris", 3, "hoard-francs", None, 9, 3, ["greedy"], 0, 0)
    assert with_strategy in runs


def test_games_for_the_endings_are_seeded_apart_from_the_run_of_the_same_bots() -> None:
    from belle.balance.suite import SuitePlan, suite_runs

    plan = SuitePlan(seed=9, games=5, bots=("greedy",),
                     ending_games=(("paris_connection", 7),))
    runs = [r for r in suite_runs(plan) if r.game == "paris_connection" and r.players == 3]
    [plain, endings] = runs
    assert endings.endings_only and not plain.endings_only and endings.games == 7
    assert endings.lineup == plain.lineup and endings.self_play
    assert {endings.game_seed(g) for g in range(5)}.isdisjoint(
        {plain.game_seed(g) for g in range(5)})
    assert plain.game_seed(0) == Run("paris_connection", 3, plain.lineup, 5, 9).game_seed(0)
    assert not any(r.endings_only for r in suite_runs(plan) if r.game != "paris_connection")


def test_one_game_can_play_more_games_than_the_others() -> None:
    """--games-of / --ismcts-games-of: one game's self-play runs are longer, and their
    first games are the games of the shorter runs (a run's seeds do not depend on its
    length), so a page made with more games of one game extends the page made without."""
    from belle.balance.suite import SuitePlan, suite_runs

    plain = SuitePlan(seed=9, games=5, bots=("greedy",), ismcts_games=2,
                      ismcts="ismcts:iterations=2")
    more = replace(plain, games_of=(("paris", 40),), ismcts_games_of=(("paris", 8),))
    before, after = suite_runs(plain), suite_runs(more)
    assert [(r.game, r.players, r.lineup) for r in before] == \
        [(r.game, r.players, r.lineup) for r in after]
    for short, long in zip(before, after, strict=True):
        if short.game != "paris":
            assert long == short
            continue
        ismcts = "ismcts" in short.lineup[0]
        assert long.games == (8 if ismcts else 40) and short.games == (2 if ismcts else 5)
        assert [long.game_seed(g) for g in range(short.games)] == \
            [short.game_seed(g) for g in range(short.games)]


def test_a_cached_run_goes_on_where_it_stopped(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """--cache: games already played are read back, not played again, and the figures are
    those of a run without the cache."""
    from belle.balance import cache, runner

    run = Run("paris_paris", 2, lineup(2, ["random"]), 3, 5)
    plain = play_runs([run], 1)[0]
    first = play_runs([replace(run, games=2)], 1, cache=tmp_path)[0]  # stopped after 2
    assert [r.scores for r in first] == [r.scores for r in plain[:2]]
    played: list[int] = []
    original = runner.play_one

    def counting(r: Run, index: int) -> GameResult:
        played.append(index)
        return original(r, index)

    monkeypatch.setattr(runner, "play_one", counting)
    again = play_runs([run], 1, cache=tmp_path)[0]
    assert played == [2]
    assert [(r.seed, r.ranking, r.scores) for r in again] == \
        [(r.seed, r.ranking, r.scores) for r in plain]
    other = replace(run, lineup=("random", "greedy"))
    assert cache.load(tmp_path, other, 0) is None  # another line-up: not the same game
    assert len(cache.fingerprint("paris_paris")) == 16
    assert cache.fingerprint("paris_paris") != cache.fingerprint("paris")

"""The research tools around the adapters: `belle bench --adapters`, OpenSpiel's bots
in a Belle tournament, and one smoke step of the training example (each skipped only
when its optional dependency is not installed). No timing is asserted: speed is the
benchmark's to report."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import belle
from belle.cli.main import app
from belle.engine.referee import play_match, sample_chance
from tests.adapters.conftest import need

need("pyspiel")
bench = need("belle.adapters.bench")
openspiel_bots = need("belle.adapters.openspiel_bots")


def test_bench_adapters_reports_both_ratios() -> None:
    result = CliRunner().invoke(app, ["bench", "paris_paris", "--adapters", "--runs", "1",
                                      "--seconds", "0.01", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["results"]["paris_paris"]
    assert figures["players"] == 4
    for key in ("playout_ratio", "clone_ratio", "native_actions_per_second",
                "adapter_actions_per_second", "native_clones_per_second",
                "adapter_clones_per_second"):
        assert figures[key] > 0


def test_bench_adapters_table_and_bad_input() -> None:
    runner = CliRunner()
    table = runner.invoke(app, ["bench", "city_of_light", "--adapters", "--runs", "1",
                                "--seconds", "0.01"])
    assert table.exit_code == 0 and "clone ×" in table.output and "city_of_light" in table.output
    assert runner.invoke(app, ["bench", "chess", "--adapters"]).exit_code == 2


@pytest.mark.parametrize("spec", ["os-mcts:simulations=4", "os-ismcts:simulations=4"])
def test_openspiel_bots_play_a_belle_match(spec: str) -> None:
    game = belle.load_game("paris_paris")
    bots = [openspiel_bots.make_any_bot(spec), openspiel_bots.make_any_bot("random")]
    result = play_match(game, bots, seed=3)
    assert result.state.is_terminal()
    again = play_match(game, [openspiel_bots.make_any_bot(spec), bots[1]], seed=3)
    assert again.record.actions == result.record.actions  # seeded from the referee's RNG


def test_openspiel_bot_moves_are_legal_on_every_game() -> None:
    bot = openspiel_bots.make_openspiel_bot("os-mcts:simulations=2")
    for info in belle.list_games():
        state = belle.load_game(info.id).new_initial_state(info.min_players)
        rng = random.Random(1)
        while state.is_chance_node() or len(state.legal_actions()) < 2:
            state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                               else state.legal_actions()[0])
        seat = state.current_player()
        assert bot.choose(state.resample(seat, rng), seat, rng) in state.legal_actions()


def test_openspiel_bot_specs_and_tournament() -> None:
    assert openspiel_bots.split_specs("os-mcts:simulations=5,rollouts=2,greedy") == [
        "os-mcts:simulations=5,rollouts=2", "greedy"]
    for bad in ("os-mcts:simulations=0", "os-mcts:depth=3", "os-go", "os-ismcts:rollouts=x"):
        with pytest.raises(belle.OptionError):
            openspiel_bots.make_openspiel_bot(bad)
    summary = openspiel_bots.tournament("paris_paris", 2, ["os-ismcts:simulations=3",
                                                           "random"], games=2, seed=1)
    assert summary["completed"] == 2
    assert sum(bot["wins"] for bot in summary["bots"]) >= 2


def test_training_smoke_step(capsys: pytest.CaptureFixture[str]) -> None:
    """CI's short step of the documented training run: it trains and evaluates."""
    need("sb3_contrib")
    train = need("belle.adapters.train")
    train.main(["--smoke"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 2")]
    assert rows, "no checkpoint after training"

"""`belle bench` engine figures (issue 18 item 4): random-playout actions, clones and
legal-action lists per wall- and CPU-second, and ISMCTS iterations per second at two
positions. No timed assertion:
only that each figure is measured and reported."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from belle.cli import bench
from belle.cli.main import app


def test_bench_game_reports_cpu_and_ismcts_figures() -> None:
    result = bench.bench_game("paris_paris", runs=1, seconds=0.05, ismcts_seconds=0.05)
    assert result.actions_per_second > 0 and result.actions_per_cpu_second > 0
    assert result.clones_per_cpu_second > 0 and result.legal_actions_per_cpu_second > 0
    assert result.ismcts_seconds == 0.05
    for figures in (result.ismcts_iterations_per_second,
                    result.ismcts_iterations_per_cpu_second):
        assert figures is not None and set(figures) == {"early", "mid"}
        assert all(rate > 0 for rate in figures.values())


def test_bench_cli_json_and_table_carry_the_new_figures() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "bruxelles_1893", "--runs", "1", "--seconds",
                                 "0.05", "--ismcts-seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)["results"]["bruxelles_1893"]
    for key in ("actions_per_cpu_second", "clones_per_cpu_second",
                "legal_actions_per_cpu_second"):
        assert figures[key] > 0
    assert set(figures["ismcts_iterations_per_second"]) == {"early", "mid"}
    table = runner.invoke(app, ["bench", "paris_paris", "--runs", "1", "--seconds", "0.05",
                                "--ismcts-seconds", "0"], env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    assert "actions/s (CPU)" in table.stdout and "ISMCTS" not in table.stdout


def test_bench_refuses_a_bad_ismcts_budget() -> None:
    result = CliRunner().invoke(app, ["bench", "paris_paris", "--ismcts-seconds", "-1"])
    assert result.exit_code != 0
    assert "--ismcts-seconds" in result.output

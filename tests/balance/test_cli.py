"""`belle balance` on the command line: clear one-line errors with exit status 2 for bad
input, JSON and Markdown output, --check's exit status. Small K: the machinery, not the
statistics of a game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from belle.cli import balance as balance_cli
from belle.cli.main import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["balance", *args])


@pytest.mark.parametrize(("args", "message"), [
    (("nope",), "unknown game 'nope'; known games: bruxelles_1893"),
    (("paris", "--players", "7"), "Paris is for 2–4 players, not 7"),
    (("paris", "--bots", "greedy,foo"), "--bots 'foo': unknown bot 'foo'; bots:"),
    (("paris", "--strategy", "foo"), "unknown strategy 'foo' for paris; its strategies: "
                                     "hoard-francs"),
    (("paris_paris", "--strategy", "hoard-francs"), "unknown strategy 'hoard-francs' for "
                                                    "paris_paris"),
    ((), "name a GAME (see 'belle games') or give --all"),
    (("paris", "--all"), "give a GAME or --all, not both"),
    (("--all", "--players", "3"), "--players does not go with --all"),
    (("paris", "--games", "0"), "--games must be at least 1, not 0"),
    (("paris", "--jobs", "0"), "--jobs must be at least 1, not 0"),
    (("paris", "--strategy-games", "2"), "--ismcts-games and --strategy-games go with --all"),
    (("paris", "--bots", "greedy,random,greedy"), "--bots lists 3 bots for 2 seats"),
    (("paris", "--option", "nope=1"), "unknown option 'nope'"),
    (("paris", "--games", "x"), "Invalid value for '--games'"),
    (("--all", "--ismcts-games", "2", "--ismcts", "bogus"), "--ismcts 'bogus': unknown bot"),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("belle: "), result.stderr
    assert message in lines[0]


def test_bad_markdown_path(tmp_path: Path) -> None:
    result = run("paris_paris", "--markdown", str(tmp_path / "missing" / "b.md"))
    assert result.exit_code == 2
    assert "the directory is missing or not writable" in result.stderr


def test_json_report_is_reproducible_and_has_every_section() -> None:
    args = ("paris_paris", "--players", "3", "--games", "3", "--bots", "random", "--seed", "4",
            "--json")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert report == json.loads(second.stdout)
    assert report["completed"] == 3 and report["players"] == 3
    for key in ("seats", "vp_share", "elements", "length", "end_reasons", "bounds"):
        assert key in report
    assert [s["place"] for s in report["seats"]] == ["first player", "second player",
                                                      "third player"]


def test_strategy_run_reports_the_strategy_against_the_bots() -> None:
    result = run("paris_connection", "--strategy", "only-trade", "--bots", "random",
                 "--games", "3", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert {b["player"] for b in report["bots"]} == {"strategy:only-trade", "random"}
    assert [b["bound"] for b in report["bounds"]] == ["strategy"]


def test_tables_and_markdown(tmp_path: Path) -> None:
    page = tmp_path / "balance.md"
    result = run("city_of_light", "--games", "2", "--bots", "random", "--seed", "1",
                 "--markdown", str(page), "--note", "A test page.")
    assert result.exit_code == 0, result.output
    assert "Win rate by place in the turn order" in result.stdout
    assert "Elements a player can hold" in result.stdout
    text = page.read_text()
    assert text.startswith("# How balanced are Belle's reconstructions?")
    assert '<a id="city_of_light"></a>' in text and "A test page." in text
    command = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "belle balance" in command
    assert "--note" not in command  # a note is about one measurement, not its figures


def _reports(failing: bool) -> list[dict[str, Any]]:
    status = "fail" if failing else "pass"
    return [{"game": "g", "players": 2, "label": "greedy self-play", "errors": [],
             "bounds": [{"status": status, "sentence": "s"}]}]


def test_check_exits_1_only_when_a_bound_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    for failing, code in ((True, 1), (False, 0)):
        monkeypatch.setattr(balance_cli, "measure", lambda runs, jobs, on_game=None, cache=None,
                            f=failing: _reports(f))
        result = run("paris_paris", "--games", "1", "--check", "--json")
        assert result.exit_code == code, result.output
        if failing:
            assert "belle: 1 bounds fail" in result.stderr
        without_check = run("paris_paris", "--games", "1", "--json")
        assert without_check.exit_code == 0


@pytest.mark.parametrize(("args", "message"), [
    (("--all", "--ending-games", "paris_connection"), "--ending-games 'paris_connection': "
                                                      "write GAME=K"),
    (("--all", "--ending-games", "nope=3"), "--ending-games 'nope=3': write GAME=K"),
    (("--all", "--ending-games", "paris=0"), "--ending-games 'paris=0': write GAME=K"),
    (("--all", "--ending-games", "paris=2", "--ending-games", "paris=3"),
     "--ending-games names 'paris' twice"),
    (("paris", "--summary", "x.json"),
     "--ending-games, --games-of, --ismcts-games-of and --summary go with --all"),
    (("paris", "--games-of", "paris=9"),
     "--ending-games, --games-of, --ismcts-games-of and --summary go with --all"),
    (("--all", "--games-of", "paris"), "--games-of 'paris': write GAME=K"),
    (("--all", "--ismcts-games", "2", "--ismcts-games-of", "paris=-1"),
     "--ismcts-games-of 'paris=-1': write GAME=K"),
    (("--all", "--games-of", "paris=2", "--games-of", "paris=3"),
     "--games-of names 'paris' twice"),
    (("--all", "--ismcts-games-of", "paris=8"),
     "--ismcts-games-of goes with --ismcts-games"),
])
def test_bad_suite_options_are_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().startswith("belle: " + message)


def test_the_suite_writes_the_page_and_the_rules_pages_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--all plays every game; here only Paris Paris at 2 players is played (measure
    filtered), enough to see the page, the pooled endings and the summary."""
    real = balance_cli.measure
    monkeypatch.setattr(balance_cli, "measure", lambda runs, jobs, on_game=None, cache=None: real(
        [r for r in runs if r.game == "paris_paris" and r.players == 2], 1))
    page, summary = tmp_path / "balance.md", tmp_path / "balance.json"
    result = run("--all", "--games", "2", "--bots", "random", "--ismcts-games", "1",
                 "--ismcts", "ismcts:iterations=2", "--strategy-games", "1",
                 "--ending-games", "paris_paris=2", "--seed", "3", "--markdown", str(page),
                 "--summary", str(summary), "--games-of", "paris_paris=3",
                 "--ismcts-games-of", "paris_paris=2")
    assert result.exit_code == 0, result.output
    text = page.read_text()
    command = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "--ending-games paris_paris=2" in command and f"--summary {summary}" in command
    assert "--games-of paris_paris=3 --ismcts-games-of paris_paris=2" in command
    assert "## Every run" in text and "random self-play, more games for the endings" in text
    assert "over all 7 self-play games at 2 players, 0 ended by a reconstructed" in text
    data = json.loads(summary.read_text())
    runs = data["games"]["paris_paris"]["2"]
    assert [r["kind"] for r in runs] == ["random", "ismcts", "strategy", "endings"]
    assert runs[0]["games"] == 3 and runs[1]["games"] == 2 and runs[2]["games"] == 1
    assert set(runs[0]["bounds"]) == {"pass", "fail", "undecided"}
    assert runs[0]["first_player_wins"]["value"] is not None
    assert runs[2]["strategy"] == "secret-line-only" and "strategy_wins" in runs[2]
    assert data["measured"] and data["command"] == command.strip()

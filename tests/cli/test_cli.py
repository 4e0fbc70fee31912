"""The `belle` command, run in-process with Typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from belle.cli.main import app
from belle.cli.simulate import SUMMARY_KEYS

GAME = "paris_connection"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input)


def saved_record(directory: Path) -> Path:
    files = sorted(directory.glob("*.json"))
    assert len(files) == 1, files
    return files[0]


def test_games_lists_paris_connection() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert GAME in result.stdout
    assert "3–6" in result.stdout
    assert "house_tie_break" in result.stdout


def test_games_json() -> None:
    result = run("games", "--json")
    assert result.exit_code == 0
    games = {info["id"]: info for info in json.loads(result.stdout)}
    assert games[GAME]["max_players"] == 6


def test_simulate_json_is_deterministic() -> None:
    args = ("simulate", GAME, "--players", "3", "--games", "5", "--seed", "1", "--json")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert list(one) == list(SUMMARY_KEYS)
    assert one["errors"] == 0 and one["completed"] == 5 and one["games"] == 5
    assert len(one["wins"]) == len(one["mean_scores"]) == 3
    assert sum(one["wins"]) >= 5  # every match has at least one winner
    del one["actions_per_second"], two["actions_per_second"]
    assert one == two


def test_simulate_cycles_bots_and_prints_a_table() -> None:
    result = run("simulate", GAME, "--players", "4", "--games", "2", "--seed", "2",
                 "--bots", "greedy:samples=1,random")
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "random" in result.stdout
    assert "2 of 2 matches completed" in result.stdout


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A short match saved by `belle play`: the human quits at once."""
    result = run("play", GAME, "--seed", "5", "--record-dir", str(tmp_path), input="quit\n")
    assert result.exit_code == 0, result.output
    return saved_record(tmp_path)


def bad_argument_cases(tmp_path: Path, record: Path) -> list[list[str]]:
    not_json = tmp_path / "notes.json"
    not_json.write_text("this is not a record", encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    not_record = tmp_path / "list.json"
    not_record.write_text("[1, 2, 3]", encoding="utf-8")
    return [
        ["play", "chess"],
        ["simulate", "chess", "--games", "1", "--json"],
        ["bench", "chess"],
        ["play", GAME, "--players", "9"],
        ["simulate", GAME, "--players", "2", "--json"],
        ["simulate", GAME, "--option", "nope=1"],
        ["simulate", GAME, "--option", "house_tie_break=maybe"],
        ["play", GAME, "--option", "house_tie_break"],
        ["play", GAME, "--seat", "1=wizard"],
        ["play", GAME, "--seat", "4=human"],
        ["play", GAME, "--seat", "0=human"],  # seats count from 1
        ["play", GAME, "--seat", "human"],
        ["play", GAME, "--seat", "1=human", "--seat", "1=greedy"],
        ["play", GAME, "--seat", "2=greedy:depth=3"],
        ["simulate", GAME, "--bots", "random,wizard"],
        ["simulate", GAME, "--games", "0"],
        ["simulate", GAME, "--players", "three"],
        ["replay", str(tmp_path / "missing.json")],
        ["replay", str(not_json)],
        ["replay", str(binary)],
        ["replay", str(not_record)],
        ["replay", str(tmp_path)],
        ["replay", str(record), "--to", "100000"],
        ["replay", str(record), "--to", "-1"],
        ["replay", str(record), "--seat", "4"],
        ["replay", str(record), "--seat", "0"],
        ["bench", GAME, "--runs", "0"],
        ["nonsense-command"],
    ]


def test_bad_arguments_exit_2_with_one_line(tmp_path: Path, record_file: Path) -> None:
    for args in bad_argument_cases(tmp_path, record_file):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, (args, result.stderr)
        assert lines[0].startswith("belle: "), (args, lines)
        assert "Traceback" not in result.output
        assert result.stdout == "", (args, result.stdout)


def test_unreadable_record_messages_name_the_problem(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "missing.json"))
    assert "cannot read record" in result.stderr
    (tmp_path / "x.json").write_text("{", encoding="utf-8")
    assert "is not JSON" in run("replay", str(tmp_path / "x.json")).stderr


def test_play_by_number_undo_illegal_then_quit(tmp_path: Path) -> None:
    script = "\n".join([
        "help",
        "1",  # the first legal action: a build or a return
        "undo",  # take it back: nobody moved since
        "undo",  # nothing of ours is last any more
        "what is this",  # malformed notation
        "stop",  # well-formed, not legal at the start of a turn
        "0",  # out of the numbered list
        "1",
        "1",
        "quit",
    ]) + "\n"
    result = run("play", GAME, "--seed", "11", "--record-dir", str(tmp_path), input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "took back:" in out
    assert "Nothing to take back: your last step is not the last one" in out
    assert "“what is this” cannot be read as a move" in out
    # why first (State.why_illegal), then what is possible
    assert ("This kind of move cannot be made at this point of the turn. “stop” is not "
            "possible now. Possible: ") in " ".join(out.split())  # as wrapped to 80 columns
    assert "Choose a number from 1 to" in out
    assert "Traceback" not in result.output
    path = saved_record(tmp_path)
    assert str(path) in out
    record = json.loads(path.read_text(encoding="utf-8"))
    human = [entry for entry in record["actions"] if entry["player"] == 0]
    assert len(human) == 2  # the undone step is gone, the next two are kept
    assert record["result"] is None
    assert record["seats"] == ["human", "greedy", "greedy"]
    for extra in ([], ["--seat", "1"], ["--seat", "3"], ["--to", "3"]):
        shown = run("replay", str(path), *extra)
        assert shown.exit_code == 0, shown.output


def test_play_hides_the_other_seats_draws(tmp_path: Path) -> None:
    result = run("play", GAME, "--seed", "4", "--record-dir", str(tmp_path), input="quit\n")
    out = result.stdout
    assert "seat 1 draws 10 locomotives:" in out  # the human's own secret deal
    assert "seat 2 draws 10 locomotives from the bag (hidden)" in out
    assert "seat 3 draws 10 locomotives:" not in out
    assert "Your shares" in out


def test_play_end_of_input_saves_like_quit(tmp_path: Path) -> None:
    result = run("play", GAME, "--players", "4", "--seed", "8", "--record-dir", str(tmp_path),
                 input="")
    assert result.exit_code == 0, result.output
    assert saved_record(tmp_path).exists()


def test_whole_game_through_play_with_a_human_who_always_picks_1(tmp_path: Path) -> None:
    result = run(
        "play", GAME, "--players", "3", "--seed", "21",
        "--seat", "2=random", "--seat", "3=greedy:samples=1",
        "--record-dir", str(tmp_path), input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    assert "Final scores" in result.stdout
    assert "total" in result.stdout
    record_path = saved_record(tmp_path)
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["result"] is not None
    shown = run("replay", str(record_path), "--seat", "2")
    assert shown.exit_code == 0, shown.output
    assert "Final scores" in shown.stdout


def test_play_with_only_bots_is_the_simulated_match(tmp_path: Path) -> None:
    from belle.bots import make_bot
    from belle.engine import load_game, play_match

    result = run("play", GAME, "--seed", "9", "--record-dir", str(tmp_path),
                 "--seat", "1=random", "--seat", "2=random", "--seat", "3=random")
    assert result.exit_code == 0, result.output
    played = json.loads(saved_record(tmp_path).read_text(encoding="utf-8"))
    bots = [make_bot("random") for _ in range(3)]
    simulated = play_match(load_game(GAME), bots, seed=9).record.to_json()
    assert played["actions"] == simulated["actions"]


def test_replay_as_a_seat_shows_only_its_own_shares(record_file: Path) -> None:
    spectator = run("replay", str(record_file))
    seat = run("replay", str(record_file), "--seat", "1")
    assert spectator.exit_code == seat.exit_code == 0
    assert "Your shares" not in spectator.stdout
    assert "Your shares" in seat.stdout
    # the game's own chance lines (belle/games/paris_connection/render.py)
    assert "seat 1 draws 10 locomotives from the bag (hidden)" in spectator.stdout
    assert "seat 1 draws 10 locomotives: " in seat.stdout
    assert "seat 2 draws 10 locomotives from the bag (hidden)" in seat.stdout
    assert "seat 2 draws 10 locomotives: " not in seat.stdout
    assert "chance: seat 1 is the start player" in seat.stdout  # not `first 0`


def test_a_failing_match_is_counted_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import belle.cli.simulate as simulate_module

    real = simulate_module.play_match  # type: ignore[attr-defined]
    broken_seed = simulate_module.match_seed(1, 2)

    def flaky(game: Any, bots: Any, seed: int | None = None, **kw: Any) -> Any:
        if seed == broken_seed:
            raise RuntimeError("engine bug")
        return real(game, bots, seed, **kw)

    monkeypatch.setattr(simulate_module, "play_match", flaky)
    result = run("simulate", GAME, "--games", "4", "--seed", "1", "--json")
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["errors"] == 1 and summary["completed"] == 3
    assert f"match 2 (seed {broken_seed}) failed: RuntimeError: engine bug" in result.stderr


def test_bench_json_reports_the_four_figures() -> None:
    result = run("bench", GAME, "--runs", "1", "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)["results"][GAME]
    for key in ("games_per_second", "actions_per_second", "clones_per_second",
                "legal_actions_per_second"):
        assert figures[key] > 0
    assert figures["players"] == 6

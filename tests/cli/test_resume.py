"""`belle resume FILE`: a match saved at the terminal (or by the web table) goes on from
where its record ends, with its seats as the record names them unless `--seat` says
otherwise; the record is saved anew, the old actions first. A finished match, or a file
that is not a record, is refused and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from belle.cli.main import app
from belle.engine import MatchRecord, replay

GAME = "paris_connection"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input)


def played_then_left(directory: Path, moves: int = 2) -> Path:
    """A match of Paris Connection left after `moves` of the person's moves."""
    script = "1\n" * moves + "quit\n"
    result = run("play", GAME, "--seed", "5", "--record-dir", str(directory), input=script)
    assert result.exit_code == 0, result.output
    (path,) = directory.glob("*.json")
    return path


def test_a_match_left_goes_on_from_where_it_stopped(tmp_path: Path) -> None:
    first = played_then_left(tmp_path / "first")
    saved = MatchRecord.load(first)
    result = run("resume", str(first), "--seed", "9", "--record-dir", str(tmp_path / "next"),
                 input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"after {len(saved.actions)} actions" in " ".join(result.stdout.split())
    (path,) = (tmp_path / "next").glob("*.json")
    record = MatchRecord.load(path)
    assert record.actions[: len(saved.actions)] == saved.actions  # the old ones first
    human = [entry for entry in record.actions if entry.player == 0]
    assert len(human) == 3  # two before, one after
    assert record.seats == saved.seats == ["human", "greedy", "greedy"]
    replay(record)  # the whole record replays


def test_the_seats_follow_the_record_unless_told(tmp_path: Path) -> None:
    first = played_then_left(tmp_path / "first")
    data = json.loads(first.read_text(encoding="utf-8"))
    data["seats"] = ["Anna", "random", "Bob"]  # as the web table writes people: names
    web = tmp_path / "web.json"
    web.write_text(json.dumps(data), encoding="utf-8")
    result = run("resume", str(web), "--seat", "3=greedy", "--record-dir", str(tmp_path),
                 input="quit\n")
    assert result.exit_code == 0, result.output
    assert "seat 1 you, seat 2 random, seat 3 greedy" in result.stdout


def test_a_finished_match_or_no_record_is_refused(tmp_path: Path) -> None:
    first = played_then_left(tmp_path / "first")
    record = MatchRecord.load(first)
    state = replay(record)
    while not state.is_terminal():  # played out by the first legal move
        action = (state.chance_outcomes()[0][0] if state.current_player() < 0
                  else state.legal_actions()[0])
        record.append(state, action)
        state.apply_action(action)
    over = tmp_path / "over.json"
    record.save(over)
    out = tmp_path / "out"
    refused = run("resume", str(over), "--record-dir", str(out))
    assert refused.exit_code != 0
    assert f"This match is over: see it with belle replay {over}" in " ".join(
        refused.output.split())
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{", encoding="utf-8")
    assert run("resume", str(garbage), "--record-dir", str(out)).exit_code != 0
    assert not out.exists()  # nothing written

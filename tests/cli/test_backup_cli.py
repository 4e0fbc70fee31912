"""`belle export` and `belle import` (issue 9 item 5), run in-process with CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import belle
from belle.bots import make_bot
from belle.cli.main import app
from belle.storage import Seat, Store
from belle.storage.backup import export_matches

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def source_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'source.db'}"
    store = Store(url)
    store.migrate()
    match = belle.play_match(belle.load_game("paris_paris"), [make_bot("random")] * 2, seed=7)
    person = store.create_player("Zoé")
    table = store.create_table("paris_paris", {"dm": False, "readings": []}, 2, "live",
                               person.id)
    store.update_seats(table.id, [Seat("human", person.id, "Zoé"), Seat("bot", bot="random")])
    store.start_table(table.id, 7)
    store.append_actions(table.id, 0, match.record.actions)
    assert match.record.result is not None
    store.finish_table(table.id, match.record.result)
    store.close()
    return url


def test_export_to_a_file_then_import_elsewhere(source_url: str, tmp_path: Path) -> None:
    """Issue 9 item 5: `belle export --output` then `belle import FILE --db`."""
    dump = tmp_path / "matches.jsonl"
    result = run("export", "--db", source_url, "--output", str(dump))
    assert result.exit_code == 0, result.output
    assert "exported 1 match" in result.stderr
    assert json.loads(dump.read_text())["seats"][0]["name"] == "Zoé"
    target = f"sqlite:///{tmp_path / 'target.db'}"
    result = run("import", str(dump), "--db", target)
    assert result.exit_code == 0, result.output
    assert "imported 1, skipped 0, refused 0" in result.stderr
    again = run("import", str(dump), "--db", target)
    assert again.exit_code == 0 and "imported 0, skipped 1, refused 0" in again.stderr
    store = Store(target)
    try:
        assert [m["seats"] for m in export_matches(store)] == [
            [{"kind": "human", "name": "Zoé", "bot": None},
             {"kind": "bot", "name": None, "bot": "random"}]]
    finally:
        store.close()


def test_export_to_stdout_and_import_from_stdin(
    source_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9 item 5: `belle export > matches.jsonl`, `belle import -`; the database
    defaults to $BELLE_DATABASE_URL."""
    monkeypatch.setenv("BELLE_DATABASE_URL", source_url)
    exported = run("export", "--since", "2000-01-01")
    assert exported.exit_code == 0, exported.output
    assert len(exported.stdout.splitlines()) == 1
    assert run("export", "--since", "2999-01-01").stdout == ""
    target = f"sqlite:///{tmp_path / 'target.db'}"
    result = run("import", "-", "--db", target, input=exported.stdout)
    assert result.exit_code == 0 and "imported 1" in result.stderr


def test_a_refused_line_is_named_and_the_status_is_1(source_url: str, tmp_path: Path) -> None:
    """Issue 9 item 5: a corrupted line gets a clear error naming it; exit status 1."""
    good = run("export", "--db", source_url).stdout.strip()
    data = json.loads(good)
    data["game"] = "chess"
    dump = tmp_path / "bad.jsonl"
    dump.write_text(json.dumps(data) + "\n" + good + "\n")
    result = run("import", str(dump), "--db", f"sqlite:///{tmp_path / 'target.db'}")
    assert result.exit_code == 1
    assert f"{dump}: line 1 refused: unknown game 'chess'" in result.stderr
    assert "imported 1, skipped 0, refused 1" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("export", "--status", "done"), "--status is one of finished, running, open, closed, all"),
    (("export", "--since", "last week"), "--since must be a date"),
    (("export", "--db", "sqlite:////nowhere/belle.db"), "there is no database file"),
    (("export", "--db", "nonsense://x"), "bad database URL"),
    (("import", "/nowhere/matches.jsonl"), "cannot read '/nowhere/matches.jsonl'"),
])
def test_bad_arguments_get_one_line(args: tuple[str, ...], message: str) -> None:
    """Issue 9 item 5: mistakes end in one clear line and status 2."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr

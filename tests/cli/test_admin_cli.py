"""`belle admin` (issue 20 item 7), run in-process with CliRunner on a SQLite file."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from belle.cli.main import app
from belle.server.accounts.passwords import verify_password
from belle.storage import Store
from belle.storage.moderation import Moderation

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def test_the_operator_works_from_the_terminal(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'belle.db'}"
    store = Store(url)
    store.migrate()
    ann, bob = store.create_player("ann"), store.create_player("bob")
    line = store.add_chat(None, bob.id, "bob", "a rude line")
    moderation = Moderation(store.engine)
    assert moderation.report(line.id, ann.id, "rude")
    try:
        done = run("admin", "password", "--db", url, input="a long password\na long password\n")
        assert done.exit_code == 0, done.output
        stored = moderation.operator_password_hash()
        assert stored is not None and verify_password(stored, "a long password")
        listed = run("admin", "reports", "--db", url)
        assert listed.exit_code == 0 and "a rude line" in listed.output and "rude" in listed.output
        assert run("admin", "mute", "BOB", "--db", url).output.strip() == "bob: muted."
        assert "muted, banned" in run("admin", "ban", "bob", "--db", url).output
        assert "bob" in run("admin", "sanctions", "--db", url).output
        assert [s.banned for s in moderation.sanctions()] == [True]
        run("admin", "unmute", "bob", "--db", url)
        assert "neither" in run("admin", "unban", "bob", "--db", url).output
        assert moderation.sanctions() == []
        nobody = run("admin", "ban", "nobody", "--db", url)
        assert nobody.exit_code == 2 and "no player" in nobody.output
        resolved = run("admin", "resolve", "1", "--db", url)
        assert resolved.exit_code == 0 and moderation.open_reports() == []
        assert run("admin", "resolve", "1", "--db", url).exit_code == 2
        short = run("admin", "password", "--db", url, "--password", "x")
        assert short.exit_code == 2
        unreachable = run("admin", "close-table", "3", "--url", "http://127.0.0.1:9",
                          "--password", "p")
        assert unreachable.exit_code == 2 and "cannot reach" in unreachable.output
    finally:
        store.close()

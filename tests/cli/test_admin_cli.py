"""`belle admin` (issue 20 item 7), run in-process with CliRunner on a SQLite file."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from belle.cli.main import app
from belle.server.accounts.passwords import hash_password, verify_password
from belle.storage import Store
from belle.storage.moderation import Moderation
from tests.browser.serve import serving

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


def _post(base: str, path: str, body: Any, cookie: str | None = None) -> tuple[Any, str]:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), method="POST",
        headers={"content-type": "application/json", **({"cookie": cookie} if cookie else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read()), response.headers.get("set-cookie", "").split(";")[0]


def test_close_table_closes_it_on_the_running_server(tmp_path: Path) -> None:
    """`belle admin close-table` against a served app: signs in with the operator's
    password and closes an open table (and stops a running one); a wrong password is the
    server's refusal, and nothing is closed."""
    with serving(tmp_path) as base:
        store = Store(f"sqlite:///{tmp_path / 'belle.db'}")
        try:
            Moderation(store.engine).set_operator_password_hash(hash_password(PASSWORD))
        finally:
            store.close()
        _, cookie = _post(base, "/api/session", {"name": "ann"})
        table, _ = _post(base, "/api/tables", {"game": "paris_paris", "players": 2}, cookie)
        wrong = run("admin", "close-table", str(table["id"]), "--url", base,
                    "--password", "not the operator's password")
        assert wrong.exit_code == 2 and "the server refused" in wrong.output
        done = run("admin", "close-table", str(table["id"]), "--url", base + "/",
                   "--password", PASSWORD)
        assert done.exit_code == 0, done.output
        assert done.output.strip() == f"Table {table['id']} is closed."
        with urllib.request.urlopen(f"{base}/api/tables/{table['id']}", timeout=10) as answer:
            assert json.loads(answer.read())["status"] == "closed"
        again = run("admin", "close-table", str(table["id"]), "--url", base,
                    "--password", PASSWORD)
        assert again.exit_code == 2 and "the server refused" in again.output


PASSWORD = "the operator's long password"

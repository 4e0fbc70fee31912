"""Refusals reach a person in their language: the terminal (`belle play`, its --lang or
environment) and the server's error payload, which carries the refusal as a message for
the browser to word (belle/web/js/ui.js errorText)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from belle.cli.main import app
from belle.engine import load_game
from belle.engine.errors import IllegalActionError
from belle.server.errors import ServerError

SCRIPT = "\n".join(["what is this", "stop", "0", "quit"]) + "\n"


def play(tmp_path: Path, *args: str) -> str:
    result = CliRunner().invoke(app, ["play", "paris_connection", "--seed", "11",
                                      "--record-dir", str(tmp_path), *args], input=SCRIPT)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def test_the_terminal_refuses_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BELLE_LANG", "en")
    out = play(tmp_path, "--lang", "de")
    assert "„what is this“ lässt sich nicht als Zug lesen. Züge schreibt man so: build R" in out
    assert "„stop“ ist jetzt nicht möglich. Möglich: " in out
    assert "Wähle eine Zahl von 1 bis " in out
    assert "cannot be read" not in out


def test_the_terminal_takes_its_language_from_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BELLE_LANG", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    out = play(tmp_path)
    assert "«what is this» no se puede leer como una jugada." in out
    assert "«stop» no es posible ahora. Posible: " in out


def test_an_unknown_language_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "paris_connection", "--lang", "xx",
                                      "--record-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "--lang 'xx' is not one of en, de, fr, es" in result.stderr


def test_the_server_sends_the_refusal_beside_its_english() -> None:
    state = load_game("paris_connection").new_initial_state(3)
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    stop = state.parse_action("stop")
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(stop)
    error = ServerError("illegal", str(refused.value),
                        refusal=refused.value.refusal("paris_connection"))
    body = error.to_json()["error"]
    assert body["code"] == "illegal" and body["message"].startswith("“stop” is not possible")
    assert body["refusal"]["game"] == "paris_connection"
    assert body["refusal"]["id"] == "engine.refuse.not_legal"
    assert body["refusal"]["params"]["action"] == "stop"
    assert error.notice_fields() == {"refusal": body["refusal"]}


def test_a_bad_option_of_belle_play_is_refused_in_french(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "paris_connection", "--option", "nope=1",
                                      "--lang", "fr", "--record-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "belle: Il n'y a pas d'option « nope ». Les options de ce jeu : " in result.stderr
    value = CliRunner().invoke(app, ["play", "paris_connection", "--option",
                                     "rules_version=9", "--lang", "fr",
                                     "--record-dir", str(tmp_path)])
    assert ("Option « rules_version » : « 9 » n'est pas un nombre entier de 1 à 2."
            in value.stderr)


def test_a_record_that_cannot_be_read_is_refused_in_german(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BELLE_LANG", "de")
    broken = tmp_path / "broken.json"
    broken.write_text("{nope", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2
    assert f"{broken} ist kein JSON: Zeile 1 ist nicht lesbar." in result.stderr

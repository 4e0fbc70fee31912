"""Refusals reach a person in their language: the terminal (`belle play`, its --lang or
environment) and the server's error payload, which carries the refusal as a message for
the browser to word (belle/web/js/ui.js errorText)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from belle.bots import make_bot
from belle.cli.main import app
from belle.cli.scores import score_table, winners_line
from belle.cli.texts import Words
from belle.engine import load_game
from belle.engine.errors import IllegalActionError, OptionError
from belle.engine.referee import play_match
from belle.i18n.say import refusal_text
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
    # why first, in German too (State.why_illegal), then what is possible
    assert ("Diese Art von Zug ist an dieser Stelle des Zuges nicht möglich. „stop“ ist "
            "jetzt nicht möglich. Möglich: ") in " ".join(out.split())  # wrapped at 80
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
    assert "«stop» no es posible ahora. Posible: " in " ".join(out.split())  # wrapped at 80


def test_an_unknown_language_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "paris_connection", "--lang", "xx",
                                      "--record-dir", str(tmp_path)], env={"BELLE_LANG": "en"})
    assert result.exit_code == 2
    assert "--lang “xx”: the languages are en, de, fr, es." in result.stderr


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
    assert body["code"] == "illegal"
    # the English says why first (State.why_illegal), then what is possible
    assert body["message"].startswith("This kind of move cannot be made at this point")
    assert "“stop” is not possible now. Possible: build R" in body["message"]
    assert refused.value.reason == {"id": "engine.why.wrong_moment", "params": {}}
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
    assert ("Option « rules_version » : « 9 » n'est pas un nombre entier de 1 à 3."
            in value.stderr)


def test_a_record_that_cannot_be_read_is_refused_in_german(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BELLE_LANG", "de")
    broken = tmp_path / "broken.json"
    broken.write_text("{nope", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2
    assert f"{broken} ist kein JSON: Zeile 1 ist nicht lesbar." in result.stderr


def test_the_terminal_prompts_and_helps_in_spanish(tmp_path: Path) -> None:
    """Issue 16 item 3: the loop's own words (prompt, help, recap, undo) follow --lang."""
    result = CliRunner().invoke(app, ["play", "paris_connection", "--seed", "11", "--lang",
                                      "es", "--record-dir", str(tmp_path)],
                                input="help\n1\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "3 jugadores: puesto 1 tú, puesto 2 greedy, puesto 3 greedy." in out
    assert "puesto 1 › " in out
    assert "Órdenes:" in out and "muestra esta ayuda" in out
    assert "deshecho: build " in out
    assert "Registro de la partida guardado en " in out
    assert "Commands:" not in out and "seat 1 ›" not in out and "puesto 0" not in out
    assert "Tus acciones:" in out  # the board too (belle/games/<id>/render.py)


def test_the_final_scores_are_worded_in_german(tmp_path: Path) -> None:
    game = load_game("paris_connection")
    state = play_match(game, [make_bot("random") for _ in range(3)], seed=5).state
    console = Console(record=True, width=120)
    console.print(score_table(state, ["A", "B", "C"], Words("de"), "paris_connection"))
    shown = console.export_text()
    assert "Endwertung" in shown and "Punkte" in shown and "gesamt" in shown
    assert "1. Rang ★ gewinnt" in shown
    assert "Aktien " in shown  # the game's own score lines, in German
    assert "shares" not in shown
    assert winners_line(state, ["A", "B", "C"], Words("de")).endswith("Punkten.")


def test_a_bad_seat_of_belle_play_is_refused_in_german(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "paris", "--seat", "0=human", "--lang", "de",
                                      "--record-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "--seat „0=human“: Bei 2 Personen gehen die Plätze von 1 bis 2." in result.stderr
    wizard = CliRunner().invoke(app, ["play", "paris", "--seat", "2=wizard", "--lang", "de",
                                      "--record-dir", str(tmp_path)])
    assert "Es gibt keinen Spieler „wizard“: Schreib human, random" in wizard.stderr


@pytest.mark.parametrize("spec", [
    "greedy:samples=0", "greedy:samples=many", "ismcts:iterations=0", "ismcts:seconds=0",
    "ismcts:depth=-1", "ismcts:iterations=5,seconds=1", "ismcts:speed=9", "random:x=1",
    "chess",
])
def test_every_bad_bot_spec_is_refused_with_a_message(spec: str) -> None:
    """Issue 16 item 3: a bot's settings are refused like any option (engine.bot.*)."""
    with pytest.raises(OptionError) as refused:
        make_bot(spec)
    message = refused.value.message
    assert message is not None and message["id"].startswith("engine.bot.")
    german, english = refusal_text(refused.value, "de"), refusal_text(refused.value, "en")
    assert german != english and english != message["id"]


def test_a_bad_bot_of_belle_play_is_refused_in_french(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "paris", "--seat", "2=greedy:samples=0",
                                      "--lang", "fr", "--record-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "belle: --seat « 2=greedy:samples=0 » : Un bot greedy a besoin d'au moins 1 "
        "échantillon.")
    lang = CliRunner().invoke(app, ["play", "paris", "--lang", "xx"],
                              env={"BELLE_LANG": "es"})
    assert lang.stderr.strip() == "belle: --lang «xx»: los idiomas son en, de, fr, es."

"""Refusals that do not come from a game's legality check reach a player in their
language too (issue 16 items 3 and 6): undo refusals and bad options carry a message of
the engine's catalogue (`refusal`), the server's own refusals carry their English as a
msgid of the interface's catalogue (`message`, or `template` with `params`), which the
browser translates (belle/web/js/ui.js errorText). Run on SQLite only: what is checked
is the payload, not the storage."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.i18n.catalogue import messages as interface_messages
from belle.i18n.extract import server_files
from belle.i18n.say import say
from belle.server.errors import ServerError
from tests.server.kit import make_app, new_table, seated_with_bots, sign_in, start


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(f"sqlite:///{tmp_path / 'belle.db'}")) as test_client:
        yield test_client


def browser_text(lang: str, error: dict[str, Any]) -> str:
    """What errorText shows for a server refusal without an engine message: the
    interface catalogue's translation of its template (or message), filled."""
    template = error.get("template") or error["message"]
    text = interface_messages(lang)[template]
    for key, value in (error.get("params") or {}).items():
        text = text.replace("{" + key + "}", str(value))
    return text


def test_an_undo_refused_reaches_the_player_in_german(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    table_id = seated_with_bots(anna, "random")
    with anna.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        start(anna, table_id)
        mine = sock.until(lambda m: m.get("to_move") == 0 and "version" in m)
        sock.send({"type": "undo", "version": mine["version"]})  # the deal came last
        error = sock.expect_error("undo_refused")
    refusal = error["refusal"]
    assert refusal["id"] == "engine.undo.nothing_of_yours"
    assert say("de", refusal["game"], refusal).startswith(
        "Nichts zurückzunehmen: Dein letzter Schritt ist nicht der letzte der Partie")
    assert error["message"].startswith("Nothing to take back")  # English beside it


def test_a_bad_option_at_table_creation_is_worded_in_french(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    response = anna.post("/api/tables", {"game": "paris_connection", "players": 3,
                                         "options": {"nope": 1}, "mode": "live"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_options"
    assert say("fr", error["refusal"]["game"], error["refusal"]) == (
        "Il n'y a pas d'option « nope ». Les options de ce jeu : "
        + ", ".join(sorted(error["refusal"]["params"]["known"])) + ".")
    too_many = anna.post("/api/tables", {"game": "paris_connection", "players": 9,
                                         "options": {}, "mode": "live"}).json()["error"]
    assert say("fr", "engine", too_many["refusal"]) == (
        "Paris Connection se joue de 3 à 6 joueurs, pas à 9.")


def test_a_server_refusal_naming_values_is_translated_from_its_template(
        client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    error = anna.post("/api/tables/777777/join", {}).json()["error"]
    assert error["message"] == "there is no table 777777"
    assert error["template"] == "there is no table {table}"
    assert error["params"] == {"table": 777777}
    assert browser_text("es", error) == "No hay ninguna mesa 777777."
    plain = anna.post(f"/api/tables/{new_table(anna)}/resign", {}).json()["error"]
    assert "template" not in plain  # a literal message is its own msgid
    assert browser_text("de", plain) == "Du hast keinen Platz an diesem Tisch."


def test_a_template_is_filled_in_english() -> None:
    error = ServerError("not_found", "there is no table {table}", params={"table": 3})
    assert str(error) == error.message == "there is no table 3"
    assert error.notice_fields() == {"template": "there is no table {table}",
                                     "params": {"table": 3}}


def _message_argument(call: ast.Call) -> ast.expr | None:
    named = [k.value for k in call.keywords if k.arg == "message"]
    return call.args[1] if len(call.args) > 1 else (named[0] if named else None)


def test_every_server_refusal_can_be_extracted() -> None:
    """A ServerError's message is a literal (with `params` for what varies), never an
    f-string, so `python -m belle.i18n extract` finds it and the check asks for its
    translations. A variable is allowed: it passes on a message made elsewhere (an
    engine's refusal, carried as `refusal`, or a constant)."""
    found = []
    for path in server_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ServerError":
                message = _message_argument(node)
                if isinstance(message, ast.JoinedStr | ast.BinOp):
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_a_value_quoting_what_was_sent_stays_valid_text() -> None:
    error = ServerError("not_found", "there is no player named '{name}'",
                        params={"name": "a\ud800b"})
    assert error.params == {"name": "a\\ud800b"}
    assert error.message == "there is no player named 'a\\ud800b'"
    error.to_json()["error"]["params"]["name"].encode("utf-8")


def test_a_sign_up_refused_by_storage_is_a_translated_sentence(client: TestClient) -> None:
    """Issue 16 item 3: a tournament's storage refusals carry their template, not the
    storage's English (belle.storage.tournaments: SignupsClosedError, TournamentFullError)."""
    owner, late = sign_in(client, "Bea"), sign_in(client, "Cid")
    created = owner.post("/api/tournaments", {"name": "Cup", "game": "paris_paris",
                                              "system": "swiss", "rounds": 1,
                                              "table_size": 2})
    tid = created.json()["tournament"]["id"]
    for _ in range(2):
        owner.post(f"/api/tournaments/{tid}/bots", {"bot": "random"})
    assert owner.post(f"/api/tournaments/{tid}/start").status_code == 200
    refused = late.post(f"/api/tournaments/{tid}/signup")
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["message"] == "the tournament has started: sign-ups are closed"
    assert browser_text("fr", error) == "le tournoi a commencé : les inscriptions sont closes"


def test_a_full_tournament_is_refused_with_its_number_in_german() -> None:
    from belle.server.tournaments.routes import _store_refusal
    from belle.storage.tournaments import TournamentFullError

    error = _store_refusal(TournamentFullError(64))
    payload = {"message": error.message, **error.notice_fields()}
    assert payload["template"] == "the tournament is full ({most} entries)"
    assert browser_text("de", payload) == "das Turnier ist voll (64 Teilnahmen)"

"""Fuzzing every HTTP endpoint from the app's OpenAPI schema with schemathesis.

Schemathesis generates requests that fit the schema and requests that do not (negative
mode: wrong types, missing fields, bad query and path values), for every operation; they
are sent through the app's own TestClient as nobody, as a seated player, as an outsider
and with a forged cookie, to real tables and to made-up ones. Every answer is below 500;
every refusal is a JSON `{"error": {"code", "message"}}` with the code's status; no table
changes except as its seated people and managers may change it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

from belle.server.errors import STATUS

from .kit import make_app, new_table, seat, sign_in, start

SETTINGS = settings(max_examples=500, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck),
                    phases=[Phase.explicit, Phase.generate])


@pytest.fixture
def http_client(db_url: str) -> Iterator[TestClient]:
    app = make_app(db_url)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def check_answer(response: Any, what: str) -> None:
    assert response.status_code < 500, (what, response.status_code, response.text)
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/json"), what
        body = response.json()
        assert set(body) == {"error"}, (what, body)
        error = body["error"]
        assert set(error) == {"code", "message"}, (what, body)
        assert error["code"] in STATUS, (what, body)
        # 405 (a method a path does not take) has no code of its own: `malformed`.
        expected = 400 if response.status_code == 405 else response.status_code
        assert STATUS[error["code"]] == expected, (what, response.status_code, body)
        assert isinstance(error["message"], str) and error["message"], (what, body)


def snapshot(client: TestClient, table_id: int) -> tuple[int, str]:
    actor = client.app.state.hub.actors[table_id]  # type: ignore[attr-defined]
    return actor.version, json.dumps(actor.state.to_json(), sort_keys=True)


def test_every_endpoint_survives_schemathesis(http_client: TestClient,
                                              caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    client = http_client
    players = [sign_in(client, f"p{i}") for i in range(3)]
    running = new_table(players[0])
    for index, person in enumerate(players):
        seat(person, running, index)
    start(players[0], running)
    owner = sign_in(client, "owner")
    open_table = new_table(owner)
    outsider = sign_in(client, "outsider")
    fuzzer = sign_in(client, "fuzzer")
    cookies = {
        "nobody": None, "seated": players[1].token, "outsider": outsider.token,
        "fuzzer": fuzzer.token, "forged": (players[1].token or "")[:-3] + "abc",
        "garbage": "not a cookie \x7f", "other-secret": _forged(players[1].id),
    }
    before = snapshot(client, running)

    schema = schemathesis.openapi.from_dict(client.app.openapi())  # type: ignore[attr-defined]
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 15
    cases = st.sampled_from(operations).flatmap(lambda op: st.one_of(
        op.as_strategy(GenerationMode.POSITIVE), op.as_strategy(GenerationMode.NEGATIVE)))
    table_ids = st.one_of(st.sampled_from([running, open_table]), st.none())

    @SETTINGS
    @given(case=cases, who=st.sampled_from(sorted(cookies)), table_id=table_ids)
    def fuzz(case: Any, who: str, table_id: int | None) -> None:
        if table_id is not None and "table_id" in (case.path_parameters or {}):
            case.path_parameters["table_id"] = table_id
        kwargs = case.as_transport_kwargs(base_url="http://testserver")
        headers = {k: v for k, v in kwargs.get("headers", {}).items()
                   if k.lower() not in ("cookie", "x-schemathesis-testcaseid")}
        if cookies[who] is not None:
            headers["cookie"] = f"belle_session={cookies[who]}"
        content = kwargs.get("data")
        if "json" in kwargs:
            content = json.dumps(kwargs["json"]).encode()
        response = client.request(kwargs["method"], kwargs["url"], params=kwargs.get("params"),
                                  headers=headers, content=content)
        client.cookies.clear()
        what = f"{kwargs['method']} {kwargs['url']} {kwargs.get('params')} {content!r} as {who}"
        check_answer(response, what)
        assert snapshot(client, running) == before, what
        summary = owner.get(f"/api/tables/{open_table}").json()
        sitting = {s["name"] for s in summary["seats"] if s["kind"] == "human"}
        assert sitting <= {"fuzzer", "p1", "outsider", "owner"}, (what, summary)

    fuzz()
    assert client.get("/api/games").status_code == 200  # still serving
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def _forged(player_id: int) -> str:
    """A cookie for `player_id` signed with another secret."""
    from belle.server.auth import Sessions

    return Sessions("some-other-secret-" + "y" * 30).token(player_id)


@pytest.mark.parametrize("body", [
    b"", b"{", b"null", b"[]", b"\xff\xfe", b'{"name": "\\ud800"}', b'{"name": 1}',
    b'{"name": "' + b"a" * 100_000 + b'"}', b"[" * 5000 + b"]" * 5000,
    b'{"name": "ok", "password": "\\udfff\\ud800"}', b'{"name": "ok", "password": NaN}',
])
def test_session_refuses_bad_bodies(http_client: TestClient, body: bytes) -> None:
    response = http_client.post("/api/session", content=body,
                                headers={"content-type": "application/json"})
    check_answer(response, repr(body))
    assert response.status_code in (400, 401)


@pytest.mark.parametrize("options", [
    {"self": 1}, {"game_id": "paris"}, {"x\ud800": 1}, {"variant": [[[]]]},
    {"free_districts": "\ud800"}, {"free_districts": 10**40}, {"random_setup": {"a": None}},
])
def test_table_options_are_refused_cleanly(http_client: TestClient,
                                           options: dict[str, Any]) -> None:
    person = sign_in(http_client, "maker")
    body = json.dumps({"game": "paris", "players": 2, "options": options}).encode()
    response = http_client.post("/api/tables", content=body, headers={
        **person.headers, "content-type": "application/json"})
    check_answer(response, repr(options))
    assert response.status_code == 400


@pytest.mark.parametrize("path", [
    "/api/tables/99999999999999999999", "/api/tables/9223372036854775808",
    "/api/tables/-1", "/api/tables/0/view?at=-1", "/api/tables/1/view?at=1e3",
    "/api/tables/1/replay?seat=99999999999999999999999", "/api/games/%00/board",
    "/api/games/..%2F..%2Fetc/board", "/api/tables?status=%F0", "/table/99999999999999999999",
])
def test_odd_paths_are_refused_cleanly(http_client: TestClient, path: str) -> None:
    response = http_client.get(path)
    assert response.status_code < 500, (path, response.text)
    if response.headers.get("content-type", "").startswith("application/json"):
        check_answer(response, path)

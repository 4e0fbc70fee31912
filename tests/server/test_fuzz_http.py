"""Fuzzing every HTTP endpoint from the app's OpenAPI schema with schemathesis.

Schemathesis generates requests that fit the schema and requests that do not (negative
mode: wrong types, missing fields, bad query and path values), for every operation; they
are sent through the app's own TestClient as nobody, as a seated player, as an outsider,
as a registered player (who may give an e-mail address), as the creator of a table it
may close, and with a forged cookie, to real tables and to made-up ones. Path values are
now and then replaced by ones that exist (a game, a player with ratings, a language), and
requests carry odd `Accept-Language` headers and `belle_lang` cookies, so the fuzzer gets
past "not found" into the leaderboards, player pages, notices, closing and languages.
Every answer is below 500; every refusal is a JSON `{"error": {"code", "message"}}` with
the code's status; no table changes except as its seated people and managers may change
it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

import belle
from belle.i18n import LANGUAGES
from belle.server.announcements import ENGLISH
from belle.server.errors import STATUS

from .kit import Person, make_app, new_table, seat, sign_in, start
from .test_ratings import finish, rate

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
        assert set(error) in ({"code", "message"}, {"code", "message", "notice", "params"},
                              {"code", "message", "refusal"},
                              {"code", "message", "template", "params"},
                              {"code", "message", "template", "params", "refusal"}), (what, body)
        assert error.get("notice", "took_back") in ENGLISH, (what, body)
        assert error["code"] in STATUS, (what, body)
        # 405 (a method a path does not take) has no code of its own: `malformed`.
        expected = 400 if response.status_code == 405 else response.status_code
        assert STATUS[error["code"]] == expected, (what, response.status_code, body)
        assert isinstance(error["message"], str) and error["message"], (what, body)


def snapshot(client: TestClient, table_id: int) -> tuple[int, str]:
    actor = client.app.state.hub.actors[table_id]  # type: ignore[attr-defined]
    return actor.version, json.dumps(actor.state.to_json(), sort_keys=True)


# Endpoints added since the fuzzer was written: they must stay in the schema it reads.
NEWER_OPERATIONS = {
    ("GET", "/api/leaderboard/{game}"), ("GET", "/api/players/{name}"), ("GET", "/api/players"),
    ("POST", "/api/tables/{table_id}/close"), ("GET", "/api/i18n"), ("GET", "/api/i18n/{lang}"),
    ("GET", "/api/me/email"), ("PUT", "/api/me/email"), ("GET", "/api/me/next"),
}
LANGUAGE_HEADERS = st.one_of(
    st.none(), st.sampled_from([*LANGUAGES, "fr-CA,fr;q=0.9", "*", "de;q=abc", "q=1e999",
                                "zz-ZZ, en;q=0", ";;;,,,", "fr;q=-1", "x" * 5000]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30),
)


@dataclass
class Scene:
    """The fuzzed app's people, tables and ratings, and the cookies the fuzzer sends."""

    client: TestClient
    running: int  # started; its seats p0-p2; nothing over HTTP may change its game
    open_table: int  # owner's, open: only the fuzzer, p1, outsider and owner may sit
    closable: int  # the fuzzer created it: the fuzzer may close it
    owner: Person
    cookies: dict[str, str | None]


def scene(client: TestClient) -> Scene:
    players = [sign_in(client, f"p{i}") for i in range(3)]
    running = new_table(players[0])
    for index, person in enumerate(players):
        seat(person, running, index)
    start(players[0], running)
    owner = sign_in(client, "owner")
    open_table = new_table(owner)
    outsider = sign_in(client, "outsider")
    fuzzer = sign_in(client, "fuzzer")
    closable = new_table(fuzzer)
    registered = sign_in(client, "keeper", password="a long enough password")
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    for ranking in ([0, 1, 2], [2, 0, 1]):  # leaderboards and player pages with rows
        rate(store, finish(store, ["p0", "p1", "keeper"], {"ranking": ranking}))
    cookies = {
        "nobody": None, "seated": players[1].token, "outsider": outsider.token,
        "fuzzer": fuzzer.token, "forged": (players[1].token or "")[:-3] + "abc",
        "garbage": "not a cookie \x7f", "other-secret": _forged(players[1].id),
        "registered": registered.token,
    }
    return Scene(client, running, open_table, closable, owner, cookies)


def all_operations(client: TestClient) -> list[Any]:
    schema = schemathesis.openapi.from_dict(client.app.openapi())  # type: ignore[attr-defined]
    return [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]


def fuzz_operations(where: Scene, operations: list[Any], examples: int,
                    seeds: tuple[dict[str, Any], ...] = ()) -> dict[tuple[str, str], set[int]]:
    """Fuzz `operations` (positive and negative cases, as anyone), starting with the
    `seeds` (explicit examples: `case` and `who`); the statuses seen."""
    client, cookies, running = where.client, where.cookies, where.running
    before = snapshot(client, running)
    cases = st.sampled_from(operations).flatmap(lambda op: st.one_of(
        op.as_strategy(GenerationMode.POSITIVE), op.as_strategy(GenerationMode.NEGATIVE)))
    table_ids = st.one_of(st.sampled_from([running, where.open_table, where.closable]),
                          st.just(where.closable), st.none())
    known = st.fixed_dictionaries({  # path and query values that exist, or None: keep
        "game": st.none() | st.sampled_from([g.id for g in belle.list_games()]),
        "name": st.none() | st.sampled_from(["p0", "P1", "keeper", "fuzzer", "owner"]),
        "lang": st.none() | st.sampled_from(sorted(LANGUAGES)),
    })
    # The registered player and the creator of `closable` speak more often: they alone
    # get past "register first" (PUT /api/me/email) and "only the creator" (close).
    whos = st.one_of(st.sampled_from(sorted(cookies)), st.sampled_from(sorted(cookies)),
                     st.sampled_from(["registered", "fuzzer"]))
    statuses: dict[tuple[str, str], set[int]] = {}

    @settings(SETTINGS, max_examples=examples)
    @given(case=cases, who=whos, table_id=table_ids, known=known,
           accept_language=LANGUAGE_HEADERS, lang_cookie=LANGUAGE_HEADERS)
    def fuzz(case: Any, who: str, table_id: int | None, known: dict[str, str | None],
             accept_language: str | None, lang_cookie: str | None) -> None:
        if table_id is not None and "table_id" in (case.path_parameters or {}):
            case.path_parameters["table_id"] = table_id
        known = {"game_id": known["game"], **known}
        for params in (case.path_parameters, case.query):
            for key, value in known.items():
                if value is not None and params and key in params:
                    params[key] = value
        kwargs = case.as_transport_kwargs(base_url="http://testserver")
        headers = {k: v for k, v in kwargs.get("headers", {}).items()
                   if k.lower() not in ("cookie", "x-schemathesis-testcaseid")}
        sent = [f"belle_session={cookies[who]}"] if cookies[who] is not None else []
        if lang_cookie is not None:
            sent.append(f"belle_lang={lang_cookie}")
        if sent:
            headers["cookie"] = "; ".join(sent)
        if accept_language is not None:
            headers["accept-language"] = accept_language
        content = kwargs.get("data")
        if "json" in kwargs:
            content = json.dumps(kwargs["json"]).encode()
        response = client.request(kwargs["method"], kwargs["url"], params=kwargs.get("params"),
                                  headers=headers, content=content)
        client.cookies.clear()
        what = f"{kwargs['method']} {kwargs['url']} {kwargs.get('params')} {content!r} as {who}"
        check_answer(response, what)
        operation = (case.operation.method.upper(), case.operation.path)
        statuses.setdefault(operation, set()).add(response.status_code)
        assert snapshot(client, running) == before, what
        summary = where.owner.get(f"/api/tables/{where.open_table}").json()
        sitting = {s["name"] for s in summary["seats"] if s["kind"] == "human"}
        assert sitting <= {"fuzzer", "p1", "outsider", "owner", "keeper"}, (what, summary)

    for seed in seeds:
        fuzz = example(**{"table_id": None, "known": {"game": None, "name": None, "lang": None},
                          "accept_language": None, "lang_cookie": None, **seed})(fuzz)
    fuzz()
    assert client.get("/api/games").status_code == 200  # still serving
    return statuses


def test_every_endpoint_survives_schemathesis(http_client: TestClient,
                                              caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    operations = all_operations(http_client)
    assert len(operations) >= 15
    fuzz_operations(scene(http_client), operations, 500)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_newer_endpoints_are_fuzzed_past_their_refusals(
    http_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 9 item 3 for the endpoints of issue 10 (ratings, notices, closing a table,
    languages): in the schema the fuzzer reads, fuzzed on their own (so each gets its
    share), and reached beyond "not found" / "not allowed": each answered 2xx at least
    once, so the fuzzer did exercise the code behind the guards."""
    caplog.set_level(logging.WARNING)
    operations = [op for op in all_operations(http_client)
                  if (op.method.upper(), op.path) in NEWER_OPERATIONS]
    assert {(op.method.upper(), op.path) for op in operations} == NEWER_OPERATIONS
    where = scene(http_client)
    by_key = {(op.method.upper(), op.path): op for op in operations}
    close = by_key[("POST", "/api/tables/{table_id}/close")]
    email = by_key[("PUT", "/api/me/email")]
    # The answers a random case may miss, as explicit examples: the creator closes, an
    # address is given, a known language and game, a signed-in player's next table. With
    # more endpoints in the app the generated cases alone left one or two of these at their
    # refusals in some runs (i18n/{lang}, leaderboard/{game}, me/next).
    seeds = (
        {"case": close.Case(path_parameters={"table_id": where.closable}), "who": "fuzzer"},
        {"case": email.Case(body={"email": "keeper@example.org", "turn_notices": True},
                            media_type="application/json"), "who": "registered"},
        {"case": by_key[("GET", "/api/i18n/{lang}")].Case(path_parameters={"lang": "de"}),
         "who": "fuzzer"},
        {"case": by_key[("GET", "/api/leaderboard/{game}")].Case(
            path_parameters={"game": "paris"}), "who": "fuzzer"},
        {"case": by_key[("GET", "/api/me/next")].Case(), "who": "registered"},
    )
    statuses = fuzz_operations(where, operations, 200, seeds)
    unreached = {op for op in NEWER_OPERATIONS
                 if not any(200 <= code < 300 for code in statuses.get(op, ()))}
    assert not unreached, {op: statuses.get(op) for op in unreached}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def _forged(player_id: int) -> str:
    """A cookie for `player_id` signed with another secret."""
    from belle.server.accounts.sessions import Sessions

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
    assert response.status_code in (400, 401, 413)  # 413: over the body limit, unread


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

"""The catalogue endpoint and Accept-Language negotiation (issue 10 item 6)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from belle.i18n import LANGUAGES, catalogue


def test_a_named_catalogue_is_served_as_json(client: TestClient) -> None:
    """Issue 10 item 6: the server serves a language's catalogue, parsed from its .po."""
    response = client.get("/api/i18n/de")
    assert response.status_code == 200
    body = response.json()
    assert body["lang"] == "de" and body["languages"] == LANGUAGES
    assert body["messages"]["Open tables"] == "Offene Tische"
    assert response.headers["content-language"] == "de"
    assert client.get("/api/i18n/en").json()["messages"] == {}


def test_an_unknown_language_is_a_clear_404(client: TestClient) -> None:
    """Issue 10 item 6: a clear 404 for an unknown language."""
    response = client.get("/api/i18n/xx")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found" and "de" in error["message"]


def test_the_first_visit_follows_accept_language(client: TestClient) -> None:
    """Issue 10 item 6: the browser chooses by Accept-Language."""
    cases = {
        "fr-CH, fr;q=0.9, en;q=0.8": "fr", "de-AT": "de", "ja, es;q=0.5": "es",
        "ja": "en", "": "en",
    }
    for header, lang in cases.items():
        response = client.get("/api/i18n", headers={"Accept-Language": header})
        assert response.json()["lang"] == lang, header


def test_the_players_choice_beats_accept_language(client: TestClient) -> None:
    """Issue 10 item 6: the player can switch (the menu's cookie wins); a bad cookie is ignored."""
    client.cookies.set(catalogue.COOKIE, "es")
    assert client.get("/api/i18n", headers={"Accept-Language": "de"}).json()["lang"] == "es"
    client.cookies.set(catalogue.COOKIE, "klingon")
    assert client.get("/api/i18n", headers={"Accept-Language": "de"}).json()["lang"] == "de"


def test_quality_orders_and_zero_excludes() -> None:
    """Issue 10 item 6: q-values are honoured, q=0 means 'not this one'."""
    assert catalogue.negotiate("de;q=0.2, fr;q=0.7") == "fr"
    assert catalogue.negotiate("de;q=0, es") == "es"
    assert catalogue.negotiate("de;q=0") == "en"


@given(st.text(max_size=200))
def test_any_accept_language_header_negotiates_a_known_language(header: str) -> None:
    """Issue 10 item 6 (bad input): no header can break negotiation."""
    assert catalogue.negotiate(header) in LANGUAGES

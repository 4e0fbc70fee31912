"""Caps per client address (issue 17, session 6, item 2): six guest names from one
address opened sixty tables and flooded the lobby. Now one address picks at most
`Limits.names_per_address_hour` new names an hour and has at most
`Limits.open_tables_per_address` tables waiting for players; both are refused with a
sentence the browser translates (a template and its values). IPv6 addresses count by
their /64 for every per-address limit (item 8)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from belle.server import Limits
from belle.server.addresses import client_key
from belle.server.errors import ServerError

from .kit import FAST, make_app, new_table, seat, sign_in, start


def with_caps(**caps: int) -> Limits:
    fields = {f: getattr(FAST, f) for f in FAST.__dataclass_fields__}
    return Limits(**{**fields, **caps})


@pytest.fixture
def capped(db_url: str) -> Iterator[TestClient]:
    app = make_app(db_url, limits=with_caps(names_per_address_hour=3,
                                            open_tables_per_address=4))
    with TestClient(app) as client:
        yield client


def test_an_address_picks_a_few_new_names_an_hour(capped: TestClient) -> None:
    ann = sign_in(capped, "ann", "a good password")
    sign_in(capped, "bob")
    sign_in(capped, "cid")
    refused = capped.post("/api/session", json={"name": "dee"})
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "rate_limited"
    assert error["template"].startswith("too many new names from your address")
    assert 1 <= error["params"]["minutes"] <= 60
    assert capped.get("/api/players/dee").status_code == 404  # nothing was created
    # a name one has is not a new name: signing in to it again still works
    again = sign_in(capped, "ann", "a good password")
    assert again.id == ann.id


def test_an_address_has_a_few_tables_waiting_for_players(capped: TestClient) -> None:
    ann, bob = sign_in(capped, "ann"), sign_in(capped, "bob")
    tables = [new_table(ann), new_table(ann), new_table(bob), new_table(bob)]
    refused = bob.post("/api/tables", {"game": "paris", "players": 2})
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "too_many_tables" and error["params"] == {"most": 4}
    assert len(capped.get("/api/tables?status=open").json()) == 4  # nothing was created
    # a table that started (or closed) no longer waits: the address may open another
    cid = sign_in(capped, "cid")
    for index, person in enumerate((ann, bob, cid)):
        seat(person, tables[0], index)
    start(ann, tables[0])
    assert ann.post(f"/api/tables/{tables[1]}/close").status_code == 200
    new_table(bob)
    new_table(cid)
    assert cid.post("/api/tables", {"game": "paris", "players": 2}).status_code == 429


def test_the_caps_are_on_by_default_and_set_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from belle.server.app import _limits

    assert Limits().names_per_address_hour == 10
    assert Limits().open_tables_per_address == 10
    monkeypatch.setenv("BELLE_NAMES_PER_ADDRESS", "0")
    monkeypatch.setenv("BELLE_OPEN_TABLES_PER_ADDRESS", "3")
    limits = _limits(None)
    assert limits.names_per_address_hour == 0 and limits.open_tables_per_address == 3


def test_refusals_are_sentences_with_values() -> None:
    """The browser translates a refusal by its template (tests/i18n checks that every
    template is in the catalogues); the English names no internals."""
    error = ServerError("rate_limited", "too many new names from your address: try again "
                                        "in {minutes} min, or sign in with a name you have",
                        params={"minutes": 12})
    assert "12 min" in error.message and error.to_json()["error"]["params"] == {"minutes": 12}


# -- addresses ---------------------------------------------------------------------
@pytest.mark.parametrize(("host", "key"), [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
    ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::ffff:198.51.100.4", "198.51.100.4"),
    ("fe80::1%eth0", "fe80::/64"),
    ("testclient", "testclient"),
    (None, "unknown"),
    ("", "unknown"),
])
def test_an_ipv6_client_counts_by_its_64(host: str | None, key: str) -> None:
    assert client_key(host) == key


@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_every_address_of_a_64_has_one_key(prefix: int, low: int, other: int) -> None:
    first = str(ipaddress.IPv6Address((prefix << 64) | low))
    second = str(ipaddress.IPv6Address((prefix << 64) | other))
    if ipaddress.IPv6Address(first).ipv4_mapped is None:
        assert client_key(first) == client_key(second)
        assert client_key(first).endswith("/64")

"""Confirmation e-mails cannot bomb a mailbox (issue 17, session 6, item 6): every
`PUT /api/me/email` with a new address sends one, so they are capped — 3 an hour per
player and per recipient, 10 per client address (`Limits.emails_per_hour`,
`emails_per_address_hour`); one more is 429 `rate_limited`, nothing is stored and no
e-mail leaves. Through a local SMTP sink."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.server import Limits, create_app

from .kit import FAST, SECRET, Person, sign_in
from .notifykit import smtp_sink
from .test_notify_mail import config, mailer

VICTIM = "victim@example.org"


def limits(**caps: int) -> Limits:
    fields = {f: getattr(FAST, f) for f in FAST.__dataclass_fields__}
    return Limits(**{**fields, **caps})


@pytest.fixture
def mail_client(request: pytest.FixtureRequest, db_url: str) -> Iterator[tuple[TestClient, Any]]:
    caps = getattr(request, "param", {})
    with smtp_sink() as (sink, port):
        app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=limits(**caps),
                         mail=config(port))
        with TestClient(app) as client:
            yield client, sink


def put(person: Person, email: str) -> Any:
    return person.client.put("/api/me/email", headers=person.headers,
                             json={"email": email, "turn_notices": True})


def sent_to(client: TestClient, sink: Any) -> list[str]:
    assert mailer(client).wait_idle(30)
    return [to[0] for to, _message in sink.messages]


def test_three_confirmations_an_hour_per_player(mail_client: tuple[TestClient, Any]) -> None:
    client, sink = mail_client
    di = sign_in(client, "Di", "di-password")
    for index in range(3):
        assert put(di, f"di{index}@example.org").status_code == 200
    refused = put(di, VICTIM)
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "rate_limited" and error["template"].startswith(
        "too many confirmation e-mails")
    assert di.get("/api/me/email").json()["email"] == "di2@example.org"  # unchanged
    assert sent_to(client, sink) == [f"di{i}@example.org" for i in range(3)]
    # the same unconfirmed address again would send again: refused too; forgetting the
    # address sends nothing and is not refused
    assert put(di, "di2@example.org").status_code == 429
    assert di.client.put("/api/me/email", headers=di.headers,
                         json={"email": None}).status_code == 200


def test_three_confirmations_an_hour_to_one_recipient(
        mail_client: tuple[TestClient, Any]) -> None:
    """Many accounts naming one victim's address: the victim gets three e-mails."""
    client, sink = mail_client
    attackers = [sign_in(client, f"bomber{i}", "a password") for i in range(5)]
    answers = [put(person, VICTIM.upper() if i % 2 else VICTIM).status_code
               for i, person in enumerate(attackers)]
    assert answers == [200, 200, 200, 429, 429]
    assert len(sent_to(client, sink)) == 3


@pytest.mark.parametrize("mail_client", [{"emails_per_address_hour": 4}], indirect=True)
def test_confirmations_are_capped_per_client_address(
        mail_client: tuple[TestClient, Any]) -> None:
    client, sink = mail_client
    people = [sign_in(client, f"p{i}", "a password") for i in range(5)]
    answers = [put(person, f"p{i}@example.org").status_code
               for i, person in enumerate(people)]
    assert answers == [200, 200, 200, 200, 429]
    assert len(sent_to(client, sink)) == 4


def test_a_verified_address_set_again_sends_nothing_and_is_not_counted(
        mail_client: tuple[TestClient, Any]) -> None:
    client, sink = mail_client
    di = sign_in(client, "Di", "di-password")
    assert put(di, "di@example.org").status_code == 200
    app: Any = client.app
    assert app.state.notifier.notices.verify_contact(di.id, "di@example.org")
    for _ in range(5):  # turning notices on and off is free
        response = put(di, "di@example.org")
        assert response.status_code == 200 and not response.json()["verification_sent"]
    assert sent_to(client, sink) == ["di@example.org"]

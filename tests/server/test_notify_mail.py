"""'Your turn' e-mails through a local SMTP sink (issue 10 item 4, tested as item 7's
"the e-mail path"): one message per new turn to a player who gave an address and asked
for it, at turn-based tables only; nothing to others, nothing at live tables; a dead
SMTP server neither fails the move nor puts a secret in the log."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.server import create_app
from belle.server.notices.mail import MailConfig, MailConfigError, Mailer, mail_config

from .kit import FAST, SECRET, Person, sign_in
from .notifykit import Game, free_port, new_table, smtp_sink, started

PUBLIC = "https://belle.example.org"
ANN, BOB = "ann@example.org", "bob@example.org"


SINKS: list[Any] = []  # the sink of the running test (confirmation links arrive there)


def config(port: int, **extra: Any) -> MailConfig:
    return MailConfig("127.0.0.1", port, "plain", "Belle <belle@example.org>", PUBLIC, **extra)


@pytest.fixture
def sink_client(db_url: str) -> Iterator[tuple[TestClient, Any]]:
    with smtp_sink() as (sink, port):
        SINKS.append(sink)
        app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, mail=config(port))
        with TestClient(app) as client:
            yield client, sink


def mailer(client: TestClient) -> Mailer:
    app: Any = client.app
    found = app.state.notifier.mailer
    assert isinstance(found, Mailer)
    return found


def three_players(client: TestClient) -> list[Person]:
    """Ann (address, turn notices on), Bob (address, turn notices off), Cy (a guest)."""
    ann = sign_in(client, "Ann", "ann-password")
    bob = sign_in(client, "Bob", "bob-password")
    cy = sign_in(client, "Cy")
    for person, address, wanted in ((ann, ANN, True), (bob, BOB, False)):
        response = person.client.put("/api/me/email", headers=person.headers,
                                     json={"email": address, "turn_notices": wanted})
        assert response.status_code == 200, response.text
        assert response.json()["verification_sent"] is True
        app: Any = client.app  # confirmed as the link does (tested on its own below)
        assert app.state.notifier.notices.verify_contact(person.id, address)
    assert mailer(client).wait_idle(30)
    for sink in SINKS:  # the confirmation e-mails are not what these tests count
        sink.messages.clear()
    return [ann, bob, cy]


def settle(game: Game, client: TestClient) -> None:
    """Every turn change so far noted (the notifier writes them in batches) and every
    e-mail it queued sent."""
    game.barrier()
    flush_notices(client)
    assert mailer(client).wait_idle(30), "the mail thread did not finish"


def flush_notices(client: TestClient) -> None:
    """Write the turn changes the notifier batches, on the app's own event loop."""
    app: Any = client.app
    portal: Any = client.portal  # type: ignore[attr-defined]
    portal.call(app.state.notifier.flush)


def test_a_new_turn_at_a_turn_based_table_sends_one_email(
    sink_client: tuple[TestClient, Any],
) -> None:
    """Issue 10 item 4: the player whose turn it now is, with an address and turn
    notices on, gets exactly one e-mail per turn (not one per step), with the game, the
    table and its link; opted-out players and guests without an address get none."""
    client, sink = sink_client
    people = three_players(client)
    table_id = new_table(people[0], "turn")
    with started(people, table_id) as game:
        game.play_until(lambda: 0 in game.starts)  # Ann's first turn has begun
        settle(game, client)
        assert len(sink.messages) == 1
        recipients, message = sink.messages[0]
        assert recipients == [ANN]
        assert message["To"] == ANN
        assert message["From"] == "Belle <belle@example.org>"
        assert message["Subject"] == f"Your turn at Paris Connection — table {table_id}"
        assert f"{PUBLIC}/table/{table_id}" in message.get_content()

        steps = len(game.starts)
        game.play_until(lambda: len(game.starts) > steps or game.last is None)
        settle(game, client)  # Ann's turn took several steps and passed on: no more mail
        assert len(sink.messages) == 1

        game.play_until(lambda: len(game.starts) >= 7)  # everyone has had turns since
        settle(game, client)
        assert [r for r, _ in sink.messages] == [[ANN]] * game.starts.count(0)
        assert ANN not in game.everything_sent() and BOB not in game.everything_sent()


def test_a_live_table_sends_no_email(sink_client: tuple[TestClient, Any]) -> None:
    """Issue 10 item 4: e-mail notices are for turn-based tables only."""
    client, sink = sink_client
    people = three_players(client)
    with started(people, new_table(people[0], "live")) as game:
        game.play_until(lambda: len(game.starts) >= 4 and 0 in game.starts)
        settle(game, client)
    assert sink.messages == []


def test_a_dead_smtp_server_does_not_fail_the_move(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 10 item 4: with the SMTP server down the game goes on; the failure is
    logged without the password or the recipient's address."""
    caplog.set_level(logging.INFO, logger="belle.server.mail")
    down = config(free_port(), username="mailer", password="s3cret-smtp-pass")
    app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, mail=down)
    with TestClient(app) as client:
        people = three_players(client)
        with started(people, new_table(people[0], "turn")) as game:
            game.play_until(lambda: 0 in game.starts)
            settle(game, client)
            failures = [r for r in caplog.records if "could not send the turn" in r.getMessage()]
            assert len(failures) == 1
            game.play_until(lambda: game.starts.count(0) == 2)  # Ann moved: the game goes on
            settle(game, client)
    text = caplog.text
    assert "s3cret-smtp-pass" not in text and ANN not in text and "mailer" not in text.lower()


def test_the_email_is_sent_with_a_login(db_url: str) -> None:
    """Issue 10 item 4: smtp://user:pass@host logs in before sending."""
    logins: list[tuple[bytes, bytes]] = []

    def authenticator(_server: Any, _session: Any, _envelope: Any, _mechanism: str,
                      auth_data: Any) -> Any:
        from aiosmtpd.smtp import AuthResult

        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=True)

    with smtp_sink(authenticator=authenticator, auth_require_tls=False) as (sink, port):
        login = config(port, username="mailer", password="pass word")
        app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, mail=login)
        with TestClient(app) as client:
            people = three_players(client)
            sink.messages.clear()
            logins.clear()
            with started(people, new_table(people[0], "turn")) as game:
                game.play_until(lambda: 0 in game.starts)
                settle(game, client)
    assert logins == [(b"mailer", b"pass word")]
    assert [r for r, _ in sink.messages] == [[ANN]]


@pytest.mark.parametrize("url", [
    "ftp://user:pw-secret@mail.example.org", "smtp://user:pw-secret@mail.example.org:99999",
    "smtp://user:pw-secret@", "smtp://user:pw-secret@mail.example.org/path",
])
def test_bad_smtp_settings_are_refused_without_repeating_the_password(url: str) -> None:
    """Issue 10 item 4: bad BELLE_SMTP_URL stops with a clear message, no secret in it."""
    with pytest.raises(MailConfigError) as caught:
        mail_config(url, "belle@example.org", env={})
    assert "pw-secret" not in str(caught.value) and "BELLE_SMTP_URL" in str(caught.value)


def test_smtp_settings_from_the_environment() -> None:
    """Issue 10 item 4: the scheme picks the security, ports default by it, the
    sender is required, and no SMTP URL means no e-mail."""
    env = {"BELLE_SMTP_URL": "smtps://me%40host:p%3Ass@mail.example.org",
           "BELLE_MAIL_FROM": "Belle <belle@example.org>",
           "BELLE_PUBLIC_URL": "https://belle.example.org/"}
    found = mail_config(env=env)
    assert found is not None
    assert (found.host, found.port, found.security) == ("mail.example.org", 465, "tls")
    assert (found.username, found.password) == ("me@host", "p:ss")
    assert found.public_url == "https://belle.example.org" and "p:ss" not in repr(found)
    starttls = mail_config("smtp+starttls://mail.example.org", env=env)
    assert starttls is not None and (starttls.port, starttls.security) == (587, "starttls")
    assert mail_config(env={}) is None
    with pytest.raises(MailConfigError, match="BELLE_MAIL_FROM"):
        mail_config("smtp://mail.example.org", env={})


def test_an_unconfirmed_address_gets_only_its_confirmation(
    sink_client: tuple[TestClient, Any],
) -> None:
    """Issue 17: no notice reaches an address before its owner opens the signed link; a
    forged or stale link is refused."""
    client, sink = sink_client
    di = sign_in(client, "Di", "di-password")
    response = di.client.put("/api/me/email", headers=di.headers,
                             json={"email": "di@example.org", "turn_notices": True})
    assert response.json()["verified"] is False and response.json()["verification_sent"]
    assert mailer(client).wait_idle(30)
    assert [to for to, _m in sink.messages] == [["di@example.org"]]
    assert "Confirm" in sink.messages[0][1]["Subject"]
    forged = di.client.get("/api/me/email/verify?token=forged", follow_redirects=False)
    assert forged.status_code == 400 and forged.json()["error"]["code"] == "bad_email"
    assert di.get("/api/me/email").json()["verified"] is False
    link = sink.messages[0][1].get_content().split(PUBLIC, 1)[1].split()[0]
    opened = di.client.get(link, follow_redirects=False)
    assert opened.status_code == 303 and di.get("/api/me/email").json()["verified"] is True
    di.client.put("/api/me/email", headers=di.headers, json={"email": "other@example.org"})
    stale = di.client.get(link, follow_redirects=False)  # the address changed since
    assert stale.status_code == 400

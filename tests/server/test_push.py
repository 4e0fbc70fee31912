"""Web Push "your turn" notices, end to end (issue 20 item 6): a local push endpoint
plays the browser's push service; it decrypts what the server sent with the keys the
"browser" subscribed with (RFC 8291 aes128gcm, http_ece) and checks the VAPID signature
(RFC 8292); e-mail stays the fallback."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient

from belle.server import create_app
from belle.server.notices.mail import MailConfig

from .kit import FAST, SECRET, Person, sign_in
from .notifykit import Game, new_table, smtp_sink, started

ANN = "ann@example.org"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on 127.0.0.1: keeps every request; answers `status`."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                service.received.append((self.path, headers, body))
                self.send_response(service.status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@contextmanager
def push_service() -> Iterator[PushService]:
    service = PushService()
    thread = threading.Thread(target=service.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        service.server.shutdown()
        service.server.server_close()


class Browser:
    """What a browser's PushManager makes: a key pair and an auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(point),
                                                    "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> Any:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


@pytest.fixture
def push_client(db_url: str, monkeypatch: pytest.MonkeyPatch
                ) -> Iterator[tuple[TestClient, PushService, Any]]:
    monkeypatch.setenv("BELLE_PUSH_INSECURE", "1")  # the local service speaks plain HTTP
    with push_service() as service, smtp_sink() as (sink, port):
        mail = MailConfig("127.0.0.1", port, "plain", "Belle <belle@example.org>",
                          "https://belle.example.org")
        app = create_app(db_url, bot_delay=0.0, secret=SECRET, limits=FAST, mail=mail)
        with TestClient(app) as client:
            yield client, service, sink


def settle(game: Game, client: TestClient) -> None:
    """Every turn change noted, every push under way delivered, every e-mail sent."""
    app: Any = client.app
    portal: Any = client.portal  # type: ignore[attr-defined]
    game.barrier()
    portal.call(app.state.notifier.flush)
    portal.call(app.state.pusher.flush)
    assert app.state.notifier.mailer.wait_idle(30)


def people_with_ann_subscribed(client: TestClient, service: PushService,
                               sink: Any) -> tuple[list[Person], Browser]:
    ann = sign_in(client, "Ann", "ann-password")
    others = [sign_in(client, "Bob"), sign_in(client, "Cy")]
    ann.client.put("/api/me/email", headers=ann.headers,
                   json={"email": ANN, "turn_notices": True})
    app: Any = client.app
    assert app.state.notifier.notices.verify_contact(ann.id, ANN)
    assert app.state.notifier.mailer.wait_idle(30)
    sink.messages.clear()  # the confirmation e-mail
    browser = Browser(f"{service.url}/push/ann-phone")
    answer = client.put("/api/me/push", headers=ann.headers, json=browser.subscription())
    assert answer.status_code == 200, answer.text
    return [ann, *others], browser



def test_a_turn_is_pushed_encrypted_and_signed_and_not_emailed(
        push_client: tuple[TestClient, PushService, Any]) -> None:
    client, service, sink = push_client
    people, browser = people_with_ann_subscribed(client, service, sink)
    key = client.get("/api/push/key").json()["public_key"]
    table_id = new_table(people[0], "turn")
    with started(people, table_id) as game:
        game.play_until(lambda: game.to_move() == 0)
        settle(game, client)
    assert service.received, "nothing reached the push service"
    path, headers, body = service.received[0]
    assert path == "/push/ann-phone"
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    assert browser.decrypt(body) == {"kind": "turn", "table": table_id,
                                     "game": "paris_connection", "title": "Paris Connection",
                                     "url": f"/table/{table_id}"}
    scheme, _, params = headers["authorization"].partition(" ")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert scheme == "vapid" and fields["k"] == key
    signed, _, signature = fields["t"].rpartition(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    public.verify(encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:])),
                  signed.encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(unb64url(signed.split(".")[1]))
    assert claims["aud"] == service.url and claims["sub"].startswith("mailto:")
    assert [m for m in sink.messages if ANN in m[0]] == []  # pushed: no e-mail


def test_a_gone_subscription_is_forgotten_and_email_is_the_fallback(
        push_client: tuple[TestClient, PushService, Any]) -> None:
    client, service, sink = push_client
    people, _browser = people_with_ann_subscribed(client, service, sink)
    service.status = 410  # the browser unsubscribed
    table_id = new_table(people[0], "turn")
    with started(people, table_id) as game:
        game.play_until(lambda: game.to_move() == 0)
        settle(game, client)
    assert service.received
    assert any(ANN in rcpt for rcpt, _message in sink.messages), "no fallback e-mail"
    app: Any = client.app
    assert app.state.pusher.subscriptions.of_player(people[0].id) == []


def test_the_vapid_key_is_made_on_the_first_start_and_kept(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'keys.db'}"
    keys = []
    for _ in range(2):
        with TestClient(create_app(url, secret=SECRET, limits=FAST)) as client:
            keys.append(client.get("/api/push/key").json()["public_key"])
    assert keys[0] == keys[1]
    assert len(unb64url(keys[0])) == 65 and unb64url(keys[0])[0] == 4  # an uncompressed point


def test_bad_subscriptions_are_refused(client: TestClient) -> None:
    ann = sign_in(client, "Ann")
    good = Browser("https://push.example.org/abc").subscription()
    assert client.put("/api/me/push", json=good).status_code == 401  # not signed in
    for bad in ({**good, "endpoint": "http://10.0.0.1/internal"},  # not https
                {**good, "endpoint": "file:///etc/passwd"},
                {"endpoint": good["endpoint"]},  # no keys
                {**good, "keys": {"p256dh": "", "auth": "x"}}):
        answer = client.put("/api/me/push", headers=ann.headers, json=bad)
        assert answer.status_code == 400, bad
    assert client.put("/api/me/push", headers=ann.headers, json=good).status_code == 200
    gone = client.request("DELETE", "/api/me/push", headers=ann.headers,
                          json={"endpoint": good["endpoint"]})
    assert gone.json() == {"subscribed": False, "removed": True}


def test_the_app_shell_is_served(client: TestClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["service-worker-allowed"] == "/"
    assert "showNotification" in worker.text
    manifest = client.get("/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    assert manifest.json()["start_url"] == "/" and manifest.json()["icons"]
    assert "offline" in client.get("/offline").text.lower()

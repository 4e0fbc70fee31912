"""Accounts (issue 17, points 5 and 7): server-side sessions that logout and a password
change revoke, the current password to change it, password guessing throttled per
account, argon2 on its own bounded pool, names normalised (NFKC, no bidi controls) and
refused when they look like a registered player's (TR39 skeletons), chat without bidi
controls."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from belle.server.accounts.sessions import Sessions
from belle.storage.models import players

from .kit import SECRET, Person, sign_in

PASSWORD = "correct horse battery staple"


def hub_of(client: TestClient) -> Any:
    app: Any = client.app
    return app.state.hub


def test_a_cookie_is_worth_nothing_after_logout(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    stolen = Person(client, "thief", ann.token)
    assert stolen.get("/api/me").status_code == 200
    assert ann.post("/api/logout").status_code == 200
    assert stolen.get("/api/me").status_code == 401
    with stolen.socket("/ws/lobby") as sock:
        sock.hello()
        sock.send({"type": "chat", "text": "it is me"})
        sock.expect_error("not_signed_in")


def test_a_password_change_needs_the_current_one_and_ends_other_sessions(
    client: TestClient,
) -> None:
    ann = sign_in(client, "ann", PASSWORD)
    laptop = sign_in(client, "ann", PASSWORD)  # a second browser of hers
    stolen = Person(client, "thief", laptop.token)
    refused = stolen.post("/api/password", {"password": "mine now"})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "bad_password"
    wrong = stolen.post("/api/password", {"password": "mine now", "current": "guess"})
    assert wrong.status_code == 401
    changed = ann.post("/api/password", {"password": "a new one", "current": PASSWORD})
    assert changed.status_code == 200, changed.text
    assert ann.get("/api/me").status_code == 200  # the browser that changed it stays in
    assert stolen.get("/api/me").status_code == 401  # every other one is out
    assert client.post("/api/session", json={"name": "ann", "password": PASSWORD}
                       ).status_code == 401
    client.cookies.clear()
    assert sign_in(client, "ann", "a new one").name == "ann"


def test_a_guest_keeps_a_name_without_a_current_password(client: TestClient) -> None:
    bob = sign_in(client, "bob")
    kept = bob.post("/api/password", {"password": PASSWORD})
    assert kept.status_code == 200 and kept.json()["player"]["registered"]


def test_logout_everywhere(client: TestClient) -> None:
    phone, laptop = sign_in(client, "cy", PASSWORD), sign_in(client, "cy", PASSWORD)
    assert phone.post("/api/logout", {"everywhere": True}).status_code == 200
    assert phone.get("/api/me").status_code == 401
    assert laptop.get("/api/me").status_code == 401


def test_password_guessing_is_throttled_per_account(client: TestClient) -> None:
    sign_in(client, "dee", PASSWORD)
    throttle = hub_of(client).login_throttle
    codes = []
    for guess in range(int(throttle.accounts.burst) + 2):
        response = client.post("/api/session", json={"name": "dee", "password": f"no{guess}"})
        codes.append(response.json()["error"]["code"])
        client.cookies.clear()
    assert codes[0] == "bad_password" and codes[-1] == "rate_limited"
    assert "try again in" in client.post(
        "/api/session", json={"name": "dee", "password": PASSWORD}).json()["error"]["message"]
    # another account is not held up by dee's guessers
    client.cookies.clear()
    sign_in(client, "eve", PASSWORD)


def test_argon2_runs_on_a_bounded_pool(client: TestClient) -> None:
    pool = hub_of(client).passwords
    assert pool.executor is not hub_of(client).db.executor
    pool.most = 0  # as if every worker and waiting place were taken
    try:
        busy = client.post("/api/session", json={"name": "fay", "password": PASSWORD})
        assert busy.status_code == 429 and busy.json()["error"]["code"] == "rate_limited"
    finally:
        pool.most = 9
    client.cookies.clear()
    assert sign_in(client, "fay", PASSWORD).name == "fay"


def test_an_old_cookie_signs_a_guest_in_once_then_is_exchanged(client: TestClient) -> None:
    guest = sign_in(client, "gus")
    registered = sign_in(client, "hal", PASSWORD)
    with hub_of(client).store.engine.begin() as conn:  # as the migration leaves them
        conn.execute(update(players).values(legacy_cookie=True))
    hub_of(client).players.forget(guest.id)
    old = Sessions(SECRET)
    as_before = Person(client, "gus", old.token(guest.id))
    me = as_before.get("/api/me")
    assert me.status_code == 200 and me.json()["player"]["name"] == "gus"
    new_cookie = me.cookies.get("belle_session")
    client.cookies.clear()
    assert new_cookie and Person(client, "gus", new_cookie).get("/api/me").status_code == 200
    assert as_before.get("/api/me").status_code == 401  # the old kind is retired now
    assert Person(client, "hal", old.token(registered.id)).get("/api/me").status_code == 401


def test_names_are_normalised_and_look_alikes_of_registered_names_refused(
    client: TestClient,
) -> None:
    sign_in(client, "regina", PASSWORD)
    client.cookies.clear()
    for look_alike in ("reɡina", "regіna", "rеgina"):  # U+0261, Ukrainian і, Cyrillic е
        response = client.post("/api/session", json={"name": look_alike})
        assert response.status_code == 409, look_alike
        assert "regina" in response.json()["error"]["message"]
    fullwidth = client.post("/api/session", json={"name": "ｒｅｇｉｎａ"})  # NFKC: regina
    assert fullwidth.status_code == 401 and fullwidth.json()["error"]["code"] == "bad_password"
    reversed_name = client.post("/api/session", json={"name": "An\u202ena"})
    assert reversed_name.status_code == 200
    assert reversed_name.json()["player"]["name"] == "Anna"
    client.cookies.clear()
    assert sign_in(client, "reginald").name == "reginald"  # a different name is fine


def test_a_guest_cannot_keep_a_look_alike_name(client: TestClient) -> None:
    early = sign_in(client, "pau1")  # a guest first …
    sign_in(client, "paul", PASSWORD)  # … then paul registers (TR39: 1 looks like l)
    refused = early.post("/api/password", {"password": PASSWORD})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "name_taken"


def test_bidi_controls_are_stripped_from_chat(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    with ann.socket("/ws/lobby") as sock:
        sock.hello()
        sock.send({"type": "chat", "text": "hello \u202edlrow\u202c and \u2067more\u2069"})
        line = sock.until(lambda m: m.get("kind") == "chat")
    assert line["text"] == "hello dlrow and more"


def test_the_secret_may_come_from_belle_secret_key(
    db_url: str, monkeypatch: Any,
) -> None:
    from belle.server import create_app
    from belle.server.accounts.sessions import Token

    key = "from-the-environment-" + "k" * 30
    monkeypatch.setenv("BELLE_SECRET_KEY", key)
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        cookie = client.post("/api/session", json={"name": "kim"}).cookies["belle_session"]
    assert isinstance(Sessions(key).read(cookie), Token)
    assert Sessions(SECRET).read(cookie) is None

"""Security (issue 9, item 4), a test per rule: the seat binding is checked on every
message (no action for another seat, ever: sockets, chat commands, HTTP); secrets never
reach a log line or an error; cookies are signed, HttpOnly and SameSite; pages carry a
Content-Security-Policy; passwords are stored as argon2 hashes."""

from __future__ import annotations

import base64
import json
import logging
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.server.accounts.sessions import COOKIE, Sessions, Token
from belle.server.http import headers, pages

from .kit import SECRET, Person, Sock, guest, make_app, new_table, seat, sign_in, start

PASSWORD = "correct horse battery staple"


def db_file(client: TestClient) -> str:
    url: str = client.app.state.hub.store.url  # type: ignore[attr-defined]
    return url.removeprefix("sqlite:///")


def first_sync(sock: Sock) -> dict[str, Any]:
    message = sock.hello()
    assert message["type"] == "sync"
    return message


def mover_sync(socks: dict[int, Sock]) -> tuple[int, dict[str, Any]]:
    """The seat to move and its latest message with legal actions."""
    for index, sock in socks.items():
        message = next((m for m in reversed(sock.seen) if m.get("legal")), None)
        if message is not None and message.get("to_move") == index:
            return index, message
    raise AssertionError("nobody may move")


def error_of(sock: Sock, message: Any) -> dict[str, Any]:
    sock.send(message)
    return sock.until(lambda m: m["type"] in ("error", "notice"), limit=50)


def seated_table(client: TestClient, players: int = 3) -> tuple[int, list[Person]]:
    people = [sign_in(client, f"seat{i}") for i in range(players)]
    table_id = new_table(people[0], players)
    for index, person in enumerate(people):
        seat(person, table_id, index)
    start(people[0], table_id)
    return table_id, people


# -- the seat binding --------------------------------------------------------------
def test_no_action_for_another_seat_over_the_socket(client: TestClient) -> None:
    table_id, people = seated_table(client)
    outsider = sign_in(client, "outsider")
    path = f"/ws/table/{table_id}"
    with (people[0].socket(path) as s0, people[1].socket(path) as s1,
          people[2].socket(path) as s2, outsider.socket(path) as out,
          guest(client).socket(path) as anon):
        socks = {0: s0, 1: s1, 2: s2}
        for sock in (*socks.values(), out, anon):
            first_sync(sock)
        for _ in range(6):  # a few turns: each time every other member tries the move
            mover, message = mover_sync(socks)
            version = message["version"]
            for legal in message["legal"][:5]:
                action = legal["json"]
                for index, sock in socks.items():
                    if index == mover:
                        continue
                    for extra in ({}, {"seat": mover}, {"player": mover}, {"as": mover}):
                        body = {"type": "action", "version": version, "action": action, **extra}
                        refused = error_of(sock, body)
                        assert refused["code"] == "not_your_turn", refused
                        assert refused["version"] == version
                assert error_of(out, {"type": "action", "version": version,
                                      "action": action})["code"] == "not_seated"
                assert error_of(anon, {"type": "action", "version": version,
                                       "action": action})["code"] == "not_signed_in"
            actor = client.app.state.hub.actors[table_id]  # type: ignore[attr-defined]
            assert actor.version == version  # nothing was played
            socks[mover].send({"type": "action", "version": version,
                               "action": message["legal"][0]["json"]})
            played = (mover, version)
            socks[mover].until(lambda m, p=played: m.get("kind") == "action"  # type: ignore[misc]
                               and m["player"] == p[0] and m["version"] > p[1])
            for sock in socks.values():  # everyone has the new position
                sock.send({"type": "ping"})
                sock.until(lambda m: m["type"] == "pong")


def test_chat_commands_move_only_the_sender(client: TestClient) -> None:
    ann, bob, carl = (sign_in(client, name) for name in ("ann", "bob", "carl"))
    table_id = new_table(ann)
    seat(ann, table_id, 0)
    seat(bob, table_id, 1)

    def seats() -> list[str | None]:
        return [s["name"] for s in ann.get(f"/api/tables/{table_id}").json()["seats"]]

    with carl.socket(f"/ws/table/{table_id}") as sock, carl.socket("/ws/lobby") as lobby, \
            bob.socket(f"/ws/table/{table_id}") as bob_sock:
        first_sync(sock)
        lobby.hello()
        first_sync(bob_sock)
        refusals = {
            "/join 0": "table_full", "/join 1": "table_full", "/leave": "not_seated",
            "/bot greedy 0": "not_host", "/bot greedy 2": "not_host", "/start": "not_host",
        }
        for command, code in refusals.items():
            assert error_of(sock, {"type": "chat", "text": command})["code"] == code, command
            words = command.split()
            lobby_command = " ".join([words[0], str(table_id), *words[1:]])
            assert error_of(lobby, {"type": "chat", "text": lobby_command})["code"] == code
        assert error_of(bob_sock, {"type": "chat", "text": "/bot greedy 0"})["code"] == (
            "not_host")  # seated, but only the host (Ann) manages the table
        assert seats() == ["ann", "bob", None]
        bob_sock.send({"type": "chat", "text": "/leave"})  # leaves bob's seat, no other
        bob_sock.until(lambda m: m["type"] == "notice")
        assert seats() == ["ann", None, None]
        seat(bob, table_id, 1)
        seat(carl, table_id, 2)
        start(ann, table_id)
        for command in ("/join 0", "/leave"):
            assert error_of(sock, {"type": "chat", "text": command})["code"] == "not_open"
        assert error_of(sock, {"type": "chat", "text": "/bot greedy 1"})["code"] == "not_host"
    assert seats() == ["ann", "bob", "carl"]


def test_http_endpoints_move_only_the_sender(client: TestClient) -> None:
    ann, bob, carl = (sign_in(client, name) for name in ("ann", "bob", "carl"))
    table_id = new_table(ann)
    seat(ann, table_id, 0)
    seat(bob, table_id, 1)
    base = f"/api/tables/{table_id}"

    def code(response: Any) -> str:
        value: str = response.json()["error"]["code"]
        return value

    assert code(carl.post(f"{base}/join", {"seat": 0})) == "table_full"
    assert code(carl.post(f"{base}/leave")) == "not_seated"
    assert code(carl.post(f"{base}/bots", {"bot": "greedy", "seat": 2})) == "not_host"
    assert code(carl.delete(f"{base}/bots/0")) == "not_host"
    assert code(ann.delete(f"{base}/bots/0")) == "bad_options"  # a person is no bot
    assert code(ann.post(f"{base}/bots", {"bot": "greedy", "seat": 0})) == "table_full"
    assert code(bob.post(f"{base}/bots", {"bot": "greedy", "seat": 2})) == "not_host"
    assert code(carl.post(f"{base}/start")) == "not_host"
    assert code(client.post(f"{base}/join", json={})) == "not_signed_in"
    assert code(bob.get(f"{base}/view?seat=0")) == "not_seated"  # ann's view is ann's
    assert code(bob.get(f"{base}/replay?seat=0")) == "not_seated"
    assert code(client.get(f"{base}/view?seat=1")) == "not_seated"
    seats = [s["name"] for s in ann.get(base).json()["seats"]]
    assert seats == ["ann", "bob", None]
    # no HTTP endpoint plays an action: moves go through the table's socket only
    paths = client.app.openapi()["paths"]  # type: ignore[attr-defined]
    assert not [p for p in paths if re.search(r"/(actions?|moves?|play)(/|$)", p)]


def test_hidden_information_is_absent_from_errors(client: TestClient) -> None:
    """Refusals say what is wrong with the request, never what another seat holds: the
    same refusal whatever the action, and only the keys of an error."""
    table_id, people = seated_table(client)
    path = f"/ws/table/{table_id}"
    with people[0].socket(path) as s0, people[1].socket(path) as s1, \
            people[2].socket(path) as s2:
        socks = {0: s0, 1: s1, 2: s2}
        for sock in socks.values():
            first_sync(sock)
        mover, message = mover_sync(socks)
        other = (mover + 1) % 3
        seen = {json.dumps({k: v for k, v in error_of(
            socks[other], {"type": "action", "version": message["version"],
                           "action": legal["json"]}).items()}, sort_keys=True)
                for legal in message["legal"]}
        assert len(seen) == 1, seen
        refusal = json.loads(seen.pop())
        assert set(refusal) == {"type", "code", "message", "version"}
        view = message["view"]
        private = {k: v for k, v in view.items() if k in ("portfolio", "hand", "me")}
        for value in private.values():
            assert json.dumps(value) not in refusal["message"]


# -- secrets -----------------------------------------------------------------------
def test_secrets_are_absent_from_logs_and_errors(tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # everything, SQL statements included
    caplog.set_level(logging.INFO, logger="sqlalchemy.engine")
    bodies: list[str] = []
    with TestClient(make_app(f"sqlite:///{tmp_path / 'secrets.db'}"),
                    raise_server_exceptions=False) as client:
        ann = sign_in(client, "ann", PASSWORD)
        bob = sign_in(client, "bob")
        carl = sign_in(client, "carl")
        for attempt in ({"name": "ann", "password": "wrong password"}, {"name": "ann"},
                     {"name": "ann", "password": [PASSWORD]}, {"name": PASSWORD * 3},
                     {"name": "dan", "password": "x"}):
            bodies.append(client.post("/api/session", json=attempt).text)
        bodies.append(bob.post("/api/password", {"password": PASSWORD + "!"}).text)
        bodies.append(bob.post("/api/password", {"password": 123}).text)
        token = ann.token or ""
        tampered = Person(client, "ann", token[:-6] + ("xx" if token[-6:-4] != "xx" else "yy")
                          + token[-4:])
        bodies.append(tampered.get("/api/me").text)
        table_id = new_table(ann)
        for index, person in enumerate((ann, bob, carl)):
            seat(person, table_id, index)
        start(ann, table_id)
        with ann.socket(f"/ws/table/{table_id}") as sock, \
                tampered.socket(f"/ws/table/{table_id}") as forged:
            first_sync(sock)
            first_sync(forged)
            for frame in ('{"type":"action","version":0,"action":{"type":"nope"}}',
                          "not json", '{"type":"chat","text":"/join 0"}',
                          json.dumps({"type": "action", "version": 999, "action": None})):
                sock.send(frame)
                forged.send(frame)
            for s in (sock, forged):
                s.send({"type": "ping"})
                s.until(lambda m: m["type"] == "pong")
            bodies += [json.dumps(m) for m in sock.seen + forged.seen]
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        hashes = [p.password_hash for p in (store.get_player_by_name("ann"),
                                             store.get_player_by_name("bob"))]
        seed = store.get_table(table_id).seed
    assert all(h and h.startswith("$argon2") for h in hashes)
    candidates = [SECRET, PASSWORD, *hashes, ann.token, bob.token, carl.token]
    hidden: list[str] = [c for c in candidates if c]
    assert len(hidden) == len(candidates)
    logged = "\n".join(
        f"{r.getMessage()} {r.exc_text or ''} {r.args!r}" for r in caplog.records
    ) + caplog.text
    assert caplog.records  # the scenario did log (SQL statements at DEBUG, at least)
    for value in hidden:
        assert value not in logged, value[:12]
        for body in bodies:
            assert value not in body, (value[:12], body[:200])
    assert str(seed) not in "\n".join(bodies)  # the table's seed, never sent


# -- cookies -----------------------------------------------------------------------
def test_a_tampered_cookie_signs_nobody_in(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    bob = sign_in(client, "bob")
    token = ann.token or ""
    payload, *rest = token.split(".")
    as_bob = base64.urlsafe_b64encode(json.dumps({"p": bob.id}).encode()).decode().rstrip("=")
    forgeries = [
        # a changed signature (not its last character: base64 ignores its low bits)
        token[:-5] + ("A" if token[-5] != "A" else "B") + token[-4:],
        ".".join([as_bob, *rest]),  # another player's id under ann's signature
        Sessions("another secret " + "z" * 30).token(bob.id),  # signed with another key
        payload, "", "x" * 5000, token + token,
    ]
    for forged in forgeries:
        person = Person(client, "?", forged)
        response = person.get("/api/me")
        assert response.status_code == 401, forged
        assert response.json()["error"]["code"] == "not_signed_in"
        table = person.post("/api/tables", {"game": "paris", "players": 2})
        assert table.status_code == 401
        with person.socket("/ws/lobby") as sock:
            sock.hello()
            assert error_of(sock, {"type": "chat", "text": "hi"})["code"] == "not_signed_in"
    assert ann.get("/api/me").json()["player"]["name"] == "ann"  # the real one works


def test_the_cookie_is_signed_httponly_and_samesite(client: TestClient) -> None:
    response = client.post("/api/session", json={"name": "ann"})
    header = response.headers["set-cookie"]
    client.cookies.clear()
    attributes = {part.strip().split("=")[0].lower(): part.strip()
                  for part in header.split(";")}
    assert header.startswith(f"{COOKIE}=")
    assert "httponly" in attributes
    assert attributes["samesite"].lower() == "samesite=lax"
    assert attributes["path"] == "Path=/"
    assert "secure" not in attributes  # plain http in the test; https below
    value = header.split(";")[0].split("=", 1)[1].strip('"')
    assert isinstance(Sessions(SECRET).read(value), Token)  # a signed session token
    assert Sessions("not the secret " + "q" * 30).read(value) is None
    secure = TestClient(client.app, base_url="https://testserver")
    header = secure.post("/api/session", json={"name": "bob"}).headers["set-cookie"]
    assert "secure" in header.lower() and "httponly" in header.lower()
    logout = client.post("/api/logout").headers["set-cookie"]
    assert "httponly" in logout.lower() and "samesite=lax" in logout.lower()


def test_a_cross_site_socket_is_refused(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    from starlette.websockets import WebSocketDisconnect

    headers = {**ann.headers, "origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect("/ws/lobby", headers=headers) as session:
        session.receive_text()
    assert refused.value.code == 1008


# -- pages -------------------------------------------------------------------------
def test_every_response_carries_the_content_security_policy(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    table_id = new_table(ann)
    static = sorted(p.name for p in (pages.WEB / "js").glob("*.js"))[:1]
    paths = ["/", f"/table/{table_id}", "/rules.html", "/api/games", "/api/tables",
             "/no/such/page", "/api/me", *[f"/static/js/{name}" for name in static]]
    for path in paths:
        response = client.get(path)
        assert response.headers["content-security-policy"] == headers.CSP, path
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["referrer-policy"] == "same-origin"
    policy = dict(part.strip().split(" ", 1) for part in headers.CSP.split(";"))
    assert policy["script-src"] == "'self'"  # no inline scripts, no other origin
    assert policy["default-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"


def test_pages_have_no_inline_script() -> None:
    for page in pages.WEB.glob("*.html"):
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert not re.search(r"\son[a-z]+\s*=", html), page.name  # no onclick= handlers


# -- passwords ---------------------------------------------------------------------
def test_passwords_are_stored_as_argon2_hashes(client: TestClient) -> None:
    ann = sign_in(client, "ann", PASSWORD)
    bob = sign_in(client, "bob")
    assert bob.post("/api/password", {"password": PASSWORD + " 2"}).status_code == 200
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    for name in ("ann", "bob"):
        stored = store.get_player_by_name(name).password_hash
        assert stored.startswith("$argon2id$"), stored
        assert PASSWORD not in stored
    ann_hash = store.get_player_by_name("ann").password_hash
    assert ann_hash != store.get_player_by_name("bob").password_hash  # salted
    if store.is_sqlite:  # the whole database, as text: no plain password anywhere
        with sqlite3.connect(db_file(client)) as db:
            dump = "\n".join(db.iterdump())
        assert PASSWORD not in dump
    client.cookies.clear()
    assert client.post("/api/session", json={"name": "ann", "password": PASSWORD}
                       ).status_code == 200
    client.cookies.clear()
    assert client.post("/api/session", json={"name": "ann", "password": "wrong!"}
                       ).status_code == 401
    assert ann.get("/api/me").json()["player"]["registered"] is True


def test_a_socket_through_a_proxy_on_another_port_passes_the_origin_check(
    client: TestClient,
) -> None:
    """nginx with `proxy_set_header Host $http_host` (docs/deploy.md) keeps the port the
    browser used, which its Origin names too; `$host` would drop it and refuse the page."""
    headers = {"host": "belle.example.org:8443", "origin": "https://belle.example.org:8443"}
    with client.websocket_connect("/ws/lobby", headers=headers) as session:
        session.send_text('{"type": "hello"}')
        assert json.loads(session.receive_text())["type"] == "sync"
    dropped = {"host": "belle.example.org", "origin": "https://belle.example.org:8443"}
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect("/ws/lobby", headers=dropped) as session:
        session.receive_text()

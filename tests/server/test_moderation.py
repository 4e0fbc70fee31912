"""Moderation (issue 20 item 7): blocks, reports of chat lines, and the operator's page
behind its password (mute, ban, close a table)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from belle.server.accounts.passwords import hash_password
from belle.storage.moderation import Moderation

from .friendskit import code, private_game_over, private_table
from .kit import Person, add_bot, new_table, seat, sign_in, start

OPERATOR_PASSWORD = "a long operator password"


def operator(client: TestClient) -> dict[str, str]:
    """Set the operator's password (as `belle admin password` does) and sign in."""
    app: Any = client.app
    Moderation(app.state.hub.store.engine).set_operator_password_hash(
        hash_password(OPERATOR_PASSWORD))
    answer = client.post("/api/admin/session", json={"password": OPERATOR_PASSWORD})
    assert answer.status_code == 200, answer.text
    cookie = answer.cookies.get("belle_operator")
    client.cookies.clear()
    return {"cookie": f"belle_operator={cookie}"}


def say(person: Person, table_id: int, text: str) -> dict[str, Any]:
    with person.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        sock.send({"type": "chat", "text": text})
        return sock.until(lambda m: m.get("kind") == "chat" or m["type"] == "error")


def test_a_blocked_player_cannot_join_your_table_nor_write_to_you(client: TestClient) -> None:
    ann, bob, cy = sign_in(client, "ann"), sign_in(client, "bob"), sign_in(client, "cy")
    assert ann.post("/api/me/blocks", {"name": "BOB"}).json() == {"blocked": ["bob"]}
    mine = new_table(ann)
    refused = bob.post(f"/api/tables/{mine}/join")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "blocked"
    seat(cy, mine)  # others may
    assert ann.get(f"/api/tables/{mine}").json()["seats"][2]["kind"] == "empty"
    # At Bob's own table where Ann sits, Bob cannot write to her.
    his = new_table(bob)
    seat(ann, his)
    said = say(bob, his, "hello ann")
    assert said["type"] == "error" and said["code"] == "blocked"
    assert say(cy, his, "hello all")["kind"] == "chat"
    assert ann.delete("/api/me/blocks/bob").json() == {"blocked": []}
    seat(bob, mine)
    assert ann.post("/api/me/blocks", {"name": "ann"}).status_code == 400
    assert ann.post("/api/me/blocks", {"name": "nobody"}).status_code == 404


def test_a_blocked_player_cannot_invite_nor_follow_the_blocker(client: TestClient) -> None:
    """Issue 20 item 7: a block refuses the blocked player's invitations by name and
    follows, and ends an earlier follow, so the blocked player no longer sees the
    blocker's presence or tables (as on Board Game Arena and lichess)."""
    ann, bob, cy = sign_in(client, "ann"), sign_in(client, "bob"), sign_in(client, "cy")
    assert bob.post("/api/follows", {"name": "ann"}).status_code == 200
    assert [f["name"] for f in bob.get("/api/friends").json()["following"]] == ["ann"]
    with bob.socket("/ws/lobby") as lobby:
        lobby.hello()
        assert ann.post("/api/me/blocks", {"name": "bob"}).status_code == 200
        lobby.until(lambda m: m["type"] == "friends", limit=20)  # his panel re-reads
    assert bob.get("/api/friends").json()["following"] == []
    refused = bob.post("/api/follows", {"name": "ann"})
    assert refused.status_code == 403 and code(refused) == "blocked"
    assert refused.json()["error"]["message"] == "ann has blocked you: you cannot follow them"
    assert bob.get("/api/friends").json()["following"] == []
    his = private_table(bob)
    invited = bob.post(f"/api/tables/{his}/invitations", {"name": "ann"})
    assert invited.status_code == 403 and code(invited) == "blocked"
    assert ann.get("/api/friends").json()["invitations"] == []
    assert bob.post(f"/api/tables/{his}/invitations", {"name": "cy"}).status_code == 200
    # the blocker may still follow and invite the one she blocked
    assert ann.post("/api/follows", {"name": "bob"}).status_code == 200
    assert ann.post(f"/api/tables/{private_table(ann)}/invitations",
                    {"name": "bob"}).status_code == 200
    assert cy.post("/api/follows", {"name": "ann"}).status_code == 200  # others are free
    assert ann.delete("/api/me/blocks/bob").status_code == 200
    assert bob.post("/api/follows", {"name": "ann"}).status_code == 200


def test_a_block_refuses_a_rematch_either_way(client: TestClient) -> None:
    """A rematch would seat them together again: neither the blocked player nor the
    blocker may offer or accept it, and an offer made before the block is no longer
    listed to the one who blocked."""
    ann, bob, table_id = private_game_over(client)
    assert bob.post(f"/api/tables/{table_id}/rematch").json()["accepted"] == [1]
    assert ann.get("/api/friends").json()["rematches"] == [{"table": table_id, "by": "bob"}]
    assert ann.post("/api/me/blocks", {"name": "bob"}).status_code == 200
    assert ann.get("/api/friends").json()["rematches"] == []
    mine = ann.post(f"/api/tables/{table_id}/rematch")
    assert mine.status_code == 403 and code(mine) == "blocked"
    assert mine.json()["error"]["message"] == ("you have blocked a player of this game: "
                                               "unblock them to play again with them")
    assert bob.post(f"/api/tables/{table_id}/rematch").json()["table"] is None  # his, kept
    assert bob.delete(f"/api/tables/{table_id}/rematch").status_code == 200
    his = bob.post(f"/api/tables/{table_id}/rematch")
    assert his.status_code == 403 and code(his) == "blocked"
    assert ann.delete("/api/me/blocks/bob").status_code == 200
    assert bob.post(f"/api/tables/{table_id}/rematch").json()["accepted"] == [1]
    assert isinstance(ann.post(f"/api/tables/{table_id}/rematch").json()["table"], int)


def test_reporting_a_chat_line(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table_id = new_table(ann)
    line = say(bob, table_id, "a rude line")
    assert isinstance(line["id"], int)
    first = ann.post(f"/api/chat/{line['id']}/report", {"reason": "rude"})
    assert first.json() == {"reported": True, "new": True}
    assert ann.post(f"/api/chat/{line['id']}/report", {}).json()["new"] is False
    assert bob.post(f"/api/chat/{line['id']}/report", {}).status_code == 400  # his own
    assert ann.post("/api/chat/999999/report", {}).status_code == 404
    assert client.post(f"/api/chat/{line['id']}/report", json={}).status_code == 401
    long = ann.post(f"/api/chat/{line['id']}/report", {"reason": "x" * 301})
    assert long.status_code == 413
    reports = client.get("/api/admin/reports", headers=operator(client)).json()["reports"]
    assert [(r["author"], r["text"], r["reporter"], r["reason"], r["table_id"])
            for r in reports] == [("bob", "a rude line", "ann", "rude", table_id)]


def test_the_operator_mutes_bans_and_closes(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    assert client.get("/api/admin/reports").status_code == 401
    no = client.post("/api/admin/session", json={"password": "guess"})
    assert no.json()["error"]["code"] == "not_ready"  # no password set yet
    headers = operator(client)
    wrong = client.post("/api/admin/session", json={"password": "guess"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_password"
    table_id = new_table(ann)
    muted = client.post("/api/admin/players/bob", headers=headers, json={"muted": True})
    assert muted.json() == {"name": "bob", "muted": True, "banned": False}
    said = say(bob, table_id, "still here")
    assert said["type"] == "error" and said["code"] == "muted"
    client.post("/api/admin/players/bob", headers=headers, json={"muted": False, "banned": True})
    assert bob.get("/api/me").status_code == 401  # signed out everywhere
    again = client.post("/api/session", json={"name": "bob"})
    assert again.status_code == 403 and again.json()["error"]["code"] == "banned"
    client.cookies.clear()
    listed = client.get("/api/admin/reports", headers=headers).json()["sanctions"]
    assert listed == [{"name": "bob", "muted": False, "banned": True}]
    client.post("/api/admin/players/bob", headers=headers, json={"banned": False})
    assert bob.get("/api/me").status_code == 200
    assert client.post("/api/admin/players/nobody", headers=headers,
                       json={"muted": True}).status_code == 404
    # Close an open table, stop a running one.
    closed = client.post(f"/api/admin/tables/{table_id}/close", headers=headers)
    assert closed.json() == {"table": table_id, "status": "closed"}
    running = new_table(ann)
    seat(ann, running)
    add_bot(ann, running)
    add_bot(ann, running)
    start(ann, running)
    stopped = client.post(f"/api/admin/tables/{running}/close", headers=headers)
    assert stopped.json()["status"] == "aborted"
    assert client.get(f"/api/tables/{running}").json()["status"] == "aborted"
    twice = client.post(f"/api/admin/tables/{running}/close", headers=headers)
    assert twice.status_code == 409
    assert client.post(f"/api/admin/tables/{running}/close").status_code == 401

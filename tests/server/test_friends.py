"""Playing with friends (issue 20, items 1 and 2): private tables that exist only for their
members, invitations by name and by link (signed, revocable, single-use), follows and
presence in the friends panel, and playing a finished table again (its rematch: the
other people are invited, a private table's rematch is private)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from .friendskit import code, listed, private_game_over, private_table
from .kit import Person, guest, seat, sign_in, start, table_actor


def test_a_private_table_exists_only_for_its_members(client: TestClient) -> None:
    host, friend, stranger = (sign_in(client, n) for n in ("host", "friend", "stranger"))
    table_id = private_table(host)
    nobody = guest(client)
    assert table_id in listed(host)
    for outsider in (stranger, nobody):
        assert table_id not in listed(outsider)
        for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/replay",
                     f"/api/tables/{table_id}/members"):
            response = outsider.get(path)
            assert response.status_code == 404 and code(response) == "not_found", path
        assert response.json()["error"]["message"] == f"there is no table {table_id}"
    assert code(stranger.post(f"/api/tables/{table_id}/join", {})) == "not_found"
    with stranger.socket(f"/ws/table/{table_id}") as sock:
        assert sock.recv()["code"] == "not_found"
    with stranger.socket("/ws/lobby") as lobby:
        sync = lobby.hello()
        assert table_id not in {t["id"] for t in sync["tables"]}
        lobby.send({"type": "chat", "text": f"/join {table_id}"})
        lobby.expect_error("not_found")
    # invited by name: the friend sees it, sits down; the stranger still does not
    assert code(host.post(f"/api/tables/{table_id}/invitations", {"name": "nobody"})) \
        == "not_found"
    assert host.post(f"/api/tables/{table_id}/invitations",
                     {"name": "friend"}).status_code == 200
    assert table_id in listed(friend) and table_id not in listed(stranger)
    invitations = friend.get("/api/friends").json()["invitations"]
    assert invitations == [{"table": table_id, "by": "host"}]
    assert code(stranger.post(f"/api/tables/{table_id}/invitations",
                              {"name": "stranger"})) == "not_found"
    seat(friend, table_id, 1)
    members = host.get(f"/api/tables/{table_id}/members").json()
    assert [m["name"] for m in members["members"]] == ["host", "friend"]
    assert members["links"] == []
    assert "links" not in friend.get(f"/api/tables/{table_id}/members").json()


def test_an_invitation_link_seats_a_first_time_guest(client: TestClient) -> None:
    host = sign_in(client, "host")
    table_id = private_table(host)
    assert code(host.post(f"/api/tables/{table_id}/links", {"single_use": "yes"})) == "malformed"
    once = host.post(f"/api/tables/{table_id}/links", {"single_use": True}).json()
    many = host.post(f"/api/tables/{table_id}/links", {}).json()
    assert once["url"] == f"/invite/{once['token']}" and once["single_use"] is True
    page = client.get(once["url"])
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    # a guest who arrives for the first time: reads the invitation, picks a name, sits
    shown = client.get(f"/api/invite/{once['token']}").json()
    assert shown["table"]["id"] == table_id and shown["single_use"] is True
    assert code(client.post(f"/api/invite/{once['token']}")) == "not_signed_in"
    newcomer = sign_in(client, "newcomer")
    joined = newcomer.post(f"/api/invite/{once['token']}").json()
    assert joined["seats"][0]["name"] == "newcomer"
    assert table_id in listed(newcomer)
    # spent: nobody else gets in through it; its first user may come back
    late = sign_in(client, "late")
    assert code(late.post(f"/api/invite/{once['token']}")) == "not_found"
    assert newcomer.post(f"/api/invite/{once['token']}").status_code == 200
    assert table_id not in listed(late)
    # forged or tampered tokens, and revoked links, open nothing
    for token in ("nonsense", once["token"][:-2] + "xx", "a" * 500):
        assert code(late.get(f"/api/invite/{token}")) == "not_found"
    assert code(late.delete(f"/api/tables/{table_id}/links/{many['id']}")) == "not_found"
    for beyond in (2**31, 7_819_844_704_401):  # past a database integer (PostgreSQL refused it)
        assert code(host.delete(f"/api/tables/{table_id}/links/{beyond}")) == "not_found"
    assert host.delete(f"/api/tables/{table_id}/links/{many['id']}").status_code == 200
    assert code(late.post(f"/api/invite/{many['token']}")) == "not_found"
    assert host.get(f"/api/tables/{table_id}/members").json()["links"] == []


def test_friends_see_each_other_online_and_at_their_tables(client: TestClient) -> None:
    ann, bob, cy = (sign_in(client, n) for n in ("ann", "bob", "cy"))
    app: Any = client.app
    presence = app.state.hub.friends.presence
    assert code(bob.post("/api/follows", {"name": "bob"})) == "bad_options"
    assert bob.post("/api/follows", {"name": "ann"}).status_code == 200
    assert bob.post("/api/follows", {"name": "cy"}).status_code == 200
    public = ann.post("/api/tables", {"game": "paris_connection", "players": 3}).json()["id"]
    secret = private_table(cy)
    with bob.socket("/ws/lobby") as panel:
        assert panel.hello()["type"] == "sync"  # its follows are known from here on
        with ann.socket(f"/ws/table/{public}") as at_public, \
                cy.socket(f"/ws/table/{secret}") as at_secret:
            at_public.hello()  # answered: the socket is counted
            at_secret.hello()
            client.portal.call(presence.flush)  # what the worker's task does within 0.25 s
            panel.until(lambda m: m["type"] == "friends", limit=20)  # the panel re-reads
            friends = {f["name"]: f for f in bob.get("/api/friends").json()["following"]}
            assert friends["ann"]["online"] and friends["ann"]["tables"] == [public]
            assert friends["cy"]["online"] and friends["cy"]["tables"] == []  # not bob's
    for _ in range(100):  # the server closes its side of the sockets in its own time
        client.portal.call(presence.flush)
        friends = {f["name"]: f for f in bob.get("/api/friends").json()["following"]}
        if not friends["ann"]["online"] and not friends["cy"]["online"]:
            break
        time.sleep(0.02)
    assert not friends["ann"]["online"] and not friends["cy"]["online"]
    assert bob.delete("/api/follows/cy").status_code == 200
    assert code(bob.delete("/api/follows/cy")) == "not_found"
    assert [f["name"] for f in bob.get("/api/friends").json()["following"]] == ["ann"]


def test_the_friends_panel_shows_the_turn_based_tables_waiting_for_a_friend(
        client: TestClient) -> None:
    """Issue 20 item 2: `waiting` lists a followed player's turn-based tables waiting for
    their move that the reader may see — a private one only for its members."""
    ann, bob, cy = (sign_in(client, n) for n in ("ann", "bob", "cy"))
    public = ann.post("/api/tables", {"game": "paris_paris", "players": 2,
                                      "mode": "turn"}).json()["id"]
    secret = private_table(ann, "paris_paris", 2)
    assert ann.post(f"/api/tables/{secret}/invitations", {"name": "bob"}).status_code == 200
    live = ann.post("/api/tables", {"game": "paris_paris", "players": 2}).json()["id"]
    for table_id in (public, live):
        seat(ann, table_id, 0)
        seat(bob, table_id, 1)
        start(ann, table_id)
    people = {0: ann, 1: bob}
    movers = {t: people[table_actor(client, t).state.current_player()] for t in (public, live)}
    for person in (ann, bob):
        assert cy.post("/api/follows", {"name": person.name}).status_code == 200
    assert bob.post("/api/follows", {"name": "ann"}).status_code == 200
    assert ann.post("/api/follows", {"name": "bob"}).status_code == 200
    notifier: Any = client.app.state.notifier  # type: ignore[attr-defined]
    for _ in range(50):  # the notifier writes turn changes in batches
        client.portal.call(notifier.flush)
        if movers[public].get("/api/friends").json()["waiting_for_you"]:
            break
        time.sleep(0.02)
    seen = {f["name"]: f["waiting"] for f in cy.get("/api/friends").json()["following"]}
    assert seen == {p.name: [public] if movers[public] is p else [] for p in (ann, bob)}
    # a private turn-based table: its members see it waiting, an outsider does not
    turn_secret = private_table_turn(ann, bob)
    secret_mover = people[table_actor(client, turn_secret).state.current_player()]
    for _ in range(50):
        client.portal.call(notifier.flush)
        if turn_secret in [w["table"] for w in
                           secret_mover.get("/api/friends").json()["waiting_for_you"]]:
            break
        time.sleep(0.02)
    outsider = {f["name"]: f["waiting"] for f in cy.get("/api/friends").json()["following"]}
    assert turn_secret not in outsider[secret_mover.name]
    member = bob if secret_mover is ann else ann  # who follows the mover and sits there
    assert turn_secret in next(f["waiting"] for f in
                               member.get("/api/friends").json()["following"])
    assert live not in [t for waiting in outsider.values() for t in waiting]  # live: never
    assert secret not in [t for waiting in outsider.values() for t in waiting]


def private_table_turn(host: Person, guest_: Person) -> int:
    """A private turn-based Paris Paris table of `host` and `guest_`, started."""
    table_id: int = host.post("/api/tables", {"game": "paris_paris", "players": 2,
                                              "mode": "turn", "private": True}).json()["id"]
    assert host.post(f"/api/tables/{table_id}/invitations",
                     {"name": guest_.name}).status_code == 200
    seat(host, table_id, 0)
    seat(guest_, table_id, 1)
    start(host, table_id)
    return table_id


def test_playing_again_is_the_rematch_and_invites_the_other_players(
        client: TestClient) -> None:
    """Issue 20 item 2 ("play again with these players") is the rematch: the first click
    invites the others (their lobby hears of it, their friends panel lists it), and a
    private table's rematch is private, open to the same people only."""
    ann, bob, table_id = private_game_over(client)
    stranger = sign_in(client, "stranger")
    assert client.post(f"/api/tables/{table_id}/again").status_code == 404  # one way only
    with bob.socket("/ws/lobby") as lobby:
        lobby.hello()
        offered = ann.post(f"/api/tables/{table_id}/rematch").json()
        assert offered["accepted"] == [0] and offered["table"] is None
        assert lobby.until(lambda m: m["type"] == "invited", limit=50)["table"] == table_id
    assert bob.get("/api/friends").json()["rematches"] == [{"table": table_id, "by": "ann"}]
    assert ann.get("/api/friends").json()["rematches"] == []  # not to the one who offered
    assert stranger.get("/api/friends").json()["rematches"] == []
    new_id = bob.post(f"/api/tables/{table_id}/rematch").json()["table"]
    assert isinstance(new_id, int)
    assert bob.get("/api/friends").json()["rematches"] == []  # accepted: no longer waiting
    new = table_actor(client, new_id).setup
    assert new.private and new.status == "running" and new.host_id == ann.id
    assert [s.name for s in new.seats] == ["ann", "bob"]
    assert new_id in listed(ann) and new_id in listed(bob) and new_id not in listed(stranger)
    assert code(stranger.get(f"/api/tables/{new_id}")) == "not_found"
    members = bob.get(f"/api/tables/{new_id}/members").json()["members"]
    assert [(m["name"], m["via"]) for m in members] == [("ann", "host"), ("bob", "again")]


def test_the_lobby_hears_of_a_private_table_only_as_a_member(client: TestClient) -> None:
    host, friend, stranger = (sign_in(client, n) for n in ("host", "friend", "stranger"))
    with friend.socket("/ws/lobby") as mine, stranger.socket("/ws/lobby") as theirs:
        mine.hello()
        theirs.hello()
        table_id = private_table(host)
        host.post(f"/api/tables/{table_id}/invitations", {"name": "friend"})
        told = mine.until(lambda m: m["type"] == "invited", limit=20)
        assert told["table"] == table_id
        seat(host, table_id, 0)
        changed = mine.until(lambda m: m["type"] == "table", limit=20)
        assert changed["table"]["id"] == table_id
        public = host.post("/api/tables", {"game": "paris_connection", "players": 3}).json()
        seen = theirs.until(lambda m: m["type"] == "event" and m["kind"] == "table", limit=20)
        assert seen["table"]["id"] == public["id"]  # the first table event: the public one
        assert all(m["table"]["id"] != table_id for m in theirs.seen
                   if isinstance(m.get("table"), dict))
        assert not [m for m in theirs.seen if m["type"] in ("invited", "table")]


def test_another_workers_personal_messages_reach_only_their_players(client: TestClient) -> None:
    """Several workers: a personal message or a presence change shared by another worker
    reaches the lobby sockets here of those it concerns, and nobody else's."""
    ann, bob, cy = (sign_in(client, n) for n in ("ann", "bob", "cy"))
    assert bob.post("/api/follows", {"name": "cy"}).status_code == 200
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with ann.socket("/ws/lobby") as mine, bob.socket("/ws/lobby") as theirs:
        mine.hello()
        theirs.hello()
        client.portal.call(hub.deliver, {"lobby": True, "kind": "personal", "w": "other",
                                         "players": [ann.id],
                                         "message": {"type": "invited", "table": 5}})
        assert mine.recv() == {"type": "invited", "table": 5}
        client.portal.call(hub.deliver, {"lobby": True, "kind": "presence", "w": "other",
                                         "player": cy.id})
        assert theirs.recv() == {"type": "friends"}  # bob follows cy; ann does not
        mine.send({"type": "ping"})
        assert mine.recv()["type"] == "pong"
        # another worker ended bob's follow of cy (cy blocked him): no more news of cy
        client.portal.call(hub.deliver, {"lobby": True, "kind": "followed", "w": "other",
                                         "player": bob.id, "followed": []})
        assert theirs.recv() == {"type": "friends"}  # his panel re-reads once
        client.portal.call(hub.deliver, {"lobby": True, "kind": "presence", "w": "other",
                                         "player": cy.id})
        theirs.send({"type": "ping"})
        assert theirs.recv()["type"] == "pong"

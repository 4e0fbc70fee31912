"""Starting a table with fewer players than its seats (REQ-PP-1, REQ-PP-2: in the Paris
Paris seed, 2 to 4 players type /join and "/start" starts the game; it is refused with
fewer than 2): the host starts once at least the game's fewest players are seated, the
empty seats are left out and the seated keep their order."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .kit import Sock, add_bot, seat, sign_in


def say(sock: Sock, text: str) -> None:
    sock.send({"type": "chat", "text": text})


def paris_paris_table(owner: Any, players: int) -> int:
    response = owner.post("/api/tables", {"game": "paris_paris", "players": players,
                                          "options": {}, "mode": "live"})
    assert response.status_code == 200, response.text
    table_id: int = response.json()["id"]
    return table_id


def test_join_and_start_in_the_chat_with_two_of_four_seats(client: TestClient) -> None:
    """REQ-PP-1/2: /start with one player seated is refused, with two it starts a
    two-player game; the seated keep their order and the empty seats are gone."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = paris_paris_table(anna, 4)
    assert anna.get(f"/api/tables/{table_id}").json()["min_players"] == 2
    with anna.socket(f"/ws/table/{table_id}") as a, bob.socket(f"/ws/table/{table_id}") as b:
        a.hello()
        b.hello()
        say(a, "/join 3")
        a.until(lambda m: m["type"] == "notice")
        say(a, "/start")
        refusal = a.expect_error("not_ready")
        assert refusal["notice"] == "too_few_seated"
        assert "At least 2 players must be seated to start; 1 are" in refusal["message"]
        say(b, "/join")  # the first free seat: 1
        b.until(lambda m: m["type"] == "notice")
        say(a, "/start")
        started = a.until(lambda m: m.get("kind") == "chat" and m.get("system", False)
                          and m.get("notice", "").startswith("started"))
        assert started["notice"] == "started_fewer" and started["params"] == {"players": 2}
        assert started["text"] == ("The game has started with 2 players: the empty seats "
                                   "are left out.")
    table = anna.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "running" and table["players"] == 2
    assert [s["name"] for s in table["seats"]] == ["Bob", "Anna"]  # seat 1, then seat 3
    record = anna.get(f"/api/tables/{table_id}/replay").json()
    assert record["seats"] == ["Bob", "Anna"]  # the engine's game has two players


def test_a_full_table_starts_as_before_and_too_few_are_refused(client: TestClient) -> None:
    anna = sign_in(client, "Anna")
    full = paris_paris_table(anna, 3)
    seat(anna, full, 0)
    add_bot(anna, full)
    add_bot(anna, full)
    assert anna.post(f"/api/tables/{full}/start").status_code == 200
    assert anna.get(f"/api/tables/{full}").json()["players"] == 3
    # Paris Connection needs 3: two of four seated is too few, and nothing changes
    response = anna.post("/api/tables", {"game": "paris_connection", "players": 4,
                                         "options": {}, "mode": "live"})
    table_id = response.json()["id"]
    seat(anna, table_id, 0)
    add_bot(anna, table_id)
    refused = anna.post(f"/api/tables/{table_id}/start")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_ready"
    table = anna.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "open" and table["players"] == 4
    add_bot(anna, table_id)
    assert anna.post(f"/api/tables/{table_id}/start").status_code == 200
    table = anna.get(f"/api/tables/{table_id}").json()
    assert table["players"] == 3 and [s["kind"] for s in table["seats"]] == [
        "human", "bot", "bot"]


def test_anyone_seated_starts_while_the_host_holds_no_seat(client: TestClient) -> None:
    """REQ-PP-1/2: "2 à 4 joueurs … /join. Démarrez le jeu avec /start": the players who
    joined start the game. A host who sits starts it (others are refused); a host who
    created the table without sitting does not hold it: anyone seated starts it."""
    anna, bob, carl = (sign_in(client, name) for name in ("Anna", "Bob", "Carl"))
    table_id = paris_paris_table(anna, 4)
    with bob.socket(f"/ws/table/{table_id}") as b, carl.socket(f"/ws/table/{table_id}") as c:
        b.hello()
        c.hello()
        say(b, "/join")
        b.until(lambda m: m["type"] == "notice")
        say(b, "/start")  # one seated: too few, whoever asks
        assert b.expect_error("not_ready")["notice"] == "too_few_seated"
        say(c, "/join")
        c.until(lambda m: m["type"] == "notice")
        say(c, "/start")
        started = c.until(lambda m: m.get("kind") == "chat" and m.get("system", False)
                          and m.get("notice", "").startswith("started"))
        assert started["params"] == {"players": 2}
    table = anna.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "running" and table["players"] == 2
    assert [s["name"] for s in table["seats"]] == ["Bob", "Carl"]
    assert table["host"] == "Anna"


def test_a_seated_host_alone_starts(client: TestClient) -> None:
    """The host who sits manages the table: another seated person's start is refused and
    changes nothing; once the host leaves the seat, the role (and the start) passes on."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = paris_paris_table(anna, 3)
    seat(anna, table_id, 0)
    seat(bob, table_id, 1)
    refused = bob.post(f"/api/tables/{table_id}/start")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_host"
    assert anna.get(f"/api/tables/{table_id}").json()["status"] == "open"
    assert anna.post(f"/api/tables/{table_id}/leave").status_code == 200
    assert anna.get(f"/api/tables/{table_id}").json()["host"] == "Bob"
    add_bot(bob, table_id)
    assert bob.post(f"/api/tables/{table_id}/start").status_code == 200


def test_join_typed_as_the_seed_writes_it_and_typed_again(client: TestClient) -> None:
    """The seed: "2 à 4 joueurs peuvent participer à une partie en tapant /join .
    Démarrez le jeu avec /start ." A full stop after the command is the sentence's, and
    a player who types /join again keeps the seat (it took the first free one)."""
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = paris_paris_table(anna, 4)
    with anna.socket(f"/ws/table/{table_id}") as a, bob.socket(f"/ws/table/{table_id}") as b:
        a.hello()
        b.hello()
        say(b, "/join .")
        assert b.until(lambda m: m["type"] == "notice")["params"] == {"seat": 1}
        say(b, "/join")
        assert b.until(lambda m: m["type"] == "notice")["params"] == {"seat": 1}
        say(a, "/join")
        assert a.until(lambda m: m["type"] == "notice")["params"] == {"seat": 2}
        say(a, "/start .")
        a.until(lambda m: m.get("kind") == "chat" and m.get("system", False)
                and m.get("notice", "").startswith("started"))
    table = anna.get(f"/api/tables/{table_id}").json()
    assert [s["name"] for s in table["seats"]] == ["Bob", "Anna"]

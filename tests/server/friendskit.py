"""Helpers for the tests of playing with friends (issue 20)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .kit import Person, add_bot, play, seat, sign_in, start


def code(response: Any) -> str:
    return str(response.json()["error"]["code"])


def private_table(owner: Person, game: str = "paris_connection", players: int = 3) -> int:
    response = owner.post("/api/tables", {"game": game, "players": players,
                                          "mode": "live", "private": True})
    assert response.status_code == 200, response.text
    assert response.json()["private"] is True
    table_id: int = response.json()["id"]
    return table_id


def listed(person: Person) -> set[int]:
    return {t["id"] for t in person.get("/api/tables").json()}


def finished_table(client: TestClient, person: Person, private: bool = False,
                   seed: int = 1) -> int:
    """A two-seat Paris Paris game `person` (seat 0) plays to the end against a bot."""
    body = {"game": "paris_paris", "players": 2, "private": private}
    table = person.post("/api/tables", body).json()["id"]
    seat(person, table, 0)
    add_bot(person, table, "random")
    with person.socket(f"/ws/table/{table}") as sock:
        first = sock.hello()
        start(person, table)
        play({0: sock}, sock, seed=seed, first=first)
    return int(table)


def private_game_over(client: TestClient) -> tuple[Person, Person, int]:
    """A private two-seat Paris Paris table of ann (host) and bob (invited by name),
    both resigned so stand-in bots play it to the end."""
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table_id = private_table(ann, "paris_paris", 2)
    assert ann.post(f"/api/tables/{table_id}/invitations", {"name": "bob"}).status_code == 200
    seat(ann, table_id, 0)
    seat(bob, table_id, 1)
    with ann.socket(f"/ws/table/{table_id}") as sock:
        sock.hello()
        start(ann, table_id)
        for person in (ann, bob):
            assert person.post(f"/api/tables/{table_id}/resign").status_code == 200
        sock.until(lambda m: m.get("kind") == "over", limit=2000)
    return ann, bob, table_id

"""Chat commands in the lobby (issue 3): /join ID [seat], /leave ID, /start ID,
/bot ID NAME [seat] and /help do what the buttons do, for the table they name."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .kit import Sock, guest, new_table, sign_in


def say(sock: Sock, text: str) -> None:
    sock.send({"type": "chat", "text": text})


def notice(sock: Sock) -> str:
    message = sock.until(lambda m: m["type"] in ("notice", "error"))
    assert message["type"] == "notice", message
    text: str = message["text"]
    return text


def summary(client: TestClient, table_id: int) -> Any:
    return client.get(f"/api/tables/{table_id}").json()


def test_lobby_help_lists_the_commands_with_a_table_number(client: TestClient) -> None:
    with guest(client).socket("/ws/lobby") as sock:
        sock.hello()
        say(sock, "/help")
        text = notice(sock)
    for command in ("/join ID [seat]", "/leave ID", "/start ID", "/bot ID NAME [seat]", "/help"):
        assert command in text
    assert "greedy" in text


def test_lobby_commands_run_the_named_table(client: TestClient) -> None:
    anna, bob = sign_in(client, "Anna"), sign_in(client, "Bob")
    table_id = new_table(anna)
    with anna.socket("/ws/lobby") as a, bob.socket("/ws/lobby") as b, \
            guest(client).socket("/ws/lobby") as watcher:
        for sock in (a, b, watcher):
            sock.hello()
        say(a, f"/join {table_id} 2")  # seats count from 1 in chat commands: index 1
        assert notice(a) == f"You sit at seat 2 of table {table_id}."
        update = watcher.until(lambda m: m.get("kind") == "table")["table"]
        assert update["id"] == table_id and update["seats"][1]["name"] == "Anna"
        say(b, f"/join #{table_id}")
        assert notice(b) == f"You sit at seat 1 of table {table_id}."
        say(a, f"/start {table_id}")
        a.expect_error("not_ready")
        say(b, f"/bot {table_id} greedy 3")  # only the host (Anna, who created it) may
        b.expect_error("not_host")
        say(a, f"/bot {table_id} greedy 3")
        assert notice(a) == f"A bot (greedy) sits down at table {table_id}."
        assert [s["kind"] for s in summary(client, table_id)["seats"]] == ["human", "human", "bot"]
        say(b, f"/leave {table_id}")
        assert notice(b) == f"You left your seat at table {table_id}."
        say(b, f"/join {table_id} 1")
        notice(b)
        say(a, f"/start {table_id}")
        assert notice(a) == f"The game at table {table_id} starts."
        running = watcher.until(lambda m: m.get("kind") == "table"
                                and m["table"]["status"] == "running")
        assert running["table"]["id"] == table_id
    assert summary(client, table_id)["status"] == "running"


def test_lobby_commands_are_refused_like_the_buttons(client: TestClient) -> None:
    anna, bob, eve = sign_in(client, "Anna"), sign_in(client, "Bob"), sign_in(client, "Eve")
    table_id = new_table(anna)
    with anna.socket("/ws/lobby") as a, bob.socket("/ws/lobby") as b, \
            eve.socket("/ws/lobby") as e, guest(client).socket("/ws/lobby") as g:
        for sock in (a, b, e, g):
            sock.hello()
        refusals: list[tuple[Sock, str, str]] = [
            (g, f"/join {table_id}", "not_signed_in"),
            (a, "/join", "malformed"),  # no table number
            (a, "/join paris", "malformed"),
            (a, f"/join {table_id} one", "malformed"),
            (a, "/join 999", "not_found"),
            (a, f"/leave {table_id}", "not_seated"),
            (a, f"/leave {table_id} {table_id}", "malformed"),
            (a, f"/bot {table_id}", "malformed"),  # no bot name
            (a, f"/bot {table_id} oracle", "bad_options"),
            (e, f"/bot {table_id} greedy", "not_host"),  # not the table's host
            (e, f"/start {table_id}", "not_host"),
            (a, f"/start {table_id}", "not_ready"),
            (a, f"/dance {table_id}", "malformed"),
        ]
        for sock, text, code in refusals:
            say(sock, text)
            sock.expect_error(code)
        assert all(s["kind"] == "empty" for s in summary(client, table_id)["seats"])
        say(a, f"/join {table_id} 1")
        notice(a)
        say(b, f"/join {table_id} 1")
        b.expect_error("table_full")
        say(a, "a plain line still goes to the lobby")
        line = e.until(lambda m: m.get("kind") == "chat")
        assert line["text"] == "a plain line still goes to the lobby"

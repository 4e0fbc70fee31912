"""The notice API (issue 10 item 4): a registered player's e-mail address with clear
errors for bad ones, and `GET /api/me/next`, the table waiting longest for my move."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from belle.server.errors import ServerError
from belle.server.notices.email import check_email

from .kit import Person, guest, sign_in
from .notifykit import Game, new_table, started


def put_email(person: Person, body: object) -> tuple[int, dict[str, object]]:
    response = person.client.put("/api/me/email", headers=person.headers, json=body)
    return response.status_code, response.json()


def test_a_registered_player_sets_reads_and_clears_an_address(client: TestClient) -> None:
    """Issue 10 item 4: the address and the opt-in are stored and read back."""
    ann = sign_in(client, "Ann", "ann-password")
    assert ann.get("/api/me/email").json() == {
        "email": None, "turn_notices": False, "verified": False, "mail_enabled": False,
    }
    status, body = put_email(ann, {"email": "  Ann.Lee+belle@Example.ORG ", "turn_notices": True})
    assert status == 200
    assert body["email"] == "Ann.Lee+belle@example.org"
    assert ann.get("/api/me/email").json()["email"] == "Ann.Lee+belle@example.org"
    assert put_email(ann, {"email": "ann@example.org", "turn_notices": False})[0] == 200
    assert ann.get("/api/me/email").json()["turn_notices"] is False
    assert put_email(ann, {"email": None})[0] == 200
    assert ann.get("/api/me/email").json() == {
        "email": None, "turn_notices": False, "verified": False, "mail_enabled": False,
    }


@pytest.mark.parametrize("address", [
    "no-at-sign", "ann@localhost", "ann@@example.org", "ann example@example.org",
    "ann@-bad.example.org", "ann@example..org", ".ann@example.org", "ann.@example.org",
    "ann@example.123", "a" * 65 + "@example.org", "ann@" + "a" * 250 + ".org",
    "ann@exämple.org", "ann\r\nBcc: x@example.org@example.org", 42,
])
def test_a_bad_address_is_refused_and_changes_nothing(client: TestClient, address: object) -> None:
    """Issue 10 item 4: a bad address gets a clear error; the stored one stays."""
    ann = sign_in(client, "Ann", "ann-password")
    assert put_email(ann, {"email": "ann@example.org"})[0] == 200
    status, body = put_email(ann, {"email": address})
    assert status == 400
    error = body["error"]
    assert isinstance(error, dict)
    assert error["code"] in ("bad_email", "malformed")
    assert ann.get("/api/me/email").json()["email"] == "ann@example.org"


def test_guests_and_strangers_may_not_give_an_address(client: TestClient) -> None:
    """Issue 10 item 4: only a registered player (a kept name) sets an address."""
    cy = sign_in(client, "Cy")
    status, body = put_email(cy, {"email": "cy@example.org"})
    assert status == 403 and body["error"] == {
        "code": "not_registered", "message": body["error"]["message"],  # type: ignore[index]
    }
    nobody = guest(client)
    assert put_email(nobody, {"email": "x@example.org"})[0] == 401
    assert nobody.get("/api/me/email").status_code == 401
    assert put_email(sign_in(client, "Di", "di-password"),
                     {"email": "d@example.org", "turn_notices": "yes"})[0] == 400


ATOM = st.text(alphabet="abcXYZ019!#$%&'*+/=?^_`{|}~-", min_size=1, max_size=8)
LABEL = st.from_regex(r"[a-zA-Z0-9]([a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?", fullmatch=True)
TLD = st.from_regex(r"[a-zA-Z]{2,6}", fullmatch=True)


@given(st.lists(ATOM, min_size=1, max_size=4), st.lists(LABEL, min_size=1, max_size=3), TLD)
def test_every_plain_address_is_accepted(atoms: list[str], labels: list[str], tld: str) -> None:
    """Issue 10 item 4 (parser property): dot-atoms @ a domain with a dot are accepted,
    the domain lower-cased."""
    local, domain = ".".join(atoms), ".".join([*labels, tld])
    assert check_email(f" {local}@{domain} ") == f"{local}@{domain.lower()}"


@given(st.text(max_size=80))
def test_anything_else_is_refused_or_normalised_for_good(raw: str) -> None:
    """Issue 10 item 4 (parser property): any text is refused with bad_email, or gives
    an address that checks as itself and has no space or line break."""
    try:
        address = check_email(raw)
    except ServerError as exc:
        assert exc.code == "bad_email"
        return
    assert check_email(address) == address
    assert not any(c.isspace() for c in address) and address.count("@") == 1


def test_next_lists_tables_waiting_for_me_the_oldest_first(client: TestClient) -> None:
    """Issue 10 item 4: /api/me/next gives the table that has waited longest for my
    move, never one where it is someone else's turn, and 'none' when nothing waits."""
    people = [sign_in(client, name) for name in ("Ann", "Bob", "Cy")]
    ann = people[0]
    assert ann.get("/api/me/next").json() == {"table": None, "waiting": 0, "tables": []}
    assert guest(client).get("/api/me/next").status_code == 401
    first, second = new_table(ann, "live"), new_table(ann, "turn")
    with started(people, first) as game_one:
        game_one.play_until(lambda: game_one.to_move() == 0)
        game_one.barrier()
        with started(people, second) as game_two:  # Ann's turn comes later there
            game_two.play_until(lambda: game_two.to_move() == 0)
            _waiting_order(people, game_one, game_two)


def _waiting_order(people: list[Person], game_one: Game, game_two: Game) -> None:
    """Ann is to move at both tables, at `game_one` for longer."""
    ann, bob = people[0], people[1]
    first, second = game_one.table_id, game_two.table_id
    game_one.barrier()
    game_two.barrier()
    waiting = ann.get("/api/me/next").json()
    assert waiting["table"]["id"] == first and waiting["waiting"] == 2
    assert [t["id"] for t in waiting["tables"]] == [first, second]
    assert waiting["table"]["title"] == "Paris Connection"
    assert bob.get("/api/me/next").json()["waiting"] == 0  # Ann's turn at both

    game_one.play_until(lambda: game_one.to_move() != 0)  # Ann plays her turn
    game_one.barrier()
    waiting = ann.get("/api/me/next").json()
    assert waiting["table"]["id"] == second and waiting["waiting"] == 1
    mover = game_one.to_move()
    assert mover is not None
    assert people[mover].get("/api/me/next").json()["table"]["id"] == first

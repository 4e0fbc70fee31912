"""Learn by playing (issue 20 item 5): a guided first game against easy bots in every game,
and "why can't I?" answered from the engine's own refusal (State.why_illegal: the game's
reason in the words of its rules) — only for the seat that asks, only from what it may
know."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.engine.game import State
from belle.i18n.games import texts_of

from .friendskit import code, listed
from .kit import sign_in, table_actor

GAMES = ["paris", "paris_connection", "city_of_light", "paris_paris", "bruxelles_1893"]


def _refused(state: State[Any], own: bool) -> tuple[str, dict[str, Any]]:
    """A move refused now with the game's own reason (`own`) or a general one."""
    for action in state.notation.dense.actions:
        why = state.why_illegal(action)
        if why is not None and why["id"].startswith("engine.") != own:
            return state.action_to_string(action), why
    raise AssertionError("no such move")


@pytest.mark.parametrize("game", GAMES)
def test_a_first_game_against_bots_explains_refused_moves(client: TestClient,
                                                          game: str) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    assert code(ann.post("/api/learn/chess")) == "not_found"
    table = ann.post(f"/api/learn/{game}").json()
    assert table["private"] and table["status"] == "running"
    assert table["seats"][0]["kind"] == "human"
    assert {s["kind"] for s in table["seats"][1:]} == {"bot"}
    assert ann.post(f"/api/learn/{game}").json()["id"] == table["id"]  # the same one
    assert table["id"] not in listed(bob)
    members = ann.get(f"/api/tables/{table['id']}/members").json()
    assert members["origin"] == "learn"
    with ann.socket(f"/ws/table/{table['id']}") as sock:
        def mine(message: dict[str, Any]) -> bool:  # the learner is to move
            return bool(message.get("legal")) and message.get("to_move") == 0

        if not mine(sock.hello()):
            sock.until(mine, limit=500)
        state = table_actor(client, table["id"]).state
        path = f"/api/tables/{table['id']}/why"
        legal = state.action_to_string(state.legal_actions()[0])
        assert ann.post(path, {"move": legal}).json() == {
            "legal": True, "move": legal, "why": None, "instead": []}
        move, why = _refused(state, own=True)
        answer = ann.post(path, {"move": move}).json()
        assert not answer["legal"] and answer["move"] == move
        assert answer["why"] == {"game": game, **why,
                                 "sentence": texts_of(game).english(why, ["ann"])}
        assert "why." not in answer["why"]["sentence"]
        wanted = state.action_kind(state.parse_action(move))
        assert answer["instead"] == [state.action_to_string(a) for a in state.legal_actions()
                                     if state.action_kind(a) == wanted][:12]
        assert code(ann.post(path, {"move": "fly to the moon"})) == "malformed"
        assert code(ann.post(path, {"move": "x" * 201})) == "too_large"
        assert code(bob.post(path, {"move": legal})) == "not_found"


def test_a_general_reason_when_the_game_has_none(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    table = ann.post("/api/learn/paris_paris").json()
    with ann.socket(f"/ws/table/{table['id']}") as sock:
        def mine(message: dict[str, Any]) -> bool:
            return bool(message.get("legal")) and message.get("to_move") == 0

        if not mine(sock.hello()):
            sock.until(mine, limit=500)
        state = table_actor(client, table["id"]).state
        move, why = _refused(state, own=False)  # a draw of the deck: chance's, not hers
        answer = ann.post(f"/api/tables/{table['id']}/why", {"move": move}).json()
        assert answer["why"]["id"] == "engine.why.wrong_moment" == why["id"]
        assert answer["why"]["sentence"] == ("This kind of move cannot be made at this point "
                                             "of the turn.")
        assert answer["instead"] == []


def test_asking_out_of_turn_says_so(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table = ann.post("/api/tables", {"game": "paris_paris", "players": 2}).json()["id"]
    for seat, person in enumerate((ann, bob)):
        assert person.post(f"/api/tables/{table}/join", {"seat": seat}).status_code == 200
    assert ann.post(f"/api/tables/{table}/start").status_code == 200
    state = table_actor(client, table).state
    mover = state.current_player()
    waiting = (ann, bob)[1 - mover]
    move = state.action_to_string(state.legal_actions()[0])
    answer = waiting.post(f"/api/tables/{table}/why", {"move": move}).json()
    assert answer["why"]["id"] == "engine.refuse.not_your_turn"
    assert answer["why"]["params"] == {"player": {"seat": mover}}
    assert answer["why"]["sentence"] == f"It is not your turn: {('ann', 'bob')[mover]} is to move."
    assert answer["instead"] == []
    watcher = sign_in(client, "cy")
    assert code(watcher.post(f"/api/tables/{table}/why", {"move": move})) == "not_seated"

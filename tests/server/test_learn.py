"""Learn by playing (issue 20 item 5): a guided first game against easy bots, and "why
can't I?" answered from the engine — only from the legal moves of the seat that asks."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from belle.engine.game import State
from belle.server.friends.refusal import NOT_NOW, NOT_YOUR_TURN, WRONG_MOMENT, kind

from .friendskit import code, listed
from .kit import sign_in, table_actor


def _illegal(state: State[Any], same_kind: bool) -> str:
    legal = set(state.legal_actions())
    kinds = {kind(state, a) for a in legal}
    for action in state.notation.dense.actions:
        if action not in legal and (kind(state, action) in kinds) == same_kind:
            return state.action_to_string(action)
    raise AssertionError("no such move")


def test_a_first_game_against_bots_explains_refused_moves(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    assert code(ann.post("/api/learn/chess")) == "not_found"
    table = ann.post("/api/learn/paris_paris").json()
    assert table["private"] and table["status"] == "running"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    assert ann.post("/api/learn/paris_paris").json()["id"] == table["id"]  # the same one
    assert table["id"] not in listed(bob)
    members = ann.get(f"/api/tables/{table['id']}/members").json()
    assert members["origin"] == "learn"
    with ann.socket(f"/ws/table/{table['id']}") as sock:
        def mine(message: dict[str, Any]) -> bool:  # the learner is to move
            return bool(message.get("legal")) and message.get("to_move") == 0

        if not mine(sock.hello()):
            sock.until(mine)
        state = table_actor(client, table["id"]).state
        path = f"/api/tables/{table['id']}/why"
        legal = state.action_to_string(state.legal_actions()[0])
        assert ann.post(path, {"move": legal}).json() == {
            "legal": True, "move": legal, "why": None, "instead": []}
        same = ann.post(path, {"move": _illegal(state, True)}).json()
        assert not same["legal"] and same["why"]["text"] == NOT_NOW.text
        wanted = kind(state, state.parse_action(same["move"]))
        assert same["instead"] == [state.action_to_string(a) for a in state.legal_actions()
                                   if kind(state, a) == wanted][:12]
        other = ann.post(path, {"move": _illegal(state, False)}).json()
        assert other["why"]["text"] == WRONG_MOMENT.text and other["instead"] == []
        assert code(ann.post(path, {"move": "fly to the moon"})) == "malformed"
        assert code(ann.post(path, {"move": "x" * 201})) == "too_large"
        assert code(bob.post(path, {"move": legal})) == "not_found"


def test_asking_out_of_turn_says_so(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    table = ann.post("/api/tables", {"game": "paris_paris", "players": 2}).json()["id"]
    for seat, person in enumerate((ann, bob)):
        assert person.post(f"/api/tables/{table}/join", {"seat": seat}).status_code == 200
    assert ann.post(f"/api/tables/{table}/start").status_code == 200
    state = table_actor(client, table).state
    waiting = (ann, bob)[1 - state.current_player()]
    move = state.action_to_string(state.legal_actions()[0])
    answer = waiting.post(f"/api/tables/{table}/why", {"move": move}).json()
    assert answer["why"]["text"] == NOT_YOUR_TURN.text and answer["instead"] == []
    watcher = sign_in(client, "cy")
    assert code(watcher.post(f"/api/tables/{table}/why", {"move": move})) == "not_seated"

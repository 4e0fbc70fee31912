"""Property-based fuzzing of the websockets (issue 9, item 3: bad input, tried on purpose).

Every client message type (hello, action, chat, ping) and junk (non-JSON, bytes, wrong
types, unknown types, huge, deeply nested, missing fields, wrong versions, actions of
other games and of other seats) is thrown at a live table from its seats, an outsider
and a guest. Each frame is refused with an `error` (known code and a message) or accepted
correctly; the socket and the server keep working; the table's version and engine state
change only by a legal action of the seat to move (checked against a replay). Every
game's action parser is fuzzed through the socket too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import belle

from .fuzzkit import (
    Watched,
    action_recipes,
    chat_texts,
    check_error,
    frame_recipes,
    is_ping,
    junk_frames,
    message_frames,
    opened,
    watched_table,
)
from .kit import make_app, sign_in

# The table moves on between examples: no shrinking (a replay would meet another position).
FUZZ = settings(max_examples=400, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
SENDERS = ["0", "1", "2", "outsider", "guest"]


@pytest.fixture
def app_client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url)) as client:
        yield client


def no_server_errors(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]


def still_serving(watched: Watched) -> None:
    """Every socket answers, a new socket gets a sync, the HTTP API answers."""
    for sock in watched.socks.values():
        sock.send({"type": "ping"})
        sock.until(lambda m: m["type"] == "pong")
    person = watched.people[0]
    with person.socket(f"/ws/table/{watched.table_id}") as sock:
        sync = sock.hello()
        assert sync["type"] == "sync" and sync["version"] == watched.version()
    response = person.get(f"/api/tables/{watched.table_id}")
    assert response.status_code == 200 and response.json()["version"] == watched.version()


def test_table_socket_survives_any_frame(app_client: TestClient,
                                         caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    watched = watched_table(app_client, "paris_connection", 3)
    with opened(watched):

        @FUZZ
        @given(who=st.sampled_from(["mover", "mover", *SENDERS]), recipe=frame_recipes())
        def fuzz(who: str, recipe: tuple[Any, ...]) -> None:
            # The seat to move sends a third of the frames: legal moves get through too.
            watched.send(watched.who(who), watched.materialize(recipe))

        fuzz()
        assert watched.accepted > 5  # the fuzzer did play legal moves
        assert watched.errors
        still_serving(watched)
    no_server_errors(caplog)


def test_lobby_socket_survives_any_frame(app_client: TestClient,
                                         caplog: pytest.LogCaptureFixture) -> None:
    """The lobby refuses actions and junk; its commands move only the sender's seat."""
    caplog.set_level(logging.WARNING)
    watched = watched_table(app_client, "paris", 2, prefix="l")
    owner = sign_in(app_client, "opener")
    open_table = owner.post("/api/tables", {"game": "paris", "players": 3}).json()["id"]
    fuzzer = sign_in(app_client, "fuzzer")
    running = watched.actor
    before = (running.version, json.dumps(running.state.to_json(), sort_keys=True))
    commands = st.builds(
        lambda cmd, table, rest: json.dumps({"type": "chat", "text": f"/{cmd} {table} {rest}"}),
        st.sampled_from(["join", "leave", "start", "bot"]),
        st.sampled_from([str(watched.table_id), f"#{open_table}", str(open_table), "0", "x",
                         "99999999999999999999"]),
        st.sampled_from(["", "0", "1", "2", "9", "greedy", "greedy 1", "random 0", "nobody"]),
    )
    frames = st.one_of(junk_frames, message_frames(), commands,
                       chat_texts.map(lambda t: json.dumps({"type": "chat", "text": t})))
    with fuzzer.socket("/ws/lobby") as sock:
        assert sock.hello()["type"] == "sync"

        @FUZZ
        @given(frame=frames)
        def fuzz(frame: str | bytes) -> None:
            if isinstance(frame, bytes):
                sock.session.send_bytes(frame)
            else:
                sock.send(frame)
            sock.send({"type": "ping"})
            pongs = 1 + is_ping(frame)
            while pongs:
                message = sock.recv()
                if message["type"] == "pong":
                    pongs -= 1
                elif message["type"] == "error":
                    check_error(message)
            # the open table: the fuzzer is the only one who may sit down or leave
            summary = owner.get(f"/api/tables/{open_table}").json()
            people = {s["name"] for s in summary["seats"] if s["kind"] == "human"}
            assert people <= {"fuzzer"}, summary

        fuzz()
    after = watched.actor
    assert (after.version, json.dumps(after.state.to_json(), sort_keys=True)) == before
    no_server_errors(caplog)


@pytest.mark.parametrize("game", [info.id for info in belle.list_games()])
def test_every_game_parser_through_the_socket(
    game: str, app_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """Random and mutated JSON actions, from the seat to move at the current version:
    refused as `malformed` / `illegal`, or played exactly as the engine would."""
    caplog.set_level(logging.WARNING)
    watched = watched_table(app_client, game)
    with opened(watched):

        @settings(FUZZ, max_examples=150)
        @given(recipe=action_recipes(game))
        def fuzz(recipe: tuple[Any, ...]) -> None:
            mover = watched.mover()
            frame = watched.materialize(("action", ("current", 0), recipe, {}))
            replies = watched.send(watched.who("mover"), frame)
            for reply in replies:
                if reply["type"] == "error" and mover is not None:
                    assert reply["code"] in ("malformed", "illegal"), reply
                    assert reply["version"] == watched.version()

        fuzz()
        assert watched.accepted >= 1
        still_serving(watched)
    no_server_errors(caplog)

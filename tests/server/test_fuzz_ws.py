"""Property-based fuzzing of the websockets (issue 9, item 3: bad input, tried on purpose).

Every client message type (hello, action, undo, chat, ping, away, back) and junk
(non-JSON, bytes, wrong types, unknown types, huge, deeply nested, missing fields, wrong
versions, actions of other games and of other seats, bot levels that are unknown, odd
or too long) is thrown at a live table from its seats, an outsider and a guest. Each
frame is refused with an `error` (known code and a message) or accepted correctly; the
socket and the server keep working; the table's version and engine state change only by
a legal action of the seat to move, or by an undo the policy allows it (both checked
against a replay); the seats change only by the sender's own away / back. Every game's
action parser is fuzzed through the socket too. The stand-in bots of the app never move
(`STILL_BOTS`), so every change on the table is the fuzzer's own.
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
    STILL_BOTS,
    Watched,
    action_recipes,
    chat_texts,
    check_error,
    frame_recipes,
    is_ping,
    is_table_message,
    junk_frames,
    legal_recipes,
    message_frames,
    opened,
    turn_recipes,
    watched_table,
)
from .kit import make_app, sign_in

# The table moves on between examples: no shrinking (a replay would meet another position).
FUZZ = settings(max_examples=400, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
SENDERS = ["0", "1", "2", "outsider", "guest"]


@pytest.fixture
def app_client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url, bot_delay=STILL_BOTS)) as client:
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
        @given(who=st.sampled_from(["mover", "mover", *SENDERS]),
               recipe=st.one_of(frame_recipes(), legal_recipes()), rescue=st.integers(0, 3))
        def fuzz(who: str, recipe: tuple[Any, ...], rescue: int) -> None:
            # The seat to move sends a third of the frames, and half the frames are legal
            # moves: the game goes on (an `away` mover is brought back by `rescue`).
            if not rescue:
                watched.rescue()
            watched.send(watched.who(who), watched.materialize(recipe))

        fuzz()
        assert watched.accepted > 5  # the fuzzer did play legal moves
        assert watched.errors
        still_serving(watched)
    no_server_errors(caplog)


# Turns of several steps (undos accepted often), and Paris: steps that reveal a tile,
# few undoable moments (its undos are mostly refused, each checked against the policy).
@pytest.mark.parametrize(("game", "undos"), [("paris_connection", 2), ("bruxelles_1893", 2),
                                              ("paris", 0)])
def test_undo_away_back_under_fire(game: str, undos: int, app_client: TestClient,
                                   caplog: pytest.LogCaptureFixture) -> None:
    """Issue 9 item 3 for `undo`, `away` and `back` (issue 10 items 2 and 5): between
    legal moves, from every sender, at every version: an undo is accepted exactly when
    the policy lets the seat to move take back its last step (then the log and state are
    those without it), away / back change only the sender's own seat, nothing else
    changes the table."""
    caplog.set_level(logging.WARNING)
    watched = watched_table(app_client, game, 3, prefix="u")  # SENDERS: seats 0-2
    with opened(watched):

        @settings(FUZZ, max_examples=250)
        @given(who=st.sampled_from(["mover", "mover", *SENDERS]), recipe=turn_recipes(),
               rescue=st.integers(0, 3))
        def fuzz(who: str, recipe: tuple[Any, ...], rescue: int) -> None:
            if not rescue:
                watched.rescue()
            watched.send(watched.who(who), watched.materialize(recipe))

        fuzz()
        assert watched.accepted > 5  # the turns went on,
        assert watched.undone >= undos  # steps were taken back,
        assert watched.reseated > 2  # seats were handed to a bot and taken back
        codes = {reply["code"] for _, reply in watched.errors}
        assert {"undo_refused", "stale", "not_your_turn", "away", "bad_options",
                "not_seated", "not_signed_in", "malformed"} <= codes, codes
        still_serving(watched)
    no_server_errors(caplog)


@pytest.mark.parametrize("spec", ["greedy:samples=999999999", "ismcts:seconds=600",
                                  "ismcts:iterations=1000000000", "random:", "ismcts"])
def test_away_takes_only_the_offered_levels(spec: str, app_client: TestClient) -> None:
    """Found by the fuzzer (issue 9 item 3): `away` took any bot spec, so a player could
    hand their seat to `greedy:samples=999999999`, whose first move holds the table's
    lock for days. Only the levels the table offers are taken now; nothing changes."""
    watched = watched_table(app_client, "paris_connection", 3, prefix="a")
    with opened(watched):
        replies = watched.send("1", json.dumps({"type": "away", "bot": spec}))
        assert [r["code"] for r in replies if r["type"] == "error"] == ["bad_options"]
        assert not watched.actor.table.seats[1].away
        watched.send("1", json.dumps({"type": "away", "bot": " hard "}))
        assert watched.actor.table.seats[1].bot == "hard"


def test_lobby_socket_survives_any_frame(app_client: TestClient,
                                         caplog: pytest.LogCaptureFixture) -> None:
    """The lobby refuses actions, undo, away, back and junk; its commands move only the
    sender's seat."""
    caplog.set_level(logging.WARNING)
    watched = watched_table(app_client, "paris", 2, prefix="l")
    owner = sign_in(app_client, "opener")
    open_table = owner.post("/api/tables", {"game": "paris", "players": 3}).json()["id"]
    fuzzer = sign_in(app_client, "fuzzer")
    running = watched.actor
    before = (running.version, json.dumps(running.state.to_json(), sort_keys=True),
              tuple(running.table.seats))
    commands = st.builds(
        lambda cmd, table, rest: json.dumps({"type": "chat", "text": f"/{cmd} {table} {rest}"}),
        st.sampled_from(["join", "leave", "start", "bot"]),
        st.sampled_from([str(watched.table_id), f"#{open_table}", str(open_table), "0", "x",
                         "99999999999999999999"]),
        st.sampled_from(["", "0", "1", "2", "9", "greedy", "greedy 1", "random 0", "nobody"]),
    )
    table_only = st.one_of(  # a table's messages, even well formed, are not the lobby's
        st.builds(lambda v: json.dumps({"type": "undo", "version": v}), st.integers(-1, 40)),
        st.builds(lambda bot: json.dumps({"type": "away", "bot": bot}),
                  st.sampled_from(["medium", "easy", "nobody"])),
        st.builds(lambda table: json.dumps({"type": "back", "table": table}),
                  st.sampled_from([watched.table_id, open_table])),
        st.just('{"type":"away"}'), st.just('{"type":"back"}'),
    )
    frames = st.one_of(junk_frames, message_frames(), commands, table_only,
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
            codes = []
            while pongs:
                message = sock.recv()
                if message["type"] == "pong":
                    pongs -= 1
                elif message["type"] == "error":
                    check_error(message)
                    codes.append(message["code"])
            if is_table_message(frame):
                assert codes == ["unknown_type"], (frame, codes)
            # the open table: the fuzzer is the only one who may sit down or leave
            summary = owner.get(f"/api/tables/{open_table}").json()
            people = {s["name"] for s in summary["seats"] if s["kind"] == "human"}
            assert people <= {"fuzzer"}, summary

        fuzz()
    after = watched.actor
    assert (after.version, json.dumps(after.state.to_json(), sort_keys=True),
            tuple(after.table.seats)) == before
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

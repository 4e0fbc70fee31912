"""Helpers for the fuzz and security tests: hostile frames, a watched live table, checks.

`Watched` holds a started table whose seats are all people of the test (no bots, so
nothing moves but what the fuzzer sends), one socket per seat plus an outsider (signed
in, not seated) and a guest (not signed in). `Watched.send` sends one frame from one of
them, waits until the server has handled it (a `ping` behind it is answered), and checks
the invariants: every refusal is an `error` with a known code and a message; the table's
version and engine state (`to_json`) change only when the frame was a legal action of
the seat to move, made on the current version, and then exactly by that action (and the
chance outcomes the server drew after it).
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import strategies as st

import belle
from belle.engine.referee import sample_chance
from belle.server.errors import STATUS, ServerError
from belle.server.messages import MAX_MESSAGE, Action, Ping
from belle.server.messages import parse as parse_message

from .kit import Person, Sock, guest, seat, sign_in, start, table_actor

# -- JSON and frames ----------------------------------------------------------------
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
TYPES = ["hello", "action", "chat", "ping"]
type_names = st.one_of(st.sampled_from(TYPES), st.sampled_from(["HELLO", "Action", " ping",
                                                                 "move", "sync", "error"]),
                       st.text(max_size=10), st.integers(), st.none(), st.lists(st.text()))
chat_texts = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["/join", "/join 0", "/join 1", "/join 2", "/join 99", "/join -1",
                     "/join 0 1", "/leave", "/start", "/bot", "/bot greedy", "/bot greedy 0",
                     "/bot nobody 1", "/help", "/", "//", "/JOIN 1", "/kick 0", "   ",
                     "/join 99999999999999999999999"]),
    st.builds(lambda cmd, arg: f"/{cmd} {arg}", st.sampled_from(["join", "leave", "start",
                                                                 "bot"]),
              st.text(max_size=12)),
)


def nested(depth: int) -> str:
    return '{"type":"chat","text":' + "[" * depth + "]" * depth + "}"


junk_frames = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    json_values.map(json.dumps),
    st.integers(min_value=20, max_value=4000).map(nested),
    st.integers(min_value=20, max_value=4000).map(lambda n: "[" * n + "]" * n),
    st.sampled_from([
        "", "{", "}", "null", "[]", "{}", '{"type":null}', '{"type":"ping"', "NaN",
        '{"type":"hello","since":NaN}', '{"type":"hello","since":Infinity}',
        '{"type":"action","version":0,"action":NaN}', '{"type":"chat","text":"\\ud800"}',
        '{"type":"chat","text":"\\udfff\\ud800"}', '{"type":"chat","text":"\\u0000"}',
        '{"\\ud800":1,"type":"ping"}', '{"type":"hello","since":' + "9" * 5000 + "}",
        '{"type":"ping","type":"action"}', "\ufeff{\"type\":\"ping\"}",
        json.dumps({"type": "chat", "text": "x" * (MAX_MESSAGE + 1)}),
        json.dumps({"type": "chat", "text": "é" * (MAX_MESSAGE // 2 + 1)}),
        json.dumps({"type": "chat", "text": "y" * 501}),
        json.dumps({"type": "action", "version": 0, "action": ["z"] * (MAX_MESSAGE // 4)}),
    ]),
    st.sampled_from(["x" * (MAX_MESSAGE + 1), b"\xff\xfe" * 10, b'{"type":"ping"}',
                     b'{"type":"chat","text":"\xed\xa0\x80"}', b"\x00" * 100]),
)


def message_frames(extra: st.SearchStrategy[Any] = json_values) -> st.SearchStrategy[str]:
    """Objects shaped like client messages with any fields (right or wrong types)."""
    fields = st.dictionaries(
        st.sampled_from(["since", "version", "action", "text", "seat", "player", "table",
                         "id", "token", "cookie"]) | st.text(max_size=6),
        extra, max_size=4,
    )
    return st.builds(lambda kind, more: json.dumps({**more, "type": kind}), type_names, fields)


# -- every game's actions ------------------------------------------------------------
@functools.cache
def sample_actions(game_id: str, steps: int = 60) -> tuple[Any, ...]:
    """JSON actions seen in a short random playout of `game_id` (legal at some point)."""
    info = belle.load_game(game_id).info
    found: list[Any] = []
    rng = random.Random(7)
    for players in sorted({info.min_players, info.max_players}):
        state = belle.load_game(game_id).new_initial_state(players)
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.current_player() == belle.CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                found.extend(state.action_to_json(a) for a in legal[:6])
                action = rng.choice(legal)
            state.apply_action(action)
    unique = {json.dumps(a, sort_keys=True): a for a in found}
    return tuple(unique.values())


def all_sample_actions() -> list[Any]:
    return [a for info in belle.list_games() for a in sample_actions(info.id)]


def mutations(action: Any) -> st.SearchStrategy[Any]:
    """`action` with one field dropped, replaced by any JSON value, or one added."""
    if not isinstance(action, dict) or not action:
        return json_values
    keys = sorted(action)

    def drop(key: str) -> Any:
        return {k: v for k, v in action.items() if k != key}

    def replace(key: str, value: Any) -> Any:
        return {**action, key: value}

    return st.one_of(
        st.sampled_from(keys).map(drop),
        st.builds(replace, st.sampled_from(keys), json_values),
        st.builds(replace, st.text(max_size=6), json_values),
    )


# -- recipes: what to send, drawn without looking at the live table -------------------
# The table moves on between examples, so Hypothesis draws a recipe (independent of the
# position) and `Watched.materialize` turns it into a frame for the current position.
def mutation_recipes() -> st.SearchStrategy[tuple[Any, ...]]:
    return st.one_of(
        st.tuples(st.just("drop"), st.integers(0, 9)),
        st.tuples(st.just("replace"), st.integers(0, 9), json_values),
        st.tuples(st.just("add"), st.text(max_size=6), json_values),
    )


def mutate(action: Any, recipe: tuple[Any, ...]) -> Any:
    if not isinstance(action, dict) or not action:
        return action
    keys = sorted(action)
    if recipe[0] == "drop":
        key = keys[recipe[1] % len(keys)]
        return {k: v for k, v in action.items() if k != key}
    if recipe[0] == "replace":
        return {**action, keys[recipe[1] % len(keys)]: recipe[2]}
    return {**action, recipe[1]: recipe[2]}


def action_recipes(game: str | None = None) -> st.SearchStrategy[tuple[Any, ...]]:
    """("legal", i) | ("mutated", i, recipe) | ("sample", action) | ("json", value)."""
    samples = list(sample_actions(game)) if game else all_sample_actions()
    legal = st.tuples(st.just("legal"), st.integers(0, 10_000))
    return st.one_of(
        legal, legal,
        st.tuples(st.just("mutated"), st.integers(0, 10_000), mutation_recipes()),
        st.tuples(st.just("sample"), st.sampled_from(samples)),
        st.tuples(st.just("sample-mutated"), st.sampled_from(samples), mutation_recipes()),
        st.tuples(st.just("json"), json_values),
    )


version_recipes = st.one_of(
    st.tuples(st.just("current"), st.just(0)),
    st.tuples(st.just("current"), st.integers(-3, 3)),
    st.tuples(st.just("raw"), st.one_of(st.integers(), json_values)),
)
extra_fields: st.SearchStrategy[dict[str, int]] = st.one_of(
    st.just({}), st.fixed_dictionaries({"seat": st.integers(0, 3)}),
    st.fixed_dictionaries({"player": st.integers(0, 10)}),
)


def frame_recipes(game: str | None = None) -> st.SearchStrategy[tuple[Any, ...]]:
    return st.one_of(
        st.tuples(st.just("frame"), junk_frames),
        st.tuples(st.just("frame"), message_frames()),
        st.tuples(st.just("action"), version_recipes, action_recipes(game), extra_fields),
        st.tuples(st.just("action"), st.just(("current", 0)), action_recipes(game),
                  st.just({})),
        st.tuples(st.just("frame"), chat_texts.map(lambda t: json.dumps({"type": "chat",
                                                                         "text": t}))),
        st.tuples(st.just("hello"), st.one_of(st.none(), st.integers(-3, 30), st.integers())),
    )


# -- the watched table ----------------------------------------------------------------
def canonical(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@dataclass
class Watched:
    client: TestClient
    table_id: int
    people: list[Person]  # one per seat, in seat order
    socks: dict[str, Sock] = field(default_factory=dict)  # "0".."n-1", "outsider", "guest"
    errors: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    accepted: int = 0

    @property
    def actor(self) -> Any:
        return table_actor(self.client, self.table_id)

    def version(self) -> int:
        version: int = self.actor.version
        return version

    def mover(self) -> int | None:
        state = self.actor.state
        if state is None or state.is_terminal():
            return None
        player: int = state.current_player()
        return player if player >= 0 else None

    def legal_json(self) -> list[Any]:
        state = self.actor.state
        if state is None or state.is_terminal() or state.current_player() < 0:
            return []
        return [state.action_to_json(a) for a in state.legal_actions()]

    def materialize(self, recipe: tuple[Any, ...]) -> str | bytes:
        """The frame a recipe (`frame_recipes`) stands for at the current position."""
        if recipe[0] == "frame":
            frame: str | bytes = recipe[1]
            return frame
        if recipe[0] == "hello":
            return json.dumps({"type": "hello", "since": recipe[1]})
        _, (how, value), (source, *args), extra = recipe
        version = self.version() + value if how == "current" else value
        legal = self.legal_json()
        if source in ("legal", "mutated") and legal:
            action = legal[args[0] % len(legal)]
            if source == "mutated":
                action = mutate(action, args[1])
        elif source == "sample-mutated":
            action = mutate(args[0], args[1])
        elif source in ("legal", "mutated"):
            action = None
        else:
            action = args[0]
        return json.dumps({**extra, "type": "action", "version": version, "action": action})

    def who(self, choice: str) -> str:
        """`choice` is a sender, or "mover" for the seat to move (else seat 0)."""
        if choice != "mover":
            return choice
        mover = self.mover()
        return str(mover if mover is not None else 0)

    def send(self, who: str, frame: str | bytes) -> list[dict[str, Any]]:
        """Send `frame` from `who`, wait for it to be handled, check the invariants."""
        actor = self.actor
        before_version = actor.version
        before_state = actor.state.clone() if actor.state is not None else None
        before_json = canonical(actor.state) if actor.state is not None else None
        expected = self._expect(who, frame, before_state, before_version)
        sock = self.socks[who]
        if isinstance(frame, bytes):
            sock.session.send_bytes(frame)
        else:
            sock.send(frame)
        replies = self._sync(sock, 1 + is_ping(frame))
        for reply in replies:
            if reply["type"] == "error":
                check_error(reply)
                self.errors.append((who, reply))
        own_errors = [r for r in replies if r["type"] == "error"]
        actor = self.actor
        if expected is None:
            assert actor.version == before_version, (who, frame, replies)
            now_json = canonical(actor.state) if actor.state is not None else None
            assert now_json == before_json, (who, frame)
            return replies
        assert not own_errors, (who, frame, own_errors)
        assert actor.version > before_version, (who, frame, replies)
        assert before_state is not None
        self.accepted += 1
        entries = actor.entries[before_version:]
        assert entries[0].player == int(who)
        assert entries[0].action == before_state.action_to_json(expected)
        before_state.apply_action(expected)
        for entry in entries[1:]:  # the chance outcomes the server drew after it
            assert entry.player == belle.CHANCE, entries
            before_state.apply_action(before_state.action_from_json(entry.action))
        assert canonical(before_state) == canonical(actor.state)
        return replies

    def _expect(self, who: str, frame: str | bytes, state: Any, version: int) -> Any:
        """The action this frame should play, or None when it must change nothing."""
        if not who.isdigit() or state is None or state.is_terminal():
            return None
        if state.current_player() != int(who):
            return None
        try:
            message = parse_message(frame)
        except ServerError:
            return None
        if not isinstance(message, Action) or message.version != version:
            return None
        try:
            action = state.action_from_json(message.action)
        except Exception:
            return None
        return action if action in state.legal_actions() else None

    def _sync(self, sock: Sock, pongs: int) -> list[dict[str, Any]]:
        """Everything `sock` gets up to the answer to a ping sent after the frame."""
        sock.send({"type": "ping"})
        replies: list[dict[str, Any]] = []
        while pongs:
            message = sock.recv()
            replies.append(message)
            if message["type"] == "pong":
                pongs -= 1
        return replies


def is_ping(frame: str | bytes) -> bool:
    try:
        return isinstance(parse_message(frame), Ping)
    except ServerError:
        return False


def check_error(reply: dict[str, Any]) -> None:
    """A refusal is `{"type": "error", "code", "message"[, "version"]}`, nothing more."""
    assert reply["code"] in STATUS, reply
    assert isinstance(reply["message"], str) and reply["message"].strip(), reply
    assert set(reply) <= {"type", "code", "message", "version"}, reply
    if "version" in reply:
        assert isinstance(reply["version"], int)


def watched_table(client: TestClient, game: str, players: int | None = None,
                  options: dict[str, Any] | None = None, prefix: str = "p") -> Watched:
    """A started table of `game` whose seats are people of the test, with sockets open.

    Use as a context: the sockets close on exit (`with opened(w): ...`).
    """
    info = belle.load_game(game).info
    count = players or info.min_players
    people = [sign_in(client, f"{prefix}{i}") for i in range(count)]
    response = people[0].post("/api/tables", {"game": game, "players": count,
                                              "options": options or {}, "mode": "live"})
    assert response.status_code == 200, response.text
    table_id = response.json()["id"]
    for index, person in enumerate(people):
        seat(person, table_id, index)
    start(people[0], table_id)
    return Watched(client, table_id, people)


class opened:
    """Open the sockets of a `Watched` table (seats, an outsider, a guest) and say hello."""

    def __init__(self, watched: Watched, outsider: Person | None = None) -> None:
        self.watched = watched
        self.outsider = outsider or sign_in(watched.client, f"out{watched.table_id}")
        self._contexts: list[Any] = []

    def __enter__(self) -> Watched:
        path = f"/ws/table/{self.watched.table_id}"
        people = {str(i): p for i, p in enumerate(self.watched.people)}
        people["outsider"] = self.outsider
        people["guest"] = guest(self.watched.client)
        for key, person in people.items():
            context = person.socket(path)
            sock = context.__enter__()
            self._contexts.append(context)
            sock.hello()
            self.watched.socks[key] = sock
        return self.watched

    def __exit__(self, *exc: Any) -> None:
        for context in reversed(self._contexts):
            context.__exit__(*exc)

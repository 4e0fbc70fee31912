"""Helpers for the fuzz and security tests: hostile frames, a watched live table, checks.

`Watched` holds a started table whose seats are all people of the test, one socket per
seat plus an outsider (signed in, not seated) and a guest (not signed in). Nothing moves
but what the fuzzer sends: no seat starts as a bot, and the app's stand-in bots (a seat
handed over with `away`) must be still (`STILL_BOTS`, a bot delay longer than the test).
`Watched.send` sends one frame from one of them, waits until the server has handled it
(a `ping` behind it is answered), and checks the invariants (`Expected`):

- every refusal is an `error` with a known code and a message, and a frame that must be
  refused (unparsable, an action or undo not allowed, away/back of nobody's seat) is;
- the version and engine state (`to_json`) change only by a legal action of the seat to
  move, made on the current version (then exactly by that action and the chance outcomes
  the server drew after it), or by an undo the policy (`belle.engine.undo`) allows that
  seat at that version (then the version drops by one and the state is the replay of the
  log without that step);
- the seats change only by `away` / `back`, and then only the sender's own seat's flags
  (away, assisted, its stand-in bot).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi.testclient import TestClient
from hypothesis import strategies as st

import belle
from belle.bots import BOT_NAMES
from belle.engine.record import MatchRecord, replay
from belle.engine.referee import sample_chance
from belle.engine.undo import may_take_back
from belle.i18n.games import texts_of
from belle.server.announcements import ENGLISH
from belle.server.errors import STATUS, ServerError
from belle.server.ws.messages import MAX_MESSAGE, MODELS, Action, Away, Back, Claim, Ping, Undo
from belle.server.ws.messages import parse as parse_message
from belle.storage import Seat

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
TYPES = ["hello", "action", "undo", "chat", "ping", "away", "back", "claim"]
assert sorted(TYPES) == sorted(MODELS), "a new client message type: fuzz it here too"
STILL_BOTS = 10.0**6  # make_app(bot_delay=...): stand-in bots that never move in a test
type_names = st.one_of(st.sampled_from(TYPES), st.sampled_from([
    "HELLO", "Action", " ping", "move", "sync", "error", "UNDO", "Away", "back ", "redo",
    "undo\x00", "away\u200b", "event", "notice", "clock"]),
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
        '{"type":"undo"}', '{"type":"undo","version":"1"}', '{"type":"undo","version":1.0}',
        '{"type":"undo","version":true}', '{"type":"undo","version":null}',
        '{"type":"undo","version":NaN}', '{"type":"undo","version":-Infinity}',
        '{"type":"undo","version":' + "9" * 5000 + "}", '{"type":"undo","version":[1]}',
        '{"type":"away","bot":NaN}', '{"type":"away","bot":"\\ud800"}',
        '{"type":"away","bot":["medium"]}', '{"type":"away","bot":{"level":"easy"}}',
        '{"type":"away","bot":1}', '{"type":"away","bot":true}', '{"type":"away","bot":' +
        "[" * 40 + "]" * 40 + "}", '{"type":"back","type":"away"}',
        '{"type":"away","type":"back"}', '{"type":"undo","version":0,"type":"back"}',
        json.dumps({"type": "away", "bot": "m" * (MAX_MESSAGE + 1)}),
        json.dumps({"type": "back", "pad": "p" * (MAX_MESSAGE + 1)}),
    ]),
    st.sampled_from(["x" * (MAX_MESSAGE + 1), b"\xff\xfe" * 10, b'{"type":"ping"}',
                     b'{"type":"chat","text":"\xed\xa0\x80"}', b"\x00" * 100]),
)


def message_frames(extra: st.SearchStrategy[Any] = json_values,
                   kinds: st.SearchStrategy[Any] = type_names) -> st.SearchStrategy[str]:
    """Objects shaped like client messages with any fields (right or wrong types)."""
    fields = st.dictionaries(
        st.sampled_from(["since", "version", "action", "text", "seat", "player", "table",
                         "id", "token", "cookie", "bot"]) | st.text(max_size=6),
        extra, max_size=4,
    )
    return st.builds(lambda kind, more: json.dumps({**more, "type": kind}), kinds, fields)


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


# `away`'s `bot`: the levels, specs `make_bot` takes but the table does not offer (slow
# ones among them), unknown names, blank, odd Unicode, too long, huge, any JSON value.
bot_values = st.one_of(
    st.sampled_from(BOT_NAMES),
    st.sampled_from([
        " medium ", "MEDIUM", "Easy", "", "   ", "nobody", "ismcts", "greedy:samples=2",
        "greedy:samples=0", "greedy:samples=999999999", "ismcts:seconds=600",
        "ismcts:iterations=1000000000", "random:x=1", "medium\x00", "\u202emedium",
        "medium\n", "x" * 40, "x" * 41, "é" * 40, "\U0001f916" * 40,
    ]),
    st.text(max_size=50),
    st.integers(min_value=41, max_value=2 * MAX_MESSAGE).map(lambda n: "m" * n),
    json_values,
)


def table_message_recipes() -> st.SearchStrategy[tuple[Any, ...]]:
    """`undo` (at the current version, at others, with spoofed seats), `away` (any `bot`,
    or none) and `back`; `back` three times as often as `away`, so that seats do not stay
    handed over (the stand-ins never move: a seat away on its turn stops the game)."""
    back = st.tuples(st.just("back"), extra_fields)
    return st.one_of(
        st.tuples(st.just("undo"), st.just(("current", 0)), st.just({})),
        st.tuples(st.just("undo"), version_recipes, extra_fields),
        st.tuples(st.just("away"), st.booleans(), bot_values, extra_fields),
        back, back, back,
    )


def new_type_frames() -> st.SearchStrategy[tuple[Any, ...]]:
    """undo / away / back / claim with any fields, right or wrong."""
    return st.tuples(st.just("frame"), message_frames(kinds=st.sampled_from(
        ["undo", "away", "back", "claim"])))


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
        table_message_recipes(),
    )


def legal_recipes() -> st.SearchStrategy[tuple[Any, ...]]:
    """A legal action at the current version (accepted when the seat to move sends it)."""
    return st.tuples(st.just("action"), st.just(("current", 0)),
                     st.tuples(st.just("legal"), st.integers(0, 10_000)), st.just({}))


def turn_recipes(game: str | None = None) -> st.SearchStrategy[tuple[Any, ...]]:
    """Mostly legal moves, undos, away and back: the turns go on and are taken back."""
    legal = legal_recipes()
    undo = st.tuples(st.just("undo"), st.just(("current", 0)), st.just({}))
    return st.one_of(legal, legal, undo, table_message_recipes(), table_message_recipes(),
                     new_type_frames())


# -- the watched table ----------------------------------------------------------------
def canonical(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@dataclass(frozen=True)
class Before:
    """The table as it was before a frame: what the invariants compare against."""

    version: int
    state: Any  # a clone of the live state (None before the start)
    record: MatchRecord
    seats: tuple[Seat, ...]
    running: bool  # started and not over

    @classmethod
    def of(cls, actor: Any) -> Before:
        state = actor.state.clone() if actor.state is not None else None
        record = actor.record()
        record.actions = [dataclasses.replace(e) for e in record.actions]
        running = (actor.table.status == "running" and state is not None
                   and not state.is_terminal())
        return cls(actor.version, state, record, tuple(actor.table.seats), running)


@dataclass(frozen=True)
class Expected:
    """What one frame may do: `change` the game (a legal action, an allowed undo) or
    nothing; leave the seats as `seats`; be refused with an error (`refused` True), not
    refused (False), or either (None: chat, hello, ping answer as they like)."""

    change: Literal["nothing", "action", "undo"] = "nothing"
    action: Any = None
    seats: tuple[Seat, ...] | None = None  # None: unchanged
    refused: bool | None = None


@dataclass
class Watched:
    client: TestClient
    table_id: int
    people: list[Person]  # one per seat, in seat order
    socks: dict[str, Sock] = field(default_factory=dict)  # "0".."n-1", "outsider", "guest"
    errors: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    accepted: int = 0  # actions played
    undone: int = 0  # undos accepted
    reseated: int = 0  # away / back that changed the sender's seat

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
        kind = recipe[0]
        if kind == "frame":
            frame: str | bytes = recipe[1]
            return frame
        if kind == "hello":
            return json.dumps({"type": "hello", "since": recipe[1]})
        if kind == "undo":
            _, (how, value), extra = recipe
            version = self.version() + value if how == "current" else value
            return json.dumps({**extra, "type": "undo", "version": version})
        if kind == "away":
            _, present, bot, extra = recipe
            return json.dumps({**extra, "type": "away", **({"bot": bot} if present else {})})
        if kind == "back":
            return json.dumps({**recipe[1], "type": "back"})
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

    def rescue(self) -> None:
        """The seat to move takes its seat back (a checked `back`) if it was handed over:
        the stand-ins never move here, so a seat away on its turn stops the game."""
        mover = self.mover()
        if mover is not None and self.actor.table.seats[mover].away:
            self.send(str(mover), json.dumps({"type": "back"}))

    def who(self, choice: str) -> str:
        """`choice` is a sender, or "mover" for the seat to move (else seat 0)."""
        if choice != "mover":
            return choice
        mover = self.mover()
        return str(mover if mover is not None else 0)

    def send(self, who: str, frame: str | bytes) -> list[dict[str, Any]]:
        """Send `frame` from `who`, wait for it to be handled, check the invariants."""
        before = Before.of(self.actor)
        expected = self._expect(who, frame, before)
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
        if expected.refused is not None:
            assert bool(own_errors) == expected.refused, (who, frame, expected, replies)
        actor = self.actor
        seats = tuple(actor.table.seats)
        assert seats == (before.seats if expected.seats is None else expected.seats), (
            who, frame, before.seats, seats)
        if expected.seats is not None and expected.seats != before.seats:
            self.reseated += 1
        if expected.change == "action":
            self._check_action(who, frame, before, expected.action)
        elif expected.change == "undo":
            self._check_undo(who, frame, before)
        else:
            assert actor.version == before.version, (who, frame, replies)
            now_json = canonical(actor.state) if actor.state is not None else None
            was_json = canonical(before.state) if before.state is not None else None
            assert now_json == was_json, (who, frame)
        return replies

    def _check_action(self, who: str, frame: str | bytes, before: Before, action: Any) -> None:
        """The seat's action, then only the chance outcomes the server drew after it."""
        actor = self.actor
        assert actor.version > before.version, (who, frame)
        self.accepted += 1
        state = before.state
        entries = actor.entries[before.version:]
        assert entries[0].player == int(who)
        assert entries[0].action == state.action_to_json(action)
        state.apply_action(action)
        for entry in entries[1:]:
            assert entry.player == belle.CHANCE, entries
            state.apply_action(state.action_from_json(entry.action))
        assert canonical(state) == canonical(actor.state)

    def _check_undo(self, who: str, frame: str | bytes, before: Before) -> None:
        """One step fewer: the log without the sender's last step, and its replay."""
        actor = self.actor
        assert actor.version == before.version - 1, (who, frame)
        self.undone += 1
        kept = before.record.actions[:-1]
        assert [e.to_json() for e in actor.entries] == [e.to_json() for e in kept]
        cut = dataclasses.replace(before.record, actions=kept)
        assert canonical(replay(cut)) == canonical(actor.state), (who, frame)

    def _expect(self, who: str, frame: str | bytes, before: Before) -> Expected:
        """What this frame should do to the table (see `Expected`)."""
        try:
            message = parse_message(frame)
        except ServerError:
            return Expected(refused=True)
        if isinstance(message, Action):
            action = self._expected_action(who, message, before)
            if action is None:
                return Expected(refused=True)
            return Expected("action", action, refused=False)
        if isinstance(message, Undo):
            allowed = self._undo_allowed(who, message.version, before)
            return Expected("undo" if allowed else "nothing", refused=not allowed)
        if isinstance(message, Away | Back):
            return self._expected_seats(who, message, before)
        if isinstance(message, Claim):  # a run never lets anyone be silent 5 minutes
            return Expected(refused=True)
        return Expected()

    def _mover_seat(self, who: str, version: int, before: Before) -> int | None:
        """`who`'s seat if it may act now: seated, its turn, played by its person (not
        away), at the current version; None otherwise."""
        if not who.isdigit() or not before.running:
            return None
        seat = int(who)
        if before.state.current_player() != seat or before.seats[seat].bot_plays:
            return None
        return seat if version == before.version else None

    def _expected_action(self, who: str, message: Action, before: Before) -> Any:
        """The action this frame should play, or None when it must be refused."""
        if self._mover_seat(who, message.version, before) is None:
            return None
        state = before.state
        try:
            action = state.action_from_json(message.action)
        except Exception:
            return None
        return action if action in state.legal_actions() else None

    def _undo_allowed(self, who: str, version: int, before: Before) -> bool:
        """The engine's undo policy, replaying the log (not the server's notes)."""
        seat = self._mover_seat(who, version, before)
        return seat is not None and may_take_back(before.record, before.state, seat)

    def _expected_seats(self, who: str, message: Away | Back, before: Before) -> Expected:
        """`away`: the sender's seat is handed to the stand-in (a level the table offers);
        `back`: taken back. Strangers, and anyone before the start or after the end, are
        refused; away twice or back without away change nothing and are not refused."""
        if not who.isdigit() or not before.running:
            return Expected(refused=True)
        index = int(who)
        seat = before.seats[index]
        if seat.forfeited:
            return Expected(refused=True)
        if isinstance(message, Back):
            if not seat.away:
                return Expected(refused=False)
            changed = dataclasses.replace(seat, away=False, bot=None)
        else:
            if seat.away:
                return Expected(refused=False)
            level = (message.bot or "medium").strip()
            if level not in BOT_NAMES:
                return Expected(refused=True)
            changed = dataclasses.replace(seat, away=True, assisted=True, bot=level)
        seats = list(before.seats)
        seats[index] = changed
        return Expected(seats=tuple(seats), refused=False)

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


def is_table_message(frame: str | bytes) -> bool:
    """Whether `frame` is a well-formed message of a table's socket only."""
    try:
        return isinstance(parse_message(frame), Action | Undo | Away | Back)
    except ServerError:
        return False


def check_refusal(refusal: dict[str, Any]) -> None:
    """An engine's refusal names a message its game's catalogue (or the engine's) has."""
    assert set(refusal) == {"game", "id", "params"}, refusal
    assert refusal["id"] in texts_of(refusal["game"]), refusal
    assert isinstance(refusal["params"], dict), refusal


def check_error(reply: dict[str, Any]) -> None:
    """A refusal is `{"type": "error", "code", "message"[, "version"][, "notice" or
    "template", "params"][, "refusal"]}`, nothing more (a notice: one of
    belle.server.announcements; a template: the message before its params, belle.server.errors;
    a refusal: a message of the game's catalogue, belle.engine.errors)."""
    assert reply["code"] in STATUS, reply
    assert isinstance(reply["message"], str) and reply["message"].strip(), reply
    assert set(reply) <= {"type", "code", "message", "version", "notice", "params",
                          "refusal", "template"}, reply
    if "notice" in reply:
        assert reply["notice"] in ENGLISH and isinstance(reply["params"], dict), reply
    if "refusal" in reply:
        check_refusal(reply["refusal"])
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

"""Backup: match records out of a Store as JSON lines, and back into any Store, checked.

`export_matches(store, ...)` yields one JSON-able dict per table (a "match line");
`import_lines(store, lines)` reads them back. A line holds everything the table is
made of — game, options, seats (people by name, bots by spec), mode, status, seed,
result, engine version, event counter, timestamps, the whole action log (seq, player,
action JSON, notation, visibility, time) and the table's chat — but no database ids
and no password hashes.

Each match has an `origin`: `<instance id>:<table id>` for a table made in the
database it is exported from (the instance id is a random id kept in `settings`), or
the origin it was imported with. `tables.origin` keeps it, so importing the same line
twice, or a line back into the database it came from, is recognized and skipped.

Import checks a line completely before writing anything (`parse_match`), replays the
log through the engine and compares every entry's player, notation and visibility, and
the result, with what the engine computes (`check_replay`); then the whole match is
written in one transaction. A refused line leaves the database as it was.
"""

from __future__ import annotations

import dataclasses
import json
import math
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeGuard

from sqlalchemy import Connection, insert, select

from belle.bots import make_bot
from belle.engine.errors import GameError
from belle.engine.game import CHANCE, State
from belle.engine.record import MatchRecord, RecordEntry
from belle.engine.registry import game_ids, load_recorded_game
from belle.storage.models import actions, chat, players, tables
from belle.storage.records import Seat
from belle.storage.store import MODES, STARTED, STATUSES, Store, aware, seat_label

FORMAT = "belle-match/1"
EXPORT_STATUSES = ("finished", "running", "open", "closed", "all")
SEAT_KINDS = ("empty", "human", "bot")
MAX_NAME = 24
MAX_ORIGIN = 100


class BackupError(Exception):
    """A match line that cannot be imported; the message says what is wrong."""


# -- export -------------------------------------------------------------------
def instance_id(store: Store) -> str:
    """This database's random id, the first half of the origin of tables made here."""
    return store.setting("instance_id", lambda: secrets.token_hex(8))


def export_matches(
    store: Store, *, since: datetime | None = None, status: str = "finished"
) -> Iterator[dict[str, Any]]:
    """Every table with `status` ("all": any) changed at or after `since`, oldest id first."""
    if status not in EXPORT_STATUSES:
        raise BackupError(f"status is one of {', '.join(EXPORT_STATUSES)}, not {status!r}")
    instance = instance_id(store)
    query = select(tables, players.c.name.label("creator_name")).select_from(
        tables.outerjoin(players, tables.c.created_by == players.c.id)
    ).order_by(tables.c.id)
    if status != "all":
        query = query.where(tables.c.status == status)
    if since is not None:
        query = query.where(tables.c.updated_at >= since)
    with store.engine.connect() as conn:
        ids = [int(row.id) for row in conn.execute(query.with_only_columns(tables.c.id))]
    for table_id in ids:  # one short read per match: a long export holds no transaction
        with store.engine.connect() as conn:
            row = conn.execute(query.where(tables.c.id == table_id)).first()
            if row is not None:
                yield _match_json(conn, row, f"{instance}:{table_id}")


def dumps_line(match: dict[str, Any]) -> str:
    """One match as one line of JSON (keys sorted, so equal matches give equal lines)."""
    return json.dumps(match, sort_keys=True, separators=(",", ":"))


def _match_json(conn: Connection, row: Any, own_origin: str) -> dict[str, Any]:
    log = conn.execute(select(actions).where(actions.c.match_id == row.id)
                       .order_by(actions.c.seq))
    lines = conn.execute(select(chat).where(chat.c.table_id == row.id).order_by(chat.c.id))
    return {
        "format": FORMAT,
        "origin": row.origin or own_origin,
        "game": row.game,
        "options": dict(row.options),
        "players": int(row.players),
        "mode": row.mode,
        "status": row.status,
        "seed": row.seed,
        "seats": [_seat_json(Seat.from_json(s)) for s in row.seats],
        "created_by": row.creator_name,
        "clock": row.clock,
        "clock_state": row.clock_state,
        "result": row.result,
        "engine_version": row.engine_version,
        "events": int(row.events),
        "created_at": _iso(row.created_at),
        "updated_at": _iso(row.updated_at),
        "actions": [
            {"seq": int(a.seq), "player": "chance" if a.player == CHANCE else int(a.player),
             "action": a.action, "text": a.text, "visible_to": a.visible_to, "at": _iso(a.at)}
            for a in log
        ],
        "chat": [_chat_json(c) for c in lines],
    }


def _seat_json(seat: Seat) -> dict[str, Any]:
    """A seat by name; a person's stand-in bot and the `away`/`forfeited` flags (only
    when set, so a line without them reads the same as before clocks)."""
    body = seat.to_json()
    del body["player_id"]  # players are matched by name on import
    return body


def _chat_json(line: Any) -> dict[str, Any]:
    """A chat line; `system` marks a line the table wrote (no player: "took back: …")."""
    body: dict[str, Any] = {"name": line.name, "text": line.text, "at": _iso(line.at)}
    if line.player_id is None:
        body["system"] = True
    return body


def _iso(moment: datetime) -> str:
    return aware(moment).astimezone(UTC).isoformat()


# -- import -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChatEntry:
    name: str
    text: str
    at: datetime
    system: bool = False  # written by the table (an undo's line): linked to no player


@dataclass(frozen=True, slots=True)
class LoggedAction:
    entry: RecordEntry
    at: datetime


@dataclass(slots=True)
class Match:
    """A match line, checked field by field (not yet replayed)."""

    origin: str
    game: str
    options: dict[str, Any]
    players: int
    mode: str
    status: str
    seed: int | None
    seats: list[Seat]
    created_by: str | None
    result: dict[str, Any] | None
    engine_version: str
    events: int
    created_at: datetime
    updated_at: datetime
    log: list[LoggedAction]
    chat: list[ChatEntry]
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None

    def record(self) -> MatchRecord:
        return MatchRecord(
            game=self.game, options=dict(self.options),
            seats=[seat_label(s) for s in self.seats], seed=self.seed,
            actions=[logged.entry for logged in self.log],
            engine_version=self.engine_version, result=self.result,
        )


@dataclass(slots=True)
class ImportReport:
    """What `import_lines` did: origins imported and skipped, lines refused (why)."""

    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line number, reason)


def import_lines(store: Store, lines: Iterable[str]) -> ImportReport:
    """Import every match line (blank lines are ignored); one transaction per match."""
    report = ImportReport()
    instance = instance_id(store)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            match = parse_line(line)
            check_replay(match)
            if import_match(store, match, instance):
                report.imported.append(match.origin)
            else:
                report.skipped.append(match.origin)
        except BackupError as exc:
            report.refused.append((number, str(exc)))
    return report


def parse_line(line: str) -> Match:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise BackupError(f"not JSON: {exc.msg} at column {exc.colno}") from exc
    except RecursionError as exc:
        raise BackupError("not JSON: nested too deeply") from exc
    return parse_match(data)


def parse_match(data: Any) -> Match:
    """Check every field of a decoded match line; BackupError names the first bad one."""
    if not isinstance(data, dict):
        raise BackupError("a match line is a JSON object")
    if data.get("format") != FORMAT:
        raise BackupError(f"field 'format' must be {FORMAT!r}, not {data.get('format')!r}")
    game = _text(data, "game", 40)
    if game not in game_ids():
        raise BackupError(f"unknown game {game!r}; games: {', '.join(game_ids())}")
    status = _choice(data, "status", STATUSES)
    count = _integer(data, "players", 1)
    seed = data.get("seed")
    if (seed is not None and not (_is_int(seed) and -(2**63) <= seed < 2**63)) or (
        status in STARTED and seed is None
    ):
        raise BackupError("field 'seed' must be a 64-bit integer (null only before the start)")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise BackupError("field 'result' must be an object or null")
    options = data.get("options")
    if not isinstance(options, dict):
        raise BackupError("field 'options' must be an object")
    created_by = data.get("created_by")
    if created_by is not None:
        created_by = _name(created_by, "created_by")
    return Match(
        origin=_text(data, "origin", MAX_ORIGIN), game=game, options=options, players=count,
        mode=_choice(data, "mode", MODES), status=status, seed=seed,
        seats=_seats(data.get("seats"), count), created_by=created_by, result=result,
        engine_version=_text(data, "engine_version", 20), events=_integer(data, "events", 0),
        created_at=_moment(data.get("created_at"), "created_at"),
        updated_at=_moment(data.get("updated_at"), "updated_at"),
        log=_log(data.get("actions")), chat=_chat(data.get("chat", [])),
        clock=_clock(data.get("clock")),
        clock_state=_clock_state(data.get("clock_state"), count, status,
                                 data.get("clock") is not None),
    )


def check_replay(match: Match) -> State[Any] | None:
    """Replay the log through the engine; every entry and the result must be what the
    engine gives. Returns the final state (None for a table never started)."""
    try:
        game = load_recorded_game(match.game, dict(match.options), match.engine_version)
        game.check_players(match.players)
    except Exception as exc:  # OptionError, or TypeError for an option named like `self`
        raise BackupError(f"bad options or player count: {exc}") from exc
    if match.status not in STARTED:
        if match.log or match.result is not None:
            raise BackupError(f"a table never started ({match.status}) has no actions and no "
                              "result")
        if any((seat.bot_plays or seat.assisted) and seat.kind == "human"
               for seat in match.seats):
            raise BackupError("a seat is handed to a bot (away, forfeited) during a game only")
        return None
    if any(seat.kind == "empty" for seat in match.seats):
        raise BackupError("a started match has no empty seat")
    state = game.new_initial_state(match.players)
    for index, logged in enumerate(match.log):
        _replay_entry(state, index, logged.entry)
    _check_end(match, state)
    return state


def _replay_entry(state: State[Any], index: int, entry: RecordEntry) -> None:
    if state.is_terminal():
        raise BackupError(f"action {index} comes after the end of the game")
    try:
        action = state.action_from_json(entry.action)
        expected = MatchRecord("", {}, [])
        expected.append(state, action)
        state.apply_action(action)
    except GameError as exc:
        raise BackupError(f"action {index} ({entry.text!r}) does not replay: {exc}") from exc
    except Exception as exc:  # a codec meeting JSON it was not made for
        raise BackupError(f"action {index} is not an action of this game: {exc!r}") from exc
    want = expected.actions[0]
    for name in ("player", "text", "visible_to"):
        if getattr(entry, name) != getattr(want, name):
            raise BackupError(f"action {index}: {name} is {getattr(entry, name)!r} but the "
                              f"engine gives {getattr(want, name)!r}")


def _check_end(match: Match, state: State[Any]) -> None:
    if match.status == "running":
        if state.is_terminal() or match.result is not None:
            raise BackupError("a running match must not be over nor have a result")
        return
    if not state.is_terminal():
        raise BackupError(f"the match is marked finished but its {len(match.log)} actions "
                          "do not end the game")
    computed: dict[str, Any] = {"returns": state.returns(), "ranking": state.ranking(),
                                "breakdown": state.score_breakdown()}
    if match.result is not None and "forfeited" in match.result:
        # The server adds the seats that forfeited on time (ratings rank them last):
        # exactly the seats marked forfeited.
        computed["forfeited"] = [i for i, seat in enumerate(match.seats) if seat.forfeited]
    if match.result is not None and "assisted" in match.result:
        computed["assisted"] = [i for i, seat in enumerate(match.seats) if seat.assisted]
    if json.loads(json.dumps(computed)) != match.result:
        raise BackupError("the stored result differs from the result of replaying the log "
                          "(and the forfeited seats)")


def import_match(store: Store, match: Match, instance: str) -> bool:
    """Write a checked match in one transaction; False if it is already present."""
    with store.engine.begin() as conn:
        if _present(conn, match.origin, instance):
            return False
        creator = _player_id(conn, match.created_by, match.created_at)
        seats = [_seat_with_player(conn, seat, match.created_at) for seat in match.seats]
        key = conn.execute(insert(tables).values(
            game=match.game, options=match.options, players=match.players, mode=match.mode,
            status=match.status, seed=match.seed, seats=[s.to_json() for s in seats],
            version=len(match.log), events=match.events, result=match.result,
            clock=match.clock, clock_state=match.clock_state,
            engine_version=match.engine_version, created_by=creator, host_id=creator,
            created_at=match.created_at, updated_at=match.updated_at, origin=match.origin,
        )).inserted_primary_key
        assert key is not None
        table_id = int(key[0])
        if match.log:
            conn.execute(insert(actions), [
                {"match_id": table_id, "seq": seq, "player": a.entry.player,
                 "action": a.entry.action, "text": a.entry.text,
                 "visible_to": a.entry.visible_to, "at": a.at}
                for seq, a in enumerate(match.log)
            ])
        for line in match.chat:
            author = None if line.system else _existing_player(conn, line.name)
            conn.execute(insert(chat).values(
                table_id=table_id, player_id=author,
                name=line.name, text=line.text, at=line.at,
            ))
    return True


def _present(conn: Connection, origin: str, instance: str) -> bool:
    """Imported before, or exported from this very database (origin `<instance>:<id>`)."""
    if conn.execute(select(tables.c.id).where(tables.c.origin == origin)).first():
        return True
    mine, _, table_id = origin.partition(":")
    if mine != instance or not table_id.isdigit():
        return False
    found = select(tables.c.id).where(tables.c.id == int(table_id), tables.c.origin.is_(None))
    return conn.execute(found).first() is not None


def _existing_player(conn: Connection, name: str) -> int | None:
    row = conn.execute(select(players.c.id).where(players.c.name_key == name.casefold())).first()
    return int(row.id) if row is not None else None


def _player_id(conn: Connection, name: str | None, since: datetime) -> int | None:
    """The player of that name (any letter case), created as a guest if there is none."""
    if name is None:
        return None
    found = _existing_player(conn, name)
    if found is not None:
        return found
    key = conn.execute(insert(players).values(
        name=name, name_key=name.casefold(), password_hash=None, created_at=since,
    )).inserted_primary_key
    assert key is not None
    return int(key[0])


def _seat_with_player(conn: Connection, seat: Seat, since: datetime) -> Seat:
    if seat.kind != "human":
        return seat
    return dataclasses.replace(seat, player_id=_player_id(conn, seat.name, since))


# -- field checks ---------------------------------------------------------------
def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data: dict[str, Any], key: str, longest: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value or len(value) > longest:
        raise BackupError(f"field {key!r} must be a non-empty string of at most {longest} "
                          f"characters, not {value!r}")
    return value


def _choice(data: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = data.get(key)
    if value not in allowed:
        raise BackupError(f"field {key!r} is one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _integer(data: dict[str, Any], key: str, least: int) -> int:
    value = data.get(key)
    if not _is_int(value) or value < least or value > 2**31 - 1:
        raise BackupError(f"field {key!r} must be an integer from {least}, not {value!r}")
    return int(value)


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise BackupError(f"{where} must be a name of 1 to {MAX_NAME} characters, not {value!r}")
    return value


def _moment(value: Any, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BackupError(f"{where} must be an ISO 8601 time with its UTC offset, not {value!r}")
    return moment.astimezone(UTC)


def _seats(value: Any, count: int) -> list[Seat]:
    if not isinstance(value, list) or len(value) != count:
        raise BackupError(f"field 'seats' must be a list of {count} seats (field 'players')")
    return [_seat(item, index) for index, item in enumerate(value)]


def _seat(item: Any, index: int) -> Seat:
    if not isinstance(item, dict) or item.get("kind") not in SEAT_KINDS:
        raise BackupError(f"seat {index} must be an object whose kind is one of "
                          f"{', '.join(SEAT_KINDS)}")
    away, forfeited = item.get("away", False), item.get("forfeited", False)
    assisted = item.get("assisted", False)
    if not all(isinstance(flag, bool) for flag in (away, forfeited, assisted)):
        raise BackupError(f"seat {index}: away, forfeited and assisted are true or false")
    if item["kind"] == "human":
        name = _name(item.get("name"), f"the name of seat {index}")
        if away and forfeited:
            raise BackupError(f"seat {index} is away or forfeited, not both")
        stand_in = item.get("bot")
        if (away or forfeited) != (stand_in is not None):
            raise BackupError(f"seat {index}: a person's seat names a bot (its stand-in) "
                              "exactly when it is away or forfeited")
        if stand_in is not None:
            _bot_spec(stand_in, index)
        return Seat("human", None, name, stand_in, away, forfeited, assisted)
    if away or forfeited or assisted:
        raise BackupError(f"seat {index}: only a person's seat is away, forfeited or assisted")
    if item["kind"] == "bot":
        return Seat("bot", None, None, _bot_spec(item.get("bot"), index))
    return Seat("empty")


def _bot_spec(spec: Any, index: int) -> str:
    try:
        make_bot(spec if isinstance(spec, str) else "")
    except GameError as exc:
        raise BackupError(f"seat {index}: bad bot {spec!r}: {exc}") from exc
    assert isinstance(spec, str)
    return spec


def _log(value: Any) -> list[LoggedAction]:
    if not isinstance(value, list):
        raise BackupError("field 'actions' must be a list")
    return [_logged(item, seq) for seq, item in enumerate(value)]


def _logged(item: Any, seq: int) -> LoggedAction:
    if not isinstance(item, dict) or item.get("seq") != seq or not _is_int(item.get("seq")):
        raise BackupError(f"action {seq} must be an object with \"seq\": {seq}")
    player = CHANCE if item.get("player") == "chance" else item.get("player")
    text, visible = item.get("text"), item.get("visible_to")
    if not _is_int(player) or not isinstance(text, str) or "action" not in item:
        raise BackupError(f"action {seq} needs a player (a seat or \"chance\"), an action "
                          "and its text")
    if visible is not None and not (isinstance(visible, list) and all(map(_is_int, visible))):
        raise BackupError(f"action {seq}: visible_to must be a list of seats or null")
    entry = RecordEntry(int(player), item["action"], text, visible)
    return LoggedAction(entry, _moment(item.get("at"), f"the time of action {seq}"))


def _chat(value: Any) -> list[ChatEntry]:
    if not isinstance(value, list):
        raise BackupError("field 'chat' must be a list")
    entries = []
    for index, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise BackupError(f"chat line {index} must be an object with a text")
        name = _name(item.get("name"), f"the name of chat line {index}")
        system = item.get("system", False)
        if not isinstance(system, bool):
            raise BackupError(f"chat line {index}: system is true or false")
        entries.append(ChatEntry(name, item["text"], _moment(item.get("at"), "a chat time"),
                                 system))
    return entries


CLOCK_KINDS = ("none", "per-move", "game")
CLOCK_OUTCOMES = ("bot-moves", "forfeit")


def _clock(value: Any) -> dict[str, Any] | None:
    """The clock settings chosen at creation (belle.server.table.clock.ClockSettings), or null.
    Checked for shape and bounds here: storage does not import the server."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"kind", "seconds", "increment",
                                                      "on_timeout"}:
        raise BackupError("field 'clock' is null or an object with kind, seconds, increment "
                          "and on_timeout")
    if value["kind"] not in CLOCK_KINDS or value["on_timeout"] not in CLOCK_OUTCOMES:
        raise BackupError(f"clock kind is one of {', '.join(CLOCK_KINDS)} and on_timeout one "
                          f"of {', '.join(CLOCK_OUTCOMES)}")
    for key in ("seconds", "increment"):
        if not _is_int(value[key]) or not 0 <= value[key] <= MAX_CLOCK_SECONDS:
            raise BackupError(f"clock {key} must be a whole number of seconds, not "
                              f"{value[key]!r}")
    return dict(value)


MAX_CLOCK_SECONDS = 30 * 24 * 3600


def _clock_state(value: Any, players: int, status: str, clocked: bool
                 ) -> dict[str, Any] | None:
    """A table's running clock (belle.server.table.clock.ClockState), or null."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BackupError("field 'clock_state' must be an object or null")
    remaining, seat = value.get("remaining"), value.get("seat")
    started, deadline = value.get("started"), value.get("deadline")
    timeouts = value.get("timeouts", [])
    shaped = (
        isinstance(remaining, list) and len(remaining) == players
        and all(_is_number(x) and x >= 0 for x in remaining)
        and (seat is None or (_is_int(seat) and 0 <= seat < players))
        and all(x is None or _is_number(x) for x in (started, deadline))
        and (seat is None) == (started is None) == (deadline is None)
        and _is_int(value.get("version", 0)) and value.get("version", 0) >= 0
        and (value.get("turn") is None or (_is_int(value["turn"]) and 0 <= value["turn"] < players))
        and isinstance(timeouts, list) and all(_is_int(s) and 0 <= s < players
                                               for s in timeouts)
    )
    if not shaped:
        raise BackupError(f"field 'clock_state' must hold remaining (a time per seat, "
                          f"{players}), seat, started and deadline (all null or all set), "
                          "version and timeouts")
    if status not in STARTED or not clocked:
        raise BackupError("only a started match with a clock has a running clock")
    return dict(value)


def _is_number(value: Any) -> bool:
    return _is_int(value) or (isinstance(value, float) and math.isfinite(value))

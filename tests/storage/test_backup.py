"""Backup (issue 9 item 5): `export_matches` / `import_lines` move match records between
databases exactly, replay and check every match on import, and are idempotent."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select, update

import belle
from belle.bots import make_bot
from belle.storage import Seat, Store
from belle.storage.backup import (
    BackupError,
    dumps_line,
    export_matches,
    import_lines,
    parse_line,
)
from belle.storage.models import actions, chat, players, tables

GAMES = [("paris_connection", 3), ("paris", 2), ("city_of_light", 2), ("paris_paris", 2),
         ("bruxelles_1893", 2)]


def open_store(url: str) -> Store:
    store = Store(url)
    store.migrate()
    return store


@pytest.fixture
def source(tmp_path: Path) -> Iterator[Store]:
    store = open_store(f"sqlite:///{tmp_path / 'source.db'}")
    yield store
    store.close()


@pytest.fixture
def target(tmp_path: Path) -> Iterator[Store]:
    store = open_store(f"sqlite:///{tmp_path / 'target.db'}")
    yield store
    store.close()


def play_into(store: Store, game_id: str, count: int, seed: int, *,
              creator: str = "Alice", stop_after: int | None = None) -> int:
    """A table played by random bots but seat 0 (a person): finished, or running with the
    first `stop_after` actions; with a chat line. Returns the table id."""
    game = belle.load_game(game_id)
    match = belle.play_match(game, [make_bot("random")] * count, seed=seed)
    person = store.get_player_by_name(creator) or store.create_player(creator)
    table = store.create_table(game_id, dict(game.options), count, "turn", person.id)
    seats = [Seat("human", person.id, person.name)]
    seats += [Seat("bot", None, None, "random")] * (count - 1)
    store.update_seats(table.id, seats)
    store.start_table(table.id, seed)
    if stop_after is not None and stop_after >= len(match.record.actions):
        stop_after = None
    log = match.record.actions if stop_after is None else match.record.actions[:stop_after]
    if log:
        store.append_actions(table.id, 0, log)
    if stop_after is None:
        assert match.record.result is not None
        store.finish_table(table.id, match.record.result)
    store.add_chat(table.id, person.id, person.name, "bonne partie ✓")
    return table.id


def fill(store: Store) -> None:
    for index, (game_id, count) in enumerate(GAMES):
        play_into(store, game_id, count, seed=index + 1)
    play_into(store, "paris_connection", 4, seed=9, creator="Bob", stop_after=30)
    bob = store.get_player_by_name("Bob")
    assert bob is not None
    store.create_table("paris_paris", {}, 3, "live", bob.id)
    closed = store.create_table("paris", {}, 2, "turn", bob.id)
    store.close_table(closed.id)


def export(store: Store, status: str = "all", since: datetime | None = None) -> list[str]:
    return [dumps_line(m) for m in export_matches(store, status=status, since=since)]


def counts(store: Store) -> tuple[int, ...]:
    with store.engine.connect() as conn:
        return tuple(int(conn.execute(select(func.count()).select_from(t)).scalar_one())
                     for t in (tables, actions, players, chat))


def test_round_trip_sqlite_to_database_and_back_is_exact(
    source: Store, target: Store, database_url: str
) -> None:
    """Issue 9 item 5: SQLite → JSONL → PostgreSQL (or SQLite) → JSONL → SQLite gives
    identical records: every field, action and timestamp."""
    fill(source)
    first = export(source)
    assert len(first) == len(GAMES) + 3
    assert json.loads(first[-1])["status"] == "closed"
    middle = open_store(database_url)
    try:
        report = import_lines(middle, first)
        assert report.refused == [] and len(report.imported) == len(first)
        second = export(middle)
    finally:
        middle.close()
    assert second == first
    assert import_lines(target, second).refused == []
    assert export(target) == first
    line = json.loads(first[0])
    assert line["seats"][0] == {"kind": "human", "name": "Alice", "bot": None}
    assert line["chat"][0]["text"] == "bonne partie ✓" and line["created_by"] == "Alice"
    assert "password_hash" not in first[0] and "player_id" not in first[0]


def test_imported_matches_load_as_they_were(source: Store, target: Store) -> None:
    """Issue 9 item 5: the imported log rebuilds the same record; people become guests."""
    fill(source)
    import_lines(target, export(source))
    for table in source.list_tables():
        imported = target.list_tables(limit=1000)
        twin = next(t for t in imported if t.created_at == table.created_at)
        assert target.load_record(twin.id).to_json() == source.load_record(table.id).to_json()
        assert (twin.status, twin.seed, twin.events, twin.version) == (
            table.status, table.seed, table.events, table.version)
    alice = target.get_player_by_name("alice")
    assert alice is not None and alice.password_hash is None


def test_status_and_since_filter_the_export(source: Store) -> None:
    """Issue 9 item 5: `--status` and `--since DATE` choose the matches exported."""
    fill(source)
    old = play_into(source, "paris_paris", 2, seed=50)
    with source.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == old)
                     .values(updated_at=datetime(2020, 1, 1, tzinfo=UTC)))
    assert len(export(source, "finished")) == len(GAMES) + 1
    assert [json.loads(x)["status"] for x in export(source, "running")] == ["running"]
    assert [json.loads(x)["status"] for x in export(source, "open")] == ["open"]
    assert [json.loads(x)["status"] for x in export(source, "closed")] == ["closed"]
    recent = export(source, "finished", since=datetime.now(UTC) - timedelta(days=1))
    assert len(recent) == len(GAMES)
    assert all(json.loads(x)["origin"] != f"{old}" for x in recent)
    assert not any(json.loads(x)["origin"].endswith(f":{old}") for x in recent)
    with pytest.raises(BackupError, match="status is one of"):
        export(source, "done")


def test_reimport_is_skipped_and_reported(source: Store, target: Store) -> None:
    """Issue 9 item 5: importing twice (or back into the source) writes nothing new."""
    fill(source)
    lines = export(source)
    import_lines(target, lines)
    before = counts(target)
    again = import_lines(target, lines)
    assert again.imported == [] and len(again.skipped) == len(lines)
    assert counts(target) == before
    home = counts(source)
    back = import_lines(source, export(target))
    assert back.imported == [] and len(back.skipped) == len(lines)
    assert counts(source) == home


def corrupt(line: str, change: Any) -> str:
    data = json.loads(line)
    change(data)
    return json.dumps(data)


def illegal_action(data: dict[str, Any]) -> None:
    data["actions"][-1]["action"] = data["actions"][0]["action"]


def wrong_result(data: dict[str, Any]) -> None:
    data["result"]["returns"][0] += 1


def leaked_secret(data: dict[str, Any]) -> None:
    secret = next(a for a in data["actions"] if a["visible_to"] is not None)
    secret["visible_to"] = None


CORRUPTIONS = [
    (illegal_action, "does not replay|engine gives"),
    (wrong_result, "result differs"),
    (leaked_secret, "visible_to is None but the engine gives"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(status="finished", result=None), "result differs"),
    (lambda d: d["actions"].pop(), "do not end the game"),
    (lambda d: d["actions"][3].update(seq=7), "action 3 must be an object"),
    (lambda d: d.update(players=5), "seats"),
    (lambda d: d["seats"][1].update(bot="grandmaster"), "bad bot"),
    (lambda d: d.update(created_at="yesterday"), "created_at must be an ISO 8601"),
]


@pytest.mark.parametrize(("change", "message"), CORRUPTIONS)
def test_a_corrupted_line_is_refused_and_nothing_is_written(
    source: Store, target: Store, change: Any, message: str
) -> None:
    """Issue 9 item 5: a line that does not replay, or whose result does not match, is
    refused with a message naming the line; the other lines are imported."""
    play_into(source, "paris_connection", 3, seed=4)
    play_into(source, "paris_paris", 2, seed=5)
    good, bad = export(source, "finished")
    before = counts(target)
    report = import_lines(target, [corrupt(bad, change), "", good])
    assert len(report.refused) == 1 and report.refused[0][0] == 1
    assert re.search(message, report.refused[0][1]), report.refused[0][1]
    assert len(report.imported) == 1
    tables_now, actions_now, _, chat_now = counts(target)
    good_actions = len(json.loads(good)["actions"])
    assert (tables_now, actions_now, chat_now) == (before[0] + 1, before[1] + good_actions,
                                                   before[3] + 1)


def test_bad_json_is_refused_with_its_line_number(target: Store) -> None:
    """Issue 9 item 5: a line that is not JSON is refused by number; nothing is written."""
    before = counts(target)
    report = import_lines(target, ['{"format": "belle-match/1"', "[1, 2]", "\n"])
    assert [number for number, _ in report.refused] == [1, 2]
    assert "not JSON" in report.refused[0][1] and "JSON object" in report.refused[1][1]
    assert counts(target) == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(["game", "options", "players", "mode", "status", "seed", "seats",
                              "created_by", "result", "engine_version", "events", "created_at",
                              "actions", "chat", "origin"]),
       value=JSON)
def test_parser_refuses_any_bad_field_cleanly(field: str, value: Any) -> None:
    """Issue 9 item 5: whatever a field holds, parsing gives a Match or a BackupError."""
    line = json.dumps({**_SAMPLE, field: value})
    try:
        parse_line(line)
    except BackupError as exc:
        assert str(exc)


_SAMPLE: dict[str, Any] = {
    "format": "belle-match/1", "origin": "x:1", "game": "paris_paris", "options": {},
    "players": 2, "mode": "live", "status": "open", "seed": None,
    "seats": [{"kind": "empty"}, {"kind": "bot", "bot": "random"}], "created_by": None,
    "result": None, "engine_version": "0.1.0", "events": 0,
    "created_at": "2026-11-29T10:00:00+00:00", "updated_at": "2026-11-29T10:00:00+00:00",
    "actions": [], "chat": [],
}


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAMES), extra=st.integers(0, 2), seed=st.integers(0, 2**40),
       stop=st.none() | st.integers(0, 60))
def test_random_bot_matches_round_trip_exactly(
    game: tuple[str, int], extra: int, seed: int, stop: int | None
) -> None:
    """Issue 9 item 5 (property): any match random bots play, finished or not, comes back
    from export → import → export identical."""
    game_id, least = game
    count = min(least + extra, belle.load_game(game_id).info.max_players)
    one, two = open_store("sqlite://"), open_store("sqlite://")
    try:
        play_into(one, game_id, count, seed, stop_after=stop)
        lines = export(one)
        report = import_lines(two, lines)
        assert report.refused == [] and len(report.imported) == 1
        assert export(two) == lines
    finally:
        one.close()
        two.close()


# -- clocks, seat flags, forfeits and undo lines (issue 10 meets issue 9 item 5) --------
PER_MOVE = {"kind": "per-move", "seconds": 120, "increment": 0, "on_timeout": "forfeit"}
GAME_CLOCK = {"kind": "game", "seconds": 600, "increment": 10, "on_timeout": "bot-moves"}


def clocked_match(store: Store, *, finished: bool) -> int:
    """A 3-seat Paris Connection table of people with a game clock: Bob forfeited on time,
    Cleo away (a bot plays her seat), Alice took back a step (the table's line); running
    with the clock on Alice, or finished with `forfeited: [1]` in the result, as the
    server writes them."""
    game = belle.load_game("paris_connection")
    match = belle.play_match(game, [make_bot("random")] * 3, seed=4)
    people = [store.create_player(name) for name in ("Alice", "Bob", "Cleo")]
    clock = PER_MOVE if finished else GAME_CLOCK
    table = store.create_table("paris_connection", dict(game.options), 3, "turn", people[0].id,
                               clock=clock)
    store.update_seats(table.id, [
        Seat("human", people[0].id, "Alice"),
        Seat("human", people[1].id, "Bob", "medium", forfeited=True),
        Seat("human", people[2].id, "Cleo", "easy", away=True, assisted=True),
    ])
    store.start_table(table.id, 4)
    log = match.record.actions if finished else match.record.actions[:20]
    store.append_actions(table.id, 0, log)
    store.add_chat(table.id, people[0].id, "Alice", "hi")
    store.truncate_actions(table.id, len(log), len(log) - 1, "Alice", "took back: x")
    store.append_actions(table.id, len(log) - 1, log[-1:])
    if finished:
        assert match.record.result is not None
        store.finish_table(table.id, {**match.record.result, "forfeited": [1], "assisted": [2]})
        store.set_clock_state(table.id, {"remaining": [120.0] * 3, "seat": None,
                                         "started": None, "deadline": None, "version": 90,
                                         "timeouts": [1]})
    else:
        store.set_clock_state(table.id, {"remaining": [512.5, 600.0, 431.25], "seat": 0,
                                         "started": 1_800_000_100.0,
                                         "deadline": 1_800_000_612.5, "version": 20,
                                         "timeouts": [1]})
    return table.id


@pytest.mark.parametrize("finished", [False, True], ids=["running", "finished"])
def test_clock_seat_flags_and_forfeits_round_trip(
    source: Store, target: Store, finished: bool
) -> None:
    """Issue 10 item 2 with issue 9 item 5: a clocked table's settings and running clock,
    the away and forfeited seats with their stand-in bots, the result's `forfeited` list
    and the undo's table line (no player) come back exactly."""
    table_id = clocked_match(source, finished=finished)
    lines = export(source)
    report = import_lines(target, lines)
    assert report.refused == [] and len(report.imported) == 1
    assert export(target) == lines
    line = json.loads(lines[0])
    assert line["seats"][1] == {"kind": "human", "name": "Bob", "bot": "medium",
                                "forfeited": True}
    assert line["seats"][2] == {"kind": "human", "name": "Cleo", "bot": "easy", "away": True,
                                "assisted": True}
    assert [c.get("system", False) for c in line["chat"]] == [False, True]
    original = source.get_table(table_id)
    twin = target.list_tables()[0]
    assert original is not None
    assert (twin.clock, twin.clock_state) == (original.clock, original.clock_state)
    assert [(s.name, s.bot, s.away, s.forfeited) for s in twin.seats] == [
        (s.name, s.bot, s.away, s.forfeited) for s in original.seats]
    assert twin.result == original.result
    lines_there = target.recent_chat(twin.id, 10)
    assert [line.player_id is None for line in lines_there] == [False, True]


BAD_CLOCK_LINES = [
    (lambda d: d.update(clock={"kind": "hourglass", "seconds": 1, "increment": 0,
                               "on_timeout": "forfeit"}), "clock kind"),
    (lambda d: d.update(clock={"kind": "game"}), "field 'clock'"),
    (lambda d: d.update(clock=None), "with a clock"),
    (lambda d: d["clock_state"].update(seat=7), "clock_state"),
    (lambda d: d["clock_state"].update(remaining=[1.0]), "clock_state"),
    (lambda d: d["clock_state"].update(deadline=None), "clock_state"),
    (lambda d: d["seats"][1].update(away=True), "not both"),
    (lambda d: d["seats"][2].update(bot=None), "stand-in"),
    (lambda d: d["seats"][0].update(away="yes"), "true or false"),
    (lambda d: d["seats"][0].update(assisted=1), "true or false"),
    (lambda d: d["seats"][2].update(bot="genius"), "bad bot"),
    (lambda d: d["chat"][0].update(system=1), "true or false"),
]


@pytest.mark.parametrize(("change", "reason"), BAD_CLOCK_LINES)
def test_a_bad_clock_or_seat_flag_is_refused(
    source: Store, target: Store, change: Any, reason: str
) -> None:
    """Issue 9 item 5: clock fields and seat flags are checked like every other field."""
    clocked_match(source, finished=False)
    report = import_lines(target, [corrupt(export(source)[0], change)])
    assert len(report.refused) == 1 and reason in report.refused[0][1], report.refused
    assert counts(target)[0] == 0


def test_a_forfeit_list_that_is_not_the_forfeited_seats_is_refused(
    source: Store, target: Store
) -> None:
    """Issue 9 item 5: the result's `forfeited` must name exactly the seats marked so."""
    clocked_match(source, finished=True)
    bad = corrupt(export(source)[0], lambda d: d["result"].update(forfeited=[0]))
    report = import_lines(target, [bad])
    assert len(report.refused) == 1 and "forfeited" in report.refused[0][1]

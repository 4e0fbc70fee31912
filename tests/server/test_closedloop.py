"""The closed-loop bench's machinery (the benchmark itself is
`belle bench --server --closed-loop`): one move in flight per table, waves, medians,
and clear refusals. No server is started here."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from belle.server.bench import closed_belle, closed_bgio, closedloop
from belle.server.bench.closedloop import Meter, Wave


class FakeSeat:
    """Records the versions it was asked to move on."""

    def __init__(self) -> None:
        self.moved: list[int] = []

    async def play(self, version: int, options: Any, rng: random.Random) -> None:
        self.moved.append(version)


def test_a_wave_keeps_one_move_in_flight_and_stops_at_its_size() -> None:
    async def scenario() -> tuple[Wave, FakeSeat, FakeSeat]:
        wave = Wave(2, Meter(), random.Random(0))
        first, second = FakeSeat(), FakeSeat()
        await wave.turn(first, 0, 0, None)
        assert first.moved == []  # nothing leaves before the move phase
        await wave.begin()
        assert first.moved == [0]
        await wave.turn(second, 1, 1, None)  # the next turn arrives before the echo
        assert second.moved == []
        await wave.echo(1, 1)  # not the mover's: ignored
        await wave.echo(0, 5)  # not one past the version moved on: ignored
        assert wave.done == 0
        await wave.echo(0, 1)
        assert second.moved == [1] and wave.done == 1 and not wave.finished.is_set()
        await wave.turn(first, 0, 2, None)
        await wave.echo(1, 2)
        return wave, first, second

    wave, first, _second = asyncio.run(scenario())
    assert wave.done == 2 and wave.finished.is_set()
    assert first.moved == [0]  # the wave was played: no third move
    assert len(wave.meter.latencies) == 2


def test_a_game_that_ends_finishes_its_wave_early() -> None:
    wave = Wave(40, Meter(), random.Random(0))
    wave.end()
    assert wave.over and wave.ready and wave.finished.is_set()


def test_the_meter_counts_only_while_measuring() -> None:
    meter = Meter()
    meter.received("ignored")
    meter.measuring = True
    meter.received("héllo")
    meter.received(b"\x00\x01")
    assert (meter.messages, meter.byte_count) == (2, 8)  # UTF-8 bytes


def test_the_median_of_rounds() -> None:
    runs = [{"cpu_ms_per_move": v, "p50_ms": v * 10, "errors": {"stale": 1}, "note": "x"}
            for v in (3.0, 1.0, 2.0)]
    merged = closedloop.median_run(runs)
    assert merged["cpu_ms_per_move"] == 2.0 and merged["p50_ms"] == 20.0
    assert merged["errors"] == {"stale": 3} and merged["note"] == "x"
    assert merged["cpu_ms_per_move_runs"] == [3.0, 1.0, 2.0]


@pytest.mark.parametrize(("tables", "moves", "rounds"), [
    ([], 40, 3), ([0], 40, 3), ([closedloop.MAX_TABLES + 1], 40, 3), ([10], 0, 3),
    ([10], closedloop.MAX_MOVES + 1, 3), ([10], 40, 0), ([10], 40, closedloop.MAX_ROUNDS + 1),
])
def test_bad_settings_are_refused(tables: list[int], moves: int, rounds: int) -> None:
    with pytest.raises(ValueError):
        closedloop.run_closed_loop(tables, moves, rounds=rounds)


def test_belles_table_must_be_a_game_for_that_many() -> None:
    with pytest.raises(ValueError, match="played by"):
        closed_belle.target("paris_connection", 9)
    assert closed_belle.target("paris_connection", 3).name == "belle"


def test_belles_database_is_sqlite_or_postgresql() -> None:
    with pytest.raises(ValueError, match="PostgreSQL"):
        closed_belle.target("paris_connection", 3, "sqlite:///elsewhere.db")
    target = closed_belle.target("paris_connection", 3, "postgresql+psycopg://u:p@h/db")
    assert "PostgreSQL" in target.detail


def test_boardgame_io_is_needed_only_when_asked_for(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"boardgame\.io|needs node"):
        closed_bgio.target(tmp_path)  # no node_modules there (or no node at all)
    package = tmp_path / "node_modules" / "boardgame.io" / "package.json"
    package.parent.mkdir(parents=True)
    package.write_text(json.dumps({"version": "0.50.2"}))
    assert closed_bgio.installed_version(tmp_path) == "0.50.2"
    assert closed_bgio.installed_version(tmp_path / "node_modules") == "0.50.2"


def test_boardgame_ios_tables_have_as_many_seats_as_asked(tmp_path: Path) -> None:
    """Issue 18: like for like, boardgame.io's matches take Belle's seat count (or
    `--bgio-players`); a count its trivial game is not compared at is refused first."""
    for seats in (1, 7):
        with pytest.raises(ValueError, match="seats"):
            closed_bgio.target(tmp_path, seats)
    if shutil.which("node") is None:
        return
    package = tmp_path / "node_modules" / "boardgame.io" / "package.json"
    package.parent.mkdir(parents=True)
    package.write_text(json.dumps({"version": "0.50.2"}))
    assert "3 seats a table" in closed_bgio.target(tmp_path, 3).detail

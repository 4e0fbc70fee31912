"""The Paris Connection terminal renderer: draws every view, labels hexes like the notation,
and shows a seat nothing that differs between worlds it cannot tell apart."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from belle.bots import make_bot
from belle.cli.common import renderer
from belle.cli.texts import Words
from belle.engine import load_game, play_match, replay
from belle.games.paris_connection import render as pc_render
from belle.games.paris_connection.rules import BOARD

GAME = "paris_connection"


def text_of(view: dict[str, Any], width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(pc_render.render(view))
    return out.getvalue()


def test_the_cli_finds_the_game_renderer() -> None:
    assert renderer(GAME) is pc_render.render


@pytest.mark.parametrize("players", [3, 6])
def test_every_view_of_a_whole_game_renders(players: int) -> None:
    bots = [make_bot("random") for _ in range(players)]
    record = play_match(load_game(GAME), bots, seed=players).record
    total = len(record.actions)
    for upto in sorted({0, 1, 40, total // 3, total // 2, total - 1, total}):
        state = replay(record, upto)
        for seat, width in [(None, 60), (None, 200), *((s, 80) for s in range(players))]:
            drawn = text_of(state.view(seat), width)
            assert ("Your shares" in drawn) == (seat is not None and not state.is_terminal())
    final = text_of(replay(record).view(None))
    assert "Game over" in final and "winner" in final


def test_map_cells_sit_under_their_grid_labels() -> None:
    lines = pc_render.map_text({}).plain.split("\n")
    for index, (q, r) in enumerate(BOARD.coords):
        label = BOARD.labels[index]
        letter, number = label[0], int(label[1:])
        row = lines[1 + 2 * (r - pc_render.MIN_ROW)]
        assert int(row.split()[0]) == number == int(row.split()[-1])
        x = pc_render._x(q, r)
        header = lines[-1] if r & 1 else lines[0]  # shifted rows use the bottom letters
        assert header[x + 1] == letter, label
        assert row[x + 1 : x + 3].strip(), label  # something is drawn in the cell


def test_cities_are_in_the_legend_with_their_labels() -> None:
    drawn = text_of(load_game(GAME).new_initial_state(3).view(None), width=200)
    for index, name in enumerate(BOARD.names):
        if name:
            assert f"{BOARD.labels[index]} {name}" in drawn


def test_a_seat_sees_the_same_table_in_every_world_it_cannot_tell_apart() -> None:
    bots = [make_bot("random") for _ in range(4)]
    record = play_match(load_game(GAME), bots, seed=3).record
    state = replay(record, len(record.actions) // 2)
    rng = random.Random(0)
    for seat in range(4):
        seen = text_of(state.view(seat))
        for _ in range(5):
            assert text_of(state.resample(seat, rng).view(seat)) == seen


def test_hidden_draws_are_described_without_their_outcome() -> None:
    voice = Words().voice("paris_connection", 3)  # the terminal's seats, from 1
    hidden = pc_render.describe_chance(frozenset({1}), None, 10, voice=voice)
    shown = pc_render.describe_chance(frozenset({0}), ["deal R", "deal B"], 2, voice=voice)
    assert str(hidden) == "seat 2 draws 10 locomotives from the bag (hidden)"
    first = pc_render.describe_chance(None, ["first 2"], 1, voice=voice)
    assert str(shown) == "seat 1 draws 2 locomotives: R B"
    assert str(first) == "chance: seat 3 is the start player"
    assert str(pc_render.describe_chance(None, ["first 2"], 1)) == \
        "chance: Player 3 is the start player"  # a renderer's own default: Player n

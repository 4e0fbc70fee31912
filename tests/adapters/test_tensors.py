"""Observation and information-state tensors (belle.adapters.tensors) on every game.

The observation tensor is built from `view(seat)` only, and the information state's
`recall` from the history entries the seat saw (what `information_state_key(seat)`
shows), so a state and any determinization of it for that seat (`resample`) give
identical tensors: whatever differs between them is what the seat may not know.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import belle
from tests.adapters.conftest import GAMES, configurations, need, random_step, walk

np = need("numpy")
tensors = need("belle.adapters.tensors")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"
SAMPLED = 12
"""States checked per playout (spread over the whole game)."""


def _every(game: Any, players: int) -> int:
    """A stride giving about SAMPLED states over a typical random playout."""
    state = game.new_initial_state(players)
    rng = random.Random(99)
    steps = 0
    while not state.is_terminal():
        random_step(state, rng)
        steps += 1
    return max(1, steps // SAMPLED)


@pytest.mark.parametrize("config", configurations())
def test_a_resample_for_the_seat_gives_the_same_tensors(config: Any) -> None:
    game_id, players, options = config
    game = belle.load_game(game_id, **options)
    coder = tensors.Tensors(game, players)
    low, high = coder.observation.bounds()
    rng = random.Random(7)
    for state in walk(game.new_initial_state(players), rng, _every(game, players)):
        for seat in range(players):
            observation = coder.observation_tensor(state, seat)
            information = coder.information_state_tensor(state, seat)
            sample = state.resample(seat, random.Random(rng.random()))
            # recall reads the history through its visibility, not the view: it equals
            # the sample's because the seat's information-state key does (the engine's
            # contract for resample; docs/decisions.md, issue 19).
            assert sample.information_state_key(seat) == state.information_state_key(seat)
            assert np.array_equal(observation, coder.observation_tensor(sample, seat)), \
                _differing(coder.observation, observation, coder.observation_tensor(sample, seat))
            assert np.array_equal(information, coder.information_state_tensor(sample, seat))
            assert observation.dtype == np.float32 and observation.shape == (
                coder.observation.size,)
            assert np.all(observation >= low) and np.all(observation <= high), \
                _outside(coder.observation, observation)
            assert np.array_equal(information[:coder.observation.size], observation)


def _differing(layout: Any, a: Any, b: Any) -> str:
    views_a, views_b = layout.views(a), layout.views(b)
    names = [n for n in views_a if not np.array_equal(views_a[n], views_b[n])]
    return f"segments differing from the resample: {names}"


def _outside(layout: Any, tensor: Any) -> str:
    views = layout.views(tensor)
    names = [s.name for s in layout.segments
             if np.any(views[s.name] < s.low) or np.any(views[s.name] > s.high)]
    return f"segments outside their bounds: {names}"


@pytest.mark.parametrize("game_id", GAMES)
def test_tensors_are_deterministic_and_differ_between_seats(game_id: str) -> None:
    game = belle.load_game(game_id)
    players = game.info.min_players
    coder = tensors.Tensors(game, players)
    state = game.new_initial_state(players)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        random_step(state, rng)
    copy = state.clone()
    for seat in range(players):
        first = coder.observation_tensor(state, seat)
        assert np.array_equal(first, coder.observation_tensor(copy, seat))
        out = np.full(coder.observation.size, 7.0, np.float32)
        assert coder.observation_tensor(state, seat, out=out) is out
        assert np.array_equal(out, first)
        assert first.any()
    seen = {coder.observation_tensor(state, seat).tobytes() for seat in range(players)}
    assert len(seen) == players  # seats are relative: each seat sees itself first


@pytest.mark.parametrize("game_id", GAMES)
def test_recall_counts_what_the_seat_saw(game_id: str) -> None:
    game = belle.load_game(game_id)
    players = game.info.min_players
    coder = tensors.Tensors(game, players)
    state = game.new_initial_state(players)
    rng = random.Random(5)
    for _ in range(40):
        random_step(state, rng)
    start = coder.information_state.offsets["recall"]
    for seat in range(players):
        recall = coder.information_state_tensor(state, seat)[start:]
        assert recall.sum() == len(state.history)
        hidden = sum(1 for seen in state.history_visibility()
                     if seen is not None and seat not in seen)
        assert recall[-1] == hidden


@pytest.mark.parametrize("game_id", GAMES)
def test_layouts_are_sized_from_the_tables(game_id: str) -> None:
    game = belle.load_game(game_id)
    for players in range(game.info.min_players, game.info.max_players + 1):
        layout = tensors.Tensors(game, players).observation
        assert layout.size == sum(s.size for s in layout.segments)
        for segment in layout.segments:
            assert all(size > 0 for _, size in segment.axes), segment
            assert segment.low <= 0 <= segment.high, segment  # an empty view fits
            seats = [size for name, size in segment.axes if name.startswith("seats")]
            assert all(size == players for size in seats), segment


def test_writer_refuses_cells_outside_a_segment() -> None:
    layout = tensors.Layout([tensors.segment("grid", [("rows", 2), ("cols", 3)], "x")])
    writer = tensors.Writer(layout, seat=0, num_players=2)
    writer.one_hot("grid", 2, 1)
    assert writer.tensor().tolist() == [0, 0, 0, 0, 0, 1]
    for bad in ((2, 0), (0, 3), (-1, 0), (0,)):
        with pytest.raises(IndexError):
            writer.flag("grid", True, *bad)


def test_the_docs_hold_every_layout() -> None:
    """docs/research.md holds `python -m belle.adapters.tensors`'s text exactly: every
    segment, its axes, cell count and meaning, and each game's totals."""
    infos = belle.list_games()
    generated = tensors.layouts_markdown([i.id for i in infos],
                                         {i.id: i.min_players for i in infos})
    text = DOCS.read_text(encoding="utf-8")
    assert generated in text, (
        "docs/research.md's tensor layouts are out of date: paste the output of "
        "`python -m belle.adapters.tensors` over them")

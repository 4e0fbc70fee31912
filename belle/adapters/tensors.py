"""Observation and information-state tensors of every game, built from `view(seat)`.

Each game package has a `tensors.py` with two functions:

- `observation_layout(num_players) -> Layout`: the named segments of its observation
  tensor, each with axes whose sizes come from the game's data tables;
- `encode_observation(view, out: Writer) -> None`: fills the segments from the view
  dict of `out.seat` (never from the state), so a tensor can hold nothing the seat
  may not know.

This module holds the vocabulary those files share (`Segment`, `Layout`, `Writer`) and
`Tensors`, which an adapter builds once per game and player count:

- the observation tensor is the game's layout, filled from `state.view(seat)`;
- the information-state tensor is the observation tensor followed by `recall`: per
  dense action id, how many times that action appears in the history entries the seat
  saw (the same entries as `information_state_key`), and in a last cell how many
  entries it did not see. Order is not kept: the exact action-observation history is
  `information_state_key` (OpenSpiel's `information_state_string`).

Seats are relative to the observer: per-seat axes start with the observer and go on in
turn order (`Writer.rel`), so one policy can play every seat. Numbers are divided by
the segment's `scale`; one-hot and flag segments hold 0 or 1. Encoders are
deterministic: they index by ids from the data tables, never by dict order.

`python -m belle.adapters.tensors` prints every game's layouts as Markdown (the
tables of docs/research.md).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

import numpy as np

from belle.engine.game import Game, State

Axis = tuple[str, int]
"""One axis of a segment: its name in the docs and its size."""


@dataclass(frozen=True, slots=True)
class Segment:
    """A named block of a tensor: `doc` says what a cell holds."""

    name: str
    axes: tuple[Axis, ...]
    doc: str
    scale: float = 1.0
    low: float = 0.0
    high: float = 1.0

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(size for _, size in self.axes)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def dims_text(self) -> str:
        """The axes in words, as docs/research.md shows them: `seats × companies`."""
        return " × ".join(name for name, _ in self.axes) or "1"


def segment(name: str, axes: Sequence[Axis], doc: str, *, scale: float = 1.0,
            low: float = 0.0, high: float = 1.0) -> Segment:
    """A Segment; `high=math.inf` for an unbounded count, `low` below 0 for debts."""
    return Segment(name, tuple(axes), doc, scale, low, high)


def number(name: str, doc: str, *, scale: float = 1.0, lead: Sequence[Axis] = (),
           low: float = 0.0, high: float = math.inf) -> Segment:
    """A segment of numbers (divided by `scale`), one per cell of `lead` axes."""
    return Segment(name, tuple(lead), doc, scale, low, high)


def _strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """C-order strides, in cells, of an array of `shape`."""
    strides = []
    step = 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return tuple(reversed(strides))


class Layout:
    """An ordered list of segments: offsets into one flat float32 tensor."""

    def __init__(self, segments: Iterable[Segment]) -> None:
        self.segments = tuple(segments)
        names = [s.name for s in self.segments]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate segment names in {names}")
        self.offsets: dict[str, int] = {}
        self.spans: dict[str, tuple[int, int, tuple[int, ...], float]] = {}
        offset = 0
        for seg in self.segments:
            self.offsets[seg.name] = offset
            self.spans[seg.name] = (offset, offset + seg.size, seg.shape, seg.scale)
            offset += seg.size
        self.size = offset
        self.by_name = {s.name: s for s in self.segments}
        self.strides = {
            name: (start, _strides(shape), shape)
            for name, (start, _, shape, _) in self.spans.items()
        }

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Lowest and highest value of every cell (a gymnasium Box's bounds)."""
        low = np.empty(self.size, np.float32)
        high = np.empty(self.size, np.float32)
        for seg in self.segments:
            start = self.offsets[seg.name]
            low[start:start + seg.size] = seg.low
            high[start:start + seg.size] = seg.high
        return low, high

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Each segment as a shaped view into the flat `tensor` (OpenSpiel's `dict`)."""
        return {name: tensor[start:stop].reshape(shape)
                for name, (start, stop, shape, _) in self.spans.items()}

    def markdown(self) -> str:
        """The layout as a Markdown table: segment, axes, size, meaning."""
        rows = ["| segment | axes | cells | a cell holds |", "|---|---|---|---|"]
        for seg in self.segments:
            doc = seg.doc if seg.scale == 1 else f"{seg.doc} (÷ {seg.scale:g})"
            rows.append(f"| `{seg.name}` | {seg.dims_text()} | {seg.size} | {doc} |")
        return "\n".join(rows)


class Writer:
    """One tensor being filled for `seat`: a game's encoder writes through this.

    Cells are gathered in a dict (flat index → value) and copied into a numpy tensor
    once at the end (`tensor()`): most cells stay 0, and one numpy scalar write costs
    more than the Python bookkeeping of a cell. Indexes are checked against the shape.
    """

    def __init__(self, layout: Layout, seat: int, num_players: int) -> None:
        self.layout = layout
        self.seat = seat
        self.players = num_players
        self.cells: dict[int, float] = {}

    def rel(self, seat: int) -> int:
        """`seat` counted from the observer in turn order (the observer is 0)."""
        return (seat - self.seat) % self.players

    def at(self, name: str, index: tuple[int, ...]) -> int:
        """The flat position of cell `index` of segment `name`."""
        start, strides, shape = self.layout.strides[name]
        axes = len(shape)
        if len(index) == axes:  # the frequent shapes first: this is the hot path
            if axes == 0:
                return start
            if axes == 1 and 0 <= index[0] < shape[0]:
                return start + index[0]
            if axes == 2 and 0 <= index[0] < shape[0] and 0 <= index[1] < shape[1]:
                return start + index[0] * strides[0] + index[1]
            if axes > 2 and all(0 <= i < n for i, n in zip(index, shape, strict=True)):
                return start + sum(i * s for i, s in zip(index, strides, strict=True))
        raise IndexError(f"index {index} is outside segment {name!r} of shape {shape}")

    def flag(self, name: str, on: bool, *index: int) -> None:
        """Cell `index` of `name` is 1 if `on`."""
        if on:
            self.cells[self.at(name, index)] = 1.0

    def one_hot(self, name: str, choice: int | None, *lead: int) -> None:
        """Along the last axis of `name`, cell `choice` is 1 (none when `choice` is None)."""
        if choice is not None:
            self.cells[self.at(name, (*lead, choice))] = 1.0

    def many_hot(self, name: str, choices: Iterable[int], *lead: int) -> None:
        """Along the last axis of `name`, each cell in `choices` is 1."""
        for choice in choices:
            self.cells[self.at(name, (*lead, choice))] = 1.0

    def put(self, name: str, value: float | None, *index: int) -> None:
        """Cell `index` of `name` holds `value` / the segment's scale (0 for None).

        Each cell is written once per tensor (a cell left alone is 0), so a 0 needs no
        write (nor an index check: this is the hot path of every encoder).
        """
        if value:
            self.cells[self.at(name, index)] = value / self.layout.spans[name][3]

    def row(self, name: str, values: Sequence[float | None], *lead: int) -> None:
        """The cells along the last axis of `name`, from its first, hold `values` / scale."""
        shape = self.layout.strides[name][2]
        if len(lead) != len(shape) - 1 or len(values) > shape[-1]:
            raise IndexError(f"{len(values)} values at {lead} for segment {name!r} {shape}")
        at = self.at(name, (*lead, 0))
        scale = self.layout.spans[name][3]
        for offset, value in enumerate(values):
            if value:
                self.cells[at + offset] = value / scale

    def add(self, name: str, value: float, *index: int) -> None:
        """Add `value` / scale to cell `index` of `name` (counts of repeated items)."""
        at = self.at(name, index)
        self.cells[at] = self.cells.get(at, 0.0) + value / self.layout.spans[name][3]

    def seats_hot(self, name: str, seats: Iterable[int], *lead: int) -> None:
        """Along the last (seats) axis, the cells of these absolute seats, made relative."""
        self.many_hot(name, (self.rel(s) for s in seats), *lead)

    def tensor(self, out: np.ndarray | None = None) -> np.ndarray:
        """The flat float32 tensor (written into `out`, zeroed first, if given)."""
        if out is None:
            out = np.zeros(self.layout.size, np.float32)
        else:
            out.fill(0.0)
        cells = self.cells
        if cells:
            out[np.fromiter(cells.keys(), np.intp, len(cells))] = np.fromiter(
                cells.values(), np.float32, len(cells))
        return out


def index_of(names: Iterable[str]) -> dict[str, int]:
    """A lookup from each name to its position (vocabularies taken from data tables)."""
    return {name: i for i, name in enumerate(names)}


def seats_axis(num_players: int) -> Axis:
    return ("seats (observer first)", num_players)


class GameTensors(Protocol):
    """What a game's tensors.py module provides."""

    def observation_layout(self, num_players: int) -> Layout: ...

    def encode_observation(self, view: Mapping[str, Any], out: Writer) -> None: ...


def game_module(game_id: str) -> ModuleType:
    """The game's tensors module, `belle.games.<id>.tensors`."""
    return importlib.import_module(f"belle.games.{game_id}.tensors")


class Tensors:
    """The observation and information-state tensors of one game at one player count."""

    def __init__(self, game: Game[Any], num_players: int) -> None:
        game.check_players(num_players)
        self.game = game
        self.num_players = num_players
        self.module = game_module(game.info.id)
        self.num_actions = game.num_distinct_actions(num_players)
        self.observation = Layout(self.module.observation_layout(num_players).segments)
        recall = segment(
            "recall", [("actions + 1", self.num_actions + 1)],
            "times each dense action id appears among the history entries the seat saw; "
            "last cell: entries it did not see",
            high=math.inf)
        self.information_state = Layout([*self.observation.segments, recall])
        # The codec's own action objects, by identity: games hand them out, and an
        # action's hash costs far more than its id (the codec's index is by hash).
        actions = game.new_initial_state(num_players).notation.dense.actions
        self._by_id = {id(action): i for i, action in enumerate(actions)}

    def observation_tensor(self, state: State[Any], seat: int,
                           out: np.ndarray | None = None) -> np.ndarray:
        """The seat's observation tensor, written into `out` if given."""
        writer = self._writer(self.observation, seat, out)
        self.module.encode_observation(state.view(seat), writer)
        return writer.tensor(out)

    def information_state_tensor(self, state: State[Any], seat: int,
                                 out: np.ndarray | None = None) -> np.ndarray:
        """The observation tensor followed by the seat's recall counts."""
        writer = self._writer(self.information_state, seat, out)
        self.module.encode_observation(state.view(seat), writer)
        cells = writer.cells
        start = self.information_state.offsets["recall"]
        hidden = start + self.num_actions
        by_id, to_int = self._by_id, state.action_to_int
        for action, seen_by in zip(state.history, state.history_visibility(), strict=True):
            if seen_by is None or seat in seen_by:
                index = by_id.get(id(action))
                at = start + (to_int(action) if index is None else index)
            else:
                at = hidden
            cells[at] = cells.get(at, 0.0) + 1.0
        return writer.tensor(out)

    def _writer(self, layout: Layout, seat: int, out: np.ndarray | None) -> Writer:
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be from 0 to {self.num_players - 1}, not {seat!r}")
        if out is not None and (out.shape != (layout.size,) or out.dtype != np.float32):
            raise ValueError(f"out must be a float32 array of shape ({layout.size},)")
        return Writer(layout, seat, self.num_players)


def layouts_markdown(game_ids: Sequence[str], players: Mapping[str, int]) -> str:
    """Every game's observation layout as Markdown, with its sizes at `players[id]`."""
    from belle.engine.registry import load_game

    parts = []
    for game_id in game_ids:
        game = load_game(game_id)
        tensors = Tensors(game, players[game_id])
        about = " ".join((tensors.module.__doc__ or "").split("\n\n", 1)[-1].split())
        parts.append(
            f"### `{game_id}`\n\n{about}\n\n{tensors.observation.markdown()}\n\n"
            f"At {players[game_id]} players: observation {tensors.observation.size} cells, "
            f"information state {tensors.information_state.size} "
            f"(+ `recall`, {tensors.num_actions + 1} cells).")
    return "\n\n".join(parts)


def main() -> None:
    from belle.engine.registry import list_games

    infos = list_games()
    print(layouts_markdown([i.id for i in infos], {i.id: i.min_players for i in infos}))


if __name__ == "__main__":
    main()


__all__ = [
    "Axis", "GameTensors", "Layout", "Segment", "Tensors", "Writer", "index_of", "number",
    "seats_axis", "segment",
]

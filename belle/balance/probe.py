"""What `belle balance` reads from one played game: the `Probe` protocol and its default.

A probe turns a finished game into `GameFacts`: who held each reconstructed element at
the end, the score components, the start player, the game's length and why it ended.
It reads the state only through the public protocol (`to_json`, `view`,
`score_breakdown`, `ranking`, `history`) and the match record's action log, never a
State's attributes, so engine changes by others fail a probe's tests loudly instead of
skewing its figures silently.

The default `Probe` works on any registered game: no elements, the breakdown's own
components, `start_player` and `end_reason` from `to_json()` when the game has them.
Games subclass it in `belle.balance.games.<id>`, listing the elements a player can hold
from the game's data.py with their provenance tags (the bounds judge the ones tagged
`reconstructed`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from belle.engine.game import State
from belle.engine.record import MatchRecord

RECONSTRUCTED = "reconstructed"
"""The provenance tag of a value nobody told us (design.md: data.py of each game)."""


class ProbeError(Exception):
    """A finished game no longer looks as the probe expects (an engine changed): the
    game counts as failed, with this message, rather than giving wrong figures."""


@dataclass(frozen=True, slots=True)
class Element:
    """A thing a player can hold or use: a card, tile, figure, line... with the provenance
    tag data.py gives it. Only `reconstructed` ones are judged by the bounds; the others
    are reported beside them (a seed tile whose holders always win points at the
    reconstructed values around it, as Paris' tile 27 at the reconstructed banks).

    `id` is stable across runs (reports are compared by it); `name` is what a report shows.
    """

    id: str
    kind: str
    name: str
    provenance: str

    @property
    def reconstructed(self) -> bool:
        return self.provenance == RECONSTRUCTED


@dataclass(slots=True)
class GameFacts:
    """What one finished game says, as plain data (it crosses process boundaries)."""

    holders: dict[str, list[int]]
    available: list[str]
    start_player: int
    lengths: dict[str, int]
    end_reason: str
    fallback: bool
    facts: dict[str, bool]
    components: list[list[tuple[str, float]]]


class Tracker:
    """Watches a game while it is played (the referee's `on_action` hook).

    `observe` gets the true state before each action: a probe may note what only the
    moment shows (a card under decision, a score before a payment). It never reaches a bot.
    The default watches nothing.
    """

    watches = False

    def observe(self, state: State[Any], action: Any) -> None:
        """Called before `action` is applied to `state` (only if `watches`)."""


@dataclass(slots=True)
class Played:
    """A finished game as the probe sees it."""

    state: State[Any]
    record: MatchRecord
    tracker: Tracker
    full: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.full:
            self.full = self.state.to_json()

    def moves(self) -> list[tuple[int, str]]:
        """(seat, notation) of every player action, in order (chance left out)."""
        return [(entry.player, entry.text) for entry in self.record.actions
                if entry.player >= 0]


class Probe:
    """The generic probe: works on any registered game (see the module docstring)."""

    game_id = ""

    def elements(self) -> list[Element]:
        """Every element a player can hold, tagged as in data.py."""
        return []

    def tracker(self, players: int) -> Tracker:
        return Tracker()

    def inspect(self, played: Played) -> GameFacts:
        reason, fallback = self.end(played)
        return GameFacts(
            holders=self.holders(played),
            available=self.available(played),
            start_player=self.start_player(played),
            lengths=self.lengths(played),
            end_reason=reason,
            fallback=fallback,
            facts=self.facts(played),
            components=self.components(played),
        )

    # -- the parts a game may override ---------------------------------------
    def holders(self, played: Played) -> dict[str, list[int]]:
        """Element id -> the seats that hold (or used) it at the end."""
        return {}

    def available(self, played: Played) -> list[str]:
        """The elements in play this game (default: all of them)."""
        return [element.id for element in self.elements()]

    def start_player(self, played: Played) -> int:
        value = played.full.get("start_player")
        return value if isinstance(value, int) else 0

    def lengths(self, played: Played) -> dict[str, int]:
        """Game-length measures besides actions: rounds, turns... (default: `round`)."""
        value = played.full.get("round")
        return {"rounds": value} if isinstance(value, int) else {}

    def end(self, played: Played) -> tuple[str, bool]:
        """Why the game ended, and whether that is a reconstructed fallback ending.

        The engines name a reconstructed ending so in its reason ("... (G-11,
        reconstructed)"); a game without `end_reason` ended by its only end condition.
        """
        reason = played.full.get("end_reason")
        if not isinstance(reason, str) or not reason:
            return ("the game's end condition", False)
        return (reason, RECONSTRUCTED in reason)

    def facts(self, played: Played) -> dict[str, bool]:
        """Per-game yes/no measures that bounds read (e.g. "VP tile 3 placed")."""
        return {}

    def components(self, played: Played) -> list[list[tuple[str, float]]]:
        """Per seat, (component group, points) from `score_breakdown`."""
        return [
            [(self.component_group(str(line["component"])), float(line["points"]))
             for line in lines]
            for lines in played.state.score_breakdown()
        ]

    def share_groups(self) -> dict[str, tuple[str, ...]]:
        """Named sums of components whose VP share the report estimates as one (a
        bound may judge a group, e.g. Bruxelles' "building")."""
        return {}

    def component_group(self, component: str) -> str:
        """The report's name for a breakdown component (default: itself)."""
        return component


def seats_where(per_seat: Sequence[Any], test: Any) -> list[int]:
    """The seats whose entry passes `test`."""
    return [seat for seat, value in enumerate(per_seat) if test(value)]


def top_holders(counts: Mapping[int, int]) -> list[int]:
    """The seats with the most (at least one) of something; ties share."""
    best = max(counts.values(), default=0)
    return sorted(seat for seat, n in counts.items() if n == best and n > 0)

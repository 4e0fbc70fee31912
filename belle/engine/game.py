"""The game protocol: `GameInfo`, `Game` and `State`, shaped like OpenSpiel's.

A `Game` is an immutable configuration (options resolved against its schema) and a
factory of `State`s. A `State` is one playthrough. Chance is a player (`CHANCE`):
its `chance_outcomes()` list what may happen and the referee samples them, so a
match is fully described by its action log.

Every public entry point is checked; `State._apply` is the unchecked path for
search code that has taken an action from `legal_actions()` itself.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from belle.engine.codec import ActionNotation
from belle.engine.errors import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
)
from belle.engine.options import OptionSpec, OptionValue, resolve_options

CHANCE = -1
"""`State.current_player()` at a chance node."""
TERMINAL = -4
"""`State.current_player()` once the game is over."""

A = TypeVar("A", bound=Hashable)

ScoreLine = dict[str, Any]
"""One line of a score breakdown: {"component": str, "points": int, "detail": str}."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What kind of game this is, declared at the top of each game package."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = field(default=())
    has_chance: bool = True
    has_hidden_info: bool = True
    summary: str = ""

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise OptionError(f"{self.id} has no option {name!r}")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.to_json() for spec in self.options],
            "has_chance": self.has_chance,
            "has_hidden_info": self.has_hidden_info,
            "summary": self.summary,
        }


class Game(ABC, Generic[A]):
    """An immutable game configuration; `new_initial_state` starts a playthrough."""

    info: ClassVar[GameInfo]

    def __init__(self, **options: object) -> None:
        self._options = resolve_options(self.info.options, options)

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return dict(self._options)

    def option(self, name: str) -> OptionValue:
        return self._options[name]

    def check_players(self, num_players: int) -> None:
        info = self.info
        if not isinstance(num_players, int) or not (
            info.min_players <= num_players <= info.max_players
        ):
            raise OptionError(
                f"{info.title} is for {info.min_players}–{info.max_players} players, "
                f"not {num_players}"
            )

    @classmethod
    def options_for_record(
        cls, options: Mapping[str, object], engine_version: str
    ) -> dict[str, object]:
        """The options, in today's schema, that replay a match recorded by engine
        `engine_version` with `options`. A game whose rules changed maps the versions
        before the change to an option that keeps the old rules, so old records keep
        replaying; by default the options are taken as they are."""
        return dict(options)

    def new_initial_state(self, num_players: int) -> State[A]:
        self.check_players(num_players)
        return self._new_initial_state(num_players)

    @abstractmethod
    def _new_initial_state(self, num_players: int) -> State[A]: ...

    @abstractmethod
    def num_distinct_actions(self, num_players: int) -> int:
        """Size of the dense int action codec for this player count."""

    def __repr__(self) -> str:
        return f"load_game({self.info.id!r}, **{self._options!r})"


class State(ABC, Generic[A]):
    """One playthrough of a game. Subclasses implement the abstract methods."""

    game: Game[A]
    num_players: int
    history: list[A]

    # -- whose turn ------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat index, `CHANCE` or `TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # -- moves -----------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The current player's legal actions (the outcomes, at a chance node)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[A, float]]:
        """At a chance node: every outcome with its probability."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Apply a legal action without checking it (search only). Appends to history."""

    def apply_action(self, action: A) -> None:
        """Apply `action` if it is legal; otherwise raise and leave the state unchanged."""
        if not isinstance(action, Hashable):
            raise InvalidActionError(f"{action!r} is not an action of {self.game.info.title}")
        if self.current_player() == TERMINAL:
            raise IllegalActionError("the game is over: no action is legal")
        if not self.is_legal(action):
            raise IllegalActionError(self._illegal_message(action, self.legal_actions()))
        self._apply(action)

    def is_legal(self, action: A) -> bool:
        """Whether `action` is legal now; games may override with a faster test."""
        return action in self.legal_actions()

    def apply_action_for(self, seat: int, action: A) -> None:
        """Apply `action` on behalf of `seat`, refusing it when it is not that seat's turn."""
        player = self.current_player()
        if player != seat:
            if player == TERMINAL:
                raise IllegalActionError("the game is over: no action is legal")
            whose = "chance" if player == CHANCE else f"seat {player}"
            raise NotYourTurnError(f"it is not seat {seat}'s turn: {whose} is to move")
        self.apply_action(action)

    def _illegal_message(self, action: A, legal: list[A]) -> str:
        try:
            text = self.action_to_string(action)
        except GameErrorTypes:
            text = repr(action)
        shown = ", ".join(self.action_to_string(a) for a in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        return f"{text!r} is not legal now; legal: {shown}{more}"

    # -- copies ----------------------------------------------------------
    @abstractmethod
    def clone(self) -> State[A]:
        """An independent copy (hand-written: no deepcopy on the hot path)."""

    # -- results ---------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """Points per seat (final VP once terminal, running score before)."""

    @abstractmethod
    def ranking(self) -> list[int]:
        """Place per seat after tie-breaks: 0 = first; tied seats share a place."""

    @abstractmethod
    def score_breakdown(self) -> list[list[ScoreLine]]:
        """Per seat, the components of its score: {component, points, detail}."""

    def winners(self) -> list[int]:
        ranking = self.ranking()
        return [seat for seat, place in enumerate(ranking) if place == 0]

    # -- information -----------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know, JSON-able; `None` is a spectator."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> State[A]:
        """A full state consistent with everything `seat` knows (its determinization)."""

    @abstractmethod
    def chance_visibility(self, action: A) -> frozenset[int] | None:
        """Seats that may see this chance outcome; `None` if everyone may."""

    def player_action_visibility(self, action: A) -> frozenset[int] | None:
        """Seats that may see this player action; `None` (the default) if everyone may.

        A game overrides this for the rare action whose content is secret, such as a
        card chosen from a hidden pile: the others learn only that an action was taken.
        """
        return None

    def reveals_to_mover(self, action: A) -> bool:
        """Whether the player action `action`, legal here, shows its player something
        hidden (such as a look at a face-down pile). False by default: in most games
        hidden things reach a seat only through chance outcomes. The undo policy
        (belle.engine.undo) never takes such an action back.
        """
        return False

    def public_action_text(self, action: A) -> str:
        """What seats that may not see a secret player action are told of it."""
        return "a secret move"

    def action_visibility(self, action: A) -> frozenset[int] | None:
        """Who may see `action`, about to be applied here (chance outcome or move)."""
        if self.current_player() == CHANCE:
            return self.chance_visibility(action)
        return self.player_action_visibility(action)

    def history_visibility(self) -> list[frozenset[int] | None]:
        """Visibility of each history entry (None = public), aligned with `history`."""
        return list(self._visibility)

    def information_state_key(self, seat: int) -> str:
        """A key equal for exactly the states `seat` cannot tell apart."""
        parts = []
        for action, seen_by in zip(self.history, self._visibility, strict=True):
            if seen_by is None or seat in seen_by:
                parts.append(self.action_to_string(action))
            else:
                parts.append("?")
        return f"{seat}|" + ";".join(parts)

    _visibility: list[frozenset[int] | None]

    def _log(self, action: A) -> None:
        """Append `action` to the history with its visibility; call before applying it."""
        seen_by = self.action_visibility(action)
        self.history.append(action)
        self._visibility.append(seen_by)

    # -- notation and codecs --------------------------------------------
    notation: ClassVar[ActionNotation[Any]]
    """The game's codecs (its actions module's NOTATION); the methods below use it."""

    def action_to_string(self, action: A) -> str:
        return self.notation.to_string(action)

    def parse_action(self, text: str) -> A:
        """Parse the game's notation; raise InvalidActionError on malformed text."""
        parsed: A = self.notation.parse(text)
        return parsed

    def action_to_json(self, action: A) -> Any:
        return self.notation.to_json(action)

    def action_from_json(self, data: Any) -> A:
        """Decode a wire action; raise InvalidActionError on anything malformed."""
        decoded: A = self.notation.from_json(data)
        return decoded

    def action_to_int(self, action: A) -> int:
        return self.notation.dense.to_int(action)

    def action_from_int(self, index: int) -> A:
        decoded: A = self.notation.dense.from_int(index)
        return decoded

    # -- serialization ---------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole true state, hidden parts included (tests, snapshots)."""

    def heuristic(self, seat: int) -> float:
        """A per-game estimate of how well `seat` is doing (greedy bots)."""
        scores = self.returns()
        others = [s for i, s in enumerate(scores) if i != seat]
        return scores[seat] - (max(others) if others else 0.0)

    def __str__(self) -> str:
        return f"{self.game.info.id} after {len(self.history)} actions"


GameErrorTypes = (InvalidActionError, IllegalActionError, ValueError, KeyError, TypeError)


def rank_by_keys(keys: list[tuple[float, ...]]) -> list[int]:
    """Places from sort keys (higher is better); equal keys share a place."""
    places = []
    for key in keys:
        places.append(sum(1 for other in keys if other > key))
    return places

"""The game protocol: `GameInfo`, `Game` and `State`, shaped like OpenSpiel's.

A `Game` is an immutable configuration (options resolved against its schema) and a
factory of `State`s. A `State` is one playthrough. Chance is a player (`CHANCE`):
its `chance_outcomes()` list what may happen and the referee samples them, so a
match is fully described by its action log.

Every public entry point is checked; `State._apply` is the unchecked path for
search code that has taken an action from `legal_actions()` itself.

A game may change its rules after matches were recorded (a rules fix, corrected
data). Each such change is a *rules revision*, one way for every game: the game
declares the option `rules_version` (`rules_version_option`, its default the current
revision) and `GameInfo.revisions`, the engine versions from which each revision after
the first applies. A record keeps its engine version; `Game.options_for_record` fills
in the revision that version played when the record's options do not name it, so
`belle.engine.load_recorded_game` replays it under the rules it was played with.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from belle.engine.codec import ActionNotation
from belle.engine.errors import (
    GameError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    SeatError,
)
from belle.engine.options import OptionSpec, OptionValue, resolve_options
from belle.engine.texts import TEXTS, typed
from belle.i18n.text import Message
from belle.i18n.text import seat as text_seat

SHOWN_LEGAL = 12
"""Legal moves an illegal-move refusal names (and how many more there are)."""
CHANCE = -1
"""`State.current_player()` at a chance node."""
TERMINAL = -4
"""`State.current_player()` once the game is over."""

A = TypeVar("A", bound=Hashable)
E = TypeVar("E", bound=GameError)

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
    revisions: tuple[str, ...] = field(default=())
    """Engine versions (oldest first) from which rules revisions 2, 3, … apply; a record
    from an engine older than the first plays revision 1. A game with revisions
    declares the option `rules_version` (rules_version_option)."""

    def __post_init__(self) -> None:
        spec = next((o for o in self.options if o.name == RULES_VERSION), None)
        if (spec is None) != (not self.revisions) or (
            spec is not None and (spec.default, spec.minimum, spec.maximum)
            != (self.revision, 1, self.revision)
        ):
            raise ValueError(f"{self.id}: GameInfo.revisions {self.revisions!r} needs the "
                             f"option {RULES_VERSION!r} from 1 to {self.revision}, "
                             "defaulting to the current revision (rules_version_option)")

    @property
    def revision(self) -> int:
        """The current rules revision (1 for a game whose rules never changed)."""
        return len(self.revisions) + 1

    def revision_for(self, engine_version: str) -> int:
        """The rules revision a record written by `engine_version` was played under.

        A version that names no numbers (a hand-written record: "unknown") is taken to
        be current.
        """
        played = version_key(engine_version)
        if played is None:
            return self.revision
        return 1 + sum(1 for since in self.revisions if (version_key(since) or ()) <= played)

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
    def revision(self) -> int:
        """The rules revision this configuration plays (its option `rules_version`)."""
        revision = self._options.get(RULES_VERSION, 1)
        return revision if isinstance(revision, int) else 1

    def at_revision(self, revision: int) -> Game[A]:
        """This configuration under rules revision `revision` (to replay old records)."""
        if not self.info.revisions:
            if revision != 1 or isinstance(revision, bool) or not isinstance(revision, int):
                raise OptionError(f"{self.info.title} has only rules revision 1, "
                                  f"not {revision!r}")
            return self
        return type(self)(**{**self._options, RULES_VERSION: revision})

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
            raise TEXTS.error(
                OptionError, "engine.option.players",
                f"{info.title} is for {info.min_players}–{info.max_players} players, "
                f"not {num_players}",
                game=info.title, low=info.min_players, high=info.max_players,
                count=typed(num_players))

    @classmethod
    def options_for_record(
        cls, options: Mapping[str, object], engine_version: str
    ) -> dict[str, object]:
        """The options, in today's schema, that replay a match recorded by engine
        `engine_version` with `options`: where they do not name a `rules_version` and
        that engine played an older revision (GameInfo.revisions), that revision. A game
        whose options were renamed since extends this to translate them."""
        upgraded = dict(options)
        played = cls.info.revision_for(engine_version)
        if RULES_VERSION not in upgraded and played != cls.info.revision:
            upgraded[RULES_VERSION] = played
        return upgraded

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

    def legal_action_ints(self) -> list[int]:
        """`legal_actions()` as dense ints, in the same order (the AI adapters' form).

        A game may override it to build the ints straight from int tables where its
        lists are long: converting each action costs more than listing it.
        """
        return self.notation.dense.ints(self.legal_actions())

    def chance_outcome_ints(self) -> list[tuple[int, float]]:
        """`chance_outcomes()` with dense ints for the actions, in the same order."""
        outcomes = self.chance_outcomes()
        ints = self.notation.dense.ints([action for action, _ in outcomes])
        return list(zip(ints, [p for _, p in outcomes], strict=True))

    def sample_chance(self, rng: random.Random) -> A:
        """At a chance node: one outcome drawn with the probabilities of
        `chance_outcomes()`, for search (a bot rolls out thousands of games a second).

        Games may override it with a faster draw of the same distribution. The referee
        keeps its own draw (belle.engine.referee.sample_chance), so seeded matches and
        their records never depend on such an override.
        """
        return draw_outcome(self.chance_outcomes(), rng)

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Apply a legal action without checking it (search only). Appends to history."""

    def apply_action(self, action: A) -> None:
        """Apply `action` if it is legal; otherwise raise and leave the state unchanged.

        Anything that is not one of the game's own actions (another type, a field out of
        range or of the wrong type, an object whose comparison fails) raises
        InvalidActionError before the state is looked at.
        """
        if self.notation.dense.by_id.get(id(action), _UNKNOWN) is not action:
            action = self.known_action(action)
        if self.current_player() == TERMINAL:
            raise self._refuse(IllegalActionError, "engine.refuse.game_over")
        if not self.is_legal(action):
            raise self._with_reason(self._illegal(action, self.legal_actions()), action)
        self._apply(action)

    def known_action(self, action: object) -> A:
        """The game's own (prebuilt) action equal to `action`, of the very same shape.

        Raises InvalidActionError for anything else. Equality alone is not enough:
        `Take(True)` equals `Take(1)` and `(1.0, 2)` equals `(1, 2)` in Python, but they
        are not actions the game made, so types must match field by field too.
        """
        dense = self.notation.dense
        try:
            index = dense.index.get(action)
        except Exception:  # unhashable, or a __hash__ / __eq__ that raises
            index = None
        if index is not None:
            known: A = dense.actions[index]
            if known is action or same_shape(known, action):
                return known
        title = self.game.info.title
        raise self._refuse(InvalidActionError, "engine.refuse.not_action",
                           f"{safe_repr(action)} is not an action of {title}", game=title)

    def is_legal(self, action: A) -> bool:
        """Whether `action` is legal now; games may override with a faster test."""
        return action in self.legal_actions()

    def apply_action_for(self, seat: int, action: A) -> None:
        """Apply `action` on behalf of `seat`, refusing it when it is not that seat's turn."""
        player = self.current_player()
        if player != seat:
            if player == TERMINAL:
                raise self._refuse(IllegalActionError, "engine.refuse.game_over")
            if player == CHANCE:
                raise self._refuse(NotYourTurnError, "engine.refuse.not_your_turn.chance")
            raise self._refuse(NotYourTurnError, "engine.refuse.not_your_turn",
                               player=text_seat(player))
        self.apply_action(action)

    def why_illegal(self, action: A) -> Message | None:
        """Why the seat to move may not make `action` now, as a message of the game's
        catalogue (`{"id", "params"}`, worded in a reader's language by
        belle.i18n; None when it is legal now).

        The game's own reason (`refusal`: "that space is taken", "not enough francs:
        costs 5, you have 3") when it has one, else a general one: the game is over, a
        random draw comes next, this kind of move cannot be made at this point of the
        turn, or this move is not possible now. It reads only what the seat to move may
        know (the board and its own holdings): ask it for that seat only.
        """
        action = self.known_action(action)
        player = self.current_player()
        if player == TERMINAL:
            return TEXTS.message("engine.refuse.game_over")
        if player == CHANCE:
            return TEXTS.message("engine.refuse.not_your_turn.chance")
        if self.is_legal(action):
            return None
        found = self.refusal(action)
        if found is not None:
            return found
        wanted = self.action_kind(action)
        if any(self.action_kind(a) == wanted for a in self.legal_actions()):
            return TEXTS.message("engine.why.not_now")
        return TEXTS.message("engine.why.wrong_moment")

    def refusal(self, action: A) -> Message | None:
        """The game's own reason why `action`, not legal now for the seat to move, is
        refused (None: no specific reason; `why_illegal` then gives a general one). Each
        game words its common refusals in its refusals.py, citing the rules."""
        return None

    def action_kind(self, action: A) -> str:
        """An action's kind: the `type` of its wire form (its class name otherwise)."""
        try:
            wire = self.action_to_json(action)
        except GameError:
            return type(action).__name__
        return str(wire.get("type")) if isinstance(wire, dict) else type(action).__name__

    def _refuse(self, kind: type[E], message_id: str, /, english: str | None = None,
                **params: Any) -> E:
        """The refusal `kind` with the engine's message `message_id`, of this game."""
        refused = TEXTS.error(kind, message_id, english, **params)
        refused.domain = self.game.info.id
        return refused

    def _illegal(self, action: A, legal: list[A]) -> IllegalActionError:
        """The refusal of `action`, naming the mover's legal moves (which their table
        shows them anyway: nothing hidden)."""
        try:
            text = self.action_to_string(action)
        except Exception:  # a message must never fail, whatever the action holds
            text = safe_repr(action)
        shown = [self.action_to_string(a) for a in legal[:SHOWN_LEGAL]]
        more = len(legal) - SHOWN_LEGAL
        if more > 0:
            return self._refuse(IllegalActionError, "engine.refuse.not_legal.more",
                                action=text, legal=shown, more=more)
        return self._refuse(IllegalActionError, "engine.refuse.not_legal",
                            action=text, legal=shown)

    def _with_reason(self, refused: IllegalActionError, action: A) -> IllegalActionError:
        """`refused` saying why first (`why_illegal`, in English) for whoever reads the
        exception, and holding it as `reason`; its message for a client is unchanged.
        Asked for the seat to move only: the one whose action this is."""
        from belle.i18n.games import texts_of  # belle.i18n.games loads games: not at import

        try:
            reason = self.why_illegal(action)
            why = texts_of(self.game.info.id).english(reason) if reason is not None else None
        except Exception:  # a refusal must never fail for its explanation
            return refused
        if why is not None:
            refused.reason = reason
            refused.args = (f"{why} {refused.args[0]}", *refused.args[1:])
        return refused

    def _illegal_message(self, action: A, legal: list[A]) -> str:
        """The English refusal of `action` (adapters that raise their own error)."""
        return str(self._illegal(action, legal))

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

    def score_if_ended_now(self) -> list[float]:
        """What each seat would score if the game ended now: the game's end scoring
        applied to this position (never changing it), `returns()` once it is over.

        The default is `returns()`, for a game whose running score is already scored as
        at the end (Paris Connection, City of Light). A game whose end adds scoring
        (majorities, secret lines, money) overrides it. It reads only what the end of
        the game reveals to everyone (screens lifted, secret lines shown), so a finished
        game's story may chart it (belle.server.friends.story); each game's docstring
        says what it reads. A live display must not show it to a seat during play.
        """
        return self.returns()

    def winners(self) -> list[int]:
        ranking = self.ranking()
        return [seat for seat, place in enumerate(ranking) if place == 0]

    # -- information -----------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know, JSON-able; `None` is a spectator: the public part
        every viewer shares, and this seat's own part. A seat the game does not have
        raises SeatError (seat -1 is not the last seat)."""
        self.check_seat(seat)
        return {**self.public_view(), **self.private_view(seat)}

    def check_seat(self, seat: int | None) -> None:
        """SeatError unless `seat` is None (a spectator) or one of this game's seats."""
        if seat is not None:
            self.check_player(seat)

    def check_player(self, seat: int) -> None:
        """SeatError unless `seat` is one of this game's seats (not a spectator)."""
        if type(seat) is int and 0 <= seat < self.num_players:
            return
        raise TEXTS.error(SeatError, "engine.seat",
                          f"there is no seat {seat!r} in a game of {self.num_players}",
                          seat=typed(seat), last=self.num_players - 1)

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """The part of every view that every seat and spectator may know, JSON-able.

        It holds no secret of anyone's, so a server builds and encodes it once per state
        and shares it among all viewers (belle.server.table.payloads)."""

    @abstractmethod
    def private_view(self, seat: int | None) -> dict[str, Any]:
        """What only `seat` may know (and `seat` itself), JSON-able; `None`: what a
        spectator sees beyond the public part. Small, and its keys are never the public
        part's: `view(seat)` is the two side by side."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> State[A]:
        """A full state consistent with everything `seat` knows (its determinization).
        A seat the game does not have raises SeatError (`check_player`)."""

    def resampler(self, seat: int) -> Callable[[random.Random], State[A]]:
        """`resample(seat, ·)` for many draws from this state, as a search makes one an
        iteration: each call gives what `resample(seat, rng)` gives for that `rng`. A game
        may work out once what every draw shares; the state must not change meanwhile."""
        self.check_player(seat)
        return functools.partial(self.resample, seat)

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
        """A key equal for exactly the states `seat` cannot tell apart (SeatError for a
        seat the game does not have)."""
        self.check_player(seat)
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

    def heuristics(self, seats: Iterable[int]) -> dict[int, float]:
        """`heuristic(seat)` for each of `seats` (search asks for several at once). A
        game whose heuristic values every seat anyway overrides this to do that once."""
        return {seat: self.heuristic(seat) for seat in seats}

    def __str__(self) -> str:
        return f"{self.game.info.id} after {len(self.history)} actions"


GameErrorTypes = (InvalidActionError, IllegalActionError, ValueError, KeyError, TypeError)

RULES_VERSION = "rules_version"
"""The option that selects a game's rules revision (GameInfo.revisions)."""


def rules_version_option(revisions: tuple[str, ...], help: str) -> OptionSpec:
    """The `rules_version` option of a game with `revisions`: 1 to the current one,
    the current one by default. `help` says what the older revisions replay."""
    latest = len(revisions) + 1
    return OptionSpec(RULES_VERSION, "int", latest, help, minimum=1, maximum=latest)


_UNKNOWN = object()
"""No action of any game: what the identity lookup of apply_action finds for others."""


def draw_outcome(outcomes: list[tuple[A, float]], rng: random.Random) -> A:
    """One of `outcomes` (action, probability) drawn with its probability."""
    roll = rng.random()
    cumulative = 0.0
    for action, probability in outcomes:
        cumulative += probability
        if roll < cumulative:
            return action
    return outcomes[-1][0]


def version_key(version: str) -> tuple[int, ...] | None:
    """"0.2.0" → (0, 2, 0); None for a version that names no numbers."""
    numbers = re.findall(r"\d+", version) if isinstance(version, str) else []
    return tuple(int(n) for n in numbers[:3]) if numbers else None


def same_shape(a: object, b: object) -> bool:
    """Equal values of identical types all the way down (tuples, dataclasses, sets)."""
    try:
        if type(a) is not type(b):
            return False
        if isinstance(a, tuple | list) and isinstance(b, tuple | list):
            return len(a) == len(b) and all(map(same_shape, a, b))
        if isinstance(a, frozenset) and isinstance(b, frozenset):
            return len(a) == len(b) and all(any(same_shape(x, y) for y in b) for x in a)
        if dataclasses.is_dataclass(a):
            return all(same_shape(getattr(a, f.name), getattr(b, f.name))
                       for f in dataclasses.fields(a))
        return bool(a == b)
    except Exception:  # a malformed object (a missing slot, a failing comparison)
        return False


def safe_repr(value: object, limit: int = 80) -> str:
    """A short repr for error messages, whatever `value` is."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rank_by_keys(keys: list[tuple[float, ...]]) -> list[int]:
    """Places from sort keys (higher is better); equal keys share a place."""
    places = []
    for key in keys:
        places.append(sum(1 for other in keys if other > key))
    return places

"""Belle's games as OpenSpiel Python games (`pip install belle[openspiel]`).

Importing this module registers every Belle game with pyspiel as
`belle_<id>`, so OpenSpiel's algorithms load them by name::

    import belle.adapters.openspiel  # registers the games
    import pyspiel
    game = pyspiel.load_game("belle_paris_connection", {"players": 4})

Declaration of every registered game:

- sequential, explicit stochastic chance (every draw is a chance node with its
  probabilities), imperfect information, general-sum, terminal rewards;
- parameters: `players` (default: the game's minimum) and each Belle option (a bool,
  int or string; list options as `+`-separated strings, so game strings round-trip);
- actions are Belle's dense int codec (`action_to_int` / `action_from_int`), chance
  outcomes included, so `num_distinct_actions() == max_chance_outcomes()`;
- `apply_action` is checked, as in OpenSpiel's C++ games: an int that is not among
  `legal_actions()` (or, at a chance node, `chance_outcomes()`) raises
  `IllegalActionError` — also a `pyspiel.SpielError` — and leaves the state as it was;
- `clone()` is Belle's hand-written `clone()` (pyspiel deep-copies the Python side of
  a state, and the one attribute here copies itself with `clone()`);
- Python callers are answered in Python (`apply_action`, `legal_actions`,
  `chance_outcomes`, `clone`, `child`, `history`, `move_number`, ...): pyspiel's own
  would cross into C++ and back into Python for each, which costs as much as a Belle
  action. The history is kept on the Python side; pyspiel's C++ copy of it catches up
  whenever C++ calls into the state (`ApplyAction`, `LegalActions`, `ActionToString`)
  and before `serialize()`, `full_history()` and pickling, so C++ algorithms see it
  whole. Only C++ code that reads `History()` of a state it never otherwise called
  can see it lag; `serialize_game_and_state` then writes the shorter history line
  with a Python side that restores the whole (a round trip gives the same state);
- utility: `(n - 1 - 2·place) / (n - 1)` per seat in [-1, 1] — first place +1, last
  −1, a shared place shares the value (Belle's `ranking()`, tie-breaks applied);
  the final points stay available as `state.belle.returns()`;
- observation and information-state tensors (belle.adapters.tensors: built from the
  seat's `view`, layouts in docs/research.md); information-state strings are Belle's
  `information_state_key(player)` (the action-observation history), observation
  strings the seat's `view` as JSON;
- `resample_from_infostate(player, sampler)` is Belle's `resample` (a determinization
  that keeps everything `player` knows), seeded from the sampler.
"""

from __future__ import annotations

import json
import random
from operator import index
from typing import Any

import pyspiel  # type: ignore[import-not-found]

import belle
from belle.adapters.openspiel_cell import Cell
from belle.adapters.tensors import Layout, Tensors
from belle.engine.errors import IllegalActionError
from belle.engine.game import CHANCE, TERMINAL, Game, GameInfo, State, safe_repr
from belle.engine.options import OptionSpec

PREFIX = "belle_"
MAX_GAME_LENGTH = 100_000
"""An upper bound on the actions of a Belle match (the conformance suite's bound)."""
LIST_SEPARATOR = "+"
"""Between the items of a list option's value: a comma would end the parameter in
OpenSpiel's game strings (`belle_city_of_light(variants=mirror+final_pass)`); a
comma-separated value is still read when passed as a parameter dict."""
SHOWN_LEGAL = 12
"""How many legal actions an illegal-action message lists."""


class OpenSpielIllegalActionError(IllegalActionError, pyspiel.SpielError):  # type: ignore[misc]
    """An int that is not legal here: Belle's IllegalActionError and pyspiel's SpielError."""


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _parameter_default(spec: OptionSpec) -> bool | int | str:
    if isinstance(spec.default, tuple):
        return LIST_SEPARATOR.join(spec.default)
    return spec.default


def _belle_options(info: GameInfo, params: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in info.options:
        if spec.name not in params:
            continue
        value = params[spec.name]
        if spec.kind == "list":
            parts = str(value).replace(",", LIST_SEPARATOR).split(LIST_SEPARATOR)
            value = tuple(p.strip() for p in parts if p.strip())
        options[spec.name] = value
    return options


def game_type(info: GameInfo) -> Any:
    """The pyspiel.GameType declaring Belle game `info`."""
    parameters: dict[str, Any] = {"players": info.min_players}
    for spec in info.options:
        parameters[spec.name] = _parameter_default(spec)
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"Belle {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _game_class(info: GameInfo) -> type:
    """A pyspiel.Game subclass for one Belle game (one class per id, as pyspiel wants)."""
    kind = game_type(info)

    class BelleOpenSpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            players = int(params.get("players", info.min_players))
            self.belle: Game[Any] = belle.load_game(info.id, **_belle_options(info, params))
            self.belle.check_players(players)
            self.num_belle_players = players
            self.tensors = Tensors(self.belle, players)
            self.codec = self.belle.new_initial_state(players).notation.dense
            actions = self.belle.num_distinct_actions(players)
            game_info = pyspiel.GameInfo(
                num_distinct_actions=actions,
                max_chance_outcomes=actions,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(kind, game_info, params)

        def new_initial_state(self) -> BelleOpenSpielState:
            return BelleOpenSpielState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> BelleObserver:
            if params:
                raise ValueError(f"observation parameters not supported: {params}")
            return BelleObserver(self.tensors, _perfect_recall(iig_obs_type))

    BelleOpenSpielGame.__doc__ = f"Belle's {info.title} as an OpenSpiel game."
    BelleOpenSpielGame.__name__ = f"Belle_{info.id}_Game"
    BelleOpenSpielGame.__qualname__ = BelleOpenSpielGame.__name__
    return BelleOpenSpielGame


def _perfect_recall(iig_obs_type: Any) -> bool:
    """Whether OpenSpiel asks for the information state (True) or the observation.

    Only what one seat sees is offered (its view, or its view and recall): a public-only
    or all-players observation type is refused rather than answered wrongly.
    """
    if iig_obs_type is None:
        return False
    if not iig_obs_type.public_info or (
        iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError("Belle games observe one seat at a time (its public and private "
                         "information): public-only or all-players observers are not offered")
    return bool(iig_obs_type.perfect_recall)


class BelleOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a Belle state (`.belle`).

    Python callers get Python answers throughout (`apply_action`, `legal_actions`,
    `clone`, `history`, ...): pyspiel's own would cross into C++ and back into Python
    for each. C++ callers keep pyspiel's, which agree (openspiel_cell's docstring).
    """

    def __init__(self, game: Any, state: State[Any] | None = None) -> None:
        super().__init__(game)
        if state is not None:
            self._cell = Cell(game, state)
        # else the cell is made on first use (__getattr__): pyspiel's Clone() makes a new
        # initial state only to set its `_cell` from the state it copies.

    def __getattr__(self, name: str) -> Any:
        if name != "_cell":
            raise AttributeError(name)
        cell = self._cell = Cell(self.get_game())
        return cell

    @property
    def belle(self) -> State[Any]:
        """The Belle state (a copy of it is yours to change; this one is the adapter's)."""
        return self._cell.belle()

    # -- whose turn and what is legal -------------------------------------
    def current_player(self) -> int:
        # Belle's CHANCE and TERMINAL are OpenSpiel's ids (checked below the class).
        cell = self._cell
        if cell.replaying is not None:  # Cell.flush: pyspiel asks whose entry it is
            return cell.replaying
        return (cell.state or cell.belle()).current_player()

    def _legal_actions(self, player: int) -> list[int]:
        cell = self._cell
        cell.flush(self)  # a C++ caller: its history_ is read next
        return cell.legal_ints()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As pyspiel's `LegalActions(player)`: sorted ints; chance outcomes at a chance
        node; [] when the game is over or `player` is not the one to move."""
        cell = self._cell
        if player is not None:
            current = (cell.state or cell.belle()).current_player()
            if player != current and current != CHANCE:
                if player < 0 and current != TERMINAL:
                    raise pyspiel.SpielError(f"legal_actions called for pseudo-player {player}")
                return []
        return cell.legal_ints()

    def is_chance_node(self) -> bool:
        cell = self._cell
        return (cell.state or cell.belle()).current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._cell.chance_outcomes()

    def apply_action(self, action: int) -> None:
        """Apply a legal int; refuse any other with the state unchanged (checked).

        Applied in Python; pyspiel's C++ history catches up when C++ next asks
        (openspiel_cell.Cell.flush)."""
        cell = self._cell
        state = cell.state or cell.belle()
        player = state.current_player()
        actions = cell.codec.actions
        if type(action) is int and 0 <= action < len(actions) and player != TERMINAL:
            decoded = actions[action]  # the hot path, inline: Cell.decode's first case
            if not state.is_legal(decoded):
                decoded = None
        else:
            decoded = cell.decode(state, player, action)
        if decoded is None:
            raise OpenSpielIllegalActionError(self._illegal_message(action))
        state._apply(decoded)  # legal: is_legal said so
        cell.log = (player, index(action), cell.log)  # the history entry (Cell.log)
        cell.length += 1

    def _apply_action(self, action: int) -> None:
        """pyspiel's C++ `ApplyAction` (C++ callers): it appends to history_ after."""
        cell = self._cell
        if cell.replaying is not None:  # Cell.flush: the Belle state has this action
            return
        cell.flush(self)  # earlier Python moves first, in order
        self.apply_action(action)
        cell.synced += 1

    def child(self, action: int) -> BelleOpenSpielState:
        """A clone with `action` applied."""
        copy = self.clone()
        copy.apply_action(action)
        return copy

    def clone(self) -> BelleOpenSpielState:
        """Belle's `clone()` in a new pyspiel state (whose C++ history_ starts empty and
        catches up when C++ asks)."""
        cell = self._cell
        copy = BelleOpenSpielState(cell.game)
        copy._cell = cell.copy(synced=0)
        return copy

    def _illegal_message(self, action: Any) -> str:
        cell = self._cell
        state = cell.belle()
        if not _is_integer(action):
            return f"an action is an int, not {safe_repr(action)}"
        ordered = cell.legal_ints()
        if not ordered:
            return f"action {action} is not legal: the game is over"
        actions = cell.codec.actions
        shown = ", ".join(f"{i} ({state.action_to_string(actions[i])})"
                          for i in ordered[:SHOWN_LEGAL])
        more = len(ordered) - SHOWN_LEGAL
        rest = f" and {more} more" if more > 0 else ""
        return f"action {action} is not legal now; legal: {shown}{rest}"

    def _action_to_string(self, player: int, action: int) -> str:
        self._cell.flush(self)  # a C++ caller (pyspiel's ActionToString)
        state = self._cell.belle()
        return state.action_to_string(state.action_from_int(int(action)))

    # -- the history (kept by the cell; pyspiel's C++ copy may lag) ----------
    def history(self) -> list[int]:
        return [action for _, action in self._cell.entries()]

    def history_str(self) -> str:
        return ", ".join(str(action) for _, action in self._cell.entries())

    def move_number(self) -> int:
        return int(self._cell.length)

    def is_initial_state(self) -> bool:
        return self._cell.length == 0

    def full_history(self) -> list[Any]:
        self._cell.flush(self)
        return list(pyspiel.State.full_history(self))

    def serialize(self) -> str:
        self._cell.flush(self)
        return str(pyspiel.State.serialize(self))

    def __getstate__(self) -> Any:
        """pickle: pyspiel's form (history, then the cell), its history up to date."""
        self._cell.flush(self)
        return pyspiel.State.__getstate__(self)

    # -- results ----------------------------------------------------------
    def is_terminal(self) -> bool:
        cell = self._cell
        return (cell.state or cell.belle()).is_terminal()

    def returns(self) -> list[float]:
        state = self._cell.belle()
        n = state.num_players
        if not state.is_terminal():
            return [0.0] * n
        return [(n - 1 - 2 * place) / (n - 1) if n > 1 else 1.0 for place in state.ranking()]

    # -- information ------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with `player_id`'s information (Belle's `resample`)."""
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else None
        sample = self._cell.belle().resample(player_id, random.Random(seed))
        clone = self.clone()
        clone._cell.state = sample
        return clone

    def __str__(self) -> str:
        return str(self._cell.belle())


def _is_integer(value: Any) -> bool:
    """An int or a numpy integer, not a bool (pyspiel's ints, as `operator.index` sees)."""
    if isinstance(value, bool):
        return False
    try:
        index(value)
    except TypeError:
        return False
    return True


if (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)) != (CHANCE, TERMINAL):
    raise ImportError("Belle's CHANCE and TERMINAL player ids differ from OpenSpiel's")


class BelleObserver:
    """OpenSpiel's PyObserver: the seat's observation or information-state tensor
    (`tensor`, with each segment of the layout in `dict`) and strings."""

    def __init__(self, tensors: Tensors, perfect_recall: bool) -> None:
        self.tensors = tensors
        self.perfect_recall = perfect_recall
        self.layout: Layout = (
            tensors.information_state if perfect_recall else tensors.observation)
        import numpy as np

        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, Any] = self.layout.views(self.tensor)

    def set_from(self, state: BelleOpenSpielState, player: int) -> None:
        if self.perfect_recall:
            self.tensors.information_state_tensor(state.belle, player, out=self.tensor)
        else:
            self.tensors.observation_tensor(state.belle, player, out=self.tensor)

    def string_from(self, state: BelleOpenSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.belle.information_state_key(player)
        return json.dumps(state.belle.view(player), sort_keys=True, separators=(",", ":"))


def wrap(game: Any, state: State[Any]) -> BelleOpenSpielState:
    """An OpenSpiel state of `game` (a `belle_<id>` pyspiel game) holding Belle `state`.

    OpenSpiel's own history (`history()`, `move_number()`) starts at the wrap: the
    Belle history stays in `state.belle.history`.
    """
    if state.game.info.id != game.belle.info.id or state.num_players != game.num_players():
        raise ValueError(f"a {state.game.info.id} state with {state.num_players} players "
                         f"does not fit {game}")
    return BelleOpenSpielState(game, state)


_REGISTERED: dict[str, type] = {}


def register_all() -> list[str]:
    """Register every Belle game with pyspiel (idempotent); their short names."""
    names = []
    for info in belle.list_games():
        name = short_name(info.id)
        if name not in _REGISTERED:
            game_class = _game_class(info)
            pyspiel.register_game(game_type(info), game_class)
            _REGISTERED[name] = game_class
        names.append(name)
    return names


def load_game(game_id: str, **params: Any) -> Any:
    """`pyspiel.load_game("belle_<game_id>", params)` after registering the games."""
    register_all()
    return pyspiel.load_game(short_name(game_id), params)


register_all()

__all__ = [
    "BelleObserver", "BelleOpenSpielState", "OpenSpielIllegalActionError", "load_game",
    "register_all", "short_name", "wrap",
]

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
  int or string; list options as comma-separated strings);
- actions are Belle's dense int codec (`action_to_int` / `action_from_int`), chance
  outcomes included, so `num_distinct_actions() == max_chance_outcomes()`;
- utility: `(n - 1 - 2·place) / (n - 1)` per seat in [-1, 1] — first place +1, last
  −1, a shared place shares the value (Belle's `ranking()`, tie-breaks applied);
  the final points stay available as `state.belle.returns()`;
- information-state strings are Belle's `information_state_key(player)` (the
  action-observation history); observation strings are the seat's `view` as JSON;
  no tensors;
- `resample_from_infostate(player, sampler)` is Belle's `resample` (a determinization
  that keeps everything `player` knows), seeded from the sampler.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pyspiel  # type: ignore[import-not-found]

import belle
from belle.engine.game import CHANCE, Game, GameInfo, State
from belle.engine.options import OptionSpec

PREFIX = "belle_"
MAX_GAME_LENGTH = 100_000
"""An upper bound on the actions of a Belle match (the conformance suite's bound)."""


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _parameter_default(spec: OptionSpec) -> bool | int | str:
    if isinstance(spec.default, tuple):
        return ",".join(spec.default)
    return spec.default


def _belle_options(info: GameInfo, params: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in info.options:
        if spec.name not in params:
            continue
        value = params[spec.name]
        if spec.kind == "list":
            value = tuple(p.strip() for p in str(value).split(",") if p.strip())
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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
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
            return BelleOpenSpielState(self, self.belle.new_initial_state(self.num_belle_players))

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> BelleObserver:
            if params:
                raise ValueError(f"observation parameters not supported: {params}")
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return BelleObserver(perfect_recall)

    BelleOpenSpielGame.__doc__ = f"Belle's {info.title} as an OpenSpiel game."
    BelleOpenSpielGame.__name__ = f"Belle_{info.id}_Game"
    BelleOpenSpielGame.__qualname__ = BelleOpenSpielGame.__name__
    return BelleOpenSpielGame


class BelleOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a Belle state (`.belle`)."""

    def __init__(self, game: Any, state: State[Any]) -> None:
        super().__init__(game)
        self.belle = state

    # -- whose turn and what is legal -------------------------------------
    def current_player(self) -> int:
        if self.belle.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.belle.current_player()
        return int(pyspiel.PlayerId.CHANCE) if player == CHANCE else player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.belle
        return sorted(state.action_to_int(a) for a in state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self.belle
        return sorted((state.action_to_int(a), p) for a, p in state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self.belle
        state._apply(state.action_from_int(int(action)))  # pyspiel checked legality

    def _action_to_string(self, player: int, action: int) -> str:
        return self.belle.action_to_string(self.belle.action_from_int(int(action)))

    # -- results ----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.belle.is_terminal()

    def returns(self) -> list[float]:
        n = self.belle.num_players
        if not self.belle.is_terminal():
            return [0.0] * n
        return [(n - 1 - 2 * place) / (n - 1) if n > 1 else 1.0
                for place in self.belle.ranking()]

    # -- information ------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with `player_id`'s information (Belle's `resample`)."""
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else None
        sample = self.belle.resample(player_id, random.Random(seed))
        clone = self.clone()
        clone.belle = sample
        return clone

    def __str__(self) -> str:
        return str(self.belle)


class BelleObserver:
    """OpenSpiel's PyObserver interface: strings only (no tensors)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: BelleOpenSpielState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: BelleOpenSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.belle.information_state_key(player)
        return json.dumps(state.belle.view(player), sort_keys=True, separators=(",", ":"))


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

__all__ = ["BelleObserver", "BelleOpenSpielState", "load_game", "register_all", "short_name"]

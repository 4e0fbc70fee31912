"""OpenSpiel's own MCTS and ISMCTS bots, unmodified, seated at a Belle table.

`OpenSpielBot` is a Belle bot (belle.engine.referee.Bot): the referee hands it a
determinization of the state for its seat, as it does every bot; the bot wraps it as
a `belle_<id>` OpenSpiel state and asks OpenSpiel's bot for the move:

- `os-mcts:simulations=N,rollouts=R`: `open_spiel.python.algorithms.mcts.MCTSBot` with
  `RandomRolloutEvaluator(R)`, searching that one determinization (OpenSpiel's MCTS is
  for perfect information: this is determinized MCTS, and it never sees the true
  hidden state);
- `os-ismcts:simulations=N,rollouts=R`: `ismcts.ISMCTSBot`, which draws its own
  determinizations through `resample_from_infostate` (Belle's `resample`; the bot's
  `set_resampler` hook hands it a seeded sampler) and keys its tree on
  `information_state_string`.

Both are seeded from the RNG the referee gives the bot, so a tournament is
reproducible. Tournaments against Belle's bots (docs/bots.md)::

    python -m belle.adapters.openspiel_bots paris_paris --players 2 \\
        --bots os-ismcts:simulations=100,greedy --games 10 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from belle.adapters import openspiel
from belle.engine.errors import OptionError
from belle.engine.game import State
from belle.engine.referee import Bot

KINDS = ("os-mcts", "os-ismcts")
UCT_C = 2.0


class OpenSpielBot:
    """A Belle bot that asks OpenSpiel's MCTSBot or ISMCTSBot for each move."""

    def __init__(self, kind: str, simulations: int = 100, rollouts: int = 1) -> None:
        if kind not in KINDS:
            raise OptionError(f"unknown OpenSpiel bot {kind!r}; bots: {', '.join(KINDS)}")
        if simulations < 1 or rollouts < 1:
            raise OptionError("simulations and rollouts must be at least 1")
        self.kind = kind
        self.simulations = simulations
        self.rollouts = rollouts
        self.name = f"{kind}:simulations={simulations},rollouts={rollouts}"
        self._games: dict[tuple[str, str, int], Any] = {}

    def _game(self, state: State[Any]) -> Any:
        info = state.game.info
        options = dict(state.game.options)
        key = (info.id, repr(sorted(options.items())), state.num_players)
        if key not in self._games:
            params: dict[str, Any] = {"players": state.num_players}
            for name, value in options.items():
                params[name] = openspiel.LIST_SEPARATOR.join(value) if isinstance(
                    value, tuple) else value
            self._games[key] = openspiel.load_game(info.id, **params)
        return self._games[key]

    def _bot(self, game: Any, seed: int) -> Any:
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=self.rollouts, random_state=np.random.RandomState(seed))
        random_state = np.random.RandomState(seed + 1)
        if self.kind == "os-mcts":
            return mcts.MCTSBot(game, UCT_C, self.simulations, evaluator, solve=False,
                                random_state=random_state)
        bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, self.simulations,
                               random_state=random_state)
        # Its default resampler draws from an unseeded UniformProbabilitySampler; the
        # bot's own hook gives it a seeded one (the search itself is unchanged).
        sampler = pyspiel.UniformProbabilitySampler(seed + 2, 0.0, 1.0)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
        return bot

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = self._game(state)
        spiel_state = openspiel.wrap(game, state.clone())
        action = self._bot(game, rng.randrange(2**31 - 2)).step(spiel_state)
        return state.action_from_int(int(action))


def make_openspiel_bot(spec: str) -> OpenSpielBot:
    """`os-mcts:simulations=50,rollouts=1` or `os-ismcts:simulations=100`."""
    kind, _, rest = spec.strip().partition(":")
    settings: dict[str, int] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep or key not in ("simulations", "rollouts") or not value.isdigit():
            raise OptionError(f"bad setting {item!r} for {kind}; settings: simulations, "
                              "rollouts (positive integers)")
        settings[key] = int(value)
    return OpenSpielBot(kind, **settings)


def make_any_bot(spec: str) -> Bot:
    """An OpenSpiel bot for an `os-` spec, else a Belle bot (belle.bots.make_bot)."""
    from belle.bots import make_bot

    if spec.strip().startswith("os-"):
        return make_openspiel_bot(spec)
    return make_bot(spec)


def tournament(game_id: str, players: int, specs: Sequence[str], games: int,
               seed: int) -> dict[str, Any]:
    """`belle tournament`'s rotation and statistics, with OpenSpiel bots allowed."""
    import belle
    from belle.cli.tournament import Entry, TimedBot, Tournament

    game = belle.load_game(game_id)
    game.check_players(players)
    entries = [Entry(i, spec, TimedBot(make_any_bot(spec))) for i, spec in enumerate(specs)]
    return Tournament(game, players, list(specs), games, seed, entries=entries).run().summary()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m belle.adapters.openspiel_bots",
        description="A tournament between OpenSpiel's bots (os-mcts, os-ismcts) and "
        "Belle's (random, greedy, ismcts), seats rotating as in `belle tournament`.")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bots", required=True,
                        help="as `belle tournament --bots`, e.g. os-mcts:simulations=50,greedy")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    specs = split_specs(args.bots)
    print(json.dumps(tournament(args.game, args.players, specs, args.games, args.seed),
                     indent=2))


def split_specs(text: str) -> list[str]:
    """`os-mcts:simulations=50,rollouts=2,greedy` → two specs: an item `key=value`
    continues the spec before it (the reading of `belle tournament --bots`)."""
    from belle.cli.seats import split_bot_list

    return split_bot_list(text)


if __name__ == "__main__":
    main()


__all__ = ["OpenSpielBot", "make_any_bot", "make_openspiel_bot", "split_specs", "tournament"]

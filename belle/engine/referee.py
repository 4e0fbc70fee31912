"""The referee: plays a match between bots, sampling chance with a seeded RNG.

Bots never get the true state: before each decision the referee hands the bot
`state.resample(seat, rng)`, a state consistent with what that seat knows, so a bot
cannot cheat by construction. Same game, bots and seed → same match record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from belle.engine.errors import GameError
from belle.engine.game import CHANCE, Game, State, draw_outcome
from belle.engine.record import MatchRecord


class Bot(Protocol):
    """Anything that picks a legal action for `seat` in a state it may fully inspect.

    The state it is given is a determinization (`resample`) built by the referee or
    the server, never the true state.
    """

    name: str

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any: ...


@dataclass(slots=True)
class MatchResult:
    record: MatchRecord
    state: State[Any]


def sample_chance(state: State[Any], rng: random.Random,
                  outcomes: list[tuple[Any, float]] | None = None) -> Any:
    """Draw one chance outcome according to `state.chance_outcomes()` (the referee's
    draw: the same for every game, so a seed always gives the same match); `outcomes`:
    that list, when the caller has it already."""
    return draw_outcome(state.chance_outcomes() if outcomes is None else outcomes, rng)


def bot_decision(bot: Bot, state: State[Any], seat: int, rng: random.Random) -> Any:
    """Ask `bot` for seat's move, showing it only a determinization of `state`."""
    return bot.choose(state.resample(seat, rng), seat, rng)


def seat_rngs(seed: int | None, num_players: int) -> tuple[random.Random, list[random.Random]]:
    """The chance RNG and one RNG per seat, all derived from the match seed."""
    master = random.Random(seed)
    chance_rng = random.Random(master.getrandbits(64))
    return chance_rng, [random.Random(master.getrandbits(64)) for _ in range(num_players)]


def play_match(
    game: Game[Any],
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    max_actions: int = 1_000_000,
    on_action: Callable[[State[Any], Any], None] | None = None,
) -> MatchResult:
    """Play one match from the start to the end between `bots` (one per seat)."""
    state = game.new_initial_state(len(bots))
    record = MatchRecord(
        game.info.id, dict(game.options), [bot.name for bot in bots], seed
    )
    chance_rng, rngs = seat_rngs(seed, len(bots))
    while not state.is_terminal():
        if len(record.actions) >= max_actions:
            raise GameError(f"match did not end within {max_actions} actions")
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, chance_rng)
        else:
            action = bot_decision(bots[player], state, player, rngs[player])
        if on_action is not None:
            on_action(state, action)
        record.append(state, action)
        state.apply_action(action)
    record.finish(state)
    return MatchResult(record, state)

"""Bot specs, levels, and the ISMCTS bot: legal, reproducible, stronger than random."""

from __future__ import annotations

import gc
import math
import random

import pytest

import belle
from belle.bots import BOT_NAMES, LEVELS, IsmctsBot, make_bot
from belle.engine import CHANCE, OptionError, bot_decision, play_match, sample_chance

GAMES = [info.id for info in belle.list_games()]


def test_levels_are_offered_and_build_bots() -> None:
    assert BOT_NAMES[:4] == ("easy", "medium", "hard", "expert")
    assert "random" in BOT_NAMES and "greedy" in BOT_NAMES
    for name in BOT_NAMES:
        assert make_bot(name).name
    assert make_bot("easy").name == "random"
    assert make_bot("medium").name == "greedy"
    hard, expert = make_bot("hard"), make_bot("expert")
    assert isinstance(hard, IsmctsBot) and hard.seconds == 1.0
    assert isinstance(expert, IsmctsBot) and expert.seconds == 5.0
    assert set(LEVELS) <= set(BOT_NAMES)


@pytest.mark.parametrize("spec", [
    "ismcts", "ismcts:iterations=2000", "ismcts:seconds=1", "ismcts:rollout=random",
    "ismcts:rollout=heuristic,depth=8,iterations=10",
])
def test_ismcts_specs(spec: str) -> None:
    assert isinstance(make_bot(spec), IsmctsBot)


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=0", "ismcts:seconds=0", "ismcts:seconds=-1", "ismcts:rollout=smart",
    "ismcts:iterations=5,seconds=1", "ismcts:depth=-1", "ismcts:foo=1", "ismcts:iterations=x",
    "alphazero",
])
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec)


def _decision_state(game_id: str, seed: int) -> belle.State:
    """A state early in a random match where a seat has several choices."""
    info = belle.load_game(game_id).info
    state = belle.load_game(game_id).new_initial_state(info.min_players)
    rng = random.Random(seed)
    while state.current_player() == CHANCE or len(state.legal_actions()) < 2:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_ismcts_is_legal_and_reproducible(game_id: str, rollout: str) -> None:
    state = _decision_state(game_id, 1)
    seat = state.current_player()
    spec = f"ismcts:iterations=60,rollout={rollout}"
    moves = {bot_decision(make_bot(spec), state, seat, random.Random(9)) for _ in range(2)}
    assert len(moves) == 1
    assert moves.pop() in state.legal_actions()


def _midgame_state(game_id: str, seed: int) -> belle.State:
    """The decision with a choice halfway through a random match at the largest table."""
    game = belle.load_game(game_id)
    state = game.new_initial_state(game.info.max_players)
    rng = random.Random(seed)
    choices = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            choices.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return choices[len(choices) // 2]


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_leaves_no_garbage_cycles(game_id: str) -> None:
    """A search frees what it made as it goes: a reference cycle made per iteration is
    thousands a second for the garbage collector to find, with whatever it holds (Paris
    Connection's reach search once left its tables in one, a tenth of its time)."""
    state = _midgame_state(game_id, 3)
    seat = state.current_player()
    IsmctsBot(iterations=50).choose(state, seat, random.Random(1))  # imports, caches
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        IsmctsBot(iterations=300).choose(state.resample(seat, random.Random(2)), seat,
                                         random.Random(2))
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_ismcts_grows_its_log_table_as_it_searches() -> None:
    """UCB1 reads math.log(n) from a table that a longer search extends: the same move
    from a table cut short, and every entry the true logarithm."""
    from belle.bots import ismcts

    state = _decision_state("paris_paris", 4)
    seat = state.current_player()
    expected = IsmctsBot(iterations=300).choose(state, seat, random.Random(5))
    kept = ismcts._LOG[:]
    del ismcts._LOG[40:]
    try:
        assert IsmctsBot(iterations=300).choose(state, seat, random.Random(5)) == expected
        assert len(ismcts._LOG) > 300
        assert all(ismcts._LOG[n] == math.log(n) for n in range(1, len(ismcts._LOG)))
    finally:
        ismcts._LOG[:] = kept


def test_ismcts_time_budget_runs_iterations() -> None:
    bot = IsmctsBot(seconds=0.05)
    state = _decision_state("paris_paris", 2)
    bot.choose(state.resample(state.current_player(), random.Random(1)),
               state.current_player(), random.Random(1))
    assert bot.last_iterations >= 1


def test_ismcts_beats_random_at_paris_paris() -> None:
    """A smoke test of strength (the benchmark is docs/bots.md): 2 matches, both seats."""
    game = belle.load_game("paris_paris")
    wins = 0
    for seed in range(2):
        bots = [make_bot("ismcts:iterations=80"), make_bot("random")]
        if seed % 2:
            bots.reverse()
        state = play_match(game, bots, seed).state
        wins += state.ranking()[seed % 2] == 0
    assert wins == 2

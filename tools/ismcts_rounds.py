"""ISMCTS speed of several source trees, side by side: interleaved rounds of 1 s searches.

`belle bench` measures the tree it runs in. To compare trees (a baseline commit against
main) on a shared, noisy machine, the rounds must interleave and each tree must start
alike: every round runs one fresh process per tree, in turn, and each process makes one
`ismcts:seconds=S` search at the bench's position (the first decision with a choice, or
the one halfway, of the bench's seeded random playouts at the game's largest table).
The figures are iterations per CPU-second; the summary gives each tree's median and its
ratio to the first tree's.

    git worktree add /tmp/base b02978d
    python tools/ismcts_rounds.py --game paris_connection --position mid --rounds 8 \\
        /tmp/base .

The child runs with only the tree on its path and uses nothing newer than the engine's
first protocol (load_game, the State methods, the referee's chance draw, IsmctsBot),
so old commits run it too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

SAMPLE_GAMES = 3  # as belle.cli.bench


def _decision_states(game: Any, players: int, seed: int) -> list[Any]:
    """Copies of every decision state of SAMPLE_GAMES seeded random playouts, as
    belle.cli.bench draws them. Kept here rather than imported from the tree under test:
    every tree must search the same positions, whatever its own bench does."""
    from belle.engine.referee import sample_chance

    rng = random.Random(seed)
    states = []
    for _ in range(SAMPLE_GAMES):
        state = game.new_initial_state(players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return states


def child(game_id: str, position: str, seconds: float) -> None:
    """One search in this process; prints its iterations per CPU-second."""
    from belle.bots.ismcts import IsmctsBot
    from belle.engine.registry import load_game

    game = load_game(game_id)
    choices = [s for s in _decision_states(game, game.info.max_players, 0)
               if len(s.legal_actions()) > 1]
    state = choices[0] if position == "early" else choices[len(choices) // 2]
    seat = state.current_player()
    bot = IsmctsBot(seconds=seconds)
    started = time.process_time()
    bot.choose(state.resample(seat, random.Random(0)), seat, random.Random(1))
    print(round(bot.last_iterations / (time.process_time() - started)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trees", nargs="+", help="source trees (each holds belle/)")
    parser.add_argument("--game", default="paris_connection")
    parser.add_argument("--position", choices=("early", "mid"), default="mid")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.game, args.position, args.seconds)
        return
    rates: list[list[int]] = [[] for _ in args.trees]  # a tree named twice: an A/A check
    for round_ in range(1, args.rounds + 1):
        row = []
        for tree, tree_rates in zip(args.trees, rates, strict=True):
            env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
            out = subprocess.run(
                [sys.executable, os.path.abspath(__file__), "--child", "--game", args.game,
                 "--position", args.position, "--seconds", str(args.seconds), tree],
                env=env, capture_output=True, text=True, check=True, cwd="/")
            tree_rates.append(int(out.stdout.split()[-1]))
            row.append(f"{tree} {tree_rates[-1]}")
        print(f"round {round_}: " + ", ".join(row), flush=True)
    first = statistics.median(rates[0])
    for tree, tree_rates in zip(args.trees, rates, strict=True):
        median = statistics.median(tree_rates)
        print(f"{tree}: median {median:,.0f} iterations per CPU-second, "
              f"{median / first:.2f}× {args.trees[0]}")


if __name__ == "__main__":
    main()

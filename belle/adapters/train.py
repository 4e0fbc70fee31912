"""Proof that a policy learns through Belle's interfaces: MaskablePPO on one game.

`pip install -e '.[research]'` (sb3-contrib, PyTorch CPU), then::

    python -m belle.adapters.train --game paris_paris --steps 20000

trains sb3-contrib's MaskablePPO (a small MLP on the observation tensor, the legal-
action mask from `action_masks()`) through `BelleGymEnv`, the learner's seat drawn at
each episode, against `random` in one environment and `greedy` in the other. Every
`--eval-every` steps (and before training) the policy plays `--eval-games` seeded
matches against `random` and as many against `greedy` (the learner's seat rotating,
deterministic masked actions) and the table shows its win rate — first places, a
shared first place counted as a win — against each. `--smoke` is the short run CI
makes: a few hundred steps and two evaluation games, checking only that it all runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from belle.adapters.gymnasium import BelleGymEnv

OPPONENTS = ("random", "greedy")


@dataclass(frozen=True, slots=True)
class Checkpoint:
    steps: int
    cpu_seconds: float
    win_rates: dict[str, float]
    mean_rewards: dict[str, float]


def evaluate(model: Any, game_id: str, players: int, opponent: str, games: int,
             seed: int) -> tuple[float, float]:
    """Win rate and mean reward of `model` over `games` matches against `opponent`."""
    wins, rewards = 0, []
    for match in range(games):
        env = BelleGymEnv(game_id, players, seat=match % players, opponents=opponent)
        obs, _ = env.reset(seed=seed + match // players)  # each deal from every seat
        while True:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, _, info = env.step(int(action))
            if terminated:
                wins += info["ranking"][info["seat"]] == 0
                rewards.append(float(reward))
                break
    return wins / games, statistics.fmean(rewards)


def _factory(game_id: str, players: int, opponent: str) -> Callable[[], BelleGymEnv]:
    """A training environment: the learner's seat drawn at each episode."""
    return lambda: BelleGymEnv(game_id, players, seat=None, opponents=opponent)


def train(game_id: str = "paris_paris", players: int = 2, steps: int = 20_000,
          eval_every: int = 5_000, eval_games: int = 50, seed: int = 1,
          progress: bool = True, rollout: int = 1024) -> list[Checkpoint]:
    """Train and evaluate; the checkpoints, the first one before any training."""
    torch.set_num_threads(1)  # small networks: one core is faster, and fair to the machine
    env = DummyVecEnv([_factory(game_id, players, opponent) for opponent in OPPONENTS])
    env.seed(seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=rollout, batch_size=min(256, rollout),
                        n_epochs=4,
                        learning_rate=3e-4, gamma=0.995, ent_coef=0.01, seed=seed,
                        policy_kwargs={"net_arch": [128, 128]}, device="cpu", verbose=0)
    checkpoints: list[Checkpoint] = []
    started = time.process_time()
    done = 0
    while True:
        rates, rewards = {}, {}
        for opponent in OPPONENTS:
            rates[opponent], rewards[opponent] = evaluate(
                model, game_id, players, opponent, eval_games, seed=10_000 + seed)
        checkpoints.append(Checkpoint(done, time.process_time() - started, rates, rewards))
        if progress:
            print(_row(checkpoints[-1]), flush=True)
        if done >= steps:
            return checkpoints
        chunk = min(eval_every, steps - done)
        model.learn(chunk, reset_num_timesteps=False)
        done += chunk


def _row(point: Checkpoint) -> str:
    rates = " | ".join(f"{point.win_rates[o]:.0%} ({point.mean_rewards[o]:+.2f})"
                       for o in OPPONENTS)
    return f"| {point.steps:,} | {point.cpu_seconds:,.0f} | {rates} |"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.adapters.train",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="paris_paris")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--eval-every", type=int, default=5_000)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true",
                        help="a few hundred steps and 2 evaluation games (CI)")
    args = parser.parse_args(argv)
    rollout = 1024
    if args.smoke:
        args.steps, args.eval_every, args.eval_games, rollout = 256, 256, 2, 64
    print("| steps | CPU s | vs random: wins (mean reward) | vs greedy: wins (mean reward) |")
    print("|---|---|---|---|")
    points = train(args.game, args.players, args.steps, args.eval_every, args.eval_games,
                   args.seed, rollout=rollout)
    if not all(np.isfinite(list(p.mean_rewards.values())).all() for p in points):
        raise SystemExit("evaluation produced no rewards")


if __name__ == "__main__":
    main()


__all__ = ["Checkpoint", "evaluate", "train"]

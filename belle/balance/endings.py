"""How Paris Connection's games end under seeded greedy self-play (issue 14 item 1).

One game per (player count, seed), played by `belle.play_match` with greedy bots and the
balance cap on actions, gives one JSON line: the ending (`end`, the state's end reason),
its length, the longest run of one-for-one trades (turns that took nothing off the
storage boards), and the old stall condition of rules editions 1 and 2 (PC-71 before
edition 3): whether the game came to a whole round in which no company could build.

That old condition is counted as edition 2 counted it: a turn's end in a position where
no company has both locomotives on its storage board and a legal hex (PC-29,
`ParisConnectionState.can_build`) is a stalled turn end; `players + 1` of them in a row
(once no company can build, each player trades once more) is a round with no legal
build, which ended an edition-2 game. Edition 3 plays on (trades go on until a board
empties or ten rounds pass), so a game may meet the old condition and still end by the
seed's rules: `no_build_round` says whether it happened at all, `longest_no_build` the
longest such run in turn ends (the game's last turn end included).

Run: `python -m belle.balance.endings PART PARTS FIRST LAST OUT` plays seeds FIRST..LAST-1
with seed % PARTS == PART at 3 to 6 players, every count in blocks of 50 seeds, and
appends one line per game to OUT (flushed, so a stopped run keeps its games);
`python -m belle.balance.endings --summary FILE...` prints the table of
docs/games/paris_connection.md, with Wilson 95% intervals.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from belle.balance.runner import MAX_ACTIONS_PER_GAME
from belle.balance.stats import wilson
from belle.bots import make_bot
from belle.engine.errors import GameError
from belle.engine.game import State
from belle.engine.referee import play_match
from belle.engine.registry import load_game
from belle.games.paris_connection.actions import Build, Return, Take
from belle.games.paris_connection.state import ParisConnectionState

PLAYER_COUNTS = (3, 4, 5, 6)
BLOCK = 50  # seeds per player count before the next count: a stopped run stays balanced
PC71 = "PC-71"  # the end reasons of the reconstructed ending name it


@dataclass
class Watch:
    """What one game showed, gathered action by action (`play_match`'s `on_action`)."""

    players: int
    stalled: int = 0  # stalled turn ends in a row so far
    longest_no_build: int = 0
    no_build_turn_ends: int = 0
    first_round_at: int | None = None  # the action count when the old condition held
    trades: int = 0  # one-for-one trades in a row so far
    longest_swaps: int = 0
    actions: int = 0

    def see(self, state: State[Any], action: Any) -> None:
        if isinstance(action, (Build, Return)):  # a turn starts: the last one's end
            assert isinstance(state, ParisConnectionState)
            self.turn_end(state)
        if isinstance(action, Take) and action.count == 1:
            self.trades += 1
            self.longest_swaps = max(self.longest_swaps, self.trades)
        elif isinstance(action, (Build, Take)):
            self.trades = 0
        self.actions += 1

    def turn_end(self, state: ParisConnectionState) -> None:
        """A position at a turn's end (the next turn's start): can any company build?"""
        if state.can_build():
            self.stalled = 0
            return
        self.stalled += 1
        self.no_build_turn_ends += 1
        self.longest_no_build = max(self.longest_no_build, self.stalled)
        if self.stalled > self.players and self.first_round_at is None:
            self.first_round_at = self.actions

    def game_over(self, state: ParisConnectionState) -> None:
        """The last turn's end, which no action follows."""
        self.turn_end(state)


def play_one(players: int, seed: int) -> dict[str, Any]:
    """One greedy self-play game of Paris Connection (current rules) as a JSON-able dict."""
    started = time.process_time()
    game = load_game("paris_connection")
    watch = Watch(players)
    try:
        played = play_match(game, [make_bot("greedy") for _ in range(players)], seed,
                            max_actions=MAX_ACTIONS_PER_GAME, on_action=watch.see)
    except GameError as exc:  # the action cap
        return {"p": players, "seed": seed, "end": f"cap: {exc}"}
    state = played.state
    assert isinstance(state, ParisConnectionState)
    watch.game_over(state)
    return {
        "p": players, "seed": seed, "end": state.end_reason,
        "actions": len(played.record.actions), "longest_swaps": watch.longest_swaps,
        "no_build_round": watch.first_round_at is not None,
        "no_build_round_at": watch.first_round_at,
        "longest_no_build": watch.longest_no_build,
        "no_build_turn_ends": watch.no_build_turn_ends,
        "cpu": round(time.process_time() - started, 3),
    }


def seeds_of(part: int, parts: int, first: int, last: int) -> Iterable[tuple[int, int]]:
    """(players, seed) in run order: blocks of 50 seeds, every count in each block."""
    for block in range(first, last, BLOCK):
        for players in PLAYER_COUNTS:
            for seed in range(block, min(block + BLOCK, last)):
                if seed % parts == part:
                    yield players, seed


def run(part: int, parts: int, first: int, last: int, out: str) -> None:
    with open(out, "a", encoding="utf-8") as stream:
        for players, seed in seeds_of(part, parts, first, last):
            stream.write(json.dumps(play_one(players, seed)) + "\n")
            stream.flush()


HEADER = (
    "| players | games (seeds) | supply (PC-58) | Marseille (PC-59) | ten rounds of "
    "one-for-one trades (PC-71, reconstructed) | a round with no legal build (PC-71 of "
    "editions 1 and 2) | action cap | longest run of one-for-one trades in a game a seed "
    "rule ended | actions per game: mean / most |\n|---|---|---|---|---|---|---|---|---|"
)


def summary(lines: Iterable[dict[str, Any]]) -> list[str]:
    """The table of docs/games/paris_connection.md ("How often each ending happens"): per
    player count, each ending's count, Wilson 95% intervals for the reconstructed
    ending and the old condition (with their seeds), and the games' lengths. A seed
    played twice (two runs) counts once."""
    by_count: dict[int, dict[int, dict[str, Any]]] = {}
    for line in lines:
        by_count.setdefault(line["p"], {})[line["seed"]] = line
    rows = [HEADER]
    for players in sorted(by_count):
        games = by_count[players]
        ends = [g["end"] for g in games.values()]
        seed_ended = [g for g in games.values() if "PC-58" in g["end"] or "PC-59" in g["end"]]
        longest = max((g["longest_swaps"] for g in seed_ended), default=0)
        lengths = [g["actions"] for g in games.values() if "actions" in g]
        rows.append(" | ".join((
            f"| {players}", f"{len(games):,} ({_seeds(sorted(games))})",
            str(sum("PC-58" in e for e in ends)), str(sum("PC-59" in e for e in ends)),
            _rate(sorted(s for s, g in games.items() if PC71 in g["end"]), len(games)),
            _rate(sorted(s for s, g in games.items() if g.get("no_build_round")), len(games)),
            str(sum(e.startswith("cap") for e in ends)),
            f"{longest} turns ({longest / players:.1f} rounds)",
            f"{sum(lengths) / max(1, len(lengths)):.0f} / {max(lengths, default=0)} |",
        )))
    return rows


def _seeds(seeds: list[int]) -> str:
    whole = seeds == list(range(seeds[0], seeds[-1] + 1))
    return f"{seeds[0]}–{seeds[-1]}" if whole else f"{len(seeds)} seeds from {seeds[0]}"


def _rate(seeds: list[int], n: int) -> str:
    estimate = wilson(len(seeds), n)
    text = (f"{len(seeds)}: {100 * len(seeds) / n:.2f}% ({100 * estimate.low:.2f}%–"
            f"{100 * estimate.high:.2f}%)")
    if seeds:
        text += ", seed" + ("s " if len(seeds) > 1 else " ") + ", ".join(map(str, seeds))
    return text


def main(argv: Sequence[str]) -> None:
    if argv and argv[0] == "--summary":
        lines = []
        for name in argv[1:]:
            with open(name, encoding="utf-8") as stream:
                lines += [json.loads(text) for text in stream if text.strip()]
        print("\n".join(summary(lines)))
        return
    part, parts, first, last = map(int, argv[:4])
    run(part, parts, first, last, argv[4])


if __name__ == "__main__":
    main(sys.argv[1:])

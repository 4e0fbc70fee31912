"""How much Paris's reconstructed VP-tile values make their holders win (issue 15).

The balance bound on a VP tile reads its majority holders' win rate; in a majority game
that rate has two parts: whoever wins a district's majority is usually ahead on the
board anyway, and the tile's points add to it. This module separates them. It plays the
games of a balance run (the same seeds as `belle balance paris --players N --bots SPEC
--seed S`, or `--strategy NAME` against the bots), keeps each game's final standings,
and scores them again with other VP-tile values: each tile paying as the smallest tile
does (every tile alike: what is left is who wins majorities), and every tile paid
from another series. The district majorities are the same
(who holds a district does not depend on what its tile pays), so the counterfactual
changes only the points; the bots' play would adapt to other values, which a replay
cannot show, so these are estimates of the values' own share, not of a new edition.

Run: `python -m belle.balance.vp_values PLAYERS SPEC GAMES SEED [--strategy NAME]
[--series 10/5/3,12/6/3,...] [--jobs J]` prints, per VP tile, the games it was placed
in, its holders' win rate as played, if every tile paid as the smallest, and (with
`--series`) if every tile paid from that series; 95% intervals as `belle balance`'s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from belle.balance.games.paris import MAJORITY
from belle.balance.runner import MAX_ACTIONS_PER_GAME, Run, lineup, make_player
from belle.balance.stats import share_rate
from belle.engine.game import rank_by_keys
from belle.engine.referee import play_match
from belle.engine.registry import load_game
from belle.games.paris import data, rules
from belle.games.paris.state import ParisState


@dataclass
class Standing:
    """One game's end, as much as scoring it again needs."""

    scores: list[float]
    francs: list[int]
    board: list[int]
    tiles: dict[int, list[int]] = field(default_factory=dict)
    """VP tile number -> the points each seat took from it (placed tiles only)."""
    amounts: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """VP tile number -> what it pays by place (the game's rules edition)."""
    strategy_seat: int | None = None
    """The seat of the scripted strategy, in a strategy run."""


@dataclass(frozen=True)
class Job:
    """Game `index` of the balance run of these players, bots, games, seed (and strategy)."""

    players: int
    spec: str
    games: int
    seed: int
    index: int
    strategy: str | None = None


def play(job: Job) -> Standing:
    """Game `job.index` of the balance run, and its final standings."""
    run = Run("paris", job.players, lineup(job.players, job.spec.split(","), job.strategy),
              job.games, job.seed, strategy=job.strategy)
    game = load_game("paris")
    seating = run.seating(job.index)
    players = [make_player(spec, "paris") for spec in seating]
    state = play_match(game, players, run.game_seed(job.index),
                       max_actions=MAX_ACTIONS_PER_GAME).state
    assert isinstance(state, ParisState)
    full = state.to_json()
    names = {d["code"]: d["name"] for d in full["districts"]}
    breakdown = state.score_breakdown()
    standing = Standing(list(state.returns()), list(state.francs),
                        list(rules.board_value(state.space_keys, state.num_players)))
    if job.strategy is not None:
        standing.strategy_seat = seating.index(run.lineup[0])
    for tile in full["vp_tiles"]:
        standing.amounts[tile["tile"]] = tuple(tile["amounts"])
        if tile["district"] is not None:
            component = names[tile["district"]] + MAJORITY
            standing.tiles[tile["tile"]] = [
                int(sum(line["points"] for line in lines if line["component"] == component))
                for lines in breakdown]
    return standing


def rescored(standing: Standing, pays: Mapping[int, Sequence[int]]) -> list[float]:
    """Each seat's score if tile t paid `pays[t]` (by place) instead of its amounts."""
    scores = list(standing.scores)
    for tile, points in standing.tiles.items():
        if tile not in pays:
            continue
        amounts = standing.amounts[tile]
        for seat, got in enumerate(points):
            if got:
                scores[seat] += pays[tile][amounts.index(got)] - got
    return scores


def win_shares(standing: Standing, scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win with these scores (PARIS-147..150's tie-breaks)."""
    ranking = rank_by_keys([(scores[s], standing.francs[s], standing.board[s])
                            for s in range(len(scores))])
    first = [s for s, place in enumerate(ranking) if place == 0]
    return [1 / len(first) if s in first else 0.0 for s in range(len(scores))]


def holders(points: Sequence[int]) -> list[int]:
    best = max(points)
    return [s for s, p in enumerate(points) if p == best and p > 0]


def holder_rates(standings: Sequence[Standing],
                 pays: Mapping[int, Sequence[int]]) -> dict[int, tuple[int, str]]:
    """Per tile: (holder-games, its holders' win rate with 95% interval as text)."""
    outcomes: dict[int, list[float]] = {}
    for standing in standings:
        shares = win_shares(standing, rescored(standing, pays))
        for tile, points in standing.tiles.items():
            outcomes.setdefault(tile, []).extend(shares[s] for s in holders(points))
    found = {}
    for tile, shares in sorted(outcomes.items()):
        est = share_rate(shares)
        found[tile] = (len(shares), f"{est.value or 0:.0%} ({est.low:.0%}–{est.high:.0%})")
    return found


def majority_share(standings: Sequence[Standing], pays: Mapping[int, Sequence[int]]) -> float:
    """The district majorities' share of all VP, with the tiles paying `pays`."""
    majorities = total = 0.0
    for standing in standings:
        total += sum(rescored(standing, pays))
        for tile, points in standing.tiles.items():
            amounts = standing.amounts[tile]
            paid = pays.get(tile, amounts)
            majorities += sum(paid[amounts.index(got)] for got in points if got)
    return majorities / total if total else 0.0


def strategy_rate(standings: Sequence[Standing], pays: Mapping[int, Sequence[int]]) -> str:
    """The scripted strategy's win rate with the tiles paying `pays` (strategy runs)."""
    shares = [win_shares(standing, rescored(standing, pays))[standing.strategy_seat]
              for standing in standings if standing.strategy_seat is not None]
    est = share_rate(shares)
    return f"{est.value or 0:.0%} ({est.low:.0%}–{est.high:.0%})"


def parse_series(text: str) -> dict[int, tuple[int, ...]]:
    """"10/5/3,12/6/3,…" (one entry per VP tile, in order) -> tile -> amounts."""
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) != len(data.VP_TILES):
        raise ValueError(f"a series has {len(data.VP_TILES)} tiles, not {len(parts)}")
    series = {}
    for tile, part in enumerate(parts, start=1):
        amounts = tuple(int(n) for n in part.split("/"))
        if len(amounts) != len(data.VP_TILES[tile - 1]) or any(n < 0 for n in amounts):
            raise ValueError(f"tile {tile}: {part!r} is not "
                             f"{len(data.VP_TILES[tile - 1])} amounts of 0 or more")
        series[tile] = amounts
    return series


def report(standings: Sequence[Standing], series: dict[int, tuple[int, ...]] | None) -> str:
    """The markdown table of the module docstring."""
    amounts = standings[0].amounts if standings else {}
    smallest = amounts[min(amounts)] if amounts else ()
    as_played = holder_rates(standings, {})
    as_smallest = holder_rates(standings, {t: smallest for t in as_played})
    other = holder_rates(standings, series) if series else None
    low = "/".join(map(str, smallest))
    head = ("| VP tile | holder-games | holders win, as played | "
            f"every tile paying {low} (the smallest) |")
    rule = "|---|---|---|---|"
    if other is not None:
        head += " every tile from the series |"
        rule += "---|"
    lines = [head, rule]
    for tile, (count, rate) in as_played.items():
        pays = "/".join(map(str, amounts[tile]))
        row = f"| {tile} ({pays}) | {count} | {rate} | {as_smallest[tile][1]} |"
        if other is not None:
            row += f" {other[tile][1]} |"
        lines.append(row)
    shares = [f"{majority_share(standings, {}):.0%} as played",
              f"{majority_share(standings, {t: smallest for t in as_played}):.0%} with every "
              "tile paying the smallest"]
    if series:
        shares.append(f"{majority_share(standings, series):.0%} with the series")
    lines += ["", f"District majorities' share of all VP: {', '.join(shares)}."]
    if any(standing.strategy_seat is not None for standing in standings):
        wins = [f"{strategy_rate(standings, {})} as played",
                f"{strategy_rate(standings, {t: smallest for t in as_played})} with every "
                "tile paying the smallest"]
        if series:
            wins.append(f"{strategy_rate(standings, series)} with the series")
        lines.append(f"The strategy wins {', '.join(wins)}.")
    return "\n".join(lines)


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.balance.vp_values",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("players", type=int)
    parser.add_argument("spec", help="the bots, as belle balance --bots")
    parser.add_argument("games", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--strategy")
    parser.add_argument("--series")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        series = parse_series(args.series) if args.series else None
    except ValueError as exc:
        parser.error(str(exc))
    jobs = [Job(args.players, args.spec, args.games, args.seed, i, args.strategy)
            for i in range(args.games)]
    if args.jobs <= 1:
        standings = [play(job) for job in jobs]
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
            standings = list(pool.map(play, jobs))
    print(report(standings, series))


if __name__ == "__main__":
    main(sys.argv[1:])

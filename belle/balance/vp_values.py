"""How much Paris's reconstructed prize values make their holders win (issue 15).

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

The other prizes that pay VP are scored again the same way: a bonus tile that pays VP
(per building, landmark or district, or flat: G-6) with another amount per unit
(`--bonus 25=1,26=4`: what it counted when it was used is kept, its points follow the
amount), and an end-game point tile with other points (`--pile vp8=6,vp7=6`: each tile
used pays its new amount). Who holds a bonus or end-game tile is who took it, as in
`belle balance`.

Run: `python -m belle.balance.vp_values PLAYERS SPEC GAMES SEED [--strategy NAME]
[--series 10/5/3,12/6/3,...] [--bonus N=AMOUNT,...] [--pile CODE=VP,...] [--jobs J]
[--save FILE | --load FILE ...]` prints, per VP tile, the games it was placed in, its
holders' win rate as played, if every tile paid as the smallest, and (with `--series`)
if every tile paid from that series; then, per bonus and end-game tile that pays VP,
its holders' win rate as played and with every change given; 95% intervals as `belle
balance`'s. `--save` keeps the played games' standings as JSON, so that `--load` scores
them again with other values without playing them again (several `--load`s pool their
games, and PLAYERS SPEC GAMES SEED are left out).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    bonus: dict[int, list[int]] = field(default_factory=dict)
    """Bonus tile number -> the VP each seat took from it when using it (VP kinds only)."""
    bonus_amounts: dict[int, int] = field(default_factory=dict)
    """Bonus tile number -> its amount in the game's rules edition (VP per unit)."""
    bonus_holders: dict[int, list[int]] = field(default_factory=dict)
    """Bonus tile number -> the seats that took it (VP kinds only)."""
    ends: dict[str, list[int]] = field(default_factory=dict)
    """End-game tile code -> the VP each seat took from its copies used (VP kind only)."""
    end_amounts: dict[str, int] = field(default_factory=dict)
    """End-game tile code -> the VP one copy pays."""
    end_holders: dict[str, list[int]] = field(default_factory=dict)
    """End-game tile code -> the seats that took a copy (VP kind only)."""


@dataclass(frozen=True)
class Job:
    """Game `index` of the balance run of these players, bots, games, seed (and strategy)."""

    players: int
    spec: str
    games: int
    seed: int
    index: int
    strategy: str | None = None


VP_BONUS_KINDS = frozenset({"vp", "per_value", "per_landmark", "per_district"})
"""The bonus tile kinds that pay VP when used (G-6); tile 27 (seed) is not one."""


class BonusWatch:
    """The referee's `on_action` hook: the VP each bonus tile paid when it was used.

    Called before each action, it compares the state with the one before the previous
    action: a bonus tile used in between paid the rise of that seat's bonus VP."""

    def __init__(self) -> None:
        self.points: dict[int, list[int]] = {}
        self._before: tuple[list[int], list[int]] | None = None

    def __call__(self, state: Any, action: Any) -> None:
        self.settle(state)

    def settle(self, state: ParisState) -> None:
        """Account for the action applied since the last call."""
        if self._before is not None:
            used, vp = self._before
            for seat in range(state.num_players):
                new = [n for n in range(1, data.NUM_BONUS_NUMBERS + 1)
                       if (state.bonus_used[seat] & ~used[seat]) >> n & 1
                       and state.rules.bonus[n - 1].kind in VP_BONUS_KINDS]
                if len(new) > 1:
                    raise ValueError(f"bonus tiles {new} used by one action")
                if new:
                    points = self.points.setdefault(new[0], [0] * state.num_players)
                    points[seat] += state.vp_parts[seat][2] - vp[seat]
        self._before = (list(state.bonus_used), [parts[2] for parts in state.vp_parts])


def play(job: Job) -> Standing:
    """Game `job.index` of the balance run, and its final standings."""
    run = Run("paris", job.players, lineup(job.players, job.spec.split(","), job.strategy),
              job.games, job.seed, strategy=job.strategy)
    game = load_game("paris")
    seating = run.seating(job.index)
    players = [make_player(spec, "paris") for spec in seating]
    watch = BonusWatch()
    state = play_match(game, players, run.game_seed(job.index),
                       max_actions=MAX_ACTIONS_PER_GAME, on_action=watch).state
    assert isinstance(state, ParisState)
    watch.settle(state)
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
    note_bonus_tiles(standing, state, full, watch.points)
    note_end_tiles(standing, state)
    return standing


def note_bonus_tiles(standing: Standing, state: ParisState, full: Mapping[str, Any],
                     points: Mapping[int, list[int]]) -> None:
    """The VP-paying bonus tiles: who took each, and what it paid (0 if kept unused)."""
    n = state.num_players
    for spec in state.rules.bonus:
        if spec.kind not in VP_BONUS_KINDS:
            continue
        seats = [s for s in range(n) if spec.number in full["screens"][s]["bonus"]
                 or spec.number in full["seats"][s]["bonus_used"]]
        if seats:
            standing.bonus_holders[spec.number] = seats
            standing.bonus[spec.number] = list(points.get(spec.number, [0] * n))
            standing.bonus_amounts[spec.number] = spec.amount


def note_end_tiles(standing: Standing, state: ParisState) -> None:
    """The end-game point tiles: who took a copy, and what the copies used paid."""
    n = state.num_players
    for seat, tile, _ in state.eg_takes:
        spec = data.END_TILES[tile]
        if spec.kind == "vp":
            holders = standing.end_holders.setdefault(spec.code, [])
            if seat not in holders:
                holders.append(seat)
            standing.ends.setdefault(spec.code, [0] * n)
            standing.end_amounts[spec.code] = spec.amount
    for seat, tile, _ in state.eg_uses:
        spec = data.END_TILES[tile]
        if spec.kind == "vp":
            standing.ends[spec.code][seat] += spec.amount


@dataclass(frozen=True)
class Changes:
    """The other values of a counterfactual besides the VP tiles'."""

    bonus: Mapping[int, int] = field(default_factory=dict)
    """Bonus tile number -> its amount (VP, or VP per building, landmark, district)."""
    pile: Mapping[str, int] = field(default_factory=dict)
    """End-game tile code -> the VP a copy pays."""


NO_CHANGES = Changes()


def rescored(standing: Standing, pays: Mapping[int, Sequence[int]],
             changes: Changes = NO_CHANGES) -> list[float]:
    """Each seat's score if tile t paid `pays[t]` (by place) instead of its amounts, and
    the bonus and end-game tiles as `changes` says."""
    scores = list(standing.scores)
    for tile, points in standing.tiles.items():
        if tile not in pays:
            continue
        amounts = standing.amounts[tile]
        for seat, got in enumerate(points):
            if got:
                scores[seat] += pays[tile][amounts.index(got)] - got
    _repay(scores, standing.bonus, standing.bonus_amounts, changes.bonus)
    _repay(scores, standing.ends, standing.end_amounts, changes.pile)
    return scores


def _repay(scores: list[float], paid: Mapping[Any, list[int]], amounts: Mapping[Any, int],
           new: Mapping[Any, int]) -> None:
    """Tiles that paid `amounts[t]` per unit (a building, landmark, district or copy used)
    pay `new[t]` instead: the units each seat counted are kept."""
    for tile, points in paid.items():
        if tile in new:
            for seat, got in enumerate(points):
                scores[seat] += got // amounts[tile] * new[tile] - got


def win_shares(standing: Standing, scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win with these scores (PARIS-147..150's tie-breaks)."""
    ranking = rank_by_keys([(scores[s], standing.francs[s], standing.board[s])
                            for s in range(len(scores))])
    first = [s for s, place in enumerate(ranking) if place == 0]
    return [1 / len(first) if s in first else 0.0 for s in range(len(scores))]


def holders(points: Sequence[int]) -> list[int]:
    best = max(points)
    return [s for s, p in enumerate(points) if p == best and p > 0]


def holder_rates(standings: Sequence[Standing], pays: Mapping[int, Sequence[int]],
                 changes: Changes = NO_CHANGES) -> dict[int, tuple[int, str]]:
    """Per VP tile: (holder-games, its holders' win rate with 95% interval as text)."""
    outcomes: dict[int, list[float]] = {}
    for standing in standings:
        shares = win_shares(standing, rescored(standing, pays, changes))
        for tile, points in standing.tiles.items():
            outcomes.setdefault(tile, []).extend(shares[s] for s in holders(points))
    return {tile: _rate(shares) for tile, shares in sorted(outcomes.items())}


def _rate(shares: Sequence[float]) -> tuple[int, str]:
    est = share_rate(shares)
    return len(shares), f"{est.value or 0:.0%} ({est.low:.0%}–{est.high:.0%})"


def prize_rates(standings: Sequence[Standing], pays: Mapping[int, Sequence[int]],
                changes: Changes = NO_CHANGES) -> dict[str, tuple[int, str]]:
    """Per VP-paying bonus tile ("bonus tile 25") and end-game point tile ("end-game
    tile vp8"): (holder-games, its holders' win rate with 95% interval as text)."""
    outcomes: dict[str, list[float]] = {}
    for standing in standings:
        shares = win_shares(standing, rescored(standing, pays, changes))
        for number, seats in sorted(standing.bonus_holders.items()):
            outcomes.setdefault(f"bonus tile {number}", []).extend(shares[s] for s in seats)
        for code, seats in sorted(standing.end_holders.items()):
            outcomes.setdefault(f"end-game tile {code}", []).extend(shares[s] for s in seats)
    return {name: _rate(outcomes[name]) for name in sorted(outcomes, key=_prize_order)}


def _prize_order(name: str) -> tuple[bool, int, str]:
    """Bonus tiles by number, then end-game tiles by their points."""
    last = name.rsplit(" ", 1)[1]
    return name.startswith("end"), int(last.lstrip("vp") or 0), last


def majority_share(standings: Sequence[Standing], pays: Mapping[int, Sequence[int]],
                   changes: Changes = NO_CHANGES) -> float:
    """The district majorities' share of all VP, with the tiles paying `pays`."""
    majorities = total = 0.0
    for standing in standings:
        total += sum(rescored(standing, pays, changes))
        for tile, points in standing.tiles.items():
            amounts = standing.amounts[tile]
            paid = pays.get(tile, amounts)
            majorities += sum(paid[amounts.index(got)] for got in points if got)
    return majorities / total if total else 0.0


def strategy_rate(standings: Sequence[Standing], pays: Mapping[int, Sequence[int]],
                  changes: Changes = NO_CHANGES) -> str:
    """The scripted strategy's win rate with the tiles paying `pays` (strategy runs)."""
    shares = [win_shares(standing, rescored(standing, pays, changes))[standing.strategy_seat]
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


def parse_amounts(text: str, key: type[int] | type[str]) -> dict[Any, int]:
    """"25=1,26=4" (bonus tile numbers) or "vp8=6,vp7=6" (end-game codes) -> amounts."""
    found: dict[Any, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, amount = part.partition("=")
        if not sep or not amount.strip().isdigit():
            raise ValueError(f"{part!r} is not NAME=AMOUNT with an amount of 0 or more")
        found[key(name.strip())] = int(amount)
    return found


def parse_bonus(text: str) -> dict[int, int]:
    """`--bonus`: VP-paying bonus tile numbers (G-6) and their amounts."""
    try:
        found = parse_amounts(text, int)
    except ValueError as exc:
        raise ValueError(f"--bonus: {exc}") from None
    for number in found:
        if not 1 <= number <= len(data.BONUS) or data.BONUS[number - 1].kind not in \
                VP_BONUS_KINDS:
            raise ValueError(f"--bonus: tile {number} does not pay VP")
    return found


def parse_pile(text: str) -> dict[str, int]:
    """`--pile`: end-game point tile codes (G-8) and the VP a copy pays."""
    try:
        found = parse_amounts(text, str)
    except ValueError as exc:
        raise ValueError(f"--pile: {exc}") from None
    codes = {t.code for t in data.END_TILES if t.kind == "vp"}
    for code in found:
        if code not in codes:
            raise ValueError(f"--pile: {code!r} is not one of {', '.join(sorted(codes))}")
    return found


def report(standings: Sequence[Standing], series: dict[int, tuple[int, ...]] | None,
           changes: Changes = NO_CHANGES) -> str:
    """The markdown tables of the module docstring."""
    amounts = standings[0].amounts if standings else {}
    smallest = amounts[min(amounts)] if amounts else ()
    as_played = holder_rates(standings, {})
    as_smallest = holder_rates(standings, {t: smallest for t in as_played})
    changed = bool(series or changes.bonus or changes.pile)
    other = holder_rates(standings, series or {}, changes) if changed else None
    low = "/".join(map(str, smallest))
    head = ("| VP tile | holder-games | holders win, as played | "
            f"every tile paying {low} (the smallest) |")
    rule = "|---|---|---|---|"
    if other is not None:
        head += " with the changes |"
        rule += "---|"
    lines = [head, rule]
    for tile, (count, rate) in as_played.items():
        pays = "/".join(map(str, amounts[tile]))
        row = f"| {tile} ({pays}) | {count} | {rate} | {as_smallest[tile][1]} |"
        if other is not None:
            row += f" {other[tile][1]} |"
        lines.append(row)
    lines += ["", *prize_table(standings, series or {}, changes if changed else None)]
    shares = [f"{majority_share(standings, {}):.0%} as played",
              f"{majority_share(standings, {t: smallest for t in as_played}):.0%} with every "
              "tile paying the smallest"]
    if changed:
        shares.append(f"{majority_share(standings, series or {}, changes):.0%} with the changes")
    lines += ["", f"District majorities' share of all VP: {', '.join(shares)}."]
    if any(standing.strategy_seat is not None for standing in standings):
        wins = [f"{strategy_rate(standings, {})} as played",
                f"{strategy_rate(standings, {t: smallest for t in as_played})} with every "
                "tile paying the smallest"]
        if changed:
            wins.append(f"{strategy_rate(standings, series or {}, changes)} with the changes")
        lines.append(f"The strategy wins {', '.join(wins)}.")
    return "\n".join(lines)


def prize_table(standings: Sequence[Standing], series: Mapping[int, Sequence[int]],
                changes: Changes | None) -> list[str]:
    """The bonus and end-game tiles that pay VP: holders' win rates, as played and (with
    `changes`) with every change."""
    as_played = prize_rates(standings, {})
    other = prize_rates(standings, series, changes) if changes is not None else None
    lines = ["| bonus or end-game tile | holder-games | holders win, as played |"
             + (" with the changes |" if other is not None else ""),
             "|---|---|---|" + ("---|" if other is not None else "")]
    for name, (count, rate) in as_played.items():
        row = f"| {name} | {count} | {rate} |"
        if other is not None:
            row += f" {other[name][1]} |"
        lines.append(row)
    return lines


def save(standings: Sequence[Standing], path: Path) -> None:
    path.write_text(json.dumps([dataclasses.asdict(s) for s in standings]))


def load(path: Path) -> list[Standing]:
    """The standings `save` wrote (JSON turns the integer keys into text)."""
    found = []
    for raw in json.loads(path.read_text()):
        for name in ("tiles", "amounts", "bonus", "bonus_amounts", "bonus_holders"):
            raw[name] = {int(k): v for k, v in raw[name].items()}
        raw["amounts"] = {k: tuple(v) for k, v in raw["amounts"].items()}
        found.append(Standing(**raw))
    return found


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m belle.balance.vp_values",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("players", type=int, nargs="?")
    parser.add_argument("spec", nargs="?", help="the bots, as belle balance --bots")
    parser.add_argument("games", type=int, nargs="?")
    parser.add_argument("seed", type=int, nargs="?")
    parser.add_argument("--strategy")
    parser.add_argument("--series")
    parser.add_argument("--bonus", default="", help="bonus tiles' amounts: 25=1,26=4")
    parser.add_argument("--pile", default="", help="end-game tiles' VP: vp8=6,vp7=6")
    parser.add_argument("--jobs", type=int, default=1)
    files = parser.add_mutually_exclusive_group()
    files.add_argument("--save", type=Path, help="keep the standings played in this file")
    files.add_argument("--load", type=Path, action="append",
                       help="score the standings of this file again (several: pooled)")
    args = parser.parse_args(argv)
    try:
        series = parse_series(args.series) if args.series else None
        changes = Changes(parse_bonus(args.bonus), parse_pile(args.pile))
    except ValueError as exc:
        parser.error(str(exc))
    if args.load:
        standings = []
        for path in args.load:
            try:
                standings += load(path)
            except (OSError, ValueError, TypeError, KeyError) as exc:
                parser.error(f"--load: {path} is not a file of standings ({exc})")
    elif None in (args.players, args.spec, args.games, args.seed):
        parser.error("PLAYERS SPEC GAMES SEED name the games to play (or --load them)")
    else:
        standings = play_all(args)
    if args.save is not None:
        save(standings, args.save)
    print(report(standings, series, changes))


def play_all(args: argparse.Namespace) -> list[Standing]:
    jobs = [Job(args.players, args.spec, args.games, args.seed, i, args.strategy)
            for i in range(args.games)]
    if args.jobs <= 1:
        return [play(job) for job in jobs]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        return list(pool.map(play, jobs))


if __name__ == "__main__":
    main(sys.argv[1:])

"""A balance report: the games of one `Run` summed up, with 95% intervals, as JSON data.

Sections (keys of the dict `build_report` returns):

- `seats`: win rate by place in the turn order (first player, second...);
- `bots`: win rate per player spec, when the line-up mixes them;
- `winners_per_game`: the mean number of seats sharing first place, t;
- `vp_share`: each score component's share of all VP, for all players and for the
  winners (a ratio of sums over games; bootstrap interval);
- `elements`: per element a player can hold (with its data.py tag), in how many games it
  was taken (Wilson) and the win rate of its holders (over holder-games: a game where
  two seats hold it counts twice); and its `companion`, if any: another element that
  nearly all its holders hold too (`companion_of`), with that element's holders' win
  rate with and without this one, so a bound can tell an element that decides games from
  one that only goes with another;
- `length`: actions, player decisions and the game's own measures (rounds, turns), t;
- `end_reasons`, `facts`: how often each ending and each per-game fact, Wilson;
- `bounds`: filled in by `belle.balance.bounds.evaluate`.

A win is a first place, and a first place shared by k seats is 1/k of a win for each of
them (`win_shares`), so the seats' win rates add up to 1 per game and the fair share is
1/N. A win rate is the mean of these shares, with `stats.share_rate`'s interval (Wilson's
when no first place was shared); its row says in `shared` how many of its outcomes were
a shared first place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from belle.balance.probe import Element, Probe
from belle.balance.runner import GameResult, Run
from belle.balance.stats import (
    Estimate,
    bootstrap_shares,
    ranking_win_shares,
    share_rate,
    t_mean,
    wilson,
)

INTERVALS = {
    "rates": "Wilson score interval, 95%",
    "win rates": "Wilson score interval at the win shares' effective number of trials "
                 "(Kish; plain Wilson without shared first places), 95%",
    "means": "Student's t interval (normal from 30 games), 95%",
    "shares": "percentile bootstrap over games, 1000 resamples, 95%",
}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
COMPANION_MIN_OVERLAP = 0.9
"""A companion holds at least this share of an element's holder-games..."""
COMPANION_MAX_REACH = 0.75
"""...and at most this share of the seat-games it was offered in (not held by all)."""
COMPANION_MIN_HOLDINGS = 20
"""Fewer holder-games than this look for no companion (any two would overlap by chance)."""
Holding = set[tuple[int, int]]
"""Holder-games as (game index in the run, seat)."""


def place_name(position: int) -> str:
    """"first player", "second player"... for a place in the turn order."""
    word = ORDINALS[position] if position < len(ORDINALS) else f"{position + 1}th"
    return f"{word} player"


def build_report(run: Run, results: Sequence[GameResult], probe: Probe,
                 title: str = "") -> dict[str, Any]:
    done = [r for r in results if r.error is None and r.facts is not None]
    return {
        "game": run.game,
        "title": title or run.game,
        "players": run.players,
        "options": dict(run.options),
        "label": run.label,
        "lineup": list(run.lineup),
        "strategy": run.strategy,
        "self_play": run.self_play,
        "endings_only": run.endings_only,
        "seed": run.seed,
        "games": run.games,
        "completed": len(done),
        "errors": [{"game": r.index, "seed": r.seed, "error": r.error}
                   for r in results if r.error is not None],
        "intervals": INTERVALS,
        "seats": _seats(done, run.players),
        "bots": [] if run.self_play else _bots(done),
        "winners_per_game": _winners_per_game(done, run.players),
        "vp_share": _vp_shares(done, run.seed, probe.share_groups()),
        "elements": _elements(done, probe),
        "length": _lengths(done),
        "end_reasons": _end_reasons(done),
        "facts": _facts(done),
        "bounds": [],
    }


def _rate(successes: int, trials: int) -> dict[str, Any]:
    return {"n": trials, "k": successes, **wilson(successes, trials).to_json()}


def win_shares(result: GameResult) -> list[float]:
    """Each seat's share of the game's win: 1/k for each of k seats sharing first place."""
    return ranking_win_shares(result.ranking)


def _win_rate(outcomes: Sequence[float]) -> dict[str, Any]:
    """A win rate from win shares: `k` the wins (a sum of shares), `shared` how many
    outcomes were a shared first place."""
    return {"n": len(outcomes), "k": round(sum(outcomes), 4),
            "shared": sum(1 for x in outcomes if 0 < x < 1),
            **share_rate(outcomes).to_json()}


def _facts_of(result: GameResult) -> Any:
    assert result.facts is not None
    return result.facts


def _seats(done: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    outcomes: list[list[float]] = [[] for _ in range(players)]
    for result in done:
        start, shares = _facts_of(result).start_player, win_shares(result)
        for position in range(players):
            outcomes[position].append(shares[(start + position) % players])
    return [{"place": place_name(p), **_win_rate(outcomes[p])} for p in range(players)]


def _bots(done: Sequence[GameResult]) -> list[dict[str, Any]]:
    outcomes: dict[str, list[float]] = {}
    for result in done:
        for spec, share in zip(result.seats, win_shares(result), strict=True):
            outcomes.setdefault(spec, []).append(share)
    return [{"player": spec, **_win_rate(shares)} for spec, shares in outcomes.items()]


def _vp_shares(done: Sequence[GameResult], seed: int,
               groups: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    names: list[str] = []
    for result in done:
        for lines in _facts_of(result).components:
            for name, _ in lines:
                if name not in names:
                    names.append(name)
    shares: dict[str, Any] = {"groups": {}}
    for who in ("all", "winners"):
        parts, totals, people = [], [], 0
        for result in done:
            seats = range(len(result.ranking)) if who == "all" else result_winners(result)
            row = [0.0] * len(names)
            for seat in seats:
                for name, points in _facts_of(result).components[seat]:
                    row[names.index(name)] += points
            people += len(seats)
            parts.append(row)
            totals.append(sum(row))
        members = [[names.index(n) for n in group if n in names] for group in groups.values()]
        parts = [row + [sum(row[c] for c in cols) for cols in members] for row in parts]
        estimates = bootstrap_shares(parts, totals, seed)
        shares[who] = [
            {"component": name, "points_per_player": round(sum(r[c] for r in parts) / people, 3)
             if people else None, **estimate.to_json()}
            for c, (name, estimate) in enumerate(zip(names, estimates, strict=False))
        ]
        shares["groups"][who] = [
            {"group": name, "components": list(group), **estimate.to_json()}
            for (name, group), estimate in zip(groups.items(), estimates[len(names):],
                                               strict=True)
        ]
    return shares


def result_winners(result: GameResult) -> list[int]:
    return [seat for seat, place in enumerate(result.ranking) if place == 0]


def _elements(done: Sequence[GameResult], probe: Probe) -> list[dict[str, Any]]:
    rows = []
    elements = probe.elements()
    held, reach = _holdings(done, elements)
    names = {element.id: element for element in elements}
    outcomes = {(number, seat): share for number, result in enumerate(done)
                for seat, share in enumerate(win_shares(result))}
    for element in elements:
        offered = taken = 0
        holder_outcomes: list[float] = []
        for result in done:
            facts = _facts_of(result)
            if element.id not in facts.available:
                continue
            offered += 1
            seats = facts.holders.get(element.id, [])
            taken += bool(seats)
            shares = win_shares(result)
            holder_outcomes += [shares[s] for s in seats]
        rows.append({
            "id": element.id, "kind": element.kind, "name": element.name,
            "provenance": element.provenance,
            "taken": _rate(taken, offered), "holders_win": _win_rate(holder_outcomes),
            "companion": _companion(element.id, held, reach, names, outcomes),
        })
    return rows


def _holdings(done: Sequence[GameResult], elements: Sequence[Element],
              ) -> tuple[dict[str, Holding], dict[str, float]]:
    """Per element its holder-games, and their share of the seat-games it was offered in."""
    held: dict[str, Holding] = {}
    reach: dict[str, float] = {}
    for element in elements:
        offered_seats = 0
        held[element.id] = set()
        for number, result in enumerate(done):
            facts = _facts_of(result)
            if element.id in facts.available:
                offered_seats += len(result.ranking)
                held[element.id] |= {(number, s) for s in facts.holders.get(element.id, [])}
        reach[element.id] = len(held[element.id]) / offered_seats if offered_seats else 1.0
    return held, reach


def companion_of(element: str, held: dict[str, Holding],
                 reach: dict[str, float]) -> str | None:
    """The element that most of `element`'s holder-games also hold (at least
    COMPANION_MIN_OVERLAP), among those held in more holder-games and by at most
    COMPANION_MAX_REACH of their seat-games; the most overlapping, then the rarest.
    None below COMPANION_MIN_HOLDINGS holder-games."""
    mine = held[element]
    if len(mine) < COMPANION_MIN_HOLDINGS:
        return None
    candidates = [
        (len(mine & theirs) / len(mine), -reach[other], other)
        for other, theirs in held.items()
        if other != element and len(theirs) > len(mine) and reach[other] <= COMPANION_MAX_REACH
    ]
    best = max(candidates, default=None)
    return best[2] if best is not None and best[0] >= COMPANION_MIN_OVERLAP else None


def _companion(element: str, held: dict[str, Holding], reach: dict[str, float],
               names: dict[str, Element], outcomes: dict[tuple[int, int], float],
               ) -> dict[str, Any] | None:
    other = companion_of(element, held, reach)
    if other is None:
        return None
    mine, theirs = held[element], held[other]
    return {
        "id": other, "name": names[other].name, "provenance": names[other].provenance,
        "overlap": round(len(mine & theirs) / len(mine), 4),
        "with": _win_rate([outcomes[g] for g in sorted(theirs & mine)]),
        "without": _win_rate([outcomes[g] for g in sorted(theirs - mine)]),
    }


def _mean(values: Sequence[float]) -> dict[str, Any]:
    estimate: Estimate = t_mean(values)
    return {"n": len(values), **estimate.to_json()}


def _winners_per_game(done: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The mean number of seats in first place; its interval kept within 1..players."""
    mean = _mean([float(len(result_winners(r))) for r in done])
    if mean["low"] is not None:
        mean["low"] = max(1.0, mean["low"])
    if mean["high"] is not None:
        mean["high"] = min(float(players), mean["high"])
    return mean


def _lengths(done: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    measures: dict[str, list[float]] = {
        "actions": [float(r.actions) for r in done],
        "player decisions": [float(r.decisions) for r in done],
    }
    for result in done:
        for name, value in _facts_of(result).lengths.items():
            measures.setdefault(name, []).append(float(value))
    return {name: _mean(values) for name, values in measures.items()}


def _end_reasons(done: Sequence[GameResult]) -> list[dict[str, Any]]:
    counts: Counter[tuple[str, bool]] = Counter(
        (_facts_of(r).end_reason, _facts_of(r).fallback) for r in done)
    return [{"reason": reason, "fallback": fallback, **_rate(count, len(done))}
            for (reason, fallback), count in counts.most_common()]


def _facts(done: Sequence[GameResult]) -> list[dict[str, Any]]:
    yes: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for result in done:
        for name, value in _facts_of(result).facts.items():
            seen[name] += 1
            yes[name] += bool(value)
    return [{"fact": name, **_rate(yes[name], seen[name])} for name in seen]

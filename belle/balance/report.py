"""A balance report: the games of one `Run` summed up, with 95% intervals, as JSON data.

Sections (keys of the dict `build_report` returns):

- `seats`: win rate by place in the turn order (first player, second...), Wilson;
- `bots`: win rate per player spec, when the line-up mixes them, Wilson;
- `vp_share`: each score component's share of all VP, for all players and for the
  winners (a ratio of sums over games; bootstrap interval);
- `elements`: per element a player can hold (with its data.py tag), in how many games it
  was taken (Wilson) and
  the win rate of its holders (Wilson, over holder-games: a game where two seats hold
  it counts twice);
- `length`: actions, player decisions and the game's own measures (rounds, turns), t;
- `end_reasons`, `facts`: how often each ending and each per-game fact, Wilson;
- `bounds`: filled in by `belle.balance.bounds.evaluate`.

A win is a first place; a shared first place is a win for every seat sharing it, so the
seats' win rates may add up to more than 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from belle.balance.probe import Probe
from belle.balance.runner import GameResult, Run
from belle.balance.stats import Estimate, bootstrap_shares, t_mean, wilson

INTERVALS = {
    "rates": "Wilson score interval, 95%",
    "means": "Student's t interval (normal from 30 games), 95%",
    "shares": "percentile bootstrap over games, 1000 resamples, 95%",
}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


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
        "seed": run.seed,
        "games": run.games,
        "completed": len(done),
        "errors": [{"game": r.index, "seed": r.seed, "error": r.error}
                   for r in results if r.error is not None],
        "intervals": INTERVALS,
        "seats": _seats(done, run.players),
        "bots": [] if run.self_play else _bots(done),
        "vp_share": _vp_shares(done, run.seed, probe.share_groups()),
        "elements": _elements(done, probe),
        "length": _lengths(done),
        "end_reasons": _end_reasons(done),
        "facts": _facts(done),
        "bounds": [],
    }


def _rate(successes: int, trials: int) -> dict[str, Any]:
    return {"n": trials, "k": successes, **wilson(successes, trials).to_json()}


def _facts_of(result: GameResult) -> Any:
    assert result.facts is not None
    return result.facts


def _seats(done: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    wins = [0] * players
    for result in done:
        start = _facts_of(result).start_player
        for position in range(players):
            wins[position] += result.ranking[(start + position) % players] == 0
    return [{"place": place_name(p), **_rate(wins[p], len(done))} for p in range(players)]


def _bots(done: Sequence[GameResult]) -> list[dict[str, Any]]:
    seat_games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for result in done:
        for seat, spec in enumerate(result.seats):
            seat_games[spec] += 1
            wins[spec] += result.ranking[seat] == 0
    return [{"player": spec, **_rate(wins[spec], seat_games[spec])} for spec in seat_games]


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
    for element in probe.elements():
        offered = taken = holders = holder_wins = 0
        for result in done:
            facts = _facts_of(result)
            if element.id not in facts.available:
                continue
            offered += 1
            seats = facts.holders.get(element.id, [])
            taken += bool(seats)
            holders += len(seats)
            holder_wins += sum(result.ranking[s] == 0 for s in seats)
        rows.append({
            "id": element.id, "kind": element.kind, "name": element.name,
            "provenance": element.provenance,
            "taken": _rate(taken, offered), "holders_win": _rate(holder_wins, holders),
        })
    return rows


def _mean(values: Sequence[float]) -> dict[str, Any]:
    estimate: Estimate = t_mean(values)
    return {"n": len(values), **estimate.to_json()}


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

"""The balance bounds of issue 15, as named checks over a report (belle.balance.report).

Each check judges an estimate by its 95% interval against a limit:

- `fail`: the whole interval is on the wrong side of the limit;
- `pass`: the whole interval is on the right side;
- `undecided`: the interval straddles the limit; more games would decide.

Only `fail` makes `belle balance --check` exit non-zero. The checks of reconstructed
elements, seats, endings and game-specific shares judge self-play runs (every seat the
same bot); the strategy check judges runs of a scripted strategy against bots.

Three judgements are not a plain interval against a limit (docs/decisions.md, "Bounds
that can be decided", issue 15, session 6):

- an element taken in so few games that its take rate's 95% upper bound is under
  `RARE_LIMIT` cannot decide games: it passes as *rare*, whatever its holders won;
- a scripted strategy fails only when its whole interval is above the fair share, and
  passes otherwise (a strategy exactly at its fair share could never pass a strict
  interval, however many games);
- the fallback-endings bound is judged on every self-play game played at the report's
  player count when the suite pools them (`endings_pool`, belle.balance.suite), since
  an ending is the rules' and not one bot's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from belle.balance.games.bruxelles_1893 import (
    BONUS_CATEGORY_PREFIX,
    BUILDING_COMPONENTS,
    BUILDING_GROUP,
)
from belle.balance.games.paris import TRIGGERS_USED as PARIS_TRIGGERS_USED
from belle.balance.probe import RECONSTRUCTED
from belle.balance.stats import wilson
from belle.balance.strategies import STRATEGY_PREFIX

FAIL, PASS, UNDECIDED = "fail", "pass", "undecided"
HOLDER_LIMIT_TWO_PLAYERS = 0.65
FIRST_SEAT_MARGIN = 0.10
FALLBACK_LIMIT = 0.01
BRUXELLES_BUILDING_MIN = 0.25
BRUXELLES_BONUS_CATEGORY_MAX = 0.30
PARIS_VP_TRIGGERS_MIN = 0.5
RARE_LIMIT = 0.10
"""An element whose take rate's 95% upper bound is below this share of the games is rare."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One check of one subject: its status and a sentence a reader can act on."""

    bound: str
    subject: str
    status: str
    sentence: str
    value: float | None
    low: float | None
    high: float | None
    limit: float
    rare: bool = False
    """A holder-win-rate verdict that passes because the element is rarely taken."""

    def to_json(self) -> dict[str, Any]:
        return {"bound": self.bound, "subject": self.subject, "status": self.status,
                "sentence": self.sentence, "value": self.value, "low": self.low,
                "high": self.high, "limit": self.limit, "rare": self.rare}


def status_at_most(low: float | None, high: float | None, limit: float) -> str:
    """The estimate must not exceed `limit` (None: an open end of the interval)."""
    if low is not None and low > limit:
        return FAIL
    return PASS if high is not None and high <= limit else UNDECIDED


def status_at_least(low: float | None, high: float | None, limit: float) -> str:
    """The estimate must reach `limit` (None: an open end of the interval)."""
    if high is not None and high < limit:
        return FAIL
    return PASS if low is not None and low >= limit else UNDECIDED


def pct(x: float | None) -> str:
    """A share as a percentage: one decimal below 10%, none above."""
    if x is None:
        return "–"
    return f"{100 * x:.1f}%" if abs(x) < 0.1 else f"{100 * x:.0f}%"


def _interval(est: dict[str, Any]) -> str:
    if est["low"] is None or est["high"] is None:
        return f"{pct(est['value'])} (too few games for an interval)"
    return f"{pct(est['value'])} (95% interval {pct(est['low'])}–{pct(est['high'])})"


Check = Callable[[dict[str, Any]], Iterator[Verdict]]


def _verdict(bound: str, subject: str, status: str, est: dict[str, Any], limit: float,
             what: str, side: str) -> Verdict:
    """`what` is the measured phrase with {} for the estimate ("holders of X win {} of
    their games"); `side` is "above" or "below"."""
    judged = {FAIL: f"{side} the {pct(limit)} bound", PASS: f"within the {pct(limit)} bound",
              UNDECIDED: f"not yet decided against the {pct(limit)} bound"}[status]
    sentence = f"{what.format(_interval(est))}: {judged}."
    return Verdict(bound, subject, status, sentence[0].upper() + sentence[1:],
                   est["value"], est["low"], est["high"], limit)


def holder_win_rate(report: dict[str, Any]) -> Iterator[Verdict]:
    """No reconstructed element whose holders win more than 65% of 2-player games, or
    more than twice the fair share with more players."""
    players = report["players"]
    limit = HOLDER_LIMIT_TWO_PLAYERS if players == 2 else 2 / players
    for element in report["elements"]:
        est = element["holders_win"]
        if est["n"] == 0 or element["provenance"] != RECONSTRUCTED:
            continue
        taken = element["taken"]
        if taken["high"] is not None and taken["high"] < RARE_LIMIT:
            yield _rare(element, players, limit)
            continue
        status = status_at_most(est["low"], est["high"], limit)
        what = f"holders of {element['name']} win {{}} of their {players}-player games"
        verdict = _verdict("holder-win-rate", element["name"], status, est, limit, what,
                           "above")
        companion = element.get("companion")
        if companion and est["value"] > limit and status != PASS:
            verdict = replace(verdict, sentence=f"{verdict.sentence} "
                              f"{_companion_sentence(element['name'], companion)}")
        yield verdict


def _rare(element: dict[str, Any], players: int, limit: float) -> Verdict:
    """An element too rarely taken to decide games: it passes, with its figures."""
    taken, est = element["taken"], element["holders_win"]
    sentence = (f"{element['name']} is taken in {pct(taken['value'])} of the games (at most "
                f"{pct(taken['high'])} at 95%), under {pct(RARE_LIMIT)}: rare, so it cannot "
                f"decide games (its holders win {_interval(est)} of their {players}-player "
                "games): passes as rare.")
    return Verdict("holder-win-rate", element["name"], PASS, sentence[0].upper() + sentence[1:],
                   est["value"], est["low"], est["high"], limit, rare=True)


def _companion_sentence(name: str, companion: dict[str, Any]) -> str:
    """Whether an element's holders win because they hold another element too."""
    with_it, without = companion["with"], companion["without"]
    text = (f"{pct(companion['overlap'])} of these holders also hold {companion['name']}, "
            f"whose holders win {_interval(with_it)} with it and {_interval(without)} "
            "without it")
    if (without["low"] is not None and with_it["value"] is not None
            and without["low"] <= with_it["value"] <= without["high"]):
        return f"{text}: holding {name} adds nothing measurable to holding " \
               f"{companion['name']}."
    return f"{text}."


def first_seat(report: dict[str, Any]) -> Iterator[Verdict]:
    """The first player's win rate within the fair share ± 10 points."""
    est = report["seats"][0]
    fair = 1 / report["players"]
    low_limit, high_limit = fair - FIRST_SEAT_MARGIN, fair + FIRST_SEAT_MARGIN
    if est["n"] == 0:
        return
    if est["low"] > high_limit or est["high"] < low_limit:  # share_rate: never open
        status = FAIL
    elif est["low"] >= low_limit and est["high"] <= high_limit:
        status = PASS
    else:
        status = UNDECIDED
    band = f"the fair share ± 10 points ({pct(max(0.0, low_limit))}–{pct(high_limit)})"
    judged = {FAIL: f"outside {band}", PASS: f"within {band}",
              UNDECIDED: f"not yet decided against {band}"}[status]
    sentence = f"The first player wins {_interval(est)}: {judged}."
    yield Verdict("first-seat", "first player", status, sentence, est["value"], est["low"],
                  est["high"], fair)


def strategy_win_rate(report: dict[str, Any]) -> Iterator[Verdict]:
    """No degenerate strategy above its fair share against the bots: it fails only when
    its whole interval is above the fair share, and passes otherwise (a strategy exactly
    at its fair share would never pass a strict interval)."""
    fair = 1 / report["players"]
    for row in report["bots"]:
        if not row["player"].startswith(STRATEGY_PREFIX) or row["n"] == 0:
            continue
        name = row["player"].removeprefix(STRATEGY_PREFIX)
        above = row["low"] is not None and row["low"] > fair
        judged = (f"above the {pct(fair)} fair share" if above else
                  f"not above the {pct(fair)} fair share")
        sentence = f"The scripted strategy {name} wins {_interval(row)} of its games: {judged}."
        yield Verdict("strategy", name, FAIL if above else PASS, sentence, row["value"],
                      row["low"], row["high"], fair)


def fallback_endings(report: dict[str, Any]) -> Iterator[Verdict]:
    """Games end by the seeds' own end conditions: reconstructed fallbacks below 1%.

    Judged on the report's `endings_pool` when the suite gave it one (every self-play
    game at this player count), else on the report's own games."""
    games = report["completed"]
    if games == 0:
        return
    fallbacks = sum(r["k"] for r in report["end_reasons"] if r["fallback"])
    names = [r["reason"] for r in report["end_reasons"] if r["fallback"]]
    pool = report.get("endings_pool")
    what = "{} of the games end by a reconstructed fallback" + (
        f" ({'; '.join(names)})" if names else "")
    if pool:
        rate = wilson(pool["fallbacks"], pool["games"])
        what = (f"{fallbacks} of this run's {games} games end by a reconstructed fallback"
                + (f" ({'; '.join(names)})" if names else "") + "; over all "
                f"{pool['games']} self-play games at {report['players']} players "
                f"({', '.join(pool['runs'])}) {pool['fallbacks']} do, {{}}")
    else:
        rate = wilson(fallbacks, games)
    status = status_at_most(rate.low, rate.high, FALLBACK_LIMIT)
    yield _verdict("fallback-endings", "end conditions", status, rate.to_json(),
                   FALLBACK_LIMIT, what, "above")


def bruxelles_building(report: dict[str, Any]) -> Iterator[Verdict]:
    """Building (tiles, buildings, masterpiece, architect track) at least 25% of the
    winners' VP (the probe's share group "building")."""
    est = next((row for row in report["vp_share"]["groups"]["winners"]
                if row["group"] == BUILDING_GROUP), None)
    if est is None or est["value"] is None:
        return
    status = status_at_least(est["low"], est["high"], BRUXELLES_BUILDING_MIN)
    what = "building (" + ", ".join(BUILDING_COMPONENTS) + ") gives {} of the winners' VP"
    yield _verdict("bruxelles-building-share", "building", status, est,
                   BRUXELLES_BUILDING_MIN, what, "below")


def bruxelles_bonus_categories(report: dict[str, Any]) -> Iterator[Verdict]:
    """No bonus category more than 30% of all VP."""
    for row in report["vp_share"]["all"]:
        if not row["component"].startswith(BONUS_CATEGORY_PREFIX) or row["value"] is None:
            continue
        status = status_at_most(row["low"], row["high"], BRUXELLES_BONUS_CATEGORY_MAX)
        category = row["component"].removeprefix(BONUS_CATEGORY_PREFIX)
        what = f"the bonus category \"{category}\" gives {{}} of all VP"
        yield _verdict("bruxelles-bonus-category", row["component"], status, row,
                       BRUXELLES_BONUS_CATEGORY_MAX, what, "above")


def paris_vp_triggers(report: dict[str, Any]) -> Iterator[Verdict]:
    """In most games every VP-tile trigger the seed offers is used.

    The seed places a VP tile only when a district first holds 4 keys on its buildings
    and landmarks, one trigger per district, so the number of tiles placed is the number
    of districts that get there (10, 9 or 7 keys per player, seed) and no value of ours
    can place every tile (docs/decisions.md, issue 15, session 6). The bound asks that the
    placements the seed offers are made, as its majorities expect."""
    row = next((r for r in report["facts"] if r["fact"] == PARIS_TRIGGERS_USED), None)
    if row is None:
        return
    status = status_at_least(row["low"], row["high"], PARIS_VP_TRIGGERS_MIN)
    yield _verdict("paris-vp-triggers", "VP-tile triggers", status, row,
                   PARIS_VP_TRIGGERS_MIN,
                   "every VP-tile trigger of the game is used (a tile placed for each "
                   "district that reaches 4 keys) in {} of the games", "below")


SELF_PLAY_CHECKS: tuple[Check, ...] = (holder_win_rate, first_seat, fallback_endings)
GAME_CHECKS: dict[str, tuple[Check, ...]] = {
    "bruxelles_1893": (bruxelles_building, bruxelles_bonus_categories),
    "paris": (paris_vp_triggers,),
}
STRATEGY_CHECKS: tuple[Check, ...] = (strategy_win_rate,)


def evaluate(report: dict[str, Any]) -> list[Verdict]:
    """Every check that applies to this report's run, in a fixed order."""
    if report.get("endings_only"):
        checks: tuple[Check, ...] = (fallback_endings,)
    elif report["strategy"] is not None:
        checks = STRATEGY_CHECKS
    elif report["self_play"]:
        checks = SELF_PLAY_CHECKS + GAME_CHECKS.get(report["game"], ())
    else:
        checks = ()
    return [verdict for check in checks for verdict in check(report)]


def judge(report: dict[str, Any]) -> dict[str, Any]:
    """The report with its `bounds` filled in."""
    report["bounds"] = [verdict.to_json() for verdict in evaluate(report)]
    return report


def failures(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in report["bounds"] if b["status"] == FAIL]

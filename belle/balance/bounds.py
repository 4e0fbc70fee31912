"""The balance bounds of issue 15, as named checks over a report (belle.balance.report).

Each check judges an estimate by its 95% interval against a limit:

- `fail`: the whole interval is on the wrong side of the limit;
- `pass`: the whole interval is on the right side;
- `undecided`: the interval straddles the limit; more games would decide.

Only `fail` makes `belle balance --check` exit non-zero. The checks of reconstructed
elements, seats, endings and game-specific shares judge self-play runs (every seat the
same bot); the strategy check judges runs of a scripted strategy against bots.
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
from belle.balance.probe import RECONSTRUCTED
from belle.balance.stats import wilson
from belle.balance.strategies import STRATEGY_PREFIX

FAIL, PASS, UNDECIDED = "fail", "pass", "undecided"
HOLDER_LIMIT_TWO_PLAYERS = 0.65
FIRST_SEAT_MARGIN = 0.10
FALLBACK_LIMIT = 0.01
BRUXELLES_BUILDING_MIN = 0.25
BRUXELLES_BONUS_CATEGORY_MAX = 0.30
PARIS_VP_TILE_MIN = 0.5


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

    def to_json(self) -> dict[str, Any]:
        return {"bound": self.bound, "subject": self.subject, "status": self.status,
                "sentence": self.sentence, "value": self.value, "low": self.low,
                "high": self.high, "limit": self.limit}


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
        status = status_at_most(est["low"], est["high"], limit)
        what = f"holders of {element['name']} win {{}} of their {players}-player games"
        verdict = _verdict("holder-win-rate", element["name"], status, est, limit, what,
                           "above")
        companion = element.get("companion")
        if companion and est["value"] > limit and status != PASS:
            verdict = replace(verdict, sentence=f"{verdict.sentence} "
                              f"{_companion_sentence(element['name'], companion)}")
        yield verdict


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
    """No degenerate strategy above its fair share against the bots."""
    fair = 1 / report["players"]
    for row in report["bots"]:
        if not row["player"].startswith(STRATEGY_PREFIX) or row["n"] == 0:
            continue
        name = row["player"].removeprefix(STRATEGY_PREFIX)
        status = status_at_most(row["low"], row["high"], fair)
        what = f"the scripted strategy {name} wins {{}} of its games"
        yield _verdict("strategy", name, status, row, fair, what, "above")


def fallback_endings(report: dict[str, Any]) -> Iterator[Verdict]:
    """Games end by the seeds' own end conditions: reconstructed fallbacks below 1%."""
    games = report["completed"]
    if games == 0:
        return
    fallbacks = sum(r["k"] for r in report["end_reasons"] if r["fallback"])
    rate = wilson(fallbacks, games)
    status = status_at_most(rate.low, rate.high, FALLBACK_LIMIT)
    est = rate.to_json()
    names = [r["reason"] for r in report["end_reasons"] if r["fallback"]]
    what = "{} of the games end by a reconstructed fallback" + (
        f" ({'; '.join(names)})" if names else "")
    yield _verdict("fallback-endings", "end conditions", status, est, FALLBACK_LIMIT,
                   what, "above")


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


PARIS_VP_TILE_TRIGGER = (
    "A VP tile is placed only when a district first holds 4 keys on its buildings and "
    "landmarks (the seed's trigger, with the seed's 10, 9 or 7 keys per player), and the "
    "player placing one takes the largest tile left: in the games where only a few "
    "districts reach 4 keys, the smaller tiles stay off the board whatever their "
    "reconstructed values, so this bound measures the seed's trigger rather than a value "
    "of ours.")
"""Said once per report, after the first VP tile that is not placed in most games."""


def paris_vp_tiles(report: dict[str, Any]) -> Iterator[Verdict]:
    """Every VP tile placed in most games, as the seed's majorities expect."""
    explained = False
    for row in report["facts"]:
        if not (row["fact"].startswith("VP tile ") and row["fact"].endswith(" placed")):
            continue
        subject = row["fact"].removesuffix(" placed")
        status = status_at_least(row["low"], row["high"], PARIS_VP_TILE_MIN)
        verdict = _verdict("paris-vp-tiles", subject, status, row, PARIS_VP_TILE_MIN,
                           f"{subject} is placed in {{}} of the games", "below")
        short = row["value"] is not None and row["value"] < PARIS_VP_TILE_MIN
        if short and status != PASS and not explained:
            explained = True
            verdict = replace(verdict, sentence=f"{verdict.sentence} {PARIS_VP_TILE_TRIGGER}")
        yield verdict


SELF_PLAY_CHECKS: tuple[Check, ...] = (holder_win_rate, first_seat, fallback_endings)
GAME_CHECKS: dict[str, tuple[Check, ...]] = {
    "bruxelles_1893": (bruxelles_building, bruxelles_bonus_categories),
    "paris": (paris_vp_tiles,),
}
STRATEGY_CHECKS: tuple[Check, ...] = (strategy_win_rate,)


def evaluate(report: dict[str, Any]) -> list[Verdict]:
    """Every check that applies to this report's run, in a fixed order."""
    if report["strategy"] is not None:
        checks: tuple[Check, ...] = STRATEGY_CHECKS
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

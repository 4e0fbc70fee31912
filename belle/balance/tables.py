"""A report as titled tables of text, shared by the terminal (Rich) and docs/balance.md.

Intervals are written "52% (47–57%)": the estimate and its 95% interval. Element rows
are sorted by their holders' win rate, highest first, so the elements to look at come
first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from belle.balance.bounds import FAIL, PASS, UNDECIDED, pct
from belle.balance.probe import RECONSTRUCTED


@dataclass(frozen=True, slots=True)
class TextTable:
    title: str
    columns: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]
    note: str = ""


def interval(est: dict[str, Any]) -> str:
    if est.get("value") is None:
        return "–"
    if est["low"] is None or est["high"] is None:
        return f"{pct(est['value'])} (too few games for an interval)"
    return f"{pct(est['value'])} ({pct(est['low'])}–{pct(est['high'])})"


def number_interval(est: dict[str, Any], places: int = 1) -> str:
    if est.get("value") is None:
        return "–"
    low, high = est["low"], est["high"]
    if low is None or high is None:
        return f"{est['value']:.{places}f}"
    return f"{est['value']:.{places}f} ({low:.{places}f}–{high:.{places}f})"


def wins(row: dict[str, Any]) -> str:
    """A win count: whole, or to one decimal with shared first places ("23.5, 7 shared")."""
    k = row["k"]
    text = f"{k:.0f}" if float(k).is_integer() else f"{k:.1f}"
    return text + (f" ({row['shared']} shared)" if row.get("shared") else "")


def headline(report: dict[str, Any]) -> str:
    """One sentence: what was played."""
    text = (f"{report['title']}, {report['players']} players, {report['label']}: "
            f"{report['completed']} of {report['games']} games completed, seed {report['seed']}")
    if report["options"]:
        text += ", options " + ", ".join(f"{k}={v}" for k, v in report["options"].items())
    if report["errors"]:
        text += f"; {len(report['errors'])} games failed"
    return text + "."


def report_tables(report: dict[str, Any]) -> list[TextTable]:
    if report.get("endings_only"):
        return [_endings(report)]
    tables = [_seats(report)]
    if report["bots"]:
        tables.append(_bots(report))
    tables.append(_shares(report))
    if report["elements"]:
        tables.append(_elements(report))
    tables.append(_lengths(report))
    tables.append(_endings(report))
    if report["facts"]:
        tables.append(TextTable("Per-game facts", ("fact", "games", "how often (95%)"),
                                [(r["fact"], str(r["n"]), interval(r)) for r in report["facts"]]))
    return tables


def _seats(report: dict[str, Any]) -> TextTable:
    rows = [(r["place"], wins(r), interval(r)) for r in report["seats"]]
    note = f"fair share {pct(1 / report['players'])}"
    winners = report.get("winners_per_game", {})
    if winners.get("value") is not None:
        note += f"; {number_interval(winners, 2)} winners per game, a first place shared " \
                "by k seats counting 1/k of a win for each"
    return TextTable("Win rate by place in the turn order", ("place", "wins", "win rate (95%)"),
                     rows, note)


def _bots(report: dict[str, Any]) -> TextTable:
    rows = [(r["player"], str(r["n"]), wins(r), interval(r)) for r in report["bots"]]
    return TextTable("Win rate by player (seats rotate every game)",
                     ("player", "seat-games", "wins", "win rate (95%)"), rows)


def _shares(report: dict[str, Any]) -> TextTable:
    winners = {r["component"]: r for r in report["vp_share"]["winners"]}
    rows = [
        (r["component"], f"{r['points_per_player']:.1f}" if r["points_per_player"] is not None
         else "–", interval(r), interval(winners.get(r["component"], {})))
        for r in report["vp_share"]["all"]
    ]
    for who_all, who_win in zip(report["vp_share"]["groups"]["all"],
                                report["vp_share"]["groups"]["winners"], strict=True):
        rows.append((f"together: {who_all['group']}", "", interval(who_all), interval(who_win)))
    return TextTable("Share of VP by score component",
                     ("component", "VP per player", "share of all VP (95%)",
                      "share of winners' VP (95%)"), rows)


def _elements(report: dict[str, Any]) -> TextTable:
    flagged = {b["subject"]: b["status"] for b in report["bounds"]
               if b["bound"] == "holder-win-rate"}
    ordered = sorted(report["elements"],
                     key=lambda e: -(e["holders_win"]["value"] or -1.0))
    verdicts = {FAIL: "FAILS", UNDECIDED: "undecided", PASS: "ok"}
    rows = [
        (e["name"], e["provenance"], f"{e['taken']['k']}/{e['taken']['n']}",
         interval(e["taken"]), str(e["holders_win"]["n"]), interval(e["holders_win"]),
         verdicts.get(flagged.get(e["name"], ""), "")
         if e["provenance"] == RECONSTRUCTED else "not judged")
        for e in ordered
    ]
    return TextTable("Elements a player can hold: taken, and their holders' win rate",
                     ("element", "data", "games taken", "taken (95%)", "holder-games",
                      "holders win (95%)", "bound"), rows,
                     "only elements tagged reconstructed are judged")


def _lengths(report: dict[str, Any]) -> TextTable:
    rows = [(name, number_interval(est)) for name, est in report["length"].items()]
    return TextTable("Game length", ("measure", "mean per game (95%)"), rows)


def _endings(report: dict[str, Any]) -> TextTable:
    rows = [(r["reason"], "reconstructed fallback" if r["fallback"] else "the seed's",
             str(r["k"]), interval(r)) for r in report["end_reasons"]]
    verdict = next((b for b in report["bounds"] if b["bound"] == "fallback-endings"), None)
    note = ""
    if report.get("endings_pool") and verdict is not None:
        pool = report["endings_pool"]
        note = (f"over all {pool['games']} self-play games at {report['players']} players, "
                f"{pool['fallbacks']} ended by a reconstructed fallback, {interval(verdict)}: "
                f"{ {FAIL: 'fails', PASS: 'passes', UNDECIDED: 'undecided'}[verdict['status']]}"
                " against the 1% bound")
    return TextTable("How games ended", ("end", "condition", "games", "share (95%)"), rows,
                     note)


def bound_lines(report: dict[str, Any]) -> tuple[list[str], list[str], int]:
    """(sentences of failed bounds, of undecided bounds leaning to fail, passes)."""
    failed = [b["sentence"] for b in report["bounds"] if b["status"] == FAIL]
    leaning = [b["sentence"] for b in report["bounds"]
               if b["status"] == UNDECIDED and _leans_to_fail(b)]
    passed = sum(1 for b in report["bounds"] if b["status"] == PASS)
    return failed, leaning, passed


def _leans_to_fail(bound: dict[str, Any]) -> bool:
    """An undecided bound whose estimate is already on the wrong side of the limit."""
    value, limit = bound["value"], bound["limit"]
    if value is None:
        return False
    if bound["bound"] == "first-seat":
        return bool(abs(value - limit) > 0.10)
    if bound["bound"] in ("bruxelles-building-share", "paris-vp-triggers"):
        return bool(value < limit)
    return bool(value > limit)

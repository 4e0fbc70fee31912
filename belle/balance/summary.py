"""Each game's balance figures in brief, as JSON the rules pages show (belle/web/rules/
balance.json, written by `belle balance --all --summary` in the run that writes
docs/balance.md; belle/web/js/balance.js words it in the reader's language).

Per game and player count, per run (bot self-play, or a scripted strategy against the
bots): games completed, the first player's win rate with its 95% interval, and how many
bounds pass, fail or are undecided. Only numbers and stable kinds: the page words them in
the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from belle.balance.bounds import FAIL, PASS, UNDECIDED
from belle.balance.strategies import STRATEGY_PREFIX


def run_kind(report: dict[str, Any]) -> str:
    """"greedy", "ismcts", "strategy" or "endings": what played the run."""
    if report.get("endings_only"):
        return "endings"
    if report["strategy"] is not None:
        return "strategy"
    return str(report["lineup"][0]).split(":", 1)[0]


def _estimate(est: dict[str, Any]) -> dict[str, Any]:
    return {"value": est["value"], "low": est["low"], "high": est["high"]}


def _run(report: dict[str, Any]) -> dict[str, Any]:
    bounds = report["bounds"]
    row: dict[str, Any] = {
        "kind": run_kind(report),
        "label": report["label"],
        "games": report["completed"],
        "bounds": {status: sum(1 for b in bounds if b["status"] == status)
                   for status in (PASS, FAIL, UNDECIDED)},
    }
    if report["strategy"] is not None:
        row["strategy"] = report["strategy"]
        mine = next(r for r in report["bots"]
                    if r["player"] == STRATEGY_PREFIX + report["strategy"])
        row["strategy_wins"] = _estimate(mine)
    elif not report.get("endings_only"):
        row["first_player_wins"] = _estimate(report["seats"][0])
    return row


def summaries(reports: Sequence[dict[str, Any]], meta: Any) -> dict[str, Any]:
    """{measured, commit, command, games: {game id: {players: [runs...]}}}."""
    games: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for report in reports:
        per_count = games.setdefault(report["game"], {})
        per_count.setdefault(str(report["players"]), []).append(_run(report))
    return {"measured": meta.measured, "commit": meta.commit, "command": meta.command,
            "games": games}

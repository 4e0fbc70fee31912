"""docs/balance.md: reports as one Markdown page, with the command that regenerates it.

Each game has a stable anchor (`#paris`, `#bruxelles_1893`...) that the rules pages and
the README link to. The page opens with the command, when and on what the figures were
measured, how to read them, and every failed bound; then per game and player count the
tables of belle.balance.tables (the long element table folded in a <details> block).
"""

from __future__ import annotations

import platform
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from belle import __version__
from belle.balance.tables import TextTable, bound_lines, headline, report_tables
from belle.engine.registry import list_games

READING = """\
How to read this page: a *win* is a first place, and a first place shared by k seats is
1/k of a win for each of them, so the seats' win rates add up to 100% per game and the
fair share of N players is 1/N (each seat table gives the mean number of winners per
game). Every figure comes with its 95% interval: Wilson for rates (for win rates, at the
effective number of trials of their fractional outcomes), Student's t for means, a
bootstrap over games for shares of VP. A bound *fails* only when its whole interval is
on the wrong side of the limit, *passes* when the whole interval is on the right side,
and is *undecided* otherwise (more games would decide); the lists below name the
failures and the undecided bounds whose estimate is already on the wrong side. The
bounds (issue 15, `belle/balance/bounds.py`): no reconstructed element whose holders win
more than 65% of 2-player games or more than twice the fair share with more players (an
element taken in under 10% of the games at 95% is *rare*: it cannot decide games and
passes); the first player's win rate within the fair share ± 10 points; no scripted
strategy above the fair share against the bots (it fails only when its whole interval is
above); Bruxelles 1893: building at least 25% of the winners' VP and no bonus category
above 30% of all VP; Paris: in most games every VP-tile trigger is used (the seed places
a tile only when a district first holds 4 keys on its buildings and landmarks, so the
number of tiles placed is the number of such districts; each Paris section gives its
distribution); games end by the seeds' own end conditions (reconstructed fallbacks below
1%, judged over every self-play game at the player count, the runs "more games for the
endings" included). Element, seat, ending and share bounds judge self-play; the strategy
bound judges strategy runs. The reasoning behind each bound and each recalibration is in
docs/decisions.md and docs/games/."""


@dataclass(frozen=True, slots=True)
class PageMeta:
    command: str
    measured: str
    """When, e.g. "2024-05-01 14:00 UTC"."""
    commit: str
    minutes: float
    note: str = ""


def page(reports: Sequence[dict[str, Any]], meta: PageMeta) -> str:
    lines = [
        "# How balanced are Belle's reconstructions?",
        "",
        "Where the rulebooks are silent, Belle's data is our design (values tagged "
        "`reconstructed` in each game's `data.py`). Bots play each game many times and this "
        "page reports what decides games: seat, score components, reconstructed elements, "
        "scripted one-track strategies, and how games end.",
        "",
        "Regenerate this page with one command (from the repository root):",
        "",
        "```sh",
        meta.command,
        "```",
        "",
        f"Measured {meta.measured} on commit {meta.commit} (belle {__version__}, Python "
        f"{platform.python_version()}), {meta.minutes:.0f} minutes of wall time. "
        + _editions() + (f" {meta.note}" if meta.note else ""),
        "",
        READING,
        "",
        *_overview(reports),
        "",
        *_summary(reports),
    ]
    titles = {info.id: info.title for info in list_games()}
    for game in dict.fromkeys(r["game"] for r in reports):
        lines += ["", f'<a id="{game}"></a>', "", f"## {titles.get(game, game)}"]
        for report in (r for r in reports if r["game"] == game):
            lines += ["", *_section(report)]
    return "\n".join(lines) + "\n"


def _editions() -> str:
    """The rules edition each game was played by (its `rules_version` option's default)."""
    parts, single = [], False
    for info in list_games():
        edition = next((o.default for o in info.options if o.name == "rules_version"), None)
        if edition is None:
            single = True
        else:
            parts.append(f"{info.title} rules edition {edition}")
    if not parts:
        return ""
    return "Played by " + ", ".join(parts) + ("; the other games have one edition." if
                                              single else ".")


def _overview(reports: Sequence[dict[str, Any]]) -> list[str]:
    """One row per run: what was played and how its bounds came out."""
    lines = ["## Every run", "",
             "| game | players | run | games | fail | undecided | pass |",
             "|---|---|---|---|---|---|---|"]
    for report in reports:
        counts = [sum(1 for b in report["bounds"] if b["status"] == status)
                  for status in ("fail", "undecided", "pass")]
        lines.append(f"| [{report['title']}](#{report['game']}) | {report['players']} | "
                     f"{report['label']} | {report['completed']} of {report['games']} | "
                     + " | ".join(map(str, counts)) + " |")
    return lines


def _summary(reports: Sequence[dict[str, Any]]) -> list[str]:
    lines = ["## Bounds that fail", ""]
    any_failed = False
    for report in reports:
        failed, _, _ = bound_lines(report)
        if failed:
            any_failed = True
            lines.append(f"- **{report['title']}, {report['players']} players, "
                         f"{report['label']}** ({len(failed)}):")
            lines += [f"  - {sentence}" for sentence in failed]
    if not any_failed:
        lines.append("None: every bound passes or is undecided.")
    return lines


def _section(report: dict[str, Any]) -> list[str]:
    lines = [f"### {report['players']} players, {report['label']}", "", headline(report), ""]
    failed, leaning, passed = bound_lines(report)
    undecided = sum(1 for b in report["bounds"] if b["status"] == "undecided")
    lines.append(f"Bounds: {len(failed)} fail, {undecided} undecided, {passed} pass.")
    lines += [f"- Fails: {sentence}" for sentence in failed]
    lines += [f"- Undecided, leaning to fail: {sentence}" for sentence in leaning]
    for table in report_tables(report):
        lines += ["", *_table(table)]
    return lines


def _table(table: TextTable) -> list[str]:
    body = [
        "| " + " | ".join(table.columns) + " |",
        "|" + "|".join("---" for _ in table.columns) + "|",
        *("| " + " | ".join(_cell(c) for c in row) + " |" for row in table.rows),
    ]
    note = f" ({table.note})" if table.note else ""
    if len(table.rows) > 12:
        return [f"<details><summary>{table.title}{note}: {len(table.rows)} rows</summary>", "",
                *body, "", "</details>"]
    return [f"**{table.title}**{note}", "", *body]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")

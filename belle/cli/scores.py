"""The final score display, for any game: `score_breakdown()` lines, totals and places."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from belle.engine.game import State


def ordinal(place: int) -> str:
    """0 → '1st', 1 → '2nd', ..."""
    n = place + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _points(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def score_table(state: State[Any], names: Sequence[str]) -> Table:
    """Per seat: its score components, then its total and place (winners starred)."""
    returns, ranking = state.returns(), state.ranking()
    table = Table(title="Final scores", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("seat", no_wrap=True)
    table.add_column("component", no_wrap=True)
    table.add_column("points", justify="right", no_wrap=True)
    table.add_column("detail", style="dim")
    breakdown = state.score_breakdown()
    for seat in sorted(range(state.num_players), key=lambda seat: (ranking[seat], seat)):
        who = f"seat {seat} ({names[seat]})"
        for line in breakdown[seat]:
            detail = str(line.get("detail", ""))
            table.add_row(who, str(line["component"]), _points(line["points"]), detail)
            who = ""
        winner = ranking[seat] == 0
        total = Text(f"{_points(returns[seat])}", style="bold green" if winner else "bold")
        place = f"{ordinal(ranking[seat])} place" + (" ★ wins" if winner else "")
        table.add_row(who, Text("total", style="bold"), total, place, end_section=True)
    return table


def winners_line(state: State[Any], names: Sequence[str]) -> str:
    winners = state.winners()
    who = ", ".join(f"seat {seat} ({names[seat]})" for seat in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{who} {verb} with {_points(state.returns()[winners[0]])} points."

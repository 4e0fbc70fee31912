"""The final score display, for any game: `score_breakdown()` lines, totals and places,
in the reader's language (`Words`, belle.cli.texts; a score line's component and detail
from its message ids, English where it has none)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from belle.cli.texts import Words, ordinal
from belle.engine.game import State

ENGLISH = Words()


def _points(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def score_table(state: State[Any], names: Sequence[str], words: Words = ENGLISH,
                game: str | None = None) -> Table:
    """Per seat: its score components, then its total and place (winners starred);
    `game` names the catalogue of the score lines' messages."""
    returns, ranking = state.returns(), state.ranking()
    table = Table(title=words("terminal.scores.title"), title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(words("terminal.scores.seat"), no_wrap=True)
    table.add_column(words("terminal.scores.component"), no_wrap=True)
    table.add_column(words("terminal.scores.points"), justify="right", no_wrap=True)
    table.add_column(words("terminal.scores.detail"), style="dim")
    breakdown = state.score_breakdown()
    for seat in sorted(range(state.num_players), key=lambda seat: (ranking[seat], seat)):
        who = _who(seat, names, words)
        for line in breakdown[seat]:
            component, detail = (words.game_text(game, line, field) if game else
                                 str(line.get(field, "")) for field in ("component", "detail"))
            table.add_row(Text(who), Text(component), _points(line["points"]), Text(detail))
            who = ""
        winner = ranking[seat] == 0
        total = Text(f"{_points(returns[seat])}", style="bold green" if winner else "bold")
        place = words("terminal.scores.place", ordinal=ordinal(ranking[seat]))
        if winner:
            place += words("terminal.scores.wins")
        table.add_row(Text(who), Text(words("terminal.scores.total"), style="bold"), total,
                      Text(place), end_section=True)
    return table


def _who(seat: int, names: Sequence[str], words: Words) -> str:
    return words("terminal.scores.who", seat=words.seat(seat), player=names[seat])


def winners_line(state: State[Any], names: Sequence[str], words: Words = ENGLISH) -> str:
    winners = state.winners()
    who = ", ".join(_who(seat, names, words) for seat in winners)
    sentence = "terminal.winner" if len(winners) == 1 else "terminal.winners"
    return words(sentence, players=who, points=_points(state.returns()[winners[0]]))

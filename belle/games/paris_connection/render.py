"""Paris Connection in the terminal: the map and the tables, drawn with Rich.

Everything is drawn from a VIEW dict (`state.view(seat)`, see views.py) plus the static
map, so a renderer can never show what the viewer may not know. The map is the
pointy-top hex grid of data.HEXES with odd rows shifted half a cell, labelled like
the notation (`place F7`): column letters above (unshifted rows) and below (shifted
rows), row numbers on both sides. A cell is four characters:

    ` ·· `  rural hex, one dot per free slot, letters for locomotives (PC-41)
    ` [·]`  city, bracket in its value colour: beige 1, purple 2, red 3, blue 4 (PC-7)
    ` «R»`  start hex of a company (PC-5)      ` /\\ `  the Eiffel Tower (PC-4)

Checkered edges (PC-39) are drawn where they run: `|` between two hexes of a row, `/` and
`\\` on the line between two rows. Every word comes from the game's catalogue (texts.py,
ids ``board.*``) in the voice's language (belle.i18n.say.Voice); seats from 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from belle.games.paris_connection import data
from belle.games.paris_connection.rules import BOARD
from belle.i18n.say import Voice

ENGLISH = Voice("paris_connection")

CELL = 4
CITY_COLOURS = {1: "navajo_white1", 2: "medium_purple1", 3: "red3", 4: "dodger_blue1"}
LETTERS = [company.letter for company in data.COMPANIES]

NOTATION: tuple[tuple[str, str], ...] = (
    ("build R", "board.help.build"),
    ("place Lyon", "board.help.place_city"),
    ("place F7", "board.help.place_hex"),
    ("stop", "board.help.stop"),
    ("return R", "board.help.return"),
    ("take 1 B, take 2 B", "board.help.take"),
)
"""The notation's forms (as typed) and what each does (a message id)."""


def notation_help(voice: Voice = ENGLISH) -> str:
    """The notation help of `belle play` in the voice's language."""
    letters = [f"{c.letter} {voice(f'company.{c.letter}')}" for c in data.COMPANIES]
    return "\n".join([*voice.notation_lines(NOTATION, letters=letters),
                      voice("board.help.rule")])


def with_mark(sentence: str, mark: Text) -> Text:
    """`sentence` with its one NUL replaced by `mark` (a coloured letter in a sentence)."""
    before, _, after = sentence.partition("\0")
    return Text.assemble(before, mark, after)


def company_style(letter: str) -> Style:
    """The display colour of a company, from data.COMPANIES[i].ansi."""
    company = data.COMPANIES[LETTERS.index(letter)]
    try:
        return Style.parse(f"bold {company.ansi}")
    except Exception:  # an unknown colour name must not break the board
        return Style(bold=True)


def letter_text(letter: str) -> Text:
    return Text(letter, style=company_style(letter))


# -- the map ---------------------------------------------------------------
def _offset(q: int, r: int) -> int:
    """Offset column of an axial hex (odd rows shifted right), as rules.grid_label."""
    return q + (r - (r & 1)) // 2


MIN_COL = min(_offset(q, r) for q, r in BOARD.coords)
MAX_COL = max(_offset(q, r) for q, r in BOARD.coords)
MIN_ROW = min(r for _, r in BOARD.coords)
MAX_ROW = max(r for _, r in BOARD.coords)
KIND = tuple(h.kind for h in data.HEXES)
INDEX_AT = {coord: i for i, coord in enumerate(BOARD.coords)}


def _cell(index: int, companies: list[str]) -> Text:
    kind = KIND[index]
    if kind == "eiffel":
        return Text(" /\\ ", style="bold bright_yellow")
    if kind == "start":  # the colour drawn onto it at setup (PC-19), once drawn
        if not companies:
            return Text(" «·»", style="dim")
        letter = companies[0]
        return Text(" ") + Text(f"«{letter}»", style=company_style(letter) + Style(reverse=True))
    if kind == "city":
        bracket = Style(color=CITY_COLOURS.get(BOARD.values[index], "white"), bold=True)
        inner = letter_text(companies[0]) if companies else Text("·", style="dim")
        return Text(" ") + Text("[", style=bracket) + inner + Text("]", style=bracket)
    slots = Text(" ")
    for letter in companies[:2]:
        slots += letter_text(letter)
    slots += Text("·" * (2 - len(companies)), style="dim")
    return slots + Text(" ")


BLOCKED = frozenset(frozenset(edge) for edge in data.BLOCKED_EDGES)
BARRIER = Style(bold=True)


def _blocked(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return frozenset((a, b)) in BLOCKED


def _column_header(shifted: bool) -> Text:
    line = Text(" " * (4 + (2 if shifted else 0)), style="dim")
    for col in range(MIN_COL, MAX_COL + 1):
        line += Text(f" {chr(ord('A') + col - MIN_COL)}  ", style="dim")
    return line


def _x(q: int, r: int) -> int:
    """Where the cell of hex (q, r) starts on its line (after the row number)."""
    return 4 + (2 if r & 1 else 0) + CELL * (_offset(q, r) - MIN_COL)


def _row_line(r: int, occupied: dict[str, list[str]]) -> Text:
    number = r - MIN_ROW + 1
    line = Text.assemble((f"{number:>3} ", "dim"), "  " if r & 1 else "")
    for col in range(MIN_COL, MAX_COL + 1):
        q = col - (r - (r & 1)) // 2
        index = INDEX_AT.get((q, r))
        if index is None:
            line += Text(" " * CELL)
            continue
        cell = _cell(index, occupied.get(BOARD.labels[index], []))
        if _blocked((q - 1, r), (q, r)):  # PC-39: a checkered edge on the west side
            cell = Text.assemble(("|", BARRIER), cell[1:])
        line += cell
    return Text.assemble(line, "" if r & 1 else "  ", (f" {number}", "dim"))


def _edge_line(r: int) -> Text | None:
    """Checkered edges between rows r and r + 1 (`\\` south-west, `/` south-east)."""
    marks: dict[int, str] = {}
    for q, row in BOARD.coords:
        if row != r:
            continue
        x = _x(q, r)
        if _blocked((q, r), (q - 1, r + 1)):
            marks[x] = "\\"
        if _blocked((q, r), (q, r + 1)):
            marks[x + 3] = "/"
    if not marks:
        return None
    chars = [" "] * (max(marks) + 1)
    for x, mark in marks.items():
        chars[x] = mark
    return Text("".join(chars), style=BARRIER)


def map_text(occupied: dict[str, list[str]]) -> Text:
    """The hex map with the locomotives of `occupied` (grid label → company letters)."""
    lines = [_column_header(shifted=False)]
    for r in range(MIN_ROW, MAX_ROW + 1):
        lines.append(_row_line(r, occupied))
        edges = _edge_line(r) if r < MAX_ROW else None
        lines.append(edges if edges is not None else Text(""))
    lines[-1] = _column_header(shifted=True)
    return Text("\n").join(lines)


def city_legend(columns: int = 3) -> Table:
    """City name → grid label, coloured by value, sorted by name down the columns."""
    cities = sorted(
        (name, BOARD.labels[i], BOARD.values[i]) for i, name in enumerate(BOARD.names) if name
    )
    rows = -(-len(cities) // columns)
    table = Table.grid(padding=(0, 2))
    for _ in range(columns):
        table.add_column(no_wrap=True)
    for row in range(rows):
        cells = [
            Text.assemble((f"{label:>3} ", "dim"), (name, CITY_COLOURS.get(value, "")))
            for name, label, value in cities[row::rows]
        ]
        table.add_row(*cells)
    return table


def legend_key(voice: Voice = ENGLISH) -> Text:
    """Two lines: city colours and values; start hexes, Eiffel Tower, slots, barriers."""
    key = Text()
    for value, colour in CITY_COLOURS.items():
        bracket = Style(color=colour, bold=True)
        key += Text.assemble(("[", bracket), ("·", "dim"), ("]", bracket))
        name = voice(f"board.city.{data.CITY_VALUE_NAMES[value]}")
        key += Text(f" {name} +{value}  ", style="dim")
    key += Text("\n«R» " + voice("board.start") + "  /\\ " + voice("board.eiffel")
                + "  ·· " + voice("board.free_slots") + "  ", style="dim")
    key.append("| / \\", style=BARRIER)
    key.append(" " + voice("board.barriers"), style="dim")
    return key


# -- the tables ------------------------------------------------------------
def _track(value: int) -> str:
    """G-7: a value past the printed track is still exact, and marked."""
    top = data.VALUE_TRACK_MAX
    return f"{value}" if value <= top else f"{value} ({top}+)"


def companies_table(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    on_map: dict[str, int] = dict.fromkeys(LETTERS, 0)
    for hex_ in view["board"]:
        for letter in hex_["companies"]:
            on_map[letter] += 1
    building = view.get("building") or {}
    table = Table(title=voice("board.companies"), title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    for column in ("company", "value", "supply", "on_map"):
        table.add_column(voice(f"board.col.{column}"),
                         justify="left" if column == "company" else "right")
    supply = view.get("supply")
    for company in data.COMPANIES:
        letter = company.letter
        value = Text(_track(view["values"][letter]))
        if building.get("company") == letter and building.get("pending_gain"):
            value += Text(f" +{building['pending_gain']}", style="bold green")
        table.add_row(
            Text.assemble(letter_text(letter), " ", voice(f"company.{company.letter}")),
            value,
            "–" if supply is None else str(supply[letter]),
            str(on_map[letter]),
        )
    return table


def _portfolio_text(portfolio: dict[str, int], voice: Voice) -> Text:
    """`R4 B2 N1`: shares per company, in company colours."""
    parts = [letter_text(letter) + Text(str(portfolio[letter]))
             for letter in LETTERS if portfolio.get(letter)]
    return Text(" ").join(parts) if parts else Text(voice("board.none"), style="dim")


def players_table(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    """Seats with their share counts (PC-56 limit); scores and portfolios once over."""
    over = view["phase"] == "over"
    table = Table(title=voice("board.players"), title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    columns = ("seat", "shares", "score", "portfolio") if over else ("seat", "shares")
    for column in columns:
        table.add_column(voice(f"board.col.{column}"), no_wrap=True,
                         justify="right" if column in ("shares", "score") else "left")
    table.add_column("", no_wrap=True)
    for seat, size in enumerate(view["portfolio_sizes"]):
        shares = Text(f"{size}/{view['limit']}", style="bold red" if size > view["limit"] else "")
        row: list[RenderableType] = [voice.seat(seat), shares]
        if over:
            winner = view["ranking"][seat] == 0
            row.append(Text(f"{view['scores'][seat]:g}", style="bold green" if winner else ""))
            row.append(_portfolio_text(view["portfolios"][seat], voice))
        row.append(_seat_notes(view, seat, voice))
        table.add_row(*row)
    return table


def _seat_notes(view: dict[str, Any], seat: int, voice: Voice) -> Text:
    notes = []
    if view["phase"] == "over" and view["ranking"][seat] == 0:
        notes.append(voice("board.winner"))
    if seat == view.get("to_move"):
        notes.append(voice("board.to_move"))
    if seat == view.get("seat"):
        notes.append(voice("board.you"))
    if seat == view.get("start_player"):
        notes.append(voice("board.started"))
    return Text(", ".join(notes), style="bold" if seat == view.get("to_move") else "dim")


def _seat_breakdown(breakdown: Any, seat: int) -> list[dict[str, Any]] | None:
    """The seat's score lines from a view's `breakdown` (a list per seat, None if unknown)."""
    if isinstance(breakdown, list) and 0 <= seat < len(breakdown):
        lines = breakdown[seat]
    elif isinstance(breakdown, dict):
        lines = breakdown.get(seat, breakdown.get(str(seat)))
    else:
        lines = None
    return lines if isinstance(lines, list) else None


def own_portfolio(view: dict[str, Any], voice: Voice = ENGLISH) -> Text | None:
    """The viewer's shares and what they would score now (only in the viewer's view)."""
    portfolio = view.get("portfolio")
    if portfolio is None or view["phase"] == "over":
        return None
    lines = _seat_breakdown(view.get("breakdown"), view["seat"])
    worth = sum(line["points"] for line in lines) if lines else None
    text = Text.assemble((voice("board.your_shares") + " ", "bold"),
                         _portfolio_text(portfolio, voice))
    if worth is not None:
        text += Text(" " + voice("board.worth", points=worth), style="dim")
    return text


def status(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    phase = view["phase"]
    if phase == "over":
        reason = voice.text(view["end"]) if view.get("end") else ""
        return Text(voice("board.over", reason=reason), style="bold")
    if phase in ("starts", "deal", "first"):
        return Text(voice("board.setting_up"), style="dim")
    seat = view["to_move"]
    mine = seat == view.get("seat")
    text = Text(voice("board.your_turn", seat=voice.seat(seat)) if mine
                else voice("board.seat_to_move", seat=voice.seat(seat)), style="bold")
    building = view.get("building")
    if building:
        placed, gain = building["placed"], building["pending_gain"]
        mark = letter_text(building["company"])
        if placed:
            text += Text(" ") + with_mark(voice("board.building", company="\0", placed=placed,
                                                most=data.MAX_BUILD, gain=gain), mark)
        else:
            text += Text(" ") + with_mark(voice("board.building_first", company="\0"), mark)
    elif view.get("returned"):
        text += Text(" ") + with_mark(voice("board.trading", company="\0"),
                                      letter_text(view["returned"]))
    return text


class _TableLayout:
    """The map, with the legend and the tables beside it when the terminal is wide enough."""

    def __init__(self, view: dict[str, Any], voice: Voice) -> None:
        occupied = {hex_["hex"]: hex_["companies"] for hex_ in view["board"]}
        self.board = Panel(map_text(occupied), title="Paris Connection", expand=False)
        self.view = view
        self.voice = voice

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        voice = self.voice
        companies, players = companies_table(self.view, voice), players_table(self.view, voice)
        side = Group(legend_key(voice), city_legend(), companies, players)
        board_width = Measurement.get(console, options, self.board).maximum
        side_width = Measurement.get(console, options, side).maximum
        if board_width + 2 + side_width <= options.max_width:
            grid = Table.grid(padding=(0, 2))
            grid.add_row(self.board, side)
            yield grid
            return
        # Narrow terminal: the map last, next to the prompt, where the eye goes.
        yield legend_key(voice)
        yield city_legend()
        yield Columns([companies, players], padding=(0, 4))
        yield self.board


def render(view: dict[str, Any], voice: Voice = ENGLISH) -> RenderableType:
    """The whole table as the view's seat sees it, in the voice's language."""
    parts: list[RenderableType] = [_TableLayout(view, voice)]
    mine = own_portfolio(view, voice)
    if mine is not None:
        parts.append(mine)
    parts.append(status(view, voice))
    return Group(*parts)


# -- the move log ------------------------------------------------------------
def _public_chance(text: str, voice: Voice) -> str:
    """`first 2` and `start R I3` (PC-26, PC-19; the notation's seats count from 0) as a
    sentence."""
    words = text.split()
    if words[0] == "first" and len(words) == 2 and words[1].isdigit():
        return voice("board.chance.first", seat=voice.seat(int(words[1])))
    if words[0] == "start" and len(words) == 3 and words[1] in LETTERS:
        return voice("board.chance.start", company=voice(f"company.{words[1]}"), hex=words[2])
    return text


def describe_chance(
    seen_by: Iterable[int] | None, actions: list[str] | None, count: int,
    voice: Voice = ENGLISH,
) -> RenderableType:
    """A run of chance outcomes for the move log; `actions` is None when hidden."""
    if seen_by is None:
        return Text(voice("board.chance", outcomes=[_public_chance(t, voice)
                                                    for t in actions or []]))
    seats = [voice.seat(s) for s in sorted(seen_by)]
    one = ".one" if count == 1 else ""
    if actions is None:
        return Text(voice(f"board.chance.hidden{one}", seats=seats, count=count))
    letters = [text.split()[-1] for text in actions]
    drawn = Text(" ").join(letter_text(x) if x in LETTERS else Text(x) for x in letters)
    return Text(voice(f"board.chance.drawn{one}", seats=seats, count=count) + " ") + drawn

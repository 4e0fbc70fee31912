"""Paris Paris in the terminal: the map of Paris and the tables, drawn with Rich.

Everything is drawn from a VIEW dict (`state.view(seat)`, see views.py) plus the static
network its `network` names (rules.NETWORKS), so the renderer can never show what the
viewer may not know. The map is the schematic of the network's stops on a character
grid: each line is a dotted path in its colour, each stop its three-letter code
followed by its shop places,

    `POM2○`  a crossing (two places, PP-27) with one shop of player 2, in their colour
    `NDA○`   an ordinary stop or terminus (one place)

A shop is its owner's number, so the map reads without colour (NO_COLOR) too; the map
fits 80 columns. Stops named by a face-up card are shown reversed (REQ-PP-5). Every
word comes from the game's catalogue (texts.py, ids ``board.*``) in the voice's language.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from belle.games.paris_paris import data
from belle.games.paris_paris.rules import NET, NETWORKS, Network
from belle.i18n.say import Voice

ENGLISH = Voice("paris_paris")

ROWS, COLS = 31, 76  # with the panel's border: 80 columns
LINE_STYLE = {line.colour: Style(color=line.ansi, bold=True) for line in data.LINES}
PLAYER_STYLE = [Style(color=p.ansi, bold=True) for p in data.PLAYER_COLOURS]
PLAYER_NAMES = [p.name for p in data.PLAYER_COLOURS]
STOP_NAMES = {s.id: s.name for s in (*data.STOPS, *data.WITHDRAWN_STOPS)}


def network_of(view: dict[str, Any]) -> Network:
    """The map the view's game plays on (its rules revision), the current one by default."""
    return NETWORKS.get(view.get("network", NET.revision), NET)


NOTATION: tuple[tuple[str, str], ...] = (
    ("take Pompidou green", "board.help.take"),
    ("take POM green", "board.help.code"),
    ("remove grey", "board.help.remove"),
)
"""The notation's forms (as typed) and what each does (a message id)."""


def notation_help(voice: Voice = ENGLISH) -> str:
    """The notation help of `belle play` in the voice's language."""
    return "\n".join([*voice.notation_lines(NOTATION), voice("board.help.rule")])


def _cell(x: int, y: int) -> tuple[int, int]:
    """Map coordinates (0..1000, 0..760) to a (row, column) of the character grid."""
    return round(y * (ROWS - 2) / 760), 1 + round(x * (COLS - 8) / 1000)


@functools.cache
def _canvas(revision: int) -> list[list[tuple[str, Style | str]]]:
    """The lines of a network, dotted in their colours (drawn once per network)."""
    net = NETWORKS[revision]
    grid: list[list[tuple[str, Style | str]]] = [[(" ", "")] * COLS for _ in range(ROWS)]
    where = {stop.id: stop for stop in net.stops}
    for line in net.lines:
        points = [_cell(where[s].x, where[s].y) for s in line.stops]
        for (r0, c0), (r1, c1) in itertools.pairwise(points):
            steps = max(abs(r1 - r0), abs(c1 - c0), 1)
            for k in range(1, steps):
                r = r0 + round((r1 - r0) * k / steps)
                c = c0 + round((c1 - c0) * k / steps)
                grid[r][c + 1] = ("·", LINE_STYLE[line.colour])
    return grid


def _stop_cells(
    net: Network, index: int, owners: list[int], offered: bool
) -> list[tuple[str, Style | str]]:
    """A stop as characters: its code, then one mark per shop place (PP-27)."""
    code_style = "bold reverse" if offered else "bold"
    cells: list[tuple[str, Style | str]] = [(ch, code_style) for ch in net.ids[index]]
    cells += [(str(seat + 1), PLAYER_STYLE[seat]) for seat in owners]
    cells += [("○", "dim")] * (net.capacity[index] - len(owners))
    return cells


def map_text(view: dict[str, Any]) -> Text:
    """The map with the shops of `view` and the stops of the face-up cards marked."""
    net = network_of(view)
    grid = [row.copy() for row in _canvas(net.revision)]
    offered = {card["stop"] for card in view.get("face_up", [])}
    shops = view.get("shops", {})
    for index, stop in enumerate(net.stops):
        row, col = _cell(stop.x, stop.y)
        cells = _stop_cells(net, index, shops.get(stop.id, []), stop.id in offered)
        for k, cell in enumerate(cells):
            if col + k < COLS:
                grid[row][col + k] = cell
    out = Text()
    for r, line in enumerate(grid):
        for char, style in line:
            out.append(char, style=style)
        if r < ROWS - 1:
            out.append("\n")
    return out


def line_name(colour: str, voice: Voice) -> str:
    return voice(f"line.{colour}")


def card_text(card: dict[str, str], voice: Voice = ENGLISH) -> Text:
    name = STOP_NAMES[card["stop"]]
    return Text.assemble((f"{name} ", "bold"),
                         (line_name(card["line"], voice), LINE_STYLE[card["line"]]))


def player_name(seat: int, voice: Voice) -> str:
    """A player by their shop colour and number (1–4, as their shops on the map)."""
    return f"{voice(f'player.{PLAYER_NAMES[seat]}')} {seat + 1}"


def player_text(seat: int, voice: Voice = ENGLISH) -> Text:
    return Text(player_name(seat, voice), style=PLAYER_STYLE[seat])


def legend(voice: Voice = ENGLISH) -> Text:
    text = Text(voice("board.lines") + " ", style="dim")
    for line in data.LINES:
        text.append(f"{line_name(line.colour, voice)} ", style=LINE_STYLE[line.colour])
    text.append("   " + voice("board.legend") + "  ", style="dim")
    text.append("ABC", style="bold reverse")
    text.append(" " + voice("board.offered"), style="dim")
    return text


def stop_names(net: Network = NET) -> Table:
    table = Table.grid(padding=(0, 2))
    columns = 3
    for _ in range(columns):
        table.add_column(no_wrap=True)
    entries = sorted(zip(net.ids, net.names, strict=True), key=lambda e: e[1])
    rows = -(-len(entries) // columns)
    for r in range(rows):
        table.add_row(*[Text.assemble((f"{i} ", "bold"), (n, "dim"))
                        for i, n in entries[r::rows]])
    return table


def _notes(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    notes = []
    if view.get("ranking") and view["ranking"][seat] == 0:
        notes.append(voice("board.winner"))
    if seat == view.get("to_move"):
        notes.append(voice("board.to_move"))
    if seat == view.get("start_player"):
        notes.append(voice("board.start_player"))
    if seat == view.get("seat"):
        notes.append(voice("board.you"))
    lines = view.get("secret_lines")
    if lines and lines[seat]:
        notes.append(voice("board.line", line=line_name(lines[seat], voice)))
    return notes


def players_table(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    table = Table(title=voice("board.players"), title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    for column in ("player", "score", "supply", "on_map", "bag"):
        table.add_column(voice(f"board.col.{column}"),
                         justify="left" if column == "player" else "right")
    table.add_column("")
    for seat in range(view["players"]):
        notes = _notes(view, seat, voice)
        table.add_row(player_text(seat, voice),
                      f"{view['scores'][seat]:g}", str(view["supply"][seat]),
                      str(view["on_board"][seat]), str(view["bag"][seat]),
                      Text(", ".join(notes), style="dim"))
    return table


def _line_text(voice: Voice, message_id: str, line: str) -> Text:
    return Text.assemble("\n" + voice(message_id) + " ",
                         (line_name(line, voice), LINE_STYLE[line]))


def cards_panel(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    none = [Text(voice("board.none"), style="dim")]
    text = Text.assemble((voice("board.face_up") + " ", "bold"))
    text += Text("  |  ").join([card_text(c, voice) for c in view["face_up"]] or none)
    text += Text.assemble(("\n" + voice("board.waiting") + " ", "bold"))
    text += Text("  |  ").join([card_text(c, voice) for c in view["discard"]] or none)
    text += Text("\n" + voice("board.round", round=view["round"], rounds=view["rounds"],
                              deck=view["deck"]))
    if view.get("secret_line"):
        text += _line_text(voice, "board.secret_line", view["secret_line"])
    if view.get("open_line"):
        text += _line_text(voice, "board.open_line", view["open_line"])
    if view.get("dm"):
        text += Text("\n" + voice("board.dm"), style="dim")
    return text


def excursion_text(excursion: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    """One excursion and its itemised scores (REQ-PP-10)."""
    line = excursion["line"]
    where = voice("board.excursion.from", stop=STOP_NAMES[excursion["stop"]]) \
        if excursion["stop"] else ""
    head = Text(voice(f"board.excursion.{excursion['kind']}", line="\0", where=where,
                      round=excursion["round"]) + " ", style="bold")
    before, _, after = head.plain.partition("\0")
    head = Text.assemble((before, "bold"), (line_name(line, voice), LINE_STYLE[line]),
                         (after, "bold"))
    parts = [Text.assemble(player_text(i["seat"], voice),
                           f" +{i['points']} {i['stop']} ({voice.field(i, 'reason')})")
             for i in excursion["items"]]
    nobody = Text(voice("board.nobody_scores"), style="dim")
    return head + (Text(", ").join(parts) if parts else nobody)


def recent_excursions(view: dict[str, Any], voice: Voice = ENGLISH) -> list[Text]:
    """The excursions of the last round played (or the final ones)."""
    excursions = view.get("excursions", [])
    if not excursions:
        return []
    last = excursions[-1]["round"]
    return [excursion_text(e, voice) for e in excursions if e["round"] == last]


def status(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    phase = view["phase"]
    if phase == "over":
        winners = [player_name(s, voice) for s, place in enumerate(view["ranking"])
                   if place == 0]
        reason = voice.text(view["end"]) if view.get("end") else ""
        return Text(voice("board.over", reason=reason, winners=winners), style="bold")
    if phase in ("setup", "lay"):
        return Text(voice("board.dealing"), style="dim")
    seat = view["to_move"]
    who = voice("board.your_turn") if seat == view.get("seat") else \
        voice("board.player_to_move", player=player_name(seat, voice))
    if phase == "remove":
        stop = STOP_NAMES[view["pending_stop"]]
        return Text(voice("board.prompt.remove", who=who, stop=stop), style="bold")
    return Text(voice("board.prompt.take", who=who), style="bold")


def render(view: dict[str, Any], voice: Voice = ENGLISH) -> RenderableType:
    """The whole table as the view's seat sees it, in the voice's language."""
    parts: list[RenderableType] = [
        Panel(map_text(view), title="Paris Paris", expand=False),
        legend(voice),
        stop_names(network_of(view)),
        players_table(view, voice),
        cards_panel(view, voice),
        *recent_excursions(view, voice),
        status(view, voice),
    ]
    return Group(*parts)


def _public_chance(text: str, voice: Voice) -> str:
    """`first 1` and `open green` (the notation's seats count from 0) as a sentence."""
    verb, _, rest = text.partition(" ")
    if verb == "first" and rest.isdigit():
        return voice("board.chance.first", player=player_name(int(rest), voice))
    if verb == "open" and rest in LINE_STYLE:
        return voice("board.chance.open", line=line_name(rest, voice))
    return text


def _card_words(text: str, voice: Voice) -> str:
    """A card as the notation writes it (`Pompidou green`), its colour in words."""
    stop, _, colour = text.rpartition(" ")
    return f"{stop} {line_name(colour, voice)}" if colour in LINE_STYLE else text


def describe_chance(
    seen_by: Iterable[int] | None, actions: list[str] | None, count: int,
    voice: Voice = ENGLISH,
) -> RenderableType:
    """A run of chance outcomes for the move log; `actions` is None when hidden (the
    notation's seats, `first 1`, count from 0)."""
    if seen_by is not None:
        seats = [player_name(s, voice) for s in sorted(seen_by)]
        if actions is None:
            return Text(voice("board.chance.secret_hidden", players=seats))
        lines = [line_name(a.split()[-1], voice) for a in actions]
        return Text(voice("board.chance.secret", players=seats, lines=lines))
    texts = actions or []
    laid = [_card_words(t[4:], voice) for t in texts if t.startswith("lay ")]
    other = [t for t in texts if not t.startswith("lay ")]
    words = [_public_chance(t, voice) for t in other]
    if laid:
        words.append(voice("board.chance.laid", cards=laid))
    return Text(voice("board.chance", outcomes="; ".join(words)))

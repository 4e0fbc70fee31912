"""Paris Paris in the terminal: the map of Paris and the tables, drawn with Rich.

Everything is drawn from a VIEW dict (`state.view(seat)`, see views.py) plus the static
network its `network` names (rules.NETWORKS), so the renderer can never show what the
viewer may not know. The map is the schematic of the network's stops on a character
grid: each line is a dotted path in its colour, each stop its three-letter code
followed by its shop places,

    `POM2○`  a crossing (two places, PP-27) with one shop of player 2, in their colour
    `NDA○`   an ordinary stop or terminus (one place)

A shop is its owner's number, so the map reads without colour (NO_COLOR) too; the map
fits 80 columns. Stops named by a face-up card are shown reversed (REQ-PP-5).
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

ROWS, COLS = 31, 76  # with the panel's border: 80 columns
LINE_STYLE = {line.colour: Style(color=line.ansi, bold=True) for line in data.LINES}
PLAYER_STYLE = [Style(color=p.ansi, bold=True) for p in data.PLAYER_COLOURS]
PLAYER_NAMES = [p.name for p in data.PLAYER_COLOURS]
STOP_NAMES = {s.id: s.name for s in (*data.STOPS, *data.WITHDRAWN_STOPS)}


def network_of(view: dict[str, Any]) -> Network:
    """The map the view's game plays on (its rules revision), the current one by default."""
    return NETWORKS.get(view.get("network", NET.revision), NET)

NOTATION_HELP = """\
  take Pompidou green   take the face-up card of that stop and line colour, and build
  take POM green        ...stops by name or by their three-letter code on the map
  remove grey           on a full crossing: the shop to push out (a colour or seat number)
Crossings hold two shops, other stops one. The card nobody takes is a small excursion;
two waiting cards of one colour start a big excursion along that line."""


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


def card_text(card: dict[str, str]) -> Text:
    name = STOP_NAMES[card["stop"]]
    return Text.assemble((f"{name} ", "bold"), (card["line"], LINE_STYLE[card["line"]]))


def player_text(seat: int) -> Text:
    return Text(PLAYER_NAMES[seat], style=PLAYER_STYLE[seat])


def legend() -> Text:
    text = Text("Lines: ", style="dim")
    for line in data.LINES:
        text.append(f"{line.colour} ", style=LINE_STYLE[line.colour])
    text.append("   1–4 a player's shop  ○ free place  ", style="dim")
    text.append("REV", style="bold reverse")
    text.append(" stop of a face-up card", style="dim")
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


def players_table(view: dict[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    for column in ("player", "score", "supply", "on map", "bag", ""):
        table.add_column(column, justify="left" if column in ("player", "") else "right")
    for seat in range(view["players"]):
        notes = []
        if view.get("ranking") and view["ranking"][seat] == 0:
            notes.append("winner")
        if seat == view.get("to_move"):
            notes.append("to move")
        if seat == view.get("start_player"):
            notes.append("start player")
        if seat == view.get("seat"):
            notes.append("you")
        lines = view.get("secret_lines")
        if lines and lines[seat]:
            notes.append(f"line {lines[seat]}")
        table.add_row(player_text(seat) + Text(f" {seat + 1}", style="bold"),
                      f"{view['scores'][seat]:g}", str(view["supply"][seat]),
                      str(view["on_board"][seat]), str(view["bag"][seat]),
                      Text(", ".join(notes), style="dim"))
    return table


def cards_panel(view: dict[str, Any]) -> Text:
    text = Text.assemble(("Face-up cards: ", "bold"))
    cards = [card_text(c) for c in view["face_up"]] or [Text("none", style="dim")]
    text += Text("  |  ").join(cards)
    text += Text.assemble(("\nWaiting cards (discard): ", "bold"))
    waiting = [card_text(c) for c in view["discard"]] or [Text("none", style="dim")]
    text += Text("  |  ").join(waiting)
    text += Text(f"\nRound {view['round']} of {view['rounds']}, {view['deck']} cards in the deck")
    if view.get("secret_line"):
        line = view["secret_line"]
        text += Text.assemble("\nYour secret line: ", (line, LINE_STYLE[line]))
    if view.get("open_line"):
        line = view["open_line"]
        text += Text.assemble("\nOpen line (both players): ", (line, LINE_STYLE[line]))
    if view.get("dm"):
        text += Text("\nOption dm: all five lines are scored at the end", style="dim")
    return text


def excursion_text(excursion: dict[str, Any]) -> Text:
    """One excursion and its itemised scores (REQ-PP-10)."""
    line = excursion["line"]
    kind = {"small": "Small excursion", "big": "Big excursion", "final": "Final excursion"}
    head = Text.assemble((kind[excursion["kind"]], "bold"), " on ", (line, LINE_STYLE[line]))
    if excursion["stop"]:
        head += Text(f" from {STOP_NAMES[excursion['stop']]}")
    head += Text(f" (round {excursion['round']}): ")
    parts = [Text.assemble(player_text(i["seat"]), f" +{i['points']} {i['stop']} ({i['reason']})")
             for i in excursion["items"]]
    return head + (Text(", ").join(parts) if parts else Text("nobody scores", style="dim"))


def recent_excursions(view: dict[str, Any]) -> list[Text]:
    """The excursions of the last round played (or the final ones)."""
    excursions = view.get("excursions", [])
    if not excursions:
        return []
    last = excursions[-1]["round"]
    return [excursion_text(e) for e in excursions if e["round"] == last]


def status(view: dict[str, Any]) -> Text:
    phase = view["phase"]
    if phase == "over":
        winners = [s for s, place in enumerate(view["ranking"]) if place == 0]
        names = " and ".join(PLAYER_NAMES[s] for s in winners)
        return Text(f"Game over: {view['end_reason']}. Winner: {names}.", style="bold")
    if phase in ("setup", "lay"):
        return Text("Dealing…", style="dim")
    seat = view["to_move"]
    who = "Your turn" if seat == view.get("seat") else f"{PLAYER_NAMES[seat]} to move"
    if phase == "remove":
        stop = STOP_NAMES[view["pending_stop"]]
        return Text(f"{who}: {stop} is full — choose the shop to remove (remove <colour>).",
                    style="bold")
    return Text(f"{who}: take a face-up card (take <stop> <colour>).", style="bold")


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as the view's seat sees it."""
    parts: list[RenderableType] = [
        Panel(map_text(view), title="Paris Paris", expand=False),
        legend(),
        stop_names(network_of(view)),
        players_table(view),
        cards_panel(view),
        *recent_excursions(view),
        status(view),
    ]
    return Group(*parts)


def describe_chance(
    seen_by: Iterable[int] | None, actions: list[str] | None, count: int
) -> RenderableType:
    """A run of chance outcomes for the move log; `actions` is None when hidden."""
    if seen_by is not None:
        seats = " and ".join(PLAYER_NAMES[s] for s in sorted(seen_by))
        if actions is None:
            return Text(f"{seats} receives a secret line (hidden)")
        return Text(f"{seats} receives the secret line: " + ", ".join(
            a.split()[-1] for a in actions))
    texts = actions or []
    laid = [t[4:] for t in texts if t.startswith("lay ")]
    other = [t for t in texts if not t.startswith("lay ")]
    words = [f"{PLAYER_NAMES[int(t.split()[1])]} is the start player" if t.startswith("first ")
             else t for t in other]
    if laid:
        words.append("cards laid: " + ", ".join(laid))
    return Text("chance: " + "; ".join(words))

"""Bruxelles 1893 in the terminal: both boards and the architects, drawn with Rich.

Everything comes from a VIEW dict (`state.view(seat)`, views.py), so the terminal can
never show what the viewer may not know. The Art Nouveau board is a 5×5 grid labelled
like the notation (`place C2`): each cell shows its action, the assistant and bid on
it (`2:3` = seat 2 bid 3 BF), and a building (`▲1` = seat 1's building). Open spaces
(this round's area, chosen by the bracket) are bright; closed ones dim. The bonus
strip is the row under the grid.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from belle.games.bruxelles_1893 import data
from belle.games.bruxelles_1893.texts import TEXTS, bonus_info, figure_info

NOTATION_HELP = """\
  shield 2,3        choose the bracket's shield (first player, start of a round)
  place C2, bid 3   put an assistant on an open Art Nouveau space, then bid (≥ 1 BF)
  market, bourse, grand-place, parc    the four free Brussels actions
  copy sale         (after parc) carry out any Art Nouveau action without bidding
  keep red          keep one of the works you drew (Workshop)
  cursor up, sell green, cover 1       a sale: move the workshop cursor, sell, cover
  hire 1..4         Royal Theatre: slot 1 is free, slot 4 costs 3 BF
  keep figure, discard figure          after using a hired public figure
  take wood         a noble material; pay wood|stone|iron|bf|joker  one unit of a build
  needle A, build D5                   turn a compass needle, place your building
  activate solvay, accept, decline     figures, secondary actions, optional steps
  use bonus, keep bonus art            a bonus card won at auction
  settle brugmann   pay a public figure at the end
  pass              stop for this round"""

ACTION_STYLE = {"workshop": "magenta", "sale": "yellow", "theatre": "red",
                "materials": "green", "construction": "cyan"}


def seat_text(seat: int | None, text: str | None = None) -> Text:
    if seat is None:
        return Text("–", style="dim")
    return Text(text if text is not None else f"{seat}",
                style=f"bold {data.PLAYER_ANSI[seat % len(data.PLAYER_ANSI)]}")


def art_text(colour: str, text: str | None = None) -> Text:
    index = data.ART_COLOURS.index(colour)
    return Text(text or colour[0].upper() + colour[1:3], style=f"bold {data.ART_ANSI[index]}")


def art_board(view: dict[str, Any]) -> Table:
    board = view["board"]
    title = "Art Nouveau board"
    if board["shield"]:
        title += f" — bracket on shield {board['shield']}"
    table = Table(title=title, title_justify="left", box=box.SQUARE, show_header=True,
                  padding=(0, 0), show_lines=True)
    table.add_column("", style="dim", no_wrap=True)
    for letter in "ABCDE":
        table.add_column(letter, justify="center", no_wrap=True, min_width=12)
    spaces = board["spaces"]
    for row in range(5):
        cells: list[RenderableType] = [str(row + 1)]
        for col in range(5):
            cells.append(_space_cell(spaces[row * 5 + col]))
        table.add_row(*cells)
    strip = [Text("bon", style="dim")]
    for card in board["bonus_strip"]:
        strip.append(Text((card or "—")[:12], style="bold" if card else "dim"))
    table.add_row(*strip)
    return table


def _space_cell(space: dict[str, Any]) -> Text:
    action = space["action"] or "?"
    style = ACTION_STYLE.get(action, "")
    text = Text(action, style=style if space["available"] else "dim")
    if space["available"]:
        text.stylize("underline")
    text += Text("\n")
    if space["assistant"] is None and space["building"] is None:
        text += Text(" ")
    if space["assistant"] is not None:
        text += seat_text(space["assistant"],
                                          f"{space['assistant']}:{space['bid'] or '?'}")
    if space["building"] is not None:
        text += Text(" ") + seat_text(space["building"], f"▲{space['building']}")
    return text


def brussels_board(view: dict[str, Any]) -> Table:
    table = Table(title="Brussels board", title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    table.add_column("place", no_wrap=True)
    table.add_column("", no_wrap=False)
    for spot in view["brussels"]:
        who = Text(" ").join(seat_text(s, f"{s}×{n}") for s, n in enumerate(spot["assistants"])
                             if n) or Text("empty", style="dim")
        table.add_row(spot["title"], Text(f"next use: {spot['next_cost']} assistant(s)  ",
                                          style="dim") + who)
    theatre = Text()
    for price, fig in enumerate(view["theatre"]):
        theatre += Text(f"[{price + 1}] {fig or '—'} ({price} BF)  ")
    table.add_row("Royal Theatre", theatre)
    compass = view["compass"]
    tiles = compass["tiles"]
    needle_text = Text()
    for i, tile in enumerate(tiles):
        mark = "A" if compass["needles"][0] == i else "B" if compass["needles"][1] == i else " "
        needle_text += Text(f"{i + 1}:{tile}", style="bold reverse" if mark != " " else "")
        needle_text += Text(f"{'←' + mark if mark != ' ' else ''}  ")
    table.add_row("Compass", needle_text)
    table.add_row("Workshop", _workshop(view))
    shop = Text()
    for i, stack in enumerate(view["shop"]):
        shop += Text(f"space {i + 1}: ")
        shop += art_text(stack[-1]) if stack else Text("empty", style="dim")
        if len(stack) > 1:
            shop += Text(f" (+{len(stack) - 1} under)", style="dim")
        shop += Text("  ")
    table.add_row("Shop", shop)
    stock = view["stock"]
    if stock:
        table.add_row("Stock card", f"{stock['id']}: shields {' or '.join(stock['shields'])}, "
                                    f"bourse pays {stock['payout']} BF")
    supply = view["supply"]
    table.add_row("Supply", f"wood {supply['wood']}, stone {supply['stone']}, iron "
                            f"{supply['iron']}, jokers {supply['joker']}; works: "
                            f"{view['piles']['coloured']} coloured, {view['piles']['black']} "
                            "black")
    return table


def _workshop(view: dict[str, Any]) -> Text:
    """The cursor's five points with what each colour would earn now (BF/VP)."""
    row, col = view["workshop"]["cursor"]
    text = Text(f"cursor at row {row}, column {col}: ")
    for colour, (dr, dc) in zip(data.ART_COLOURS, data.CURSOR_POINTS, strict=True):
        money = data.MONEY_BY_ROW[row + dr - 1]
        vp = data.VP_BY_COL[col + dc - 1]
        text += art_text(colour) + Text(f" {money}BF/{vp}VP  ")
    return text


def players_table(view: dict[str, Any]) -> Table:
    """The architects' boards, one column per seat (fits 80 columns at 5 players)."""
    table = Table(title="Architects", title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    table.add_column("", style="dim", no_wrap=True)
    players = view["players_state"]
    for seat in range(len(players)):
        label = seat_text(seat, f"seat {seat}")
        if view["first_player"] == seat:
            label += Text(" ♛", style="bold")
        if view.get("seat") == seat:
            label += Text(" you", style="bold")
        table.add_column(label, overflow="fold")
    rows: list[tuple[str, list[RenderableType]]] = [
        ("VP", [str(p["vp"]) for p in players]),
        ("BF", [str(p["money"]) for p in players]),
        ("assistants", [f"{p['assistants']} (court {p['courthouse']})"
                        + (" passed" if p["passed"] else "") for p in players]),
        ("tiles built", [f"{p['built']}/6" for p in players]),
        ("arch/city/pal", [f"{p['architect_value']}/{p['city_hall_value']}/"
                           f"{p['palace_value']}" for p in players]),
        ("works", [Text(" ").join(art_text(c, f"{c[:2]}{n}") for c, n in p["works"].items())
                   or Text("–", style="dim") for p in players]),
        ("W/S/I/joker", [f"{p['materials']['wood']}/{p['materials']['stone']}/"
                         f"{p['materials']['iron']}/{p['jokers']}" for p in players]),
        ("exhibitions", [str(p["exhibitions"]) for p in players]),
        ("figures", [", ".join(f["id"] + ("" if f["ready"] else "↻") for f in p["figures"])
                     or "–" for p in players]),
        ("bonus kept", [" ".join(f"{k[:3]}{n}" for k, n in p["bonus_kept"].items() if n)
                        or "–" for p in players]),
    ]
    for name, cells in rows:
        table.add_row(name, *cells)
    return table


FIGURE_INDEX = {f.id: i for i, f in enumerate(data.FIGURES)}
BONUS_INDEX = {b.id: i for i, b in enumerate(data.BONUS_CARDS)}


def card_description(kind: str, card: str) -> str:
    """The public figure (a fig_keep decision) or bonus card a prompt is about."""
    if kind == "fig_keep":
        return TEXTS.english(figure_info(FIGURE_INDEX[card]))
    return TEXTS.english(bonus_info(BONUS_INDEX[card]))


def elements() -> dict[str, str]:
    """`info ID` (belle.cli.info): every public figure and bonus card, by its id."""
    found = {f.id: TEXTS.english(figure_info(i)) for i, f in enumerate(data.FIGURES)}
    found.update({f"bonus_{b.id}": TEXTS.english(bonus_info(i))
                  for i, b in enumerate(data.BONUS_CARDS)})
    return found


def status(view: dict[str, Any]) -> Text:
    if view["phase"] == "over":
        scores = view.get("scores") or []
        best = max(scores) if scores else 0
        winners = [str(s) for s, v in enumerate(scores) if v == best and
                   view["ranking"][s] == 0]
        return Text(f"Game over. Scores: {', '.join(f'{v:g}' for v in scores)}; "
                    f"winner: seat {' and '.join(winners)}.", style="bold")
    head = Text(f"Round {view['round']}/5", style="bold")
    if view["exhibition"]["year"]:
        head += Text(f" (exhibition {view['exhibition']['year']})")
    head += Text(f", {view['phase_title']} phase. ")
    decision = view.get("decision")
    if decision:
        mine = decision["seat"] == view.get("seat")
        who = "You" if mine else f"Seat {decision['seat']}"
        head += seat_text(decision["seat"], who) + Text(f": {decision['text']}")
        if decision.get("space"):
            head += Text(f" ({decision['space']})")
        if decision.get("card"):
            head += Text(f" — {card_description(decision['kind'], decision['card'])}")
        if decision.get("cost"):
            head += Text(f" — cost {decision['cost']} units")
    drawn = view.get("drawn")
    if drawn:
        head += Text("  Drawn: ") + Text(" ").join(art_text(c) for c in drawn)
    elif view.get("drawn_count"):
        head += Text(f"  ({view['drawn_count']} works drawn in secret)", style="dim")
    payment = view.get("payment")
    if payment and any(payment.values()):
        head += Text("  Paid so far: " + ", ".join(f"{n} {k}" for k, n in payment.items()
                                                   if n))
    return head


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as the view's seat sees it."""
    parts: list[RenderableType] = [art_board(view), brussels_board(view),
                                   players_table(view)]
    if view.get("notes"):
        seats = [f"seat {s}" for s in range(len(view["players_state"]))]  # as --seat
        notes = [TEXTS.english(note, seats) for note in view["notes"]]
        parts.append(Text("Last resolution: " + "; ".join(notes), style="dim"))
    parts.append(status(view))
    return Group(*parts)

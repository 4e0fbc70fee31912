"""Bruxelles 1893 in the terminal: both boards and the architects, drawn with Rich.

Everything comes from a VIEW dict (`state.view(seat)`, views.py), so the terminal can
never show what the viewer may not know. The Art Nouveau board is a 5×5 grid labelled
like the notation (`place C2`): each cell shows its action, the assistant and bid on
it (`2:3` = seat 2 bid 3 BF), and a building (`▲1` = seat 1's building). Open spaces
(this round's area, chosen by the bracket) are bright; closed ones dim. The bonus
strip is the row under the grid. A seat is its number from 1 (`2:3` = seat 2 bid 3 BF,
`▲1` seat 1's building), so the board reads without colour. Every word comes from the
game's catalogue (texts.py, ids ``board.*``) in the voice's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from belle.games.bruxelles_1893 import data
from belle.games.bruxelles_1893.texts import bonus_info, figure_info
from belle.i18n.say import Voice, by_verb

ENGLISH = Voice("bruxelles_1893")

NOTATION: tuple[tuple[str, str], ...] = (
    ("shield 2,3", "board.help.shield"),
    ("place C2, bid 3", "board.help.place"),
    ("market, bourse, grand-place, parc", "board.help.brussels"),
    ("copy sale", "board.help.copy"),
    ("keep red", "board.help.keep"),
    ("cursor up, sell green, cover 1", "board.help.sale"),
    ("hire 1..4", "board.help.hire"),
    ("keep figure, discard figure", "board.help.figure"),
    ("take wood", "board.help.take"),
    ("pay wood|stone|iron|bf|joker", "board.help.pay"),
    ("needle A, build D5", "board.help.build"),
    ("activate solvay, accept, decline", "board.help.activate"),
    ("use bonus, keep bonus art", "board.help.bonus"),
    ("settle brugmann", "board.help.settle"),
    ("pass", "board.help.pass"),
)
"""The notation's forms (as typed) and what each does (a message id)."""

ACTION_STYLE = {"workshop": "magenta", "sale": "yellow", "theatre": "red",
                "materials": "green", "construction": "cyan"}
FIGURE_NAME = {f.id: f.name for f in data.FIGURES}


def notation_help(voice: Voice = ENGLISH) -> str:
    """The notation help of `belle play` in the voice's language."""
    return "\n".join(voice.notation_lines(NOTATION))


def seat_text(seat: int | None, text: str | None = None) -> Text:
    """A seat's mark in its colour: its number from 1 unless `text` says more."""
    if seat is None:
        return Text("–", style="dim")
    return Text(text if text is not None else f"{seat + 1}",
                style=f"bold {data.PLAYER_ANSI[seat % len(data.PLAYER_ANSI)]}")


def art_text(colour: str, voice: Voice, text: str | None = None) -> Text:
    index = data.ART_COLOURS.index(colour)
    return Text(text or voice(f"board.colour.{colour}"), style=f"bold {data.ART_ANSI[index]}")


def art_board(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    board = view["board"]
    title = voice("board.art_board")
    if board["shield"]:
        title += " — " + voice("board.bracket", shield=board["shield"])
    table = Table(title=title, title_justify="left", box=box.SQUARE, show_header=True,
                  padding=(0, 0), show_lines=True)
    table.add_column("", style="dim", no_wrap=True)
    for letter in "ABCDE":
        table.add_column(letter, justify="center", no_wrap=True, min_width=12)
    spaces = board["spaces"]
    for row in range(5):
        cells: list[RenderableType] = [str(row + 1)]
        for col in range(5):
            cells.append(_space_cell(spaces[row * 5 + col], voice))
        table.add_row(*cells)
    strip = [Text(voice("board.strip"), style="dim")]
    for card in board["bonus_strip"]:
        label = voice(f"board.bonus.{card}") if card else "—"
        strip.append(Text(label[:12], style="bold" if card else "dim"))
    table.add_row(*strip)
    return table


def _space_cell(space: dict[str, Any], voice: Voice) -> Text:
    action = space["action"]
    style = ACTION_STYLE.get(action or "", "")
    name = voice(f"board.action.{action}") if action else "?"
    text = Text(name, style=style if space["available"] else "dim")
    if space["available"]:
        text.stylize("underline")
    text += Text("\n")
    if space["assistant"] is None and space["building"] is None:
        text += Text(" ")
    if space["assistant"] is not None:
        text += seat_text(space["assistant"], f"{space['assistant'] + 1}:{space['bid'] or '?'}")
    if space["building"] is not None:
        text += Text(" ") + seat_text(space["building"], f"▲{space['building'] + 1}")
    return text


def brussels_board(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    table = Table(title=voice("board.brussels_board"), title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
    table.add_column(voice("board.col.place"), no_wrap=True)
    table.add_column("", no_wrap=False)
    for spot in view["brussels"]:
        who = Text(" ").join(seat_text(s, f"{s + 1}×{n}")
                             for s, n in enumerate(spot["assistants"]) if n)
        who = who or Text(voice("board.empty"), style="dim")
        cost = voice("board.next_use", count=spot["next_cost"])
        table.add_row(voice.field(spot, "title"), Text(cost + "  ", style="dim") + who)
    theatre = Text()
    for price, fig in enumerate(view["theatre"]):
        name = FIGURE_NAME.get(fig, "—") if fig else "—"
        theatre += Text(f"[{price + 1}] {name} ({voice('board.pay.bf', count=price)})  ")
    table.add_row(voice("board.theatre"), theatre)
    table.add_row(voice("board.compass"), _compass(view, voice))
    table.add_row(voice("board.workshop"), _workshop(view, voice))
    table.add_row(voice("board.shop"), _shop(view, voice))
    stock = view["stock"]
    if stock:
        table.add_row(voice("board.stock_card"),
                      voice("board.stock", card=stock["id"], shields=list(stock["shields"]),
                            payout=stock["payout"]))
    supply, piles = view["supply"], view["piles"]
    table.add_row(voice("board.supply"),
                  voice("board.supply_line", wood=supply["wood"], stone=supply["stone"],
                        iron=supply["iron"], jokers=supply["joker"],
                        coloured=piles["coloured"], black=piles["black"]))
    return table


def _compass(view: dict[str, Any], voice: Voice) -> Text:
    """The compass tiles by number, each needle (A, B) beside the tile it points at."""
    compass = view["compass"]
    text = Text()
    for i, tile in enumerate(compass["tiles"]):
        mark = "A" if compass["needles"][0] == i else "B" if compass["needles"][1] == i else ""
        text += Text(f"{i + 1}:{voice(f'board.tile.{tile}')}",
                     style="bold reverse" if mark else "")
        text += Text(f"{'←' + mark if mark else ''}  ")
    return text


def _shop(view: dict[str, Any], voice: Voice) -> Text:
    shop = Text()
    for i, stack in enumerate(view["shop"]):
        shop += Text(voice("board.shop_space", number=i + 1) + " ")
        shop += art_text(stack[-1], voice) if stack else Text(voice("board.empty"), style="dim")
        if len(stack) > 1:
            shop += Text(" " + voice("board.under", count=len(stack) - 1), style="dim")
        shop += Text("  ")
    return shop


def _workshop(view: dict[str, Any], voice: Voice) -> Text:
    """The cursor's five points with what each colour would earn now (BF/VP)."""
    row, col = view["workshop"]["cursor"]
    text = Text(voice("board.cursor", row=row, column=col) + " ")
    for colour, (dr, dc) in zip(data.ART_COLOURS, data.CURSOR_POINTS, strict=True):
        money = data.MONEY_BY_ROW[row + dr - 1]
        vp = data.VP_BY_COL[col + dc - 1]
        text += art_text(colour, voice) + Text(" " + voice("board.earn", money=money, vp=vp) + "  ")
    return text


def _player_rows(view: dict[str, Any], voice: Voice) -> list[tuple[str, list[RenderableType]]]:
    players = view["players_state"]
    passed = " " + voice("board.passed")

    def works(p: dict[str, Any]) -> RenderableType:
        return Text(" ").join(art_text(c, voice, f"{voice(f'board.colour.{c}')}{n}")
                              for c, n in p["works"].items()) or Text("–", style="dim")

    def figures(p: dict[str, Any]) -> str:
        return ", ".join(FIGURE_NAME[f["id"]] + ("" if f["ready"] else " ↻")
                         for f in p["figures"]) or "–"

    def kept(p: dict[str, Any]) -> str:
        return ", ".join(f"{voice(f'category.{k}')} {n}" for k, n in p["bonus_kept"].items()
                         if n) or "–"

    return [
        (voice("board.row.vp"), [str(p["vp"]) for p in players]),
        (voice("board.row.bf"), [str(p["money"]) for p in players]),
        (voice("board.row.assistants"),
         [voice("board.assistants", count=p["assistants"], court=p["courthouse"])
          + (passed if p["passed"] else "") for p in players]),
        (voice("board.row.built"), [f"{p['built']}/6" for p in players]),
        (voice("board.row.tracks"), [f"{p['architect_value']}/{p['city_hall_value']}/"
                                     f"{p['palace_value']}" for p in players]),
        (voice("board.row.works"), [works(p) for p in players]),
        (voice("board.row.materials"), [f"{p['materials']['wood']}/{p['materials']['stone']}/"
                                        f"{p['materials']['iron']}/{p['jokers']}"
                                        for p in players]),
        (voice("board.row.exhibitions"), [str(p["exhibitions"]) for p in players]),
        (voice("board.row.figures"), [figures(p) for p in players]),
        (voice("board.row.kept"), [kept(p) for p in players]),
    ]


def players_table(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    """The architects' boards, one column per seat (fits 80 columns at 5 players)."""
    table = Table(title=voice("board.architects"), title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    table.add_column("", style="dim", no_wrap=True)
    for seat in range(len(view["players_state"])):
        label = seat_text(seat, voice.seat(seat))
        if view["first_player"] == seat:
            label += Text(" ♛", style="bold")
        if view.get("seat") == seat:
            label += Text(" " + voice("board.you"), style="bold")
        table.add_column(label, overflow="fold")
    for name, cells in _player_rows(view, voice):
        table.add_row(name, *cells)
    return table


FIGURE_INDEX = {f.id: i for i, f in enumerate(data.FIGURES)}
BONUS_INDEX = {b.id: i for i, b in enumerate(data.BONUS_CARDS)}


def card_description(kind: str, card: str, voice: Voice = ENGLISH) -> str:
    """The public figure (a fig_keep decision) or bonus card a prompt is about."""
    if kind == "fig_keep":
        return voice.text(figure_info(FIGURE_INDEX[card]))
    return voice.text(bonus_info(BONUS_INDEX[card]))


def elements(voice: Voice = ENGLISH, view: Mapping[str, Any] | None = None) -> dict[str, str]:
    """`info ID` (belle.cli.info): every public figure and bonus card, by its id (the
    same at every table: `view` is not needed)."""
    found = {f.id: voice.text(figure_info(i)) for i, f in enumerate(data.FIGURES)}
    found.update({f"bonus_{b.id}": voice.text(bonus_info(i))
                  for i, b in enumerate(data.BONUS_CARDS)})
    return found


def _decision_text(view: dict[str, Any], decision: dict[str, Any], voice: Voice) -> Text:
    mine = decision["seat"] == view.get("seat")
    who = voice("board.you_decide") if mine else voice.seat(decision["seat"])
    text = seat_text(decision["seat"], who) + Text(": " + voice.field(decision, "text"))
    if decision.get("space"):
        text += Text(f" ({decision['space']})")
    if decision.get("card"):
        text += Text(" — " + card_description(decision["kind"], decision["card"], voice))
    if decision.get("cost"):
        text += Text(" — " + voice("board.cost_units", cost=decision["cost"]))
    return text


def status(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    if view["phase"] == "over":
        scores = view.get("scores") or []
        winners = [voice.seat(s) for s in range(len(scores)) if view["ranking"][s] == 0]
        return Text(voice("board.over", scores=", ".join(f"{v:g}" for v in scores),
                          winners=winners), style="bold")
    head = Text(voice("board.round", round=view["round"]), style="bold")
    if view["exhibition"]["year"]:
        head += Text(" " + voice("board.exhibition", year=view["exhibition"]["year"]))
    head += Text(", " + voice("board.phase", phase=voice(f"board.phase.{view['phase']}")) + " ")
    decision = view.get("decision")
    if decision:
        head += _decision_text(view, decision, voice)
    drawn = view.get("drawn")
    if drawn:
        head += Text("  " + voice("board.drawn") + " ")
        head += Text(" ").join(art_text(c, voice) for c in drawn)
    elif view.get("drawn_count"):
        head += Text("  " + voice("board.drawn_secret", count=view["drawn_count"]), style="dim")
    payment = view.get("payment")
    if payment and any(payment.values()):
        paid = [voice(f"board.pay.{k}", count=n) for k, n in payment.items() if n]
        head += Text("  " + voice("board.paid", items=paid))
    return head


def render(view: dict[str, Any], voice: Voice = ENGLISH) -> RenderableType:
    """The whole table as the view's seat sees it, in the voice's language."""
    parts: list[RenderableType] = [art_board(view, voice), brussels_board(view, voice),
                                   players_table(view, voice)]
    if view.get("notes"):
        notes = [voice.text(note) for note in view["notes"]]
        parts.append(Text(voice("board.last_resolution", notes="; ".join(notes)), style="dim"))
    parts.append(Text(voice("board.info_hint"), style="dim"))
    parts.append(status(view, voice))
    return Group(*parts)


# -- the move log ------------------------------------------------------------
STOCK_PAYOUT = {card.id: card.payout for card in data.STOCK_CARDS}


def _said(verb: str, values: list[str], voice: Voice) -> str:
    """One verb's outcomes of a chance run (`strip 3`, `figure maus` …) as a phrase."""
    if verb == "strip":
        return voice("board.log.strips", strips=values)
    if verb == "compass":
        return voice("board.log.compass", tiles=[voice(f"board.tile.{v}") for v in values])
    if verb == "bonus":
        return voice("board.log.bonus", cards=[voice(f"bonus_card.{v}.text") for v in values])
    if verb == "figure":
        return voice("board.log.figures", figures=[FIGURE_NAME.get(v, v) for v in values])
    if verb == "draw":
        return voice("board.log.works", colours=[voice(f"board.log.colour.{v}") for v in values])
    if verb == "first" and values[0].isdigit():
        return voice("board.log.first", seat=voice.seat(int(values[0])))
    if verb == "stock":
        return voice("board.log.stock", payout=STOCK_PAYOUT.get(values[0], "?"))
    return " ".join([verb, *values])


def describe_chance(
    seen_by: Iterable[int] | None, actions: list[str] | None, count: int,
    voice: Voice = ENGLISH,
) -> RenderableType:
    """A run of chance outcomes for the move log, in sentences (issue 16 item 5);
    `actions` is None when hidden (the works a seat draws several at a time, BRX-71)."""
    if seen_by is not None:
        seats = [voice.seat(s) for s in sorted(seen_by)]
        if actions is None:
            return Text(voice("board.log.drawn_hidden", seats=seats, count=count))
        colours = [voice(f"board.log.colour.{a.split()[-1]}") for a in actions]
        return Text(voice("board.log.drawn", seats=seats, colours=colours))
    return Text(voice("board.log.chance", outcomes="; ".join(
        _said(verb, values, voice) for verb, values in by_verb(actions or []))))

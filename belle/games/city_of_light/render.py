"""City of Light in the terminal: the 8×8 board in colour with its pieces, drawn with Rich.

Everything comes from a VIEW dict (`state.view(seat)`, views.py), so the terminal can
never show what the viewer may not know. A space is three characters on a background
of its kind (orange, blue, purple, streetlight `✦`). A building shows its id's last
letters (`4b` for S4b) in its owner's colour on the space's colour; a piece shows a
letter (legend below the board). Rows are numbered 1–8 from the top, columns a–h,
as in the notation (`at c3 90`, `on d5`); slots are A1–D4 (2×2 spaces each). Every word
comes from the game's catalogue (texts.py, ids ``board.*``) in the voice's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from belle.i18n.say import Voice

ENGLISH = Voice("city_of_light")

BACKGROUND = {"O": "on dark_orange3", "B": "on dodger_blue3", "M": "on medium_purple3",
              "L": "on grey23", None: "on grey11"}
OWNER = ("bold bright_white", "bold black")
COLOURS = ("orange", "blue")
COLOUR_STYLE = ("bold dark_orange", "bold dodger_blue1")
PIECE_MARK = {
    "PEINTRE": "Pt", "MOULIN_ROUGE": "Da", "FONTAINE": "Fo", "PENSEUR": "St",
    "GRANDE_LUMIERE": "✺✺", "BASE_STREETLIGHT": "✦+", "BASE_MIXED": "mx", "BASE_ANNEX": "+1",
    "BASE_GARDEN": "Ga", "OBELISQUE": "Ob", "INVALIDES": "Hô", "ARC": "Ar",
    "TOUR_EIFFEL": "/\\", "CATACOMBES": "☠ ",
}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
LETTERS = "abcdefgh"

NOTATION: tuple[tuple[str, str], ...] = (
    ("tile 3 B2 90", "board.help.tile"),
    ("take S4b", "board.help.take"),
    ("build S4b", "board.help.build"),
    ("at c3 90", "board.help.at"),
    ("card peintre", "board.help.card"),
    ("on d5 | on d5 N", "board.help.on"),
    ("side N | quadrant NE", "board.help.side"),
    ("swap S3a S6b | use | decline", "board.help.swap"),
)
"""The notation's forms (as typed) and what each does (a message id)."""


def notation_help(voice: Voice = ENGLISH) -> str:
    """The notation help of `belle play` in the voice's language."""
    return "\n".join([*voice.notation_lines(NOTATION), voice("board.help.spaces"),
                      voice("board.help.score")])


def colour_name(seat: int, voice: Voice) -> str:
    return voice(f"board.colour.{COLOURS[seat]}")


def _index(label: str) -> int:
    return (int(label[1:]) - 1) * 8 + LETTERS.index(label[0])


def _marks(view: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """Per space: (two characters, style) of what stands on it."""
    marks: dict[int, tuple[str, str]] = {}
    for building in view["buildings"]:
        tag = "Hô" if building["hotel"] else building["id"][1:]
        style = OWNER[building["owner"]]
        for k, cell in enumerate(building["cells"]):
            extra = ""
            if k == 0 and building["gargoyle"]:
                extra = "g"
            if k == 0 and building["louvre"]:
                extra = "L"
            if k == 0 and building["skull"]:
                extra = "☠"
            marks[_index(cell)] = ((extra + tag)[:2], style)
    for piece in view["pieces"]:
        mark = PIECE_MARK.get(piece["card"])
        if mark is None:
            continue
        if piece["card"] == "PENSEUR" and piece.get("facing"):
            mark = "S" + ARROWS[piece["facing"]]
        for cell in piece["cells"]:
            index = _index(cell)
            if index not in marks or piece["card"] in ("TOUR_EIFFEL", "ARC"):
                marks[index] = (mark, "bold yellow")
    return marks


def board_text(view: dict[str, Any]) -> Text:
    """The 8×8 board with column letters and row numbers (slots shown by spacing)."""
    marks = _marks(view)
    lines = [Text("    " + "".join(f" {c} " + (" " if i % 2 else "")
                                     for i, c in enumerate(LETTERS)), style="dim")]
    for r in range(8):
        line = Text(f" {r + 1:>2} ", style="dim")
        for c in range(8):
            kind = view["spaces"][r * 8 + c]
            mark, style = marks.get(r * 8 + c, ("✦ " if kind == "L" else "· "
                                                if kind else "  ", "bold bright_yellow"
                                                if kind == "L" else "dim"))
            line.append(f" {mark}", style=f"{style} {BACKGROUND[kind]}")
            if c % 2:
                line.append(" ")
        lines.append(line)
        if r % 2 and r < 7:
            lines.append(Text(""))
    return Text("\n").join(lines)


def _tile_text(spaces: list[str]) -> Text:
    text = Text()
    for k, kind in enumerate(spaces):
        text.append(" ✦ " if kind == "L" else "   ", style=f"bold yellow {BACKGROUND[kind]}")
        if k == 1:
            text.append("\n")
    return text


def _players(view: dict[str, Any], voice: Voice) -> Table:
    table = Table.grid(padding=(0, 2))
    for _ in range(5):
        table.add_column()
    table.add_row(*(Text(voice(f"board.col.{column}"), style="dim") for column in
                    ("player", "reserve", "chimneys", "markers", "unplayed")))
    for seat in (0, 1):
        name = colour_name(seat, voice)
        if view["seat"] == seat:
            name += " " + voice("board.you")
        if view["to_move"] == seat:
            name = "▶ " + name
        table.add_row(Text(name, style=COLOUR_STYLE[seat]),
                      ", ".join(view["reserves"][seat]) or "—",
                      str(view["chimneys"][seat]), str(view["markers"][seat]),
                      " ".join(str(t) for t in view["unplayed"][seat]) or "—")
    return table


def _postcards(view: dict[str, Any], voice: Voice) -> Table:
    """Each postcard: its id as the notation writes it, its name, and who took it."""
    table = Table.grid(padding=(0, 2))
    for _ in range(3):
        table.add_column()
    for card in view["postcards"]:
        if card["owner"] is None:
            state = Text(voice("board.open"), style="green")
        else:
            used = voice("board.used" if card["used"] else "board.declined",
                         player=colour_name(card["owner"], voice))
            state = Text(used, style=COLOUR_STYLE[card["owner"]])
        table.add_row(Text(card["id"].lower(), style="bold"), voice.field(card, "name"), state)
    return table


def _score(view: dict[str, Any], voice: Voice) -> Table | None:
    score = view.get("score")
    if not score:
        return None
    table = Table(title=voice("board.score"), title_justify="left",
                  show_edge=False, box=None, padding=(0, 1))
    table.add_column("")
    for seat in (0, 1):
        table.add_column(colour_name(seat, voice), justify="right", style=COLOUR_STYLE[seat])
    for k, line in enumerate(score[0]):
        table.add_row(voice.field(line, "component"), str(line["points"]),
                      str(score[1][k]["points"]))
    totals = [sum(int(line["points"]) for line in score[s]) for s in (0, 1)]
    table.add_row(Text(voice("board.total"), style="bold"), str(totals[0]), str(totals[1]))
    return table


def render(view: dict[str, Any], voice: Voice = ENGLISH) -> RenderableType:
    """The whole table for `view`: board, players, hand, supply, postcards, score."""
    phase = voice(f"board.phase.{view['phase']}")
    parts: list[RenderableType] = [Text(voice("board.title", phase=phase), style="bold"),
                                   board_text(view), _players(view, voice)]
    hand = view.get("hand")
    if hand:
        parts.append(Text(voice("board.hand", tile=hand["tile"]), style="bold"))
        parts.append(_tile_text(hand["spaces"]))
    parts.append(Text(voice("board.supply",
                            buildings=", ".join(view["supply"]) or voice("board.empty"))))
    pending = view.get("pending") or {}
    if pending.get("building") or pending.get("card"):
        what = " / ".join(str(v) for v in pending.values() if v)
        parts.append(Text(voice("board.in_progress", what=what), style="bold green"))
    parts.append(_postcards(view, voice))
    score = _score(view, voice)
    if score is not None:
        parts.append(score)
    parts.append(Text(voice("board.legend"), style="dim"))
    return Group(*parts)


def elements(voice: Voice = ENGLISH, view: Mapping[str, Any] | None = None) -> dict[str, str]:
    """`info ID` (belle.cli.info): every postcard by its id, its name and effect (the
    same at every table: `view` is not needed)."""
    from belle.games.city_of_light import data

    return {card.id: voice("board.postcard", name=voice(f"postcard.{card.id}.name"),
                           text=voice(f"postcard.{card.id}.text")) for card in data.POSTCARDS}


# -- the move log ------------------------------------------------------------
def _public(text: str, voice: Voice) -> str:
    """`first orange` and `pick peintre` (COL-26, COL-18) as a phrase."""
    verb, _, value = text.partition(" ")
    if verb == "first" and value in COLOURS:
        return voice("board.log.first", colour=colour_name(COLOURS.index(value), voice))
    if verb == "pick":
        return voice("board.log.pick", card=voice(f"postcard.{value.upper()}.name"))
    if verb == "draw":
        return voice("board.log.drawn_public", tile=value)
    return text


def describe_chance(
    seen_by: Iterable[int] | None, actions: list[str] | None, count: int,
    voice: Voice = ENGLISH,
) -> RenderableType:
    """A run of chance outcomes for the move log, in sentences (issue 16 item 5);
    `actions` is None when hidden (a drawn tile is seen by its owner only, COL-25)."""
    if seen_by is None:
        return Text(voice("board.log.chance", outcomes="; ".join(
            _public(text, voice) for text in actions or [])))
    owners = [colour_name(s, voice) for s in sorted(seen_by)]
    if actions is None:
        one = ".one" if count == 1 else ""
        return Text(voice(f"board.log.drawn_hidden{one}", owners=owners, count=count))
    tiles = [text.split()[-1] for text in actions]
    return Text(voice("board.log.drawn", owners=owners, tiles=tiles))

"""Paris in the terminal: the six districts, the Arc, the track, the stacks and the
screens, drawn with Rich from a VIEW dict (`state.view(seat)`, see views.py), so the
renderer can never show what the viewer may not know.

A district is a small table: one row per building value (type, cost, token, keys),
then its landmarks; its title shows the bank (value and keys) and its VP tile. Keys
are seat numbers in the seat's colour: `0` is seat 0's key, `00` two of its keys.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from belle.games.paris import data

SEAT_STYLE = [f"bold {c[2]}" for c in data.SEAT_COLOURS]
KIND_STYLE = {"wood": "orange4", "marble": "grey85", "gold": "gold1",
              "bronze": "dark_orange3", "silver": "grey70", "pgold": "yellow1"}
KIND_SHORT = {"wood": "W", "marble": "M", "gold": "G", "bronze": "b", "silver": "s",
              "pgold": "g"}
DISTRICT_STYLE = {d.code: f"bold {d.ansi}" for d in data.DISTRICTS}
BONUS_TEXT = {b.number: b.text for b in data.BONUS}
END_TEXT = {t.code: t.text for t in data.END_TILES}

NOTATION_HELP = """\
  draw 2              step 1: turn over the top tile of stack 2
  key MO / key arc    action A: a key from your screen to a bank (francs) or the Arc
  move bank-MO MO3    action B: a key to a building (MO3 = Montmartre value 3) ...
  move MO8 L12        ... or to a built landmark, or build one first:
  move MO8 build L12 MO   (from the Arc: move arc build L12 LV)
  endgame, take vp8   action C (stacks empty): search the pile, take a tile (secret)
  bonus 18 / nobonus  take (or not) the bonus tile on track space 18
  give 1 / done       hand in a prestige token on a landmark's reward slot 1
  vptile 3 CH         put VP tile 3 on Chaillot (or: novptile)
  buy wood, sell silver   exchanges; prestige: bronze, silver, pgold
  use 18, use 10 wood play a bonus tile;  play vp6, play res gold: an end-game tile
  end                 end your turn;  pass: when no action A, B or C is possible
Districts: MO Montmartre, SG Saint-Germain, LV La Villette, CH Chaillot,
BE Belleville, MP Montparnasse. Values 1 2 3 4 5 8; landmarks L9..L16."""


def keys_text(seats: list[int]) -> Text:
    text = Text()
    for seat in seats:
        text += Text(str(seat), style=SEAT_STYLE[seat % 4])
    return text


def kind_text(kind: str | None) -> Text:
    if kind is None:
        return Text("·", style="dim")
    return Text(KIND_SHORT[kind], style=KIND_STYLE[kind])


def cost_text(cost: list[int]) -> Text:
    parts = [Text(f"{n}{KIND_SHORT[k]}", style=KIND_STYLE[k])
             for n, k in zip(cost, ("wood", "marble", "gold"), strict=True) if n]
    return Text(" ").join(parts) if parts else Text("")


def district_table(district: dict[str, Any]) -> Panel:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for header in ("sp", "type", "cost", "tok", "keys"):
        table.add_column(header, no_wrap=True)
    for space in district["spaces"]:
        name = Text(space["space"], style="bold" if space["built"] else "dim")
        kind = space["type"] if space["built"] else f"({space['type']})"
        if space["built"] and space["tile_district"] != district["code"]:
            kind += f" ·{space['tile_district']}"
        table.add_row(name, Text(kind, style="" if space["built"] else "dim"),
                      cost_text(space["cost"]), kind_text(space["token"]),
                      keys_text(space["keys"]))
    for lm in district["landmarks"]:
        slots = " ".join(f"{KIND_SHORT[s['kind']]}{s['vp']}" for s in lm["slots"])
        table.add_row(Text(lm["space"], style="bold magenta"), lm["name"], cost_text(lm["cost"]),
                      Text(slots, style="dim"), keys_text(lm["keys"]))
    bank = Text(f" bank {district['bank']}F ") + keys_text(district["bank_keys"])
    tile = district["vp_amounts"]
    title = Text(f"{district['code']} {district['name']}", style=DISTRICT_STYLE[district["code"]])
    subtitle = Text(f"VP tile {'/'.join(map(str, tile))}" if tile else
                    f"{district['keys_on_spaces']}/4 keys", style="bold green" if tile else "dim")
    return Panel(table, title=title + bank, subtitle=subtitle, box=box.ROUNDED, expand=False)


def landmark_description(index: int) -> str:
    """A landmark's value, cost (wood, marble, gold) and prestige reward slots."""
    spec = data.LANDMARKS[index]
    cost = ", ".join(f"{n} {data.STOCK_NAMES[k]}" for k, n in enumerate(spec.cost) if n)
    slots = ", ".join(f"{data.STOCK_NAMES[kind]} → {vp} VP" for kind, vp in spec.slots)
    return f"{spec.name}, value {spec.value}; costs {cost or 'nothing'}; rewards: {slots}"


def elements() -> dict[str, str]:
    """`info ID` (belle.cli.info): bonus tiles by number, end-game tiles by code,
    landmarks by their space (L9..L16) — effects and costs in words."""
    from belle.games.paris.actions import space_name
    from belle.games.paris.rules import NB

    found = {str(b.number): f"bonus tile {b.number}: {BONUS_TEXT[b.number]}"
             for b in data.BONUS}
    found.update({t.code: f"end-game tile {t.code}: {END_TEXT[t.code]}"
                  for t in data.END_TILES})
    found.update({space_name(NB + lm): landmark_description(lm)
                  for lm in range(data.NUM_LANDMARKS)})
    return found


def track_text(view: dict[str, Any]) -> Text:
    meeples: dict[int, list[int]] = {}
    for seat in view["seats"]:
        meeples.setdefault(seat["meeple"], []).append(seat["seat"])
    text = Text("Bonus track: ", style="bold")
    text += keys_text(meeples.get(0, [])) + Text(" ")
    for cell in view["track"]:
        label = f"{cell['number']}" + ("" if cell["count"] == 1 else f"×{cell['count']}")
        style = "" if cell["count"] else "dim strike"
        if cell["number"] != cell["space"]:
            label = f"{cell['space']}:{label}"
        text += Text(label, style=style) + keys_text(meeples.get(cell["space"], [])) + Text(" ")
    return text


def common_text(view: dict[str, Any]) -> Text:
    stacks = ", ".join(
        f"{s['size']}" + (f" ({s['top']} on top)" if s["top"] else "") for s in view["stacks"])
    text = Text.assemble(("Arc de Triomphe: ", "bold"), keys_text(view["arc"]),
                         ("   Stacks: ", "bold"), stacks,
                         ("   End-game pile: ", "bold"), str(view["endgame_pile"]))
    supply = ", ".join(f"{n} {k}" for k, n in view["supply"].items() if n and k in KIND_SHORT
                       and k in ("wood", "marble", "gold"))
    text += Text.assemble(("\nSupply: ", "bold"), supply or "empty")
    free = [f"{t['tile']}: {'/'.join(map(str, t['amounts']))}" for t in view["vp_tiles"]
            if t["district"] is None]
    text += Text.assemble(("   VP tiles left: ", "bold"), "  ".join(free) or "none")
    lms = [f"{lm['space']} {lm['name']}" for lm in view["landmark_supply"]]
    text += Text.assemble(("\nLandmarks to build: ", "bold"), ", ".join(lms) or "none")
    text += Text("\nType info and a tile number, code or landmark (info 18, info vp8, "
                 "info L12) for its effect and cost.", style="dim")
    if view["discarded"]:
        text += Text.assemble(("\nRemoved (no space): ", "bold"), ", ".join(view["discarded"]))
    return text


def seats_table(view: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title="Players", title_justify="left")
    for header in ("seat", "VP", "meeple", "reserve keys", "end-game tiles", "bonus used"):
        table.add_column(header)
    for seat in view["seats"]:
        s = seat["seat"]
        marks = " ◀" if s == view.get("to_move") else ""
        marks += " (start)" if s == view.get("start_player") else ""
        table.add_row(Text(f"{s}{marks}", style=SEAT_STYLE[s % 4]), str(seat["vp"]),
                      str(seat["meeple"]), str(seat["reserve"]), str(seat["endgame_count"]),
                      " ".join(map(str, seat["bonus_used"])) or "-")
    return table


def screen_text(me: dict[str, Any], title: str) -> Panel:
    stock = "  ".join(f"{n} {k}" for k, n in me["stock"].items() if n) or "no tokens"
    lines = [Text.assemble(("Francs ", "bold"), str(me["francs"]), ("   Keys ", "bold"),
                           str(me["keys"]), ("   Tokens ", "bold"), stock)]
    for number in me["bonus"]:
        lines.append(Text(f"bonus tile {number}: {BONUS_TEXT[number]}"))
    for code in me["endgame"]:
        lines.append(Text(f"end-game tile {code}: {END_TEXT[code]}"))
    if "pile" in me:
        tiles = "  ".join(f"{p['tile']}×{p['count']}" for p in me["pile"] if p["count"])
        lines.append(Text(f"The end-game pile (take <tile>): {tiles}", style="bold yellow"))
    return Panel(Group(*lines), title=title, box=box.ROUNDED, expand=False)


PROMPTS = {
    "step1": "step 1: draw a building tile (draw 1-3)",
    "step2": "step 2: one action: key (A), move (B) or endgame (C)",
    "put": "free districts: choose the district for the drawn tile",
    "pick": "choose the end-game tile to take (take vp8); the others will not see it",
    "take_any": "bonus tile 17: take any tile from the track",
    "after": "use tiles or exchange, then end",
}


def status(view: dict[str, Any]) -> Text:
    if view["phase"] == "over":
        return Text("Game over", style="bold")
    mover = view.get("to_move")
    if mover is None:
        return Text("chance…", style="dim")
    prompt = PROMPTS.get(view["phase"], "")
    pending = view.get("pending")
    if pending:
        prompt = {
            "bonus": "take a bonus tile" + (f" (fee {pending['fee']} F)" if pending.get("fee")
                                             else "") + " or nobonus",
            "prestige": f"hand in prestige on landmark L{pending.get('landmark')} or done",
            "vptile": "place a VP tile (vptile T D) or novptile",
            "put": f"choose a district for {pending.get('district')}{pending.get('value')} "
                   f"({pending.get('type')})",
        }[pending["kind"]]
    text = Text.assemble(("Seat ", "bold"), (str(mover), SEAT_STYLE[mover % 4]),
                         (" to move: ", "bold"), prompt)
    if view["end_triggered"]:
        text += Text(f"   (the end is triggered: turns left after this one: "
                     f"{view['turns_left']})", style="bold red")
    return text


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as the viewer may see it."""
    parts: list[RenderableType] = [status(view)]
    panels = [district_table(d) for d in view["districts"]]
    parts.append(Columns(panels, padding=(0, 1)))
    parts += [common_text(view), track_text(view), seats_table(view)]
    if "me" in view:
        parts.append(screen_text(view["me"], f"Your screen (seat {view['seat']})"))
    if "screens" in view:
        for seat, me in enumerate(view["screens"]):
            parts.append(screen_text(me, f"Seat {seat}'s screen"))
    return Group(*parts)

"""Paris in the terminal: the six districts, the Arc, the track, the stacks and the
screens, drawn with Rich from a VIEW dict (`state.view(seat)`, see views.py), so the
renderer can never show what the viewer may not know.

A district is a small table: one row per building value (type, cost, token, keys),
then its landmarks; its title shows the bank (value and keys) and its VP tile. Keys
are seat numbers (from 1) in the seat's colour: `1` is seat 1's key, `11` two of its
keys, so ownership reads without colour too. Every word comes from the game's catalogue
(texts.py, ids ``board.*``) in the voice's language (belle.i18n.say.Voice).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from belle.games.paris import data
from belle.i18n.say import Voice, by_verb

ENGLISH = Voice("paris")

SEAT_STYLE = [f"bold {c[2]}" for c in data.SEAT_COLOURS]
KIND_STYLE = {"wood": "orange4", "marble": "grey85", "gold": "gold1",
              "bronze": "dark_orange3", "silver": "grey70", "pgold": "yellow1"}
KIND_SHORT = {"wood": "W", "marble": "M", "gold": "G", "bronze": "b", "silver": "s",
              "pgold": "g"}
DISTRICT_STYLE = {d.code: f"bold {d.ansi}" for d in data.DISTRICTS}
NOTATION: tuple[tuple[str, str], ...] = (
    ("draw 2", "board.help.draw"),
    ("key MO / key arc", "board.help.key"),
    ("move bank-MO MO3", "board.help.move"),
    ("move MO8 L12", "board.help.move_landmark"),
    ("move MO8 build L12 MO", "board.help.build"),
    ("endgame, take vp6", "board.help.endgame"),
    ("bonus 18 / nobonus", "board.help.bonus"),
    ("give 1 / done", "board.help.give"),
    ("vptile 3 CH", "board.help.vptile"),
    ("buy wood, sell silver", "board.help.exchange"),
    ("use 18, use 10 wood", "board.help.use"),
    ("play vp6, play res gold", "board.help.play"),
    ("end / pass", "board.help.end"),
)
"""The notation's forms (as typed) and what each does (a message id)."""


def notation_help(voice: Voice = ENGLISH) -> str:
    """The notation help of `belle play` in the voice's language."""
    districts = ", ".join(f"{d.code} {d.name}" for d in data.DISTRICTS)
    return "\n".join([*voice.notation_lines(NOTATION),
                      voice("board.help.districts", districts=districts)])


def keys_text(seats: list[int]) -> Text:
    """Keys as their seats' numbers from 1, in the seats' colours."""
    text = Text()
    for seat in seats:
        text += Text(str(seat + 1), style=SEAT_STYLE[seat % 4])
    return text


def kind_text(kind: str | None) -> Text:
    if kind is None:
        return Text("·", style="dim")
    return Text(KIND_SHORT[kind], style=KIND_STYLE[kind])


def cost_text(cost: list[int]) -> Text:
    parts = [Text(f"{n}{KIND_SHORT[k]}", style=KIND_STYLE[k])
             for n, k in zip(cost, ("wood", "marble", "gold"), strict=True) if n]
    return Text(" ").join(parts) if parts else Text("")


def type_name(kind: str, voice: Voice) -> str:
    return voice(f"board.type.{kind}")


def district_table(district: dict[str, Any], voice: Voice = ENGLISH) -> Panel:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for header in ("space", "type", "cost", "token", "keys"):
        table.add_column(voice(f"board.col.{header}"), no_wrap=True)
    for space in district["spaces"]:
        name = Text(space["space"], style="bold" if space["built"] else "dim")
        kind = type_name(space["type"], voice)
        kind = kind if space["built"] else f"({kind})"
        if space["built"] and space["tile_district"] != district["code"]:
            kind += f" ·{space['tile_district']}"
        table.add_row(name, Text(kind, style="" if space["built"] else "dim"),
                      cost_text(space["cost"]), kind_text(space["token"]),
                      keys_text(space["keys"]))
    for lm in district["landmarks"]:
        slots = " ".join(f"{KIND_SHORT[s['kind']]}{s['vp']}" for s in lm["slots"])
        table.add_row(Text(lm["space"], style="bold magenta"), voice.field(lm, "name"),
                      cost_text(lm["cost"]), Text(slots, style="dim"), keys_text(lm["keys"]))
    bank = Text(" " + voice("board.bank", francs=district["bank"]) + " ")
    bank += keys_text(district["bank_keys"])
    tile = district["vp_amounts"]
    district_name = voice(f"district.{district['code']}")
    title = Text(f"{district['code']} {district_name}", style=DISTRICT_STYLE[district["code"]])
    subtitle = Text(voice("board.vp_tile", amounts="/".join(map(str, tile))) if tile else
                    voice("board.keys_on_spaces", count=district["keys_on_spaces"]),
                    style="bold green" if tile else "dim")
    return Panel(table, title=title + bank, subtitle=subtitle, box=box.ROUNDED, expand=False)


def amounts_text(amounts: list[tuple[str, int]], voice: Voice) -> str:
    """`1 wood, 2 gold` in the voice's language (kinds: wood … pgold)."""
    return ", ".join(voice("board.amount", count=n, kind=voice(f"board.kind.{kind}"))
                     for kind, n in amounts if n)


KIND_KEYS = ("wood", "marble", "gold", "bronze", "silver", "pgold")
"""The view's names of data.STOCK_NAMES, in order."""


def landmark_description(index: int, voice: Voice = ENGLISH,
                         cost: Sequence[int] | None = None) -> str:
    """A landmark's value, cost (wood, marble, gold; `cost`: as a table's rules edition
    has it, today's by default) and prestige reward slots."""
    spec = data.LANDMARKS[index]
    cost_text = amounts_text(list(zip(KIND_KEYS, cost or spec.cost, strict=False)), voice)
    slots = ", ".join(voice("board.reward", kind=voice(f"board.kind.{KIND_KEYS[kind]}"),
                            vp=vp) for kind, vp in spec.slots)
    return voice("board.landmark", name=voice(f"landmark.{index}.name"), value=spec.value,
                 cost=cost_text or voice("board.nothing"), slots=slots)


def bonus_line(number: int, voice: Voice,
               edition_texts: dict[str, dict[str, Any]] | None = None) -> str:
    """Tile `number` and its effect; `edition_texts` (a view's "bonus_texts") names the
    tiles an older record's edition printed otherwise."""
    own = (edition_texts or {}).get(str(number))
    message_id = own["text_id"] if own else f"bonus.{number}.text"
    return voice("board.info.bonus", number=number,
                 text=voice.text({"id": message_id, "params": {}}))


def endgame_line(code: str, voice: Voice) -> str:
    return voice("board.info.endgame", code=code,
                 text=voice.text({"id": f"endgame.{code}.text", "params": {}}))


def elements(voice: Voice = ENGLISH, view: Mapping[str, Any] | None = None) -> dict[str, str]:
    """`info ID` (belle.cli.info): bonus tiles by number, end-game tiles by code,
    landmarks by their space (L9..L16) — effects and costs in words; a table's `view`
    names the bonus tiles its older edition printed otherwise."""
    from belle.games.paris.actions import space_name
    from belle.games.paris.rules import NB

    edition_texts = view.get("bonus_texts") if view is not None else None
    costs = _landmark_costs(view) if view is not None else {}
    found = {str(b.number): bonus_line(b.number, voice, edition_texts) for b in data.BONUS}
    found.update({t.code: endgame_line(t.code, voice) for t in data.END_TILES})
    found.update({space_name(NB + lm): landmark_description(
        lm, voice, costs.get(space_name(NB + lm))) for lm in range(data.NUM_LANDMARKS)})
    return found


def _landmark_costs(view: Mapping[str, Any]) -> dict[str, list[int]]:
    """Each landmark's cost as a table's view gives it (space -> wood, marble, gold):
    the table's rules edition, in the supply or built in a district."""
    landmarks = [*view.get("landmark_supply", []),
                 *(lm for district in view.get("districts", []) for lm in district["landmarks"])]
    return {lm["space"]: lm["cost"] for lm in landmarks}


def track_text(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    meeples: dict[int, list[int]] = {}
    for seat in view["seats"]:
        meeples.setdefault(seat["meeple"], []).append(seat["seat"])
    text = Text(voice("board.track") + " ", style="bold")
    text += _meeples(meeples.get(0, [])) + Text(" ")
    for cell in view["track"]:
        label = f"{cell['number']}" + ("" if cell["count"] == 1 else f"×{cell['count']}")
        style = "" if cell["count"] else "dim strike"
        if cell["number"] != cell["space"]:
            label = f"{cell['space']}:{label}"
        text += Text(label, style=style) + _meeples(meeples.get(cell["space"], [])) + Text(" ")
    return text


def _meeples(seats: list[int]) -> Text:
    """The meeples on a track space, `(12)`: kept apart from the space's tile count."""
    return Text("(") + keys_text(seats) + Text(")") if seats else Text("")


def _label(voice: Voice, message_id: str, leading: str = "") -> tuple[str, str]:
    return (f"{leading}{voice(message_id)} ", "bold")


def common_text(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    stacks = ", ".join(voice("board.stack_top", size=s["size"], top=s["top"]) if s["top"]
                       else str(s["size"]) for s in view["stacks"])
    text = Text.assemble(_label(voice, "board.arc"), keys_text(view["arc"]),
                         _label(voice, "board.stacks", "   "), stacks,
                         _label(voice, "board.pile", "   "), str(view["endgame_pile"]))
    supply = amounts_text([(k, n) for k, n in view["supply"].items()
                           if k in ("wood", "marble", "gold")], voice)
    text += Text.assemble(_label(voice, "board.supply", "\n"),
                          supply or voice("board.empty"))
    free = [f"{t['tile']}: {'/'.join(map(str, t['amounts']))}" for t in view["vp_tiles"]
            if t["district"] is None]
    text += Text.assemble(_label(voice, "board.vp_tiles_left", "   "),
                          "  ".join(free) or voice("board.none"))
    lms = [f"{lm['space']} {voice.field(lm, 'name')}" for lm in view["landmark_supply"]]
    text += Text.assemble(_label(voice, "board.landmarks_left", "\n"),
                          ", ".join(lms) or voice("board.none"))
    kinds = "  ".join(f"{KIND_SHORT[kind]} {voice(f'board.kind.{kind}')}" for kind in KIND_KEYS)
    text += Text("\n" + voice("board.kinds", kinds=kinds), style="dim")
    text += Text("\n" + voice("board.info_hint"), style="dim")
    if view["discarded"]:
        text += Text.assemble(_label(voice, "board.removed", "\n"),
                              ", ".join(view["discarded"]))
    return text


SEAT_COLUMNS = ("seat", "vp", "meeple", "reserve", "endgame", "bonus_used")


def seats_table(view: dict[str, Any], voice: Voice = ENGLISH) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=voice("board.players"), title_justify="left")
    for header in SEAT_COLUMNS:
        table.add_column(voice(f"board.col.{header}"))
    for seat in view["seats"]:
        s = seat["seat"]
        marks = " ◀" if s == view.get("to_move") else ""
        marks += " " + voice("board.start") if s == view.get("start_player") else ""
        table.add_row(Text(f"{voice.seat(s)}{marks}", style=SEAT_STYLE[s % 4]), str(seat["vp"]),
                      str(seat["meeple"]), str(seat["reserve"]), str(seat["endgame_count"]),
                      " ".join(map(str, seat["bonus_used"])) or "-")
    return table


def screen_text(me: dict[str, Any], title: str, voice: Voice = ENGLISH,
                edition_texts: dict[str, dict[str, Any]] | None = None) -> Panel:
    stock = amounts_text(list(me["stock"].items()), voice) or voice("board.no_tokens")
    lines = [Text.assemble(_label(voice, "board.francs"), str(me["francs"]),
                           _label(voice, "board.keys", "   "), str(me["keys"]),
                           _label(voice, "board.tokens", "   "), stock)]
    lines += [Text(bonus_line(number, voice, edition_texts)) for number in me["bonus"]]
    lines += [Text(endgame_line(code, voice)) for code in me["endgame"]]
    if "pile" in me:
        tiles = "  ".join(f"{p['tile']}×{p['count']}" for p in me["pile"] if p["count"])
        lines.append(Text(voice("board.pile_take", tiles=tiles), style="bold yellow"))
    return Panel(Group(*lines), title=title, box=box.ROUNDED, expand=False)


def _pending_prompt(pending: dict[str, Any], voice: Voice) -> str:
    kind = pending["kind"]
    if kind == "bonus":
        return voice("board.prompt.bonus_fee", fee=pending["fee"]) if pending.get("fee") \
            else voice("board.prompt.bonus")
    if kind == "prestige":
        return voice("board.prompt.prestige", landmark=f"L{pending.get('landmark')}")
    if kind == "put":
        return voice("board.prompt.put_tile", space=f"{pending.get('district')}"
                     f"{pending.get('value')}", type=type_name(str(pending.get("type")), voice))
    return voice(f"board.prompt.{kind}")


def status(view: dict[str, Any], voice: Voice = ENGLISH) -> Text:
    if view["phase"] == "over":
        return Text(voice("board.game_over"), style="bold")
    mover = view.get("to_move")
    if mover is None:
        return Text(voice("board.chance"), style="dim")
    pending = view.get("pending")
    phase = view["phase"]
    if pending:
        prompt = _pending_prompt(pending, voice)
    else:
        prompt = voice(f"board.prompt.{phase}") if f"board.prompt.{phase}" in PHASES else ""
    line = voice("board.to_move", seat="\0", prompt=prompt)
    before, _, after = line.partition("\0")
    text = Text.assemble((before, "bold"), (voice.seat(mover), SEAT_STYLE[mover % 4]), after)
    if view["end_triggered"]:
        text += Text("   " + voice("board.end_triggered", turns=view["turns_left"]),
                     style="bold red")
    return text


PHASES = frozenset(f"board.prompt.{phase}" for phase in
                   ("step1", "step2", "put", "pick", "take_any", "after"))
"""The phases with a prompt of their own (texts.py)."""


def render(view: dict[str, Any], voice: Voice = ENGLISH) -> RenderableType:
    """The whole table as the viewer may see it, in the voice's language."""
    parts: list[RenderableType] = [status(view, voice)]
    panels = [district_table(d, voice) for d in view["districts"]]
    parts.append(Columns(panels, padding=(0, 1)))
    parts += [common_text(view, voice), track_text(view, voice), seats_table(view, voice)]
    if "me" in view:
        title = voice("board.your_screen", seat=voice.seat(view["seat"]))
        parts.append(screen_text(view["me"], title, voice, view.get("bonus_texts")))
    if "screens" in view:
        for seat, me in enumerate(view["screens"]):
            parts.append(screen_text(me, voice("board.screen_of", seat=voice.seat(seat)),
                                     voice, view.get("bonus_texts")))
    return Group(*parts)


# -- the move log ------------------------------------------------------------
def _said(verb: str, values: list[str], voice: Voice) -> str:
    """One verb's outcomes of a chance run (`top 1 MO`, `value 4` …) as a phrase."""
    if verb == "first" and values[0].isdigit():
        return voice("board.log.first", seat=voice.seat(int(values[0])))
    if verb == "top":
        return ", ".join(voice("board.log.top", stack=stack, district=voice(f"district.{code}"))
                         for stack, _, code in (value.partition(" ") for value in values))
    if verb == "value":
        return voice("board.log.value", value=values[0])
    if verb == "token":
        return voice("board.log.tokens", tokens=[voice(f"board.kind.{v}") for v in values])
    if verb == "track":
        return voice("board.log.track", numbers=values)
    return ", ".join(f"{verb} {value}" for value in values)


def describe_chance(
    seen_by: Iterable[int] | None, actions: list[str] | None, count: int,
    voice: Voice = ENGLISH,
) -> RenderableType:
    """A run of chance outcomes for the move log, in sentences (issue 16 item 5). Every
    chance outcome of Paris is public (state.chance_visibility)."""
    return Text(voice("board.log.chance", outcomes="; ".join(
        _said(verb, values, voice) for verb, values in by_verb(actions or []))))

"""Paris Connection actions, their text notation, and JSON and dense-int codecs.

Notation (docs/notation.md): `build R`, `place Lyon` / `place F7`, `stop`,
`return R`, `take 2 B`; chance: `start R I3` (red starts on the start hex I3, PC-19),
`deal R` (secret draw for the seat being dealt to), `first 2` (the start player).
Companies are written by letter (R B Y K P N) or name.
All action objects are prebuilt singletons, so legal-action lists allocate nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belle.engine.codec import ActionNotation, DenseCodec
from belle.engine.errors import InvalidActionError
from belle.engine.texts import name_key, typed
from belle.games.paris_connection import data
from belle.games.paris_connection.rules import BOARD
from belle.games.paris_connection.texts import TEXTS


@dataclass(frozen=True, slots=True)
class Build:
    """Choose the company to build for this turn (PC-31)."""

    company: int


@dataclass(frozen=True, slots=True)
class Place:
    """Place one locomotive of the company being built on a hex (PC-34)."""

    hex: int


@dataclass(frozen=True, slots=True)
class Stop:
    """End the build after at least one placement (PC-31)."""


@dataclass(frozen=True, slots=True)
class Return:
    """First half of a trade: return one share to its storage board (PC-48)."""

    company: int


@dataclass(frozen=True, slots=True)
class Take:
    """Second half of a trade: take 1 or 2 shares of one other company (PC-49..51)."""

    company: int
    count: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next locomotive drawn from the bag for the seat being dealt (PC-23)."""

    company: int


@dataclass(frozen=True, slots=True)
class Start:
    """Chance at setup: `company` starts on start hex `slot` (0..5, clockwise from the
    north-east of the Eiffel Tower; the slots are filled in that order, PC-19)."""

    company: int
    slot: int


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Chance: the start player (PC-26)."""

    seat: int


Action = Build | Place | Stop | Return | Take | Deal | FirstPlayer | Start

NUM_COMPANIES = len(data.COMPANIES)
MAX_SEATS = max(data.DRAWN_PER_PLAYER)

BUILD = tuple(Build(c) for c in range(NUM_COMPANIES))
PLACE = tuple(Place(h) for h in range(BOARD.size))
STOP = Stop()
RETURN = tuple(Return(c) for c in range(NUM_COMPANIES))
TAKE = tuple((Take(c, 1), Take(c, 2)) for c in range(NUM_COMPANIES))
TAKES = frozenset(t for pair in TAKE for t in pair)
DEAL = tuple(Deal(c) for c in range(NUM_COMPANIES))
FIRST = tuple(FirstPlayer(s) for s in range(MAX_SEATS))
START = tuple(tuple(Start(c, slot) for slot in range(NUM_COMPANIES)) for c in range(NUM_COMPANIES))

# Dense int codec: every action in one fixed order (START last: it came with engine 0.2.0).
ALL_ACTIONS: tuple[Action, ...] = (
    *BUILD, *PLACE, STOP, *RETURN, *(t for pair in TAKE for t in pair), *DEAL, *FIRST,
    *(a for row in START for a in row),
)

COMPANY_LETTERS = "".join(c.letter for c in data.COMPANIES)


_COMPANY_NAMES = {
    **{name_key(c.letter): i for i, c in enumerate(data.COMPANIES)},
    **{name_key(c.name): i for i, c in enumerate(data.COMPANIES)},
    **{name_key(c.id): i for i, c in enumerate(data.COMPANIES)},
}
_HEX_NAMES = {
    **{name_key(label): i for i, label in enumerate(BOARD.labels)},
    **{name_key(name): i for i, name in enumerate(BOARD.names) if name},
}


def company_letter(company: int) -> str:
    return data.COMPANIES[company].letter


def hex_label(index: int) -> str:
    """A city's name, or the grid label of a rural hex."""
    return BOARD.names[index] or BOARD.labels[index]


def to_string(action: Action) -> str:
    match action:
        case Build(company):
            return f"build {company_letter(company)}"
        case Place(hex_index):
            return f"place {hex_label(hex_index)}"
        case Stop():
            return "stop"
        case Return(company):
            return f"return {company_letter(company)}"
        case Take(company, count):
            return f"take {count} {company_letter(company)}"
        case Deal(company):
            return f"deal {company_letter(company)}"
        case FirstPlayer(seat):
            return f"first {seat}"
        case Start(company, slot):
            return f"start {company_letter(company)} {BOARD.labels[BOARD.start_slots[slot]]}"
    raise TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                      f"{action!r} is not a Paris Connection action", game="Paris Connection")


def parse_start_hex(text: str) -> int:
    """The slot (0..5) of a start hex named by its grid label."""
    index = _HEX_NAMES.get(name_key(text))
    if index not in BOARD.start_slots:
        labels = [BOARD.labels[h] for h in BOARD.start_slots]
        raise _refuse("refuse.start_hex", text=typed(text), labels=labels)
    return BOARD.start_slots.index(index)


def parse_company(text: str) -> int:
    company = _COMPANY_NAMES.get(name_key(text))
    if company is None:
        names = [c.letter for c in data.COMPANIES]
        raise _refuse("refuse.company", text=typed(text), names=names)
    return company


def parse_hex(text: str) -> int:
    index = _HEX_NAMES.get(name_key(text))
    if index is None:
        raise _refuse("refuse.hex", text=typed(text), label=BOARD.labels[0])
    return index


def _parse_seat(text: str) -> int:
    if not text.isdigit() or int(text) >= MAX_SEATS:
        raise _refuse("engine.refuse.number", low=0, high=MAX_SEATS - 1, text=typed(text))
    return int(text)


def _parse_take(args: list[str]) -> Take:
    if len(args) == 1 and len(args[0]) == 2 and args[0][0] in "12":
        args = [args[0][0], args[0][1]]
    if len(args) == 1:
        return TAKE[parse_company(args[0])][0]
    if len(args) == 2 and args[0] in ("1", "2"):
        return TAKE[parse_company(args[1])][int(args[0]) - 1]
    raise _refuse("refuse.take")


USAGE = "build R | place Lyon | place D4 | stop | return R | take 1 B | take 2 B"


def parse(text: str) -> Action:
    """Parse the notation; raise InvalidActionError saying what is allowed."""
    if not isinstance(text, str):
        raise TEXTS.error(InvalidActionError, "engine.refuse.not_text",
                          f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise _refuse("engine.refuse.empty", usage=USAGE)
    verb, args = words[0].lower(), words[1:]
    rest = " ".join(args)
    if verb == "stop" and not args:
        return STOP
    if verb == "build" and len(args) == 1:
        return BUILD[parse_company(args[0])]
    if verb == "place" and args:
        return PLACE[parse_hex(rest)]
    if verb == "return" and len(args) == 1:
        return RETURN[parse_company(args[0])]
    if verb == "take" and args:
        return _parse_take(args)
    if verb == "deal" and len(args) == 1:
        return DEAL[parse_company(args[0])]
    if verb == "first" and len(args) == 1:
        return FIRST[_parse_seat(args[0])]
    if verb == "start" and len(args) == 2:
        return START[parse_company(args[0])][parse_start_hex(args[1])]
    raise _refuse("engine.refuse.unreadable", text=typed(text), usage=USAGE)


def to_json(action: Action) -> dict[str, Any]:
    match action:
        case Build(company) | Return(company) | Deal(company):
            return {"type": type(action).__name__.lower(), "company": company_letter(company)}
        case Place(hex_index):
            return {"type": "place", "hex": BOARD.labels[hex_index]}
        case Stop():
            return {"type": "stop"}
        case Take(company, count):
            return {"type": "take", "company": company_letter(company), "count": count}
        case FirstPlayer(seat):
            return {"type": "first", "seat": seat}
        case Start(company, slot):
            return {"type": "start", "company": company_letter(company),
                    "hex": BOARD.labels[BOARD.start_slots[slot]]}
    raise TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                      f"{action!r} is not a Paris Connection action", game="Paris Connection")


def _json_str(data_: dict[str, Any], key: str) -> str:
    value = data_.get(key)
    if not isinstance(value, str):
        raise _refuse("engine.refuse.json_text", field=key)
    return value


def from_json(payload: Any) -> Action:
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise _refuse("engine.refuse.json")
    kind = payload["type"]
    if kind == "stop":
        return STOP
    if kind in ("build", "return", "deal"):
        company = parse_company(_json_str(payload, "company"))
        if kind == "build":
            return BUILD[company]
        return RETURN[company] if kind == "return" else DEAL[company]
    if kind == "place":
        return PLACE[parse_hex(_json_str(payload, "hex"))]
    if kind == "take":
        count = payload.get("count")
        if count not in (1, 2) or isinstance(count, bool):
            raise _refuse("engine.refuse.json_range", field="count", low=1, high=2)
        return TAKE[parse_company(_json_str(payload, "company"))][int(count) - 1]
    if kind == "start":
        company = parse_company(_json_str(payload, "company"))
        return START[company][parse_start_hex(_json_str(payload, "hex"))]
    if kind == "first":
        seat = payload.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
            raise _refuse("engine.refuse.json_range", field="seat", low=0, high=MAX_SEATS - 1)
        return FIRST[seat]
    raise _refuse("engine.refuse.json_type", type=typed(kind), types=[
        "build", "place", "stop", "return", "take", "start", "deal", "first"])


def _refuse(message_id: str, /, **params: Any) -> InvalidActionError:
    return TEXTS.error(InvalidActionError, message_id, **params)


CODEC = DenseCodec(ALL_ACTIONS, "Paris Connection")
to_int = CODEC.to_int
from_int = CODEC.from_int


NOTATION = ActionNotation(to_string, parse, to_json, from_json, CODEC)

"""City of Light actions, their text notation, and JSON and dense-int codecs.

Notation (docs/games/city_of_light.md, "Notation"): spaces `a1`..`h8` (column letter,
row from the top), slots `A1`..`D4`, tiles 1..8 of the mover's own set, rotations in
degrees clockwise. Phase 1: `tile 3 B2 90`, `take S4b`, `pass`. Phase 2: `build S4b`
then `at c3 90` (`at c3 90m` mirrored); `card moulin_rouge` then its target: `on d5`,
`on d5 N` (statue facing, Arc direction, annex side), `side N`, `quadrant NE`,
`swap S4b S5a`, `use`, or `decline`. Chance: `pick moulin_rouge` (a postcard of the
random set), `first orange`, `draw 3` (the next tile, seen only by its owner).
All actions are prebuilt singletons, so legal-action lists allocate nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belle.engine.codec import ActionNotation, DenseCodec
from belle.engine.errors import InvalidActionError
from belle.engine.texts import name_key, typed
from belle.games.city_of_light import data
from belle.games.city_of_light.rules import NUM_BUILDINGS, SPACES, label, slot_label
from belle.games.city_of_light.texts import TEXTS

NUM_SLOTS = data.SLOTS_PER_SIDE**2
NUM_TILES = data.TILES_PER_PLAYER
NUM_CARDS = len(data.POSTCARDS)


@dataclass(frozen=True, slots=True)
class Pick:
    """Chance: one postcard of a random set (COL-18, COL-216)."""

    card: int


@dataclass(frozen=True, slots=True)
class First:
    """Chance: the start player (COL-26, G-10)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the tile drawn from the mover's stack; only its owner sees it (COL-25)."""

    tile: int


@dataclass(frozen=True, slots=True)
class LayTile:
    """COL-31, COL-32: lay the hand tile in a slot, turned `rot` quarter turns."""

    tile: int
    slot: int
    rot: int


@dataclass(frozen=True, slots=True)
class Take:
    """COL-35: take a building from the supply into the reserve."""

    building: int


@dataclass(frozen=True, slots=True)
class Pass:
    """COL-41: pass (only with no tile left)."""


@dataclass(frozen=True, slots=True)
class Select:
    """COL-49, first step: the reserve building to place this turn."""

    building: int


@dataclass(frozen=True, slots=True)
class Put:
    """COL-49..58, second step: orientation and top-left anchor of the selected building."""

    orient: int
    anchor: int


@dataclass(frozen=True, slots=True)
class Activate:
    """COL-60: activate a postcard (its target follows, or `decline`)."""

    card: int


@dataclass(frozen=True, slots=True)
class Target:
    """A postcard's target space; `facing` 1..4 = N E S W where the card needs one."""

    space: int
    facing: int


@dataclass(frozen=True, slots=True)
class Side:
    """La Seine: the board side that becomes the river bank (COL-207)."""

    side: int


@dataclass(frozen=True, slots=True)
class Quadrant:
    """La Liberté: the chosen quadrant 1..4 = NW NE SW SE (COL-210)."""

    quadrant: int


@dataclass(frozen=True, slots=True)
class Swap:
    """The exchange card, invented (COL-152, G-3): a reserve building for a supply one."""

    give: int
    take: int


@dataclass(frozen=True, slots=True)
class Use:
    """Carry out the action of a postcard that needs no target."""


@dataclass(frozen=True, slots=True)
class Decline:
    """COL-63: activate without carrying out the action."""


Action = (Pick | First | Draw | LayTile | Take | Pass | Select | Put | Activate | Target
          | Side | Quadrant | Swap | Use | Decline)

PICK = tuple(Pick(c) for c in range(NUM_CARDS))
FIRST = (First(0), First(1))
DRAW = tuple(Draw(t) for t in range(NUM_TILES))
LAY = tuple(tuple(tuple(LayTile(t, s, r) for r in range(4)) for s in range(NUM_SLOTS))
            for t in range(NUM_TILES))
TAKE = tuple(Take(b) for b in range(NUM_BUILDINGS))
PASS = Pass()
SELECT = tuple(Select(b) for b in range(NUM_BUILDINGS))
PUT = tuple(tuple(Put(o, a) for a in range(SPACES)) for o in range(8))
ACTIVATE = tuple(Activate(c) for c in range(NUM_CARDS))
TARGET = tuple(tuple(Target(s, f) for f in range(5)) for s in range(SPACES))
SIDE = tuple(Side(d) for d in range(1, 5))
QUADRANT = tuple(Quadrant(q) for q in range(1, 5))
SWAP = tuple(tuple(Swap(g, t) for t in range(NUM_BUILDINGS)) for g in range(NUM_BUILDINGS))
USE = Use()
DECLINE = Decline()

ALL_ACTIONS: tuple[Action, ...] = (
    *PICK, *FIRST, *DRAW,
    *(a for per_tile in LAY for per_slot in per_tile for a in per_slot),
    *TAKE, PASS, *SELECT, *(a for per in PUT for a in per), *ACTIVATE,
    *(a for per in TARGET for a in per), *SIDE, *QUADRANT,
    *(a for per in SWAP for a in per), USE, DECLINE,
)


# Names the seed writes differently from the card's own (its promo heading reads "Le
# Liberté Éclairant le Monde"): read as the card.
SEED_SPELLINGS = {"Le Liberté Éclairant le Monde": "LIBERTE"}
_CARD_NAMES = {
    **{name_key(c.id): i for i, c in enumerate(data.POSTCARDS)},
    **{name_key(c.name): i for i, c in enumerate(data.POSTCARDS)},
    **{name_key(spelling): data.CARD_INDEX[card] for spelling, card in SEED_SPELLINGS.items()},
}
_BUILDING_NAMES = {b.id.lower(): i for i, b in enumerate(data.BUILDINGS)}
_SPACE_NAMES = {label(s): s for s in range(SPACES)}
_SLOT_NAMES = {slot_label(s).lower(): s for s in range(NUM_SLOTS)}
_SIDE_NAMES = {name.lower(): i + 1 for i, name in enumerate(data.SIDES)}
_QUAD_NAMES = {name.lower(): i + 1 for i, name in enumerate(data.QUADRANTS)}
_SEAT_NAMES = {"orange": 0, "blue": 1, "0": 0, "1": 1}


def card_word(card: int) -> str:
    return data.POSTCARDS[card].id.lower()


def building_word(building: int) -> str:
    return data.BUILDINGS[building].id


def rot_word(orient: int) -> str:
    return f"{90 * (orient % 4)}{'m' if orient >= 4 else ''}"


def to_string(action: Action) -> str:
    """The notation of `action`; InvalidActionError for anything that is not one of ours
    (a field out of range or of the wrong type included)."""
    try:
        return _to_string(action)
    except (IndexError, KeyError, TypeError, ValueError, OverflowError) as exc:
        raise _not_ours(action) from exc


def _to_string(action: Action) -> str:
    match action:
        case Pick(card):
            return f"pick {card_word(card)}"
        case First(seat):
            return f"first {data.COLOURS[seat]}"
        case Draw(tile):
            return f"draw {tile + 1}"
        case LayTile(tile, slot, rot):
            return f"tile {tile + 1} {slot_label(slot)} {90 * rot}"
        case Take(b):
            return f"take {building_word(b)}"
        case Pass():
            return "pass"
        case Select(b):
            return f"build {building_word(b)}"
        case Put(orient, anchor):
            return f"at {label(anchor)} {rot_word(orient)}"
        case Activate(card):
            return f"card {card_word(card)}"
        case Target(space, facing):
            return f"on {label(space)}" + (f" {data.SIDES[facing - 1]}" if facing else "")
        case Side(side):
            return f"side {data.SIDES[side - 1]}"
        case Quadrant(q):
            return f"quadrant {data.QUADRANTS[q - 1]}"
        case Swap(give, take):
            return f"swap {building_word(give)} {building_word(take)}"
        case Use():
            return "use"
        case Decline():
            return "decline"
    raise _not_ours(action)


def _not_ours(action: object) -> InvalidActionError:
    return TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                       f"{action!r} is not a City of Light action", game="City of Light")


# -- parsing -----------------------------------------------------------------------
def _lookup(table: dict[str, int], text: str, refusal: str, **params: Any) -> int:
    """The value `text` names in `table`, else the refusal `refusal` (a TEXTS id)."""
    value = table.get(text.strip().lower())
    if value is None:
        raise TEXTS.error(InvalidActionError, refusal, text=typed(text), **params)
    return value


def parse_card(text: str) -> int:
    card = _CARD_NAMES.get(name_key(text))
    if card is None:
        names = [card_word(c) for c in range(NUM_CARDS)]
        raise TEXTS.error(InvalidActionError, "refuse.postcard", text=typed(text), names=names)
    return card


def parse_building(text: str) -> int:
    names = [b.id for b in data.BUILDINGS]
    return _lookup(_BUILDING_NAMES, text, "refuse.building", names=names)


def parse_space(text: str) -> int:
    return _lookup(_SPACE_NAMES, text, "refuse.space")


def parse_slot(text: str) -> int:
    return _lookup(_SLOT_NAMES, text, "refuse.slot")


def _parse_number(text: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise TEXTS.error(InvalidActionError, "engine.refuse.number", low=low, high=high,
                          text=typed(text))
    return int(text)


def parse_rotation(text: str, allow_mirror: bool = False) -> int:
    """Degrees clockwise 0/90/180/270 → quarter turns; a trailing `m` adds 4 (mirrored)."""
    raw = text.strip().lower()
    mirror = allow_mirror and raw.endswith("m")
    raw = raw[:-1] if mirror else raw
    if raw not in ("0", "90", "180", "270"):
        raise TEXTS.error(InvalidActionError, "refuse.rotation", text=typed(text))
    return int(raw) // 90 + (4 if mirror else 0)


USAGE = ("tile 3 B2 90 | take S4b | pass | build S4b | at c3 90 | card moulin_rouge | "
         "on d5 | on d5 N | side N | quadrant NE | swap S4b S5a | use | decline")


def _parse_words(verb: str, args: list[str]) -> Action | None:
    n = len(args)
    if verb == "pass" and n == 0:
        return PASS
    if verb == "use" and n == 0:
        return USE
    if verb == "decline" and n == 0:
        return DECLINE
    if verb == "tile" and n == 3:
        tile = _parse_number(args[0], 1, NUM_TILES) - 1
        return LAY[tile][parse_slot(args[1])][parse_rotation(args[2])]
    if verb == "take" and n == 1:
        return TAKE[parse_building(args[0])]
    if verb == "build" and n == 1:
        return SELECT[parse_building(args[0])]
    if verb == "at" and n == 2:
        return PUT[parse_rotation(args[1], allow_mirror=True)][parse_space(args[0])]
    if verb == "on" and n in (1, 2):
        facing = _lookup(_SIDE_NAMES, args[1], "refuse.direction") if n == 2 else 0
        return TARGET[parse_space(args[0])][facing]
    if verb == "side" and n == 1:
        return SIDE[_lookup(_SIDE_NAMES, args[0], "refuse.direction") - 1]
    if verb == "quadrant" and n == 1:
        return QUADRANT[_lookup(_QUAD_NAMES, args[0], "refuse.quadrant") - 1]
    if verb == "swap" and n == 2:
        return SWAP[parse_building(args[0])][parse_building(args[1])]
    if verb in ("card", "pick") and n >= 1:
        card = parse_card(" ".join(args))
        return ACTIVATE[card] if verb == "card" else PICK[card]
    if verb == "first" and n == 1:
        return FIRST[_lookup(_SEAT_NAMES, args[0], "refuse.player")]
    if verb == "draw" and n == 1:
        return DRAW[_parse_number(args[0], 1, NUM_TILES) - 1]
    return None


def parse(text: str) -> Action:
    """Parse the notation; raise InvalidActionError saying what is allowed."""
    if not isinstance(text, str):
        raise TEXTS.error(InvalidActionError, "engine.refuse.not_text",
                          f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise TEXTS.error(InvalidActionError, "engine.refuse.empty", usage=USAGE)
    action = _parse_words(words[0].lower(), words[1:])
    if action is None:
        raise TEXTS.error(InvalidActionError, "engine.refuse.unreadable", text=typed(text),
                          usage=USAGE)
    return action


# -- JSON --------------------------------------------------------------------------
# The JSON types of the two steps after which the same player goes on (COL-57: a building
# chosen, then placed; COL-60: a postcard activated, then carried out or declined). Every
# other action of a player ends the turn; the browser asks "End turn" before sending one
# (REQ-COL-P7).
CONTINUING_TYPES = ("build", "card")


def to_json(action: Action) -> dict[str, Any]:
    match action:
        case Pick(card) | Activate(card):
            kind = "pick" if isinstance(action, Pick) else "card"
            return {"type": kind, "card": data.POSTCARDS[card].id}
        case First(seat):
            return {"type": "first", "seat": seat}
        case Draw(tile):
            return {"type": "draw", "tile": tile + 1}
        case LayTile(tile, slot, rot):
            return {"type": "tile", "tile": tile + 1, "slot": slot_label(slot), "rot": 90 * rot}
        case Take(b) | Select(b):
            kind = "take" if isinstance(action, Take) else "build"
            return {"type": kind, "building": building_word(b)}
        case Put(orient, anchor):
            return {"type": "at", "space": label(anchor), "rot": 90 * (orient % 4),
                    "mirror": orient >= 4}
        case Target(space, facing):
            return {"type": "on", "space": label(space),
                    "facing": data.SIDES[facing - 1] if facing else None}
        case Side(side):
            return {"type": "side", "side": data.SIDES[side - 1]}
        case Quadrant(q):
            return {"type": "quadrant", "quadrant": data.QUADRANTS[q - 1]}
        case Swap(give, take):
            return {"type": "swap", "give": building_word(give), "take": building_word(take)}
        case Pass() | Use() | Decline():
            return {"type": type(action).__name__.lower()}
    raise _not_ours(action)


_KINDS = {str: "engine.refuse.json_text", int: "engine.refuse.json_number",
          bool: "engine.refuse.json_bool"}


def _field(payload: dict[str, Any], key: str, kind: type) -> Any:
    value = payload.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise TEXTS.error(InvalidActionError, _KINDS[kind], field=key)
    return value


def _json_rotation(payload: dict[str, Any]) -> int:
    rot: int = _field(payload, "rot", int)
    if rot not in (0, 90, 180, 270):
        raise TEXTS.error(InvalidActionError, "engine.refuse.json_choice", field="rot",
                          allowed=["0", "90", "180", "270"])
    return rot // 90


JSON_TYPES = ("tile", "take", "pass", "build", "at", "card", "on", "side", "quadrant", "swap",
              "use", "decline", "pick", "first", "draw")


def from_json(payload: Any) -> Action:
    """Decode a wire action; raise InvalidActionError on anything malformed."""
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise TEXTS.error(InvalidActionError, "engine.refuse.json")
    kind = payload["type"]
    simple: dict[str, Action] = {"pass": PASS, "use": USE, "decline": DECLINE}
    if kind in simple:
        return simple[kind]
    if kind in ("pick", "card"):
        card = parse_card(_field(payload, "card", str))
        return PICK[card] if kind == "pick" else ACTIVATE[card]
    if kind == "first":
        seat: int = _field(payload, "seat", int)
        if seat not in (0, 1):
            raise TEXTS.error(InvalidActionError, "engine.refuse.json_range", field="seat",
                              low=0, high=1)
        return FIRST[seat]
    if kind in ("draw", "tile"):
        tile: int = _field(payload, "tile", int)
        if not 1 <= tile <= NUM_TILES:
            raise TEXTS.error(InvalidActionError, "engine.refuse.json_range", field="tile",
                              low=1, high=NUM_TILES)
        if kind == "draw":
            return DRAW[tile - 1]
        return LAY[tile - 1][parse_slot(_field(payload, "slot", str))][_json_rotation(payload)]
    if kind in ("take", "build"):
        b = parse_building(_field(payload, "building", str))
        return TAKE[b] if kind == "take" else SELECT[b]
    if kind == "at":
        mirror = payload.get("mirror", False)
        if not isinstance(mirror, bool):
            raise TEXTS.error(InvalidActionError, "engine.refuse.json_bool", field="mirror")
        orient = _json_rotation(payload) + (4 if mirror else 0)
        return PUT[orient][parse_space(_field(payload, "space", str))]
    if kind == "on":
        facing = payload.get("facing")
        side = 0 if facing is None else _lookup(
            _SIDE_NAMES, facing if isinstance(facing, str) else "?", "refuse.direction")
        return TARGET[parse_space(_field(payload, "space", str))][side]
    if kind == "side":
        return SIDE[_lookup(_SIDE_NAMES, _field(payload, "side", str), "refuse.direction") - 1]
    if kind == "quadrant":
        q = _lookup(_QUAD_NAMES, _field(payload, "quadrant", str), "refuse.quadrant")
        return QUADRANT[q - 1]
    if kind == "swap":
        return SWAP[parse_building(_field(payload, "give", str))][
            parse_building(_field(payload, "take", str))]
    raise TEXTS.error(InvalidActionError, "engine.refuse.json_type", type=typed(kind),
                      types=list(JSON_TYPES))


CODEC = DenseCodec(ALL_ACTIONS, "City of Light")
to_int = CODEC.to_int
from_int = CODEC.from_int


NOTATION = ActionNotation(to_string, parse, to_json, from_json, CODEC)

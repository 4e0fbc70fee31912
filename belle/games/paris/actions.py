"""Paris actions, their text notation, and JSON and dense-int codecs.

Notation (docs/games/paris.md, "Notation"). Places: a building space is its district
code and value (`MO5`), a landmark is `L` and its value (`L12`), a bank `bank-MO`, the
Arc de Triomphe `arc`. Player actions: `draw 2`, `put LV`, `key MO`, `key arc`,
`move bank-MO MO3`, `move MO8 build L12 MO`, `endgame`, `take vp6` (secret: the others
are told only "take an end-game tile"), `pass`, `end`, `bonus 18`, `nobonus`, `give 2`,
`done`, `vptile 3 CH`, `novptile`, `buy wood`, `sell silver`, `use 18`, `use 10 wood`,
`use 23 wood marble`, `play vp6`, `play res gold`. Chance: `first 1`, `token wood`,
`track 7`, `top 2 MO`, `value 5`. Every action object is a prebuilt singleton in
ALL_ACTIONS, whose order is the dense int codec.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from belle.engine.codec import ActionNotation, DenseCodec
from belle.engine.errors import InvalidActionError
from belle.engine.texts import name_key, typed
from belle.games.paris import data
from belle.games.paris.texts import TEXTS


@dataclass(frozen=True, slots=True)
class First:
    """Chance: the start player (PARIS-35)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Token:
    """Chance, random setup: the token on the next token spot (PARIS-151)."""

    kind: int


@dataclass(frozen=True, slots=True)
class Track:
    """Chance, random setup: the number laid on the next track space (PARIS-152)."""

    number: int


@dataclass(frozen=True, slots=True)
class Top:
    """Chance: the district on the back of a stack's new top tile (PARIS-14, G-15)."""

    stack: int
    district: int


@dataclass(frozen=True, slots=True)
class Value:
    """Chance: the value of the tile just drawn, turned over for all (PARIS-52)."""

    value_index: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Step 1: take the top tile of a stack (PARIS-52)."""

    stack: int


@dataclass(frozen=True, slots=True)
class Put:
    """Free-district variant: the district where the drawn tile goes (PARIS-154)."""

    district: int


@dataclass(frozen=True, slots=True)
class PlaceKey:
    """Action A: a key from behind the screen to a bank (0..5) or the Arc (6)."""

    target: int


@dataclass(frozen=True, slots=True)
class Move:
    """Action B: a key from `src` (bank 0..5, arc 6, space 7+s) to space `dst`; with
    `build` >= 0 the landmark `dst` is first built in district `build` (PARIS-76)."""

    src: int
    dst: int
    build: int


@dataclass(frozen=True, slots=True)
class EndGame:
    """Action C: look through the end-game pile to take a tile (PARIS-103)."""


@dataclass(frozen=True, slots=True)
class Take:
    """Action C, second half, a secret move: the end-game tile (kind index into
    data.END_TILES) taken from the searched pile. Only the taker sees it; the others
    are told PUBLIC_TAKE (PARIS-103, PARIS-104, G-16)."""

    tile: int


@dataclass(frozen=True, slots=True)
class Pass:
    """G-13: no action A, B or C is possible."""


@dataclass(frozen=True, slots=True)
class End:
    """End the turn (after step 2 the player may still use tiles and exchange)."""


@dataclass(frozen=True, slots=True)
class Bonus:
    """Take the top bonus tile of a track space (PARIS-113, tile 17)."""

    space: int


@dataclass(frozen=True, slots=True)
class NoBonus:
    """Decline the bonus tile of a value 1-3 building (PARIS-117)."""


@dataclass(frozen=True, slots=True)
class Give:
    """Hand in a prestige token on a landmark's reward slot (PARIS-98)."""

    slot: int


@dataclass(frozen=True, slots=True)
class Done:
    """Stop handing in prestige tokens."""


@dataclass(frozen=True, slots=True)
class VpTile:
    """Place a VP tile on a district's empty VP-tile spot (PARIS-127)."""

    tile: int
    district: int


@dataclass(frozen=True, slots=True)
class NoVpTile:
    """Decline to place a VP tile (the seed's "may", PARIS-127)."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a resource from the general supply (PARIS-108, PARIS-110)."""

    kind: int


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell a resource or prestige token (PARIS-108, PARIS-109)."""

    kind: int


@dataclass(frozen=True, slots=True)
class UseBonus:
    """Use a held bonus tile (PARIS-118) with its choices (-1: none)."""

    number: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class UseEnd:
    """Use a held end-game tile (PARIS-105) with its choice (-1: none)."""

    tile: int
    choice: int


Action = (
    First | Token | Track | Top | Value | Draw | Put | PlaceKey | Move | EndGame
    | Take | Pass | End | Bonus | NoBonus | Give | Done | VpTile | NoVpTile | Buy | Sell
    | UseBonus | UseEnd
)

ND, NV, NL = data.NUM_DISTRICTS, data.NUM_VALUES, data.NUM_LANDMARKS
NS = data.NUM_SPACES
ARC = 6  # PlaceKey target / Move source of the Arc
NSRC = 7 + NS  # move sources: 6 banks, the Arc, 44 spaces
CODES = [d.code for d in data.DISTRICTS]

FIRST = tuple(First(s) for s in range(4))
TOKEN = tuple(Token(k) for k in range(6))
TRACK = tuple(Track(n) for n in range(1, data.NUM_BONUS_NUMBERS + 1))
TOP = tuple(tuple(Top(st, d) for d in range(ND)) for st in range(data.NUM_STACKS))
VALUE = tuple(Value(v) for v in range(NV))
DRAW = tuple(Draw(st) for st in range(data.NUM_STACKS))
PUT = tuple(Put(d) for d in range(ND))
PLACE = tuple(PlaceKey(t) for t in range(7))
MOVE = tuple(tuple(Move(src, dst, -1) for dst in range(NS)) for src in range(NSRC))
BUILD = tuple(
    tuple(tuple(Move(src, NS - NL + lm, d) for d in range(ND)) for lm in range(NL))
    for src in range(NSRC)
)
ENDGAME, PASS, END, NOBONUS, DONE, NOVPTILE = EndGame(), Pass(), End(), NoBonus(), Done(), \
    NoVpTile()
TAKE = tuple(Take(t) for t in range(len(data.END_TILES)))
PUBLIC_TAKE = "take an end-game tile"  # what the others are told of a Take
BONUS = tuple(Bonus(s) for s in range(data.TRACK_LENGTH + 1))  # index = space 1..30
GIVE = tuple(Give(i) for i in range(3))
VPTILE = tuple(tuple(VpTile(t, d) for d in range(ND)) for t in range(len(data.VP_TILES)))
BUY = tuple(Buy(k) for k in data.RESOURCES)
SELL = tuple(Sell(k) for k in range(6))


def choices_of(kind: str) -> list[tuple[int, int]]:
    """The (first, second) choices a tile of this kind is used with (-1: no choice)."""
    if kind == "resource_choice":
        return [(k, -1) for k in data.RESOURCES]
    if kind == "prestige_choice":
        return [(k, -1) for k in data.PRESTIGE]
    if kind == "token_choice":
        return [(k, -1) for k in range(6)]
    if kind == "two_resources":
        return [(a, b) for a in data.RESOURCES for b in data.RESOURCES if a <= b]
    if kind == "two_prestige":
        return [(a, b) for a in data.PRESTIGE for b in data.PRESTIGE if a <= b]
    if kind == "resource_and_prestige":
        return [(a, b) for a in data.RESOURCES for b in data.PRESTIGE]
    return [(-1, -1)]


def bonus_choices(number: int) -> list[tuple[int, int]]:
    """The choices bonus tile `number` is used with (today's tiles)."""
    return choices_of(data.BONUS[number - 1].kind)


def end_choices(tile: int) -> list[int]:
    kind = data.END_TILES[tile].kind
    if kind == "resource_choice":
        return list(data.RESOURCES)
    if kind == "prestige_choice":
        return list(data.PRESTIGE)
    return [-1]


USE = {
    (n, a, b): UseBonus(n, a, b)
    for n in range(1, data.NUM_BONUS_NUMBERS + 1)
    for a, b in bonus_choices(n)
}
# What engine 0.1.0's tiles were used as, so that its records still decode and its
# edition (rules_version 1, legacy.py) can be played; never legal by today's rules. Last
# in ALL_ACTIONS, so the dense codec numbers today's actions as if they were not there.
OLD_USE = {
    (n, -1, -1): UseBonus(n, -1, -1) for n in (20, 21, 24, 25, 29, 30)
}
USE_END = {(t, c): UseEnd(t, c) for t in range(len(data.END_TILES)) for c in end_choices(t)}

ALL_ACTIONS: tuple[Action, ...] = (
    *FIRST, *TOKEN, *TRACK, *(a for row in TOP for a in row), *VALUE, *DRAW, *PUT,
    *PLACE, *(a for row in MOVE for a in row),
    *(a for src in BUILD for lm in src for a in lm),
    ENDGAME, *TAKE, PASS, END, *BONUS[1:], NOBONUS, *GIVE, DONE,
    *(a for row in VPTILE for a in row), NOVPTILE, *BUY, *SELL, *USE.values(),
    *USE_END.values(), *(a for key, a in OLD_USE.items() if key not in USE),
)
USE.update({key: action for key, action in OLD_USE.items() if key not in USE})

# -- names ------------------------------------------------------------------------------


def space_name(space: int) -> str:
    """`MO5` for a building space, `L12` for a landmark."""
    if space < data.NUM_BUILDINGS:
        return f"{CODES[space // NV]}{data.VALUES[space % NV]}"
    return f"L{data.LANDMARKS[space - data.NUM_BUILDINGS].value}"


def source_name(src: int) -> str:
    if src < ND:
        return f"bank-{CODES[src]}"
    if src == ARC:
        return "arc"
    return space_name(src - 7)


SPACE_BY_NAME = {space_name(s).lower(): s for s in range(NS)}
SOURCE_BY_NAME = {source_name(s).lower(): s for s in range(NSRC)}
DISTRICT_BY_NAME = {  # name_key: `La Villette`, `lavillette` and `LV` are one district
    **{name_key(d.code): i for i, d in enumerate(data.DISTRICTS)},
    **{name_key(d.name): i for i, d in enumerate(data.DISTRICTS)},
    **{name_key(d.id): i for i, d in enumerate(data.DISTRICTS)},
}
KIND_BY_NAME = {
    **{k: i for i, k in enumerate(data.STOCK_KINDS)},
    "prestige-gold": data.PGOLD, "gold-prestige": data.PGOLD,
}
END_BY_CODE = {t.code: i for i, t in enumerate(data.END_TILES)}


def _district(text: str) -> int:
    d = DISTRICT_BY_NAME.get(name_key(text))
    if d is None:
        raise _refuse("refuse.district", text=typed(text), names=list(CODES))
    return d


def _kind(text: str, allowed: tuple[int, ...] = tuple(range(6))) -> int:
    k = KIND_BY_NAME.get(text.lower())
    if k is None or k not in allowed:
        names = [data.STOCK_KINDS[a] for a in allowed]
        raise _refuse("refuse.kind", text=typed(text), names=names)
    return k


def _int(text: str, low: int, high: int, what: str) -> int:
    """`text` as a number from `low` to `high`; `what` it counts is named in the English
    (logs), the player reads that they typed `text` where such a number goes."""
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise TEXTS.error(InvalidActionError, "engine.refuse.number",
                          f"{what} must be a number from {low} to {high}, not {text!r}",
                          low=low, high=high, text=typed(text))
    return int(text)


def _refuse(message_id: str, /, **params: Any) -> InvalidActionError:
    return TEXTS.error(InvalidActionError, message_id, **params)


def _choice_word(kind: int) -> str:
    return f" {data.STOCK_KINDS[kind]}" if kind >= 0 else ""


def to_string(action: Action) -> str:
    """The notation of `action` (parse() reads it back)."""
    match action:
        case First(seat):
            return f"first {seat}"
        case Token(kind):
            return f"token {data.STOCK_KINDS[kind]}"
        case Track(number):
            return f"track {number}"
        case Top(stack, district):
            return f"top {stack + 1} {CODES[district]}"
        case Value(vi):
            return f"value {data.VALUES[vi]}"
        case Draw(stack):
            return f"draw {stack + 1}"
        case Put(district):
            return f"put {CODES[district]}"
        case PlaceKey(target):
            return "key arc" if target == ARC else f"key {CODES[target]}"
        case Move(src, dst, build):
            tail = f"build {space_name(dst)} {CODES[build]}" if build >= 0 else space_name(dst)
            return f"move {source_name(src)} {tail}"
        case Take(tile):
            return f"take {data.END_TILES[tile].code}"
        case Bonus(space):
            return f"bonus {space}"
        case Give(slot):
            return f"give {slot + 1}"
        case VpTile(tile, district):
            return f"vptile {tile + 1} {CODES[district]}"
        case Buy(kind):
            return f"buy {data.STOCK_KINDS[kind]}"
        case Sell(kind):
            return f"sell {data.STOCK_KINDS[kind]}"
        case UseBonus(number, first, second):
            return f"use {number}{_choice_word(first)}{_choice_word(second)}"
        case UseEnd(tile, choice):
            return f"play {data.END_TILES[tile].code}{_choice_word(choice)}"
    for word, singleton in _WORDS.items():
        if action == singleton:
            return word
    raise TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                      f"{action!r} is not a Paris action", game="Paris")


_WORDS: dict[str, Action] = {
    "endgame": ENDGAME, "pass": PASS, "end": END, "nobonus": NOBONUS, "done": DONE,
    "novptile": NOVPTILE,
}

USAGE = (
    "draw 1 | put LV | key MO | key arc | move bank-MO MO3 | move MO8 build L12 MO | "
    "endgame | take vp6 | bonus 18 | nobonus | give 1 | done | vptile 3 CH | novptile | "
    "buy wood | sell silver | use 18 | use 10 wood | play vp6 | pass | end"
)


def _parse_move(args: list[str], landmark_district: Sequence[int] | None = None) -> Action:
    """`move <from> <to>` or `move <from> build <landmark> [<district>]`. The district
    may be left out when the key stands in one: on a bank or a building, or on a
    landmark when the state says where that landmark stands (`landmark_district`)."""
    if len(args) < 2:
        raise _refuse("engine.refuse.write_as", usage="move arc MO1")
    src, args = _source(args)
    if args and args[0].lower() == "build":
        if len(args) < 2:
            raise _refuse("engine.refuse.write_as", usage="move MO8 build L12 MO")
        dst = SPACE_BY_NAME.get(args[1].lower(), -1)
        if dst < data.NUM_BUILDINGS:
            raise _refuse("refuse.not_landmark", text=typed(args[1]))
        district = _district(" ".join(args[2:])) if len(args) > 2 else _source_district(
            src, landmark_district)
        return BUILD[src][dst - data.NUM_BUILDINGS][district]
    if len(args) != 1:
        raise _refuse("engine.refuse.write_as", usage="move arc MO1")
    target = SPACE_BY_NAME.get(args[0].lower())
    if target is None:
        raise _refuse("refuse.space", text=typed(args[0]))
    return MOVE[src][target]


def _source(args: list[str]) -> tuple[int, list[str]]:
    """The key's place that begins `move`, and the words after it. A bank may name its
    district in full, in one word or several (`bank-Montmartre`, `bank-La Villette`)."""
    src = SOURCE_BY_NAME.get(args[0].lower())
    if src is not None:
        return src, args[1:]
    if args[0].lower().startswith("bank-"):
        for end in range(1, len(args)):
            name = " ".join([args[0][len("bank-"):], *args[1:end]])
            district = DISTRICT_BY_NAME.get(name_key(name))
            if district is not None:
                return district, args[end:]
    raise _refuse("refuse.key_place", text=typed(args[0]))


def _source_district(src: int, landmark_district: Sequence[int] | None) -> int:
    """The district a key stands in, for a new landmark written without one."""
    if src < ND:
        return src
    if 7 <= src < 7 + data.NUM_BUILDINGS:
        return (src - 7) // NV
    if src >= 7 + data.NUM_BUILDINGS:
        landmark = src - 7 - data.NUM_BUILDINGS
        if landmark_district is None:
            raise _refuse("refuse.say_district", example=f"move {source_name(src)} build L12 MO")
        if landmark_district[landmark] < 0:
            raise _refuse("refuse.not_built", landmark=source_name(src))
        return landmark_district[landmark]
    raise _refuse("refuse.say_district", example="move arc build L12 MO")


def _parse_use(args: list[str]) -> Action:
    if not args or len(args) > 3:
        raise _refuse("engine.refuse.write_as", usage="use 18 | use 10 wood")
    number = _int(args[0], 1, data.NUM_BONUS_NUMBERS, "a bonus tile")
    picks = [_kind(a) for a in args[1:]]
    if len(picks) == 2:
        picks.sort()
    first, second = [*picks, -1, -1][:2]
    action = USE.get((number, first, second))
    if action is None:
        raise _refuse("refuse.bonus_use", number=number, uses=[
            to_string(USE[(number, a, b)]) for a, b in bonus_choices(number)])
    return action


def _parse_play(args: list[str]) -> Action:
    if not args or len(args) > 2 or args[0].lower() not in END_BY_CODE:
        raise _refuse("refuse.play", codes=list(END_BY_CODE))
    tile = END_BY_CODE[args[0].lower()]
    choice = _kind(args[1]) if len(args) == 2 else -1
    action = USE_END.get((tile, choice))
    if action is None:
        raise _refuse("refuse.end_use", tile=data.END_TILES[tile].code, uses=[
            to_string(USE_END[(tile, c)]) for c in end_choices(tile)])
    return action


def _named(args: list[str], usage: str) -> str:
    """The words of a name that ends the action (`key La Villette`)."""
    if not args:
        raise _refuse("engine.refuse.write_as", usage=usage)
    return " ".join(args)


def _word_and_name(args: list[str], usage: str) -> tuple[str, str]:
    """A word, then a name that ends the action (`vptile 3 La Villette`)."""
    if len(args) < 2:
        raise _refuse("engine.refuse.write_as", usage=usage)
    return args[0], " ".join(args[1:])


def _one(args: list[str], n: int, usage: str) -> list[str]:
    if len(args) != n:
        raise _refuse("engine.refuse.write_as", usage=usage)
    return args


def parse(text: str, landmark_district: Sequence[int] | None = None) -> Action:
    """Parse the notation; raise InvalidActionError saying what is allowed. With the
    landmarks' districts (a state's `landmark_district`), `move L10 build L12` may leave
    out the district of the key's landmark (ParisState.parse_action)."""
    if not isinstance(text, str):
        raise TEXTS.error(InvalidActionError, "engine.refuse.not_text",
                          f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise _refuse("engine.refuse.empty", usage=USAGE)
    verb, args = words[0].lower(), words[1:]
    if verb in _WORDS and not args:
        return _WORDS[verb]
    match verb:
        case "move":
            return _parse_move(args, landmark_district)
        case "use":
            return _parse_use(args)
        case "play":
            return _parse_play(args)
        case "key":
            target = _named(args, "key MO / key arc")
            return PLACE[ARC] if target.lower() == "arc" else PLACE[_district(target)]
        case "draw":
            return DRAW[_int(_one(args, 1, "draw 1")[0], 1, data.NUM_STACKS, "a stack") - 1]
        case "put":
            return PUT[_district(_named(args, "put LV"))]
        case "take":
            (code,) = _one(args, 1, "take vp6")
            if code.lower() not in END_BY_CODE:
                raise _refuse("refuse.end_tile", text=typed(code), codes=list(END_BY_CODE))
            return TAKE[END_BY_CODE[code.lower()]]
        case "bonus":
            return BONUS[_int(_one(args, 1, "bonus 18")[0], 1, data.TRACK_LENGTH, "a space")]
        case "give":
            return GIVE[_int(_one(args, 1, "give 1")[0], 1, 3, "a reward slot") - 1]
        case "vptile":
            tile, district = _word_and_name(args, "vptile 3 CH")
            return VPTILE[_int(tile, 1, len(data.VP_TILES), "a VP tile") - 1][_district(district)]
        case "buy":
            return BUY[_kind(_one(args, 1, "buy wood")[0], data.RESOURCES)]
        case "sell":
            return SELL[_kind(_one(args, 1, "sell wood")[0])]
    return _parse_chance(verb, args, text)


def _parse_chance(verb: str, args: list[str], text: str) -> Action:
    match verb:
        case "first":
            return FIRST[_int(_one(args, 1, "first 0")[0], 0, 3, "a seat")]
        case "token":
            return TOKEN[_kind(_one(args, 1, "token wood")[0])]
        case "track":
            return TRACK[_int(_one(args, 1, "track 7")[0], 1, data.NUM_BONUS_NUMBERS,
                              "a bonus number") - 1]
        case "top":
            stack, district = _word_and_name(args, "top 1 MO")
            return TOP[_int(stack, 1, data.NUM_STACKS, "a stack") - 1][_district(district)]
        case "value":
            value = _int(_one(args, 1, "value 5")[0], 1, 8, "a building value")
            if value not in data.VALUES:
                raise _refuse("refuse.value")
            return VALUE[data.VALUES.index(value)]
    raise _refuse("engine.refuse.unreadable", text=typed(text), usage=USAGE)


# -- JSON: {"type": verb, "args": [words...]} is the notation split, checked ------------


VERBS = ("move", "use", "play", "key", "draw", "put", "take", "bonus", "give", "vptile",
         "buy", "sell", *_WORDS, "first", "token", "track", "top", "value")
"""Every verb of the notation: the wire form's types."""


def to_json(action: Action) -> dict[str, Any]:
    words = to_string(action).split()
    return {"type": words[0], "args": words[1:]}


def from_json(payload: Any, landmark_district: Sequence[int] | None = None) -> Action:
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise _refuse("engine.refuse.json")
    args = payload.get("args", [])
    if not isinstance(args, list) or not all(
        isinstance(a, str) and a.strip() and len(a.split()) == 1 for a in args
    ):
        raise _refuse("engine.refuse.json_words")
    kind = payload["type"]
    if len(kind.split()) != 1:
        raise _refuse("engine.refuse.json_type", type=typed(kind), types=list(VERBS))
    return parse(" ".join([kind, *args]), landmark_district)


CODEC = DenseCodec(ALL_ACTIONS, "Paris")
to_int = CODEC.to_int
from_int = CODEC.from_int


NOTATION = ActionNotation(to_string, parse, to_json, from_json, CODEC)

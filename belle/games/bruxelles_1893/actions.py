"""Bruxelles 1893 actions, their text notation, and JSON and dense-int codecs.

Every decision of a turn is one small action (design.md: a multi-decision turn is a
sequence of atomic actions). Notation (docs/games/bruxelles_1893.md, "Notation"):

    shield 2,3   place C2   bid 3   market   bourse   grand-place   parc   copy sale
    pass   keep red   cursor up   sell green   cover 1   hire 2   keep figure
    discard figure   take wood   pay bf   needle A   build D5   activate solvay
    accept   decline   use bonus   keep bonus art   settle brugmann
    chance: strip 3   compass wood   bonus architect   figure maus   draw red
            first 1   stock SX-04

All action objects are prebuilt singletons, so legal-action lists allocate nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from belle.engine.codec import ActionNotation, DenseCodec
from belle.engine.errors import InvalidActionError
from belle.engine.texts import name_key, typed
from belle.games.bruxelles_1893 import data
from belle.games.bruxelles_1893.rules import space_label
from belle.games.bruxelles_1893.texts import TEXTS


@dataclass(frozen=True, slots=True)
class Act:
    """One action: a verb and an integer argument (-1 when the verb takes none)."""

    verb: str
    arg: int = -1


Action = Act

DIRECTIONS = ("up", "down", "left", "right")
DIRECTION_DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1))
FIGURE_IDS = tuple(f.id for f in data.FIGURES)
BONUS_IDS = tuple(b.id for b in data.BONUS_CARDS)
STOCK_IDS = tuple(c.id for c in data.STOCK_CARDS)
BRUSSELS_WORDS = ("market", "bourse", "grand-place", "parc")

# verb -> (number of values, names of the values or None for numbers)
_SPACE_NAMES = tuple(space_label(s) for s in range(data.SPACES))
_SHIELD_NAMES = tuple(f"{s // 4 + 1},{s % 4 + 1}" for s in range(16))
VERBS: dict[str, tuple[str, ...] | None] = {
    # chance
    "strip": tuple(str(i + 1) for i in range(5)),
    "compass": data.COMPASS_TILES,
    "bonus": BONUS_IDS,
    "figure": FIGURE_IDS,
    "draw": data.ART_COLOURS,
    "first": tuple(str(i) for i in range(data.MAX_PLAYERS)),
    "stock": STOCK_IDS,
    # decisions
    "shield": _SHIELD_NAMES,
    "place": _SPACE_NAMES,
    "bid": tuple(str(i) for i in range(1, data.MAX_BID + 1)),
    "copy": data.AN_ACTIONS,
    "keep": data.ART_COLOURS,
    "cursor": DIRECTIONS,
    "sell": data.ART_COLOURS,
    "cover": ("1", "2"),
    "hire": ("1", "2", "3", "4"),
    "take": data.MATERIALS_NAMES,
    "pay": data.PAY_NAMES,
    "needle": ("A", "B"),
    "build": _SPACE_NAMES,
    "activate": FIGURE_IDS,
    "keep-bonus": data.BONUS_CATEGORIES,
    "settle": FIGURE_IDS,
}
# Verbs without argument; the Brussels actions are their own verbs.
BARE = ("pass", "accept", "decline", "keep-figure", "discard-figure", "use-bonus",
        *BRUSSELS_WORDS)
_PRINTED = {"keep-figure": "keep figure", "discard-figure": "discard figure",
            "use-bonus": "use bonus", "keep-bonus": "keep bonus"}

ALL_ACTIONS: tuple[Act, ...] = (
    *(Act(verb) for verb in BARE),
    *(Act(verb, i) for verb, names in VERBS.items() for i in range(len(names or ()))),
)
_BY_KEY = {(a.verb, a.arg): a for a in ALL_ACTIONS}


def get(verb: str, arg: int = -1) -> Act:
    """The prebuilt singleton for (verb, arg)."""
    return _BY_KEY[(verb, arg)]


PASS = get("pass")
ACCEPT = get("accept")
DECLINE = get("decline")
KEEP_FIGURE = get("keep-figure")
DISCARD_FIGURE = get("discard-figure")
USE_BONUS = get("use-bonus")
BRUSSELS = tuple(get(word) for word in BRUSSELS_WORDS)
STRIP = tuple(get("strip", i) for i in range(5))
COMPASS = tuple(get("compass", i) for i in range(6))
DEAL_BONUS = tuple(get("bonus", i) for i in range(len(BONUS_IDS)))
DEAL_FIGURE = tuple(get("figure", i) for i in range(len(FIGURE_IDS)))
DRAW = tuple(get("draw", i) for i in range(5))
FIRST = tuple(get("first", i) for i in range(data.MAX_PLAYERS))
STOCK = tuple(get("stock", i) for i in range(len(STOCK_IDS)))
SHIELD = tuple(get("shield", i) for i in range(16))
PLACE = tuple(get("place", i) for i in range(data.SPACES))
BID = (None, *(get("bid", i) for i in range(data.MAX_BID)))  # BID[n] bids n BF
COPY = tuple(get("copy", i) for i in range(5))
KEEP_ART = tuple(get("keep", i) for i in range(5))
STEP = tuple(get("cursor", i) for i in range(4))
SELL = tuple(get("sell", i) for i in range(5))
COVER = (get("cover", 0), get("cover", 1))
HIRE = tuple(get("hire", i) for i in range(4))
TAKE = tuple(get("take", i) for i in range(3))
PAY = tuple(get("pay", i) for i in range(5))
NEEDLE = (get("needle", 0), get("needle", 1))
BUILD = tuple(get("build", i) for i in range(data.SPACES))
ACTIVATE = tuple(get("activate", i) for i in range(len(FIGURE_IDS)))
KEEP_BONUS = tuple(get("keep-bonus", i) for i in range(4))
SETTLE = tuple(get("settle", i) for i in range(len(FIGURE_IDS)))

CHANCE_VERBS = frozenset(("strip", "compass", "bonus", "figure", "draw", "first", "stock"))


def bid_value(action: Act) -> int:
    """The BF of a `bid` action (its arg is n - 1)."""
    return action.arg + 1


def to_string(action: Act) -> str:
    verb = action.verb
    if verb in BARE:
        return _PRINTED.get(verb, verb)
    names = VERBS.get(verb)
    if names is None or not 0 <= action.arg < len(names):
        raise _not_ours(action)
    return f"{_PRINTED.get(verb, verb)} {names[action.arg]}"


USAGE = (
    "shield 2,3 | place C2 | bid 3 | market | bourse | grand-place | parc | copy sale | "
    "pass | keep red | cursor up | sell green | cover 1 | hire 2 | keep figure | "
    "discard figure | take wood | pay bf | needle A | build D5 | activate solvay | "
    "accept | decline | use bonus | keep bonus art | settle brugmann"
)


SHOWN_NAMES = 30
"""Words a refusal names for a verb that takes one (and how many more there are)."""


def _refuse(message_id: str, /, **params: Any) -> InvalidActionError:
    return TEXTS.error(InvalidActionError, message_id, **params)


def _not_ours(action: object) -> InvalidActionError:
    return TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                       f"{action!r} is not a Bruxelles 1893 action", game="Bruxelles 1893")


def _norm(word: str) -> str:
    return word.strip().lower().replace("é", "e").replace("_", "-")


def _find(names: tuple[str, ...], word: str, aliases: tuple[str, ...] = ()) -> int | None:
    """The index of `word` among `names` (or among `aliases`, one per name), compared by
    name_key: case, accents, spaces, hyphens and underscores do not count."""
    target = name_key(word)
    for candidates in (names, aliases):
        folded = [name_key(n) for n in candidates]
        if target in folded:
            return folded.index(target)
    return None


# A figure may also be named in full, as its card prints it (`activate Georges Brugmann`).
FIGURE_NAMES: Final = tuple(figure.name for figure in data.FIGURES)
_ALIASES: Final[dict[str, tuple[str, ...]]] = {"activate": FIGURE_NAMES,
                                               "settle": FIGURE_NAMES}
# The Brussels actions by their folded names: `grandplace`, `Grand_Place`.
_BRUSSELS_BY_KEY: Final = {name_key(word): word for word in BRUSSELS_WORDS}


def parse(text: str) -> Act:
    """Parse the notation; raise InvalidActionError saying what is allowed."""
    if not isinstance(text, str):
        raise TEXTS.error(InvalidActionError, "engine.refuse.not_text",
                          f"an action is text, not {type(text).__name__}")
    words = [_norm(w) for w in text.split()]
    if not words:
        raise _refuse("engine.refuse.empty", usage=USAGE)
    if len(words) >= 2 and words[0] in ("keep", "discard", "use") and words[1] in (
            "figure", "bonus"):
        words = [f"{words[0]}-{words[1]}", *words[2:]]
    if words[0] == "grand" and len(words) == 2 and words[1] == "place":
        words = ["grand-place"]
    if len(words) == 1 and name_key(words[0]) in _BRUSSELS_BY_KEY:
        words = [_BRUSSELS_BY_KEY[name_key(words[0])]]
    verb, args = words[0], words[1:]
    if verb in BARE and verb != "keep-bonus":
        if not args:
            return get(verb)
        raise _refuse("engine.refuse.alone", verb=_PRINTED.get(verb, verb))
    names = VERBS.get(verb)
    if names is not None and args:
        named = " ".join(args)  # a name of several words: `activate Van Eetvelde`
        found = _find(names, named, _ALIASES.get(verb, ()))
        if found is not None:
            return get(verb, found)
        shown = list(names[:SHOWN_NAMES])
        more = len(names) - SHOWN_NAMES
        raise _refuse("refuse.word.more" if more > 0 else "refuse.word",
                      verb=_PRINTED.get(verb, verb), text=typed(named), names=shown,
                      **({"more": more} if more > 0 else {}))
    raise _refuse("engine.refuse.unreadable", text=typed(text), usage=USAGE)


def to_json(action: Act) -> dict[str, Any]:
    """Wire form: {"type": verb, "value": name} (value absent for bare verbs)."""
    if action.verb in BARE:
        return {"type": action.verb}
    names = VERBS.get(action.verb)
    if names is None or not 0 <= action.arg < len(names):
        raise _not_ours(action)
    return {"type": action.verb, "value": names[action.arg]}


def from_json(payload: Any) -> Act:
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise _refuse("engine.refuse.json")
    verb = payload["type"]
    if verb in BARE:
        if "value" in payload:
            raise _refuse("engine.refuse.json_no_value", type=verb)
        return get(verb)
    names = VERBS.get(verb)
    if names is None:
        raise _refuse("engine.refuse.json_type", type=typed(verb),
                      types=sorted({*BARE, *VERBS}))
    value = payload.get("value")
    if not isinstance(value, str) or value not in names:
        raise _refuse("engine.refuse.json_choice", field="value", allowed=list(names))
    return get(verb, names.index(value))


CODEC = DenseCodec(ALL_ACTIONS, "Bruxelles 1893")
to_int = CODEC.to_int
from_int = CODEC.from_int


NOTATION = ActionNotation(to_string, parse, to_json, from_json, CODEC)

"""Paris Paris actions, their text notation, and JSON and dense-int codecs.

Notation (docs/games/paris_paris.md, "Notation"): `take Pompidou green` (take the
face-up card of that stop and colour, PP-24), `remove grey` (the shop to push out of a
full crossing, PP-30; a seat number works too); chance: `lay Luxembourg brown` (a card
laid face up, PP-22), `secret red` (a seat's secret line, seen by that seat only,
PP-17), `open blue` (the 2-player open line, PP-18), `first 2` (the start player,
PP-19). Stops are written by name or three-letter code, accents and case optional.
All action objects are prebuilt singletons, so legal-action lists allocate nothing.
A card is an index into a network's deck; `Codec` gives each network (rules revision)
its notation, and `NOTATION` is the current one's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belle.engine.codec import ActionNotation, DenseCodec
from belle.engine.errors import InvalidActionError
from belle.engine.texts import name_key, typed
from belle.games.paris_paris import data
from belle.games.paris_paris.rules import NET, NETWORKS, NUM_CARDS, NUM_LINES, Network
from belle.games.paris_paris.texts import TEXTS


@dataclass(frozen=True, slots=True)
class Take:
    """Take a face-up card and build at its stop (PP-24)."""

    card: int  # index into rules.CARDS


@dataclass(frozen=True, slots=True)
class Remove:
    """Push out the shop of `seat` at the full crossing just chosen (PP-30)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Lay:
    """Chance: the next card of the deck is laid face up (PP-22)."""

    card: int


@dataclass(frozen=True, slots=True)
class Secret:
    """Chance: the secret line of the seat being dealt (PP-17), seen by it alone."""

    line: int


@dataclass(frozen=True, slots=True)
class OpenLine:
    """Chance: the face-up extra line of a 2-player game (PP-18)."""

    line: int


@dataclass(frozen=True, slots=True)
class First:
    """Chance: the start player (PP-19)."""

    seat: int


Action = Take | Remove | Lay | Secret | OpenLine | First

MAX_SEATS = data.MAX_PLAYERS
TAKE = tuple(Take(k) for k in range(NUM_CARDS))
REMOVE = tuple(Remove(s) for s in range(MAX_SEATS))
LAY = tuple(Lay(k) for k in range(NUM_CARDS))
SECRET = tuple(Secret(li) for li in range(NUM_LINES))
OPEN = tuple(OpenLine(li) for li in range(NUM_LINES))
FIRST = tuple(First(s) for s in range(MAX_SEATS))

ALL_ACTIONS: tuple[Action, ...] = (*TAKE, *REMOVE, *LAY, *SECRET, *OPEN, *FIRST)

LINE_NAMES = tuple(line.colour for line in data.LINES)
PLAYER_NAMES = tuple(colour.name for colour in data.PLAYER_COLOURS)


_LINES = {
    **{name_key(line.colour): i for i, line in enumerate(data.LINES)},
    **{name_key(line.letter): i for i, line in enumerate(data.LINES)},
}
_PLAYERS = {name_key(name): i for i, name in enumerate(PLAYER_NAMES)}
USAGE = "take Pompidou green | take POM green | remove grey"


def _refuse(message_id: str, /, **params: Any) -> InvalidActionError:
    return TEXTS.error(InvalidActionError, message_id, **params)


def parse_line(text: str) -> int:
    line = _LINES.get(name_key(text))
    if line is None:
        raise _refuse("refuse.line", text=typed(text), names=list(LINE_NAMES))
    return line


def parse_seat(text: str) -> int:
    if text.isdigit() and int(text) < MAX_SEATS:
        return int(text)
    seat = _PLAYERS.get(name_key(text))
    if seat is None:
        raise _refuse("refuse.player", text=typed(text), names=list(PLAYER_NAMES))
    return seat


def _seat_field(payload: dict[str, Any]) -> int:
    seat = payload.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
        raise _refuse("engine.refuse.json_range", field="seat", low=0, high=MAX_SEATS - 1)
    return seat


def _field(payload: dict[str, Any], key: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise _refuse("engine.refuse.json_text", field=key)
    return value


class Codec:
    """The notation and JSON of one network: a card is a stop and a colour, so its
    text depends on the map (card k names a different stop on each network)."""

    def __init__(self, net: Network) -> None:
        self.net = net
        self.stops = {
            **{name_key(stop_id): i for i, stop_id in enumerate(net.ids)},
            **{name_key(name): i for i, name in enumerate(net.names)},
        }

    def card_text(self, card: int) -> str:
        kind = self.net.cards[card]
        return f"{self.net.names[kind.stop]} {LINE_NAMES[kind.line]}"

    def card_json(self, card: int) -> dict[str, str]:
        kind = self.net.cards[card]
        return {"stop": self.net.ids[kind.stop], "line": LINE_NAMES[kind.line]}

    def parse_stop(self, text: str) -> int:
        stop = self.stops.get(name_key(text))
        if stop is None:
            raise _refuse("refuse.stop", text=typed(text))
        return stop

    def card_of(self, stop: int, line: int) -> int:
        card = self.net.card_of.get((stop, line))
        if card is None:
            raise _refuse("refuse.no_card", line=TEXTS.message(f"line.{LINE_NAMES[line]}"),
                          stop=self.net.names[stop])
        return card

    def parse_card(self, args: list[str]) -> int:
        """`<stop name or code> <colour>`: the colour is the last word."""
        if len(args) < 2:
            raise _refuse("refuse.card", example="Pompidou green")
        return self.card_of(self.parse_stop(" ".join(args[:-1])), parse_line(args[-1]))

    def to_string(self, action: Action) -> str:
        match action:
            case Take(card):
                return f"take {self.card_text(card)}"
            case Remove(seat):
                return f"remove {PLAYER_NAMES[seat]}"
            case Lay(card):
                return f"lay {self.card_text(card)}"
            case Secret(line):
                return f"secret {LINE_NAMES[line]}"
            case OpenLine(line):
                return f"open {LINE_NAMES[line]}"
            case First(seat):
                return f"first {seat}"
        raise TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                          f"{action!r} is not a Paris Paris action", game="Paris Paris")

    def parse(self, text: str) -> Action:
        """Parse the notation; raise InvalidActionError saying what is allowed."""
        if not isinstance(text, str):
            raise TEXTS.error(InvalidActionError, "engine.refuse.not_text",
                              f"an action is text, not {type(text).__name__}")
        words = text.strip().split()
        if not words:
            raise _refuse("engine.refuse.empty", usage=USAGE)
        verb, args = words[0].lower(), words[1:]
        if verb == "take":
            return TAKE[self.parse_card(args)]
        if verb == "lay":
            return LAY[self.parse_card(args)]
        if verb == "remove" and len(args) == 1:
            return REMOVE[parse_seat(args[0])]
        if verb == "first" and len(args) == 1 and args[0].isdigit():
            return FIRST[parse_seat(args[0])]
        if verb == "secret" and len(args) == 1:
            return SECRET[parse_line(args[0])]
        if verb == "open" and len(args) == 1:
            return OPEN[parse_line(args[0])]
        raise _refuse("engine.refuse.unreadable", text=typed(text), usage=USAGE)

    def to_json(self, action: Action) -> dict[str, Any]:
        match action:
            case Take(card) | Lay(card):
                return {"type": type(action).__name__.lower(), **self.card_json(card)}
            case Remove(seat) | First(seat):
                return {"type": type(action).__name__.lower(), "seat": seat}
            case Secret(line):
                return {"type": "secret", "line": LINE_NAMES[line]}
            case OpenLine(line):
                return {"type": "open", "line": LINE_NAMES[line]}
        raise TEXTS.error(InvalidActionError, "engine.refuse.not_action",
                          f"{action!r} is not a Paris Paris action", game="Paris Paris")

    def from_json(self, payload: Any) -> Action:
        if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
            raise _refuse("engine.refuse.json")
        kind = payload["type"]
        if kind in ("take", "lay"):
            card = self.card_of(self.parse_stop(_field(payload, "stop")),
                                parse_line(_field(payload, "line")))
            return TAKE[card] if kind == "take" else LAY[card]
        if kind == "remove":
            return REMOVE[_seat_field(payload)]
        if kind == "first":
            return FIRST[_seat_field(payload)]
        if kind in ("secret", "open"):
            line = parse_line(_field(payload, "line"))
            return SECRET[line] if kind == "secret" else OPEN[line]
        raise _refuse("engine.refuse.json_type", type=typed(kind),
                      types=["take", "remove", "lay", "secret", "open", "first"])


CODEC = DenseCodec(ALL_ACTIONS, "Paris Paris")
"""Both networks have 35 card kinds, so the dense codec (Take(k), Lay(k)) is shared."""
to_int = CODEC.to_int
from_int = CODEC.from_int
LAY_INTS = tuple(CODEC.ints(LAY))
"""The dense int of each Lay (the deck's chance outcomes as the AI adapters see them)."""


def notation_for(codec: Codec) -> ActionNotation[Action]:
    return ActionNotation(codec.to_string, codec.parse, codec.to_json, codec.from_json, CODEC)


CODECS = {revision: Codec(net) for revision, net in NETWORKS.items()}
"""The notation of each rules revision's network (rules.NETWORKS)."""
CURRENT = CODECS[NET.revision]
NOTATION = notation_for(CURRENT)
NOTATIONS = {revision: notation_for(codec) for revision, codec in CODECS.items()}
card_text, card_json, parse_stop, card_of, parse_card = (
    CURRENT.card_text, CURRENT.card_json, CURRENT.parse_stop, CURRENT.card_of, CURRENT.parse_card)
to_string, parse, to_json, from_json = (
    CURRENT.to_string, CURRENT.parse, CURRENT.to_json, CURRENT.from_json)

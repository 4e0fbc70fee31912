"""Paris Paris as tensors, from a seat's view only (belle.adapters.tensors).

Axes come from the tables: stops = data.STOPS, lines = data.LINES, cards = the deck
rules.py derives from the routes (one kind per stop and colour), seats = the player
count. Seat axes start with the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belle.adapters.tensors import Layout, Writer, index_of, number, seats_axis, segment
from belle.games.paris_paris import data
from belle.games.paris_paris.rules import CARD_OF, NET
from belle.games.paris_paris.state import LAY, OVER, PICK, REMOVE, SETUP

PHASES = (SETUP, LAY, PICK, REMOVE, OVER)
EXCURSION_KINDS = ("small", "big", "final")
STOP = index_of(NET.ids)
LINE = index_of(line.colour for line in data.LINES)
STOPS = ("stops", len(NET.ids))
LINES = ("lines", len(data.LINES))
CARDS = ("cards", len(CARD_OF))


def observation_layout(num_players: int) -> Layout:
    seats = seats_axis(num_players)
    return Layout([
        segment("phase", [("phases", len(PHASES))], "the phase (" + ", ".join(PHASES) + ")"),
        segment("to_move", [seats], "the seat to pick or remove"),
        segment("start_player", [seats], "the start player, once drawn"),
        number("round", "the round being played", scale=data.ROUNDS[data.MIN_PLAYERS]),
        number("rounds_left", "rounds after this one", scale=data.ROUNDS[data.MIN_PLAYERS]),
        segment("dm", [], "1 with the dm option (every line scored at the end)"),
        number("face_up", "face-up cards of each kind", lead=[CARDS]),
        segment("pending_stop", [STOPS], "the full crossing whose shop is to be removed"),
        number("shops", "shops of each seat on each stop", lead=[STOPS, seats],
               high=data.CAPACITY_CROSSING),
        number("supply", "shops left in each seat's supply", lead=[seats],
               scale=data.SHOPS_PER_PLAYER, high=1.0),
        number("on_board", "shops of each seat on the board", lead=[seats],
               scale=data.SHOPS_PER_PLAYER, high=1.0),
        number("bag", "shops of each seat in the bag", lead=[seats],
               scale=data.SHOPS_PER_PLAYER, high=1.0),
        segment("discard", [CARDS], "the cards waiting in the discard area"),
        number("deck", "cards left in the deck", scale=data.DECK_SIZE, high=1.0),
        segment("open_line", [LINES], "the open line (2 players)"),
        segment("secret_line", [LINES], "the observer's own secret line"),
        segment("secret_lines", [seats, LINES], "every secret line, once revealed at the end"),
        number("scores", "points of each seat", lead=[seats], scale=100),
        number("excursions", "excursions so far of each kind (small, big, final) and line",
               lead=[("kinds", len(EXCURSION_KINDS)), LINES]),
    ])


def _card(card: Mapping[str, str]) -> int:
    return CARD_OF[(STOP[card["stop"]], LINE[card["line"]])]


def _line(name: str | None) -> int | None:
    return None if name is None else LINE[name]


def _seat(out: Writer, seat: int | None) -> int | None:
    return None if seat is None else out.rel(seat)


def encode_observation(view: Mapping[str, Any], out: Writer) -> None:
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.one_hot("to_move", _seat(out, view["to_move"]))
    out.one_hot("start_player", _seat(out, view["start_player"]))
    out.put("round", view["round"])
    out.put("rounds_left", max(0, view["rounds"] - view["round"]))
    out.flag("dm", view["dm"])
    for card in view["face_up"]:
        out.add("face_up", 1, _card(card))
    if view["pending_stop"] is not None:
        out.one_hot("pending_stop", STOP[view["pending_stop"]])
    for stop, owners in view["shops"].items():
        for owner in owners:
            out.add("shops", 1, STOP[stop], out.rel(owner))
    for seat in range(out.players):
        rel = out.rel(seat)
        out.put("supply", view["supply"][seat], rel)
        out.put("on_board", view["on_board"][seat], rel)
        out.put("bag", view["bag"][seat], rel)
        out.put("scores", view["scores"][seat], rel)
    out.many_hot("discard", (_card(card) for card in view["discard"]))
    out.put("deck", view["deck"])
    out.one_hot("open_line", _line(view["open_line"]))
    out.one_hot("secret_line", _line(view["secret_line"]))
    for seat, line in enumerate(view.get("secret_lines") or ()):
        out.one_hot("secret_lines", _line(line), out.rel(seat))
    for excursion in view["excursions"]:
        out.add("excursions", 1, EXCURSION_KINDS.index(excursion["kind"]),
                LINE[excursion["line"]])

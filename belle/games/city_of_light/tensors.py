"""City of Light as tensors, from a seat's view only (belle.adapters.tensors).

Axes come from the tables: spaces = the 8 × 8 board (data.BOARD_SIZE, row by row),
slots = its 4 × 4 tile slots, tiles = data.TILES, buildings = data.BUILDINGS and the
Hôtel des Invalides, postcards = data.POSTCARDS (all of them: a game plays 8),
variants = the `variants` option's choices. Seats start with the observer, and so do
colours: a space kind is (observer's colour, opponent's colour, purple, streetlight).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belle.adapters.tensors import Layout, Writer, index_of, number, seats_axis, segment
from belle.games.city_of_light import INFO, data, rules
from belle.games.city_of_light.state import STAGE_NAMES

SIDE = data.BOARD_SIZE
SPACE = index_of(rules.label(s) for s in range(SIDE * SIDE))
SLOT = index_of(rules.slot_label(s) for s in range(data.SLOTS_PER_SIDE ** 2))
BUILDING = index_of(rules.building_name(b) for b in range(rules.NUM_BUILDINGS + 1))
POSTCARD = index_of(card.id for card in data.POSTCARDS)
VARIANT = index_of(INFO.option("variants").choices)
KIND = index_of(data.KIND_LETTERS)  # O B M L: orange, blue, purple, streetlight
FACINGS = 4  # data.SIDES: N E S W
ROTATIONS = 4
MARKS = ("skull", "gargoyle", "louvre")
SPACES = ("spaces", SIDE * SIDE)
SLOTS = ("slots", len(SLOT))
TILES = ("tiles", data.TILES_PER_PLAYER)
BUILDINGS = ("buildings", len(BUILDING))
POSTCARDS = ("postcards", len(POSTCARD))


def observation_layout(num_players: int) -> Layout:
    seats = seats_axis(num_players)
    return Layout([
        segment("phase", [("phases", len(STAGE_NAMES))],
                "the phase (" + ", ".join(STAGE_NAMES) + ")"),
        segment("to_move", [seats], "the seat to move"),
        segment("start_player", [seats], "the seat that started phase 1"),
        segment("first_finisher", [seats], "the first seat to lay its last tile"),
        segment("spaces", [SPACES, ("kinds", len(KIND))],
                "the kind of each laid space: observer's colour, opponent's, purple, "
                "streetlight"),
        segment("slot_owner", [SLOTS, seats], "whose tile lies in each slot"),
        segment("slot_tile", [SLOTS, TILES], "which of its owner's tiles it is"),
        segment("slot_rotation", [SLOTS, ("quarter turns", ROTATIONS)], "its rotation"),
        segment("holding", [seats], "1 while a seat holds a tile"),
        segment("unplayed", [seats, TILES], "each seat's tiles not yet laid (hand and stack)"),
        segment("hand", [TILES], "the tile in the observer's hand"),
        segment("supply", [BUILDINGS], "buildings in the shared supply"),
        segment("reserves", [seats, BUILDINGS], "buildings in each seat's reserve"),
        segment("built", [SPACES, seats], "spaces covered by each seat's buildings"),
        segment("placed", [BUILDINGS, seats], "which buildings each seat has placed"),
        segment("marks", [SPACES, ("marks", len(MARKS))],
                "spaces of the building with the skull, the gargoyle, the Louvre"),
        number("chimneys", "chimneys left per seat", lead=[seats],
               scale=data.CHIMNEYS_PER_PLAYER, high=1.0),
        number("markers", "markers left per seat", lead=[seats],
               scale=data.MARKERS_PER_PLAYER, high=1.0),
        segment("postcards", [POSTCARDS], "the postcards of this game"),
        segment("postcard_owner", [POSTCARDS, seats], "who took each postcard"),
        segment("postcard_used", [POSTCARDS], "postcards already used"),
        segment("postcard_space", [POSTCARDS, SPACES], "where each postcard's piece stands"),
        segment("postcard_facing", [POSTCARDS, ("facings", FACINGS)], "its facing, if any"),
        segment("pieces", [SPACES, seats], "spaces under each seat's special pieces"),
        segment("eiffel", [SPACES], "the Eiffel Tower's spaces"),
        segment("skull", [SPACES], "the skull's space"),
        segment("large_lamp", [SPACES], "the large streetlight's space"),
        segment("pending_building", [BUILDINGS], "the building being placed"),
        segment("pending_card", [POSTCARDS], "the postcard being resolved"),
        segment("variants", [("variants", len(VARIANT))], "the rule variants in play"),
        number("totals", "points of each seat (shown from phase 2)", lead=[seats],
               scale=100, low=-float("inf")),
    ])


def _space(label: str | None) -> int | None:
    return None if label is None else SPACE[label]


def _kind(out: Writer, letter: str) -> int:
    """Colours made relative to the observer (kinds 0 and 1 are the seats' colours)."""
    kind = KIND[letter]
    return out.rel(kind) if kind < len(data.COLOURS) else kind


def encode_observation(view: Mapping[str, Any], out: Writer) -> None:
    rel = out.rel
    out.one_hot("phase", STAGE_NAMES.index(view["phase"]))
    for name in ("to_move", "start_player", "first_finisher"):
        if view[name] is not None:
            out.one_hot(name, rel(view[name]))
    for space, letter in enumerate(view["spaces"]):
        if letter is not None:
            out.one_hot("spaces", _kind(out, letter), space)
    for slot, laid in enumerate(view["slots"]):
        if laid is not None:
            out.one_hot("slot_owner", rel(laid["owner"]), slot)
            out.one_hot("slot_tile", laid["tile"] - 1, slot)
            out.one_hot("slot_rotation", laid["rot"] // 90 % ROTATIONS, slot)
    for seat in range(out.players):
        out.flag("holding", view["holding"][seat], rel(seat))
        out.many_hot("unplayed", (t - 1 for t in view["unplayed"][seat]), rel(seat))
        out.many_hot("reserves", (BUILDING[b] for b in view["reserves"][seat]), rel(seat))
        out.put("chimneys", view["chimneys"][seat], rel(seat))
        out.put("markers", view["markers"][seat], rel(seat))
    if view["hand"] is not None:
        out.one_hot("hand", view["hand"]["tile"] - 1)
    out.many_hot("supply", (BUILDING[b] for b in view["supply"]))
    _buildings(view, out)
    _postcards(view, out)
    for piece in view["pieces"]:
        for label in piece["cells"]:
            out.one_hot("pieces", rel(piece["owner"]), SPACE[label])
    out.many_hot("eiffel", (SPACE[label] for label in view["eiffel"]))
    out.one_hot("skull", _space(view["skull"]))
    out.one_hot("large_lamp", _space(view["large_lamp"]))
    pending = view["pending"]
    if pending["building"] is not None:
        out.one_hot("pending_building", BUILDING[pending["building"]])
    if pending["card"] is not None:
        out.one_hot("pending_card", POSTCARD[pending["card"]])
    out.many_hot("variants", (VARIANT[v] for v in view["variants"]))
    for seat, total in enumerate(view.get("totals") or ()):
        out.put("totals", total, rel(seat))


def _buildings(view: Mapping[str, Any], out: Writer) -> None:
    for building in view["buildings"]:
        owner = out.rel(building["owner"])
        out.one_hot("placed", owner, BUILDING[building["id"]])
        marks = [m for m, mark in enumerate(MARKS) if building[mark]]
        for label in building["cells"]:
            out.one_hot("built", owner, SPACE[label])
            out.many_hot("marks", marks, SPACE[label])


def _postcards(view: Mapping[str, Any], out: Writer) -> None:
    for card in view["postcards"]:
        index = POSTCARD[card["id"]]
        out.one_hot("postcards", index)
        if card["owner"] is not None:
            out.one_hot("postcard_owner", out.rel(card["owner"]), index)
        out.flag("postcard_used", bool(card["used"]), index)
        if card["space"] is not None:
            out.one_hot("postcard_space", SPACE[card["space"]], index)
        if card["facing"]:
            out.one_hot("postcard_facing", card["facing"] - 1, index)

"""Paris as tensors, from a seat's view only (belle.adapters.tensors).

Axes come from the tables: districts = data.DISTRICTS, buildings = their 36 building
spaces (district × value, data.VALUES), spaces = those and the data.LANDMARKS spaces,
kinds = data.STOCK_KINDS, types = data.BUILDING_TYPES, numbers = the bonus tile
numbers, track = data.TRACK_LENGTH spaces, end tiles = data.END_TILES, VP tiles =
data.VP_TILES, stacks = data.NUM_STACKS. Seats start with the observer; the `screen_*`
segments hold the observer's screen during play (row 0) and every screen at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belle.adapters.tensors import Layout, Writer, index_of, number, seats_axis, segment
from belle.games.paris import data
from belle.games.paris.actions import space_name
from belle.games.paris.state import (
    AFTER,
    BENEFIT,
    FIRST,
    OVER,
    PICK,
    PUT,
    REVEAL,
    STEP1,
    STEP2,
    TAKE_ANY,
    TOKENS,
    TRACK,
    VALUE,
)

PHASES = (FIRST, TOKENS, TRACK, REVEAL, STEP1, VALUE, PUT, STEP2, PICK, BENEFIT, TAKE_ANY,
          AFTER, OVER)
PENDING = ("bonus", "prestige", "vptile", "put")
DISTRICT = index_of(d.code for d in data.DISTRICTS)
SPACE = index_of(space_name(s) for s in range(data.NUM_SPACES))
LANDMARK = {spec.value: i for i, spec in enumerate(data.LANDMARKS)}
KIND = index_of(data.STOCK_KINDS)
TYPE = index_of(data.BUILDING_TYPES)
VALUE_INDEX = {value: i for i, value in enumerate(data.VALUES)}
END_TILE = index_of(t.code for t in data.END_TILES)
DISTRICTS = ("districts", data.NUM_DISTRICTS)
BUILDINGS = ("buildings", data.NUM_BUILDINGS)
SPACES = ("spaces", data.NUM_SPACES)
LANDMARKS = ("landmarks", data.NUM_LANDMARKS)
KINDS = ("kinds", len(data.STOCK_KINDS))
NUMBERS = ("bonus numbers", data.NUM_BONUS_NUMBERS)
END_TILES = ("end tiles", len(data.END_TILES))
MOST_SLOTS = max(len(spec.slots) for spec in data.LANDMARKS)
FRANCS = 20
"""Scale of francs and VP: about what a seat holds in mid-game."""


def observation_layout(num_players: int) -> Layout:
    seats = seats_axis(num_players)
    return Layout([
        segment("phase", [("phases", len(PHASES))], "the phase (" + ", ".join(PHASES) + ")"),
        segment("to_move", [seats], "the seat to move"),
        segment("start_player", [seats], "the start player"),
        number("turns", "turns played", scale=50),
        segment("options", [("options", 2)], "random_setup, free_districts"),
        segment("built", [BUILDINGS], "building spaces with a building"),
        segment("tile_type", [BUILDINGS, ("types", len(TYPE))],
                "the type of each building built (an empty space's type is the board's)"),
        segment("tile_district", [BUILDINGS, DISTRICTS], "the district its tile came from"),
        number("cost", "its resource cost (wood, marble, gold)",
               lead=[BUILDINGS, ("resources", 3)]),
        segment("token", [BUILDINGS, KINDS], "the token lying on each building space"),
        number("keys", "keys of each seat on each space (buildings, then landmarks)",
               lead=[SPACES, seats]),
        segment("bank_keys", [DISTRICTS, seats], "keys in each district's bank"),
        number("keys_on_spaces", "keys on each district's spaces", lead=[DISTRICTS],
               scale=10),
        segment("vp_tile", [DISTRICTS, ("VP tiles", len(data.VP_TILES))],
                "the VP tile of each district"),
        segment("landmark_at", [LANDMARKS, ("districts + supply", data.NUM_DISTRICTS + 1)],
                "where each landmark is (a district, or still in the supply)"),
        segment("arc", [seats], "seats with a key on the Arc de Triomphe"),
        segment("track_number", [("track", data.TRACK_LENGTH), NUMBERS],
                "the bonus number on each track space"),
        number("track_count", "tiles of that number left there",
               lead=[("track", data.TRACK_LENGTH)], scale=3),
        number("stack_size", "tiles in each stack", lead=[("stacks", data.NUM_STACKS)],
               scale=10),
        segment("stack_top", [("stacks", data.NUM_STACKS), DISTRICTS],
                "the district on top of each stack"),
        segment("drawing", [("stacks", data.NUM_STACKS)], "the stack being drawn from"),
        segment("discarded", [BUILDINGS], "building tiles discarded"),
        number("supply", "tokens in the general supply", lead=[KINDS], scale=6),
        number("endgame_pile", "end-game tiles left in the pile", scale=data.NUM_END_TILES,
               high=1.0),
        number("vp", "each seat's VP so far", lead=[seats], scale=FRANCS),
        number("meeple", "each seat's meeple on the track", lead=[seats],
               scale=data.TRACK_LENGTH, high=1.0),
        number("reserve", "keys in each seat's reserve", lead=[seats], scale=2),
        segment("bonus_used", [seats, NUMBERS], "bonus tiles each seat has used"),
        number("endgame_count", "end-game tiles each seat holds", lead=[seats]),
        segment("pending", [("kinds", len(PENDING))],
                "what is being resolved (" + ", ".join(PENDING) + ")"),
        number("pending_fee", "francs due for the pending bonus", scale=FRANCS),
        segment("pending_landmark", [LANDMARKS], "the landmark whose prestige is handed in"),
        segment("pending_slots_used", [("slots", MOST_SLOTS)], "its prestige slots used"),
        segment("put_value", [("values", len(data.VALUES))], "the value of the tile to put"),
        segment("put_type", [("types", len(TYPE))], "its type"),
        segment("put_district", [DISTRICTS], "its district"),
        segment("flags", [("flags", 2)], "this turn: stack_own, share_opponent"),
        segment("end_triggered", [], "1 once the end is triggered"),
        number("turns_left", "turns left after the end is triggered", scale=10),
        number("screen_francs", "francs behind each screen", lead=[seats], scale=FRANCS),
        number("screen_keys", "keys behind each screen", lead=[seats], scale=10),
        number("screen_stock", "resources and prestige behind each screen",
               lead=[seats, KINDS]),
        number("screen_tile_tokens", "tokens on the tiles behind each screen",
               lead=[seats, KINDS]),
        segment("screen_bonus", [seats, NUMBERS], "bonus tiles behind each screen"),
        number("screen_endgame", "end-game tiles behind each screen", lead=[seats, END_TILES]),
        number("pile", "the end-game pile, while the observer searches it", lead=[END_TILES]),
        number("scores", "final points of each seat", lead=[seats], scale=100),
    ])


def _seat(out: Writer, seat: int | None) -> int | None:
    return None if seat is None else out.rel(seat)


def _kinds(counts: Mapping[str, int]) -> list[int]:
    """Token counts in data.STOCK_KINDS order."""
    return [counts.get(kind, 0) for kind in data.STOCK_KINDS]


def _building(code: str) -> int:
    """`MO3` (a district and a value) to its building index."""
    return DISTRICT[code[:2]] * data.NUM_VALUES + VALUE_INDEX[int(code[2:])]


def encode_observation(view: Mapping[str, Any], out: Writer) -> None:
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.one_hot("to_move", _seat(out, view["to_move"]))
    out.one_hot("start_player", _seat(out, view["start_player"]))
    out.put("turns", view["turns"])
    out.flag("options", view["options"]["random_setup"], 0)
    out.flag("options", view["options"]["free_districts"], 1)
    for district in view["districts"]:
        _district(district, out)
    for landmark in view["landmark_supply"]:
        out.one_hot("landmark_at", data.NUM_DISTRICTS, LANDMARK[landmark["value"]])
        _keys(landmark, out)
    out.seats_hot("arc", view["arc"])
    for cell in view["track"]:
        if cell["number"]:
            out.one_hot("track_number", cell["number"] - 1, cell["space"] - 1)
    out.row("track_count", [cell["count"] for cell in view["track"]])
    for stack, pile in enumerate(view["stacks"]):
        out.put("stack_size", pile["size"], stack)
        if pile["top"] is not None:
            out.one_hot("stack_top", DISTRICT[pile["top"]], stack)
    if view["drawing"] is not None:
        out.one_hot("drawing", view["drawing"] - 1)
    out.many_hot("discarded", (_building(code) for code in view["discarded"]))
    out.row("supply", _kinds(view["supply"]))
    out.put("endgame_pile", view["endgame_pile"])
    for seat in view["seats"]:
        rel = out.rel(seat["seat"])
        out.put("vp", seat["vp"], rel)
        out.put("meeple", seat["meeple"], rel)
        out.put("reserve", seat["reserve"], rel)
        out.many_hot("bonus_used", (n - 1 for n in seat["bonus_used"]), rel)
        out.put("endgame_count", seat["endgame_count"], rel)
    _pending(view["pending"], out)
    out.flag("flags", view["flags"]["stack_own"], 0)
    out.flag("flags", view["flags"]["share_opponent"], 1)
    out.flag("end_triggered", view["end_triggered"])
    out.put("turns_left", view["turns_left"])
    _screens(view, out)
    for seat, score in enumerate(view.get("scores") or ()):
        out.put("scores", score, out.rel(seat))


def _district(district: Mapping[str, Any], out: Writer) -> None:
    d = DISTRICT[district["code"]]
    out.seats_hot("bank_keys", district["bank_keys"], d)
    out.put("keys_on_spaces", district["keys_on_spaces"], d)
    if district["vp_tile"] is not None:
        out.one_hot("vp_tile", district["vp_tile"] - 1, d)
    for space in district["spaces"]:
        b = SPACE[space["space"]]
        if space["built"]:
            out.flag("built", True, b)
            out.one_hot("tile_district", DISTRICT[space["tile_district"]], b)
            out.one_hot("tile_type", TYPE[space["type"]], b)
            out.row("cost", space["cost"], b)
        if space["token"] is not None:
            out.one_hot("token", KIND[space["token"]], b)
        _keys(space, out)
    for landmark in district["landmarks"]:
        out.one_hot("landmark_at", d, LANDMARK[landmark["value"]])
        _keys(landmark, out)


def _keys(space: Mapping[str, Any], out: Writer) -> None:
    at = SPACE[space["space"]]
    for seat in space["keys"]:
        out.add("keys", 1, at, out.rel(seat))


def _pending(pending: Mapping[str, Any] | None, out: Writer) -> None:
    if pending is None:
        return
    kind = pending["kind"]
    out.one_hot("pending", PENDING.index(kind))
    if kind == "bonus":
        out.put("pending_fee", pending["fee"])
    elif kind == "prestige":
        out.one_hot("pending_landmark", LANDMARK[pending["landmark"]])
        out.many_hot("pending_slots_used", pending["used"])
    elif kind == "put":
        out.one_hot("put_value", VALUE_INDEX[pending["value"]])
        out.one_hot("put_type", TYPE[pending["type"]])
        out.one_hot("put_district", DISTRICT[pending["district"]])


def _screens(view: Mapping[str, Any], out: Writer) -> None:
    screens = view.get("screens")
    rows = enumerate(screens) if screens else [(out.seat, view["me"])] if "me" in view else []
    for seat, screen in rows:
        rel = out.rel(seat)
        out.put("screen_francs", screen["francs"], rel)
        out.put("screen_keys", screen["keys"], rel)
        out.row("screen_stock", _kinds(screen["stock"]), rel)
        out.row("screen_tile_tokens", _kinds(screen["tile_tokens"]), rel)
        out.many_hot("screen_bonus", (n - 1 for n in screen["bonus"]), rel)
        for code in screen["endgame"]:
            out.add("screen_endgame", 1, rel, END_TILE[code])
    me = view.get("me")
    for item in (me or {}).get("pile", ()):
        out.put("pile", item["count"], END_TILE[item["tile"]])

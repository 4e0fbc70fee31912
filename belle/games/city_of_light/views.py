"""What each seat may know in City of Light, determinizations, and the fixed material.

Hidden: the tile in each hand (COL-25, COL-29) and the order of each stack (COL-24).
Public: the board, the supply and both reserves (COL-37), chimneys, markers, postcards,
and each player's unplayed tiles as an unordered set (REQ-COL-S2: the set is fixed,
COL-9). Phase 2 holds no secret, so the running score of both players is shown from
then on (REQ-COL-D1). `resample` deals the opponent's hand again from his unplayed set.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from belle.games.city_of_light import data, rules, scoring
from belle.games.city_of_light.actions import CONTINUING_TYPES, DRAW, Draw
from belle.games.city_of_light.rules import HOTEL, building_name, label, labels, slot_label
from belle.games.city_of_light.texts import TEXTS, postcard_fields

if TYPE_CHECKING:
    from belle.games.city_of_light.state import CityOfLightState


def _tile_spaces(owner: int, tile: int) -> list[str]:
    return [data.KIND_LETTERS[k] for k in rules.tile_kinds(owner, tile, 0)]


def _unplayed(state: CityOfLightState, seat: int) -> list[int]:
    """REQ-COL-S2: hand and stack together, in canonical order (never the stack order)."""
    mask = state.remaining[seat] | (1 << state.hand[seat] if state.hand[seat] >= 0 else 0)
    return [t + 1 for t in range(data.TILES_PER_PLAYER) if mask >> t & 1]


def _postcards(state: CityOfLightState) -> list[dict[str, Any]]:
    result = []
    for card in state.cards:
        spec = data.POSTCARDS[card]
        owner = state.card_owner[card]
        space = state.piece_space[card]
        facing = state.piece_facing[card]
        result.append({
            "id": spec.id, **postcard_fields(spec.id), "set": spec.set,
            "piece": spec.piece, "stamp": spec.has_stamp, "invented": spec.invented,
            "owner": owner if owner >= 0 else None,
            "used": state.card_used[card] if owner >= 0 else None,
            "space": label(space) if space >= 0 else None,
            "facing": facing or None,
        })
    return result


def _skull_removed(state: CityOfLightState) -> bool:
    """COL-202: at the end a skull that no building took is removed before the scoring
    (which treats its space as free: rules.free_at_end); the final board lacks it."""
    return state.is_terminal() and state.skull_building < 0


def _pieces(state: CityOfLightState) -> list[dict[str, Any]]:
    """Every special piece on the board with the spaces it stands on (for renderers)."""
    found: list[dict[str, Any]] = []
    for card in state.cards:
        spec = data.POSTCARDS[card]
        space = state.piece_space[card]
        if space < 0 or not state.card_used[card]:
            continue
        if spec.id == "CATACOMBES" and _skull_removed(state):
            continue
        if spec.id == "TOUR_EIFFEL":
            cells = labels(state.eiffel_mask)
        elif spec.id == "ARC":
            cells = labels(state.arc_mask)
        else:
            cells = [label(space)]
        facing = state.piece_facing[card]
        found.append({"card": spec.id, "piece": spec.piece, "cells": cells,
                      "facing": data.SIDES[facing - 1] if facing and spec.id in (
                          "PENSEUR", "ARC", "BASE_ANNEX") else None,
                      "owner": state.card_owner[card]})
    if state.skull_space >= 0:
        for piece in found:
            if piece["card"] == "CATACOMBES" and state.skull_building >= 0:
                piece["on_building"] = state.skull_building
    for card_id in ("SEINE", "LIBERTE"):
        card = data.CARD_INDEX[card_id]
        if card in state.cards and state.card_used[card]:
            names = data.SIDES if card_id == "SEINE" else data.QUADRANTS
            code = names[state.piece_facing[card] - 1]
            kind = "side" if card_id == "SEINE" else "quadrant"
            found.append({"card": card_id, "piece": None, "cells": [],
                          **TEXTS.fields(where=f"{kind}.{code}"), "code": code,
                          "owner": state.card_owner[card]})
    return found


def public_view(state: CityOfLightState) -> dict[str, Any]:
    """What both players and spectators may know: all but the tile in each hand."""
    stage = state.stage_name
    result: dict[str, Any] = {
        "game": "city_of_light",
        "colours": list(data.COLOURS),
        "phase": stage,
        "to_move": state.to_move if stage in ("streets", "build") and state.draw_due < 0
        else None,
        "start_player": state.start_player if state.start_player >= 0 else None,
        "first_finisher": state.first_finisher if state.first_finisher >= 0 else None,
        "spaces": [data.KIND_LETTERS[k] if k >= 0 else None for k in state.kinds],
        "slots": [
            {"slot": slot_label(s), "owner": t // data.TILES_PER_PLAYER,
             "tile": t % data.TILES_PER_PLAYER + 1, "rot": 90 * state.slot_rot[s]}
            if t >= 0 else None
            for s, t in enumerate(state.slot_tile)
        ],
        "holding": [h >= 0 for h in state.hand],
        "unplayed": [_unplayed(state, s) for s in (0, 1)],
        "supply": [building_name(b) for b in range(rules.NUM_BUILDINGS)
                   if state.supply >> b & 1],
        "reserves": [[building_name(b) for b in range(rules.NUM_BUILDINGS)
                      if state.reserve[s] >> b & 1] for s in (0, 1)],
        "buildings": [
            {"index": i, "id": building_name(b), "owner": o, "cells": labels(m),
             "size": rules.popcount(m), "hotel": b == HOTEL,
             "skull": i == state.skull_building, "gargoyle": i == state.gargoyle_building,
             "louvre": i == state.louvre_building}
            for i, (b, o, m) in enumerate(zip(state.b_id, state.b_owner, state.b_mask,
                                               strict=True))
        ],
        "chimneys": list(state.chimneys),
        "markers": list(state.markers),
        "postcards": _postcards(state),
        "pieces": _pieces(state),
        "skull": label(state.skull_space)
        if state.skull_space >= 0 and not _skull_removed(state) else None,
        "large_lamp": label(state.large_lamp) if state.large_lamp >= 0 else None,
        "eiffel": labels(state.eiffel_mask),
        "pending": {
            "building": building_name(state.pending_building)
            if state.pending_building >= 0 else None,
            "card": data.POSTCARDS[state.pending_card].id if state.pending_card >= 0 else None,
        },
        "variants": sorted(state.variants),
        "end_reason": TEXTS.say(state.end_reason) if state.end_reason else None,
        "end": TEXTS.message(state.end_reason) if state.end_reason else None,
    }
    if stage in ("build", "over"):
        breakdown = state.score_breakdown()  # REQ-COL-D1..D4, built once per view
        result["score"] = breakdown
        result["totals"] = [float(scoring.total(lines)) for lines in breakdown]
    if stage == "over":
        result["scores"] = list(result["totals"])
        result["ranking"] = state.ranking()
        result["breakdown"] = breakdown
        result["tie_break"] = [scoring.tie_break(state, s) for s in (0, 1)]
    return result


def private_view(state: CityOfLightState, seat: int | None) -> dict[str, Any]:
    """The tile in `seat`'s hand (None for a spectator or an empty hand)."""
    hand = None
    if seat is not None and state.hand[seat] >= 0:
        tile = state.hand[seat]
        hand = {"tile": tile + 1, "spaces": _tile_spaces(seat, tile)}
    return {"seat": seat, "hand": hand}


def full_state(state: CityOfLightState) -> dict[str, Any]:
    """The true state, hands and stacks included (tests, snapshots)."""
    return {
        **state.view(None),
        "hands": [h + 1 if h >= 0 else None for h in state.hand],
        "stacks": [[t + 1 for t in range(data.TILES_PER_PLAYER) if state.remaining[s] >> t & 1]
                   for s in (0, 1)],
        "draw_due": state.draw_due,
        "passed": list(state.passed),
        "history": [state.action_to_string(a) for a in state.history],
    }


def resample(state: CityOfLightState, seat: int, rng: random.Random) -> CityOfLightState:
    """Deal the opponent's hand again from his unplayed set (all he may hold is public).

    Only the opponent's latest hidden draw changes; the earlier ones were revealed when
    their tiles were laid (`tile N …` names the tile).
    """
    new = state.clone()
    other = 1 - seat
    if state.hand[other] < 0:
        return new
    unplayed = state.remaining[other] | 1 << state.hand[other]
    choices = [t for t in range(data.TILES_PER_PLAYER) if unplayed >> t & 1]
    tile = rng.choice(choices)
    new.hand[other] = tile
    new.remaining[other] = unplayed & ~(1 << tile)
    for index in range(len(new.history) - 1, -1, -1):
        seen = new._visibility[index]
        if isinstance(new.history[index], Draw) and seen is not None and other in seen:
            new.history[index] = DRAW[tile]
            break
    return new


def board_json() -> dict[str, Any]:
    """The fixed material for the browser (GET /api/games/city_of_light/board)."""
    mirror = data.ALLOW_MIRROR
    return {
        "size": data.BOARD_SIZE,
        "colours": list(data.COLOURS),
        "kinds": {"O": "orange", "B": "blue", "M": "purple", "L": "streetlight"},
        "tiles": [[_tile_spaces(owner, t) for t in range(data.TILES_PER_PLAYER)]
                  for owner in (0, 1)],
        "buildings": [
            {"id": b.id, "size": len(b.cells),
             "orientations": {
                 str(o): [list(c) for c in rules.orientation_cells(b.cells, o)]
                 for o in range(8)
             },
             "distinct": rules.distinct_orientations(b.cells, mirror)}
            for b in data.BUILDINGS
        ],
        "postcards": [
            {"id": c.id, **postcard_fields(c.id), "set": c.set, "piece": c.piece,
             "target": c.target, "first_game": c.first_game, "invented": c.invented}
            for c in data.POSTCARDS
        ],
        "large_lamp_pattern": [list(offset) for offset, _ in data.LARGE_LAMP_PATTERN],
        "sides": list(data.SIDES),
        "quadrants": list(data.QUADRANTS),
        "continuing": list(CONTINUING_TYPES),  # the rest end the turn (REQ-COL-P7)
    }

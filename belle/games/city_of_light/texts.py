"""City of Light's engine text: the English templates of what views, score lines and the
end say to a player, keyed by id (belle.i18n.text). Postcard names and effects come from
data.py; translations are in belle/locale/<lang>/LC_MESSAGES/city_of_light.po.
"""

from __future__ import annotations

from typing import Final

from belle.games.city_of_light import data
from belle.i18n.text import Texts

SIDE_NAMES: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}
QUADRANT_NAMES: Final = {"NW": "north-west", "NE": "north-east", "SW": "south-west",
                         "SE": "south-east"}

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.postcard": "There is no postcard “{text}”. Postcards: {names}.",
    "refuse.building": "There is no building “{text}”. Buildings: {names}.",
    "refuse.space": "There is no space “{text}”: spaces go from a1 (top left) to h8 "
                    "(bottom right).",
    "refuse.slot": "There is no slot “{text}”: slots go from A1 (top left) to D4 "
                   "(bottom right).",
    "refuse.direction": "“{text}” is not a direction: write N, E, S or W.",
    "refuse.quadrant": "“{text}” is not a quadrant: write NW, NE, SW or SE.",
    "refuse.player": "“{text}” is not a player: write orange or blue.",
    "refuse.rotation": "Write the rotation as 0, 90, 180 or 270, not “{text}”.",
}
"""Refusals of action text; shown beside the engine's shared ones."""

BOARD: Final[dict[str, str]] = {
    # the terminal's board (render.py): headings, labels, the legend, the notation help
    "board.title": "Paris: La Cité de la Lumière — {phase}",
    "board.phase.setup": "setup",
    "board.phase.streets": "phase 1 — lay street tiles or take buildings",
    "board.phase.build": "phase 2 — place buildings or activate postcards",
    "board.phase.over": "game over",
    "board.col.player": "player",
    "board.col.reserve": "reserve",
    "board.col.chimneys": "chimneys",
    "board.col.markers": "markers",
    "board.col.unplayed": "unplayed tiles (stack view)",
    # chance in the move log (render.describe_chance)
    "board.log.chance": "chance: {outcomes}",
    "board.log.first": "{colour} is the start player",
    "board.log.pick": "postcard in play: {card}",
    "board.log.drawn_public": "tile {tile} was drawn",
    "board.log.drawn": "{owners} draws tile {tiles}",
    "board.log.drawn_hidden": "{owners} draws {count} tiles (hidden)",
    "board.log.drawn_hidden.one": "{owners} draws a tile (hidden)",
    "board.colour.orange": "orange",
    "board.colour.blue": "blue",
    "board.you": "(you)",
    "board.hand": "Your hand: tile {tile}",
    "board.supply": "Supply: {buildings}",
    "board.empty": "empty",
    "board.in_progress": "In progress: {what}",
    "board.open": "open",
    "board.used": "{player}, used",
    "board.declined": "{player}, declined",
    "board.score": "Score (as if the game ended now)",
    "board.total": "total",
    "board.legend": "Pt painter  Da dancer  Fo fountain  S↑ statue  ✺✺ large lamp  "
                    "Ob obelisk  Hô Hôtel  Ar Arc  /\\ Eiffel  ☠ skull  g gargoyle  "
                    "L Louvre",
    "board.postcard": "{name}: {text}",
    "board.help.tile": "phase 1: lay your hand tile 3 in slot B2, turned 90° clockwise",
    "board.help.take": "phase 1: take a building from the supply; pass (no tiles left)",
    "board.help.build": "phase 2: choose a building of your reserve, then",
    "board.help.at": "put it with its top-left corner at c3, turned 90°",
    "board.help.card": "activate a postcard, then its target:",
    "board.help.on": "a space (N/E/S/W: statue facing, Arc direction, annex side)",
    "board.help.side": "a side of the board, a quarter of it",
    "board.help.swap": "swap two buildings, use or decline the postcard",
    "board.help.spaces": "Spaces a1 (top left) to h8; slots A1 to D4.",
    "board.help.score": "Score: size × streetlights per building, +1 per space of your "
                        "largest complex, −3 per unbuilt building, postcards.",
}
"""What the terminal's board says (render.py), besides the postcards' names and effects."""

WHY: Final[dict[str, str]] = {
    # why a move is refused now (refusals.py; State.why_illegal)
    "why.phase1": "Buildings go on the board in phase 2, once all street tiles are laid: "
                  "now lay your tile or take a building.",
    "why.phase2": "Phase 1 is over: place a building from your reserve or activate a "
                  "postcard.",
    "why.no_tile": "You have laid all your street tiles: take a building or pass.",
    "why.not_in_hand": "Your hand holds tile {hand}, not tile {tile}.",
    "why.slot_taken": "Slot {slot} holds a street tile already.",
    "why.not_in_supply": "Building {building} is not in the supply any more.",
    "why.no_pass": "You hold a street tile: lay it or take a building; you may not pass.",
    "why.card_pending": "Carry out {card} first, or decline it.",
    "why.building_pending": "Place building {building} first: choose where it goes.",
    "why.no_chimney": "You have no chimney left: you cannot place another building.",
    "why.not_in_reserve": "Building {building} is not in your reserve.",
    "why.fits_nowhere": "Building {building} fits nowhere now: each position would cover the "
                        "other colour, a streetlight, a building or a special piece.",
    "why.off_board": "That position would put part of the building off the board.",
    "why.covers_building": "That position covers a space another building covers already.",
    "why.covers_piece": "That position covers a space with a special piece on it.",
    "why.covers_opponent": "That position covers a street section of your opponent's "
                           "colour: only your colour and purple may be built on.",
    "why.covers_lamp": "That position covers a streetlight: buildings never do (but with "
                       "the Métropolitain postcard).",
    "why.select_first": "First choose the building to place (build and its name), then "
                        "where it goes.",
    "why.activate_first": "Activate a postcard first: this names what a postcard acts on.",
    "why.no_marker": "You have no action marker left: you cannot activate a postcard.",
    "why.card_not_dealt": "{card} is not one of this game's postcards.",
    "why.card_used": "{card} has been activated already: each postcard once per game.",
    "why.card_target": "{card} cannot act there. The postcard says: {text}",
}
"""Why a move is refused (refusals.py)."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    **BOARD,
    **WHY,
    "end.blocked": "no player can place a building and all markers are used",
    # score lines (COL-72)
    "score.lit": "lit buildings",
    "score.complex": "largest complex",
    "score.unbuilt": "unbuilt buildings",
    "score.postcards": "postcards",
    "detail.lit": "{items}",
    "detail.lit.none": "no buildings",
    "detail.complex": "{size} spaces",
    "detail.complex.one": "1 space",
    "detail.unbuilt": "{count} unbuilt × {each}",
    "detail.unbuilt.exempt": "{count} unbuilt × 0 (Sacré-Cœur)",
    "detail.postcards": "{items}",
    "detail.postcards.none": "none",
    "item.named_points": "{name} {points}",
    "item.building_lit": "{name} size {size} × {lamps} streetlights",
    "item.building_lit.one": "{name} size {size} × 1 streetlight",
    "item.complex": "complex",
    "item.lit": "size {size} × {lamps} streetlights",
    "item.lit.one": "size {size} × 1 streetlight",
    # what a postcard scored (COL-88..90)
    "note.streetlights": "{count} streetlights",
    "note.streetlights.one": "1 streetlight",
    "note.spaces": "{count} spaces",
    "note.spaces.one": "1 space",
    "note.buildings": "{count} buildings",
    "note.buildings.one": "1 building",
    "note.statue": "{orthogonal} orthogonal, {diagonal} diagonal",
    "note.statue_blocked": "the space in front is taken",
    "note.in_line": "{count} buildings in line",
    "note.in_line.one": "1 building in line",
    "note.edges": "{count} edges",
    "note.edges.one": "1 edge",
    "note.from_edge": "{count} from the edge",
    "note.own_spaces": "{count} spaces of your colour",
    "note.own_spaces.one": "1 space of your colour",
    "note.no_skull_building": "no building on the skull",
    "note.half": "half of {points}",
    "note.bank": "{count} buildings on the {side} bank",
    "note.bank.one": "1 building on the {side} bank",
    "note.quadrant": "{inside} inside, {partly} partly",
    "note.stamp": "stamp",
    "note.with_stamp": "{note} +{bonus} stamp",
    **{f"side.{code}": name for code, name in SIDE_NAMES.items()},
    **{f"quadrant.{code}": name for code, name in QUADRANT_NAMES.items()},
    # the postcards (data.py)
    **{f"postcard.{card.id}.name": card.name for card in data.POSTCARDS},
    **{f"postcard.{card.id}.text": card.text for card in data.POSTCARDS},
}

TEXTS: Final = Texts("city_of_light", _TEMPLATES)


def postcard_fields(card_id: str) -> dict[str, object]:
    """A postcard's name and effect, in English and by id."""
    return TEXTS.fields(name=f"postcard.{card_id}.name", text=f"postcard.{card_id}.text")

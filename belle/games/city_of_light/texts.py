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

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
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

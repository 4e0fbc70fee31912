"""Paris's engine text: the English templates of what views, score lines and the end say
to a player, keyed by id (belle.i18n.text): bonus and end-game tile effects come from
data.py. Translations are in belle/locale/<lang>/LC_MESSAGES/paris.po.
"""

from __future__ import annotations

from typing import Any, Final

from belle.games.paris import data
from belle.i18n.text import Texts

PARTS: Final = ("value8", "prestige", "bonus", "endgame")
"""The running VP parts, in the order of state.vp_parts."""

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.district": "There is no district “{text}”. Districts: {names}.",
    "refuse.kind": "“{text}” cannot be chosen here. Possible: {names}.",
    "refuse.key_place": "No key can stand on “{text}”: write a bank (bank-MO), the arc "
                        "(arc), a building (MO5) or a landmark (L12).",
    "refuse.space": "There is no space “{text}”: write a building (MO5) or a landmark (L12).",
    "refuse.not_landmark": "“{text}” is not a landmark: landmarks are L9 to L16.",
    "refuse.not_built": "{landmark} is not built yet: no key stands on it.",
    "refuse.say_district": "Say the district, for example: {example}",
    "refuse.bonus_use": "Bonus tile {number} is used like this: {uses}.",
    "refuse.end_use": "End-game tile {tile} is played like this: {uses}.",
    "refuse.play": "Write it like this: play vp6 or play res wood. End-game tiles: {codes}.",
    "refuse.end_tile": "There is no end-game tile “{text}”. Tiles: {codes}.",
    "refuse.value": "Building values are 1, 2, 3, 4, 5 and 8.",
}
"""Refusals of action text; shown beside the engine's shared ones."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    # why the game ended (PARIS-131..134)
    "end.final_round": "the last tiles were taken and the final round is played",
    # score lines (PARIS-135..142)
    "score.value8": "value-8 buildings",
    "score.prestige": "landmark prestige",
    "score.bonus": "bonus tiles",
    "score.endgame": "end-game tiles",
    "score.tile27": "bonus tile 27",
    "score.majority": "{district} majority",
    "detail.during_play": "during play",
    "detail.tile27": "{francs} francs × 1 VP",
    "detail.majority": "strength {strength} (highest {highest}), VP tile {tile}",
    # the tiles (data.py)
    **{f"bonus.{tile.number}.text": tile.text for tile in data.BONUS},
    **{f"endgame.{tile.code}.text": tile.text for tile in data.END_TILES},
    **{f"district.{d.code}": d.name for d in data.DISTRICTS},
    **{f"landmark.{index}.name": lm.name for index, lm in enumerate(data.LANDMARKS)},
}

TEXTS: Final = Texts("paris", _TEMPLATES)


def tile_fields(kind: str, key: object) -> dict[str, Any]:
    """A bonus (`kind` "bonus", key its number) or end-game tile's effect, by id."""
    return TEXTS.fields(text=f"{kind}.{key}.text")

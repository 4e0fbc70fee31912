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

_TEMPLATES: Final[dict[str, str]] = {
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

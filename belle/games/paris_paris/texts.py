"""Paris Paris's engine text: the English templates of what views, score lines and the
end say to a player, keyed by id (belle.i18n.text). Translations are in
belle/locale/<lang>/LC_MESSAGES/paris_paris.po.
"""

from __future__ import annotations

from typing import Any, Final

from belle.games.paris_paris import data, rules
from belle.i18n.text import Texts

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.line": "There is no line colour “{text}”. Colours: {names}.",
    "refuse.player": "“{text}” is not a player: write their colour ({names}).",
    "refuse.stop": "There is no stop “{text}”: name a stop (such as Pompidou) or its code "
                   "(such as POM).",
    "refuse.no_card": "The {line} line does not stop at {stop}: there is no such card.",
    "refuse.card": "Write a card as its stop and its colour, for example: {example}",
}
"""Refusals of action text; shown beside the engine's shared ones."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    # why the game ended (PP-20)
    "end.rounds": "all {rounds} rounds are played",
    # score lines
    "score.small": "small excursions",
    "score.big": "big excursions",
    "score.final": "final: {line} line",
    "score.bag": "bag",
    "detail.excursions": "scored in {count} excursions",
    "detail.excursions.one": "scored in 1 excursion",
    "detail.all_lines": "all lines are scored as big excursions",
    "detail.secret_line": "{player}'s secret line",
    "detail.open_line": "open line",
    "detail.bag.two": "{count} shops in the bag; no bag scoring with 2 players",
    "detail.bag.leader": "{count} shops in the bag; sole leader: 1 per shop",
    "detail.bag.none": "{count} shops in the bag; only a sole leader scores",
    # why a shop scored (rules.py)
    "reason.small": "small excursion shop",
    "reason.crossing": "crossing shop",
    "reason.adjacent": "adjacent shop",
    # line and shop colours (data.py)
    **{f"line.{line.colour}": line.colour for line in data.LINES},
    **{f"player.{colour.name}": colour.name for colour in data.PLAYER_COLOURS},
}

TEXTS: Final = Texts("paris_paris", _TEMPLATES)

_REASONS: Final = {rules.SMALL: "reason.small", rules.CROSSING: "reason.crossing",
                   rules.ADJACENT: "reason.adjacent"}


def reason_fields(reason: str) -> dict[str, Any]:
    """Why a shop scored (an excursion item's reason), in English and by id."""
    return TEXTS.fields(reason=_REASONS[reason])

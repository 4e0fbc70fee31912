"""Bruxelles 1893's engine text: the English templates of what views, score lines, the
resolution notes and the end say to a player, keyed by id (belle.i18n.text).
Translations are in belle/locale/<lang>/LC_MESSAGES/bruxelles_1893.po.
"""

from __future__ import annotations

from typing import Final

from belle.games.bruxelles_1893 import data
from belle.i18n.text import Message, Texts

PROMPTS: Final[dict[str, str]] = {
    "shield": "choose the shield for the bracket (the largest area opens)",
    "turn": "place an assistant on the Art Nouveau board, take a Brussels action, or pass",
    "bid": "bid for the space just taken (at least 1 BF)",
    "keep_art": "keep one of the works drawn",
    "sale": "move the workshop cursor, then sell a work",
    "cover": "choose which shop work to cover",
    "hire": "hire a public figure at the Royal Theatre",
    "fig_keep": "keep the public figure (pay it at the end) or discard it",
    "material": "take a noble material",
    "pay": "pay the construction, one unit at a time",
    "needle": "turn a compass needle one space clockwise",
    "build": "place the building tile on an empty space",
    "secondary": "secondary action for your building",
    "grand": "activate a ready public figure, or stop",
    "copy": "choose the Art Nouveau action to copy",
    "bonus": "use the bonus card now, or keep it for a final scoring category",
    "settle": "pay your public figures; unpaid ones cost 5 VP",
}
"""What each decision asks (views.decision), by the decision's kind."""

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.word": "“{text}” does not go with {verb}. Possible: {names}.",
    "refuse.word.more": "“{text}” does not go with {verb}. Possible: {names} and {more} more.",
}
"""Refusals of action text; shown beside the engine's shared ones."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    # why the game ended (BRX-188)
    "end.rounds": "all 5 rounds are played",
    **{f"prompt.{kind}": text for kind, text in PROMPTS.items()},
    # what the turn resolution did this round (BRX-162..179)
    "note.exhibition": "{player} wins the {year} exhibition",
    "note.bonus_card": "{player} wins the bonus card of column {column}",
    "note.courthouse": "{player} sends an assistant to the Courthouse",
    "note.end_of_round": "end of round {round}: assistants go home, the bonus strip and "
                         "the free theatre card are cleared, the Manneken Pis passes",
    # score lines (BRX-189..197)
    "score.track": "VP on the score track",
    "detail.track": "final scoring comes after round 5",
    "score.during": "VP during the game",
    "detail.during": "sales, constructions, shields, cards",
    "score.unpaid": "public figures unpaid",
    "detail.unpaid": "{count} unpaid × −{each} (score floor 0)",
    "detail.unpaid_final": "{count} unpaid × −{each}, taken from the final total",
    "score.floor": "score floor",
    "detail.floor": "a score never drops below 0",
    "score.buildings": "buildings",
    "detail.buildings": "{count} tiles × architect {architect}",
    "score.completion": "masterpiece completion",
    "detail.completion": "{count} of 6 tiles built",
    "score.bonus": "bonus cards: {category}",
    "detail.bonus": "{count} × {rule} = {each}",
    "score.money": "money",
    "detail.money": "{money} BF, 1 VP per {per} BF (kept)",
    **{f"category.{name}": name for name in data.BONUS_CATEGORIES},
    **{f"category.{name}.rule": text
       for name, text in zip(data.BONUS_CATEGORIES, data.BONUS_CATEGORY_TEXT, strict=True)},
    "category.materials.rule.r1": "1 VP per cube",  # rules revision 1 (engines before 0.2.0)
    # the bonus cards and the Brussels board (data.py)
    **{f"bonus_card.{card.id}.text": card.text for card in data.BONUS_CARDS},
    **{f"brussels.{action}.title": title
       for action, title in zip(data.BRUSSELS, data.BRUSSELS_TITLES, strict=True)},
    # what a public figure or a bonus card does (data.Effect), for `info` and prompts
    "effect.money": "+{amount} BF",
    "effect.materials": "{amount} noble materials",
    "effect.free": "free 1 assistant (else {amount} BF)",
    "effect.architect": "+{amount} architect",
    "effect.city_hall": "+{amount} City Hall",
    "effect.palace": "+{amount} Royal Palace",
    "effect.art": "draw {amount} works, keep 1",
    "effect.vp": "+{amount} VP",
    "info.figure": "{name}, public figure: {effect}; pay {payment} BF at the end or lose 5 VP",
    "info.bonus_card": "bonus card: {effect} now, or keep it for a final scoring category",
    "note.majority": "{player} has the majority around shield {shield}: +{points} VP",
}

TEXTS: Final = Texts("bruxelles_1893", _TEMPLATES)


def effect(kind: str, amount: int) -> Message:
    """A public figure's or a bonus card's effect, as a message."""
    return TEXTS.message(f"effect.{kind}", amount=amount)


def figure_info(index: int) -> Message:
    spec = data.FIGURES[index]
    return TEXTS.message("info.figure", name=spec.name, effect=effect(*spec.effect),
                         payment=spec.payment)


def bonus_info(index: int) -> Message:
    return TEXTS.message("info.bonus_card", effect=effect(*data.BONUS_CARDS[index].effect))

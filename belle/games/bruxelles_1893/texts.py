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

BOARD: Final[dict[str, str]] = {
    # the terminal's board (render.py): headings, labels, status lines, the notation help
    "board.art_board": "Art Nouveau board",
    "board.bracket": "bracket on shield {shield}",
    "board.strip": "bon",
    "board.bonus.free": "free asst.",
    "board.bonus.architect": "+1 architect",
    "board.bonus.city_hall": "+1 City Hall",
    "board.bonus.palace": "+1 Palace",
    "board.bonus.money": "5 BF",
    "board.bonus.materials": "2 materials",
    "board.bonus.art": "2 works",
    "board.bonus.vp": "4 VP",
    **{f"board.action.{action}": action for action in data.AN_ACTIONS},
    "board.brussels_board": "Brussels board",
    "board.col.place": "place",
    "board.empty": "empty",
    "board.next_use": "next use: {count} assistant(s)",
    "board.theatre": "Royal Theatre",
    "board.compass": "Compass",
    **{f"board.tile.{tile}": tile for tile in data.COMPASS_TILES},
    "board.workshop": "Workshop",
    "board.cursor": "cursor at row {row}, column {column}:",
    "board.shop": "Shop",
    "board.shop_space": "space {number}:",
    "board.under": "(+{count} under)",
    "board.stock_card": "Stock card",
    "board.stock": "{card}: shields {shields}, the Stock Exchange pays {payout} BF",
    "board.supply": "Supply",
    "board.supply_line": "wood {wood}, stone {stone}, iron {iron}, jokers {jokers}; works: "
                         "{coloured} coloured, {black} black",
    "board.colour.blue": "Blu",
    "board.colour.red": "Red",
    "board.colour.yellow": "Yel",
    "board.colour.green": "Gre",
    "board.colour.black": "Bla",
    "board.architects": "Architects",
    "board.you": "you",
    "board.passed": "passed",
    "board.assistants": "{count} (court {court})",
    "board.earn": "{money}BF/{vp}VP",
    "board.row.vp": "VP",
    "board.row.bf": "BF",
    "board.row.assistants": "assistants",
    "board.row.built": "tiles built",
    "board.row.tracks": "arch/city/pal",
    "board.row.works": "works",
    "board.row.materials": "W/S/I/joker",
    "board.row.exhibitions": "exhibitions",
    "board.row.figures": "figures",
    "board.row.kept": "bonus kept",
    "board.over": "Game over. Scores: {scores}; winner: {winners}.",
    # chance in the move log (render.describe_chance)
    "board.log.chance": "chance: {outcomes}",
    "board.log.strips": "Art Nouveau strips laid: {strips}",
    "board.log.compass": "compass tiles: {tiles}",
    "board.log.bonus": "bonus cards dealt: {cards}",
    "board.log.figures": "public figures at the Royal Theatre: {figures}",
    "board.log.works": "works of art drawn: {colours}",
    "board.log.first": "{seat} is the first player",
    "board.log.stock": "a new stock exchange card (the Stock Exchange pays {payout} BF)",
    "board.log.drawn": "{seats} draws works of art: {colours}",
    "board.log.drawn_hidden": "{seats} draws {count} works of art (hidden)",
    **{f"board.log.colour.{colour}": colour for colour in data.ART_COLOURS},
    "board.round": "Round {round}/5",
    "board.exhibition": "(exhibition {year})",
    "board.phase": "{phase} phase.",
    **{f"board.phase.{phase}": title for phase, title in data.PHASE_TITLES.items()},
    "board.you_decide": "You",
    "board.cost_units": "cost {cost} units",
    "board.drawn": "Drawn:",
    "board.drawn_secret": "({count} works drawn in secret)",
    "board.paid": "Paid so far: {items}",
    "board.pay.wood": "{count} wood",
    "board.pay.stone": "{count} stone",
    "board.pay.iron": "{count} iron",
    "board.pay.bf": "{count} BF",
    "board.pay.joker": "{count} joker",
    "board.last_resolution": "Last resolution: {notes}",
    "board.info_hint": "Type info and a figure (info buls) or a bonus card (info bonus_art) "
                       "for what it does and costs.",
    "board.help.shield": "choose the bracket's shield (first player, start of a round)",
    "board.help.place": "put an assistant on an open Art Nouveau space, then bid (≥ 1 BF)",
    "board.help.brussels": "the four free Brussels actions",
    "board.help.copy": "(after parc) carry out any Art Nouveau action without bidding",
    "board.help.keep": "keep one of the works you drew (Workshop)",
    "board.help.sale": "a sale: move the workshop cursor, sell, cover",
    "board.help.hire": "Royal Theatre: slot 1 is free, slot 4 costs 3 BF",
    "board.help.figure": "after using a hired public figure",
    "board.help.take": "a noble material",
    "board.help.pay": "one unit of a construction",
    "board.help.build": "turn a compass needle, place your building",
    "board.help.activate": "figures, secondary actions, optional steps",
    "board.help.bonus": "a bonus card won at auction",
    "board.help.settle": "pay a public figure at the end",
    "board.help.pass": "stop for this round",
}
"""What the terminal's board says (render.py), besides the data's names and effects."""

WHY: Final[dict[str, str]] = {
    # why a move is refused now (refusals.py; State.why_illegal)
    "why.shield_not_on_card": "Shield {shield} is not on this round's stock exchange card "
                              "for this number of players: choose one of the card's "
                              "shields.",
    "why.brussels_assistants": "{action} takes {count} assistants now: you have {have}.",
    "why.no_assistant": "You have no assistant left to place: take a Brussels action you "
                        "have assistants for, or pass.",
    "why.no_bid_money": "An assistant on the Art Nouveau board needs a bid of at least 1 BF, "
                        "and you have none.",
    "why.outside_area": "Space {space} is outside this round's area: assistants go only "
                        "inside the bracket.",
    "why.space_used": "Space {space} has an assistant on it already: each space once per "
                      "round.",
    "why.all_built": "You have built all your building tiles: no Construction is left.",
    "why.cannot_pay_construction": "You could not pay a Construction with what you hold: "
                                   "the compass asks for other units.",
    "why.no_building_space": "No empty space is left for a new building.",
    "why.money": "Not enough BF: this costs {cost}, you have {have}.",
    "why.bid_reserve": "Bid at most {most} BF here: the Construction still costs you "
                       "{reserve} BF, which you must be able to pay.",
    "why.no_figure_there": "The Royal Theatre shows no public figure in place {slot}.",
    "why.build_space_taken": "Space {space} holds an assistant or a building: a new "
                             "building goes on an empty space.",
    "why.no_steps": "The cursor has taken all its steps: sell a work now.",
    "why.cursor_edge": "The cursor would leave the workshop grid.",
    "why.no_work": "You have no {colour} work to sell.",
    "why.colour_in_shop": "A {colour} work shows on top of the shop: that colour cannot be "
                          "sold now.",
    "why.same_figure": "You keep the card of {figure} already: never two identical public "
                       "figures.",
    "why.figure_not_kept": "You do not keep the card of {figure}.",
    "why.figure_used": "Your card of {figure} has been used this round already: it is "
                       "ready again next round.",
    "why.figure_not_owed": "You owe nothing for the card of {figure}: you do not keep it, "
                           "or it is paid.",
    "why.material_gone": "The general supply has no {material} left.",
    "why.needle_blocked": "Needle {needle} would point at the other needle's space: turn "
                          "the other one.",
    "why.pay_bf_short": "BF pay a Construction {per} at a time: you have {have} BF.",
    "why.pay_none_left": "You have no {unit} left to pay with.",
    "why.pay_compass": "The compass does not take {unit}: needle A points at {a}, needle B "
                       "at {b}.",
    "why.pay_stranded": "Paying with {unit} now would leave the rest of the cost unpayable "
                        "with what you still hold: pay with another unit.",
    "why.unit.wood": "wood",
    "why.unit.stone": "stone",
    "why.unit.iron": "iron",
    "why.unit.bf": "BF",
    "why.unit.joker": "joker",
    **{f"why.colour.{colour}": colour for colour in data.ART_COLOURS},
    **{f"why.material.{name}": name for name in data.MATERIALS_NAMES},
}
"""Why a move is refused (refusals.py)."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    **BOARD,
    **WHY,
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

"""Paris Paris's engine text: the English templates of what views, score lines and the
end say to a player, keyed by id (belle.i18n.text). Translations are in
belle/locale/<lang>/LC_MESSAGES/paris_paris.po.
"""

from __future__ import annotations

import functools
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

BOARD: Final[dict[str, str]] = {
    # the terminal's board (render.py): headings, labels, status lines, the notation help
    "board.lines": "Lines:",
    "board.legend": "1–4 a player's shop  ○ free place",
    "board.offered": "stop of a face-up card",
    "board.players": "Players",
    "board.col.player": "player",
    "board.col.score": "score",
    "board.col.supply": "supply",
    "board.col.on_map": "on map",
    "board.col.bag": "bag",
    "board.winner": "winner",
    "board.to_move": "to move",
    "board.start_player": "start player",
    "board.you": "you",
    "board.line": "line {line}",
    "board.none": "none",
    "board.face_up": "Face-up cards:",
    "board.waiting": "Waiting cards (discard):",
    "board.round": "Round {round} of {rounds}, {deck} cards in the deck",
    "board.secret_line": "Your secret line:",
    "board.open_line": "Open line (both players):",
    "board.dm": "Option dm: all five lines are scored at the end",
    "board.excursion.small": "Small excursion on {line}{where} (round {round}):",
    "board.excursion.big": "Big excursion on {line}{where} (round {round}):",
    "board.excursion.final": "Final excursion on {line}{where} (round {round}):",
    "board.excursion.from": " from {stop}",
    "board.nobody_scores": "nobody scores",
    "board.over": "Game over: {reason}. Winner: {winners}.",
    "board.dealing": "The cards are dealt.",
    "board.your_turn": "Your turn",
    "board.player_to_move": "{player} to move",
    "board.prompt.remove": "{who}: {stop} is full — choose the shop to remove "
                           "(remove <colour>).",
    "board.prompt.take": "{who}: take a face-up card (take <stop> <colour>).",
    "board.chance": "chance: {outcomes}",
    "board.chance.secret_hidden": "{players} receives a secret line (hidden)",
    "board.chance.secret": "{players} receives the secret line: {lines}",
    "board.chance.first": "{player} is the start player",
    "board.chance.laid": "cards laid: {cards}",
    "board.chance.open": "the open line is {line}",
    "board.help.take": "take the face-up card of that stop and line colour, and build",
    "board.help.code": "… stops by name or by their three-letter code on the map",
    "board.help.remove": "on a full crossing: the shop to push out (its colour)",
    "board.help.rule": "Crossings hold two shops, other stops one. The card nobody takes "
                       "is a small excursion; two waiting cards of one colour start a big "
                       "excursion along that line.",
}
"""What the terminal's board says (render.py), besides the lines' and players' colours."""

WHY: Final[dict[str, str]] = {
    # why a move is refused now (refusals.py; State.why_illegal)
    "why.not_face_up": "No face-up card shows {stop} on the {line} line: take one of the "
                       "face-up cards.",
    "why.remove_when_full": "A shop is pushed out only when you take a card for a full "
                            "stop: take a face-up card.",
    "why.remove_first": "{stop} is full: first choose whose shop leaves it (remove and a "
                        "colour).",
    "why.no_shop_there": "{player} has no shop at {stop}.",
}
"""Why a move is refused (refusals.py)."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    **BOARD,
    **WHY,
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


@functools.cache
def reason_fields(reason: str) -> dict[str, Any]:
    """Why a shop scored (an excursion item's reason), in English and by id (a few
    reasons, each worked out once; callers copy the fields)."""
    return TEXTS.fields(reason=_REASONS[reason])

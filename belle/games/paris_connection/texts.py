"""Paris Connection's engine text: the English templates of what views, score lines and
the end say to a player, keyed by id (belle.i18n.text). Translations are in
belle/locale/<lang>/LC_MESSAGES/paris_connection.po.
"""

from __future__ import annotations

from typing import Final

from belle.games.paris_connection import data
from belle.i18n.text import Texts

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.start_hex": "“{text}” is not a start hex. Start hexes: {labels}.",
    "refuse.company": "There is no company “{text}”. Companies: {names}.",
    "refuse.hex": "There is no hex “{text}”: name a city (such as Lyon) or a grid label "
                  "(such as {label}).",
    "refuse.take": "Write it like this: take 1 B or take 2 B (one or two shares of a company).",
}
"""Refusals of action text; shown beside the engine's shared ones."""

BOARD: Final[dict[str, str]] = {
    # the terminal's board (render.py): headings, labels, status lines, the notation help
    **{f"board.city.{name}": name for name in data.CITY_VALUE_NAMES.values()},
    "board.start": "start",
    "board.eiffel": "Eiffel Tower",
    "board.free_slots": "free slots",
    "board.barriers": "checkered edges",
    "board.companies": "Companies",
    "board.col.company": "company",
    "board.col.value": "value",
    "board.col.supply": "supply",
    "board.col.on_map": "on map",
    "board.players": "Players",
    "board.col.seat": "seat",
    "board.col.shares": "shares",
    "board.col.score": "score",
    "board.col.portfolio": "portfolio",
    "board.none": "none",
    "board.winner": "winner",
    "board.to_move": "to move",
    "board.you": "you",
    "board.started": "started",
    "board.your_shares": "Your shares:",
    "board.worth": "(worth {points} points now)",
    "board.over": "Game over: {reason}.",
    "board.setting_up": "Setting up: drawing the start hexes' colours, dealing shares and "
                        "choosing the start player.",
    "board.your_turn": "Your turn ({seat}).",
    "board.seat_to_move": "{seat} to move.",
    "board.building": "Building {company}: {placed} of up to {most} placed, value +{gain} "
                      "when the build ends (stop to end it now).",
    "board.building_first": "Building {company}: place its first locomotive next to its "
                            "track.",
    "board.trading": "Trading: returned {company}, now take 1 or 2 of another company.",
    "board.chance": "chance: {outcomes}",
    "board.chance.first": "{seat} is the start player",
    "board.chance.start": "{company} starts on {hex}",
    "board.chance.hidden": "{seats} draws {count} locomotives from the bag (hidden)",
    "board.chance.hidden.one": "{seats} draws 1 locomotive from the bag (hidden)",
    "board.chance.drawn": "{seats} draws {count} locomotives:",
    "board.chance.drawn.one": "{seats} draws 1 locomotive:",
    "board.help.build": "start a build with a company (letters: {letters})",
    "board.help.place_city": "place one locomotive on a city by name …",
    "board.help.place_hex": "… or on any hex by its grid label (column letter, row number)",
    "board.help.stop": "end the build (after 1 to 5 placements)",
    "board.help.return": "trade: give back one share (a locomotive behind your screen)",
    "board.help.take": "trade: then take one or two shares of another company",
    "board.help.rule": "A build is one company, 1 to 5 locomotives, each next to that "
                       "company's track; cities take one locomotive, rural hexes two of "
                       "different companies.",
}
"""What the terminal's board says (render.py), besides the companies' names."""

WHY: Final[dict[str, str]] = {
    # why a move is refused now (refusals.py; State.why_illegal)
    "why.choose_company": "Choose the company to build first (build and its letter), then "
                          "place its locomotives.",
    "why.return_first": "A trade starts by returning one locomotive from behind your screen "
                        "(return and its letter).",
    "why.board_empty": "The {company} storage board is empty: no {company} locomotive can "
                       "be taken from it.",
    "why.no_room": "The {company} company has nowhere to build: no hex next to its track "
                   "has room without cutting a company off.",
    "why.no_share": "You hold no {company} locomotive to return.",
    "why.building": "You are building {company}: place its locomotives, or stop once you "
                    "have placed one.",
    "why.place_one": "Place at least one locomotive before you stop building.",
    "why.forbidden_hex": "Nothing may be built on {hex}: not on the Eiffel Tower nor on a "
                         "start hex.",
    "why.same_company": "{hex} holds a {company} locomotive already: never two of one "
                        "company on a hex.",
    "why.city_full": "{hex} is a city and holds a locomotive already: a city takes one.",
    "why.rural_full": "{hex} holds two locomotives already: a rural hex takes two.",
    "why.not_adjacent": "{hex} is not next to a {company} locomotive (a checkered line "
                        "separates hexes).",
    "why.cuts_off": "A locomotive on {hex} would cut {company} off from every city.",
    "why.cuts_off_together": "A locomotive on {hex} would leave the companies not yet on a "
                             "city unable to reach one each.",
    "why.finish_trade": "You returned a {company} locomotive: finish the trade by taking 1 "
                        "or 2 locomotives of another company.",
    "why.same_as_returned": "You returned a {company} locomotive: take another company's.",
    "why.take_more": "The {company} storage board holds {left}: you cannot take {count}.",
}
"""Why a move is refused (refusals.py)."""

_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    **BOARD,
    **WHY,
    # why the game ended (PC-58..60, G-11)
    "end.marseille": "Marseille is connected",
    "end.storage": "only one storage board holds locomotives",
    "end.stalled": "no company could build for a whole round",
    "end.swaps": "no locomotive left the storage boards for {rounds} rounds",
    # score lines (PC-62, PC-64)
    "score.shares": "{company} shares",
    "score.excess": "over the portfolio limit",
    "detail.shares": "{count} × value {value}",
    "detail.excess": "{held} held, limit {limit}: {excess} × −{penalty}",
    # the companies (data.py)
    **{f"company.{c.letter}": c.name for c in data.COMPANIES},
}

TEXTS: Final = Texts("paris_connection", _TEMPLATES)

END_REASONS: Final = {
    r"Marseille is connected": "end.marseille",
    r"only one storage board": "end.storage",
    r"no company could build": "end.stalled",
    r"no locomotive left the storage boards for (?P<rounds>\d+) rounds": "end.swaps",
}
"""The engine's English end reasons (state.py) and their messages."""

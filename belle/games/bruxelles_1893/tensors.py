"""Bruxelles 1893 as tensors, from a seat's view only (belle.adapters.tensors).

Axes come from the tables: spaces = the data.ROWS × data.COLS Art Nouveau board (in
label order A1, B1, …), actions = data.AN_ACTIONS, strips = data.ROWS, shields = the
(ROWS − 1) × (COLS − 1) shield crossings, colours = data.ART_COLOURS, figures =
data.FIGURES, bonus cards = data.BONUS_CARDS, stock cards = data.STOCK_CARDS, compass
= data.COMPASS_TILES, Brussels = data.BRUSSELS, decisions = flow.DECISIONS (sorted).
Seats start with the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belle.adapters.tensors import Layout, Writer, index_of, number, seats_axis, segment
from belle.games.bruxelles_1893 import data, flow
from belle.games.bruxelles_1893.rules import shield_index, space_label

PHASES = ("setup", "stock", "action", "resolution", "end_of_round", "scoring", "over")
"""The phases of a round (BRX-2), as the view names them."""
DECISIONS = tuple(sorted(flow.DECISIONS))
SPACE = index_of(space_label(s) for s in range(data.SPACES))
ACTION = index_of(data.AN_ACTIONS)
COLOUR = index_of(data.ART_COLOURS)
FIGURE = index_of(f.id for f in data.FIGURES)
BONUS = index_of(b.id for b in data.BONUS_CARDS)
STOCK = index_of(c.id for c in data.STOCK_CARDS)
COMPASS = index_of(data.COMPASS_TILES)
MATERIAL = index_of(data.MATERIALS_NAMES)
CATEGORY = index_of(data.BONUS_CATEGORIES)
PAY = index_of(data.PAY_NAMES)
SHIELDS = (data.ROWS - 1) * (data.COLS - 1)
SPACES = ("spaces", data.SPACES)
COLOURS = ("colours", len(COLOUR))
FIGURES = ("figures", len(FIGURE))
BONUSES = ("bonus cards", len(BONUS))
TRACK_STEPS = len(data.ARCHITECT_TRACK)
MONEY = 20
"""Scale of BF and VP counts: about what a seat holds in mid-game."""


def observation_layout(num_players: int) -> Layout:
    seats = seats_axis(num_players)
    return Layout([
        segment("phase", [("phases", len(PHASES))], "the phase (" + ", ".join(PHASES) + ")"),
        segment("round", [("rounds", data.ROUNDS)], "the round"),
        segment("first_player", [seats], "the first player of the round"),
        segment("to_move", [seats], "the seat to move"),
        segment("decision", [("decisions", len(DECISIONS))], "what it decides (sorted names)"),
        segment("decision_seat", [seats], "whose decision it is"),
        segment("decision_space", [SPACES], "the space a bid is for"),
        number("decision_left", "steps, materials or activations left", scale=5),
        segment("decision_exhibition", [], "1 for a sale towards the exhibition"),
        segment("decision_action", [("actions", len(ACTION))], "the action of a secondary"),
        segment("decision_figure", [FIGURES], "the figure to keep or discard"),
        segment("decision_bonus", [BONUSES], "the bonus card to use or keep"),
        segment("decision_colour", [COLOURS], "the colour of the shop work to cover"),
        number("decision_cost", "the construction's cost", scale=5),
        segment("exhibition_owner", [("rounds", data.ROUNDS), seats],
                "who won each round's exhibition"),
        segment("strips", [("rows", data.ROWS), ("strips", data.ROWS)],
                "the strip in each row of the board"),
        segment("expert", [], "1 with the strips' expert side"),
        segment("space_action", [SPACES, ("actions", len(ACTION))], "each space's action"),
        segment("assistant", [SPACES, seats], "whose assistant stands on each space"),
        number("bid", "the bid under it", lead=[SPACES], scale=MONEY),
        segment("building", [SPACES, seats], "whose building tile is on each space"),
        segment("available", [SPACES], "spaces open this round"),
        segment("shield", [("shields", SHIELDS)], "the shield chosen for the bracket"),
        segment("bonus_strip", [("positions", data.COLS), BONUSES], "the bonus cards on offer"),
        number("bonus_deck", "bonus cards left in the deck", scale=10),
        segment("stock_card", [("stock cards", len(STOCK))], "this round's stock card"),
        number("stock_payout", "its payout", scale=MONEY),
        segment("compass", [("positions", len(COMPASS)), ("tiles", len(COMPASS))],
                "the compass tile at each position"),
        segment("needles", [("needles", 2), ("positions", len(COMPASS))],
                "where each needle points"),
        segment("theatre", [("slots", data.THEATRE_SLOTS), FIGURES],
                "the figures at the Royal Theatre"),
        number("theatre_deck", "figures left in the deck", scale=10),
        segment("cursor", [("axes", 2), ("cells", data.GRID)], "the workshop cursor (row, column)"),
        number("shop", "works of each colour in each shop stack",
               lead=[("stacks", 2), COLOURS], scale=5),
        number("sales", "sales so far this round", scale=5),
        number("piles", "coloured and black works left", lead=[("piles", 2)],
               scale=data.ART_PER_COLOUR * len(data.COLOURED)),
        number("supply", "materials and jokers in the supply",
               lead=[("materials + joker", len(MATERIAL) + 1)], scale=data.JOKER_SUPPLY),
        number("brussels_uses", "uses of each Brussels action this round",
               lead=[("Brussels", len(data.BRUSSELS))], scale=5),
        number("brussels_assistants", "each seat's assistants there",
               lead=[("Brussels", len(data.BRUSSELS)), seats], scale=5),
        number("money", "each seat's BF", lead=[seats], scale=MONEY),
        number("vp", "each seat's VP", lead=[seats], scale=MONEY),
        number("assistants", "assistants available, at the courthouse, out",
               lead=[seats, ("places", 3)], scale=data.ASSISTANTS_AVAILABLE),
        segment("tracks", [seats, ("tracks", len(data.TRACKS)), ("steps", TRACK_STEPS)],
                "each seat's step on the architect, City Hall and Palace tracks"),
        number("built", "building tiles each seat has built", lead=[seats],
               scale=data.TILES, high=1.0),
        number("works", "each seat's works by colour", lead=[seats, COLOURS], scale=5),
        number("materials", "each seat's materials", lead=[seats, ("materials", len(MATERIAL))],
               scale=5),
        number("jokers", "each seat's jokers", lead=[seats], scale=5),
        number("exhibitions", "exhibitions each seat has won", lead=[seats],
               scale=data.ROUNDS, high=1.0),
        segment("figures", [seats, FIGURES], "figures each seat has kept"),
        segment("figures_ready", [seats, FIGURES], "of those, the ones ready to activate"),
        number("bonus_kept", "bonus cards kept per final category",
               lead=[seats, ("categories", len(CATEGORY))], scale=5),
        segment("passed", [seats], "seats that have passed this phase"),
        number("drawn", "works drawn and not yet kept, when the observer may see them",
               lead=[COLOURS], scale=5),
        number("drawn_count", "how many works are drawn", scale=5),
        number("payment", "what has been paid towards the construction",
               lead=[("units", len(PAY))], scale=5),
        number("scores", "final points of each seat", lead=[seats], scale=100),
    ])


def _seat(out: Writer, seat: int | None) -> int | None:
    return None if seat is None else out.rel(seat)


def encode_observation(view: Mapping[str, Any], out: Writer) -> None:
    out.one_hot("phase", PHASES.index(view["phase"]))
    if view["round"]:
        out.one_hot("round", view["round"] - 1)
    out.one_hot("first_player", _seat(out, view["first_player"]))
    out.one_hot("to_move", _seat(out, view["to_move"]))
    _decision(view["decision"], out)
    for rnd, owner in enumerate(view["exhibition"]["owners"]):
        out.one_hot("exhibition_owner", _seat(out, owner), rnd)
    _board(view["board"], out)
    stock = view["stock"]
    if stock is not None:
        out.one_hot("stock_card", STOCK[stock["id"]])
        out.put("stock_payout", stock["payout"])
    compass = view["compass"]
    for position, tile in enumerate(compass["tiles"]):
        out.one_hot("compass", COMPASS[tile], position)
    for needle, position in enumerate(compass["needles"]):
        out.one_hot("needles", position, needle)
    for slot, figure in enumerate(view["theatre"]):
        if figure is not None:
            out.one_hot("theatre", FIGURE[figure], slot)
    out.put("theatre_deck", view["theatre_deck"])
    for axis, cell in enumerate(view["workshop"]["cursor"]):
        out.one_hot("cursor", cell - 1, axis)
    for stack, works in enumerate(view["shop"]):
        for colour in works:
            out.add("shop", 1, stack, COLOUR[colour])
    out.put("sales", view["sales"])
    out.put("piles", view["piles"]["coloured"], 0)
    out.put("piles", view["piles"]["black"], 1)
    for name, count in view["supply"].items():
        out.put("supply", count, MATERIAL.get(name, len(MATERIAL)))
    for b, place in enumerate(view["brussels"]):
        out.put("brussels_uses", place["uses"], b)
        for seat, count in enumerate(place["assistants"]):
            out.put("brussels_assistants", count, b, out.rel(seat))
    for seat, player in enumerate(view["players_state"]):
        _player(player, out.rel(seat), out)
    for colour in view["drawn"] or ():
        out.add("drawn", 1, COLOUR[colour])
    out.put("drawn_count", view["drawn_count"])
    for name, amount in (view["payment"] or {}).items():
        out.put("payment", amount, PAY[name])
    for seat, score in enumerate(view.get("scores") or ()):
        out.put("scores", score, out.rel(seat))


def _decision(decision: Mapping[str, Any] | None, out: Writer) -> None:
    if decision is None:
        return
    kind = decision["kind"]
    out.one_hot("decision", DECISIONS.index(kind))
    out.one_hot("decision_seat", out.rel(decision["seat"]))
    if "space" in decision:
        out.one_hot("decision_space", SPACE[decision["space"]])
    out.put("decision_left", decision.get("steps_left", decision.get("left")))
    out.flag("decision_exhibition", bool(decision.get("exhibition")))
    if "action" in decision:
        out.one_hot("decision_action", ACTION[decision["action"]])
    if "card" in decision:
        if kind == "fig_keep":
            out.one_hot("decision_figure", FIGURE[decision["card"]])
        else:
            out.one_hot("decision_bonus", BONUS[decision["card"]])
    if "colour" in decision:
        out.one_hot("decision_colour", COLOUR[decision["colour"]])
    out.put("decision_cost", decision.get("cost"))


def _board(board: Mapping[str, Any], out: Writer) -> None:
    for row, strip in enumerate(board["strips"]):
        out.one_hot("strips", strip - 1, row)
    out.flag("expert", board["side"] == "expert")
    for space in board["spaces"]:
        at = SPACE[space["label"]]
        if space["action"] is not None:
            out.one_hot("space_action", ACTION[space["action"]], at)
        out.one_hot("assistant", _seat(out, space["assistant"]), at)
        out.put("bid", space["bid"], at)
        out.one_hot("building", _seat(out, space["building"]), at)
        out.flag("available", space["available"], at)
    if board["shield"] is not None:
        row, col = (int(n) for n in board["shield"].split(","))
        out.one_hot("shield", shield_index(row, col))
    for position, card in enumerate(board["bonus_strip"]):
        if card is not None:
            out.one_hot("bonus_strip", BONUS[card], position)
    out.put("bonus_deck", board["bonus_deck"])


def _player(player: Mapping[str, Any], rel: int, out: Writer) -> None:
    out.put("money", player["money"], rel)
    out.put("vp", player["vp"], rel)
    for place, key in enumerate(("assistants", "courthouse", "out")):
        out.put("assistants", player[key], rel, place)
    for track, key in enumerate(data.TRACKS):
        out.one_hot("tracks", player[key] - 1, rel, track)
    out.put("built", player["built"], rel)
    for colour, count in player["works"].items():
        out.put("works", count, rel, COLOUR[colour])
    for name, count in player["materials"].items():
        out.put("materials", count, rel, MATERIAL[name])
    out.put("jokers", player["jokers"], rel)
    out.put("exhibitions", player["exhibitions"], rel)
    for figure in player["figures"]:
        out.one_hot("figures", FIGURE[figure["id"]], rel)
        out.flag("figures_ready", figure["ready"], rel, FIGURE[figure["id"]])
    for category, count in player["bonus_kept"].items():
        out.put("bonus_kept", count, rel, CATEGORY[category])
    out.flag("passed", player["passed"], rel)

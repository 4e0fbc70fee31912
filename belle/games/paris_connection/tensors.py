"""Paris Connection as tensors, from a seat's view only (belle.adapters.tensors).

Axes come from the tables: hexes = data.HEXES (in that order; rules.BOARD labels
them), companies = data.COMPANIES, seats = the player count. Seat axes start with the
observer. Share counts are divided by the locomotives a company puts in the bag.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belle.adapters.tensors import Layout, Writer, index_of, number, seats_axis, segment
from belle.games.paris_connection import data
from belle.games.paris_connection.rules import BOARD
from belle.games.paris_connection.state import DEAL, FIRST, OVER, PLAY, STARTS

PHASES = (STARTS, DEAL, FIRST, PLAY, OVER)
HEX = index_of(BOARD.labels)
COMPANY = index_of(c.letter for c in data.COMPANIES)
HEXES = ("hexes", BOARD.size)
COMPANIES = ("companies", len(data.COMPANIES))
SHARES = data.LOCOMOTIVES_INTO_BAG_PER_COMPANY


def observation_layout(num_players: int) -> Layout:
    seats = seats_axis(num_players)
    return Layout([
        segment("phase", [("phases", len(PHASES))], "the phase (" + ", ".join(PHASES) + ")"),
        segment("to_move", [seats], "the seat to move"),
        segment("start_player", [seats], "the start player, once drawn"),
        number("values", "each company's share value", lead=[COMPANIES],
               scale=data.VALUE_TRACK_MAX),
        number("supply", "locomotives left in each company's supply", lead=[COMPANIES],
               scale=SHARES, high=1.0),
        segment("board", [HEXES, COMPANIES], "1 where a company has a locomotive on a hex"),
        number("portfolio_sizes", "shares each seat holds", lead=[seats], scale=SHARES),
        number("limit", "the portfolio limit", scale=SHARES),
        segment("building", [COMPANIES], "the company being built"),
        number("placed", "locomotives placed in this build", scale=data.MAX_BUILD,
               high=1.0),
        number("pending_gain", "shares this build will earn", scale=data.MAX_BUILD),
        segment("returned", [COMPANIES], "the company whose share was just returned"),
        segment("marseille_connected", [], "1 once a network reaches Marseille"),
        number("stalled_turns", "turns in a row that took no locomotive off the boards",
               scale=10),
        segment("ended", [], "1 once the game is over"),
        number("portfolio", "the observer's shares of each company", lead=[COMPANIES],
               scale=SHARES, high=1.0),
        number("portfolios", "every seat's shares, once the screens are lifted at the end",
               lead=[seats, COMPANIES], scale=SHARES, high=1.0),
        number("scores", "final points of each seat", lead=[seats], scale=100,
               low=-float("inf")),
    ])


def _company(letter: str | None) -> int | None:
    return None if letter is None else COMPANY[letter]


def _seat(out: Writer, seat: int | None) -> int | None:
    return None if seat is None else out.rel(seat)


def _by_company(out: Writer, name: str, counts: Mapping[str, int] | None, *lead: int) -> None:
    for letter, count in (counts or {}).items():
        out.put(name, count, *lead, COMPANY[letter])


def encode_observation(view: Mapping[str, Any], out: Writer) -> None:
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.one_hot("to_move", _seat(out, view["to_move"]))
    out.one_hot("start_player", _seat(out, view["start_player"]))
    _by_company(out, "values", view["values"])
    _by_company(out, "supply", view["supply"])
    for cell in view["board"]:
        out.many_hot("board", (COMPANY[c] for c in cell["companies"]), HEX[cell["hex"]])
    for seat, size in enumerate(view["portfolio_sizes"]):
        out.put("portfolio_sizes", size, out.rel(seat))
    out.put("limit", view["limit"])
    building = view["building"]
    if building is not None:
        out.one_hot("building", COMPANY[building["company"]])
        out.put("placed", building["placed"])
        out.put("pending_gain", building["pending_gain"])
    out.one_hot("returned", _company(view["returned"]))
    out.flag("marseille_connected", view["marseille_connected"])
    out.put("stalled_turns", view["stalled_turns"])
    out.flag("ended", view["phase"] == OVER)
    _by_company(out, "portfolio", view.get("portfolio"))
    for seat, hand in enumerate(view.get("portfolios") or ()):
        _by_company(out, "portfolios", hand, out.rel(seat))
    for seat, score in enumerate(view.get("scores") or ()):
        out.put("scores", score, out.rel(seat))

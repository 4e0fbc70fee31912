"""Paris Connection: the reconstructed start hexes, each held by its company's shareholders.

The whole map is reconstructed (data.py, G-1 to G-5); what a player holds is shares,
and a company's prospects come from where it starts. So an element is a start hex (with
its data.py tag), and its holders are the seats holding the most shares (at least
one) of the company that starts there. Which company that is is read from the board
at the first player decision (the start hexes are then the only occupied hexes), so
the probe keeps working when companies are placed at random.
"""

from __future__ import annotations

from typing import Any

from belle.balance.probe import Element, Played, Probe, Tracker, top_holders
from belle.engine.game import State
from belle.games.paris_connection import data
from belle.games.paris_connection.views import board_json

DIRECTIONS = {(1, -1): "north-east", (1, 0): "east", (0, 1): "south-east",
              (-1, 1): "south-west", (-1, 0): "west", (0, -1): "north-west"}
"""Axial offsets of the six neighbours of a hex (data.py's coordinates)."""


def _start_hexes() -> list[tuple[str, str, str]]:
    """(label, where, provenance) of every start hex, in data.py's order."""
    labels = [h["label"] for h in board_json()["hexes"]]
    paris = next(((h.q, h.r) for h in data.HEXES if h.kind == "eiffel"), None)
    found: list[tuple[str, str, str]] = []
    for label, spec in zip(labels, data.HEXES, strict=True):
        if spec.kind == "start":
            offset = (spec.q - paris[0], spec.r - paris[1]) if paris else None
            where = DIRECTIONS.get(offset, "") if offset else ""
            found.append((label, f"{where} of Paris" if where else "a start hex",
                          spec.provenance))
    return found


class StartBoard(Tracker):
    """Notes which company stands on each start hex at the first player decision."""

    watches = True

    def __init__(self) -> None:
        self.company_at: dict[str, str] = {}

    def observe(self, state: State[Any], action: Any) -> None:
        if self.company_at or state.current_player() < 0:
            return
        for entry in state.view(None)["board"]:
            if len(entry["companies"]) == 1:
                self.company_at[entry["hex"]] = entry["companies"][0]


class ParisConnectionProbe(Probe):
    game_id = "paris_connection"

    def elements(self) -> list[Element]:
        return [Element(f"start-{label}", "start hex",
                        f"the company starting at {label} ({where})", provenance)
                for label, where, provenance in _start_hexes()]

    def tracker(self, players: int) -> Tracker:
        return StartBoard()

    def holders(self, played: Played) -> dict[str, list[int]]:
        tracker = played.tracker
        assert isinstance(tracker, StartBoard)
        portfolios = played.full["portfolios"]
        held: dict[str, list[int]] = {}
        for label, _, _ in _start_hexes():
            company = tracker.company_at.get(label)
            if company is None:
                continue
            counts = {seat: int(p[company]) for seat, p in enumerate(portfolios)}
            if seats := top_holders(counts):
                held[f"start-{label}"] = seats
        return held


PROBE = ParisConnectionProbe()

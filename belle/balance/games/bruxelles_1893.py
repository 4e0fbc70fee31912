"""Bruxelles 1893: public figures, bonus cards and bonus categories, tagged as in data.py.

Holders at the end: a figure kept by the seat (`players_state[].figures`); a bonus card
won at auction, used or kept (the card under decision when the seat says `use bonus` or
`keep bonus ...`); a bonus category with at least one card kept under it (`bonus_kept`).

The breakdown's "VP during the game" lumps sales, constructions, shields and cards. The
building bound needs the construction part, so it is measured while the game is played:
the VP a seat gains on its own `pay` moves (the 5 VP of a construction without jokers
and of a top tile are scored at the last payment, BRX-110, BRX-111, BRX-117), and the
line is split into "construction VP (during play)" and the rest.
"""

from __future__ import annotations

from typing import Any

from belle.balance.probe import Element, Played, Probe, ProbeError, Tracker
from belle.engine.game import State
from belle.games.bruxelles_1893 import data

DURING_PLAY = "VP during the game"
CONSTRUCTION = "construction VP (during play)"
OTHER_DURING_PLAY = "other VP during the game (sales, shields, cards)"
BUILDING_COMPONENTS = (CONSTRUCTION, "buildings", "masterpiece completion")
"""Building in the bound's sense: tiles, buildings, masterpiece, architect track (the
architect's value is in the "buildings" line: tiles × architect)."""
BUILDING_GROUP = "building"
BONUS_CATEGORY_PREFIX = "bonus cards: "

_EFFECTS = {"money": "{} BF", "materials": "{} materials", "free": "free an assistant (else {} BF)",
            "architect": "+{} architect", "city_hall": "+{} City Hall",
            "palace": "+{} Royal Palace", "art": "draw {} works, keep 1", "vp": "{} VP"}


def _effect(effect: data.Effect) -> str:
    kind, amount = effect
    return _EFFECTS.get(kind, kind + " {}").format(amount)


def category_provenance() -> str:
    """The bonus categories' values carry no tag in data.py yet; its comment says
    "values reconstructed (G-5)". A tag, once added, is read instead."""
    return str(getattr(data, "BONUS_CATEGORY_PROVENANCE", "reconstructed"))


class BruxellesTracker(Tracker):
    """Notes the bonus card behind each use/keep decision and the VP of each payment."""

    watches = True

    def __init__(self, players: int) -> None:
        self.bonus_cards: dict[str, set[int]] = {}
        self.construction = [0.0] * players
        self._paying: tuple[int, float] | None = None

    def observe(self, state: State[Any], action: Any) -> None:
        if self._paying is not None:
            seat, before = self._paying
            self.construction[seat] += state.returns()[seat] - before
            self._paying = None
        seat = state.current_player()
        if seat < 0:
            return
        text = state.action_to_string(action)
        if text.startswith(("use bonus", "keep bonus")):
            card = state.view(None)["decision"]["card"]
            self.bonus_cards.setdefault(card, set()).add(seat)
        elif text.startswith("pay "):
            self._paying = (seat, state.returns()[seat])


class BruxellesProbe(Probe):
    game_id = "bruxelles_1893"

    def elements(self) -> list[Element]:
        found = [Element(f"figure-{f.id}", "public figure",
                         f"{f.name} ({_effect(f.effect)}; pays {f.payment} BF)", f.provenance)
                 for f in data.FIGURES]
        found += [Element(f"bonus-{b.id}", "bonus card", f"bonus card {b.text}", b.provenance)
                  for b in data.BONUS_CARDS]
        found += [Element(f"category-{name}", "bonus category",
                          f"bonus cards kept under {name} ({text})", category_provenance())
                  for name, text in zip(data.BONUS_CATEGORIES, data.BONUS_CATEGORY_TEXT,
                                        strict=True)]
        return found

    def tracker(self, players: int) -> Tracker:
        return BruxellesTracker(players)

    def _tracker(self, played: Played) -> BruxellesTracker:
        tracker = played.tracker
        assert isinstance(tracker, BruxellesTracker)
        return tracker

    def holders(self, played: Played) -> dict[str, list[int]]:
        held: dict[str, set[int]] = {}
        for seat, player in enumerate(played.full["players_state"]):
            for figure in player["figures"]:
                held.setdefault(f"figure-{figure['id']}", set()).add(seat)
            for name, count in player["bonus_kept"].items():
                if count:
                    held.setdefault(f"category-{name}", set()).add(seat)
        for card, seats in self._tracker(played).bonus_cards.items():
            held.setdefault(f"bonus-{card}", set()).update(seats)
        known = {element.id for element in self.elements()}
        return {key: sorted(seats) for key, seats in held.items() if key in known}

    def start_player(self, played: Played) -> int:
        for entry in played.record.actions:
            words = entry.text.split()
            if entry.player < 0 and len(words) == 2 and words[0] == "first":
                return int(words[1])
        return super().start_player(played)

    def end(self, played: Played) -> tuple[str, bool]:
        return (f"{data.ROUNDS} rounds were played (BRX-1)", False)

    def share_groups(self) -> dict[str, tuple[str, ...]]:
        return {BUILDING_GROUP: BUILDING_COMPONENTS}

    def components(self, played: Played) -> list[list[tuple[str, float]]]:
        construction = self._tracker(played).construction
        result = []
        for seat, lines in enumerate(super().components(played)):
            if DURING_PLAY not in (name for name, _ in lines):
                raise ProbeError(f"the score breakdown has no {DURING_PLAY!r} line to split; "
                                 "update belle/balance/games/bruxelles_1893.py")
            split: list[tuple[str, float]] = []
            for name, points in lines:
                if name == DURING_PLAY:
                    split += [(CONSTRUCTION, construction[seat]),
                              (OTHER_DURING_PLAY, points - construction[seat])]
                else:
                    split.append((name, points))
            result.append(split)
        return result


PROBE = BruxellesProbe()

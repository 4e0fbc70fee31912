"""Paris: bonus tiles, end-game tiles, landmarks, VP tiles and banks, tagged as in data.py.

Holders at the end: a bonus tile held behind the screen or used (`screens`,
`bonus_used`); an end-game tile taken (the `take` moves of the log); a landmark with
the seat's key on it; a VP tile's district majority (the best "<district> majority"
score line); a bank the seat ever put a key on (`key` moves). Building spaces are left
out: what is reconstructed about them (type, token) is not what holding one means. Per
game: which VP tiles were placed, how many, and whether each district that reached 4
keys got its tile.
"""

from __future__ import annotations

import math

from belle.balance.probe import Element, Played, Probe, ProbeError
from belle.games.paris import data

TRIGGERS_USED = "every VP-tile trigger used"
"""The per-game fact that bounds.paris_vp_triggers judges: as many VP tiles placed as
districts that reached 4 keys on their buildings and landmarks (while a tile was left)."""
MAJORITY = " majority"
"""Suffix of the breakdown's district majority lines ("Chaillot majority")."""


class ParisProbe(Probe):
    game_id = "paris"

    def elements(self) -> list[Element]:
        found = [Element(f"bonus-{b.number}", "bonus tile", f"bonus tile {b.number} ({b.text})",
                         b.provenance) for b in data.BONUS]
        found += [Element(f"end-{t.code}", "end-game tile", f"end-game tile {t.code} ({t.text})",
                          t.provenance) for t in data.END_TILES]
        found += [Element(f"landmark-{lm.value}", "landmark", f"{lm.name} (landmark {lm.value})",
                          lm.provenance) for lm in data.LANDMARKS]
        found += [Element(f"vp-tile-{i + 1}", "VP tile",
                          f"VP tile {i + 1} ({'/'.join(map(str, amounts))})",
                          data.VP_TILES_PROVENANCE) for i, amounts in enumerate(data.VP_TILES)]
        found += [Element(f"bank-{d.code}", "bank", f"bank of {d.name} ({d.bank} francs)",
                          d.bank_provenance) for d in data.DISTRICTS]
        return found

    def holders(self, played: Played) -> dict[str, list[int]]:
        held: dict[str, set[int]] = {}
        full = played.full
        for seat, screen in enumerate(full["screens"]):
            for number in [*screen["bonus"], *full["seats"][seat]["bonus_used"]]:
                held.setdefault(f"bonus-{number}", set()).add(seat)
        for seat, text in played.moves():
            words = text.split()
            if words[0] == "take":  # action C: the end-game tile taken
                held.setdefault(f"end-{words[1]}", set()).add(seat)
            elif words[0] == "key" and words[1] != "arc":  # action A on a bank
                held.setdefault(f"bank-{words[1].upper()}", set()).add(seat)
        for district in full["districts"]:
            for landmark in district["landmarks"]:
                held.setdefault(f"landmark-{landmark['value']}", set()).update(landmark["keys"])
        for tile, seats in self._vp_tile_majorities(played).items():
            held.setdefault(f"vp-tile-{tile}", set()).update(seats)
        known = {element.id for element in self.elements()}
        return {key: sorted(seats) for key, seats in held.items() if key in known and seats}

    def _vp_tile_majorities(self, played: Played) -> dict[int, list[int]]:
        names = {d["code"]: d["name"] for d in played.full["districts"]}
        breakdown = played.state.score_breakdown()
        result: dict[int, list[int]] = {}
        for tile in played.full["vp_tiles"]:
            if tile["district"] is None:
                continue
            component = names[tile["district"]] + MAJORITY
            if not any(line["component"] == component for lines in breakdown for line in lines):
                raise ProbeError(f"VP tile {tile['tile']} lies in {component[:-len(MAJORITY)]} "
                                 f"but the breakdown has no {component!r} line; update "
                                 "belle/balance/games/paris.py")
            points = [sum(line["points"] for line in lines if line["component"] == component)
                      for lines in breakdown]
            best = max(points)
            result[tile["tile"]] = [s for s, p in enumerate(points) if p == best and p > 0]
        return result

    def lengths(self, played: Played) -> dict[str, int]:
        turns = int(played.full["turns"])
        return {"turns": turns, "rounds": math.ceil(turns / played.state.num_players)}

    def end(self, played: Played) -> tuple[str, bool]:
        if played.full.get("end_triggered"):
            return ("the last end-game tile was taken, then the round was finished "
                    "and one more played (PARIS-130..134)", False)
        return super().end(played)

    def facts(self, played: Played) -> dict[str, bool]:
        """Which VP tiles were placed, how many per game (a distribution: one fact per
        count), and whether every trigger was used (TRIGGERS_USED)."""
        tiles = played.full["vp_tiles"]
        placed = sum(1 for tile in tiles if tile["district"] is not None)
        # keys only enter a district's spaces and never leave (state._move), so a district
        # holding 4 now reached 4 once, and triggered then (PARIS-127, PARIS-129)
        triggers = sum(1 for district in played.full["districts"]
                       if district["keys_on_spaces"] >= data.VP_TRIGGER_KEYS)
        facts = {f"VP tile {tile['tile']} ({'/'.join(map(str, tile['amounts']))}) placed":
                 tile["district"] is not None for tile in tiles}
        facts |= {f"{count} VP tile{'' if count == 1 else 's'} placed in the game":
                  placed == count for count in range(len(tiles) + 1)}
        facts[TRIGGERS_USED] = placed >= min(triggers, len(tiles))
        return facts

    def component_group(self, component: str) -> str:
        if component.endswith(MAJORITY):
            return "district majorities (VP tiles)"
        return component


PROBE = ParisProbe()

"""Paris Paris: the bus lines, each held by the seat dealt it as secret line.

Every route but green's is reconstructed (data.py, P-2, P-3); green's is the seed's. A
line is the secret line of the seat dealt it (`secret_lines` at the end); with option
`dm` nobody has one. The stops' names are reconstructed too, but a name changes nothing
in play.
"""

from __future__ import annotations

from belle.balance.probe import Element, Played, Probe
from belle.games.paris_paris import data


class ParisParisProbe(Probe):
    game_id = "paris_paris"

    def elements(self) -> list[Element]:
        names = {stop.id: stop.name for stop in data.STOPS}
        return [Element(f"line-{line.colour}", "secret line",
                        f"the {line.colour} line ({names[line.stops[0]]} – "
                        f"{names[line.stops[-1]]}) as a secret line", line.provenance)
                for line in data.LINES]

    def holders(self, played: Played) -> dict[str, list[int]]:
        held: dict[str, list[int]] = {}
        for seat, colour in enumerate(played.full.get("secret_lines") or []):
            if colour is not None:
                held.setdefault(f"line-{colour}", []).append(seat)
        known = {element.id for element in self.elements()}
        return {key: seats for key, seats in held.items() if key in known}


PROBE = ParisParisProbe()

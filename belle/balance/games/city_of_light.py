"""City of Light: the postcards and building shapes, tagged as in data.py.

A postcard is held by the player whose marker is on it (who activated it; the view's
`owner`), and is in play only when it is one of the game's eight. A building is held by
the player who took it: built on the board or still in the reserve at the end. The
street tiles are left out: each player has the whole set, so holding tells nothing.
"""

from __future__ import annotations

from belle.balance.probe import Element, Played, Probe
from belle.games.city_of_light import data


class CityOfLightProbe(Probe):
    game_id = "city_of_light"

    def elements(self) -> list[Element]:
        found = [Element(f"postcard-{card.id}", "postcard", f"postcard {card.name}",
                         card.provenance) for card in data.POSTCARDS]
        found += [Element(f"building-{b.id}", "building",
                          f"building {b.id} (size {len(b.cells)})", b.provenance)
                  for b in data.BUILDINGS]
        return found

    def available(self, played: Played) -> list[str]:
        in_play = {f"postcard-{card['id']}" for card in played.full["postcards"]}
        return [e.id for e in self.elements() if e.kind != "postcard" or e.id in in_play]

    def holders(self, played: Played) -> dict[str, list[int]]:
        held: dict[str, set[int]] = {}
        for card in played.full["postcards"]:
            if card["owner"] is not None:
                held.setdefault(f"postcard-{card['id']}", set()).add(card["owner"])
        for building in played.full["buildings"]:
            held.setdefault(f"building-{building['id']}", set()).add(building["owner"])
        for seat, reserve in enumerate(played.full["reserves"]):
            for building_id in reserve:
                held.setdefault(f"building-{building_id}", set()).add(seat)
        known = {element.id for element in self.elements()}
        return {key: sorted(seats) for key, seats in held.items() if key in known}


PROBE = CityOfLightProbe()

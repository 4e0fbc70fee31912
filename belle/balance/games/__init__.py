"""Per-game probes: `probe_for(game_id)` is `belle.balance.games.<id>.PROBE` where that
module exists, else the generic `Probe` (any registered game works, with no elements)."""

from __future__ import annotations

import importlib

from belle.balance.probe import Probe


def probe_for(game_id: str) -> Probe:
    name = f"belle.balance.games.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        probe = Probe()
        probe.game_id = game_id
        return probe
    found = module.PROBE
    assert isinstance(found, Probe)
    return found

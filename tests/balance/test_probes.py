"""Per game, the probe reads a played game: it finds reconstructed elements (derived from
data.py's tags) and their holders, and the score lines the bounds need. An engine change
that breaks a probe fails here instead of skewing the figures."""

from __future__ import annotations

import pytest

from belle.balance.games import probe_for
from belle.balance.games.bruxelles_1893 import (
    BUILDING_COMPONENTS,
    CONSTRUCTION,
    OTHER_DURING_PLAY,
)
from belle.balance.games.paris import TRIGGERS_USED
from belle.balance.probe import Probe
from belle.balance.runner import GameResult, Run, lineup, play_one
from belle.engine.registry import game_ids, load_game

PROBED = ["paris", "paris_connection", "city_of_light", "paris_paris", "bruxelles_1893"]


def played(game: str, seed: int = 1, bot: str = "random") -> GameResult:
    players = load_game(game).info.min_players
    result = play_one(Run(game, players, lineup(players, [bot]), 1, seed), 0)
    assert result.error is None, result.error
    assert result.facts is not None
    return result


@pytest.mark.parametrize("game", PROBED)
def test_every_game_has_a_probe_with_elements(game: str) -> None:
    probe = probe_for(game)
    assert type(probe) is not Probe and probe.game_id == game
    elements = probe.elements()
    assert any(e.reconstructed for e in elements)
    assert len({e.id for e in elements}) == len(elements)
    assert {e.provenance for e in elements} <= {"seed", "public", "derived", "reconstructed"}


@pytest.mark.parametrize("game", PROBED)
def test_the_probe_finds_holders_in_a_played_game(game: str) -> None:
    result = played(game)
    assert result.facts is not None
    elements = probe_for(game).elements()
    known = {e.id for e in elements}
    reconstructed = {e.id for e in elements if e.reconstructed}
    assert set(result.facts.holders) & reconstructed, "no reconstructed element held"
    assert set(result.facts.holders) <= known
    assert set(result.facts.available) <= known
    players = len(result.ranking)
    for seats in result.facts.holders.values():
        assert seats and all(0 <= s < players for s in seats)
    assert len(result.facts.components) == players
    assert 0 <= result.facts.start_player < players


def test_every_registered_game_has_its_probe() -> None:
    """A new game works with the generic probe (tests/balance/test_runner.py), but its
    reconstructions are measured only once it has a probe: add it to PROBED."""
    assert set(game_ids()) == set(PROBED)


def test_paris_reports_each_vp_tile_and_groups_the_majorities() -> None:
    result = played("paris", bot="greedy:samples=1")
    assert result.facts is not None
    facts = result.facts.facts
    assert sum(1 for name in facts if name.startswith("VP tile ")) == 6
    counts = [name for name in facts if name.endswith(" placed in the game")]
    assert len(counts) == 7 and sum(facts[name] for name in counts) == 1  # one count is true
    placed = sum(facts[name] for name in facts if name.startswith("VP tile "))
    assert facts[f"{placed} VP tile{'' if placed == 1 else 's'} placed in the game"]
    assert TRIGGERS_USED in facts
    names = {name for lines in result.facts.components for name, _ in lines}
    assert "district majorities (VP tiles)" in names
    assert not any(name.endswith(" majority") for name in names)


def test_paris_connection_finds_the_company_on_every_start_hex() -> None:
    result = played("paris_connection")
    assert result.facts is not None
    starts = [e.id for e in probe_for("paris_connection").elements()]
    assert len(starts) == 6
    assert set(result.facts.holders) == set(starts)  # every company has a top shareholder


def test_bruxelles_splits_construction_out_of_the_vp_during_play() -> None:
    result = played("bruxelles_1893", bot="greedy:samples=1")
    assert result.facts is not None
    for seat, lines in enumerate(result.facts.components):
        names = [name for name, _ in lines]
        assert set(BUILDING_COMPONENTS) <= set(names)
        assert "VP during the game" not in names
        parts = dict(lines)
        assert parts[CONSTRUCTION] >= 0 and parts[OTHER_DURING_PLAY] >= 0, seat
    assert any(points > 0 for lines in result.facts.components
               for name, points in lines if name == CONSTRUCTION)

"""The fast paths of the engine against their simple references, on random positions:

- `legal.is_legal(st, a)` is exactly `a in st.legal_actions()` (the checked
  `apply_action` relies on it), for legal actions, random actions of the whole action
  space and malformed ones (fields out of range or not ints: never legal);
- `scoring.totals` (what `returns` and search use) is the sum of the itemised
  `score_lines` the score display shows, and `rules.lit_weight` the sum of the weights
  `rules.lamps_lighting` lists;
- building positions from `rules.FITS` are the placement list `rules.PLACEMENTS`.

Positions come from seeded random playouts over many option sets (every postcard,
invented ones included, and both rules editions), so the scoring of every card is met.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import belle
from belle.engine.referee import sample_chance
from belle.games.city_of_light import actions as act
from belle.games.city_of_light import legal, rules, scoring
from belle.games.city_of_light.state import CityOfLightState

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"postcards": "random_all", "invented_cards": True},
    {"postcards": "random_all", "variants": ["mirror", "metro_lamps_stay_lit", "stamp_point"]},
    {"postcards": "random_base", "invented_cards": True, "variants": ["final_pass"]},
    {"postcards": "random_all", "rules_version": 1, "variants": ["statue_lamps_free"]},
    {"postcards": "list", "postcard_list": ["PENSEUR", "TOUR_EIFFEL", "ARC", "CATACOMBES",
                                            "GRANDE_LUMIERE", "LOUVRE", "NOTRE_DAME",
                                            "METROPOLITAIN"]},
]
TARGET_ACTIONS = [a for a in act.ALL_ACTIONS
                  if isinstance(a, (act.Target, act.Side, act.Quadrant, act.Swap, act.Use))]
MALFORMED = [
    act.LayTile(True, 0, 0), act.LayTile(0, 16, 0), act.LayTile(0, 0, 4), act.LayTile(-1, 0, 0),
    act.Take(12), act.Take(-1), act.Select(99), act.Put(0, 64), act.Put(9, 0), act.Put(-1, 3),
    act.Activate(22), act.Activate(-1), act.Target(64, 0), act.Target(1.0, 0),  # type: ignore[arg-type]
    act.Target(0, 9), act.Side(0), act.Quadrant(5), act.Swap(0, 12), act.Pick(22),
    act.Draw(8), act.First(2), act.Draw(True),
]


def positions(options: dict[str, Any], games: int, seed: int) -> Iterator[CityOfLightState]:
    """Every state met in `games` seeded random playouts (chance sampled)."""
    game = belle.load_game("city_of_light", **options)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state(2)
        while True:
            assert isinstance(state, CityOfLightState)
            yield state
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
def test_is_legal_is_membership_in_the_legal_list(options: dict[str, Any]) -> None:
    rng = random.Random(11)
    for state in positions(options, games=6, seed=3):
        listed = state.legal_actions()
        candidates = listed + rng.sample(act.ALL_ACTIONS, 40)
        if state.pending_card >= 0:  # a postcard's target: every target of every kind
            candidates += TARGET_ACTIONS
        for action in candidates:
            assert legal.is_legal(state, action) == (action in listed), (
                state.action_to_string(action), state.history[-3:])
        for action in MALFORMED:
            assert not legal.is_legal(state, action), action


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
def test_totals_are_the_sum_of_the_score_lines(options: dict[str, Any]) -> None:
    for state in positions(options, games=8, seed=5):
        if state.stage < 2:
            continue
        lines = state.score_breakdown()
        assert scoring.totals(state) == [scoring.total(seat_lines) for seat_lines in lines]
        lamps = rules.active_lamps(state)
        for mask in state.b_mask:
            found = rules.lamps_lighting(state, mask, lamps)
            assert rules.lit_weight(state, mask, lamps) == sum(w for _, w in found)


def test_fitting_anchors_are_the_placement_list() -> None:
    rng = random.Random(2)
    for _ in range(300):
        allowed = rng.getrandbits(64) | rng.getrandbits(64)  # about three quarters free
        for mirror in (False, True):
            for building in range(rules.NUM_BUILDINGS):
                listed = [(o, a) for o, a, m in rules.PLACEMENTS[mirror][building]
                          if m & allowed == m]
                fast = [(o, a) for o, offsets, anchors in rules.FITS[mirror][building]
                        for a in rules.spaces_in(rules.fitting_anchors(offsets, anchors,
                                                                       allowed))]
                assert fast == listed
                assert rules.fits_somewhere(building, allowed, mirror) == bool(listed)


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=lambda o: ",".join(map(str, o.values())))
def test_kept_fit_answers_are_fresh_answers(options: dict[str, Any]) -> None:
    """`legal.fitting` keeps its answers along a game (st.fit_cache): they are always
    what a fresh check over the reserve gives."""
    for state in positions(options, games=6, seed=9):
        if state.stage != 2:
            continue
        for seat in (0, 1):
            allowed = legal.build_allowed(state, seat, metro=False)
            fresh = sum(1 << b for b in rules.spaces_in(state.reserve[seat])
                        if rules.fits_somewhere(b, allowed, state.mirror))
            assert legal.fitting(state, seat, metro=False) == fresh


@pytest.mark.parametrize("bad", [object(), 5, "tile 1 A1 0", None, [1], act.Take(2**80),
                                 act.LayTile("a", 0, 0), act.Select(None),  # type: ignore[arg-type]
                                 act.Swap([], 1), act.Target(-1, 0)])  # type: ignore[arg-type]
def test_anything_else_is_refused_with_a_game_error(bad: object) -> None:
    """An object that is not one of the game's actions (a field out of range or of the
    wrong type included) is refused with a GameError and changes nothing."""
    state = belle.load_game("city_of_light").new_initial_state(2)
    before = state.to_json()
    with pytest.raises(belle.GameError):
        state.apply_action(bad)  # type: ignore[arg-type]
    assert state.to_json() == before

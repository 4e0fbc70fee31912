"""Named Paris positions and their legal-action counts (a regression guard, as perft in
chess). Each is built from the setup and a short action log, so a failure prints
something reproducible."""

from __future__ import annotations

import pytest

from .helpers import CH, LV, MO, build, key, play, started, step2

POSITIONS = {
    # seat 0 of 3 starts; stacks show MO, SG, LV
    "start": ([], 3),  # draw 1, 2 or 3; nothing to exchange, no tiles
    "after-draw": (["draw 1", "value 5", "top 1 CH"], 7),  # 6 banks + the Arc
    "banked": (["draw 1", "value 5", "top 1 CH", "key MO", "draw 2", "value 8", "top 2 BE"],
               # seat 1: 7 key places
               7),
    "second-turn": (["draw 1", "value 5", "top 1 CH", "key MO", "draw 2", "value 8",
                     "top 2 BE", "key CH", "draw 3", "value 1", "top 3 MP", "key arc",
                     "draw 1", "value 4", "top 1 BE"],
                    # seat 0 has the MO bank key and 7 F: MO5 (5 F) and 5 key places
                    1 + 5 + 1),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts(name: str) -> None:
    log, expected = POSITIONS[name]
    state = started(3)
    play(state, *log)
    assert len(state.legal_actions()) == expected, [
        state.action_to_string(a) for a in state.legal_actions()]


def test_crowded_district_count() -> None:
    """A fuller position: an Arc key and a bank key, three built spaces, money for all."""
    state = step2(started(3), 0)
    build(state, "MO1", "MO3", "LV8", "CH4")
    key(state, 0, "arc")
    key(state, 0, "bank-MO")
    key(state, 1, "MO3")
    state.francs[0] = 8
    moves = [state.action_to_string(a) for a in state.legal_actions()
             if state.action_to_string(a).startswith("move")]
    # the Arc: MO1, LV8, CH4 (MO3 is taken); the MO bank: MO1
    assert sorted(moves) == ["move arc CH4", "move arc LV8", "move arc MO1", "move bank-MO MO1"]
    assert (MO, LV, CH) == (0, 2, 3)


def test_fast_legality_agrees_with_the_legal_list() -> None:
    """is_legal's fast paths accept exactly the actions legal_actions lists."""
    import random

    import belle
    from belle.engine import sample_chance
    from belle.games.paris.actions import ALL_ACTIONS

    game = belle.load_game("paris", free_districts=True)
    rng = random.Random(4)
    state = game.new_initial_state(3)
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node() and rng.random() < 0.05:
            legal = set(state.legal_actions())
            assert [a for a in ALL_ACTIONS if state.is_legal(a)] == [
                a for a in ALL_ACTIONS if a in legal]
            checked += 1
        state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    assert checked > 5

"""Paris's heuristic (belle/games/paris/heuristic.py), the greedy bot's judge: the
choices of issue 15's diagnosis, each one it used to get wrong (docs/games/paris.md,
"Balance")."""

from __future__ import annotations

import random

from belle.bots.greedy import GreedyBot
from belle.games.paris import data, heuristic
from belle.games.paris.state import ParisState

from .helpers import MO, build, empty_stacks, key, landmark, legal, play, started, step2


def _greedy(state: ParisState) -> str:
    state.board_changed()
    action = GreedyBot(samples=1).choose(state, state.to_move, random.Random(0))
    return state.action_to_string(action)


def test_a_rival_holding_tile_27_counts_its_francs_as_vp() -> None:
    """PARIS-135 (seed): tile 27 scores 1 VP per franc, so ten francs of its holder
    weigh as ten VP against it; without the tile they are worth much less."""
    state = started(2)
    state.francs = [3, 13]
    without = state.heuristic(0)
    state.bonus_held[1] |= 1 << 27
    assert state.heuristic(0) <= without - 13 * 0.5


def test_prestige_is_kept_for_a_landmark_not_sold() -> None:
    """PARIS-98, G-10: a silver token is worth 3–4 VP on a landmark; greedy used to sell
    it for 2 francs (issue 15). Its turn's end is preferred to the sale."""
    state = step2(started(2), 0)
    state.stock[0][data.SILVER] = 1
    state.phase = "after"
    assert "sell silver" in legal(state)
    assert _greedy(state) == "end"


def test_only_tile_27s_holder_sells_gold_for_its_francs() -> None:
    """G-10: a gold resource sells for 1 franc (rules edition 7). Once the end is
    triggered, for tile 27's holder that is 1 VP, more than gold held is still worth;
    anyone else keeps it for a landmark (PARIS-86)."""
    chosen = []
    for holds_27 in (False, True):
        state = step2(started(2), 0)
        state.end_triggered = True
        state.bonus_held[0] |= holds_27 << 27
        state.stock[0][data.GOLD] = 1
        state.phase = "after"
        chosen.append(_greedy(state))
    assert chosen == ["end", "sell gold"]


def test_entering_a_landmark_counts_the_prestige_it_pays() -> None:
    """PARIS-98: the move onto a landmark shows its hand-in reward at once, so greedy
    builds one with marble, gold and prestige in hand instead of taking francs."""
    state = step2(started(2), 0)
    empty_stacks(state)
    build(state, "MO8")
    key(state, 0, "MO8")
    state.stock[0][data.MARBLE] = state.stock[0][data.GOLD] = 1
    state.stock[0][data.BRONZE] = state.stock[0][data.SILVER] = 1
    state.stock[0][data.PGOLD] = 1
    state.francs[0] = 10
    assert "move MO8 build L12 MO" in legal(state)
    play(state, "move MO8 build L12 MO")
    assert state.phase == "benefit"
    assert state.heuristic(0) > 0
    assert _greedy(state).startswith("give")


def test_an_end_game_franc_tile_is_denied_to_tile_27s_holder() -> None:
    """G-8: the pile is shared; with the rival holding tile 27, the 8 francs are 8 VP to
    it, so taking f8 leaves it less than taking the 3 VP tile would (rules edition 3:
    edition 4's pile has no franc tile)."""
    state = step2(started(2, rules_version=3), 0)
    empty_stacks(state)
    state.bonus_held[1] |= 1 << 27
    play(state, "endgame")
    state.board_changed()
    taken = {}
    for code in ("f8", "vp3"):
        child = state.clone()
        play(child, f"take {code}")
        taken[code] = child.heuristic(0)
    assert taken["f8"] > taken["vp3"]


def test_a_landmark_counts_in_its_districts_majority() -> None:
    """The majority term counts landmarks in their district (PARIS-138)."""
    state = started(2)
    build(state, "MO8")
    landmark(state, "L12", MO)
    key(state, 0, "L12")
    key(state, 1, "MO8")
    assert state.heuristic(0) > 0 > state.heuristic(1)


def test_greedy_places_the_largest_vp_tile_when_nothing_else_differs() -> None:
    """PARIS-127 (the seed's "may"): with every district but the trigger's empty of keys,
    placing any tile in an empty district is worth the same to both seats as declining;
    the tie-break makes greedy place the largest, as the seed's majorities expect, where
    it used to pick among them (and `novptile`) by chance."""
    for seed in range(6):
        state = step2(started(2), 0)
        build(state, "MO1", "MO2", "MO3", "MO4")
        for name in ("MO1", "MO2", "MO3"):
            key(state, 1, name)
        key(state, 0, "arc")
        state.francs[0] = 10
        play(state, "move arc MO4")
        assert state.phase == "benefit" and "novptile" in legal(state)
        choice = state.action_to_string(GreedyBot(samples=1).choose(state, 0, random.Random(seed)))
        largest = len(data.VP_TILES)
        assert choice.startswith(f"vptile {largest} ") and not choice.endswith(" MO"), choice


def test_tile_27_is_worth_the_francs_its_holder_can_still_earn() -> None:
    """PARIS-135 (seed): tile 27 pays 1 VP for every franc at the end, including francs
    earned after it is taken. Greedy used to value it by the francs already held, so with
    an empty purse it left the tile to a player who would fill it later (issue 15's
    hoard-francs strategy). The francs to come count less once the stacks are empty and
    not at all once the end is triggered (PARIS-44)."""
    state = started(2)
    state.francs = [0, 0]

    def tile_27_worth() -> float:
        state.bonus_held[0] &= ~(1 << 27)
        without = heuristic.holdings(state, 0)
        state.bonus_held[0] |= 1 << 27
        return heuristic.holdings(state, 0) - without

    early = tile_27_worth()
    empty_stacks(state)
    stacks_empty = tile_27_worth()
    state.end_triggered = True
    assert early > stacks_empty > 0.0
    assert tile_27_worth() == 0.0

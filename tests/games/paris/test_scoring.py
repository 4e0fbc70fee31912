"""Paris final scoring: majorities, their tie-breaks, the 2-player half rule, the winner
(PARIS-135..150), and the variants (PARIS-151..157)."""

from __future__ import annotations

import pytest

from belle.games.paris import data, rules
from belle.games.paris.state import ParisState

from .helpers import CH, LV, MO, build, dx2, key, landmark, legal, play, started

TILE = {amounts: i for i, amounts in enumerate(data.VP_TILES)}


def scored(state: ParisState, district: int, amounts: tuple[int, int, int]) -> list[int]:
    """The majority VP of `district` with the VP tile `amounts`, at game end."""
    state.vp_tile_at[district] = TILE[amounts]
    state.phase = "over"
    name = data.DISTRICTS[district].name
    return [
        next(line["points"] for line in lines if line["component"] == f"{name} majority")
        for lines in state.score_breakdown()
    ]


def test_majority_tie_broken_by_highest_space_dx2() -> None:
    """DX-2, PARIS-138, PARIS-140, PARIS-143: A 5+3 = 8, B 8, C 4 → B first, A second, C
    third (DX-2's tile is 12/6/3; today's 10/6/3 pays B 10, A 6, C 3)."""
    assert scored(dx2(), MO, (10, 6, 3)) == [6, 10, 3]


def test_shared_space_ties_skip_the_next_place_dx3() -> None:
    """DX-3, PARIS-102, PARIS-144: A and B share the 8: both first (VP tile 11/7/4:
    11), 2nd skipped, C 4."""
    state = started(3)
    build(state, "LV8", "LV4")
    key(state, 0, "LV8")
    key(state, 1, "LV8")
    key(state, 2, "LV4")
    assert scored(state, LV, (11, 7, 4)) == [11, 11, 4]


def test_three_still_tied_take_the_same_place() -> None:
    """PARIS-145: k players still tied all take the place; the next k-1 are skipped."""
    awards = rules.majority_awards([8, 8, 8, 4], [8, 8, 8, 4], (12, 6, 3))
    assert awards == [12, 12, 12, 0]


@pytest.mark.parametrize("b_strength,b_points", [(6, 0), (7, 7)])
def test_two_player_half_rule_dx4(b_strength: int, b_points: int) -> None:
    """DX-4, PARIS-141, PARIS-162: A 13; B gets the second amount only with >= 6.5."""
    assert rules.majority_awards([13, b_strength], [8, 5], (14, 7, 4)) == [14, b_points]


def test_two_player_tie_on_top_takes_first_twice() -> None:
    """PARIS-146: still tied in a 2-player game: both first, nobody second."""
    assert rules.majority_awards([8, 8], [8, 8], (14, 7, 4)) == [14, 14]


def test_fourth_place_and_bank_keys_score_nothing() -> None:
    """PARIS-137, PARIS-140, PARIS-163: bank keys do not qualify; a 4th gets nothing."""
    state = started(4)
    build(state, "CH1", "CH2", "CH3", "CH4")
    for seat, name in enumerate(("CH4", "CH3", "CH2", "CH1")):
        key(state, seat, name)
    assert scored(state, CH, (10, 6, 3)) == [10, 6, 3, 0]
    state = started(3)
    build(state, "CH1")
    key(state, 0, "CH1")
    key(state, 1, "bank-CH")
    assert scored(state, CH, (10, 6, 3)) == [10, 0, 0]


def test_landmarks_count_in_the_district_strength() -> None:
    """PARIS-138: buildings and landmarks with one's keys."""
    state = started(2)
    build(state, "MO8")
    landmark(state, "L12", MO)
    key(state, 0, "L12")
    key(state, 1, "MO8")
    assert scored(state, MO, (12, 8, 4)) == [12, 8]


def test_district_without_a_vp_tile_scores_nothing() -> None:
    """PARIS-136."""
    state = started(2)
    build(state, "MO8")
    key(state, 0, "MO8")
    state.phase = "over"
    assert state.returns() == [0.0, 0.0]


def test_winner_tie_breaks() -> None:
    """PARIS-147..150: VP, then francs, then board value; then a shared victory."""
    state = started(3)
    state.phase = "over"
    state.francs = [5, 5, 4]
    build(state, "MO8", "MO5")
    key(state, 0, "MO8")
    key(state, 1, "MO5")
    assert state.ranking() == [0, 1, 2]
    state.space_keys[rules.DISTRICT_SPACES[MO][5]] = ()
    key(state, 0, "MO5")
    state.space_keys[rules.DISTRICT_SPACES[MO][4]] = (0, 1)
    assert state.ranking() == [0, 0, 2]
    assert state.winners() == [0, 1]


# -- variants ----------------------------------------------------------------------------------


def test_random_token_layout() -> None:
    """PARIS-151: gold resources beside the 8s, the other 30 tokens shuffled by chance."""
    state = started(random_setup=True)
    assert [state.token_at[d * 6 + 5] for d in range(6)] == [data.GOLD] * 6
    assert sorted(state.token_at) == sorted([0] * 6 + [1] * 6 + [2] * 6 + [3] * 6 + [4] * 6
                                            + [5] * 6)


def test_random_track_keeps_zones_and_copies() -> None:
    """PARIS-152: one tile of each number shuffled within its zone, copies on top."""
    state = started(4, random_setup=True)
    for space in range(1, 31):
        number = state.track_num[space]
        assert data.zone_of(number) == data.zone_of(space)
        assert state.track_cnt[space] == data.bonus_copies(number, 4)
    assert sorted(state.track_num[1:]) == list(range(1, 31))


def test_random_setup_is_chance() -> None:
    """PARIS-151, PARIS-152: the shuffles are public chance nodes."""
    import belle

    state = belle.load_game("paris", random_setup=True).new_initial_state(2)
    play(state, "first 1")
    outcomes = state.chance_outcomes()
    assert {state.action_to_string(a) for a, _ in outcomes} == {
        "token wood", "token marble", "token bronze", "token silver", "token pgold"}
    assert state.chance_visibility(outcomes[0][0]) is None


def test_free_districts_placement() -> None:
    """PARIS-154, PARIS-155: a drawn tile goes on a free space of its value in any
    district without a building of its type."""
    state = started(free_districts=True, tops=(MO, MO, MO))
    build(state, "SG1")  # a bakery in Saint-Germain
    play(state, "draw 1", "value 5")  # Montmartre's 5 is a bakery
    assert state.phase == "put"
    assert "put SG" not in legal(state) and {"put MO", "put LV"} <= legal(state)
    play(state, "put LV")
    assert state.built[2 * 6 + 4] == 4  # La Villette's 5 holds Montmartre's bakery


def test_free_districts_unplaceable_tile_is_removed() -> None:
    """PARIS-156: a tile that fits nowhere leaves the game; step 2 follows."""
    state = started(free_districts=True, tops=(MO, MO, MO))
    build(state, "SG1")  # Saint-Germain has a bakery
    for d in (LV, CH, 4, 5):
        build(state, f"{data.DISTRICTS[d].code}5")
    state.built[MO * 6 + 4] = 1 * 6 + 4  # Montmartre's 5 holds Saint-Germain's tile
    state.unseen[1 * 6 + 4] = False
    state.unseen_in[1] -= 1
    play(state, "draw 1", "value 5")  # Montmartre's bakery: only SG's 5 is free
    assert state.discarded == [MO * 6 + 4]
    assert state.view(None)["discarded"] == ["MO5"]
    assert state.phase == "reveal"

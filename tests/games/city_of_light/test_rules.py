"""City of Light rules tests for setup, phase 1 and phase 2, each citing its COL rule."""

from __future__ import annotations

import pytest

import belle
from belle.engine import sample_chance
from belle.games.city_of_light import actions as act
from belle.games.city_of_light import data, rules
from belle.games.city_of_light.state import BUILD, OVER, STREETS

from .helpers import BLUE, OPEN, ORANGE, add, grid, mask, new, play, started, texts


def test_two_players_only_col1() -> None:
    """COL-1: exactly two players."""
    game = belle.load_game("city_of_light")
    for players in (1, 3):
        with pytest.raises(belle.OptionError):
            game.new_initial_state(players)


def test_setup_counts_col10_col11_col22_col23() -> None:
    """COL-10, COL-11, COL-22, COL-23: 7 chimneys, 4 markers, 12 buildings in supply."""
    state = started()
    view = state.view(None)
    assert view["chimneys"] == [7, 7] and view["markers"] == [4, 4]
    assert len(view["supply"]) == 12 and view["reserves"] == [[], []]
    sizes = sorted(rules.BUILDING_SIZE[:12])
    assert sizes == [3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6]  # COL-13


def test_first_game_set_col19() -> None:
    """COL-18, COL-19: 8 postcards, the first-game set by default."""
    state = new()
    assert [data.POSTCARDS[c].id for c in state.cards] == list(data.FIRST_GAME_SET)
    assert len(data.FIRST_GAME_SET) == 8


def test_random_postcards_are_public_chance_col18() -> None:
    """COL-18, COL-216: a random set is 8 public chance picks from the pool."""
    state = new(postcards="random_all", start_player="orange")
    assert state.current_player() == belle.CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18  # 8 known base + 8 Eiffel + 2 promos (G-3: no invented)
    assert state.chance_visibility(outcomes[0][0]) is None
    for _ in range(8):
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(set(state.cards)) == 8


def test_list_option_needs_eight_cards_col18() -> None:
    """COL-18: an explicit list names exactly 8 postcards."""
    with pytest.raises(belle.OptionError):
        belle.load_game("city_of_light", postcards="list", postcard_list=("SEINE",))


def test_start_player_is_chance_or_option_col26() -> None:
    """COL-26, G-10: random start player by chance, or given as an option."""
    state = new()
    assert [a for a, _ in state.chance_outcomes()] == [act.FIRST[0], act.FIRST[1]]
    play(state, "first blue", "draw 2", "draw 3")
    assert state.current_player() == BLUE  # COL-28


def test_draws_are_private_col25() -> None:
    """COL-24, COL-25, COL-29: each draw is a chance node only its owner may see."""
    state = new(start_player="orange")
    assert len(state.chance_outcomes()) == 8
    assert state.chance_visibility(act.DRAW[0]) == frozenset({ORANGE})
    play(state, "draw 5")
    assert state.chance_visibility(act.DRAW[0]) == frozenset({BLUE})
    play(state, "draw 6")
    assert state.view(ORANGE)["hand"]["tile"] == 5
    assert state.view(BLUE)["hand"]["tile"] == 6
    assert state.view(None)["hand"] is None


def test_place_or_take_col30_col31_col33() -> None:
    """COL-30..33, COL-35: lay the hand tile in any of 16 slots × 4 turns, or take."""
    state = started()
    legal = texts(state)
    assert len([t for t in legal if t.startswith("tile 1 ")]) == 64
    assert len([t for t in legal if t.startswith("take ")]) == 12
    assert "pass" not in legal  # COL-42
    assert not any(t.startswith("build") for t in legal)  # COL-38


def test_tile_rotation_col32() -> None:
    """COL-32: a tile turned 90° clockwise; pattern LOOR is TL TR BL BR for its owner."""
    state = started(hands=(5, 1))
    play(state, "tile 5 A1 90")
    spaces = state.view(None)["spaces"]
    # LOOR turned clockwise: TL = old BL (O), TR = old TL (L), BL = old BR (R), BR = old TR
    assert [spaces[0], spaces[1], spaces[8], spaces[9]] == ["O", "L", "B", "O"]


def test_occupied_slot_is_refused_col34() -> None:
    """COL-34: each slot takes one tile."""
    state = started()
    play(state, "tile 1 A1 0", "draw 2", "take S3a")
    assert state.hand[ORANGE] == 1
    with pytest.raises(belle.IllegalActionError):
        play(state, "tile 2 A1 0")


def test_take_and_open_reserve_col35_col37() -> None:
    """COL-35, COL-37, COL-12: the building leaves the shared supply for an open reserve."""
    state = started()
    play(state, "take S6a")
    view = state.view(BLUE)
    assert view["reserves"][ORANGE] == ["S6a"] and "S6a" not in view["supply"]
    assert state.current_player() == BLUE


def test_draw_follows_each_tile_col36() -> None:
    """COL-36: after laying a tile the next one is drawn (a private chance node)."""
    state = started()
    play(state, "tile 1 A1 0")
    assert state.current_player() == belle.CHANCE
    assert state.chance_visibility(act.DRAW[2]) == frozenset({ORANGE})
    assert act.DRAW[0] not in state.legal_actions()  # tile 1 is played
    play(state, "draw 3")
    assert state.current_player() == BLUE


def test_no_take_from_empty_supply_col40() -> None:
    """COL-40, COL-42: with the supply empty a player holding a tile must lay it."""
    state = started()
    for b in data.BUILDINGS:
        play(state, f"take {b.id}")
    assert [t for t in texts(state) if not t.startswith("tile")] == []


def test_pass_only_without_tiles_and_not_final_col41_col43() -> None:
    """COL-41, COL-43: out of tiles, a player takes or passes; a pass counts once."""
    state = started()
    _orange_out_of_tiles(state)
    assert state.hand[ORANGE] < 0 and state.current_player() == ORANGE
    assert "pass" in texts(state)
    play(state, "pass")
    play(state, texts(state)[0])  # blue lays a tile
    play(state, "draw " + str(_next(state, BLUE)))
    assert any(t.startswith("take") for t in texts(state))  # COL-43: may take again


def test_final_pass_variant_col43() -> None:
    """COL-43 alternative (variant final_pass): after a pass, only passing remains."""
    state = started(variants=("final_pass",))
    _orange_out_of_tiles(state)
    play(state, "pass")
    play(state, texts(state)[0])
    play(state, "draw " + str(_next(state, BLUE)))
    assert texts(state) == ["pass"]


def _next(state: object, seat: int) -> int:
    from belle.games.city_of_light.state import CityOfLightState
    assert isinstance(state, CityOfLightState)
    left = state.remaining[seat]
    return next(t for t in range(8) if left >> t & 1) + 1


def _orange_out_of_tiles(state: object) -> None:
    """Orange lays all 8 tiles in row order; blue takes buildings meanwhile."""
    from belle.games.city_of_light.state import CityOfLightState
    assert isinstance(state, CityOfLightState)
    for k in range(8):
        slot = rules.slot_label(k)
        play(state, f"tile {state.hand[ORANGE] + 1} {slot} 0")
        if state.current_player() == belle.CHANCE:
            play(state, f"draw {_next(state, ORANGE)}")
        legal = texts(state)
        take = next((t for t in legal if t.startswith("take")), None)
        play(state, take or legal[0])
        if state.current_player() == belle.CHANCE:
            play(state, f"draw {_next(state, BLUE)}")


def test_phase1_ends_at_the_16th_tile_and_first_finisher_starts_col45_col47() -> None:
    """COL-45, COL-46, COL-47: phase 1 ends at once; who finished first opens phase 2."""
    state = started()
    _orange_out_of_tiles(state)
    assert state.first_finisher == ORANGE and state.stage == STREETS
    while state.stage == STREETS:
        if state.current_player() == belle.CHANCE:
            play(state, f"draw {_next(state, BLUE)}")
        elif state.current_player() == ORANGE:
            play(state, "pass")  # COL-46: turns alternate even when he can only pass
        else:
            lays = [t for t in texts(state) if t.startswith("tile")]
            play(state, lays[0])
    assert sum(state.placed_tiles) == 16 and state.stage == BUILD
    assert state.current_player() == ORANGE  # COL-47 (orange holds buildings)


def test_phase2_turn_choices_col48_col60() -> None:
    """COL-48: place a building (from the reserve) or activate a postcard."""
    state = grid(OPEN, reserves=(("S4a",), ()))
    legal = texts(state)
    assert legal[0] == "build S4a"
    assert [t for t in legal if t.startswith("card")] == [
        f"card {c.lower()}" for c in data.FIRST_GAME_SET]


def test_building_colours_col50_col51_col53() -> None:
    """COL-50, COL-51, COL-53: own colour or purple; never the opponent's colour."""
    rows = ["OOMBBBBB"] + ["BBBBBBBB"] * 7
    state = grid(rows, reserves=(("S3a",), ()))
    play(state, "build S3a")
    assert texts(state) == ["at a1 0"]  # a1 b1 orange, c1 purple
    state = grid(rows, reserves=((), ("S3a",)), to_move=BLUE)
    play(state, "build S3a")
    assert "at a1 0" not in texts(state) and "at c1 0" in texts(state)


def test_never_on_a_streetlight_col52() -> None:
    """COL-52: a building never covers a streetlight."""
    rows = ["OLOOBBBB"] + ["BBBBBBBB"] * 7
    state = grid(rows, reserves=(("S3a",), ()))
    assert "build S3a" not in texts(state)  # no 3 in a row without the lamp at b1


def test_no_overlap_and_no_piece_col54_col55() -> None:
    """COL-54, COL-55: no building on a building or on a special piece."""
    rows = ["OOOOOOOB"] + ["BBBBBBBB"] * 7
    state = grid(rows, reserves=(("S3a", "S3b"), ()))
    add(state, ORANGE, "a1", "b1", "c1", bid=1)
    state.block_mask |= mask("g1")  # a piece (e.g. the fountain)
    play(state, "build S3a")
    assert texts(state) == ["at d1 0"]  # not over a1..c1, not over the piece on g1


def test_building_spans_tiles_col56() -> None:
    """COL-56: a building may cover spaces of several tiles (b1 and c1 are two slots)."""
    state = grid(OPEN, reserves=(("S3a",), ()))
    play(state, "build S3a", "at b1 0")
    assert state.b_mask[0] == mask("b1", "c1", "d1")


def test_rotation_but_no_mirror_col57() -> None:
    """COL-57: rotations only; the variant 'mirror' allows mirrored footprints."""
    state = grid(OPEN, reserves=(("S4b",), ()))
    play(state, "build S4b")
    rots = {t.split()[-1] for t in texts(state)}
    assert rots == {"0", "90", "180", "270"}
    state = grid(OPEN, reserves=(("S4b",), ()), variants=("mirror",))
    play(state, "build S4b")
    assert {t.split()[-1] for t in texts(state)} == {"0", "90", "180", "270", "0m", "90m",
                                                    "180m", "270m"}


def test_chimney_on_each_building_col58_col59() -> None:
    """COL-58, COL-59: each building takes a chimney; none left, no building."""
    state = grid(OPEN, reserves=(("S3a", "S3b"), ()))
    play(state, "build S3a", "at a1 0")
    assert state.chimneys[ORANGE] == 6
    state.chimneys[ORANGE] = 0
    state.to_move = ORANGE
    assert not any(t.startswith("build") for t in texts(state))


def test_activate_then_decline_col60_col63_col65() -> None:
    """COL-60, COL-62, COL-63, COL-65: the marker goes on; a declined card does nothing."""
    state = grid(OPEN)
    play(state, "card moulin_rouge")
    assert "decline" in texts(state)
    play(state, "decline")
    card = data.CARD_INDEX["MOULIN_ROUGE"]
    assert state.card_owner[card] == ORANGE and not state.card_used[card]
    assert state.markers[ORANGE] == 3
    assert "card moulin_rouge" not in texts(state)  # COL-62: once per game


def test_no_marker_no_card_col61() -> None:
    """COL-61: without an action marker, no postcard."""
    state = grid(OPEN, reserves=(("S3a",), ()))
    state.markers[ORANGE] = 0
    assert texts(state) == ["build S3a"]


def test_skip_and_end_of_phase2_col67_col69_col70() -> None:
    """COL-67, COL-69, COL-70: a player who cannot act is skipped; neither: the end."""
    state = grid(OPEN, reserves=((), ("S3a",)), to_move=BLUE)
    state.markers = [0, 0]
    assert texts(state) == ["build S3a"]  # COL-70: no voluntary pass
    play(state, "build S3a", "at e1 0")
    assert state.stage == OVER and state.is_terminal()


def test_skipped_player_and_the_other_continues_col69() -> None:
    """COL-69: orange has nothing left to do, so blue plays twice in a row."""
    state = grid(OPEN, reserves=((), ("S3a", "S3b")), to_move=BLUE)
    state.markers = [0, 0]
    play(state, "build S3a", "at e1 0")
    assert state.current_player() == BLUE


def test_random_games_end_with_all_markers_used_col71() -> None:
    """COL-71: at the end all 8 postcards carry a marker, 4 per player."""
    import random
    for seed in range(10):
        rng = random.Random(seed)
        state = new()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.markers == [0, 0]
        owners = [state.card_owner[c] for c in state.cards]
        assert owners.count(ORANGE) == 4 and owners.count(BLUE) == 4

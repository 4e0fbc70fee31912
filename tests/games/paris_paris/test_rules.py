"""Rules tests for Paris Paris, one or more per PP rule (shared/rules/paris_paris.md)."""

from __future__ import annotations

import pytest

import belle
from belle.games.paris_paris import data, rules
from belle.games.paris_paris.rules import CARDS, NET, Readings
from belle.games.paris_paris.state import BAG, FINAL, SMALL

from .helpers import (
    GREEN,
    GREY,
    PURPLE,
    STOP,
    YELLOW,
    lay,
    legal_texts,
    place,
    play,
    shops_at,
    started,
)


def empty_shops() -> list[tuple[int, ...]]:
    return [()] * rules.NUM_STOPS


def board(shops: dict[str, tuple[int, ...]]) -> list[tuple[int, ...]]:
    result = empty_shops()
    for stop_id, owners in shops.items():
        result[STOP[stop_id]] = owners
    return result


# -- components (PP-1..15) -----------------------------------------------------
def test_pp1_two_to_four_players() -> None:
    game = belle.load_game("paris_paris")
    for players in (2, 3, 4):
        assert game.new_initial_state(players).num_players == players
    for players in (1, 5):
        with pytest.raises(belle.OptionError):
            game.new_initial_state(players)


def test_pp3_to_pp9_network_counts() -> None:
    assert rules.check_network() == []
    assert sum(NET.is_crossing) == 10 and sum(NET.is_terminus) == 10  # section 3
    assert len(NET.ids) == 25
    assert all(len(c) == 4 for c in NET.crossings)  # PP-7
    green = [NET.ids[s] for s in NET.crossings[0]]
    assert green == ["MMA", "HDV", "POM", "QLA"]  # the seed's green crossings (P-3)
    assert not NET.is_crossing[STOP["NDA"]] and not NET.is_crossing[STOP["LUX"]]
    assert {NET.ids[n] for n in NET.neighbours[STOP["POM"]]} >= {"SNI", "PNF"}


def test_pp8_pp11_cards_per_stop_derived_from_routes() -> None:
    per_stop = [0] * rules.NUM_STOPS
    for card in CARDS:
        per_stop[card.stop] += card.copies
    for stop in range(rules.NUM_STOPS):
        expected = 4 if NET.is_crossing[stop] else 1 if NET.is_terminus[stop] else 2
        assert per_stop[stop] == expected, NET.ids[stop]
    crossing = STOP["POM"]
    assert sorted(c.copies for c in CARDS if c.stop == crossing) == [2, 2]  # PP-8
    assert sum(c.copies for c in CARDS) == 60  # PP-11


# -- setup (PP-16..21) ---------------------------------------------------------
def test_pp17_secret_lines_distinct_and_private() -> None:
    state = belle.load_game("paris_paris").new_initial_state(3)
    play(state, "secret red")
    outcomes = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    assert "secret red" not in outcomes and len(outcomes) == 4
    assert state.chance_visibility(state.chance_outcomes()[0][0]) == frozenset({1})


def test_pp18_two_players_draw_an_open_line() -> None:
    state = started(2, secrets=("red", "orange"), open_line="blue")
    assert state.view(None)["open_line"] == "blue"
    assert state.view(0)["open_line"] == state.view(1)["open_line"] == "blue"


def test_pp19_pp20_start_player_and_rounds() -> None:
    state = started(3, first=2)
    assert state.start_player == 2 and state.rounds == 15
    assert started(2).rounds == 20 and started(4).rounds == 12


# -- a round (PP-22..36) -------------------------------------------------------
def test_pp22_pp23_players_plus_one_cards_then_clockwise() -> None:
    state = started(3, first=2)
    assert state.is_chance_node()
    lay(state, "Pompidou green", "Pompidou blue", "Opéra red")
    assert state.is_chance_node()  # PP-22: one more than the players
    lay(state, "Luxembourg brown")
    assert state.current_player() == 2  # PP-23
    assert legal_texts(state) == ["take Pompidou green", "take Pompidou blue",
                                  "take Opéra red", "take Luxembourg brown"]
    play(state, "take Opéra red")
    assert state.current_player() == 0
    assert shops_at(state, "OPE") == (2,)  # PP-24, PP-29


def test_pp26_colour_does_not_limit_the_stop_and_duplicates_offer_once() -> None:
    state = started(2)
    lay(state, "Luxembourg brown", "Luxembourg brown", "Opéra red")
    assert legal_texts(state) == ["take Luxembourg brown", "take Opéra red"]
    play(state, "take Luxembourg brown")
    assert shops_at(state, "LUX") == (0,)
    assert legal_texts(state) == ["take Luxembourg brown", "take Opéra red"]


def test_pp27_pp30_pp32_full_stops_removal_and_the_bag() -> None:
    state = started(3, first=0)
    place(state, {"PNF": (GREY, PURPLE), "NDA": (PURPLE,)})
    lay(state, "Pont Neuf blue", "Notre-Dame green", "Tour Eiffel blue", "Vaugirard red")
    play(state, "take Pont Neuf blue")  # PP-27: a crossing holds two, it is full
    assert state.phase == "remove" and state.current_player() == GREEN
    assert legal_texts(state) == ["remove grey", "remove purple"]  # REQ-PP-6
    play(state, "remove grey")
    assert shops_at(state, "PNF") == (PURPLE, GREEN)
    assert state.bag == [0, 1, 0]  # PP-32
    play(state, "take Notre-Dame green")  # an ordinary stop: no choice (REQ-PP-6)
    assert shops_at(state, "NDA") == (GREY,) and state.bag == [0, 1, 1]
    assert state.supply[PURPLE] == data.SHOPS_PER_PLAYER - 2  # removed shops stay out


def test_pp31_pp33_own_shop_removed_goes_back_to_supply() -> None:
    state = started(3, first=0)
    place(state, {"PNF": (GREY, GREEN), "OPE": (GREEN, GREEN)})
    lay(state, "Pont Neuf blue", "Opéra red", "Tour Eiffel blue", "Vaugirard red")
    before = state.supply[GREEN]
    play(state, "take Pont Neuf blue", "remove green")  # PP-31
    assert shops_at(state, "PNF") == (GREY, GREEN)
    assert state.bag == [0, 0, 0] and state.supply[GREEN] == before  # PP-33
    state.to_move = GREEN
    state.picks_left += 1
    play(state, "take Opéra red")  # two own shops: nothing to choose
    assert state.phase == "pick" and shops_at(state, "OPE") == (GREEN, GREEN)
    assert state.bag == [0, 0, 0]


def test_p9_reading_self_removed_shops_leave_the_game() -> None:
    state = started(3, first=0, readings=("self_removed_out",))
    place(state, {"PNF": (GREY, GREEN)})
    lay(state, "Pont Neuf blue", "Opéra red", "Tour Eiffel blue", "Vaugirard red")
    before = state.supply[GREEN]
    play(state, "take Pont Neuf blue", "remove green")
    assert state.supply[GREEN] == before - 1 and state.bag == [0, 0, 0]


def test_p8_reading_two_players_removed_shops_return() -> None:
    state = started(2, first=0, readings=("returns_two_players",))
    place(state, {"NDA": (GREY,)})
    lay(state, "Notre-Dame green", "Opéra red", "Tour Eiffel blue")
    before = state.supply[GREY]
    play(state, "take Notre-Dame green")
    assert state.supply[GREY] == before + 1 and state.bag == [0, 0]


def test_pp35_no_supply_takes_a_card_and_builds_nothing() -> None:
    state = started(3, first=0)
    place(state, {"NDA": (GREY,)})
    state.supply[GREEN] = 0
    lay(state, "Notre-Dame green", "Opéra red", "Tour Eiffel blue", "Vaugirard red")
    play(state, "take Notre-Dame green")
    assert shops_at(state, "NDA") == (GREY,) and state.bag == [0, 0, 0]
    assert state.current_player() == GREY and len(state.face_up) == 3  # PP-34


# -- small excursion (PP-37..43) -------------------------------------------------
def card(stop_id: str, line: str) -> int:
    return rules.CARD_OF[(STOP[stop_id], [li.colour for li in data.LINES].index(line))]


def test_pp38_occupied_stop_scores_only_its_own_shops() -> None:
    shops = board({"QLA": (GREEN, GREY), "ODE": (PURPLE,), "LUX": ()})
    items = rules.small_excursion(shops, card("QLA", "brown"), Readings())
    assert rules.totals(items, 4) == [1, 1, 0, 0]


def test_pp39_pp40_empty_stop_nearer_occupied_stop_scores() -> None:
    # Brown: MPA SGE ODE LUX QLA JDP AUS. From LUX: ODE at 1, JDP at 2.
    shops = board({"ODE": (PURPLE,), "JDP": (YELLOW, GREY)})
    items = rules.small_excursion(shops, card("LUX", "brown"), Readings())
    assert rules.totals(items, 4) == [0, 0, 1, 0]
    alt = rules.small_excursion(shops, card("LUX", "brown"), Readings(small_each_direction=True))
    assert rules.totals(alt, 4) == [0, 1, 1, 1]  # P-10 alternative


def test_pp41_search_follows_the_card_line_only() -> None:
    # Green from NDA: HDV at 1 (green). PNF is near on the map but on other lines.
    shops = board({"HAL": (GREY,), "QLA": (PURPLE,)})
    items = rules.small_excursion(shops, card("NDA", "green"), Readings())
    assert rules.totals(items, 4) == [0, 0, 1, 0]


def test_pp42_nobody_on_the_line_nobody_scores() -> None:
    shops = board({"POM": (GREEN,)})
    assert rules.small_excursion(shops, card("LUX", "brown"), Readings()) == []


def test_pp43_one_point_per_shop() -> None:
    shops = board({"ODE": (GREEN, GREEN)})
    items = rules.small_excursion(shops, card("ODE", "red"), Readings())
    assert rules.totals(items, 4) == [2, 0, 0, 0]


# -- discard and big excursion (PP-44..57) ----------------------------------------
def test_pp44_to_pp47_second_card_of_a_colour_starts_a_big_excursion() -> None:
    state = started(2, first=0)
    place(state, {"MMA": (GREEN,)})
    lay(state, "Tour Eiffel blue", "Vaugirard red", "Sacré-Cœur green")
    play(state, "take Tour Eiffel blue", "take Vaugirard red")
    assert [e.kind for e in state.excursions] == ["small"]  # PP-37
    assert state.view(None)["discard"] == [{"stop": "SCO", "line": "green"}]  # PP-44
    lay(state, "Trocadéro orange", "Clichy red", "Notre-Dame green")
    play(state, "take Trocadéro orange", "take Clichy red")
    assert [e.kind for e in state.excursions] == ["small", "small", "big"]  # PP-45
    assert state.discard == [-1] * 5  # PP-46, PP-47
    big = state.excursions[-1]
    # MMA: green's crossing shop (PP-50) + green's shop just built at Clichy, next to
    # MMA on the red line (PP-51, PP-54).
    assert rules.totals(big.items, 2) == [2, 0]


def test_pp51_to_pp53_adjacent_shops_score_for_crossing_owners_only() -> None:
    shops = board({"POM": (GREEN,), "SNI": (GREEN,), "PNF": (GREY,), "HDV": (GREY, GREY)})
    items = rules.big_excursion(shops, 0, Readings())  # green line
    # POM: green 1 + SNI 1; HDV: grey 2 (two shops) + 0 adjacent own... PNF is not
    # next to HDV. Grey's PNF is next to POM but grey has no shop there (PP-52).
    assert rules.totals(items, 4) == [2, 2, 0, 0]
    alt = rules.big_excursion(shops, 0, Readings(adjacent_for_all=True))
    # P-11 alternative: every adjacent shop scores, owner at the crossing or not:
    # green 1 (POM) + POM next to MMA and HDV 2 + SNI 1; grey 2 (HDV) + PNF 1 + HDV 2.
    assert rules.totals(alt, 4) == [4, 5, 0, 0]


def test_pp54_adjacent_along_both_lines_and_p11_line_only_reading() -> None:
    shops = board({"POM": (YELLOW,), "SNI": (YELLOW,), "MMA": ()})
    both = rules.big_excursion(shops, 0, Readings())
    assert rules.totals(both, 4) == [0, 0, 0, 2]
    line_only = rules.big_excursion(shops, 0, Readings(adjacent_line_only=True))
    assert rules.totals(line_only, 4) == [0, 0, 0, 1]


def test_pp55_two_shops_at_the_crossing_count_adjacent_shops_once() -> None:
    shops = board({"HDV": (PURPLE, PURPLE), "HAL": (PURPLE,)})
    items = rules.big_excursion(shops, 0, Readings())
    assert rules.totals(items, 4) == [0, 0, 3, 0]


def test_pp56_adjacent_crossing_counts_twice() -> None:
    # Green: HDV and POM are neighbours; green's shops at both score each other.
    shops = board({"HDV": (GREEN,), "POM": (GREEN,)})
    items = rules.big_excursion(shops, 0, Readings())
    assert rules.totals(items, 4) == [4, 0, 0, 0]


def test_pp57_shops_elsewhere_score_nothing() -> None:
    shops = board({"NDA": (GREY,), "TEI": (GREEN,), "LUX": (PURPLE,)})
    assert rules.big_excursion(shops, 0, Readings()) == []


# -- end of the game (PP-58..67) ---------------------------------------------------
def test_pp59_pp60_two_players_tour_two_secret_lines_and_the_open_line() -> None:
    state = started(2, secrets=("red", "orange"), open_line="blue", first=0)
    state.round = state.rounds
    place(state, {"OPE": (GREEN,)})
    lay(state, "Trocadéro orange", "Tour Eiffel blue", "Vaugirard red")
    play(state, "take Trocadéro orange", "take Tour Eiffel blue")
    assert state.is_terminal()
    finals = [e for e in state.excursions if e.kind == "final"]
    assert [(e.line, e.owner) for e in finals] == [(3, 1), (2, 0), (1, -1)]  # PP-61
    assert state.points[GREEN][FINAL] == 2 and state.points[GREY][FINAL] == 0
    assert state.points[GREEN][SMALL] == 1  # VAU empty: OPE is the nearest on red
    assert state.view(1)["secret_lines"] == ["red", "orange"]  # PP-59: revealed


def test_pp58_waiting_cards_do_nothing_at_the_end() -> None:
    state = started(3, first=0)
    state.round = state.rounds
    place(state, {"MMA": (GREY,)})
    state.discard[0] = card("SCO", "green")
    lay(state, "Trocadéro orange", "Tour Eiffel blue", "Vaugirard red", "Gare de Lyon orange")
    play(state, "take Trocadéro orange", "take Tour Eiffel blue", "take Vaugirard red")
    assert state.is_terminal()
    assert [e.kind for e in state.excursions] == ["small", "final", "final", "final"]


@pytest.mark.parametrize(
    "bag,expected",
    [
        ([3, 3, 1, 0], [0, 0, 0, 0]),  # PP-63: a tie for the most, nobody
        ([2, 1, 0], [2, 0, 0]),  # PP-62: the sole leader, 1 per shop
        ([0, 4, 4], [0, 0, 0]),
        ([5, 1], [0, 0]),  # PP-64: not with 2 players
        ([0, 0, 0], [0, 0, 0]),
    ],
)
def test_pp62_to_pp64_bag_scoring(bag: list[int], expected: list[int]) -> None:
    assert rules.bag_scores(bag) == expected


def test_pp62_bag_scored_at_the_end_of_a_game() -> None:
    state = started(3, first=0)
    state.round = state.rounds
    state.bag = [2, 1, 0]
    lay(state, "Trocadéro orange", "Tour Eiffel blue", "Vaugirard red", "Gare de Lyon orange")
    play(state, "take Trocadéro orange", "take Tour Eiffel blue", "take Vaugirard red")
    assert [row[BAG] for row in state.points] == [2, 0, 0]
    assert state.score_breakdown()[0][-1]["component"] == "bag"


def test_pp65_to_pp67_ranking_and_tie_breaks() -> None:
    state = started(4)
    state.points = [[5, 0, 0, 0], [5, 0, 0, 0], [7, 0, 0, 0], [5, 0, 0, 0]]
    state.on_board = [6, 4, 9, 4]
    assert state.ranking() == [3, 1, 0, 1]  # PP-66 fewest shops; PP-67 shared


# -- information (PP-68..70) -------------------------------------------------------
def test_pp69_secret_line_only_to_its_owner() -> None:
    state = started(3, secrets=("green", "blue", "red"))
    assert state.view(0)["secret_line"] == "green"
    assert state.view(1)["secret_line"] == "blue"
    assert state.view(None)["secret_line"] is None
    assert "secret_lines" not in state.view(0)
    assert state.information_state_key(0) != state.information_state_key(1)


def test_pp68_public_counts_in_every_view() -> None:
    state = started(3)
    state.bag = [1, 0, 2]
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["bag"] == [1, 0, 2] and view["deck"] == 60


# -- option dm (PP-71, PP-72) ------------------------------------------------------
def test_pp72_dm_deals_no_secret_lines() -> None:
    state = belle.load_game("paris_paris", dm=True).new_initial_state(2)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["first 0", "first 1"]


def test_pp71_dm_tours_all_five_lines() -> None:
    state = started(4, dm=True, first=0)
    state.round = state.rounds
    place(state, {"OPE": (GREEN,), "POM": (GREY,)})
    lay(state, "Trocadéro orange", "Tour Eiffel blue", "Vaugirard red",
        "Gare de Lyon orange", "Clichy red")
    play(state, *(f"take {c}" for c in ("Trocadéro orange", "Tour Eiffel blue",
                                         "Vaugirard red", "Gare de Lyon orange")))
    finals = [e for e in state.excursions if e.kind == "final"]
    assert [e.line for e in finals] == [0, 1, 2, 3, 4]
    assert state.points[GREEN][FINAL] == 2 and state.points[GREY][FINAL] == 2

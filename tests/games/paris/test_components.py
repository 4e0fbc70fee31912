"""Paris components and data tables (PARIS-1..47, section 3), and the turn order."""

from __future__ import annotations

import belle
from belle.games.paris import data, legacy, rules, views
from belle.games.paris.rules import NB, TILE_TYPE

from .helpers import play, started, step2


def test_player_counts() -> None:
    """PARIS-1, PARIS-159: 2 to 4 players; unused colours take no part."""
    info = belle.load_game("paris").info
    assert (info.min_players, info.max_players) == (2, 4)
    for players in (2, 3, 4):
        assert len(started(players).view(None)["seats"]) == players
    for bad in (1, 5):
        try:
            belle.load_game("paris").new_initial_state(bad)
        except belle.OptionError as exc:
            assert "2–4 players" in str(exc)
        else:
            raise AssertionError(f"{bad} players accepted")


def test_board_layout() -> None:
    """PARIS-2, PARIS-6, PARIS-7, PARIS-8, PARIS-9, PARIS-10, PARIS-11, PARIS-12: six
    districts around the Arc, one bank each paying 2..7 (all different), building
    values 1 2 3 4 5 8, one token spot per space, a VP-tile spot and a landmark area."""
    assert len(data.DISTRICTS) == 6
    assert sorted(d.bank for d in data.DISTRICTS) == [2, 3, 4, 5, 6, 7]
    assert data.VALUES == (1, 2, 3, 4, 5, 8)
    assert NB == 36 and len(data.TOKEN_LAYOUT) * len(data.TOKEN_LAYOUT[0]) == 36
    view = started().view(None)
    assert [len(d["spaces"]) for d in view["districts"]] == [6] * 6
    assert all(d["vp_tile"] is None and d["landmarks"] == [] for d in view["districts"])
    assert view["arc"] == []


def test_building_tiles_show_district_value_type_and_cost() -> None:
    """PARIS-13, PARIS-14, PARIS-86, PARIS-87 (G-3): types differ within a district;
    one residence per district, costing wood; nothing else costs resources."""
    for d in range(6):
        types = [TILE_TYPE[d * 6 + v] for v in range(6)]
        assert len(set(types)) == 6 and types.count("residence") == 1
    assert {rules.TILE_COST[t] for t in range(NB) if TILE_TYPE[t] != "residence"} == {(0, 0, 0)}
    assert {rules.TILE_COST[t] for t in range(NB) if TILE_TYPE[t] == "residence"} == {(1, 0, 0)}


def test_landmarks() -> None:
    """PARIS-15, PARIS-79, PARIS-86 (G-5): 8 landmarks above every building value,
    distinct values, every one costing marble and gold ("monumentos (que requieren mármol
    y oro)"), up to 3 prestige slots; the 12 costs 1 marble + 1 gold."""
    assert len(data.LANDMARKS) == 8
    values = [lm.value for lm in data.LANDMARKS]
    assert len(set(values)) == 8 and min(values) > 8
    assert all(lm.cost[0] == 0 and lm.cost[1] >= 1 and lm.cost[2] >= 1
               and 1 <= len(lm.slots) <= 3 for lm in data.LANDMARKS)
    assert next(lm.cost for lm in data.LANDMARKS if lm.value == 12) == (0, 1, 1)


def test_tile_counts() -> None:
    """PARIS-16, PARIS-17, PARIS-18, PARIS-19, PARIS-107 (G-6..G-9): 42 bonus tiles
    numbered 1-30 with zone letters, 12 end-game tiles, 6 VP tiles of 3 amounts."""
    assert sum(data.bonus_copies(n, 4) for n in range(1, 31)) == 42
    assert {data.zone_of(n) for n in range(1, 31)} == {0, 1, 2}
    assert sum(t.copies for t in data.END_TILES) == 12
    assert sum(legacy.END_COPIES_0_3) == 12  # editions 1-3 (G-8)
    assert len(data.VP_TILES) == 6 and all(a >= b >= c > 0 for a, b, c in data.VP_TILES)


def test_tokens_and_money() -> None:
    """PARIS-20..25, PARIS-37, G-11: 18 resources (6 each), 18 prestige (6 each); francs
    come from an unlimited supply."""
    assert data.TOKEN_COUNTS == (6, 6, 6, 6, 6, 6)
    state = step2(started(), 0)
    state.francs[0] = 10_000
    play(state, "key CH")
    assert state.francs[0] == 10_000 + data.DISTRICTS[3].bank


def test_screens_and_exchange_table() -> None:
    """PARIS-26, PARIS-30, PARIS-31, PARIS-5, PARIS-33: each colour has a screen with the
    exchange table, keys, a meeple and a VP disc at 0."""
    board = views.board_json()
    assert board["buy"] == [3, 4, 5] and board["sell"] == [1, 1, 1, 1, 1, 1]
    view = started(4).view(2)
    assert view["me"]["keys"] == 7 and [s["vp"] for s in view["seats"]] == [0] * 4
    assert [s["meeple"] for s in view["seats"]] == [0] * 4


def test_turn_order_and_two_steps() -> None:
    """PARIS-48, PARIS-49, PARIS-56, PARIS-75: clockwise from the start player; draw, then
    one action; the mover owns what its key enters."""
    state = started(3, first=2)
    assert state.to_move == 2
    play(state, "draw 1", "value 1", "top 1 BE")
    assert state.phase == "step2"
    play(state, "key arc", "draw 1", "value 2", "top 1 CH")
    assert state.to_move == 0
    play(state, "key MO")
    assert (state.to_move, state.phase) == (1, "step1")
    assert state.space_keys == [()] * len(state.space_keys)
    state.built[1] = 1
    play(state, "draw 2", "value 1", "top 2 SG", "key MO")
    state.to_move, state.phase = 0, "step2"
    play(state, "move bank-MO MO2", "nobonus")
    assert state.view(None)["districts"][0]["spaces"][1]["keys"] == [0]


def test_paid_francs_leave_the_player() -> None:
    """PARIS-89: francs paid go back to the (unlimited) supply."""
    state = step2(started(), 0)
    play(state, "key arc")
    state.to_move, state.phase = 0, "step2"
    state.built[0] = 0
    play(state, "move arc MO1")
    assert state.francs[0] == 2

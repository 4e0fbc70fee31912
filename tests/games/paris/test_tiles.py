"""Paris bonus tiles, end-game tiles and exchanges, each test citing its PARIS rule."""

from __future__ import annotations

import pytest

import belle
from belle.games.paris import actions as act
from belle.games.paris import data
from belle.games.paris.state import ParisState

from .helpers import (
    CH,
    LV,
    MO,
    build,
    empty_stacks,
    key,
    landmark,
    legal,
    moves,
    play,
    search,
    space,
    started,
    step2,
    take_endgame,
)


def holding(state: ParisState, seat: int, *numbers: int) -> ParisState:
    for number in numbers:
        state.bonus_held[seat] |= 1 << number
    return state


# -- the track --------------------------------------------------------------------------


def test_meeple_only_moves_forward_ex5() -> None:
    """EX-5, PARIS-113, PARIS-114, PARIS-95: to space 18 for tile 18; the spaces passed
    are out of reach afterwards."""
    state = step2(started(), 0)
    build(state, "MO2", "MO1")
    key(state, 0, "bank-MO")
    state.meeple[0] = 4
    play(state, "move bank-MO MO2", "bonus 18")
    assert state.meeple[0] == 18 and state.bonus_held[0] == 1 << 18
    assert state.francs[0] == 3 - 2  # the building; the tile was free
    step2(state, 0)
    play(state, "move MO2 MO1") if "move MO2 MO1" in moves(state) else None
    key(state, 0, "arc")
    build(state, "LV1")
    play(state, "move arc LV1")
    spaces = {int(t.split()[1]) for t in legal(state) if t.startswith("bonus ")}
    assert spaces and min(spaces) == 19


def test_several_meeples_share_a_space_while_tiles_remain() -> None:
    """PARIS-115, PARIS-45: copies stack on one space; meeples may share it."""
    state = step2(started(4), 0)
    assert state.track_cnt[1] == 2  # tile 1 has a 3-player copy (G-7)
    build(state, "MO1", "SG1")
    key(state, 0, "bank-MO")
    play(state, "move bank-MO MO1", "bonus 1")
    step2(state, 1)
    key(state, 1, "bank-SG")
    play(state, "move bank-SG SG1", "bonus 1")
    assert state.meeple[:2] == [1, 1] and state.track_cnt[1] == 0


def test_no_bonus_tile_after_space_30() -> None:
    """PARIS-116: a meeple on space 30 takes no more bonus tiles (nor through tile 17)."""
    state = step2(started(), 0)
    state.meeple[0] = 30
    build(state, "MO1")
    key(state, 0, "bank-MO")
    play(state, "move bank-MO MO1")
    assert state.phase == "after"  # nothing to decide
    holding(state, 0, 17)
    assert not any(t.startswith("use 17") for t in legal(state))


def test_never_two_tiles_of_one_number() -> None:
    """PARIS-120: not while holding one, nor after using it."""
    state = step2(started(4), 0)
    holding(state, 0, 1)
    build(state, "MO1")
    key(state, 0, "bank-MO")
    play(state, "move bank-MO MO1")
    assert "bonus 1" not in legal(state) and "bonus 2" in legal(state)
    state.bonus_held[0], state.bonus_used[0] = 0, 1 << 1
    assert "bonus 1" not in legal(state)


# -- each bonus tile ----------------------------------------------------------------------


@pytest.mark.parametrize("number,francs,vp", [
    (1, 2, 0), (5, 3, 0), (12, 5, 0), (7, 0, 3), (22, 0, 5),  # 22: +5 VP from edition 9
])
def test_gain_tiles(number: int, francs: int, vp: int) -> None:
    """PARIS-118, PARIS-126, G-6: the francs and/or VP tiles (public sources: 1, 5, 7,
    12 and 22, and no other) pay at once and are discarded."""
    state = holding(started(), 0, number)
    play(state, f"use {number}")
    assert state.francs[0] == 3 + francs and state.running_vp(0) == vp
    assert state.bonus_held[0] == 0 and state.bonus_used[0] == 1 << number
    assert state.view(1)["seats"][0]["bonus_used"] == [number]  # face up


@pytest.mark.parametrize("number,kind", [(2, "wood"), (3, "marble"), (4, "gold")])
def test_resource_tiles_are_the_resource(number: int, kind: str) -> None:
    """PARIS-121, PARIS-91: the tile serves as the token and is discarded when spent."""
    state = holding(started(), 0, number)
    play(state, f"use {number}")
    k = data.STOCK_KINDS.index(kind)
    assert state.stock[0][k] == 1 and state.vstock[0][k] == 1
    play(state, f"sell {kind}")
    assert state.francs[0] == 3 + data.SELL_PRICE[k] and state.supply == [0, 0, 0]


def test_only_the_public_group_pays_francs_or_vp() -> None:
    """G-6 (public): tiles 20, 21, 24, 25, 29 and 30 are not plain francs/VP tiles."""
    plain = {b.number for b in data.BONUS if b.kind in ("francs", "vp")}
    assert plain == {1, 5, 7, 12, 22}
    for number in (20, 21, 24, 25, 29, 30):
        assert data.BONUS[number - 1].provenance == "reconstructed"


@pytest.mark.parametrize("number,text,kinds", [
    (8, "use 8 silver", {"silver": 1}),
    (10, "use 10 marble", {"marble": 1}),
    (19, "use 19 pgold", {"pgold": 1}),
    (20, "use 20 bronze pgold", {"bronze": 1, "pgold": 1}),
    (20, "use 20 silver silver", {"silver": 2}),
    (21, "use 21 marble silver", {"marble": 1, "silver": 1}),
    (23, "use 23 wood gold", {"wood": 1, "gold": 1}),
])
def test_choice_tiles(number: int, text: str, kinds: dict[str, int]) -> None:
    """G-6: tiles 8, 10, 19, 20, 21 and 23 count as tokens of the holder's choice (20:
    two prestige; 21: a resource and a prestige; both reconstructed)."""
    state = holding(started(), 0, number)
    assert text in legal(state)
    play(state, text)
    assert {data.STOCK_KINDS[k]: c for k, c in enumerate(state.stock[0]) if c} == kinds


@pytest.mark.parametrize("number,value,rate", [(6, 1, 2), (11, 2, 3), (15, 3, 4), (18, 4, 5),
                                               (26, 5, 4), (28, 8, 5)])
def test_per_building_tiles(number: int, value: int, rate: int) -> None:
    """PARIS-122, G-6: VP per building of the value occupied; landmarks do not count."""
    state = holding(started(), 0, number)
    for code in ("MO", "SG", "LV"):
        build(state, f"{code}{value}")
        key(state, 0, f"{code}{value}")
    play(state, f"use {number}")
    assert state.running_vp(0) == 3 * rate


def test_two_token_tiles_are_written_either_way_and_refuse_other_kinds() -> None:
    """G-6 (reconstructed): 20 takes two prestige, 21 one resource and one prestige."""
    state = holding(started(), 0, 20, 21)
    assert state.parse_action("use 20 pgold bronze") == state.parse_action("use 20 bronze pgold")
    assert state.parse_action("use 21 silver wood") == state.parse_action("use 21 wood silver")
    for wrong in ("use 20 wood silver", "use 21 wood gold", "use 21 bronze silver"):
        with pytest.raises(belle.InvalidActionError):
            state.parse_action(wrong)
    with pytest.raises(belle.IllegalActionError):  # engine 0.1.0's form (francs), no more
        play(state, "use 20")
    uses = [t for t in legal(state) if t.startswith("use 20")]
    assert len(uses) == 6  # bronze/silver/pgold, two of them, in any order
    assert len([t for t in legal(state) if t.startswith("use 21")]) == 9


def test_tile_20_pays_a_landmark_reward() -> None:
    """G-6, PARIS-121, PARIS-98: tile 20's prestige is handed in at a landmark as tokens."""
    state = holding(step2(started(), 0), 0, 20)
    build(state, "MO8")
    key(state, 0, "MO8")
    state.francs[0] = 20
    state.stock[0][data.MARBLE] = state.stock[0][data.GOLD] = 1
    play(state, "move MO8 build L12", "use 20 bronze silver")
    assert "give 1" in legal(state) and "give 2" in legal(state)
    play(state, "give 1", "give 2")
    assert state.vp_parts[0][1] == 3 + 3 and state.stock[0][3:] == [0, 0, 0]


@pytest.mark.parametrize("number,rate", [(24, 3), (29, 4)])
def test_per_landmark_tiles(number: int, rate: int) -> None:
    """G-6 (reconstructed): VP per landmark occupied; buildings do not count; a tile-9
    double landmark counts twice."""
    state = holding(started(), 0, number)
    for name, district in (("L9", MO), ("L13", CH)):
        landmark(state, name, district)
        key(state, 0, name)
    build(state, "MO8")
    key(state, 0, "MO8")
    state.space_keys[space("L13")] = (0, 0)
    play(state, f"use {number}")
    assert state.running_vp(0) == 3 * rate


@pytest.mark.parametrize("number,rate", [(25, 1), (30, 3)])
def test_per_district_tiles(number: int, rate: int) -> None:
    """G-6 (reconstructed): VP per district where the holder occupies a building or a
    landmark; each district counts once; a bank key does not count."""
    state = holding(started(), 0, number)
    build(state, "MO1", "MO2", "LV5")
    key(state, 0, "MO1")
    key(state, 0, "MO2")
    key(state, 0, "LV5")
    landmark(state, "L10", CH)
    key(state, 0, "L10")
    key(state, 0, "bank-SG")
    play(state, f"use {number}")
    assert state.running_vp(0) == 3 * rate  # Montmartre, La Villette, Chaillot


def test_charlotte_uses_tile_18_ex5() -> None:
    """EX-5, PARIS-122: three value-4 buildings give 15 VP at once."""
    state = holding(started(), 0, 18)
    for name in ("MO4", "CH4", "LV4"):
        build(state, name)
        key(state, 0, name)
    play(state, "use 18")
    assert state.running_vp(0) == 15 and state.bonus_used[0] == 1 << 18


@pytest.mark.parametrize("number,price", [(13, 4), (14, 2)])
def test_key_tiles(number: int, price: int) -> None:
    """PARIS-125: pay the price, take a key of one's colour from the reserve."""
    state = holding(started(), 0, number)
    state.francs[0] = price - 1
    assert f"use {number}" not in legal(state)
    state.francs[0] = price
    play(state, f"use {number}")
    assert state.francs[0] == 0 and state.keys[0] == 10 and state.reserve[0] == 1


def test_tile_9_doubles_an_own_space() -> None:
    """PARIS-101, PARIS-139, G-14: a second own key on an own space; it counts twice."""
    state = holding(step2(started(), 0), 0, 9)
    build(state, "MO3", "MO5")
    key(state, 0, "MO5")
    key(state, 0, "MO3")
    state.francs[0] = 5
    assert "move MO3 MO5" not in moves(state)
    play(state, "use 9")
    assert "move MO3 MO5" in moves(state)
    play(state, "move MO3 MO5")
    assert state.space_keys[space("MO5")] == (0, 0) and state.francs[0] == 3
    assert not state.flag_own  # spent on this move
    state.bonus_held[0] = 1 << 26
    play(state, "use 26")
    assert state.running_vp(0) == 8  # the double space counts twice for tile 26 (4 VP each)


def test_tile_16_shares_an_opponents_space() -> None:
    """PARIS-102, G-14: the key joins an opponent's key; both stay."""
    state = holding(step2(started(), 0), 0, 16)
    build(state, "MO8")
    key(state, 1, "MO8")
    key(state, 0, "bank-MO")
    state.francs[0] = 8
    assert "move bank-MO MO8" not in moves(state)
    play(state, "use 16", "move bank-MO MO8")
    assert state.space_keys[space("MO8")] == (1, 0) and state.vp_parts[0][0] == 2


def test_tiles_9_and_16_only_before_the_action() -> None:
    """G-14: their power lasts for this turn's action B, so they are used before it."""
    state = holding(step2(started(), 0), 0, 9, 16)
    assert {"use 9", "use 16"} <= legal(state)
    play(state, "key MO")
    assert not {"use 9", "use 16"} & legal(state)


def test_tile_17_takes_any_tile_without_moving() -> None:
    """PARIS-124: any tile on the track, the meeple stays; PARIS-120 still applies."""
    state = holding(started(), 0, 17, 5)
    state.meeple[0] = 12
    play(state, "use 17")
    assert state.phase == "take_any"
    options = {t for t in legal(state) if t.startswith("bonus")}
    assert "bonus 3" in options and "bonus 5" not in options and "bonus 17" not in options
    play(state, "bonus 3")
    assert state.meeple[0] == 12 and state.bonus_held[0] == 1 << 3 | 1 << 5
    assert state.phase == "step1"


def test_tile_27_is_not_usable_and_scores_francs() -> None:
    """PARIS-119, PARIS-123, PARIS-135: 1 VP per franc at the end; francs are kept."""
    state = holding(started(), 0, 27)
    assert not any(t.startswith("use 27") for t in legal(state))
    state.francs[0] = 11
    state.phase = "over"
    lines = state.score_breakdown()[0]
    shown = [{k: line[k] for k in ("component", "points", "detail")} for line in lines]
    assert {"component": "bonus tile 27", "points": 11, "detail": "11 francs × 1 VP"} in shown
    assert state.francs[0] == 11


# -- end-game tiles ------------------------------------------------------------------------


def test_endgame_search_is_secret_to_the_others() -> None:
    """PARIS-103, PARIS-104, PARIS-28, G-16: the searcher sees the pile and keeps its
    choice secret; others see only counts (tests/games/paris/test_search.py has more)."""
    state = started()
    empty_stacks(state)
    step2(state, 0)
    play(state, "endgame")
    assert not state.is_chance_node() and state.current_player() == 0
    pile = state.view(0)["me"]["pile"]
    assert len(pile) == 6 and sum(p["count"] for p in pile) == 12
    assert "pile" not in state.view(1)["me"]
    play(state, "take vp6")
    assert state.view(0)["me"]["endgame"] == ["vp6"]
    assert state.view(1)["seats"][0]["endgame_count"] == 1
    assert state.view(1)["me"]["endgame"] == []
    assert state.view(1)["endgame_pile"] == 11
    assert state.information_state_key(1).endswith("endgame;?")


@pytest.mark.parametrize("code,text,francs,vp,edition", [
    ("vp3", "play vp3", 0, 3, 4), ("vp4", "play vp4", 0, 4, 4), ("vp5", "play vp5", 0, 5, 4),
    ("vp6", "play vp6", 0, 6, 4), ("vp7", "play vp7", 0, 7, 4), ("vp8", "play vp8", 0, 8, 4),
    ("f4", "play f4", 4, 0, 3), ("f6", "play f6", 6, 0, 3), ("f8", "play f8", 8, 0, 3),
])
def test_endgame_gain_tiles(code: str, text: str, francs: int, vp: int, edition: int) -> None:
    """PARIS-105, G-8: used at once, or on a later own turn; then discarded. The franc
    tiles f4, f6, f8 are rules editions 1-3's; edition 4 has vp6, vp7, vp8 instead."""
    state = started(rules_version=edition)
    empty_stacks(state)
    take_endgame(state, 0, code)
    play(state, text)
    assert state.francs[0] == 3 + francs and state.running_vp(0) == vp
    assert sum(state.eg_held[0]) == 0


@pytest.mark.parametrize("edition,kinds,absent", [
    (8, {"vp5", "vp6", "res", "pres", "stack", "share"},
     ("vp3", "vp4", "vp7", "vp8", "f4", "f6", "f8")),
    (4, {"vp3", "vp4", "vp5", "vp6", "vp7", "vp8", "res", "pres", "stack", "share"},
     ("f4", "f6", "f8")),
    (3, {"vp3", "vp4", "vp5", "f4", "f6", "f8", "res", "pres", "stack", "share"},
     ("vp6", "vp7", "vp8")),
])
def test_endgame_pile_of_each_edition(edition: int, kinds: set[str],
                                      absent: tuple[str, ...]) -> None:
    """PARIS-43, PARIS-103, G-8: 12 end-game tiles in every edition; edition 4's pile
    has +6, +7 and +8 VP where editions 1-3 had +4, +6 and +8 francs, edition 8's has
    +5 and +6 VP three times each, and a tile of another edition can be written but
    never taken."""
    state = started(rules_version=edition)
    empty_stacks(state)
    step2(state, 0)
    search(state)
    pile = {p["tile"]: p["count"] for p in state.view(0)["me"]["pile"]}
    assert set(pile) == kinds and sum(pile.values()) == 12
    assert {t.split()[1] for t in legal(state)} == kinds
    for code in absent:
        with pytest.raises(belle.IllegalActionError):
            play(state, f"take {code}")


def test_endgame_token_tiles() -> None:
    """PARIS-106: the tile serves as the resource or prestige token."""
    state = started()
    empty_stacks(state)
    take_endgame(state, 0, "res")
    play(state, "play res marble")
    assert state.stock[0][data.MARBLE] == 1 and state.vstock[0][data.MARBLE] == 1
    take_endgame(state, 1, "pres")
    play(state, "play pres bronze")
    assert state.stock[1][data.BRONZE] == 1


def test_endgame_stack_and_share_tiles() -> None:
    """G-8: the end-game copies of tiles 9 and 16 work the same way."""
    state = started()
    empty_stacks(state)
    take_endgame(state, 0, "share")
    build(state, "CH8")
    key(state, 1, "CH8")
    key(state, 0, "bank-CH")
    state.francs[0] = 8
    step2(state, 0)
    play(state, "play share", "move bank-CH CH8")
    assert state.space_keys[space("CH8")] == (1, 0)


def test_last_endgame_tile_ends_the_game_dx5() -> None:
    """DX-5, PARIS-130..134: P2 takes the last tile; P3 finishes the round; then each
    plays one more turn; every player has played equally often."""
    state = started(3, first=0)
    empty_stacks(state)
    state.eg_pile = [0] * len(data.END_TILES)
    state.eg_pile[act.END_BY_CODE["vp7"]] = 1
    state.to_move, state.phase = 1, "step2"
    take_endgame(state, 1, "vp7")
    assert state.end_triggered
    order = []
    play(state, "end")
    while not state.is_terminal():
        order.append(state.to_move)
        assert "endgame" not in legal(state)  # PARIS-133
        place = sorted(t for t in legal(state) if t.startswith("key "))
        play(state, place[0] if place else "pass")
        if state.phase == "after":
            play(state, "end")
    assert order == [2, 0, 1, 2]


# -- exchanges ---------------------------------------------------------------------------------


def test_buy_only_from_the_supply_and_never_prestige() -> None:
    """PARIS-108..110, G-10: resources from the supply at the buy price; prestige is
    only sold."""
    state = started()
    state.francs[0] = 20
    assert not any(t.startswith("buy") for t in legal(state))
    state.supply = [1, 0, 2]
    assert {t for t in legal(state) if t.startswith("buy")} == {"buy wood", "buy gold"}
    play(state, "buy gold")
    assert state.francs[0] == 15 and state.supply == [1, 0, 1] and state.stock[0][2] == 1
    with pytest.raises(belle.InvalidActionError):
        play(state, "buy silver")  # PARIS-109: prestige is never bought


def test_sold_resources_go_to_the_supply_prestige_leaves() -> None:
    """PARIS-112, G-10: a sold resource becomes buyable; a sold prestige is gone."""
    state = started()
    state.stock[0] = [1, 0, 0, 1, 0, 0]
    play(state, "sell wood", "sell bronze")
    assert state.supply == [1, 0, 0] and state.francs[0] == 5
    assert state.stock[0] == [0] * 6


def test_exchanges_pay_for_a_move_in_the_same_turn() -> None:
    """G-12: buy what a move needs, then move."""
    state = step2(started(), 0)
    build(state, "CH3")
    key(state, 0, "bank-CH")
    state.francs[0] = 6
    state.supply[0] = 1
    assert "move bank-CH CH3" not in moves(state)
    play(state, "buy wood", "move bank-CH CH3")
    assert state.francs[0] == 0 and state.space_keys[space("CH3")] == (0,)


def test_landmark_district_codes() -> None:
    """G-1: six districts with stable ids; MO, LV and CH are in the seed's examples."""
    assert [d.code for d in data.DISTRICTS][:4] == ["MO", "SG", "LV", "CH"]
    assert (MO, LV, CH) == (0, 2, 3)

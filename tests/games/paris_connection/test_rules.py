"""Paris Connection rules tests, each citing the PC rule it checks (rules/paris_connection.md)."""

from __future__ import annotations

import random

import pytest

import belle
from belle.games.paris_connection import actions as act
from belle.games.paris_connection import data
from belle.games.paris_connection.rules import BOARD, hexes_in
from belle.games.paris_connection.state import ParisConnectionState

from .helpers import (
    B,
    K,
    N,
    P,
    R,
    Y,
    dealt,
    default_hands,
    label,
    play,
    refresh,
    rural_neighbours,
)


def test_setup_counts_s1() -> None:
    """S-1, PC-19..25: 4 players draw 8 each; boards hold 31 minus the drawn per colour."""
    hands = default_hands(4)
    state = dealt(hands)
    drawn = [sum(h.count(c) for h in hands) for c in range(6)]
    assert sum(drawn) == 32
    assert state.supply == [31 - d for d in drawn]
    assert sum(state.supply) == 154
    for company, h in enumerate(BOARD.start_slots):
        assert state.companies_on_hex(h) == [company]
    assert state.values == [0] * 6  # PC-21


@pytest.mark.parametrize("players,size,limit", [(3, 10, 20), (4, 8, 15), (5, 6, 12), (6, 5, 10)])
def test_player_count_table(players: int, size: int, limit: int) -> None:
    """PC-23, PC-24, PC-56, PC-68, PC-69: drawn per player and portfolio limit."""
    state = belle.load_game("paris_connection").new_initial_state(players)
    assert isinstance(state, ParisConnectionState)
    assert state.hand_size == size and state.limit == limit


def test_start_colours_are_drawn_at_random_and_public() -> None:
    """PC-19 (G-4, public): setup draws the colour of each start hex in turn, clockwise
    from the north-east, every colour not yet placed being equally likely; everyone sees
    it. The last colour takes the last hex (a chance node with one outcome)."""
    state = belle.load_game("paris_connection").new_initial_state(3)
    assert state.current_player() == belle.CHANCE
    for slot in range(6):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 6 - slot
        assert all(abs(p - 1 / (6 - slot)) < 1e-12 for _, p in outcomes)
        assert {a.slot for a, _ in outcomes} == {slot}  # type: ignore[union-attr]
        action = outcomes[-1][0]
        assert state.chance_visibility(action) is None
        state.apply_action(action)
    assert sorted(state.start_hex) == sorted(BOARD.start_slots)
    assert state.start_hex == [BOARD.start_slots[5 - c] for c in range(6)]
    for company, h in enumerate(state.start_hex):
        assert state.companies_on_hex(h) == [company]
    assert state.view(None)["starts"] == {
        letter: BOARD.labels[state.start_hex[c]] for c, letter in enumerate("RBYKPN")}
    assert isinstance(state.chance_outcomes()[0][0], act.Deal)  # then the deal (PC-23)


def test_start_colour_notation() -> None:
    """PC-19: `start R I3` puts red on the start hex I3; only the next hex may be filled."""
    state = belle.load_game("paris_connection").new_initial_state(3)
    first = BOARD.labels[BOARD.start_slots[0]]
    second = BOARD.labels[BOARD.start_slots[1]]
    with pytest.raises(belle.IllegalActionError):
        play(state, f"start R {second}")
    with pytest.raises(belle.InvalidActionError):
        play(state, "start R Lyon")
    play(state, f"start R {first}")
    assert state.start_hex[R] == BOARD.start_slots[0]
    with pytest.raises(belle.IllegalActionError):
        play(state, f"start R {second}")  # red is placed already
    assert state.action_to_string(act.START[B][1]) == f"start B {second}"


def test_deal_is_chance_seen_only_by_the_drawer() -> None:
    """PC-23, PC-16: each draw is a chance node whose outcome only the drawing seat sees."""
    state = belle.load_game("paris_connection").new_initial_state(3)
    for slot, company in enumerate((R, B, Y, K, P, N)):
        state.apply_action(act.START[company][slot])
    assert state.current_player() == belle.CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    assert state.chance_visibility(act.DEAL[R]) == frozenset({0})
    state.apply_action(act.DEAL[R])
    assert state.view(0)["portfolio"]["R"] == 1
    assert state.view(1)["portfolio"]["R"] == 0  # its own (empty) hand only
    assert "portfolios" not in state.view(1)
    assert state.view(1)["portfolio_sizes"] == [1, 0, 0]
    assert state.view(None)["supply"] is None


def test_hidden_hands_are_private_until_the_end() -> None:
    """PC-16, G-12: a seat sees its own colours, others only the sizes."""
    state = dealt(default_hands(3))
    for seat in range(3):
        view = state.view(seat)
        assert view["portfolio"] == dict(zip("RBYKPN", state.portfolio[seat], strict=True))
        assert "portfolios" not in view
    assert "portfolio" not in state.view(None)


def test_build_chain_adjacency_s2() -> None:
    """S-2, PC-37, PC-38: each placement must touch the same colour, earlier ones count."""
    state = dealt(default_hands(4))
    start = state.start_hex[R]
    h1 = rural_neighbours(start)[0]
    far = [n for n in rural_neighbours(h1) if n not in BOARD.neighbours[start]]
    h2 = far[0]
    play(state, "build R")
    with pytest.raises(belle.IllegalActionError):
        play(state, f"place {label(h2)}")  # not yet next to red
    play(state, f"place {label(h1)}", f"place {label(h2)}")
    assert state.network[R] & BOARD.bit[h2]


def test_build_needs_a_colour_in_supply() -> None:
    """PC-32: a company whose storage board is empty cannot be built."""
    state = dealt(default_hands(4))
    state.supply[Y] = 0
    assert act.BUILD[Y] not in state.legal_actions()
    assert act.BUILD[R] in state.legal_actions()


def test_rural_capacity_and_colours_s3() -> None:
    """S-3, PC-40, PC-41: a rural hex takes two different colours, never a third."""
    state = dealt(default_hands(3))
    shared = next(h for h in hexes_in(BOARD.rural_mask)
                  if sum(1 for s in BOARD.start_slots if h in BOARD.neighbours[s]) >= 2)
    first, second = [c for c, s in enumerate(BOARD.start_slots)
                     if shared in BOARD.neighbours[s]][:2]
    play(state, f"build {'RBYKPN'[first]}", f"place {label(shared)}", "stop")
    assert state.current_player() == 1
    play(state, f"build {'RBYKPN'[first]}")
    assert act.PLACE[shared] not in state.legal_actions()  # PC-40: same colour twice
    state = dealt(default_hands(3))
    play(state, f"build {'RBYKPN'[first]}", f"place {label(shared)}", "stop")
    play(state, f"build {'RBYKPN'[second]}")
    assert act.PLACE[shared] in state.legal_actions()
    play(state, f"place {label(shared)}", "stop")
    assert sorted(state.companies_on_hex(shared)) == sorted([first, second])
    assert not state.room & BOARD.bit[shared]  # full: no third colour (PC-41)


def test_city_takes_one_locomotive_s3() -> None:
    """PC-42: a city hex holds one locomotive only."""
    state = dealt(default_hands(3))
    city = next(h for h in hexes_in(BOARD.city_mask))
    state.hex_companies[city] = 1 << K
    state.network[K] |= BOARD.bit[city]
    state.room &= ~BOARD.bit[city]
    for company in range(6):
        state.reach[company] |= BOARD.bit[city]
        assert not state._candidates(company) & BOARD.bit[city]


def test_forbidden_hexes_s6() -> None:
    """S-6, PC-43: never on the Eiffel Tower hex or any start hex, even one's own."""
    state = dealt(default_hands(3))
    for company in range(6):
        candidates = state._candidates(company)
        assert not candidates & BOARD.bit[BOARD.eiffel]
        assert all(not candidates & BOARD.bit[s] for s in BOARD.start_slots)
    play(state, "build R")
    for h in (BOARD.eiffel, *BOARD.start_slots):
        with pytest.raises(belle.IllegalActionError):
            state.apply_action(act.PLACE[h])


def test_checkered_edges_are_not_adjacent_s4() -> None:
    """S-4, PC-39: hexes across a checkered edge are not neighbours."""
    index = {c: i for i, c in enumerate(BOARD.coords)}
    assert data.BLOCKED_EDGES
    for a, b in data.BLOCKED_EDGES:
        assert index[b] not in BOARD.neighbours[index[a]]
        assert index[a] not in BOARD.neighbours[index[b]]


def test_checkered_edge_blocks_a_build() -> None:
    """PC-39: a company on one side of a checkered edge cannot build across it."""
    index = {c: i for i, c in enumerate(BOARD.coords)}
    a, b = (index[c] for c in data.BLOCKED_EDGES[0])
    state = dealt(default_hands(3))
    state.network[N] = BOARD.bit[a]
    state.reach[N] = BOARD.neighbour_mask[a]
    state.room |= BOARD.bit[b]
    assert not state._candidates(N) & BOARD.bit[b]
    open_side = [n for n in BOARD.neighbours[a] if state.room & BOARD.bit[n]]
    assert open_side and all(state._candidates(N) & BOARD.bit[n] for n in open_side)


def test_value_gain_per_city_colour_s5() -> None:
    """S-5, PC-46, PC-7: value rises by the city values entered, at the end of the build."""
    state = dealt(default_hands(3))
    state.values[Y] = 5
    cities = [h for h in hexes_in(BOARD.city_mask) if BOARD.values[h] in (1, 2)]
    beige = next(h for h in cities if BOARD.values[h] == 1)
    purple = next(h for h in cities if BOARD.values[h] == 2)
    for h in (beige, purple):  # give yellow track next to both cities
        state.reach[Y] |= BOARD.bit[h]
    play(state, "build Y", f"place {label(beige)}")
    assert state.values[Y] == 5 and state.pending_gain == 1  # not yet: end of action
    play(state, f"place {label(purple)}", "stop")
    assert state.values[Y] == 8


def test_build_ends_after_five() -> None:
    """PC-31: at most five locomotives per build; the turn passes after the fifth."""
    state = dealt(default_hands(3))
    play(state, "build R")
    rng = random.Random(3)
    for _ in range(5):
        assert state.current_player() == 0
        places = [a for a in state.legal_actions() if isinstance(a, act.Place)]
        state.apply_action(rng.choice(places))
    assert state.current_player() == 1
    assert bin(state.network[R]).count("1") == 6


def test_stop_needs_a_placement() -> None:
    """PC-31: a build places at least one locomotive."""
    state = dealt(default_hands(3))
    play(state, "build R")
    assert act.STOP not in state.legal_actions()
    with pytest.raises(belle.IllegalActionError):
        play(state, "stop")


def test_trade_s7() -> None:
    """S-7, PC-48..53: return one, then take 1 or 2 of one other company."""
    hands = [[B, B, R] + [K] * 5, default_hands(4)[1], default_hands(4)[2], default_hands(4)[3]]
    state = dealt(hands)
    play(state, "return B")
    legal = state.legal_actions()
    assert act.TAKE[Y][1] in legal
    assert act.TAKE[B][0] not in legal  # PC-50
    with pytest.raises(belle.IllegalActionError):
        play(state, "take 1 B")
    play(state, "take 2 Y")
    assert state.portfolio[0][Y] == 2 and state.portfolio[0][B] == 1
    state = dealt(hands)
    state.supply[Y] = 1
    play(state, "return B")
    assert act.TAKE[Y][0] in state.legal_actions()
    assert act.TAKE[Y][1] not in state.legal_actions()  # PC-53


def test_trade_mixed_colours_is_not_an_action() -> None:
    """PC-51: two taken shares are the same colour; the notation has no mixed take."""
    state = dealt(default_hands(4))
    with pytest.raises(belle.InvalidActionError):
        state.parse_action("take R Y")


def test_returned_share_refills_supply() -> None:
    """PC-55: the returned locomotive is on its storage board at once."""
    state = dealt(default_hands(4))
    before = state.supply[R]
    play(state, "return R")
    assert state.supply[R] == before + 1


def test_trades_are_public() -> None:
    """PC-54: returned and taken colours and counts are seen by everyone."""
    state = dealt(default_hands(4))
    play(state, "return R", "take 2 Y")
    for viewer in (1, 2, 3):
        assert state.information_state_key(viewer).endswith("return R;take 2 Y")
    assert state.view(None)["portfolio_sizes"][0] == 9
    assert state.view(None)["supply"]["Y"] == state.supply[Y]


def test_final_scoring_with_excess_s8() -> None:
    """S-8, PC-62..64: shares × value, −20 per share over the limit (15 with 4 players)."""
    state = dealt(default_hands(4))
    state.values = [14, 9, 6, 3, 0, 11]
    state.portfolio[0] = [5, 3, 4, 0, 0, 4]
    assert state.score(0) == 70 + 27 + 24 + 44 - 20
    state.portfolio[1] = [0, 0, 0, 15, 0, 0]
    assert state.score(1) == 45
    lines = state.score_breakdown()[0]
    assert sum(line["points"] for line in lines) == 145
    assert lines[-1]["points"] == -20


def _near_marseille(state: ParisConnectionState) -> int:
    """Give blue a track next to Marseille through a rural hex; return that hex."""
    m = BOARD.marseille
    rural = rural_neighbours(m)[0]
    state.reach[B] |= BOARD.bit[rural] | BOARD.neighbour_mask[rural]
    return rural


def test_marseille_ends_the_game_s9() -> None:
    """S-9, PC-59, PC-60: the placement on Marseille ends the build and the game at once;
    the value rises by the build's cities, Marseille's 4 included, and no placement or
    turn follows ("El juego termina inmediatamente")."""
    state = dealt(default_hands(4))
    rural = _near_marseille(state)
    play(state, "build B", f"place {label(rural)}", f"place {label(BOARD.marseille)}")
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.values[B] == 4
    assert state.building == -1
    assert "Marseille" in state.end_reason
    assert [state.action_to_string(a) for a in state.history[-3:]] == [
        "build B", f"place {label(rural)}", "place Marseille"]


def test_marseille_as_the_first_placement_s9() -> None:
    """S-9: if Marseille is blue's first placement, the build ends there (+4)."""
    state = dealt(default_hands(4))
    state.values[B] = 6
    state.reach[B] |= BOARD.bit[BOARD.marseille]
    refresh(state)
    play(state, "build B", "place Marseille")
    assert state.is_terminal() and state.values[B] == 10
    with pytest.raises(belle.IllegalActionError):
        play(state, "stop")


def test_supply_exhaustion_ends_the_game_s10() -> None:
    """S-10, PC-58: the game ends at once when only one storage board holds locomotives."""
    state = dealt(default_hands(4))
    state.supply = [5, 0, 0, 2, 0, 0]
    play(state, "build K")
    places = [a for a in state.legal_actions() if isinstance(a, act.Place)]
    state.apply_action(places[0])
    places = [a for a in state.legal_actions() if isinstance(a, act.Place)]
    state.apply_action(places[0])  # the last black: the build ends by itself
    assert state.is_terminal()
    assert "one storage board" in state.end_reason


def test_trade_keeping_two_boards_goes_on_s10() -> None:
    """S-10: return purple, take the last 2 black: red and purple remain, play goes on."""
    hands = [[P] * 8, *default_hands(4)[1:]]
    state = dealt(hands)
    state.supply = [5, 0, 0, 2, 0, 0]
    play(state, "return P", "take 2 K")
    assert not state.is_terminal()
    assert state.current_player() == 1


def _path_to_city(start: int) -> list[int]:
    """The shortest path of buildable hexes from a start hex to a city not next to it."""
    from collections import deque

    previous = {start: start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if BOARD.is_city[h] and previous[h] == start:
            continue
        if BOARD.is_city[h]:
            path = [h]
            while previous[path[-1]] != start:
                path.append(previous[path[-1]])
            return path[::-1]
        for n in BOARD.neighbours[h]:
            if n not in previous and n != BOARD.eiffel and n not in BOARD.start_slots:
                previous[n] = h
                queue.append(n)
    raise AssertionError("no city reachable")


def _only_brown_needs_a_city(state: ParisConnectionState, path: list[int]) -> None:
    """The map shrunk to `path`; every company but brown already on a city (PC-45)."""
    for company in (R, B, Y, K, P):
        state.on_city[company] = True
    state.room = sum(BOARD.bit[h] for h in path)
    state.room2 = state.room & BOARD.rural_mask


def test_cutoff_s11() -> None:
    """S-11, PC-44, PC-45, G-9: filling brown's last way out to any city is illegal."""
    state = dealt(default_hands(3))
    path = _path_to_city(state.start_hex[N])
    gate = path[0]
    assert not BOARD.is_city[gate]
    _only_brown_needs_a_city(state, path)  # brown's only corridor to its only city
    state.hex_companies[gate] = 1 << P  # R holds a single purple locomotive
    state.room2 &= ~BOARD.bit[gate]
    state.reach[Y] |= BOARD.bit[gate]
    refresh(state)
    assert not state._placement_legal(Y, gate)
    if len(path) > 2:
        empty_rural = path[1]
        state.reach[Y] |= BOARD.bit[empty_rural]
        assert state._placement_legal(Y, empty_rural)  # room stays: legal
    state.on_city[N] = True  # PC-45: a company on a city cannot be cut off
    refresh(state)
    assert state._placement_legal(Y, gate)


def test_cutoff_by_filling_the_last_city() -> None:
    """PC-44: taking the only city a company could still reach is illegal too."""
    state = dealt(default_hands(3))
    path = _path_to_city(state.start_hex[N])
    city = path[-1]
    _only_brown_needs_a_city(state, path)
    state.reach[Y] |= BOARD.bit[city]
    refresh(state)
    assert not state._placement_legal(Y, city)


def test_no_pass_while_an_action_exists() -> None:
    """PC-29, PC-30: the player builds or trades; there is no pass action."""
    state = dealt(default_hands(3))
    with pytest.raises(belle.InvalidActionError):
        state.parse_action("pass")
    legal = state.legal_actions()
    assert any(isinstance(a, act.Build) for a in legal)
    assert any(isinstance(a, act.Return) for a in legal)


def test_tie_is_shared_by_default_and_broken_by_house_rule() -> None:
    """PC-66, G-8: tied players share the win unless the house tie-break is on."""
    for option, expected in ((False, [0, 0, 2]), (True, [1, 0, 2])):
        state = dealt(default_hands(3), house_tie_break=option)
        state.values = [1, 0, 0, 0, 0, 0]
        state.portfolio = [[21, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0] * 6]
        # seat 0: 21 - 20 = 1 point with one over the limit; seat 1: 1 point, none over.
        assert state.score(0) == state.score(1) == 1
        assert state.ranking() == expected


def _way_to_a_city(gate: int, avoid: set[int]) -> list[int]:
    """The shortest path of rural hexes from `gate` to a city, off the hexes in `avoid`."""
    from collections import deque

    previous = {gate: gate}
    queue = deque([gate])
    while queue:
        h = queue.popleft()
        if BOARD.is_city[h]:
            path = [h]
            while path[-1] != gate:
                path.append(previous[path[-1]])
            return path[::-1]
        for n in BOARD.neighbours[h]:
            if n not in previous and n not in avoid and n != BOARD.eiffel \
                    and n not in BOARD.start_slots:
                previous[n] = h
                queue.append(n)
    raise AssertionError("no city reachable")


def test_joint_cutoff_s12() -> None:
    """S-12, PC-44, G-9: red and brown each reach a city only through the same empty
    rural hex. Yellow there would leave one place: enough for either alone, not for both,
    so it is illegal; brown there is legal (red keeps the last place)."""
    state = dealt(default_hands(4), starts=(B, R, N, Y, K, P))
    red, brown = state.start_hex[R], state.start_hex[N]
    gate = BOARD.labels.index("J5")
    assert set(BOARD.neighbours[red]) & set(BOARD.neighbours[brown]) - {BOARD.eiffel} == {gate}
    beside = (set(BOARD.neighbours[red]) | set(BOARD.neighbours[brown])) - {gate}
    to_a = _way_to_a_city(gate, beside)
    to_b = _way_to_a_city(gate, beside | {to_a[-1]})  # a second, different city
    assert to_a[-1] != to_b[-1]
    for company in (B, Y, K, P):
        state.on_city[company] = True  # PC-45: only red and brown need a route
    state.room = sum(BOARD.bit[h] for h in {*to_a, *to_b})
    state.room2 = state.room & BOARD.rural_mask
    state.reach[Y] |= BOARD.bit[gate]
    refresh(state)
    assert not state._placement_legal(Y, gate)
    # Each alone would still pass after yellow's placement (the 0.1.0 test allowed it):
    from belle.games.paris_connection.legacy import alone_can_reach_city
    for company in (R, N):
        assert alone_can_reach_city(state.network[company], state.room, BOARD)
    play(state, f"build {data.COMPANIES[N].letter}")
    assert f"place {label(gate)}" in {state.action_to_string(a) for a in state.legal_actions()}
    play(state, f"place {label(gate)}")  # brown takes a place; red keeps the other
    assert state.hex_companies[gate] == 1 << N

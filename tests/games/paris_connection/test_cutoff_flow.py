"""PC-44 (G-9): the engine's joint cut-off test against a max flow written here.

The engine keeps one route per company and repairs it placement by placement
(belle/games/paris_connection/cutoff.py). This test decides every candidate placement
again from the map alone, the way G-9 states the rule: after the placement, the
companies not yet on a city (PC-45) must all reach empty cities at once, no city ending
two routes and no rural hex crossed by more routes than it has free places. That is a
flow of one unit per such company through hexes with node capacities (free places);
it is computed here by Edmonds–Karp on a graph built from data.HEXES and
data.BLOCKED_EDGES, sharing no code with the engine's search. Positions come from
seeded random playouts at 3 to 6 players, and the engine's answer is its public legal
list (PC-37..43 are checked here too: every legal placement is a candidate).
"""

from __future__ import annotations

import random
from collections import deque

import belle
from belle.engine.referee import sample_chance
from belle.games.paris_connection import data
from belle.games.paris_connection.actions import Place
from belle.games.paris_connection.state import ParisConnectionState

AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
COORDS = [(h.q, h.r) for h in data.HEXES]
INDEX = {c: i for i, c in enumerate(COORDS)}
BLOCKED = {frozenset(edge) for edge in data.BLOCKED_EDGES}
NEIGHBOURS = [
    [j for dq, dr in AXIAL
     if (j := INDEX.get((q + dq, r + dr))) is not None
     and frozenset(((q, r), (q + dq, r + dr))) not in BLOCKED]
    for q, r in COORDS
]
PLACES = [{"rural": 2, "city": 1}.get(h.kind, 0) for h in data.HEXES]  # PC-41..43
CITY = [h.kind == "city" for h in data.HEXES]
COMPANIES = len(data.COMPANIES)


def holders(hexes: list[int], h: int) -> list[int]:
    return [c for c in range(COMPANIES) if hexes[h] >> c & 1]


def candidates(hexes: list[int], company: int) -> set[int]:
    """PC-37..43: next to the company's track across an open edge, a free place, not
    holding the company."""
    return exits(hexes, free_places(hexes), company)


def routed(hexes: list[int]) -> list[int]:
    """The companies on the map and on no city (PC-45: only they need a route)."""
    on_map = {c for h in range(len(hexes)) for c in holders(hexes, h)}
    return [c for c in sorted(on_map)
            if not any(CITY[h] and hexes[h] >> c & 1 for h in range(len(hexes)))]


def free_places(hexes: list[int]) -> list[int]:
    return [PLACES[h] - len(holders(hexes, h)) for h in range(len(hexes))]


def exits(hexes: list[int], free: list[int], c: int) -> set[int]:
    """Where company c's route may start: next to its track, a free place, not c's."""
    track = [h for h in range(len(hexes)) if hexes[h] >> c & 1]
    return {n for h in track for n in NEIGHBOURS[h] if free[n] > 0 and not hexes[n] >> c & 1}


def all_reach_cities(hexes: list[int]) -> bool:
    """G-9 on a map (`hexes[h]`: bit c when company c stands on h): a max flow from the
    routed companies, one unit each, to the empty cities."""
    companies = routed(hexes)
    free = free_places(hexes)
    # Nodes: 0 source, 1 sink, then per hex an entry and an exit, then the companies.
    n_hex = len(hexes)
    capacity: dict[int, dict[int, int]] = {}

    def arc(a: int, b: int, cap: int) -> None:
        capacity.setdefault(a, {})[b] = capacity.get(a, {}).get(b, 0) + cap
        capacity.setdefault(b, {}).setdefault(a, 0)

    for h in range(n_hex):
        if free[h] <= 0:
            continue
        arc(2 + 2 * h, 3 + 2 * h, free[h])  # entry -> exit: the hex's free places
        if CITY[h]:
            arc(3 + 2 * h, 1, 1)  # a route ends at its city
            continue
        for n in NEIGHBOURS[h]:
            if free[n] > 0:
                arc(3 + 2 * h, 2 + 2 * n, 1)
    for k, c in enumerate(companies):
        node = 2 + 2 * n_hex + k
        arc(0, node, 1)
        for n in exits(hexes, free, c):
            arc(node, 2 + 2 * n, 1)
    return max_flow(capacity, 0, 1) == len(companies)


def reaches_alone(hexes: list[int], c: int) -> bool:
    """Engine 0.1.0's reading: company c could reach an empty city if no other needed room."""
    free = free_places(hexes)
    seen = exits(hexes, free, c)
    todo = list(seen)
    while todo:
        h = todo.pop()
        if CITY[h]:
            return True
        for n in NEIGHBOURS[h]:
            if free[n] > 0 and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def max_flow(capacity: dict[int, dict[int, int]], source: int, sink: int) -> int:
    """Edmonds–Karp: shortest augmenting paths, one unit each (every source arc holds 1)."""
    flow = 0
    while True:
        parent = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            a = queue.popleft()
            for b, cap in capacity.get(a, {}).items():
                if cap > 0 and b not in parent:
                    parent[b] = a
                    queue.append(b)
        if sink not in parent:
            return flow
        b = sink
        while b != source:
            a = parent[b]
            capacity[a][b] -= 1
            capacity[b][a] += 1
            b = a
        flow += 1


def after(hexes: list[int], company: int, h: int) -> list[int]:
    placed = list(hexes)
    placed[h] |= 1 << company
    return placed


def test_joint_cutoff_matches_a_max_flow_on_random_games() -> None:
    """PC-44, PC-45, G-9: on every placement decision of 24 seeded random games, the
    engine's legal placements are exactly the candidates after which the max flow
    still routes every company not on a city. Some refusals must be joint ones (each
    company alone could still reach a city), or the positions would not test G-9."""
    game = belle.load_game("paris_connection")
    decisions = refused = joint = 0
    for seed in range(24):
        players = 3 + seed % 4
        rng = random.Random(seed)
        state = game.new_initial_state(players)
        assert isinstance(state, ParisConnectionState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            company = state.building
            if company >= 0 and state.supply[company]:
                hexes = list(state.hex_companies)
                engine = {a.hex for a in legal if isinstance(a, Place)}
                options = candidates(hexes, company)
                assert engine <= options, (seed, len(state.history))
                maps = {h: after(hexes, company, h) for h in options}
                expected = {h for h in options if all_reach_cities(maps[h])}
                assert engine == expected, (seed, len(state.history), engine ^ expected)
                decisions += 1
                for h in options - expected:
                    refused += 1
                    joint += all(reaches_alone(maps[h], c) for c in routed(maps[h]))
            state.apply_action(rng.choice(legal))
    assert decisions > 1000
    assert refused > joint > 0, "PC-44 never refused a placement jointly: nothing tested"

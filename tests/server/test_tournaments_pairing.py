"""Pairing and standings of tournaments (belle.server.tournaments): pure functions."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from belle.server.tournaments import pairing
from belle.server.tournaments.standings import standings, table_points
from belle.storage.tournaments import Entry, Game


@given(st.integers(2, 12))
def test_two_seat_round_robin_meets_everyone_exactly_once(n: int) -> None:
    entries = list(range(1, n + 1))
    schedule = pairing.round_robin(entries, 2)
    assert len(schedule) == (n - 1 if n % 2 == 0 else n)
    met = pairing.met_pairs(t for tables, _ in schedule for t in tables)
    assert set(met) == {frozenset(p) for p in itertools.combinations(entries, 2)}
    assert set(met.values()) == {1}
    for tables, byes in schedule:  # everyone sits once a round, at a table or out
        seated = [e for t in tables for e in t] + byes
        assert sorted(seated) == entries


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 10), st.integers(3, 4))
def test_larger_round_robin_covers_every_pair(n: int, size: int) -> None:
    if n < size:
        return
    entries = list(range(n))
    schedule = pairing.round_robin(entries, size)
    met = pairing.met_pairs(t for tables, _ in schedule for t in tables)
    assert set(met) == {frozenset(p) for p in itertools.combinations(entries, 2)}
    for tables, byes in schedule:
        assert all(len(t) == size for t in tables)
        assert len(byes) == n % size


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 14), st.randoms(use_true_random=False))
def test_swiss_never_repeats_a_pair_while_one_can_be_avoided(n: int, rng: object) -> None:
    entries = list(range(n))
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for _ in range(min(3, n - 1)):  # few rounds of many entries: a new pairing exists
        order = list(entries)
        rng.shuffle(order)  # type: ignore[attr-defined]
        tables, sitting_out = pairing.swiss(order, 2, met, byes)
        assert sorted([e for t in tables for e in t] + sitting_out) == entries
        assert len(sitting_out) == n % 2
        if n >= 8:
            assert all(met[frozenset(t)] == 0 for t in tables)
        met.update(pairing.met_pairs(tables))
        byes.update(sitting_out)
    assert max(byes.values(), default=0) <= 1  # a bye goes to someone who had none


def test_swiss_pairs_top_down_and_gives_the_bye_to_the_lowest_placed() -> None:
    tables, byes = pairing.swiss([5, 3, 1, 4, 2], 2, Counter(), Counter())
    assert tables == [[5, 3], [1, 4]] and byes == [2]
    again, second = pairing.swiss([5, 3, 1, 4, 2], 2, pairing.met_pairs(tables), Counter({2: 1}))
    assert second == [4]  # 2 had the bye already
    assert [5, 3] not in again and [3, 5] not in again


def test_table_points_follow_the_games_own_ranking() -> None:
    assert table_points([0, 1], 0) == 1.0 and table_points([0, 1], 1) == 0.0
    assert table_points([0, 0], 1) == 0.5  # a tie the game's tie-breaks left standing
    assert table_points([1, 0, 2], 0) == 0.5  # second of three
    assert table_points([1, 0, 2], 2) == 0.0


def test_standings_break_ties_by_score_difference_then_sign_up_order() -> None:
    entries = [Entry(i, None, "random", f"bot {i}") for i in (1, 2, 3, 4)]
    games = [
        Game(1, 10, (1, 2), "finished", {"returns": [30, 10], "ranking": [0, 1]}),
        Game(1, 11, (3, 4), "finished", {"returns": [25, 24], "ranking": [0, 1]}),
        Game(2, 12, (1, 3), "running", None),  # not over: not counted yet
        Game(2, None, (2,), None, None),  # a bye: a win
    ]
    rows = standings(entries, games)
    assert [r.entry.id for r in rows] == [1, 3, 2, 4]  # level on points: +20, +1, -20
    assert [r.points for r in rows] == [1.0, 1.0, 1.0, 0.0]
    assert [r.score_difference for r in rows] == [20.0, 1.0, -20.0, -1.0]
    assert rows[2].byes == 1 and rows[2].played == 1
    tied = standings(entries, [Game(1, 10, (2, 1), "finished",
                                    {"returns": [5, 5], "ranking": [0, 0]})])
    assert [r.entry.id for r in tied][:2] == [1, 2]  # level: the first to sign up first


def test_forfeited_seats_place_last_and_aborted_tables_give_nothing() -> None:
    entries = [Entry(1, 7, None, "ann"), Entry(2, None, "random", "bot")]
    forfeit = {"returns": [40, 10], "ranking": [0, 1], "forfeited": [0]}
    rows = standings(entries, [Game(1, 10, (1, 2), "finished", forfeit),
                               Game(2, 11, (2, 1), "aborted", None)])
    assert [(r.entry.id, r.points, r.played) for r in rows] == [(2, 1.0, 2), (1, 0.0, 2)]

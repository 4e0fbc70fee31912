"""Ratings and results in the store (issue 10 items 3 and 7: "rating updates"), on every
database URL of the `database_url` fixture."""

from __future__ import annotations

from typing import Any

import pytest

from belle.storage import Placement, RatingBook, Seat, Skill, Store


class StepRater:
    """A stand-in model: first place gains 1 mu, every other place loses 1."""

    def __init__(self) -> None:
        self.calls: list[tuple[list[Skill], list[int]]] = []

    def initial(self) -> Skill:
        return Skill(25.0, 8.0, 1.0)

    def rate(self, skills: list[Skill], places: list[int]) -> list[Skill]:
        self.calls.append((skills, places))
        return [Skill(s.mu + (1 if p == 0 else -1), s.sigma - 1, s.rating + (1 if p == 0 else -1))
                for s, p in zip(skills, places, strict=True)]


@pytest.fixture
def book(store: Store) -> RatingBook:
    return RatingBook(store)


def finished_table(
    store: Store, names: list[str], game: str = "paris_paris"
) -> tuple[int, list[int]]:
    ids = []
    for name in names:
        found = store.get_player_by_name(name)
        ids.append(found.id if found else store.create_player(name).id)
    table = store.create_table(game, {}, len(names), "live", ids[0])
    seats = [Seat("human", pid, name) for pid, name in zip(ids, names, strict=True)]
    store.update_seats(table.id, seats)
    store.start_table(table.id, 7)
    store.finish_table(table.id, {"returns": [3, 1][: len(names)], "ranking": [0, 1][: len(names)]})
    return table.id, ids


def places(ids: list[int], *order: int) -> list[Placement]:
    pairs = enumerate(zip(ids, order, strict=True))
    return [Placement(pid, seat, place) for seat, (pid, place) in pairs]


def test_a_rated_game_creates_ratings_and_history(store: Store, book: RatingBook) -> None:
    """Issue 10 item 3: a rating per (player, game), a history row per (table, player)."""
    table_id, (ann, bob) = finished_table(store, ["Ann", "Bob"])
    assert book.record_results(table_id, "paris_paris", places([ann, bob], 0, 1), StepRater())
    a, b = book.rating(ann, "paris_paris"), book.rating(bob, "paris_paris")
    assert a is not None and b is not None
    assert (a.skill, a.games, a.name) == (Skill(26.0, 7.0, 2.0), 1, "Ann")
    assert (b.skill, b.games) == (Skill(24.0, 7.0, 0.0), 1)
    assert book.rating(ann, "paris") is None  # one rating per game
    at = book.results_at(table_id)
    assert sorted(at) == [0, 1]
    assert at[0].rated and at[0].before == Skill(25.0, 8.0, 1.0) and at[0].after == a.skill
    assert at[1].place == 1 and at[1].after == b.skill


def test_a_second_call_changes_nothing(store: Store, book: RatingBook) -> None:
    """Issue 10 item 7: an update is applied exactly once per table."""
    table_id, ids = finished_table(store, ["Ann", "Bob"])
    rater = StepRater()
    assert book.record_results(table_id, "paris_paris", places(ids, 0, 1), rater)
    assert not book.record_results(table_id, "paris_paris", places(ids, 0, 1), rater)
    assert len(rater.calls) == 1
    rating = book.rating(ids[0], "paris_paris")
    assert rating is not None and rating.games == 1 and rating.skill.mu == 26.0


def test_the_unique_key_refuses_a_writer_that_missed_the_check(
    store: Store, book: RatingBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10 item 7: two workers racing: the second insert loses and rolls back whole."""
    table_id, ids = finished_table(store, ["Ann", "Bob"])
    assert book.record_results(table_id, "paris_paris", places(ids, 0, 1), StepRater())
    late = RatingBook(store)
    monkeypatch.setattr(late, "_already_recorded", lambda conn, tid: False)
    assert not late.record_results(table_id, "paris_paris", places(ids, 0, 1), StepRater())
    rating = book.rating(ids[1], "paris_paris")
    assert rating is not None and rating.games == 1 and rating.skill.mu == 24.0
    assert len(book.results_of(ids[1])) == 1


def test_ratings_carry_over_to_the_next_game(store: Store, book: RatingBook) -> None:
    """Issue 10 item 3: a rating is updated when a rated game ends."""
    first, ids = finished_table(store, ["Ann", "Bob"])
    second, _ = finished_table(store, ["Ann", "Bob"])
    rater = StepRater()
    book.record_results(first, "paris_paris", places(ids, 0, 1), rater)
    book.record_results(second, "paris_paris", places(ids, 1, 0), rater)
    assert rater.calls[1][0] == [Skill(26.0, 7.0, 2.0), Skill(24.0, 7.0, 0.0)]
    ann = book.rating(ids[0], "paris_paris")
    assert ann is not None and ann.games == 2 and ann.skill == Skill(25.0, 6.0, 1.0)
    history = book.results_of(ids[0])
    assert [r.table_id for r in history] == [second, first]  # newest first
    assert history[0].before == Skill(26.0, 7.0, 2.0) and history[0].place == 1


def test_an_unrated_game_keeps_results_without_ratings(store: Store, book: RatingBook) -> None:
    """Issue 10 item 3: games with bots are unrated, yet listed on the player's page."""
    table_id, ids = finished_table(store, ["Ann", "Bob"])
    assert book.record_results(table_id, "paris_paris", places(ids, 0, 1), None)
    assert book.rating(ids[0], "paris_paris") is None
    (result,) = book.results_of(ids[0])
    assert not result.rated and result.before is None and result.after is None
    assert [s.name for s in result.seats] == ["Ann", "Bob"] and result.players == 2
    assert result.result is not None and result.result["returns"] == [3, 1]
    assert not book.record_results(table_id, "paris_paris", places(ids, 0, 1), StepRater())


def test_the_leaderboard_orders_by_rating(store: Store, book: RatingBook) -> None:
    """Issue 10 item 3: a leaderboard per game, best first, with games played."""
    names = ["Ann", "Bob", "Cy"]
    rater = StepRater()
    for winner in (0, 0, 1):
        table_id, ids = finished_table(store, names[:2])
        book.record_results(table_id, "paris_paris", places(ids, *(
            (0, 1) if winner == 0 else (1, 0))), rater)
    table_id, ids = finished_table(store, ["Cy", "Bob"], game="paris")
    book.record_results(table_id, "paris", places(ids, 0, 1), rater)
    board = book.leaderboard("paris_paris")
    assert [(r.name, r.skill.rating, r.games) for r in board] == [("Ann", 2.0, 3), ("Bob", 0.0, 3)]
    assert [r.name for r in book.leaderboard("paris")] == ["Cy", "Bob"]
    assert [r.name for r in book.leaderboard("paris_paris", limit=1)] == ["Ann"]
    assert book.leaderboard("bruxelles_1893") == []
    assert book.position("paris_paris", 0.0) == 2
    assert [r.game for r in book.ratings_of(ids[1])] == ["paris", "paris_paris"]


def test_results_rows_reference_their_table(store: Store, book: RatingBook) -> None:
    """A result row needs an existing table and player (foreign keys)."""
    from sqlalchemy.exc import IntegrityError

    ann = store.create_player("Ann").id
    bad: Any = places([ann], 0)
    with pytest.raises(IntegrityError):
        book.record_results(999, "paris_paris", bad, None)
    assert book.results_of(ann) == []

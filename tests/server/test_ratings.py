"""Ratings at the web table (issue 10 item 3; item 7: "rating updates" are tested): the
openskill model, the places of a result, the results and ratings written with a table's
end, and `GET /api/leaderboard/{game}`, `GET /api/players/{name}` and their pages."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.server.ratings.model import Ratings, displayed, final_places, is_rated
from belle.server.ratings.results import ResultRecorder
from belle.storage import RatingBook, Seat, Store

from .kit import guest, new_table, play, seat, sign_in, start


# -- the model and the places --------------------------------------------------
def test_new_players_start_at_the_library_default() -> None:
    """Issue 10 item 3: new players start at openskill's default (mu 25, sigma 25/3)."""
    initial = Ratings().initial()
    assert (initial.mu, round(initial.sigma, 6)) == (25.0, round(25 / 3, 6))
    assert initial.rating == displayed(25.0, 25 / 3) == 1000.0


def test_the_winner_goes_up_and_the_loser_down() -> None:
    """Issue 10 item 7: a rating update moves the winner up and the loser down."""
    model = Ratings()
    winner, loser = model.rate([model.initial(), model.initial()], [0, 1])
    assert winner.mu > 25 > loser.mu
    assert winner.rating > 1000 > loser.rating
    assert winner.sigma < 25 / 3 and loser.sigma < 25 / 3


def test_tied_players_move_together() -> None:
    """Issue 10 item 3: ties share a rank."""
    model = Ratings()
    first, second, third = model.rate([model.initial()] * 3, [0, 0, 2])
    assert first == second
    assert first.rating > 1000 > third.rating


def test_places_follow_the_ranking_with_ties() -> None:
    """Issue 10 item 3: ranks come from the stored result; ties share a place."""
    assert final_places({"ranking": [1, 0, 2]}, 3) == [1, 0, 2]
    assert final_places({"ranking": [0, 0, 2, 3]}, 4) == [0, 0, 2, 3]


def test_forfeited_seats_rank_last_and_tied() -> None:
    """Issue 10 item 3: seats in result["forfeited"] (timeouts) rank last, tied."""
    result = {"ranking": [0, 1, 2, 3], "forfeited": [0, 2]}
    assert final_places(result, 4) == [2, 0, 2, 1]
    tie = {"ranking": [1, 0, 0], "forfeited": [1]}
    assert final_places(tie, 3) == [1, 2, 0]
    odd = {"ranking": [0, 1], "forfeited": [5, True, "0", None]}  # not seats: ignored
    assert final_places(odd, 2) == [0, 1]


@pytest.mark.parametrize("result", [{}, {"ranking": [0]}, {"ranking": "01"},
                                    {"ranking": [0, "x"]}])
def test_an_unreadable_result_is_refused(result: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        final_places(result, 2)


def test_which_tables_are_rated() -> None:
    """Issue 10 item 3: games with bots are unrated; at least two distinct players."""
    ann, bob = Seat("human", 1, "Ann"), Seat("human", 2, "Bob")
    assert is_rated([ann, bob])
    assert not is_rated([ann, Seat("bot", None, None, "greedy")])
    assert not is_rated([ann])
    assert not is_rated([ann, ann])
    assert not is_rated([ann, Seat("empty")])


# -- the results written with a table's end ----------------------------------------
@dataclass
class Inline:
    """The hub's database workers, run inline."""

    store: Store

    async def read(self, fn: Any, *args: Any) -> Any:
        return fn(*args)

    async def write(self, fn: Any, *args: Any) -> Any:
        return fn(*args)


@dataclass
class Host:
    store: Store
    db: Inline = field(init=False)

    def __post_init__(self) -> None:
        self.db = Inline(self.store)


@dataclass
class Actor:
    """What the recorder reads of a TableActor: the table and its host."""

    host: Host
    table: Any


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    store = Store(db_url)
    store.migrate()
    yield store
    store.close()


def finish(store: Store, seats: list[str], result: dict[str, Any],
           game: str = "paris_connection") -> Any:
    """A running table in the store, about to end with `result` (its record carries it):
    names are people, "bot:x" bots. `rate` ends it."""
    made = []
    for name in seats:
        if name.startswith("bot:"):
            made.append(Seat("bot", None, None, name[4:]))
            continue
        player = store.get_player_by_name(name) or store.create_player(name, REGISTERED)
        made.append(Seat("human", player.id, player.name))
    table = store.create_table(game, {}, len(seats), "live", None)
    store.update_seats(table.id, made)
    store.start_table(table.id, 1)
    found = store.get_table(table.id)
    assert found is not None
    return dataclasses.replace(found, result=result)


REGISTERED = "an argon2 hash"  # a registered player, as far as ratings care


def rate(store: Store, table: Any) -> RatingBook:
    """End `table` as the hub does: its end and its people's results in one write."""
    book = RatingBook(store)
    recorder = ResultRecorder(book, Ratings())
    actor: Any = Actor(Host(store), table)
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever runs here
        also = thread.submit(asyncio.run, recorder.writes(actor, table.result)).result()
    store.finish_table(table.id, table.result, also)
    return book


def rating_of(book: RatingBook, store: Store, name: str, game: str = "paris_connection") -> Any:
    player = store.get_player_by_name(name)
    assert player is not None
    return book.rating(player.id, game)


def test_a_finished_all_human_table_is_rated(store: Store) -> None:
    """Issue 10 item 3: ratings are updated when a rated game ends (winner up)."""
    table = finish(store, ["Ann", "Bob", "Cy"], {"ranking": [1, 0, 2], "returns": [5, 9, 1]})
    book = rate(store, table)
    ann, bob, cy = (rating_of(book, store, n) for n in ("Ann", "Bob", "Cy"))
    assert bob.skill.rating > 1000 > cy.skill.rating
    assert bob.skill.mu > ann.skill.mu > cy.skill.mu
    assert [r.games for r in (ann, bob, cy)] == [1, 1, 1]
    results = book.results_at(table.id)
    assert [results[s].place for s in range(3)] == [1, 0, 2]
    assert results[1].before is not None and results[1].before.rating == 1000.0


def test_a_table_ended_twice_is_rated_once(store: Store) -> None:
    """Issue 10 item 7: finishing twice (a retry, a second worker) rates once."""
    table = finish(store, ["Ann", "Bob", "Cy"], {"ranking": [0, 1, 2]})
    book = rate(store, table)
    first = rating_of(book, store, "Ann")
    rate(store, table)
    again = rating_of(book, store, "Ann")
    assert again.games == 1 and again.skill == first.skill


def test_a_table_with_a_bot_is_unrated(store: Store) -> None:
    """Issue 10 item 3: games with bots are unrated (the result is still listed)."""
    table = finish(store, ["Ann", "Bob", "bot:greedy"], {"ranking": [0, 1, 2]})
    book = rate(store, table)
    assert rating_of(book, store, "Ann") is None
    results = book.results_at(table.id)
    assert sorted(results) == [0, 1] and not results[0].rated


def test_forfeited_seats_are_rated_last(store: Store) -> None:
    """Issue 10 item 3: a seat that forfeited ranks last, whatever its score."""
    table = finish(store, ["Ann", "Bob", "Cy"],
                   {"ranking": [0, 1, 2], "returns": [9, 5, 1], "forfeited": [0]})
    book = rate(store, table)
    ann, bob, cy = (rating_of(book, store, n) for n in ("Ann", "Bob", "Cy"))
    assert bob.skill.mu > cy.skill.mu > ann.skill.mu
    assert book.results_at(table.id)[0].place == 2


def test_tied_winners_get_the_same_rating(store: Store) -> None:
    """Issue 10 item 3: ties share a rank."""
    table = finish(store, ["Ann", "Bob", "Cy"], {"ranking": [0, 0, 2]})
    book = rate(store, table)
    ann, bob = rating_of(book, store, "Ann"), rating_of(book, store, "Bob")
    assert ann.skill == bob.skill and ann.skill.rating > 1000


# -- HTTP ------------------------------------------------------------------------
def test_the_leaderboard_is_ordered_and_unknown_games_are_404(client: TestClient) -> None:
    """Issue 10 item 3: a leaderboard per game, best first, with games played."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    for ranking in ([0, 1, 2], [0, 2, 1]):
        rate(store, finish(store, ["Ann", "Bob", "Cy"], {"ranking": ranking}))
    board = client.get("/api/leaderboard/paris_connection").json()
    assert board["game"] == "paris_connection" and board["title"] == "Paris Connection"
    assert board["players"][0]["name"] == "Ann"
    assert [p["position"] for p in board["players"]] == [1, 2, 3]
    assert all(p["games"] == 2 for p in board["players"])
    ratings = [p["rating"] for p in board["players"]]
    assert ratings == sorted(ratings, reverse=True)
    assert client.get("/api/leaderboard/paris").json()["players"] == []
    top = client.get("/api/leaderboard/paris_connection?limit=1").json()
    assert len(top["players"]) == 1
    missing = client.get("/api/leaderboard/chess")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert "paris_connection" in missing.json()["error"]["message"]
    for bad in ("0", "201", "x"):
        response = client.get(f"/api/leaderboard/paris_connection?limit={bad}")
        assert response.status_code == 400


def test_the_player_page_lists_ratings_and_recent_tables(client: TestClient) -> None:
    """Issue 10 item 3: a player page with ratings, history and replays."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    rated = finish(store, ["Ann", "Bob", "Cy"], {"ranking": [1, 0, 2], "returns": [5, 9, 1]})
    rate(store, rated)
    botted = finish(store, ["Bob", "bot:random"], {"ranking": [0, 1]}, game="paris_paris")
    rate(store, botted)
    page = client.get("/api/players/bob").json()  # names are case-insensitive
    assert page["player"]["name"] == "Bob"
    (rating,) = page["ratings"]
    assert rating["game"] == "paris_connection" and rating["position"] == 1
    assert rating["games"] == 1 and rating["rating"] > 1000
    recent, older = page["tables"]
    assert recent["id"] == botted.id and not recent["rated"] and recent["change"] is None
    assert recent["seats"][1] == {"seat": 1, "kind": "bot", "name": "random"}
    assert older["id"] == rated.id and older["place"] == 1 and older["seat"] == 1
    assert older["rating_before"] == 1000 and older["change"] == older["rating_after"] - 1000
    assert older["change"] > 0 and older["scores"] == [5, 9, 1]
    assert older["replay"] == f"/table/{rated.id}"
    assert [s["name"] for s in older["seats"]] == ["Ann", "Bob", "Cy"]
    cy = client.get("/api/players/Cy").json()
    assert cy["tables"][0]["change"] < 0 and cy["tables"][0]["place"] == 3
    assert client.get("/api/players", params={"name": "Cy"}).json() == cy
    for nobody in ("Nobody", "x" * 300, "a\x00b", " Cy"):
        missing = client.get("/api/players", params={"name": nobody})
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


def test_the_pages_are_served(client: TestClient) -> None:
    for path in ("/leaderboard/paris", "/leaderboard", "/player?name=Ann", "/player"):
        response = client.get(path)
        assert response.status_code == 200 and "text/html" in response.headers["content-type"]


def test_a_game_played_to_the_end_moves_the_leaderboard(client: TestClient) -> None:
    """Issue 10, done when: a new user can see their rating change on the leaderboard."""
    people = [sign_in(client, name, "a kept name") for name in ("Anna", "Bob", "Cleo")]
    table_id = new_table(people[0], players=3)
    for index, person in enumerate(people):
        seat(person, table_id, index)
    with people[0].socket(f"/ws/table/{table_id}") as a, \
            people[1].socket(f"/ws/table/{table_id}") as b, \
            people[2].socket(f"/ws/table/{table_id}") as c, \
            guest(client).socket(f"/ws/table/{table_id}") as s:
        for sock in (a, b, c, s):
            sock.hello()
        start(people[0], table_id)
        over = play({0: a, 1: b, 2: c}, s, seed=5)
    # The ratings were stored with the end, before the "over" event: no waiting.
    board = client.get("/api/leaderboard/paris_connection").json()["players"]
    assert sorted(p["name"] for p in board) == ["Anna", "Bob", "Cleo"]
    assert all(p["games"] == 1 for p in board)
    winners = [i for i, place in enumerate(over["ranking"]) if place == 0]
    best = max(board, key=lambda p: p["rating"])
    assert best["name"] in [people[i].name for i in winners] and best["rating"] > 1000
    page = client.get("/api/players/Anna").json()
    assert page["tables"][0]["id"] == table_id and page["tables"][0]["rated"]


def test_a_seat_forfeited_on_time_stays_rated_as_its_player() -> None:
    """Issue 10 items 2 and 3: a forfeit on time keeps the person in the seat (a stand-in bot
    plays it), so the game stays rated and that player ranks last, not unrated."""
    forfeited = Seat("human", 1, "Ann", "medium", forfeited=True)
    assert forfeited.bot_plays
    assert is_rated([forfeited, Seat("human", 2, "Bob")])
    places = final_places({"ranking": [0, 1], "forfeited": [0]}, 2)
    assert places == [1, 0]


def test_a_seat_once_handed_to_a_bot_ranks_last() -> None:
    """Issue 10 items 2 and 3: a player who let a stand-in bot play (`away`, even if they
    came back) cannot collect the bot's result: the seat ranks last, as a forfeit."""
    assisted = Seat("human", 1, "Ann", assisted=True)
    assert is_rated([assisted, Seat("human", 2, "Bob")])
    assert final_places({"ranking": [0, 1, 2], "forfeited": [], "assisted": [0]}, 3) == [2, 0, 1]
    assert final_places({"ranking": [0, 1, 2], "forfeited": [2], "assisted": [0]}, 3) == [1, 0, 1]


def test_a_game_between_guests_is_not_rated(store: Store) -> None:
    """Issue 17: only registered players are rated (guests could farm the leaderboard);
    the result is still listed."""
    guest_a, guest_b = store.create_player("Gia"), store.create_player("Gus")
    table = finish(store, ["Gia", "Gus"], {"ranking": [0, 1], "returns": [9, 5]})
    book = rate(store, table)
    assert book.rating(guest_a.id, "paris_connection") is None
    results = book.results_of(guest_b.id, 5)
    assert [r.table_id for r in results] == [table.id] and not results[0].rated
    registered = finish(store, ["Ann", "Gus"], {"ranking": [0, 1], "returns": [9, 5]})
    rate(store, registered)  # a guest at the table: unrated too
    assert book.rating(guest_b.id, "paris_connection") is None

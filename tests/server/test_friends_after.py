"""After the game (issue 20 item 4): the story of a finished game — each player's score
after every turn and the decisive moments — told only once it is over, and a player's
statistics per game and rating over time, counting only tables the viewer may see."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from belle.engine.record import MatchRecord, new_state
from belle.server.database import StorageUnavailable
from belle.server.friends.story import MOMENTS, margins, tell
from belle.server.table.broadcast import Broadcast
from belle.storage import RatingBook
from tests.engine.test_conformance import random_playout

from .friendskit import code, finished_table
from .kit import guest, play, seat, sign_in, start, table_actor


def test_the_story_of_a_finished_game_adds_up(client: TestClient) -> None:
    ann = sign_in(client, "ann")
    table_id = finished_table(client, ann)
    story = ann.get(f"/api/tables/{table_id}/story").json()
    actor = table_actor(client, table_id)
    assert story["final"] == [round(float(v), 3) for v in actor.state.returns()]
    assert story["points"][-1]["scores"] == story["final"]
    assert story["points"][-1]["n"] == actor.version  # the chart runs to the last action
    assert story["ranking"] == actor.state.ranking()
    assert [len(b) > 0 for b in story["breakdown"]] == [True, True]
    moments = story["moments"]
    assert 0 < len(moments) <= MOMENTS
    assert [m["turn"] for m in moments] == sorted(m["turn"] for m in moments)
    for moment in moments:  # a moment's gains are the chart's step at its turn
        before, after = (story["points"][moment["turn"] + d]["scores"] for d in (-1, 0))
        assert moment["gains"] == [round(a - b, 3) for a, b in zip(after, before, strict=True)]
        assert moment["swing"] == round(max(abs(a - b) for a, b in zip(
            margins(after), margins(before), strict=True)), 3)
    # the biggest swing of all is among them
    steps = [max(abs(a - b) for a, b in zip(margins(p["scores"]), margins(q["scores"]),
                                             strict=True))
             for q, p in zip(story["points"], story["points"][1:], strict=False)]
    assert max(m["swing"] for m in moments) == round(max(steps), 3)
    # cached: a second ask gives the same story without telling it again
    again = ann.get(f"/api/tables/{table_id}/story").json()
    assert again["moments"] == moments


def test_no_story_before_the_end_nor_for_outsiders(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    open_table = ann.post("/api/tables", {"game": "paris_paris", "players": 2}).json()["id"]
    assert code(ann.get(f"/api/tables/{open_table}/story")) == "not_ready"
    running = ann.post("/api/learn/paris_paris").json()  # under way: secrets still hidden
    assert running["status"] == "running"
    assert code(ann.get(f"/api/tables/{running['id']}/story")) == "not_ready"
    secret = finished_table(client, ann, private=True)
    assert ann.get(f"/api/tables/{secret}/story").status_code == 200
    assert code(bob.get(f"/api/tables/{secret}/story")) == "not_found"
    assert code(client.get(f"/api/tables/{secret}/story")) == "not_found"


def test_a_story_replays_the_true_record_only(client: TestClient) -> None:
    """`tell` works on the full record; the route only hands it over once the game is
    over (above), so what the end revealed never reaches a running table."""
    ann = sign_in(client, "ann")
    table_id = finished_table(client, ann, seed=3)
    record: MatchRecord = table_actor(client, table_id).record()
    told = tell(record)
    assert told["final"] == ann.get(f"/api/tables/{table_id}/story").json()["final"]


@pytest.mark.parametrize("game", ["paris", "paris_paris", "bruxelles_1893"])
def test_the_chart_is_the_score_if_the_game_ended_then(game: str) -> None:
    """Issue 20 item 4: each point is `score_if_ended_now()` after its turn — the end
    scoring included (Paris's majorities and tile 27, Paris Paris's final excursions,
    Bruxelles's final scoring) — so at the second-to-last turn it is what the end
    scoring would give then, and the end scoring itself is no swing: the last turn is
    no longer a decisive moment by construction (it was in every one of these games when
    the chart plotted the running score)."""
    for seed in (1, 2, 7):
        record = random_playout((game, 3, {}), seed)
        told = tell(record)
        state = new_state(record)
        before_last = told["points"][-2]
        for entry in record.actions[:before_last["n"]]:
            state.apply_action(state.action_from_json(entry.action))
        assert before_last["scores"] == [round(v, 3) for v in state.score_if_ended_now()]
        assert before_last["scores"] != [round(v, 3) for v in state.returns()]
        assert told["points"][-1]["scores"] == told["final"]
        assert not any(moment["last"] for moment in told["moments"]), (game, seed)


def test_only_a_finished_game_has_a_story() -> None:
    """Its chart reads what the end reveals (Paris Paris's secret lines): `tell` refuses a
    record of a game under way."""
    record = random_playout(("paris_paris", 2, {}), 1)
    record.actions = record.actions[:40]
    with pytest.raises(ValueError, match="once it is over"):
        tell(record)


def test_statistics_are_readable_the_moment_the_end_is_told(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each person's result is stored with the table's end, before the "over" event: a
    player who opens their statistics when they see the end finds the game (it would
    fail if the results were written by a listener after the broadcast)."""
    stored_when_told: list[dict[int, Any]] = []
    tell_over = Broadcast.over

    def over(broadcast: Broadcast, n: int, state: Any) -> None:
        actor = broadcast.actor
        stored_when_told.append(RatingBook(actor.host.store).results_at(actor.id))
        tell_over(broadcast, n, state)

    monkeypatch.setattr(Broadcast, "over", over)
    ann = sign_in(client, "ann")
    table_id = finished_table(client, ann)
    (results,) = stored_when_told
    assert [(seat, r.table_id) for seat, r in results.items()] == [(0, table_id)]
    mine = ann.get("/api/stats?name=ann").json()  # no waiting
    assert [g["games"] for g in mine["games"]] == [1]


def test_an_end_that_could_not_be_stored_ends_again_with_its_results(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17 point 3 kept: storage failing at the end leaves the table to end once it
    answers (belle.server.table.recovery), results and all, in one transaction."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    write = hub.db.write
    failed: list[int] = []

    async def failing_once(fn: Any, *args: Any) -> Any:
        if fn == hub.store.finish_table and not failed:
            failed.append(args[0])
            raise StorageUnavailable()
        return await write(fn, *args)

    monkeypatch.setattr(hub.db, "write", failing_once)
    ann = sign_in(client, "ann")
    table_id = finished_table(client, ann)
    assert failed == [table_id]
    assert hub.store.get_table(table_id).status == "finished"
    assert [g["games"] for g in ann.get("/api/stats?name=ann").json()["games"]] == [1]


def test_results_that_fail_never_stop_the_end(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in the results (not storage) is logged; the game still ends for everyone."""
    hub = client.app.state.hub  # type: ignore[attr-defined]

    async def broken(_actor: Any, _outcome: Any) -> Any:
        raise RuntimeError("a bug in the results")

    monkeypatch.setattr(hub.results, "writes", broken)
    ann = sign_in(client, "ann")
    table_id = finished_table(client, ann)
    assert hub.store.get_table(table_id).status == "finished"
    assert ann.get("/api/stats?name=ann").json()["games"] == []


def test_player_statistics_count_what_the_viewer_may_see(client: TestClient) -> None:
    ann, bob = sign_in(client, "ann"), sign_in(client, "bob")
    public = finished_table(client, ann, seed=1)
    finished_table(client, ann, private=True, seed=2)
    mine = ann.get("/api/stats?name=ann").json()  # stored with each end: no waiting
    theirs = bob.get("/api/stats?name=ann").json()
    anyone = client.get("/api/stats?name=ann").json()
    assert [g["games"] for g in mine["games"]] == [2]
    assert [g["games"] for g in theirs["games"]] == [1] == [g["games"] for g in anyone["games"]]
    game = theirs["games"][0]
    assert game["game"] == "paris_paris" and game["favourite_seat"] == 0
    assert game["seats"] == [{"seat": 0, "games": 1, "wins": game["wins"]}]
    score = table_actor(client, public).state.returns()[0]
    assert game["average_score"] == round(float(score), 1)
    assert theirs["rating"] == []  # a game with a bot is not rated
    page = bob.get("/api/players/ann").json()
    assert [t["id"] for t in page["tables"]] == [public]
    assert code(client.get("/api/stats?name=nobody")) == "not_found"


def _rated_game(client: TestClient, people: list[Any], seed: int) -> int:
    """A two-seat Paris Paris game the registered `people` play to the end (rated)."""
    table_id: int = people[0].post("/api/tables", {"game": "paris_paris",
                                                   "players": 2}).json()["id"]
    for index, person in enumerate(people):
        seat(person, table_id, index)
    with people[0].socket(f"/ws/table/{table_id}") as a, \
            people[1].socket(f"/ws/table/{table_id}") as b, \
            guest(client).socket(f"/ws/table/{table_id}") as watcher:
        for sock in (a, b):
            sock.hello()
        first = watcher.hello()
        start(people[0], table_id)
        play({0: a, 1: b}, watcher, seed=seed, first=first)
    return table_id


def test_the_rating_over_time_follows_each_rated_game(client: TestClient) -> None:
    """Issue 20 item 4: the player page's rating chart reads `rating` of /api/stats: the
    rating before the first rated game, then after each one, in play order."""
    people = [sign_in(client, name, "a kept name") for name in ("Anna", "Bob")]
    tables = [_rated_game(client, people, seed) for seed in (1, 2)]
    rating = client.get("/api/stats?name=Anna").json()["rating"]
    assert [(line["game"], line["title"]) for line in rating] == [("paris_paris", "Paris Paris")]
    points = rating[0]["points"]
    assert points[0] == {"at": None, "rating": 1000, "table": None}  # a new player's
    assert [p["table"] for p in points[1:]] == tables
    assert all(isinstance(p["at"], str) and p["at"].endswith("Z") for p in points[1:])
    board = {p["name"]: p for p in
             client.get("/api/leaderboard/paris_paris").json()["players"]}
    assert points[-1]["rating"] == board["Anna"]["rating"]
    assert len({p["rating"] for p in points}) > 1  # the games moved it
    assert client.get("/api/stats?name=Bob").json()["rating"][0]["points"][-1]["rating"] \
        == board["Bob"]["rating"]

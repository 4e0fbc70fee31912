"""Leaderboard and player pages in the browser (issue 10 item 3; done when "a new user can
... see their rating change on the leaderboard"): two people finish a Paris Paris game
(played over the websocket protocol by this test, random legal moves), then the lobby's
leaderboard link shows their ratings, a name opens the player's page with the game, its
rating change and a replay link that opens the table."""

from __future__ import annotations

import json
import random
import secrets
import threading
import urllib.request
from typing import Any

from playwright.sync_api import expect
from websockets.sync.client import connect

GAME = "paris_paris"


def api(server: str, path: str, body: Any, cookie: str | None = None) -> tuple[Any, str]:
    request = urllib.request.Request(
        server + path, data=json.dumps(body).encode(), method="POST",
        headers={"content-type": "application/json", **({"cookie": cookie} if cookie else {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        cookie_header = response.headers.get("set-cookie", "")
        return json.loads(response.read()), cookie_header.split(";", 1)[0]


def play_seat(server: str, cookie: str, table_id: int, seat: int, done: list[str]) -> None:
    """Random legal moves for `seat` until the game is over."""
    rng = random.Random(seat)
    url = server.replace("http://", "ws://") + f"/ws/table/{table_id}"
    with connect(url, additional_headers={"cookie": cookie}, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "since": None}))
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message.get("kind") == "over" or (
                message["type"] == "sync" and message["table"]["status"] == "finished"
            ):
                done.append(f"seat {seat}")
                return
            if message.get("to_move") == seat and message.get("legal"):
                choice = rng.choice(message["legal"])["json"]
                ws.send(json.dumps({"type": "action", "version": message["version"],
                                    "action": choice}))


def finished_game(server: str) -> tuple[list[str], int]:
    names = [f"Rater{i}-{secrets.token_hex(2)}" for i in range(2)]
    cookies = [api(server, "/api/session", {"name": name, "password": "kept name"})[1]
               for name in names]  # registered: only they are rated (issue 17)
    table, _ = api(server, "/api/tables",
                   {"game": GAME, "players": 2, "options": {}, "mode": "live"}, cookies[0])
    for seat, cookie in enumerate(cookies):
        api(server, f"/api/tables/{table['id']}/join", {"seat": seat}, cookie)
    done: list[str] = []
    players = [threading.Thread(target=play_seat, args=(server, c, table["id"], s, done))
               for s, c in enumerate(cookies)]
    for thread in players:
        thread.start()
    api(server, f"/api/tables/{table['id']}/start", {}, cookies[0])
    for thread in players:
        thread.join(timeout=120)
    assert sorted(done) == ["seat 0", "seat 1"], "the game did not end"
    return names, int(table["id"])


def test_the_leaderboard_and_player_pages_show_a_finished_game(new_page: Any, server: str) -> None:
    names, table_id = finished_game(server)
    page = new_page()
    page.locator(f"#leaderboard-list a[data-game={GAME}]").click()
    page.wait_for_url(f"**/leaderboard/{GAME}")
    expect(page.locator("#board-title")).to_contain_text("Paris Paris")
    rows = {name: page.locator(f'#board tbody tr[data-player="{name}"]') for name in names}
    for row in rows.values():
        expect(row).to_be_visible()
        expect(row.locator("td.games")).to_have_text("1")
    ratings = {name: int(row.locator("td.rating").inner_text()) for name, row in rows.items()}
    assert ratings[names[0]] != 1000 or ratings[names[1]] != 1000  # the game moved them
    rows[names[0]].locator("a.player-link").click()
    page.wait_for_url("**/player?name=*")
    expect(page.locator("#player-title")).to_have_text(names[0])
    expect(page.locator(f"#ratings tbody tr[data-game={GAME}] td.rating")).to_have_text(
        str(ratings[names[0]])
    )
    game_row = page.locator(f'#history tbody tr[data-table="{table_id}"]')
    expect(game_row.locator(".rating-change")).to_contain_text(str(ratings[names[0]]))
    expect(game_row.locator("td.others")).to_have_text(names[1])
    game_row.locator("a.replay-link").click()
    page.wait_for_url(f"**/table/{table_id}")
    expect(page.locator("#replay")).to_be_visible()
    assert page.js_errors == []


def test_the_player_page_charts_the_rating_over_time(new_page: Any, server: str) -> None:
    """Issue 20 item 4: after rated games the player's page draws the rating over time,
    one point before the first game and one after each."""
    names, _ = finished_game(server)
    page = new_page()
    page.goto(f"/player?name={names[0]}")
    chart = page.locator(f"#stats figure.rating-chart[data-game={GAME}]")
    expect(chart).to_be_visible(timeout=20_000)
    expect(chart.locator("figcaption")).to_have_text("Rating over time: Paris Paris")
    expect(chart.locator("svg polyline")).to_have_count(1)
    expect(chart.locator("svg circle")).to_have_count(2)
    assert page.js_errors == []

"""A whole Paris Paris game played by clicks in the browser against a bot (issue 6):
the table is created with option dm, started with /join and /start typed in the table
chat (REQ-PP-1, REQ-PP-2, REQ-PP-9), and every move is a click on a card, a stop of the
map (REQ-PP-5) or a shop to remove (REQ-PP-6)."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .tables import sit_down, wait_for_my_turn

GAME_SECONDS = 90  # a safety net; the game takes a few seconds


def say(page: Any, text: str) -> None:
    page.fill(".chat-form input", text)
    page.press(".chat-form input", "Enter")


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('#turn.over')"))


def click_a_move(page: Any, turn: int) -> bool:
    """Click a legal move on the board: a shop to remove, else a card or its stop."""
    removable = page.locator(".pp-map .shop.removable")
    if removable.count():
        removable.first.click()
        return True
    cards = page.locator(".pp-card.legal")
    if not cards.count():
        return False
    if turn % 2:  # alternate: the stop on the map, the card on the right
        page.locator(".pp-map .stop.legal").first.click()
    else:
        cards.first.click()
    return True


def test_a_dm_game_against_a_bot_started_from_the_chat(new_page: Any) -> None:
    page = new_page("Ann")
    page.select_option("#create-game", "paris_paris")
    page.select_option("#create-players", "2")
    page.check('input[name="opt:dm"]')  # REQ-PP-9
    page.uncheck("#create-sit")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    expect(page.locator(".waiting")).to_contain_text("dm: on")
    say(page, "/start")  # REQ-PP-2: refused with fewer than 2 players
    expect(page.locator("#chat li.system").last).to_be_visible()
    assert page.locator(".pp-map").count() == 0
    say(page, "/join")  # REQ-PP-1
    expect(page.locator("#seats li.me")).to_have_count(1)
    say(page, "/bot greedy")
    expect(page.locator('#seats li[data-seat="1"]')).to_have_class(re.compile("seat-bot"))
    say(page, "/start")
    expect(page.locator(".pp-map")).to_be_visible()
    expect(page.locator(".pp-map .route")).to_have_count(5)
    expect(page.locator(".pp-map .stop")).to_have_count(25)
    expect(page.locator(".pp-lines")).to_contain_text("dm")
    expect(page.locator("#pp-secret")).to_have_count(0)  # PP-72: no secret line with dm

    deadline = time.monotonic() + GAME_SECONDS
    turns = 0
    while not over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if page.locator("#legal button.legal:not([disabled])").count() and click_a_move(
            page, turns
        ):
            turns += 1
            page.wait_for_selector("#legal button.legal[disabled]", state="detached")
        else:
            page.wait_for_timeout(30)
    assert turns >= 20  # 20 rounds, one card each (PP-20)
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".pp-excursions li[data-kind=final]")).to_have_count(5)  # PP-71
    expect(page.locator("#score details.score-seat")).to_have_count(2)
    page.screenshot(path="/tmp/paris_paris_browser.png", full_page=True)
    assert page.js_errors == []


def test_secret_line_shown_only_to_its_owner(new_page: Any) -> None:
    """REQ-PP-8: each player sees his own secret line; a spectator sees none."""
    page = new_page("Bo")
    page.select_option("#create-game", "paris_paris")
    page.select_option("#create-players", "3")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    say(page, "/bot random")
    say(page, "/bot random")
    expect(page.locator("#seats li.seat-bot")).to_have_count(2)
    say(page, "/start")
    expect(page.locator("#pp-secret")).to_be_visible()
    spectator = new_page("Cid")
    spectator.goto(page.url)
    expect(spectator.locator(".pp-map")).to_be_visible()
    expect(spectator.locator("#pp-secret")).to_have_count(0)
    assert page.js_errors == spectator.js_errors == []


def test_a_tap_on_a_stop_tells_what_it_holds_and_scores(device_page: Any) -> None:
    """Issue 16 item 8: on a phone a stop shows its tooltip on a tap (no SVG <title>,
    which a finger cannot open): its lines, its room for shops, what scores there, its
    shops; a stop with my move tells that move (a long press shows it)."""
    page = device_page("phone", name="Tapper")
    sit_down(page, "paris_paris", 2)
    assert wait_for_my_turn(page)
    expect(page.locator(".pp-map .stop title")).to_have_count(0)
    # a stop the bot has not built on yet: a shop drawn over its dot would take the tap
    crossing = page.locator(".pp-map .stop.crossing:not(.legal):not(:has(.shop-piece))").first
    crossing.locator(".stop-dot").tap()
    tip = page.locator("#info-tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("crossing")
    expect(tip).to_contain_text("Room for 2 shops")
    plain = page.locator(".pp-map .stop.plain:not(.legal):not(:has(.shop-piece))").first
    plain.locator(".stop-dot").tap()
    expect(tip).to_contain_text("Room for 1 shop")
    legal = page.locator(".pp-map .stop.legal").first
    assert "Your move here: Take the card" in (legal.get_attribute("data-info") or "")
    assert page.js_errors == []


def test_the_host_starts_with_two_of_three_seats(new_page: Any) -> None:
    """REQ-PP-2: with two of three seats taken the host may start; the button says how
    many will play, and the game has two players, the empty seat left out."""
    page = new_page("Ada")
    page.select_option("#create-game", "paris_paris")
    page.select_option("#create-players", "3")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    expect(page.locator("#seats li.me")).to_have_count(1)
    expect(page.locator("#seats button.start")).to_have_count(0)  # one seated: too few
    expect(page.locator("#seats p.hint")).to_contain_text("at least 2 players")
    page.locator('#seats li[data-seat="2"] button.add-bot').click()
    start = page.locator("#seats button.start")
    expect(start).to_have_text("Start with 2 players")
    start.click()
    expect(page.locator(".pp-map")).to_be_visible()
    expect(page.locator("#seats li")).to_have_count(2)
    expect(page.locator("#chat")).to_contain_text("started with 2 players")
    assert page.js_errors == []


def test_the_players_start_a_table_whose_host_does_not_sit(new_page: Any) -> None:
    """REQ-PP-1/2: the players who joined start the game ("Démarrez le jeu avec /start");
    a host who created the table without sitting does not hold it up."""
    host = new_page("Ada")
    created = host.request.post("/api/tables", data={
        "game": "paris_paris", "players": 4, "options": {}, "mode": "live"})
    assert created.ok, created.text()
    table = f"/table/{created.json()['id']}"
    bob, cleo = new_page("Bob"), new_page("Cleo")
    for page, seat in ((bob, 0), (cleo, 1)):
        page.goto(table)
        page.locator(f'#seats li[data-seat="{seat}"] button.join').click()
        expect(page.locator("#seats li.me")).to_have_count(1)
    expect(cleo.locator("#seats p.hint")).to_contain_text("Anyone seated may start")
    start = bob.locator("#seats button.start")
    expect(start).to_have_text("Start with 2 players")
    start.click()
    expect(bob.locator(".pp-map")).to_be_visible()
    expect(cleo.locator("#chat")).to_contain_text("started with 2 players")
    assert bob.js_errors == [] and cleo.js_errors == []

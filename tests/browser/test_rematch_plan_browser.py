"""Issue 14 items 7 and 8 in real Chromium: City of Light's plan follows its player to
another page (kept on the server, not in the browser), and Rematch at a finished table
starts the next game in one click when the other seat is a bot."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .tables import settle, sit_down, wait_for_my_turn
from .test_city_of_light_browser import click_a_move


def test_the_plan_follows_the_player_and_rematch_starts_the_next_game(
        new_page: Any) -> None:
    page = new_page("Planner")
    table = sit_down(page, "city_of_light", 2)
    assert wait_for_my_turn(page)
    page.check("#plan-toggle")  # planning mode: place S6a on a1, on the plan only
    page.locator('.plan-piece[data-plan="S6a"]').click()
    page.locator('.plan-hit[data-plancell="a1"]').click()
    expect(page.locator('.plan-building[data-planned="S6a"]')).to_have_count(1)
    click_a_move(page)  # a phase-1 move ends the turn: the plan is saved with it
    settle(page)

    other = page.context.new_page()  # another tab, its browser storage emptied
    other.goto(f"/table/{table}")
    other.evaluate("() => localStorage.clear()")
    other.reload()
    other.check("#plan-toggle")
    expect(other.locator('.plan-building[data-planned="S6a"]')).to_have_count(1)
    other.close()

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("button.resign").click()  # a bot plays my seat to the end
    expect(page.locator("#turn.over")).to_be_visible(timeout=30_000)
    expect(page.locator("#chat")).to_contain_text("The game is over")
    page.locator("button.rematch-accept").click()  # the bot accepts with me: it starts
    page.wait_for_url(lambda url: re.search(r"/table/(\d+)$", url) is not None
                      and not url.endswith(f"/table/{table}"))
    expect(page.locator(".col-board")).to_be_visible()
    expect(page.locator("#chat")).to_contain_text("The game has started.")
    assert page.js_errors == []

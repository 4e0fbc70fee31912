"""A table created with a clock in the browser: the clock counts down next to the seat
to move, and the player can hand the seat to a bot (issue 10, item 2; taking it back is
tested in tests/server/test_clock.py).

The countdown is checked by waiting (Playwright's polling expect) for the shown text to
change from one value to another: the server's real clock runs, nothing is timed.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_a_clocked_table_counts_down_next_to_the_seat_to_move(new_page: Any) -> None:
    """Issue 10 item 2: clocks chosen at creation, shown next to each seat, counting."""
    page = new_page("Clo")
    page.select_option("#create-game", "paris_connection")
    page.select_option("#create-clock", "live-move")
    page.select_option("#create-on-timeout", "bot-moves")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    page.locator("button.add-bot").first.click()
    expect(page.locator("#seats li.seat-bot")).to_have_count(1)
    page.locator("button.add-bot").first.click()
    expect(page.locator("#seats li.seat-bot")).to_have_count(2)
    page.click("button.start")
    running = page.locator("#seats .seat-clock.running")
    expect(running).to_have_count(1, timeout=30_000)
    expect(page.locator(".clock-settings")).to_contain_text("2:00 a move")
    first = running.inner_text()
    expect(running).not_to_have_text(first, timeout=5_000)  # it counts
    page.click("button.away")  # bots then play every seat, to the end
    expect(page.locator("#seats .stand-in.away")).to_have_count(1)
    assert page.js_errors == []

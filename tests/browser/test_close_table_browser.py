"""Closing an open table from the browser (issue 9, leftovers): the creator's "Close table"
button on the table page and on the lobby card; other lobbies drop the table at once."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect


def create_table(page: Any) -> str:
    page.select_option("#create-game", "paris_paris")
    page.select_option("#create-players", "2")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    return str(page.url.rstrip("/").split("/")[-1])


def test_the_creator_closes_from_the_table_page_and_the_lobby(new_page: Any) -> None:
    ann, bob = new_page("Ann"), new_page("Bob")
    first = create_table(ann)
    bob.reload()
    card = bob.locator(f'#tables-open article[data-table="{first}"]')
    expect(card).to_be_visible()
    expect(card.locator("button.close-table")).to_have_count(0)  # not Bob's table
    ann.on("dialog", lambda dialog: dialog.accept())
    ann.click("button.close-table")
    expect(ann.locator("#turn")).to_contain_text("closed by its creator")
    expect(ann.locator("button.close-table")).to_have_count(0)
    expect(card).to_have_count(0)  # the lobby socket told Bob's lobby

    ann.goto("/")
    second = create_table(ann)
    ann.goto("/")
    mine = ann.locator(f'#tables-open article[data-table="{second}"]')
    mine.locator("button.close-table").click()
    expect(mine).to_have_count(0)
    expect(bob.locator(f'#tables-open article[data-table="{second}"]')).to_have_count(0)
    assert ann.js_errors == [] and bob.js_errors == []
    assert re.fullmatch(r"\d+", first) and re.fullmatch(r"\d+", second)

"""A two-round Swiss tournament of bots, created, watched and played to the end in
Chromium, with two browser contexts (issue 20 item 3)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import sync_api

expect = sync_api.expect
LOADED = 15_000  # ms for a page to load on a busy CI machine (not a speed assertion)


@pytest.fixture
def person(browser: Any, server: str) -> Iterator[Any]:
    """person(name): a page in a fresh context, signed in through the API, on no page
    yet (the tournament pages are light; the lobby is not needed here)."""
    contexts = []

    def make(name: str) -> Any:
        context = browser.new_context(
            base_url=server, viewport={"width": 1200, "height": 900}, service_workers="block")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        page.player_name = f"{name}-{secrets.token_hex(2)}"
        answer = page.request.post("/api/session", data={"name": page.player_name})
        assert answer.ok, answer.text()
        return page

    yield make
    for context in contexts:
        context.close()


def test_a_swiss_tournament_of_bots_is_played_to_the_end(person: Any) -> None:
    ann = person("ann")
    bea = person("bea")
    ann.goto("/tournaments")
    ann.fill("#t-name", "Tuesday cup")
    ann.select_option("#t-game", "city_of_light")  # two seats, the shortest game
    ann.select_option("#t-system", "swiss")
    ann.fill("#t-rounds", "2")
    ann.click("#tournament-form button[type=submit]")
    expect(ann.locator("#tournament-title")).to_have_text("Tuesday cup", timeout=LOADED)
    address = ann.url
    # Bea signs up, then leaves again: this one is for bots.
    bea.goto(address)
    bea.click("#signup")
    expect(bea.locator("#entries li")).to_have_text([bea.player_name], timeout=LOADED)
    bea.click("#leave")
    expect(bea.locator("#entries li")).to_have_count(0)
    expect(bea.locator("#start")).to_be_hidden()  # only the creator starts
    ann.select_option("#bot-kind", "random")
    for count in range(1, 5):
        ann.click("#add-bot")
        expect(ann.locator("#entries li")).to_have_count(count)
    ann.click("#start")
    expect(ann.locator("#start")).to_be_hidden()
    for page in (ann, bea):  # both pages follow the tournament to its end
        expect(page.locator("#tournament-status")).to_have_attribute(
            "data-status", "finished", timeout=60_000)
    rounds = bea.locator("#rounds .round")
    expect(rounds).to_have_count(2)
    for index in range(2):
        tables = rounds.nth(index).locator("li.tournament-table")
        expect(tables).to_have_count(2)
        expect(tables.locator("a.replay-link")).to_have_count(2)
    expect(bea.locator("#standings tbody tr")).to_have_count(4)
    points = [float(p) for p in bea.locator("#standings td.points").all_inner_texts()]
    assert points == sorted(points, reverse=True) and sum(points) == 4.0
    bea.locator("#rounds a.replay-link").first.click()
    expect(bea).to_have_url(re.compile(r"/table/\d+$"), timeout=LOADED)
    assert not ann.js_errors and not bea.js_errors, (ann.js_errors, bea.js_errors)

"""Undo in the browser (issue 10 item 5, "a new user can … undo a step where the
policy allows"): the Undo button appears after one's own step, takes it back, and the
opponent reads the line in the table's chat."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from tests.browser.tables import legal_moves
from tests.browser.test_paris_connection_browser import choose_paris_connection, my_turn, settle


def test_undo_a_build_and_the_opponent_sees_it(new_page: Any) -> None:
    alice = new_page("Alice")
    choose_paris_connection(alice)
    alice.click("#create-submit")  # 3 players; Alice sits at seat 0
    alice.wait_for_url("**/table/*")
    bob = new_page("Bob")
    bob.goto(alice.url)
    bob.locator('#seats li[data-seat="1"] button.join').click()
    expect(bob.locator("#seats li.me")).to_have_count(1)
    alice.locator('#seats li[data-seat="2"] button.add-bot').click()
    expect(alice.locator('#seats li[data-seat="2"]')).to_have_class(re.compile("seat-bot"))
    alice.locator("#seats button.start").click()

    deadline = time.monotonic() + 30
    while not (my_turn(alice) or my_turn(bob)):
        assert time.monotonic() < deadline, "no human turn came"
        alice.wait_for_timeout(30)
    me, other = (alice, bob) if my_turn(alice) else (bob, alice)
    undo = me.locator("#undo")
    expect(undo).to_be_hidden()  # nothing of mine to take back yet
    builds = me.locator('#board button[data-action^="build "]')  # on a storage board
    expect(builds.first).to_be_visible()
    before = sorted(legal_moves(me))
    version = me.evaluate("() => document.body.dataset.version")
    move = str(builds.first.get_attribute("data-action"))
    builds.first.click()
    settle(me)
    expect(undo).to_be_visible()
    expect(undo).to_have_text("Undo")
    expect(me.locator("#log li").last.locator(".notation")).to_contain_text(move)

    undo.click()
    expect(undo).to_be_hidden()
    expect(me.locator("body")).to_have_attribute("data-version", version)
    assert sorted(legal_moves(me)) == before
    line = f"{me.player_name} took back: {move}"
    expect(other.locator("#chat li.undo-line").last).to_have_text(line)
    expect(me.locator("#chat li.undo-line").last).to_have_text(line)
    other.reload()  # a later sync still shows it
    expect(other.locator("#chat li.undo-line").last).to_have_text(line)
    for page in (alice, bob):
        assert page.js_errors == []

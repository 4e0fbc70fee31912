"""'Your turn' in the browser (issue 10 item 4): with two players at a table, the page
title of the one whose turn comes shows it (restored for the one who moved), a system
notification is shown when that page is hidden and the player allowed it (the
Notifications API is stubbed to record calls), and the lobby's "Next table waiting for
me (N)" button goes to the waiting table."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .tables import legal_moves, tap_move

TURN_SECONDS = 60  # a safety net; a turn takes a few clicks

FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: (options || {}).body }); }
  close() {}
}
FakeNotification.permission = "default";
FakeNotification.requestPermission = async () => {
  FakeNotification.permission = "granted";
  return "granted";
};
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
"""


def say(page: Any, text: str) -> None:
    page.fill(".chat-form input", text)
    page.press(".chat-form input", "Enter")


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("() => document.body.classList.contains('my-turn')"))


def play_turn(mover: Any, other: Any) -> None:
    """Click the mover's first legal move until the turn passes to `other`."""
    deadline = time.monotonic() + TURN_SECONDS
    while not my_turn(other):
        assert time.monotonic() < deadline, "the turn did not pass"
        mine = mover.locator("#legal button.legal:not([disabled])").count()
        moves = legal_moves(mover) if mine else []
        if moves:
            tap_move(mover, moves[0], tap=False)
            mover.wait_for_selector("#legal button.legal[disabled]", state="detached")
        else:
            mover.wait_for_timeout(30)


def test_the_title_and_a_notification_announce_my_turn(new_page: Any) -> None:
    """Issue 10 item 4: title '● Your turn — <game> — Belle' and a notification when
    hidden; the title is restored after I move; the next-table button navigates."""
    ann, bob = new_page("Ann"), new_page("Bob")
    for page in (ann, bob):
        page.context.add_init_script(FAKE_NOTIFICATIONS)
    ann.select_option("#create-game", "paris_paris")
    ann.select_option("#create-players", "2")
    ann.check('input[name="mode"][value="turn"]')
    ann.click("#create-submit")
    ann.wait_for_url("**/table/*")
    table_id = ann.url.rstrip("/").split("/")[-1]
    bob.goto(f"/table/{table_id}")
    say(bob, "/join")
    expect(bob.locator("#seats li.me")).to_have_count(1)
    for page in (ann, bob):
        page.click("#notify-me")
        expect(page.locator(".notify-me")).to_have_text("Notifications on")
    say(ann, "/start")  # the host starts the table
    for page in (ann, bob):
        expect(page.locator("#turn.mine, #turn.theirs")).to_be_visible()
    mover, waiting = (ann, bob) if my_turn(ann) else (bob, ann)
    waiting.evaluate("() => { window.__hidden = true; }")

    play_turn(mover, waiting)
    expect(waiting).to_have_title("● Your turn — Paris Paris — Belle")
    expect(mover).to_have_title(f"Paris Paris #{table_id} — Belle")
    notes = waiting.evaluate("() => window.__notes")
    assert notes == [{"title": "Your turn at Paris Paris",
                      "body": f"Table #{table_id} is waiting for your move."}]
    assert mover.evaluate("() => window.__notes") == []  # visible page: the title only
    expect(waiting.locator("#next-table")).to_have_text("Next table waiting for me (0)")

    waiting.goto("/")
    button = waiting.locator("#next-table")
    expect(button).to_have_text("Next table waiting for me (1)")
    button.click()
    waiting.wait_for_url(re.compile(rf"/table/{table_id}$"))
    expect(waiting.locator("#turn.mine")).to_be_visible()
    assert not ann.js_errors and not bob.js_errors

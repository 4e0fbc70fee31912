"""Moderation in Chromium (issue 20 item 7), two contexts: a chat line reported from its
⚑, and a blocked player's lobby lines hidden from the one who blocked them."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import sync_api

expect = sync_api.expect


@pytest.fixture
def person(browser: Any, server: str) -> Iterator[Any]:
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
        assert page.request.post("/api/session", data={"name": page.player_name}).ok
        return page

    yield make
    for context in contexts:
        context.close()


def test_report_a_line_and_block_its_author(person: Any) -> None:
    ann, bob = person("ann"), person("bob")
    for page in (ann, bob):
        page.goto("/")
    bob.locator("#lobby-chat input").fill("something rude")
    bob.locator("#lobby-chat input").press("Enter")
    line = ann.locator(f"#lobby-chat li[data-from='{bob.player_name}']").last
    expect(line).to_contain_text("something rude", timeout=15_000)
    # His own line has no ⚑ (the lobby may hold other players' lines from earlier tests).
    own = bob.locator(f"#lobby-chat li[data-from='{bob.player_name}']").last
    expect(own).to_contain_text("something rude")
    expect(own.locator(".chat-report")).to_have_count(0)
    expect(line.locator(".chat-report")).to_have_count(1)
    ann.once("dialog", lambda dialog: dialog.accept("rude"))
    line.locator(".chat-report").click()
    expect(line.locator(".chat-report")).to_be_disabled()
    # Ann blocks Bob from his player page: his lines leave her lobby.
    ann.goto(f"/player?name={bob.player_name}")
    ann.click(".block-toggle")
    expect(ann.locator(".block-toggle")).to_have_text("Unblock")
    ann.goto("/")
    expect(ann.locator("#lobby-chat li[data-chat]").first).to_be_attached(timeout=15_000)
    expect(ann.locator(f"#lobby-chat li[data-from='{bob.player_name}']").first).to_be_hidden()
    assert not ann.js_errors and not bob.js_errors, (ann.js_errors, bob.js_errors)

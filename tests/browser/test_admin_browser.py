"""The operator's page in Chromium (issue 20 item 7), three contexts: a player reports a
chat line, the operator signs in at /admin, sees the report and bans its author, and
the banned player's page says at once that they were banned (their socket is closed,
belle.server.moderation.bans), and again after a reload (no reconnecting); at the game
they were playing, a bot plays their seat on and the table's chat says why.

This module runs a server of its own: the test sets the operator's password in its
database, as `belle admin password` does."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

from belle.server.accounts.passwords import hash_password
from belle.storage.moderation import Moderation

from .checks import horizontal_overflow, internal_text, small_targets
from .conftest import sync_api
from .serve import serving

expect = sync_api.expect
PASSWORD = "the operator's long password"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own server, its operator password set (overrides conftest's)."""
    if os.environ.get("BELLE_TEST_URL"):
        pytest.skip("sets the operator password in the server's database: needs its own")
    workdir: Path = tmp_path_factory.mktemp("belle-admin")
    with serving(workdir) as url:
        engine = create_engine(f"sqlite:///{workdir}/belle.db")
        Moderation(engine).set_operator_password_hash(hash_password(PASSWORD))
        engine.dispose()
        yield url


def person(new_page: Any, name: str) -> Any:
    """A page signed in through the API, then at the lobby (its chat shows the ⚑)."""
    page = new_page(None)
    page.player_name = f"{name}-{secrets.token_hex(2)}"
    assert page.request.post("/api/session", data={"name": page.player_name}).ok
    page.goto("/")
    return page


def test_the_operator_bans_a_reported_author_and_their_page_says_so(new_page: Any) -> None:
    ann, bob = person(new_page, "Ann"), person(new_page, "Bob")
    bob.locator("#lobby-chat input").fill("a rude line")
    bob.locator("#lobby-chat input").press("Enter")
    line = ann.locator(f"#lobby-chat li[data-from='{bob.player_name}']").last
    expect(line).to_contain_text("a rude line", timeout=15_000)
    ann.once("dialog", lambda dialog: dialog.accept("rude"))
    line.locator(".chat-report").click()
    expect(line.locator(".chat-report")).to_be_disabled()

    # Ann and Bob are in the middle of a game (with a bot): the ban must not leave her
    # waiting on him
    table = ann.request.post("/api/tables", data={"game": "paris_connection",
                                                  "players": 3}).json()["id"]
    assert ann.request.post(f"/api/tables/{table}/join", data={"seat": 0}).ok
    assert bob.request.post(f"/api/tables/{table}/join", data={"seat": 1}).ok
    assert ann.request.post(f"/api/tables/{table}/bots", data={"bot": "random"}).ok
    assert ann.request.post(f"/api/tables/{table}/start").ok

    op = new_page(None)
    op.goto("/admin")
    op.fill("#admin-password", PASSWORD)
    op.click("#admin-form button[type=submit]")
    report = op.locator("#reports tbody tr").filter(has_text=bob.player_name)
    expect(report.locator("td.line")).to_have_text("a rude line")
    expect(report.locator("td.author")).to_have_text(bob.player_name)
    report.locator('button[data-act="ban"]').click()
    expect(op.locator(f'#sanctions li[data-name="{bob.player_name}"]')).to_contain_text("banned")

    banner = bob.locator("#banned")
    expect(banner).to_contain_text("The operator has banned you")  # at once, no reload
    expect(bob.locator("#banned")).to_have_attribute("role", "alert")
    bob.reload()
    expect(bob.locator("#banned")).to_contain_text("The operator has banned you")
    expect(ann.locator("#banned")).to_have_count(0)
    ann.goto(f"/table/{table}")  # a bot plays Bob's seat, and the table's chat says why
    expect(ann.locator("#chat li").filter(
        has_text=f"{bob.player_name} was banned by the operator: a bot plays their seat to "
                 "the end.")).to_have_count(1)
    assert not ann.js_errors and not bob.js_errors and not op.js_errors, \
        (ann.js_errors, bob.js_errors, op.js_errors)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_operators_page_fits_a_phone(new_page: Any, device_page: Any, lang: str) -> None:
    """Issue 16 item 1: the operator's page with a report in it, on a phone (390 px): no
    sideways scroll, every control at least 40 px, nothing internal."""
    ann, bob = person(new_page, "Ann"), person(new_page, "Bob")
    bob.locator("#lobby-chat input").fill("a line to report")
    bob.locator("#lobby-chat input").press("Enter")
    line = ann.locator(f"#lobby-chat li[data-from='{bob.player_name}']").last
    expect(line).to_contain_text("a line to report", timeout=15_000)
    ann.once("dialog", lambda dialog: dialog.accept("a reason"))
    line.locator(".chat-report").click()
    expect(line.locator(".chat-report")).to_be_disabled()
    op = device_page("phone", lang=lang)
    op.goto("/admin")
    op.fill("#admin-password", PASSWORD)
    op.locator("#admin-form button[type=submit]").tap()
    expect(op.locator("#reports tbody tr").filter(has_text=bob.player_name)).to_be_visible()
    assert horizontal_overflow(op, 390) is None, horizontal_overflow(op, 390)
    assert small_targets(op) == []
    assert internal_text(op) == []
    assert not op.js_errors, op.js_errors

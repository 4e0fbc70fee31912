"""The host's and the players' new buttons (issue 17): the host asks a player to leave
and hands the table on; a player resigns; a registered player changes their password
with the current one and signs out everywhere."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_the_host_asks_to_leave_hands_on_and_a_player_resigns(new_page: Any) -> None:
    ann, bob = new_page("Ann"), new_page("Bob")
    ann.select_option("#create-game", "paris_paris")
    ann.select_option("#create-players", "2")
    ann.click("#create-submit")
    ann.wait_for_url("**/table/*")
    table = ann.url.rstrip("/").split("/")[-1]
    bob.goto(f"/table/{table}")
    bob.locator('#seats li[data-seat="1"] button.join').click()
    ann.on("dialog", lambda dialog: dialog.accept())
    seat = ann.locator('#seats li[data-seat="1"]')
    expect(seat).to_contain_text("Bob")
    expect(bob.locator("#seats button.kick")).to_have_count(0)  # Bob is not the host
    seat.locator("button.kick").click()
    expect(seat).not_to_contain_text("Bob")

    cy = new_page("Cy")
    cy.goto(f"/table/{table}")
    cy.locator('#seats li[data-seat="1"] button.join').click()
    expect(ann.locator('#seats li[data-seat="1"]')).to_contain_text("Cy")
    ann.locator('#seats li[data-seat="1"] button.hand-on').click()
    expect(cy.locator("#seats button.start")).to_be_visible()  # Cy hosts the table now
    expect(ann.locator("#seats button.start")).to_have_count(0)
    cy.on("dialog", lambda dialog: dialog.accept())
    cy.locator("#seats button.start").click()
    expect(ann.locator("button.resign")).to_be_visible()
    ann.locator("button.resign").click()
    expect(ann.locator('#seats li[data-seat="0"]')).to_contain_text("forfeited")
    assert ann.js_errors == [] and cy.js_errors == []


def test_change_the_password_with_the_current_one_and_sign_out_everywhere(
    new_page: Any,
) -> None:
    page = new_page("Dora")
    page.click("#who button.change-password")
    page.fill("form.keep-name input[name=password]", "first password")
    page.click("form.keep-name button[type=submit]")
    expect(page.locator("#who .badge")).to_be_visible()
    page.click("#who button.change-password")
    expect(page.locator("form.keep-name input[name=current]")).to_be_visible()
    page.fill("form.keep-name input[name=current]", "first password")
    page.fill("form.keep-name input[name=password]", "second password")
    page.click("form.keep-name button[type=submit]")
    expect(page.get_by_text("every other device")).to_be_visible(timeout=20_000)
    page.click("#who button.sign-out-everywhere")
    expect(page.locator("#signin")).to_be_visible()
    assert page.js_errors == []

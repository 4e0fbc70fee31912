"""A whole game of Paris: La Cité de la Lumière played by clicks against a bot (issue 4,
item 6): tiles and buildings placed on the board, the stack view opened in phase 1, the
planning mode used once (REQ-COL-P1..P8; the plan is kept on the server for this seat
and not in the browser's storage, REQ-COL-P9: test_rematch_plan_browser.py follows it
to another page, tests/server/test_plans.py to another device), the score display
opened, and the end with the final scores."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .tables import end_turn_if_held, legal_moves, sit_down, tap_move, wait_for_my_turn
from .tables import settle as settle_move

GAME_SECONDS = 90  # a safety net; the game takes a few seconds of clicks


def my_turn(page: Any) -> bool:
    return bool(
        page.evaluate("() => !!document.querySelector('#legal button.legal:not([disabled])')")
    )


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('#turn.over')"))


def settle(page: Any) -> None:
    page.wait_for_selector("#legal button.legal[disabled]", state="detached")


def count(page: Any, selector: str) -> int:
    return int(page.locator(selector).count())


def click_a_move(page: Any) -> str:
    """Play one atomic action by clicking the board or the side panel (never the list),
    and "End turn" when it ends the turn (REQ-COL-P7); its kind."""
    kind = _click_a_move(page)
    end_turn_if_held(page)
    return kind


def _click_a_move(page: Any) -> str:
    board = ".col-board"
    if count(page, f"{board} .slot.legal"):
        few = count(page, ".col-player.owner-0 .reserve-chip") < 4
        if count(page, ".supply-chip.legal") and few:
            page.locator(".supply-chip.legal").first.click()
            return "take"
        page.locator(f"{board} .slot.legal .slot-hit").first.click()
        return "tile"
    if count(page, f"{board} .put.legal"):
        page.locator(f"{board} .put.legal .anchor").first.click()
        return "at"
    if count(page, ".facing"):
        page.locator(".facing").first.click()
        return "facing"
    if count(page, f"{board} .target.legal"):
        page.locator(f"{board} .target.legal .target-hit").first.click()
        return "on"
    choices = page.locator(".col-choice:not(.decline)")
    if choices.count():
        choices.first.click()
        return "choice"
    if count(page, ".col-choice.decline"):
        page.locator(".col-choice.decline").click()
        return "decline"
    if count(page, ".reserve-chip.legal"):
        page.locator(".reserve-chip.legal").first.click()
        return "build"
    if count(page, ".col-card.legal"):
        page.locator(".col-card.legal").first.click()
        return "card"
    if count(page, ".supply-chip.legal"):
        page.locator(".supply-chip.legal").first.click()
        return "take"
    page.locator(".col-pass").click()
    return "pass"


def use_planning_mode(page: Any) -> None:
    """REQ-COL-P1..P8: switch to the plan, place a building freely, Sync, switch back."""
    page.check("#plan-toggle")
    expect(page.locator(".col-board.planning")).to_be_visible()
    page.locator('.plan-piece[data-plan="S6a"]').click()
    page.locator('.plan-hit[data-plancell="a1"]').click()
    expect(page.locator('.plan-building[data-planned="S6a"]')).to_have_count(1)
    page.locator(".plan-sync").click()
    page.locator(".plan-reload").click()  # back to the plan saved at the turn's start
    expect(page.locator('.plan-building[data-planned="S6a"]')).to_have_count(0)
    page.locator('.plan-hit[data-plancell="b2"]').click()  # S6a is still picked
    expect(page.locator('.plan-building[data-planned="S6a"]')).to_have_count(1)
    page.uncheck("#plan-toggle")
    expect(page.locator(".col-board.planning")).to_have_count(0)


def test_a_whole_game_against_a_bot_by_clicks(new_page: Any) -> None:
    page = new_page("Lumière")
    page.select_option("#create-game", "city_of_light")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    page.locator('#seats li[data-seat="1"] button.add-bot').click()
    expect(page.locator('#seats li[data-seat="1"]')).to_have_class(re.compile("seat-bot"))
    page.locator("#seats button.start").click()
    expect(page.locator(".col-board")).to_be_visible()

    stack_seen = planned = False
    moves: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    while not over(page):
        assert time.monotonic() < deadline, f"the game did not end in time: {moves[-10:]}"
        if not my_turn(page):
            page.wait_for_timeout(30)
            continue
        phase = page.locator(".col").get_attribute("data-phase")
        if phase == "streets" and not stack_seen:
            expect(page.locator("#private-hand")).to_be_visible()  # own hand tile only
            page.locator('.stack-marker[data-seat="1"]').click()
            expect(page.locator(".col-stack .stack-tile").first).to_be_visible()
            page.locator('.stack-marker[data-seat="1"]').click()
            stack_seen = True
        if phase == "build" and not planned and not count(page, ".col-board .put.legal"):
            use_planning_mode(page)
            planned = True
            # the seed: "Ab Phase 2 wird der aktuelle Punktestand am unteren Rand des
            # Fensters angezeigt" (REQ-COL-D1): the display ends at the window's bottom edge
            box = page.locator(".col-score").bounding_box()
            assert abs(box["y"] + box["height"] - page.viewport_size["height"]) <= 1, box
            page.locator(".col-score .score-open").first.click()  # REQ-COL-D3
            expect(page.locator(".col-score .score-items")).to_be_visible()
        moves.append(click_a_move(page))
        settle(page)
    assert stack_seen and planned
    assert {"tile", "take", "build", "at", "card"} <= set(moves), moves

    # The plan is kept on the server for this seat (test_rematch_plan_browser.py), not
    # in the browser's storage.
    stored = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('belle:city_of_light:plan'))")
    assert stored == []

    expect(page.locator("#turn")).to_contain_text("Game over")
    page.screenshot(path="/tmp/city_of_light_end.png", full_page=True)
    scores = page.locator("#score details.score-seat")
    expect(scores).to_have_count(2)
    scores.first.locator("summary").click()
    expect(scores.first.locator(".score-line", has_text="lit buildings")).to_be_visible()
    page.locator(".col-score .score-open").nth(1).click()
    expect(page.locator(".col-score .score-items")).to_be_visible()
    assert page.js_errors == []


def test_the_postcards_option_names_the_cards_in_the_readers_language(
        device_page: Any) -> None:
    """COL-215: the postcards to play are chosen by their names (in German: the invented
    card's German name), never by their codes; the table shows the choice in words."""
    page = device_page("desktop", lang="de", name="Clara")
    page.reload()  # signed in through the API: the create form appears
    page.select_option("#create-game", "city_of_light")
    postcards = page.locator('select[name="opt:postcards"]')
    expect(postcards.locator('option[value="random_eiffel"]')).to_have_text(
        "8 zufällig aus Grundspiel und Eiffel")
    postcards.select_option("list")
    cards = page.locator('fieldset.option.list[data-name="postcard_list"]')
    expect(cards).to_contain_text("Le Peintre")
    expect(cards).to_contain_text("Straßenlaternen-Plättchen (erfundene Karte)")
    expect(cards).to_contain_text("wenn oben „die Liste unten“ gewählt ist")
    assert not re.search(r"BASE|PEINTRE|[A-Z]{2,}_", cards.inner_text())
    page.uncheck("#create-sit")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    waiting = page.locator(".waiting")
    expect(waiting).to_contain_text("Postkarten: die Liste unten")
    expect(waiting).to_contain_text("Le Peintre, Moulin Rouge")
    assert "PEINTRE" not in waiting.inner_text()
    assert page.js_errors == []


def test_on_a_phone_the_score_display_waits_folded_at_the_bottom(device_page: Any) -> None:
    """REQ-COL-D1 on a phone: from phase 2 the score stands at the window's bottom edge,
    folded to the two totals so that it does not cover the board; a tap unfolds it."""
    page = device_page("phone", name="Pia")
    sit_down(page, "city_of_light", 2, bot="random")
    deadline = time.monotonic() + GAME_SECONDS
    while not page.locator(".col[data-phase=build]").count():
        assert time.monotonic() < deadline, "phase 2 did not come"
        assert wait_for_my_turn(page)
        tap_move(page, legal_moves(page)[0], tap=False)
        settle_move(page)
    score = page.locator("details.col-score")
    expect(score).not_to_have_attribute("open", "")
    expect(score.locator(".score-totals")).to_contain_text("Pia")
    box = score.bounding_box()
    assert abs(box["y"] + box["height"] - page.viewport_size["height"]) <= 1, box
    score.locator("summary").tap()
    expect(score.locator("tr.total")).to_be_visible()
    assert score.bounding_box()["height"] <= 0.4 * page.viewport_size["height"]
    assert page.js_errors == []


def test_the_turn_ends_when_zug_beenden_is_pressed(device_page: Any) -> None:
    """REQ-COL-P7, seed: "Änderungen an deinem Plan werden gespeichert, wenn du auf die
    Schaltfläche „Zug beenden“ klickst." The move that ends the turn is held, shown alone
    on the board, until "Zug beenden" sends it (with the plan); "Zug ändern" lets the
    player choose again; with "jeden Zug bestätigen" off a move goes at once."""
    page = device_page("desktop", lang="de", name="Clara")
    sit_down(page, "city_of_light", 2, bot="random")
    confirm = page.locator("#confirm")
    slots = page.locator(".col-board .slot.legal")
    assert wait_for_my_turn(page)
    version = page.locator("body").get_attribute("data-version")
    many = slots.count()
    assert many > 1

    slots.first.locator(".slot-hit").click()
    expect(confirm).to_be_visible()
    expect(confirm.locator("button.end-turn")).to_have_text("Zug beenden")
    expect(confirm.locator(".confirm-move")).to_contain_text("Dein Zug:")
    expect(page.locator(".col-board .slot.staged")).to_have_count(1)  # the held move alone
    expect(page.locator(".col-status")).to_contain_text("drücke dann „Zug beenden“")
    expect(slots).to_have_count(1)
    # not sent: a sent move leaves the page waiting (body.pending) until its new version
    assert not page.evaluate("() => document.body.classList.contains('pending')")
    assert page.locator("body").get_attribute("data-version") == version

    confirm.locator("button.change-move").click()
    expect(confirm).to_be_hidden()
    expect(slots).to_have_count(many)

    slots.first.locator(".slot-hit").click()
    confirm.locator("button.end-turn").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", version or "")
    expect(confirm).to_be_hidden()

    toggle = page.locator("#confirm-turns-toggle")
    expect(toggle).to_contain_text("jeden Zug bestätigen")
    toggle.locator("input").uncheck()
    assert wait_for_my_turn(page)
    version = page.locator("body").get_attribute("data-version")
    slots.first.locator(".slot-hit").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", version or "")
    expect(confirm).to_be_hidden()
    assert page.js_errors == []

"""The rules pages (issue 10, item 1): /static/rules.html?game=<id>, drawn from
belle/web/rules/<id>.json; reachable from the lobby and the table, where a "?" beside each
legal move opens the rule that governs it. The display choice (summary only / full text
only / full text and summary) is the one of shared/seeds/city_of_light.de.txt, first
lines, worded in German as the seed words it. The
values the table had to rebuild are in one collapsible section, "How we rebuilt this
game", without rule numbers or file paths (issue 16 item 4)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .checks import axe_violations, internal_text

RULES = Path(__file__).resolve().parents[2] / "belle" / "web" / "rules"
GAMES = ["paris", "paris_connection", "city_of_light", "paris_paris", "bruxelles_1893"]


def rules_data(game: str) -> dict[str, Any]:
    return json.loads((RULES / f"{game}.json").read_text())


def open_rules(page: Any, game: str, anchor: str = "") -> None:
    page.goto(f"/static/rules.html?game={game}" + (f"#{anchor}" if anchor else ""))
    page.wait_for_selector("body[data-ready='1']")


@contextlib.contextmanager
def page_in_context(browser: Any, server: str, **options: Any) -> Iterator[Any]:
    """A page in a fresh browser context of its own `options` (viewport, locale), closed
    after."""
    context = browser.new_context(service_workers="block", base_url=server, **options)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(new_page: Any) -> Any:
    return new_page()


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_loads_with_its_sections_and_notices(page: Any, game: str) -> None:
    open_rules(page, game)
    data = rules_data(game)
    expect(page.locator("#rules h1")).to_have_text(data["title"])
    for anchor in ["goal", "setup", "turn", "actions", "end", "scoring"]:
        expect(page.locator(f"section#{anchor}")).to_have_count(1)
    for anchor in set(data["actions"].values()):  # every action kind has its anchor
        expect(page.locator(f"section#{anchor}")).to_have_count(1)
    for section in page.locator("section.rule-section:not(#reconstructed)").all():
        assert section.locator(":scope > .rule-summary").count() == 1
        assert section.locator(":scope > .rule-full").count() <= 1
    rebuilt = page.locator("details#reconstructed")
    expect(rebuilt).not_to_have_attribute("open", "")  # collapsed until asked for
    expect(rebuilt.locator("summary")).to_have_text("How we rebuilt this game")
    notices = rebuilt.locator(".reconstructed")
    expect(notices).to_have_count(len(data["reconstructed"]))
    rebuilt.locator("summary").click()
    expect(notices.first).to_contain_text(data["reconstructed"][0]["what"])
    assert internal_text(page) == []
    assert page.js_errors == []


def test_the_three_display_modes_are_remembered(page: Any) -> None:
    open_rules(page, "city_of_light")
    summary, full = page.locator("#setup > .rule-summary"), page.locator("#setup > .rule-full")
    expect(summary).to_be_visible()  # "both" by default
    expect(full).to_be_visible()
    page.check("#display-mode input[value=summary]")
    expect(summary).to_be_visible()
    expect(full).to_be_hidden()
    expect(page.locator("#setup .rebuilt-here")).to_be_visible()  # always shown
    page.locator("#setup .rebuilt-here a").click()
    expect(page.locator("details#reconstructed")).to_have_attribute("open", "")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#display-mode input[value=summary]")).to_be_checked()
    expect(full).to_be_hidden()
    page.check("#display-mode input[value=full]")
    expect(summary).to_be_hidden()
    expect(full).to_be_visible()
    open_rules(page, "paris")  # one choice for every game
    expect(page.locator("#goal > .rule-summary")).to_be_hidden()
    page.check("#display-mode input[value=both]")
    expect(page.locator("#goal > .rule-summary")).to_be_visible()
    expect(page.locator("#goal > .rule-full")).to_be_visible()
    assert page.js_errors == []


def test_the_display_choice_reads_as_the_seed_words_it(browser: Any, server: str) -> None:
    """Seed: "Zeige → nur Kurzfassung → nur ausführliche Fassung → ausführliche und
    Kurzfassung"."""
    with page_in_context(browser, server, locale="de-DE") as page:
        open_rules(page, "city_of_light")
        choice = page.locator("#display-mode")
        expect(choice.locator("legend")).to_have_text("Zeige")
        assert [text.strip() for text in choice.locator("label").all_inner_texts()] == [
            "nur Kurzfassung", "nur ausführliche Fassung", "ausführliche und Kurzfassung"]


def test_an_anchor_is_marked_and_unknown_games_get_the_index(page: Any) -> None:
    open_rules(page, "paris_connection", "trade")
    expect(page.locator("section#trade")).to_have_class("rule-section level-3 target")
    page.goto("/static/rules.html?game=nope")
    expect(page.locator(".rules-index a")).to_have_count(len(GAMES))
    assert page.js_errors == []


def test_the_lobby_links_to_each_games_rules(new_page: Any) -> None:
    page = new_page("Rita")
    expect(page.locator("#rules-list a")).to_have_count(len(GAMES))
    page.select_option("#create-game", "paris_paris")
    link = page.locator("#create-rules")
    expect(link).to_have_attribute("href", "/static/rules.html?game=paris_paris")
    with page.expect_popup() as popup_info:
        link.click()
    rules = popup_info.value
    rules.wait_for_selector("body[data-ready='1']")
    expect(rules.locator("#rules h1")).to_have_text("Paris Paris")
    page.locator("#rules-list a[data-game=bruxelles_1893]").click()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#rules h1")).to_have_text("Bruxelles 1893")
    assert page.js_errors == []


def test_a_question_mark_beside_a_legal_move_opens_its_rule(new_page: Any) -> None:
    page = new_page("Quinn")
    page.select_option("#create-game", "city_of_light")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    expect(page.locator("#rules-link")).to_have_attribute(
        "href", "/static/rules.html?game=city_of_light"
    )
    page.fill(".chat-form input", "/bot random")
    page.press(".chat-form input", "Enter")
    help_links = page.locator("#legal .rule-help")
    if not help_links.count():
        page.wait_for_timeout(300)
        if page.locator("body[data-status=open]").count():
            page.fill(".chat-form input", "/start")
            page.press(".chat-form input", "Enter")
    expect(page.locator("#legal details.all-moves").first).to_be_attached(timeout=15_000)
    if not page.locator("#legal details.all-moves[open]").count():
        page.locator("#legal details.all-moves > summary").click()
    expect(help_links.first).to_be_visible(timeout=15_000)
    mapping = rules_data("city_of_light")["actions"]
    item = page.locator("#legal .legal-item").filter(has=page.locator(".rule-help")).last
    action_text = str(item.locator("button.legal").get_attribute("data-action"))
    link = item.locator(".rule-help")
    anchor = link.get_attribute("data-anchor")
    assert anchor == mapping[action_text.split()[0]], action_text  # type = first word here
    # the link names the move by its words, as its button does, never by its notation
    words = item.locator("button.legal").evaluate("(b) => b.firstChild.textContent")
    assert link.get_attribute("aria-label") == f"Rule for {words}"
    assert link.get_attribute("title") == f"The rule for “{words}”"
    assert action_text not in words
    with page.expect_popup() as popup_info:
        link.click()
    rules = popup_info.value
    rules.wait_for_selector("body[data-ready='1']")
    assert rules.url.endswith(f"/static/rules.html?game=city_of_light#{anchor}")
    expect(rules.locator(f"section#{anchor}")).to_have_class(
        "rule-section level-3 target"
    )
    assert page.js_errors == []


def test_a_rules_page_has_no_serious_accessibility_finding(page: Any) -> None:
    """Issue 16 item 5: axe-core on a rules page, the rebuilt values opened."""
    open_rules(page, "bruxelles_1893")
    page.locator("details#reconstructed > summary").click()
    assert axe_violations(page) == []
    assert page.js_errors == []


SUMMARY = {
    "measured": "2026-12-02 05:00 UTC", "commit": "abc1234", "command": "belle balance --all",
    "games": {"paris_paris": {"2": [
        {"kind": "greedy", "label": "greedy self-play", "games": 400,
         "bounds": {"pass": 20, "fail": 0, "undecided": 3},
         "first_player_wins": {"value": 0.54, "low": 0.49, "high": 0.59}},
        {"kind": "strategy", "label": "strategy secret-line-only against greedy", "games": 200,
         "bounds": {"pass": 1, "fail": 0, "undecided": 0}, "strategy": "secret-line-only",
         "strategy_wins": {"value": 0.31, "low": 0.25, "high": 0.38}},
        {"kind": "endings", "label": "more games", "games": 600,
         "bounds": {"pass": 1, "fail": 0, "undecided": 0}},
    ]}},
}


@pytest.mark.parametrize(("locale", "words"), [
    ("en-GB", ["2 players", "the greedy bot played itself 400 times and the first player "
               "won 54% (fair share 50%)", "won 31% of its 200 games",
               "Checks: 22 passed, 3 not yet decided, 0 failed."]),
    ("fr-FR", ["2 joueurs", "a joué 400 parties contre lui-même", "Vérifications : 22 "
               "réussies, 3 pas encore tranchées, 0 échouées."]),
])
def test_how_we_checked_shows_the_balance_figures_in_the_readers_words(
        browser: Any, server: str, locale: str, words: list[str]) -> None:
    """Issue 15: each game's balance summary (belle/web/rules/balance.json, written by
    `belle balance --all --summary`) is worded on the rules page, without a file path."""
    with page_in_context(browser, server, locale=locale) as page:
        page.route("**/static/rules/balance.json",
                   lambda route: route.fulfill(json=SUMMARY))
        open_rules(page, "paris_paris")
        page.locator("details#reconstructed > summary").click()
        block = page.locator("details#reconstructed .balance")
        for text in words:
            expect(block).to_contain_text(text)
        assert internal_text(page) == []
        assert "balance.md" not in block.inner_text() and ".json" not in block.inner_text()


def test_on_a_phone_the_open_contents_stay_above_the_text(browser: Any, server: str) -> None:
    """Phones: under 800 px the side column is one more block above the rules,
    not a sticky one; with its contents open and the page scrolled, it covered the text
    (the narrow layout came before the rule it overrides)."""
    with page_in_context(browser, server, viewport={"width": 390, "height": 844}) as page:
        open_rules(page, "city_of_light")
        side = page.locator(".rules-side")
        assert side.evaluate("e => getComputedStyle(e).position") == "static"
        page.locator(".rules-toc summary").click()
        page.evaluate("window.scrollTo(0, 3000)")
        assert page.evaluate("window.scrollY") > 2000
        assert side.bounding_box()["y"] + side.bounding_box()["height"] < 0  # scrolled away


def test_on_a_wide_screen_the_contents_stay_in_view(browser: Any, server: str) -> None:
    """Beside the rules (over 800 px) the side column sticks to the top as the page
    scrolls: the narrow layout's rules must not leak into the wide one."""
    with page_in_context(browser, server, viewport={"width": 1400, "height": 900}) as page:
        open_rules(page, "paris")
        side = page.locator(".rules-side")
        assert side.evaluate("e => getComputedStyle(e).position") == "sticky"
        page.evaluate("window.scrollTo(0, 3000)")
        assert page.evaluate("window.scrollY") > 2000
        assert 0 <= side.bounding_box()["y"] < 100  # still at the top of the window

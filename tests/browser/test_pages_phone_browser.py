"""The pages around the tables on a phone (390×844, touch), issue 16 items 1 and 5: the
tournaments list and its "New tournament" form (the custom clock open), a finished
tournament, the leaderboards, a player's page with a finished game, the operator's sign-in,
the offline page and the rules pages, in English and German: no sideways scroll, every
control at least 40 px, nothing internal. Then every game's rules page in every language
with "How we rebuilt this game" open (its long slash-joined values wrap). axe-core finds
nothing critical or serious on the tournament, leaderboard and player pages, on a phone
(where wide tables read as labelled lines) and on a desktop.

The pages are filled first: two registered people finish a rated Paris Paris game
(test_ratings_browser.finished_game) and four bots play a one-round tournament.
"""

from __future__ import annotations

import json
import secrets
import time
import urllib.request
from typing import Any

import pytest

from .checks import axe_violations, horizontal_overflow, internal_text, small_targets
from .conftest import DEVICES
from .test_ratings_browser import GAME, api, finished_game
from .test_rules_pages import GAMES

PHONE = DEVICES["phone"]["viewport"]["width"]
LANGUAGES = ["en", "de", "fr", "es"]


def finished_tournament(server: str) -> int:
    """A one-round Swiss tournament of four random bots at City of Light, played out."""
    _, cookie = api(server, "/api/session", {"name": f"Director-{secrets.token_hex(2)}"})
    made, _ = api(server, "/api/tournaments", {
        "name": "Mardi : la coupe des Grands Boulevards", "game": "city_of_light",
        "system": "swiss", "rounds": 1, "table_size": 2, "mode": "live"}, cookie)
    tournament = int(made["tournament"]["id"])
    for _ in range(4):
        api(server, f"/api/tournaments/{tournament}/bots", {"bot": "random"}, cookie)
    api(server, f"/api/tournaments/{tournament}/start", {}, cookie)
    deadline = time.monotonic() + 90  # bots on a busy machine; not a speed assertion
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server}/api/tournaments/{tournament}") as answer:
            if json.load(answer)["tournament"]["status"] == "finished":
                return tournament
        time.sleep(0.3)
    raise AssertionError("the tournament of bots did not finish")


@pytest.fixture(scope="module")
def pages(server: str) -> dict[str, str]:
    """Each page to check -> the selector that shows it has drawn its content."""
    names, _ = finished_game(server)
    tournament = finished_tournament(server)
    rules = {f"/static/rules.html?game={game}": "body[data-ready='1']" for game in GAMES}
    return {
        "/tournaments": "#t-game option",
        f"/tournament/{tournament}": "#standings tbody tr",
        "/leaderboard": "#board-games a",
        f"/leaderboard/{GAME}": "#board tbody tr",
        f"/player?name={names[0]}": "#history tbody tr",
        "/admin": "#admin-form",
        "/offline": "#retry",
        "/static/rules.html": ".rules-index a",
        **rules,
    }


def check(page: Any, where: str) -> None:
    assert horizontal_overflow(page, PHONE) is None, (where, horizontal_overflow(page, PHONE))
    assert small_targets(page) == [], where
    assert internal_text(page) == [], where


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_fits_a_phone(device_page: Any, pages: dict[str, str], lang: str) -> None:
    page = device_page("phone", lang=lang, name="Pocket")
    for path, ready in pages.items():
        page.goto(path)
        page.wait_for_selector(ready, state="attached")
        check(page, path)
        if path == "/tournaments":  # every field of the form, the custom clock open
            page.select_option("#create-clock", "custom")
            page.wait_for_selector(".clock-custom input", state="visible")
            check(page, path + " (custom clock)")
    assert page.js_errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rebuilt_section_fits_a_phone(device_page: Any, lang: str) -> None:
    page = device_page("phone", lang=lang)
    for game in GAMES:
        page.goto(f"/static/rules.html?game={game}#reconstructed")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector("details#reconstructed[open] .reconstructed", state="visible")
        overflow = horizontal_overflow(page, PHONE)
        assert overflow is None, (game, overflow)
        assert internal_text(page) == [], game
    assert page.js_errors == []


AXE_PAGES = ("/tournaments", "/tournament/", "/leaderboard/", "/player?")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_ranking_pages_have_no_serious_accessibility_finding(
        device_page: Any, pages: dict[str, str], device: str) -> None:
    page = device_page(device, name="Axe")
    for path, ready in pages.items():
        if not path.startswith(AXE_PAGES):
            continue
        page.goto(path)
        page.wait_for_selector(ready, state="attached")
        assert axe_violations(page) == [], path
    assert page.js_errors == []

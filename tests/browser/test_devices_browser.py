"""Every game's table on a phone (390×844, touch), a desktop (1400×900) and a small laptop
(1024×768), issue 16 items 1, 2, 4 and 5: a few moves played by tapping or clicking what
the page shows; no sideways scrolling; every control at least 40 px; the prompt and a
move to make in sight (without scrolling on the wide screens, under the sticky prompt
after one scroll on the phone); the board zooms and pans; the players panel shows each
seat's swatch, name and score without overlap; no internal name anywhere; and, on the
desktop, no critical or serious axe-core finding.

One page load per test: the table is set up through the HTTP API (tests/browser/tables.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from .checks import axe_violations, horizontal_overflow, in_viewport, internal_text, small_targets
from .conftest import DEVICES
from .tables import play_moves, sit_down, wait_for_my_turn
from .test_engine_text_browser import finished_table

# game -> (players, moves to play, prefixes of the moves to prefer: the board's own)
GAMES: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "paris": (2, 6, ("draw", "key", "move", "bonus", "end")),
    "paris_connection": (3, 5, ("build", "place", "stop", "return", "take")),
    "city_of_light": (2, 5, ("tile", "take", "build", "at")),
    "paris_paris": (2, 4, ("take", "remove")),
    "bruxelles_1893": (2, 5, ("shield", "place", "bid", "take", "pass")),
}
BOARD_TARGET = "#board [data-action], #board [data-actions]"

# The legal moves' elements on the board, in the prompt or in the move list, in page order.
LEGAL_ELEMENTS = """() => {
  const legal = new Set([...document.querySelectorAll('#legal button.legal')]
    .map((b) => b.dataset.action));
  const places = '#board [data-action], #prompt [data-action], #board [data-actions], '
    + '#legal > .legal-item > button';
  return [...document.querySelectorAll(places)].filter((el) => {
    const moves = el.dataset.action ? [el.dataset.action] : (el.dataset.actions || '').split('|');
    return moves.some((m) => legal.has(m)) && el.getBoundingClientRect().width > 0;
  });
}"""

# Whether one of them is inside the window and not covered (elementFromPoint).
VISIBLE_MOVE = """(legalElements) => {
  for (const el of legalElements()) {
    const b = el.getBoundingClientRect();
    if (b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth) continue;
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (hit && (el === hit || el.contains(hit))) return true;
  }
  return false;
}"""

# One scroll on a phone: how far down (page px) the first move to make ends.
FIRST_MOVE_BOTTOM = """(legalElements) => {
  const tops = legalElements().map((el) => el.getBoundingClientRect().bottom + scrollY);
  return tops.length ? Math.min(...tops) : null;
}"""


def move_in_sight(page: Any) -> bool:
    return bool(page.evaluate(f"() => ({VISIBLE_MOVE})({LEGAL_ELEMENTS})"))


OVERLAPS = """() => {
  const out = [];
  for (const row of document.querySelectorAll('#seats .player-row')) {
    const name = row.querySelector('.seat-name').getBoundingClientRect();
    for (const other of row.querySelectorAll('.seat-score, .seat-holdings, .seat-swatch')) {
      const b = other.getBoundingClientRect();
      const apart = b.right <= name.left + 0.5 || b.left >= name.right - 0.5
        || b.bottom <= name.top + 0.5 || b.top >= name.bottom - 0.5;
      if (!apart) out.push(`${row.dataset.seat}: ${other.className}`);
    }
  }
  return out;
}"""


def check_page(page: Any, width: int) -> None:
    assert horizontal_overflow(page, width) is None, horizontal_overflow(page, width)
    assert small_targets(page) == []
    assert internal_text(page) == []
    assert page.evaluate(OVERLAPS) == []


def prompt_and_a_move_in_sight(page: Any) -> None:
    """Wide screens: prompt and a move to make in sight at the top of the page, without
    scrolling. Phone: the prompt is in sight at the top; a move to make is at most one
    screen further down, and scrolled up to just under the sticky prompt, both are in
    sight and the move is not covered."""
    page.evaluate("() => window.scrollTo(0, 0)")
    assert in_viewport(page, "#prompt-bar")
    if page.device != "phone":
        assert move_in_sight(page), "no move to make is in sight"
        return
    height = page.evaluate("() => innerHeight")
    bottom = page.evaluate(f"() => ({FIRST_MOVE_BOTTOM})({LEGAL_ELEMENTS})")
    assert bottom is not None and bottom <= 2 * height, f"the first move ends at {bottom} px"
    bar = page.locator("#prompt-bar").bounding_box()
    assert bar["height"] < 300, bar  # the sticky prompt leaves room for the board
    page.evaluate(f"""() => {{
      const el = ({LEGAL_ELEMENTS})()[0];
      const bar = document.querySelector('#prompt-bar').getBoundingClientRect().height;
      window.scrollBy(0, el.getBoundingClientRect().top - bar - 8);
    }}""")
    page.wait_for_timeout(50)
    assert in_viewport(page, "#prompt-bar")
    assert move_in_sight(page), "the first move is covered or out of sight"


def zoom_and_pan(page: Any, tap: bool) -> None:
    """The + button zooms the first board in (it then pans: scrolls), ⤢ fits it again."""
    zoom = page.locator(".zoom").first

    def press(loc: Any) -> None:
        if tap:
            loc.tap()
        else:
            loc.click()

    press(zoom.locator(".zoom-in"))
    expect(zoom).to_have_class("zoom zoomed")
    view = zoom.locator(".zoom-view")
    assert view.evaluate("(v) => v.scrollHeight > v.clientHeight + 10")
    view.evaluate("(v) => { v.scrollLeft = 60; v.scrollTop = 40; }")
    assert view.evaluate("(v) => v.scrollTop > 0")
    press(zoom.locator(".zoom-fit"))
    expect(zoom).to_have_attribute("data-zoom", "1.00")


def pinch(page: Any) -> None:
    """Two fingers spread on the first board (real touch events through CDP) zoom it in."""
    box = page.locator(".zoom-view").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, spread: float) -> None:
        points = [] if kind == "touchEnd" else [
            {"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 30)
    for spread in (45, 60, 75, 90):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    zoomed = float(page.locator(".zoom").first.get_attribute("data-zoom") or 1)
    assert zoomed > 2.0, zoomed
    page.locator(".zoom-fit").first.tap()


@pytest.mark.parametrize("device", sorted(DEVICES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_on_each_device(device_page: Any, game: str, device: str) -> None:
    page = device_page(device, name="Tap")
    players, moves, prefer = GAMES[game]
    sit_down(page, game, players)
    width = DEVICES[device]["viewport"]["width"]
    tap = device == "phone"
    assert wait_for_my_turn(page)
    expect(page.locator(BOARD_TARGET).first).to_be_attached()
    check_page(page, width)
    prompt_and_a_move_in_sight(page)
    played = play_moves(page, moves, rng=random.Random(7), tap=tap, prefer=prefer)
    assert played, "no move was played"
    assert any(where != "list" for _, where in played), played  # the board is the control
    if wait_for_my_turn(page):
        check_page(page, width)
        prompt_and_a_move_in_sight(page)
    zoom_and_pan(page, tap)
    if tap:
        pinch(page)
    rows = page.locator("#seats .player-row")
    expect(rows).to_have_count(players)
    expect(rows.first.locator(".seat-swatch")).to_be_visible()
    if device == "desktop":
        assert axe_violations(page) == []
    assert page.js_errors == []


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_players_panel_keeps_names_apart_in_german_and_french(
    device_page: Any, lang: str
) -> None:
    """Long names and long words (de, fr) in a six-seat panel at the laptop's width."""
    page = device_page("laptop", lang=lang, name="Maximiliane-Löwe")
    sit_down(page, "paris_connection", 6)
    expect(page.locator("#seats .player-row")).to_have_count(6)
    expect(page.locator("#seats .seat-holdings").first).to_be_visible()
    assert page.evaluate(OVERLAPS) == []
    assert horizontal_overflow(page, 1024) is None
    assert page.js_errors == []


INSIDE_PANEL = """() => {
  const panel = document.querySelector('#create').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('#create fieldset, #create fieldset *')) {
    const b = el.getBoundingClientRect();
    if (b.width && (b.left < panel.left - 0.5 || b.right > panel.right + 0.5)) {
      const name = `${el.tagName.toLowerCase()}.${el.className}`;
      out.push(`${name} ${Math.round(b.left)}–${Math.round(b.right)}`);
    }
  }
  return out;
}"""

ONE_ROW = """() => {
  const brand = document.querySelector('.masthead .brand').getBoundingClientRect();
  const menu = document.querySelector('#lang-menu').getBoundingClientRect();
  return menu.top < brand.bottom && menu.bottom > brand.top;
}"""


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_the_lobby_on_each_device(device_page: Any, device: str) -> None:
    """The lobby: no sideways scroll, every control 40 px, the clock and option fields
    inside the new-table panel for every game (with the custom clock open), option help
    without rule numbers, the language menu on the masthead's first row on wide screens,
    and no serious axe finding on the desktop."""
    page = device_page(device, name="Lobbyist")
    page.goto("/")
    width = DEVICES[device]["viewport"]["width"]
    expect(page.locator("#create-game")).to_be_visible()
    page.select_option("#create-clock", "custom")
    expect(page.locator(".clock-custom")).to_be_visible()
    for game in sorted(GAMES):
        page.select_option("#create-game", game)
        expect(page.locator("#create-players")).to_be_visible()
        assert page.evaluate(INSIDE_PANEL) == [], game
        assert internal_text(page) == [], game
    assert horizontal_overflow(page, width) is None, horizontal_overflow(page, width)
    assert small_targets(page) == []
    if device != "phone":
        assert page.evaluate(ONE_ROW), "the language menu wrapped to a second row"
    if device == "desktop":
        assert axe_violations(page) == []
    assert page.js_errors == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_of_a_game_on_a_phone_and_a_desktop(device_page: Any, game: str) -> None:
    """A finished game (the review, the final scores, the replay bar) in German on a phone
    and in French on a desktop: no sideways scroll, every control at least 40 px, nothing
    internal, and no serious axe finding on the desktop."""
    players = GAMES[game][0]
    phone = device_page("phone", lang="de", name="Ende")
    table = finished_table(phone, game, players)
    for page, width in ((phone, 390), (device_page("desktop", lang="fr"), 1400)):
        page.goto(f"/table/{table}")
        expect(page.locator(".replay-bar")).to_be_visible()
        expect(page.locator("#turn.over")).to_be_attached()
        step = page.locator("#replay-step .notation")
        if step.count():  # the notation on demand only (the log's "notation" switch)
            expect(step.first).to_be_hidden()
        assert horizontal_overflow(page, width) is None, horizontal_overflow(page, width)
        assert small_targets(page) == []
        assert internal_text(page) == []
        if width > 1000:
            assert axe_violations(page) == []
        assert page.js_errors == []

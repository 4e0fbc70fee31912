"""A whole Bruxelles 1893 game played by clicks on the board against a bot (issue 7).

Every human decision is made by clicking the SVG boards or the architect panel
(elements with `data-action`), except the choices that have no place on the table
(bids, keep/discard, bonus cards, pass), which are the renderer's own buttons.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

GAME_SECONDS = 100  # a safety net; a game with a greedy bot takes well under a minute

READ = """() => ({
  board: [...document.querySelectorAll('#board [data-action].brx-legal, #prompt .brx-legal')]
    .map(e => e.dataset.action),
  extra: [...document.querySelectorAll('#prompt .brx-choice')].map(e => e.dataset.action),
  workshop: [...document.querySelectorAll('#board .brx-art .brx-space.brx-legal')]
    .filter(e => e.textContent.startsWith('Workshop')).map(e => e.dataset.action),
})"""


def my_turn(page: Any) -> bool:
    return bool(page.evaluate(
        "() => !!document.querySelector('#legal button.legal:not([disabled])')"))


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('#turn.over')"))


def settle(page: Any) -> None:
    page.wait_for_selector("#legal button.legal[disabled]", state="detached")


def choose(moves: dict[str, list[str]], placed: int) -> str:
    """Play a little each round (two placements), then pass; take every sub-step."""
    board, extra = moves["board"], moves["extra"]
    if "pass" in extra and placed >= 2:
        return "pass"
    if moves["workshop"] and placed == 0:  # a Workshop draws works to keep one of
        return str(moves["workshop"][0])
    for prefix in ("sell ", "place ", "shield ", "hire ", "take ", "pay ", "needle ",
                   "build ", "keep ", "cover ", "activate "):
        found = [m for m in board if m.startswith(prefix)]
        if found:
            return found[0]
    for first in ("bid 1", "keep figure", "use bonus", "accept", "settle", "decline"):
        found = [m for m in extra if m.startswith(first)]
        if found:
            return found[0]
    return (board + extra)[0]


def test_a_whole_game_against_a_bot_by_clicks(new_page: Any) -> None:
    page = new_page("Victor")
    page.select_option("#create-game", "bruxelles_1893")
    page.select_option("#create-players", "2")
    page.click("#create-submit")
    page.wait_for_url("**/table/*")
    page.locator('#seats li[data-seat="1"] button.add-bot').click()
    expect(page.locator('#seats li[data-seat="1"]')).to_have_class(re.compile("seat-bot"))
    page.locator("#seats button.start").click()
    expect(page.locator(".brx-art")).to_be_visible()
    expect(page.locator(".brx-brussels")).to_be_visible()
    expect(page.locator(".brx-art .brx-space")).to_have_count(25)

    clicks, placed, last_round = 0, 0, 0
    shot = False
    deadline = time.monotonic() + GAME_SECONDS
    while not over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not my_turn(page):
            page.wait_for_timeout(30)
            continue
        moves = page.evaluate(READ)
        status = page.locator(".brx-status").inner_text()
        if "keep one of the works drawn" in status:  # most games: the prompt names them
            assert re.search(r"works drawn: ?\w", status) and "Drawn:" not in status, status
        match = re.search(r"Round (\d)/5", status)
        if match and int(match.group(1)) != last_round:
            last_round, placed = int(match.group(1)), 0
        move = choose(moves, placed)
        placed += move.startswith("place ") or move in ("market", "bourse", "parc")
        if move in moves["board"]:
            page.locator(f'#board [data-action="{move}"].brx-legal, '
                         f'#prompt [data-action="{move}"].brx-legal').first.click()
        else:
            page.locator(f'#prompt .brx-choice[data-action="{move}"]').click()
        settle(page)
        clicks += 1
        if not shot and move.startswith("place "):
            page.screenshot(path="/tmp/bruxelles_1893_table.png", full_page=True)
            shot = True
    assert clicks > 10
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".brx-status")).to_contain_text("Game over")
    scores = page.locator("#score details.score-seat")
    expect(scores).to_have_count(2)
    scores.first.locator("summary").click()
    expect(scores.first.locator(".score-line", has_text="buildings")).to_be_visible()
    page.screenshot(path="/tmp/bruxelles_1893_end.png", full_page=True)
    assert page.js_errors == []


TEXT_SIZES = """() => {
  const small = [], outside = [];
  for (const text of document.querySelectorAll('.brx svg text')) {
    if (!text.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
    if (px < 10.5) small.push(`${text.textContent} ${px.toFixed(1)}px`);
    const box = text.parentNode.querySelector(':scope > rect');
    if (text.parentNode.tagName === 'g' && box) {
      const t = text.getBoundingClientRect(), b = box.getBoundingClientRect();
      const out = t.left < b.left - 1 || t.right > b.right + 1
        || t.top < b.top - 1 || t.bottom > b.bottom + 1;
      if (out) {
        outside.push(text.textContent);
      }
    }
  }
  return { small, outside };
}"""


def test_no_text_is_small_or_runs_out_of_its_box(device_page: Any) -> None:
    """Issue 16 item 2: on a desktop every text of both boards reads at 10.5 px at least,
    and the texts of the theatre, action and bonus boxes stay inside them."""
    from .tables import sit_down, wait_for_my_turn

    page = device_page("desktop", name="Horta")
    sit_down(page, "bruxelles_1893", 5)
    assert wait_for_my_turn(page)
    found = page.evaluate(TEXT_SIZES)
    assert found == {"small": [], "outside": []}
    assert page.js_errors == []

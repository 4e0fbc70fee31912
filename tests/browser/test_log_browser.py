"""The move log and the highlights of every game, issue 16 item 2, in Chromium: the log
says one line per turn (a turn of several steps is one line, and the same seat never
has two lines in a row), a run of chance events is one sentence, the lines cover every
step once and in order, no line falls back to notation, and the "notation" switch shows
each line's steps and hides them again; on the board, what the other players did since
my last move is marked `.recent` (by their seat, never mine).
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import expect

from ..i18n.english import raw_notation
from .tables import play_moves, sit_down, wait_for_my_turn

# game -> players
GAMES = {"paris": 2, "paris_connection": 3, "city_of_light": 2, "paris_paris": 2,
         "bruxelles_1893": 2}
MY_TURNS = 8  # turns to wait at most for the others to touch the board
ONE_STEP_TURNS = {"paris_paris"}  # a turn takes one card; the refill is a line of its own

LINES = """() => [...document.querySelectorAll('#log li.log-line')].map((li) => ({
  kind: li.classList.contains('turn') ? 'turn' : 'chance',
  who: li.querySelector('.who') ? li.querySelector('.who').textContent : null,
  first: Number(li.dataset.first), last: Number(li.dataset.last),
  text: li.querySelector('.line-text').textContent,
  steps: li.querySelector('.notation').textContent.split(' · '),
}))"""


def check_lines(lines: list[dict[str, Any]]) -> None:
    assert lines, "the log is empty"
    assert lines[0]["first"] == 1
    for before, after in pairwise(lines):
        assert after["first"] == before["last"] + 1, (before, after)  # every step, once
        if before["kind"] == after["kind"] == "turn":
            assert before["who"] != after["who"], (before, after)  # one line per turn
    for line in lines:
        assert len(line["steps"]) == line["last"] - line["first"] + 1, line
        assert (line["who"] is None) == (line["kind"] == "chance"), line
        assert line["text"].strip(), line
        assert raw_notation(line["text"], line["steps"]) == [], line


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_groups_turns_and_chance_and_the_board_marks_the_others_moves(
        device_page: Any, game: str) -> None:
    page = device_page("desktop", name="Logger")
    sit_down(page, game, GAMES[game])
    assert wait_for_my_turn(page)
    rng = random.Random(5)
    marked = 0
    for _ in range(MY_TURNS):
        play_moves(page, 1, rng=rng, tap=False)
        if not wait_for_my_turn(page):
            break
        page.wait_for_timeout(100)  # the last event drawn
        marked = page.locator("#board .recent").count()
        if marked:
            break
    assert marked, f"{game}: no move of another seat was marked on the board"
    for seat in page.locator("#board .recent").evaluate_all(
            "(els) => els.map((el) => el.dataset.recentBy)"):
        assert seat != "1", "my own move is marked as another player's"

    lines = page.evaluate(LINES)
    check_lines(lines)
    chance = [line for line in lines if line["kind"] == "chance"]
    assert chance and chance[0]["last"] > chance[0]["first"], "the setup draws are not one line"
    if game not in ONE_STEP_TURNS:
        assert any(line["kind"] == "turn" and line["last"] > line["first"] for line in lines), \
            "no turn of several steps in one line"

    notation = page.locator("#log li.log-line .notation").first
    expect(notation).to_be_hidden()
    page.locator("label.notation-toggle").click()
    expect(notation).to_be_visible()
    expect(page.locator("#log li.log-line .line-text").first).to_be_visible()
    page.locator("label.notation-toggle").click()
    expect(notation).to_be_hidden()
    assert page.js_errors == []

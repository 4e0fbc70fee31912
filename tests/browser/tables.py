"""Helpers of the browser tests and the screenshots: a table set up through the HTTP API
(one page load), and moves played by tapping what the page shows.

A move is played where a player would play it: on the board element that carries its
notation (`data-action`), through the element that leads to it (`data-actions`, e.g. a
key to move, then its target), else with its button in the move list ("All moves" is
opened when the move is only there).
"""

from __future__ import annotations

import random
import time
from typing import Any

MY_TURN = "() => !!document.querySelector('#legal button.legal:not([disabled])')"
LEGAL = """() => [...new Set([...document.querySelectorAll('#legal button.legal')]
  .map((b) => b.dataset.action))]"""
OVER = "() => !!document.querySelector('#turn.over')"


def sign_in_api(page: Any, name: str) -> None:
    answer = page.request.post("/api/session", data={"name": name})
    assert answer.ok, answer.text()


def sit_down(page: Any, game: str, players: int, *, options: dict[str, Any] | None = None,
             bot: str = "random", seat: int = 0) -> str:
    """Create a table of `game`, take `seat`, fill the other seats with bots, start it and
    open its page. Returns the table's id."""
    api = page.request
    answer = api.post("/api/tables", data={"game": game, "players": players,
                                           "options": options or {}})
    assert answer.ok, answer.text()
    table = str(answer.json()["id"])
    assert api.post(f"/api/tables/{table}/join", data={"seat": seat}).ok
    for other in range(players):
        if other != seat:
            assert api.post(f"/api/tables/{table}/bots", data={"bot": bot, "seat": other}).ok
    started = api.post(f"/api/tables/{table}/start")
    assert started.ok, started.text()
    page.goto(f"/table/{table}")
    return table


def my_turn(page: Any) -> bool:
    return bool(page.evaluate(MY_TURN))


def over(page: Any) -> bool:
    return bool(page.evaluate(OVER))


def legal_moves(page: Any) -> list[str]:
    return list(page.evaluate(LEGAL))


def wait_for_my_turn(page: Any, seconds: float = 20) -> bool:
    """True when it is my turn, False when the game ended first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if my_turn(page):
            return True
        if over(page):
            return False
        page.wait_for_timeout(30)
    raise AssertionError("my turn did not come")


def settle(page: Any) -> None:
    """Wait until the move sent has been answered (the list is no longer disabled)."""
    page.wait_for_selector("#legal button.legal[disabled]", state="detached")


def attr(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _targets(page: Any, move: str) -> Any:
    sel = f'[data-action="{attr(move)}"]'
    return page.locator(f"#board {sel}, #prompt {sel}")


def _sources(page: Any, move: str, used: set[str]) -> list[Any]:
    """Elements that lead to `move` (their data-actions name it), not tapped yet."""
    found = []
    via = page.locator("#board [data-actions], #prompt [data-actions]")
    for i in range(via.count()):
        source = via.nth(i)
        key = source.evaluate("(el) => el.outerHTML.slice(0, 200)")
        if key not in used and move in (source.get_attribute("data-actions") or "").split("|"):
            found.append((key, source))
    return found


def end_turn_if_held(page: Any, *, tap: bool = False) -> bool:
    """Press "End turn" when the table holds the move just chosen (City of Light,
    REQ-COL-P7); whether it did."""
    button = page.locator("#confirm button.end-turn")
    if not button.is_visible():
        return False
    if tap:
        button.tap()
    else:
        button.click()
    return True


def tap_move(page: Any, move: str, *, tap: bool = True, list_only: bool = False) -> str:
    """Play `move` by tapping (or clicking) what shows it, and "End turn" when the table
    holds it; returns where: "board", "via" (elements that lead to it first: a key, then
    its target) or "list" (the move list; the only way with `list_only`)."""
    where = _tap_move(page, move, tap=tap, list_only=list_only)
    end_turn_if_held(page, tap=tap)
    return where


def _tap_move(page: Any, move: str, *, tap: bool, list_only: bool) -> str:
    def press(loc: Any) -> None:
        if tap:
            loc.tap()
        else:
            loc.click()

    used: set[str] = set()
    for depth in range(0 if list_only else 4):
        target = _targets(page, move)
        if target.count():
            # A placement whose footprint overlaps its neighbours' is pressed where it
            # is anchored (City of Light's buildings), as a player would: its centre may
            # lie under another placement's anchor.
            anchor = target.first.locator(".anchor")
            press(anchor.first if anchor.count() else target.first)
            return "board" if depth == 0 else "via"
        sources = _sources(page, move, used)
        if not sources:
            break
        key, source = sources[0]
        used.add(key)
        press(source)
    direct = page.locator(f'#legal > .legal-item > button.legal[data-action="{attr(move)}"]')
    if direct.count():
        press(direct.first)
        return "list"
    summary = page.locator("#legal details.all-moves > summary")
    if summary.count() and not page.locator("#legal details.all-moves[open]").count():
        press(summary)
    press(page.locator(f'#legal details.all-moves button.legal[data-action="{attr(move)}"]').first)
    return "list"


def play_moves(page: Any, count: int, *, rng: random.Random, tap: bool = True,
               prefer: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Play up to `count` of my moves (random, those starting with `prefer` first);
    returns (move, where) pairs. Stops early when the game ends."""
    played: list[tuple[str, str]] = []
    while len(played) < count:
        if not wait_for_my_turn(page):
            break
        moves = legal_moves(page)
        preferred = [m for m in moves if m.startswith(prefer)] if prefer else []
        move = rng.choice(preferred or moves)
        played.append((move, tap_move(page, move, tap=tap)))
        settle(page)
    return played

"""No English engine text on a German, French or Spanish page (issue 16 item 3), and
nothing internal on any page (item 4: rule ids, file paths, placeholders, snake_case
names, seats counted from 0).

Every game's table is rendered mid-game (as a seated player at their turn, so prompts and
private holdings show) and at its end (final scores, the end reason), and its rules page,
in each language; the page's visible text and tooltips are scanned for the English of the
game's catalogue (belle/games/<id>/texts.py) wherever the translation says something else.
The same scan of the English pages must find catalogue text, so it is not looking at the
wrong place. One table of each kind per game serves all languages (lean: CI time).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from belle.i18n import TRANSLATED
from belle.i18n.check import internal
from belle.i18n.games import game_ids

from ..i18n.english import english_fragments, leftovers, raw_notation
from .conftest import CHROMIUM_ARGS  # noqa: F401  (the browser fixture's settings)
from .tables import play_moves, sign_in_api, sit_down

# game -> (players, my moves before the mid-game picture: far enough for its scores)
GAMES: dict[str, tuple[int, int]] = {
    "paris": (2, 8),
    "paris_connection": (3, 4),
    "city_of_light": (2, 13),
    "paris_paris": (2, 6),
    "bruxelles_1893": (2, 8),
}
# Every text node and tooltip of the page (closed <details> too: a tap opens them), but
# not the notation, the chat (people's words), player names or the language menu.
PAGE_TEXT = """() => {
  const skip = 'code, .notation, script, style, #chat, #lang-menu, .who, .conn, #who';
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el && !el.closest(skip) && node.textContent.trim()) parts.push(node.textContent);
  }
  // A move's tooltip is its notation, beside the sentence (notation on demand).
  const notationTips = '.move, .legal-item, .moment-moves';
  for (const el of document.querySelectorAll('[title], [aria-label], [data-info], [alt]')) {
    if (el.closest(skip) || el.closest(notationTips)) continue;
    for (const name of ['title', 'aria-label', 'data-info', 'alt']) {
      const value = el.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  return parts.join('\\n');
}"""
# Each log line: its sentence and its steps in notation (issue 16 item 3).
LOG_LINES = """() => [...document.querySelectorAll('li.log-line')].map((li) => [
  li.querySelector('.line-text').textContent,
  li.querySelector('.notation').textContent.split(' · '),
])"""


def notation_in_log(page: Any) -> list[str]:
    """The log lines that still show notation instead of a sentence, with their hits."""
    return [f"{line!r}: {hits}" for line, steps in page.evaluate(LOG_LINES)
            for hits in [raw_notation(line, steps)] if hits]


def context(text: str, hits: list[str]) -> list[str]:
    """Each hit with the words around it, for the failure message."""
    shown = []
    for hit in hits:
        word = hit.split(": ", 1)[-1]
        pattern = re.compile(word) if word.startswith("(?") else re.compile(re.escape(word))
        found = pattern.search(text)
        start = found.start() if found else 0
        shown.append(f"{hit} in {text[max(0, start - 40):start + 40]!r}")
    return shown


SNAKE_CASE = re.compile(r"(?<![\w./-])[a-z]+(?:_[a-z0-9]+)+(?![\w./-])")
PLACEHOLDER_LEFT = re.compile(r"\{\w+\}")
ZERO_SEAT = re.compile(r"\b(?:seat|Seat|player|Player) 0\b")


def internal_words(text: str) -> list[str]:
    """What on a page is for developers (issue 16 item 4): rule ids, file paths, template
    placeholders left unfilled, snake_case names, seats counted from 0."""
    found = [internal(text) or ""] if internal(text) else []
    for pattern in (SNAKE_CASE, PLACEHOLDER_LEFT, ZERO_SEAT):
        found += pattern.findall(text)
    return found


def page_text(page: Any) -> str:
    return str(page.evaluate(PAGE_TEXT))


def set_language(page: Any, server: str, lang: str) -> None:
    page.context.add_cookies([{"name": "belle_lang", "value": lang, "url": server}])


def finished_table(page: Any, game: str, players: int) -> str:
    """A table of bots only, played to its end."""
    api = page.request
    answer = api.post("/api/tables", data={"game": game, "players": players, "options": {}})
    assert answer.ok, answer.text()
    table = str(answer.json()["id"])
    for seat in range(players):
        assert api.post(f"/api/tables/{table}/bots", data={"bot": "random", "seat": seat}).ok
    assert api.post(f"/api/tables/{table}/start").ok
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = api.get(f"/api/tables/{table}").json()
        if (status.get("table") or status).get("status") == "finished":
            return table
        page.wait_for_timeout(200)
    raise AssertionError(f"{game}: the bots did not finish")


@pytest.fixture(scope="module")
def tables(browser: Any, server: str) -> Iterator[dict[str, tuple[Any, str, str]]]:
    """Per game: (a signed-in page, its mid-game table, a finished table)."""
    made: dict[str, tuple[Any, str, str]] = {}
    contexts = []
    for game in game_ids():
        players, moves = GAMES[game]
        context = browser.new_context(
            base_url=server, viewport={"width": 1400, "height": 1000}, service_workers="block")
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.js_errors = errors
        page.goto("/")
        sign_in_api(page, f"Ana{game[:5]}{random.randrange(10_000)}")
        mid = sit_down(page, game, players)
        play_moves(page, moves, rng=random.Random(3), tap=False)
        made[game] = (page, mid, finished_table(page, game, players))
    yield made
    for context in contexts:
        context.close()


def show(page: Any, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("#board > *, body[data-ready='1']")
    page.wait_for_timeout(400)  # the renderer's first drawing and the replay's last view


@pytest.mark.parametrize("game", game_ids())
def test_the_scan_sees_engine_text_on_english_pages(
        tables: dict[str, tuple[Any, str, str]], server: str, game: str) -> None:
    page, mid, end = tables[game]
    set_language(page, server, "en")
    seen: list[str] = []
    for table in (mid, end):
        show(page, f"/table/{table}")
        text = page_text(page)
        seen += [mid_ for mid_, pattern in english_fragments(game, "de") if pattern.search(text)]
        internal_found = sorted(set(internal_words(text)))
        assert not internal_found, f"{game}: {context(text, internal_found)} on table {table}"
        assert page.locator("li.log-line").count(), f"{game}: no log on table {table}"
        assert notation_in_log(page) == [], f"{game}: notation in the log of table {table}"
    assert seen, f"{game}: no catalogue text on the English pages of its tables"
    assert page.js_errors == []


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", game_ids())
def test_no_english_engine_text_on_a_translated_page(
        tables: dict[str, tuple[Any, str, str]], server: str, game: str, lang: str) -> None:
    page, mid, end = tables[game]
    set_language(page, server, lang)
    found: dict[str, list[str]] = {}
    for where, path in (("mid-game", f"/table/{mid}"), ("end", f"/table/{end}"),
                        ("rules", f"/static/rules.html?game={game}")):
        show(page, path)
        assert page.locator("html").get_attribute("lang") == lang
        text = page_text(page)
        if where == "rules":
            # The rules pages name table options by their ids and explain notation
            # letters by English words ("C Bau (Construction)"): those pages are checked
            # for engine text, rule ids, file paths and placeholders only.
            hits = [hit for mid, pattern in english_fragments(game, lang)
                    if pattern.search(text) for hit in [mid]]
            hits += [w for w in internal_words(text) if not SNAKE_CASE.fullmatch(w)]
        else:
            hits = leftovers(text, game, lang) + internal_words(text)
            found_raw = notation_in_log(page)
            if found_raw:
                found[f"{where} log"] = found_raw
        if hits:
            found[where] = context(text, sorted(set(hits)))
    assert not found, f"{game} in {lang}: English engine text {found}"
    assert page.js_errors == []

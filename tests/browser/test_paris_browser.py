"""A whole game of Paris played by clicks on the board against a bot, with a spectator
(issue 5, item 5). PARIS-27: a spectator never sees a screen; the player sees its own."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .tables import legal_moves, my_turn, over, settle, tap_move

GAME_SECONDS = 110  # a safety net; the game takes well under a minute

PRIORITY = ("take ", "endgame", "draw ", "bonus ", "move ", "key ", "vptile ", "give ",
            "done", "nobonus", "novptile", "pass", "end")


def choose(texts: list[str]) -> str:
    """Move the game on: search the end-game pile as soon as possible, draw, take bonus
    tiles, move keys, place keys; never exchange (the end comes sooner)."""
    for prefix in PRIORITY:
        found = [t for t in texts if t == prefix or (prefix.endswith(" ") and t.startswith(prefix))]
        if found:
            return found[0]
    return texts[0]


def test_a_whole_game_against_a_bot_by_clicks(new_page: Any) -> None:
    alice = new_page("Alice")
    alice.select_option("#create-game", "paris")
    expect(alice.locator("#create-players option")).to_have_count(3)  # 2-4 (PARIS-1)
    alice.select_option("#create-players", "2")
    alice.click("#create-submit")
    alice.wait_for_url("**/table/*")
    tid = re.search(r"/table/([^/?#]+)", alice.url).group(1)  # type: ignore[union-attr]
    alice.locator('#seats li[data-seat="1"] button.add-bot').click()
    expect(alice.locator('#seats li[data-seat="1"]')).to_have_class(re.compile("seat-bot"))
    alice.locator("#seats button.start").click()
    expect(alice.locator(".paris-board")).to_be_visible()
    expect(alice.locator("#private-hand")).to_be_visible()

    spectator = new_page("Carol")
    spectator.goto(f"/table/{tid}")
    expect(spectator.locator(".paris-board")).to_be_visible()
    expect(spectator.locator("#private-hand")).to_have_count(0)
    expect(spectator.locator(".paris-card.spectator")).to_be_visible()

    board_clicks = list_clicks = 0
    shot = False
    deadline = time.monotonic() + GAME_SECONDS
    while not over(alice):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not my_turn(alice):
            alice.wait_for_timeout(20)
            continue
        move = choose(legal_moves(alice))
        if tap_move(alice, move, tap=False) == "list":
            list_clicks += 1
        else:
            board_clicks += 1
        settle(alice)
        if not shot and board_clicks > 40:
            alice.screenshot(path="/tmp/paris_midgame.png", full_page=True)
            shot = True
    print(f"{board_clicks} board clicks, {list_clicks} list clicks")
    assert board_clicks > 20 and list_clicks == 0

    expect(alice.locator("#turn")).to_contain_text("Game over")
    expect(alice.locator(".paris-final tbody tr")).to_have_count(2)
    scores = alice.locator("#score details.score-seat")
    expect(scores).to_have_count(2)
    scores.first.locator("summary").click()
    # One line per component (running VP parts; a majority line per district that got a
    # VP tile, which the players may decline: PARIS-128 as the seed reads it).
    expect(scores.first.locator(".score-line").first).to_be_visible()
    assert scores.first.locator(".score-line").count() >= 2
    alice.screenshot(path="/tmp/paris_final.png", full_page=True)
    assert alice.js_errors == [] and spectator.js_errors == []


def test_an_older_editions_table_shows_its_own_bonus_tiles(new_page: Any) -> None:
    """G-6: at a table of rules edition 7, the track's tile 25 reads as edition 7 printed
    it (2 VP per district), not as today's (1 VP); today's table reads today's text. G-8:
    the end-game tiles only older editions dealt (vp7, f4) are named, not left as codes."""
    from .tables import sit_down

    def tile_25(options: dict[str, Any]) -> str:
        page = new_page("Alice")
        sit_down(page, "paris", 2, options=options)
        cell = page.locator(".track-space").filter(has_text=re.compile(r"^25$"))
        expect(cell.first).to_be_attached()
        info = cell.first.get_attribute("data-info") or ""
        assert page.js_errors == []
        return info

    def end_tile_name(options: dict[str, Any], code: str) -> str:
        """What the page calls an end-game tile (the pile's chips, the log, the screen)."""
        page = new_page("Alice")
        sit_down(page, "paris", 2, options=options)
        expect(page.locator(".paris-board")).to_be_visible()
        name = page.evaluate("(code) => import('/static/games/paris.js')"
                             ".then((m) => m.lookup('endgame', code))", code)
        assert page.js_errors == []
        return str(name)

    old = tile_25({"rules_version": 7})
    assert "bonus tile 25 — 2 VP per district where you occupy" in old, old
    assert end_tile_name({"rules_version": 7}, "vp7") == "+7 VP"  # G-8: editions 4-7 only
    assert end_tile_name({"rules_version": 3}, "f4") == "+4 francs"  # editions 1-3 only
    today = tile_25({})
    assert "bonus tile 25 — 1 VP per district where you occupy" in today, today


# Every verb of the notation (docs/notation.md), as the replay bar, the move list and the
# log's fallbacks say it through moves.js's describe().
NOTATION = ["key MO", "key arc", "move bank-SG SG3", "move arc MO4", "move MO8 build L12 MO",
            "put SG", "vptile 4 LV", "top 2 BE", "buy gold", "sell pgold", "use 21 gold pgold",
            "take vp6", "play res marble", "draw 2", "bonus 17", "give 1", "value 5"]


def test_a_move_is_said_with_the_names_of_its_places_and_pieces(new_page: Any) -> None:
    """The replay bar's line for the last move of a finished game read "Move a key from
    bank-SG to SG3": describe() named a key's places by their codes. Every verb of the
    notation now names banks, districts, spaces, landmarks, goods and end-game tiles."""
    from .checks import INTERNAL
    from .tables import sit_down

    page = new_page("Alice")
    sit_down(page, "paris", 2)
    expect(page.locator(".paris-board")).to_be_visible()
    said = page.evaluate("""async (texts) => {
      const moves = await import('/static/js/moves.js');
      const paris = await import('/static/games/paris.js');
      const ctx = { names: ['Alice', 'Bob'], lookup: (kind, key) => paris.lookup(kind, key) };
      return texts.map((text) => moves.describe('paris', text, ctx));
    }""", NOTATION)
    assert page.js_errors == []
    codes = re.compile(r"\b(?:bank-)?(?:BE|CH|LV|MO|MP|SG)\d*\b|\bL\d+\b"
                       r"|\bpgold\b|\bvp\d\b|\bres\b")
    for text, sentence in zip(NOTATION, said, strict=True):
        assert sentence, text
        assert not any(p.search(sentence) for p in INTERNAL), (text, sentence)
        assert not codes.search(sentence), (text, sentence)
    assert said[2] == "Move a key from Saint-Germain bank to Saint-Germain 3", said[2]

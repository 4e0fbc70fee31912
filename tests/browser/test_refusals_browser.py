"""In German, what the table refuses is a German sentence (issue 16 item 6): a move the
server refuses shows why, worded from the game's catalogue (a move the rules refuse
now: the reason, never the moves in notation; one naming nothing of the game: what
there is), an undo refused and a refusal of the server's own
too; the chat names bots in German; Bruxelles 1893 lists what its resolution did in
German."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from .tables import legal_moves, over, settle, sit_down, tap_move, wait_for_my_turn


def swap_next_action(page: Any) -> list[dict[str, Any]]:
    """Route the page's websocket through the test: the action the page sends next is
    replaced by the first action of the returned list (which is then consumed), or by
    the message `{"send": message}` names."""
    replacements: list[dict[str, Any]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if replacements and isinstance(message, str):
                data = json.loads(message)
                if data.get("type") == "action":
                    replacement = replacements.pop(0)
                    if "send" in replacement:  # another message instead of the action
                        data = {"version": data["version"], **replacement["send"]}
                    else:
                        data["action"] = replacement
                    message = json.dumps(data)
            server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"/ws/"), route)
    return replacements


def test_a_refused_move_reads_as_a_german_sentence(device_page: Any) -> None:
    page = device_page("desktop", lang="de", name="Greta")
    replacements = swap_next_action(page)
    sit_down(page, "paris_connection", 3, bot="random")
    expect(page.locator("#chat")).to_contain_text("Ein Bot (zufällig) hat sich auf Platz 2")
    assert wait_for_my_turn(page)
    toasts = page.locator("#toasts .toast")
    for sent, german in [
        ({"type": "stop"}, "Diese Art von Zug ist an dieser Stelle des Zuges nicht möglich."),
        ({"type": "build", "company": "Z"}, "Es gibt keine Gesellschaft „Z“. Gesellschaften: R, "),
        # an undo the policy refuses (the engine's catalogue) and a refusal of the
        # server's own naming a value (the interface's, from its template)
        ({"send": {"type": "undo"}}, "Nichts zurückzunehmen: Dein letzter Schritt ist nicht"),
        ({"send": {"type": "chat", "text": "x" * 5000}}, "Eine Chatzeile hat höchstens "),
    ]:
        replacements.append(sent)
        tap_move(page, legal_moves(page)[0], tap=False)
        expect(toasts.last).to_contain_text(german)
        expect(page.locator("#chat")).to_contain_text(german)
        settle(page)
    text = page.locator("#toasts").inner_text()
    assert "not possible" not in text and "There is no" not in text
    assert "Möglich:" not in text and "„stop“" not in text  # no notation for a player
    assert "Nothing to take back" not in text and "a chat line" not in text
    assert page.js_errors == []


# Words of the resolution's notes (belle/games/bruxelles_1893/texts.py) in German,
# Spanish and English, and each language's heading.
NOTES = {
    "de": (re.compile(r"gewinnt die|schickt einen Assistenten|hat die Mehrheit|Ende der Runde"),
           re.compile(r"^Auswertung der Runde \d+$")),
    "es": (re.compile(r"gana la|envía un asistente|tiene la mayoría|Fin de la ronda"),
           re.compile(r"^Resolución de la ronda \d+$")),
}
ENGLISH_NOTE = re.compile(r"wins the|sends an assistant|has the majority|end of round", re.I)


@pytest.mark.parametrize("lang", sorted(NOTES))
def test_bruxelles_shows_its_resolution_in_the_readers_language(
        device_page: Any, lang: str) -> None:
    """Issue 16: the resolution's notes in the reader's words, each a sentence: the end of
    the round, which the catalogues write in lower case for the log ("fin de la ronda
    2: …"), begins with a capital in the list."""
    page = device_page("desktop", lang=lang, name="Bruno")
    sit_down(page, "bruxelles_1893", 2, bot="random")
    notes = page.locator(".brx-notes")
    deadline = time.monotonic() + 60
    while not notes.count():
        assert time.monotonic() < deadline, "no resolution was shown"
        if not wait_for_my_turn(page) or over(page):
            break
        if notes.count():
            break
        moves = legal_moves(page)
        tap_move(page, "pass" if "pass" in moves else moves[0], tap=False)
        settle(page)
    words, heading = NOTES[lang]
    expect(notes.locator("h4")).to_have_text(heading)
    expect(notes.locator("li").first).to_contain_text(words)
    shown = notes.inner_text()
    assert not ENGLISH_NOTE.search(shown), shown
    lines = notes.locator("li").all_inner_texts()
    assert lines and all(line[:1].isupper() for line in lines), lines  # names too: Bruno, bots
    assert page.js_errors == []

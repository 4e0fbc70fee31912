"""What counts as English left on a German, French or Spanish screen (issue 16 item 3),
shared by the browser's DOM scan (tests/browser/test_engine_text_browser.py) and the
terminal's (tests/cli/test_terminal_languages.py).

The English of a catalogue is suspect wherever its translation into the reader's language
says something else: the literal parts between placeholders of each such message, as whole
words (`english_fragments`), and the interface's longer msgids (`leftovers`). A message
translated by itself (a proper name, "Arc de Triomphe") is never suspect, nor an English
word that is also a word of the language: one its own translations use elsewhere
(French "place", "phase", "actions"), or one of `SAME_WORD`. The terminal's board words
(ids ``board.*`` of a game's catalogue, belle/games/<id>/render.py) reach no page: the
browser's scan leaves them out (a rules page may name a notation letter by its English
word, "W Werkstatt (Workshop)"), the terminal's asks for them (`terminal=True`).

In every language, English included, a log line must say what happened in a sentence:
`raw_notation` finds a notation verb or step left in one ("Start ×6", "start R I3").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from belle.i18n.catalogue import messages as interface_messages
from belle.i18n.games import domains, messages
from belle.i18n.text import PLACEHOLDER

MIN_FRAGMENT = 4
TERMINAL_ONLY = "board."
"""The ids of a game's catalogue that only the terminal says (its renderer's words)."""
# English words of the catalogue that are also words of the language (not leftovers).
SAME_WORD: dict[str, set[str]] = {
    "de": {"orthogonal", "diagonal"},
    "fr": {"excursions", "final"},
    "es": {"final", "diagonal"},
}


@cache
def _translations(lang: str) -> str:
    """Every translation into `lang` (interface and catalogues), one per line."""
    english = messages("en")
    texts = [text for domain in domains() for mid, text in messages(lang)[domain].items()
             if text != english[domain].get(mid)]
    texts += [text for msgid, text in interface_messages(lang).items() if text != msgid]
    return "\n".join(texts)


def a_word_of(lang: str, part: str) -> bool:
    """Whether `part` is words of `lang` as well: its translations use it."""
    return part in SAME_WORD[lang] or re.search(
        rf"(?<![\w-]){re.escape(part)}(?![\w-])", _translations(lang)) is not None


@cache
def english_fragments(game: str, lang: str, terminal: bool = False
                      ) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(message id, pattern) of the English words of each message of catalogue `game` (a
    game, or "engine" or "terminal") whose translation into `lang` differs: the literal
    parts between placeholders, as whole words; the board's words only for `terminal`."""
    english, translated = messages("en")[game], messages(lang)[game]
    found: list[tuple[str, re.Pattern[str]]] = []
    for message_id, template in english.items():
        if translated.get(message_id) == template:
            continue  # the same in both (a proper name)
        if message_id.startswith(TERMINAL_ONLY) and not terminal:
            continue
        for part in PLACEHOLDER.split(template)[::2]:
            part = part.strip(" ,.;:()×+—-")
            if a_word_of(lang, part):
                continue
            if len(part) >= MIN_FRAGMENT and re.search(r"[A-Za-z]{3}", part):
                found.append((message_id, re.compile(rf"(?<![\w-]){re.escape(part)}(?![\w-])")))
    return tuple(found)


def _words(text: str) -> str:
    """`text` without spaces and punctuation (French typography: "Paris : …")."""
    return re.sub(r"[\W_]+", "", text)


def leftovers(text: str, game: str, lang: str, terminal: bool = False) -> list[str]:
    """The English of `game`'s catalogue and of the interface's longer msgids in `text`
    (a terminal's `text` with the board's words)."""
    hits = [f"{mid}: {pattern.pattern}"
            for mid, pattern in english_fragments(game, lang, terminal)
            if pattern.search(text)]
    interface = interface_messages(lang)
    hits += [msgid for msgid, tr in interface.items()
             if len(msgid) >= 12 and "{" not in msgid and _words(tr) != _words(msgid)
             and re.search(rf"(?<![\w-]){re.escape(msgid)}(?![\w-])", text)]
    return hits


HIDDEN_STEP = "?"
TIMES = re.compile(r"\s*×\s*\d+$")


def raw_notation(line: str, steps: Sequence[str]) -> list[str]:
    """The notation left in a log line's sentence, in any language (issue 16 item 3): a
    part of the line (between " · " or "; ") that is one of its steps' verbs alone,
    counted or not ("Start ×6"), or one of its steps as the notation writes it ("start R
    I3"): what a renderer falls back to when it has no phrase. `steps` are the line's
    steps in notation ("?" when hidden)."""
    shown = {step.strip().lower() for step in steps if step.strip() not in ("", HIDDEN_STEP)}
    verbs = {step.split()[0] for step in shown}
    parts = re.split(r"\s+·\s+|;\s+", line.strip())
    return [part for part in parts if TIMES.sub("", part.strip(" .:")).lower() in verbs | shown]

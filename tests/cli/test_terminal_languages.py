"""Every word of the terminal in the reader's language (issue 16 items 3 and 8): each
game's board, drawn at 80 columns without colour at its start, in mid-game and at its
end, its chance lines, its notation help and its `info` descriptions say nothing in
English in German, French or Spanish, but proper names and the notation.

What is English is decided as the browser's DOM scan decides it (tests/i18n/english.py):
the English of the game's, the engine's and the terminal's catalogues wherever the
translation says something else, and the interface's longer msgids; plus a few English
words no catalogue needs to hold (`ENGLISH_WORDS`), for a literal left in a renderer.
The same scan of the English board must find catalogue text, so it looks where it should.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from belle.cli.common import render_module, renderer
from belle.cli.info import elements
from belle.cli.texts import Words
from belle.engine import replay
from belle.engine.game import CHANCE
from belle.engine.record import MatchRecord
from belle.i18n import TRANSLATED
from belle.i18n.games import game_ids
from belle.i18n.say import Voice

from ..i18n.english import english_fragments, leftovers
from .terminal_kit import PLAYERS, WIDTH, plain, record_of

SEED = 7  # the random game its positions come from

ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|your|with|seat|player|players|round|tiles|cards|none|empty|board|"
    r"shares|turn|left)\b", re.IGNORECASE)
"""English words that are no word of German, French or Spanish, nor of the notation."""
LEFT_OVER = re.compile(r"\bboard\.[\w.]+|\{\w+\}")
"""An id the catalogue lacks (the voice shows it as it is) or a placeholder unfilled."""


def voice(game: str, lang: str) -> Voice:
    return Words(lang).voice(game, PLAYERS.get(game, 2))


def first_decision(record: MatchRecord) -> int:
    """How many actions come before the first seat's first decision (the start)."""
    return next(i for i, entry in enumerate(record.actions) if entry.player != CHANCE)


@cache
def boards(game: str, lang: str) -> str:
    """The board at the start, in mid-game and at the end, as seat 1 and a spectator."""
    record, say = record_of(game, SEED), voice(game, lang)
    total = len(record.actions)
    drawn = []
    for upto in (first_decision(record), total // 2, total):
        state = replay(record, upto)
        drawn += [plain(renderer(game)(state.view(seat), say)) for seat in (0, None)]
    return "\n".join(drawn)


def chance_lines(game: str, lang: str) -> str:
    """The record's chance runs as the play loop shows them: seen, hidden and public."""
    describe = getattr(render_module(game), "describe_chance", None)
    if describe is None:
        return ""
    record, say = record_of(game, SEED), voice(game, lang)
    lines = []
    for entry in record.actions:
        if entry.player == CHANCE:
            seen = frozenset(entry.visible_to) if entry.visible_to is not None else None
            lines.append(plain(describe(seen, [entry.text], 1, voice=say)))
            if seen is not None:
                lines.append(plain(describe(seen, None, 3, voice=say)))
    return "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize("game", game_ids())
def test_chance_lines_are_sentences_not_notation(game: str, lang: str) -> None:
    """Issue 16 item 5: every game describes its chance runs (`describe_chance`), and no
    described line repeats an outcome as the notation writes it ("stock SX-09")."""
    assert getattr(render_module(game), "describe_chance", None) is not None, game
    record, say = record_of(game, SEED), voice(game, lang)
    describe = render_module(game).describe_chance
    for entry in record.actions:
        if entry.player != CHANCE:
            continue
        seen = frozenset(entry.visible_to) if entry.visible_to is not None else None
        line = plain(describe(seen, [entry.text], 1, voice=say))
        assert not re.search(rf"(?<![\w-]){re.escape(entry.text)}(?![\w-])", line,
                             re.IGNORECASE), f"{game} in {lang}: {line!r}"


def notation_help(game: str, lang: str) -> str:
    """The notation help without its forms (the notation, the same in every language)."""
    module = render_module(game)
    text = module.notation_help(voice(game, lang))
    for form, _ in module.NOTATION:
        text = text.replace(form, "")
    return text


def screens(game: str, lang: str) -> dict[str, str]:
    return {"board": boards(game, lang), "chance": chance_lines(game, lang),
            "help": notation_help(game, lang),
            "info": "\n".join(elements(game, voice(game, lang)).values())}


def english_in(text: str, game: str, lang: str) -> list[str]:
    hits = leftovers(text, game, lang, terminal=True)
    for domain in ("engine", "terminal"):
        hits += [f"{mid}: {p.pattern}" for mid, p in english_fragments(domain, lang)
                 if p.search(text)]
    hits += ENGLISH_WORDS.findall(text) + LEFT_OVER.findall(text)
    return sorted(set(hits))


def around(text: str, hit: str) -> str:
    word = hit.split(": ", 1)[-1]
    found = re.search(word if word.startswith("(?") else re.escape(word), text)
    start = found.start() if found else 0
    return f"{hit} in {text[max(0, start - 30):start + 40]!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", game_ids())
def test_the_terminal_says_nothing_in_english(game: str, lang: str) -> None:
    found = {where: [around(text, hit) for hit in english_in(text, game, lang)]
             for where, text in screens(game, lang).items()}
    found = {where: hits for where, hits in found.items() if hits}
    assert not found, f"{game} in {lang}: English in the terminal: {found}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", game_ids())
def test_every_board_fits_80_columns_in_every_language(game: str, lang: str) -> None:
    for line in boards(game, lang).splitlines():
        assert len(line) <= WIDTH, f"{game} in {lang}: {len(line)} columns: {line!r}"
    assert "…" not in boards(game, lang), f"{game} in {lang}: something is cut short"


@pytest.mark.parametrize("game", game_ids())
def test_the_scan_finds_the_english_of_an_english_board(game: str) -> None:
    """The same check of the English screens finds catalogue text and the plain words."""
    text = "\n".join(screens(game, "en").values())
    assert leftovers(text, game, "de", terminal=True), f"{game}: the scan sees no catalogue text"
    assert any(mid.startswith("board.") for mid in leftovers(text, game, "de", terminal=True))
    assert ENGLISH_WORDS.search(text), f"{game}: the scan sees no English word"
    assert not LEFT_OVER.search(text), f"{game}: {LEFT_OVER.findall(text)[:5]}"


BY_COLOUR = {"city_of_light", "paris_paris"}
"""Games whose boards name a player by their colour (and number), not by seat."""


def test_seats_are_counted_from_1_on_every_board() -> None:
    """Issue 16 item 4: no seat 0 reaches a player (the terminal's "seat 1" is the first)."""
    for game in game_ids():
        text = boards(game, "en")
        assert not re.search(r"\b(?:seat|Seat|player|Player) 0\b", text), game
        assert re.search(r"\bseat 1\b", text) or game in BY_COLOUR, game


# -- `belle play` as a person plays it (issue 16 item 8) ---------------------------
PLAYED = {"paris": "de", "paris_connection": "fr", "city_of_light": "es",
          "paris_paris": "de", "bruxelles_1893": "fr"}
"""Each game played to its end through `belle play` in one language (all three met)."""
INFO = {"paris": "info L12", "paris_connection": "info", "city_of_light": "info peintre",
        "paris_paris": "info", "bruxelles_1893": "info buls"}
ANSI = re.compile(r"\x1b\[")


def played(game: str, lang: str, tmp_path: Any) -> str:
    """A whole match at an 80-column terminal without colour: the person asks for help
    and about an element, then always plays the first action; the others are bots."""
    from typer.testing import CliRunner

    from belle.cli.main import app

    players = PLAYERS.get(game, 2)
    bots = [arg for seat in range(2, players + 1) for arg in ("--seat", f"{seat}=random")]
    script = f"help\n{INFO[game]}\nlog\n" + "1\n" * 3000
    result = CliRunner().invoke(
        app, ["play", game, "--players", str(players), *bots, "--seed", "3", "--lang", lang,
              "--record-dir", str(tmp_path)],
        input=script, env={"NO_COLOR": "1", "COLUMNS": str(WIDTH), "TERM": "dumb"})
    assert result.exit_code == 0, result.output[-2000:]
    return result.stdout


@pytest.mark.parametrize("game", game_ids())
def test_a_whole_match_reads_at_80_columns_without_colour(game: str, tmp_path: Any) -> None:
    lang = PLAYED[game]
    out = played(game, lang, tmp_path)
    words = Words(lang)
    assert not ANSI.search(out), f"{game}: colour codes with NO_COLOR set"
    saved = words("terminal.saved", path="\0").split("\0")[0]
    for line in out.splitlines():
        if not line.startswith(saved):  # the record's path, kept whole to be copied
            assert len(line) <= WIDTH, f"{game}: {len(line)} columns: {line!r}"
    assert words("terminal.scores.title") in out  # played to the end
    assert words("terminal.help.commands") in out
    assert words.title(game) in out
    if INFO[game] != "info":  # `info ID` answered in the reader's language
        key = INFO[game].split()[1]
        known = elements(game, voice(game, lang))
        name = next(k for k in known if k.lower() == key.lower())
        assert f"{name}: {known[name][:20]}" in out, f"{game}: no answer to {INFO[game]}"

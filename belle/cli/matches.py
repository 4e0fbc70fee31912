"""`belle play` and `belle resume`: a match at the terminal, new or from a saved record
(belle.cli.play runs it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from belle.cli.arguments import (
    GameArg,
    LangOpt,
    OptionOpt,
    PlayersOpt,
    RecordDirOpt,
    SeedOpt,
    fresh_seed,
)
from belle.cli.common import configured_game, fail, player_count, stdout_console, user_errors
from belle.cli.play import TerminalMatch
from belle.cli.replay import load_position
from belle.cli.seats import parse_seats, recorded_seats
from belle.cli.texts import Words
from belle.engine.errors import RecordError
from belle.engine.texts import typed
from belle.i18n import LANGUAGES
from belle.i18n.say import terminal_language

SEAT_HELP = ("PLAYER of seat K: human, random, greedy, greedy:samples=5, "
             "ismcts:iterations=2000, ismcts:seconds=1, or a level easy, medium, hard, expert "
             "(repeatable; seats count from 1; default 1=human, the others greedy).")
RESUME_SEAT_HELP = ("PLAYER of seat K, as for belle play (default: each seat as the record "
                    "names it; a person's name there is a person at this keyboard).")


def play_command(
    game: GameArg,
    players: PlayersOpt = None,
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", metavar="K=PLAYER", help=SEAT_HELP, show_default=False)] = None,
    seed: SeedOpt = None,
    option: OptionOpt = None,
    record_dir: RecordDirOpt = Path("."),
    lang: LangOpt = None,
) -> None:
    """Play a game in the terminal against bots or friends (hot-seat)."""
    language = _language(lang)
    with user_errors(language):
        configured = configured_game(game, option)
        seats = parse_seats(seat or [], player_count(configured, players))
        _writable(record_dir, language)
    _run(TerminalMatch(configured, seats, fresh_seed(seed), record_dir, stdout_console(),
                       language))


def resume_command(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="A match record (JSON) saved by belle play or the web table.",
        show_default=False)],
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", metavar="K=PLAYER", help=RESUME_SEAT_HELP, show_default=False)] = None,
    seed: SeedOpt = None,
    record_dir: RecordDirOpt = Path("."),
    lang: LangOpt = None,
) -> None:
    """Go on with a saved match in the terminal, from where its record ends."""
    language = _language(lang)
    with user_errors(language):
        try:
            record, state, _ = load_position(file, None, None)
        except UnicodeDecodeError:
            raise RecordError(f"{str(file)!r} is not a match record (not UTF-8 text)") from None
        if state.is_terminal():
            fail(Words(language)("terminal.refuse.resume_over", path=str(file)))
        seats = parse_seats(seat or [], record.num_players, recorded_seats(record.seats))
        _writable(record_dir, language)
    _run(TerminalMatch(state.game, seats, fresh_seed(seed), record_dir, stdout_console(),
                       language, resumed=(record, state), resumed_from=str(file)))


def _language(lang: str | None) -> str:
    """The terminal's language: `--lang` (refused unless Belle speaks it), else the
    environment's."""
    if lang is not None and lang not in LANGUAGES:
        fail(Words(terminal_language())("terminal.refuse.lang", typed=typed(lang),
                                        languages=list(LANGUAGES)))
    return lang or terminal_language()


def _writable(record_dir: Path, language: str) -> None:
    """Make `--record-dir` if need be; refuse one that cannot be written to."""
    record_dir.mkdir(parents=True, exist_ok=True)
    if not os.access(record_dir, os.W_OK):
        fail(Words(language)("terminal.refuse.record_dir", path=str(record_dir)))


def _run(match: TerminalMatch) -> None:
    try:
        match.run()
    except KeyboardInterrupt:
        raise typer.Exit(130) from None

"""`belle replay`: a saved match as one seat (or a spectator) saw it after N actions.

The board comes from `state.view(seat)`, so a seat sees the others' secrets only once
the game is over; the move log is the record redacted for that seat.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from belle.cli.common import render_module, renderer
from belle.cli.log import log_lines
from belle.cli.scores import score_table, winners_line
from belle.cli.texts import TEXTS, Words
from belle.engine.errors import GameError, OptionError, RecordError
from belle.engine.game import State
from belle.engine.record import MatchRecord, replay
from belle.i18n.say import terminal_language

ENGLISH = Words()

LOG_LENGTH = 12


def load_position(
    path: Path, upto: int | None, seat: int | None
) -> tuple[MatchRecord, State[Any], int]:
    """The record, the state after `upto` actions (all by default) and that count;
    `seat` is an index (0-based), refused in the words of `--seat` (from 1)."""
    record = MatchRecord.load(path)
    total = len(record.actions)
    if upto is not None and not 0 <= upto <= total:
        raise TEXTS.error(OptionError, "terminal.refuse.replay_to",
                          f"--to must be from 0 to {total} (the record holds {total} actions)",
                          total=total)
    if seat is not None and not 0 <= seat < record.num_players:
        raise TEXTS.error(OptionError, "terminal.refuse.replay_seat",
                          f"--seat must be from 1 to {record.num_players}",
                          seat=seat + 1, count=record.num_players)
    count = total if upto is None else upto
    try:
        state = replay(record, count)
    except GameError:
        raise
    except Exception as exc:  # a record written by hand may break a game in any way
        raise RecordError(f"{str(path)!r} does not replay: {type(exc).__name__}: {exc}") from exc
    return record, state, count


def show_position(
    console: Console, record: MatchRecord, state: State[Any], count: int, seat: int | None
) -> None:
    words = Words(terminal_language())
    who = words("terminal.replay.spectator") if seat is None else words.seat(seat)
    seats = [words("terminal.intro.seat", number=i + 1, player=name)
             for i, name in enumerate(record.seats)]
    console.print(Rule(Text(words("terminal.replay.title", game=words.title(record.game),
                                  count=count,
                                  total=len(record.actions), who=who))))
    console.print(words("terminal.replay.seats", seats=seats, seed=str(record.seed),
                        engine=record.engine_version), markup=False)
    show_log(console, record, count, seat, state.is_terminal(), words)
    console.print(renderer(record.game)(state.view(seat),
                                        words.voice(record.game, record.num_players)))
    if state.is_terminal():
        console.print(score_table(state, record.seats, words, record.game))
        console.print(winners_line(state, record.seats, words), markup=False)


def show_log(
    console: Console, record: MatchRecord, count: int, seat: int | None, over: bool,
    words: Words = ENGLISH,
) -> None:
    """The last moves up to the position, hiding what `seat` may not see until the end."""
    shown = record if over else record.redacted_for(seat)
    own = getattr(render_module(record.game), "describe_chance", None)
    describe = functools.partial(own, voice=words.voice(record.game, record.num_players)) \
        if own else None
    for line in log_lines(shown.actions[:count], last=LOG_LENGTH, words=words,
                          describe=describe):
        console.print(line, markup=False, highlight=False)

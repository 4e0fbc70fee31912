"""Who sits where: `--seat K=SPEC` for `belle play`, `--bots a,b` for `belle simulate`.

A spec is `human` or a bot spec for `belle.bots.make_bot` (`random`, `greedy`,
`greedy:samples=5`). In `belle play`, seats not given are seat 1 human, the rest greedy.
`--seat K` counts from 1, as everything the terminal shows (docs/decisions.md); the
seats returned are indexed from 0, as the engine counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from belle.bots import BOT_NAMES, LEVELS, make_bot
from belle.cli.texts import TEXTS
from belle.engine.errors import OptionError
from belle.engine.referee import Bot
from belle.engine.texts import typed

HUMAN = "human"
DEFAULT_BOT = "greedy"
PLAYER_KINDS = ("random", "greedy", "ismcts")
"""The bots `make_bot` builds (a level names one of them with its settings)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a terminal match: a person at the keyboard or a bot."""

    spec: str
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


def seat_from_spec(spec: str) -> Seat:
    text = spec.strip()
    if text.lower() == HUMAN:
        return Seat(HUMAN)
    name = LEVELS.get(text, text).partition(":")[0]
    if name not in PLAYER_KINDS:
        bots = ", ".join([*LEVELS, *PLAYER_KINDS])
        raise TEXTS.error(OptionError, "terminal.refuse.player",
                          f"unknown bot {name!r}; bots: {bots} (or {HUMAN})",
                          player=typed(name), players=[HUMAN, *PLAYER_KINDS],
                          levels=list(LEVELS))
    return Seat(text, make_bot(text))


def _split_assignment(item: str, num_players: int) -> tuple[int, str]:
    index, sep, spec = item.partition("=")
    if not sep or not spec.strip():
        raise TEXTS.error(
            OptionError, "terminal.refuse.seat_shape",
            f"--seat {item!r} must look like SEAT=PLAYER, e.g. 1=human or 2=greedy",
            typed=typed(item))
    try:
        number = int(index)
    except ValueError:
        raise TEXTS.error(OptionError, "terminal.refuse.seat_number",
                          f"--seat {item!r}: {index.strip()!r} is not a seat number",
                          typed=typed(item), seat=typed(index.strip())) from None
    if not 1 <= number <= num_players:
        raise TEXTS.error(
            OptionError, "terminal.refuse.seat_range",
            f"--seat {item!r}: seats are numbered 1 to {num_players} for {num_players} players",
            typed=typed(item), count=num_players)
    return number - 1, spec


def parse_seats(assignments: list[str], num_players: int,
                defaults: Sequence[Seat] | None = None) -> list[Seat]:
    """Seats for `belle play` from `K=SPEC` strings (K from 1); the others `defaults`,
    else the first human and the others greedy."""
    given: dict[int, Seat] = {}
    for item in assignments:
        seat, spec = _split_assignment(item, num_players)
        if seat in given:
            raise TEXTS.error(OptionError, "terminal.refuse.seat_twice",
                              f"--seat {item!r}: seat {seat + 1} is given twice",
                              typed=typed(item), seat=seat + 1)
        try:
            given[seat] = seat_from_spec(spec)
        except OptionError as exc:
            if exc.message is None or exc.message["id"].startswith("terminal."):
                raise
            raise TEXTS.error(OptionError, "terminal.refuse.seat_bot", f"--seat {item!r}: {exc}",
                              typed=typed(item), reason=exc.message) from None
    return [given.get(seat) or (defaults[seat] if defaults else _default_seat(seat))
            for seat in range(num_players)]


def recorded_seats(specs: Sequence[str]) -> list[Seat]:
    """The seats a match record names (`belle resume`): each bot as it was, anything
    else (a person's name from the web table, "human") a person at this keyboard."""
    seats = []
    for spec in specs:
        try:
            seats.append(seat_from_spec(spec))
        except OptionError:
            seats.append(Seat(HUMAN))
    return seats


def _default_seat(seat: int) -> Seat:
    return Seat(HUMAN) if seat == 0 else Seat(DEFAULT_BOT, make_bot(DEFAULT_BOT))


def split_bot_list(text: str) -> list[str]:
    """`random,greedy:samples=5,greedy` → specs; an item `k=v` continues the bot before it."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item and specs:
            specs[-1] += "," + item
        else:
            specs.append(item)
    if not specs:
        raise OptionError(f"--bots needs at least one bot: {', '.join(BOT_NAMES)}")
    return specs


def bots_for_seats(text: str, num_players: int) -> list[Bot]:
    """`--bots` cycled over the seats (`random,greedy` with 3 seats: random, greedy, random)."""
    specs = split_bot_list(text)
    for spec in specs:
        try:
            make_bot(spec)
        except OptionError as exc:
            raise OptionError(f"--bots {spec!r}: {exc}") from None
    # One instance per seat: a bot may keep state between its decisions.
    return [make_bot(specs[seat % len(specs)]) for seat in range(num_players)]

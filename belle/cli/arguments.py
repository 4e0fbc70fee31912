"""The arguments and options several `belle` commands share (belle.cli.main,
belle.cli.matches), and the seed a command draws when none is given."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help="Game id (see 'belle games').", show_default=False)
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        metavar="N",
        help="Number of players (default: the game's minimum).",
        show_default=False,
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        "-s",
        metavar="S",
        help="Seed of the chance and bot RNGs (default: random).",
        show_default=False,
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="Game option (repeatable).", show_default=False
    ),
]
RecordDirOpt = Annotated[
    Path, typer.Option("--record-dir", metavar="DIR", help="Where to save the match record.")
]
LangOpt = Annotated[
    str | None,
    typer.Option("--lang", metavar="LANG", help="Language of the prompts, help and refused "
                 "moves: en, de, fr or es (default: $BELLE_LANG, else the locale's, else en).",
                 show_default=False),
]


def fresh_seed(seed: int | None) -> int:
    """`seed`, or a new one when none was given."""
    return random.SystemRandom().randrange(2**32) if seed is None else seed

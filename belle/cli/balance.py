"""`belle balance`: bots play a game many times; seat, score, element and ending figures
with 95% intervals, judged against the bounds of issue 15 (belle.balance).

    belle balance paris --players 3 --games 200 --jobs 2 --seed 1
    belle balance bruxelles_1893 --strategy never-build --games 60
    belle balance --all --games 240 --ismcts-games 16 --strategy-games 60 \\
        --ending-games paris_connection=600 --markdown docs/balance.md \\
        --summary belle/web/rules/balance.json --check

Mistakes in the arguments end in one line on stderr and exit status 2 (as every command);
a failed game or, with --check, a failed bound ends in exit status 1.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import shlex
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from belle.balance import Run, lineup, measure
from belle.balance.bounds import failures
from belle.balance.markdown import PageMeta, page
from belle.balance.strategies import make_strategy, strategies_for
from belle.balance.suite import SuitePlan, pool_endings, suite_runs
from belle.balance.summary import summaries
from belle.balance.tables import bound_lines, headline, report_tables
from belle.bots import make_bot
from belle.cli.common import (
    check_positive,
    configured_game,
    fail,
    one_line,
    player_count,
    stderr_console,
    stdout_console,
    user_errors,
)
from belle.cli.seats import split_bot_list
from belle.engine.errors import OptionError
from belle.engine.registry import list_games, load_game

FAILED = 1
"""Exit status when a game raised or, with --check, a bound failed."""
DEFAULT_ISMCTS = "ismcts:iterations=40"
LOG_FROM = 100
"""Without a terminal, a run of this many games logs its progress to stderr."""


def balance_command(
    game: Annotated[str | None, typer.Argument(
        metavar="[GAME]", help="Game id (see 'belle games'); or --all.",
        show_default=False)] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help="Number of players (default: the game's minimum).",
        show_default=False)] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", metavar="K", help="Games to play (per player count with --all).")] = 100,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="SPEC,...",
        help="Bots cycled over the seats and rotated every game, e.g. greedy or "
        "ismcts:iterations=100,greedy.")] = "greedy",
    strategy: Annotated[str | None, typer.Option(
        "--strategy", metavar="NAME",
        help="A scripted strategy of the game at one seat against --bots (see --strategies).",
        show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", metavar="S", help="Seed of the whole run (default: random).",
        show_default=False)] = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", metavar="J", help="Processes playing games; the figures do not "
        "depend on it.")] = 1,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="Game option (repeatable; not with --all).",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the report as JSON (a list with --all) and nothing else.")] = False,
    markdown: Annotated[Path | None, typer.Option(
        "--markdown", metavar="FILE", help="Also write the report as Markdown (docs/balance.md).",
        show_default=False)] = None,
    note: Annotated[str, typer.Option(
        "--note", metavar="TEXT", help="With --markdown: a sentence under the page's date.")] = "",
    check: Annotated[bool, typer.Option(
        "--check", help="Exit with status 1 when a bound fails.")] = False,
    all_games: Annotated[bool, typer.Option(
        "--all", help="Every game at every player count.")] = False,
    ismcts_games: Annotated[int, typer.Option(
        "--ismcts-games", metavar="K", help="With --all: also K games of ISMCTS self-play.")] = 0,
    ismcts: Annotated[str, typer.Option(
        "--ismcts", metavar="SPEC", help="With --all: the ISMCTS bot of --ismcts-games.")
    ] = DEFAULT_ISMCTS,
    strategy_games: Annotated[int, typer.Option(
        "--strategy-games", metavar="K",
        help="With --all: also K games of each scripted strategy against --bots.")] = 0,
    ending_games: Annotated[list[str] | None, typer.Option(
        "--ending-games", metavar="GAME=K",
        help="With --all: K more self-play games of GAME per player count, for the "
        "fallback-endings bound alone (repeatable).", show_default=False)] = None,
    games_of: Annotated[list[str] | None, typer.Option(
        "--games-of", metavar="GAME=K",
        help="With --all: K self-play games of GAME per player count instead of --games "
        "(repeatable).", show_default=False)] = None,
    ismcts_games_of: Annotated[list[str] | None, typer.Option(
        "--ismcts-games-of", metavar="GAME=K",
        help="With --all: K ISMCTS games of GAME per player count instead of "
        "--ismcts-games (repeatable).", show_default=False)] = None,
    summary: Annotated[Path | None, typer.Option(
        "--summary", metavar="FILE", help="With --all: also write each game's summary as "
        "JSON (the rules pages show it).", show_default=False)] = None,
    cache: Annotated[Path | None, typer.Option(
        "--cache", metavar="DIR", help="Keep each finished game in DIR and read back the games "
        "already there: a stopped run goes on where it stopped (the figures do not depend on "
        "it).", show_default=False)] = None,
    list_strategies: Annotated[bool, typer.Option(
        "--strategies", help="List the scripted strategies of every game and stop.")] = False,
) -> None:
    """Measure a game's balance: seats, VP by component, reconstructed elements, endings."""
    if list_strategies:
        _print_strategies()
        return
    run_seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    with user_errors():
        check_positive("--games", games)
        check_positive("--jobs", jobs)
        specs = _bot_specs(bots)
        if all_games:
            runs = _suite(game, players, strategy, option, run_seed, games, specs,
                          ismcts_games, ismcts, strategy_games,
                          _per_game("--ending-games", ending_games),
                          _per_game("--games-of", games_of),
                          _per_game("--ismcts-games-of", ismcts_games_of))
        else:
            if ending_games or games_of or ismcts_games_of or summary is not None:
                raise OptionError("--ending-games, --games-of, --ismcts-games-of and "
                                  "--summary go with --all")
            runs = [_single(game, players, strategy, option, run_seed, games, specs,
                            ismcts_games, strategy_games)]
        for path, flag in ((markdown, "--markdown"), (summary, "--summary")):
            if path is not None:
                _check_writable(path, flag)
    started, commit = time.monotonic(), _commit()  # the code that plays, not the code after
    try:
        reports = _measure(runs, jobs, quiet=as_json, cache=cache)
        if all_games:
            reports = pool_endings(reports)
    except KeyboardInterrupt:
        stderr_console().print("belle: interrupted; nothing written", markup=False)
        raise typer.Exit(130) from None
    minutes = (time.monotonic() - started) / 60
    if seed is None:
        stderr_console().print(f"belle: seed {run_seed} (--seed {run_seed} repeats this run)",
                               markup=False)
    if as_json:
        typer.echo(json.dumps(reports if all_games else reports[0]))
    else:
        for report in reports:
            _print_report(report)
    if markdown is not None or summary is not None:
        given = {"game": game, "all_games": all_games, "players": players, "games": games,
                 "bots": bots, "strategy": strategy, "ismcts_games": ismcts_games,
                 "ismcts": ismcts, "strategy_games": strategy_games, "seed": run_seed,
                 "jobs": jobs, "markdown": markdown, "option": option,
                 "check": check, "ending_games": ending_games or [], "summary": summary,
                 "games_of": games_of or [], "ismcts_games_of": ismcts_games_of or []}
        meta = PageMeta(_command_line(given), _now(), commit, minutes, note)
        if markdown is not None:
            markdown.write_text(page(reports, meta), encoding="utf-8")
        if summary is not None:
            summary.write_text(json.dumps(summaries(reports, meta), indent=1) + "\n",
                               encoding="utf-8")
    _finish(reports, check)


# -- arguments ----------------------------------------------------------------
def _bot_specs(text: str) -> list[str]:
    specs = split_bot_list(text)
    for spec in specs:
        try:
            make_bot(spec)
        except OptionError as exc:
            raise OptionError(f"--bots {spec!r}: {exc}") from None
    return specs


def _single(game: str | None, players: int | None, strategy: str | None,
            option: list[str] | None, seed: int, games: int, specs: list[str],
            ismcts_games: int, strategy_games: int) -> Run:
    if game is None:
        raise OptionError("name a GAME (see 'belle games') or give --all")
    if ismcts_games or strategy_games:
        raise OptionError("--ismcts-games and --strategy-games go with --all; for one game "
                          "use --bots ismcts:... or --strategy NAME")
    configured = configured_game(game, option)
    count = player_count(configured, players)
    if len(specs) > count:
        raise OptionError(f"--bots lists {len(specs)} bots for {count} seats; list at most "
                          f"{count} (a shorter list is cycled over the seats)")
    if strategy is not None:
        make_strategy(game, strategy)
    defaults = load_game(game).options
    options = tuple(sorted((k, v) for k, v in configured.options.items() if v != defaults[k]))
    return Run(game, count, lineup(count, specs, strategy), games, seed, options, strategy)


def _suite(game: str | None, players: int | None, strategy: str | None,
           option: list[str] | None, seed: int, games: int, specs: list[str],
           ismcts_games: int, ismcts: str, strategy_games: int,
           ending_games: tuple[tuple[str, int], ...] = (),
           games_of: tuple[tuple[str, int], ...] = (),
           ismcts_games_of: tuple[tuple[str, int], ...] = ()) -> list[Run]:
    if game is not None:
        raise OptionError(f"give a GAME or --all, not both (GAME {game!r})")
    for name, given in (("--players", players), ("--strategy", strategy), ("--option", option)):
        if given is not None:
            raise OptionError(f"{name} does not go with --all (every game and player count "
                              "is played with its default options)")
    if ismcts_games < 0 or strategy_games < 0:
        raise OptionError("--ismcts-games and --strategy-games must not be negative")
    if ismcts_games:
        try:
            make_bot(ismcts)
        except OptionError as exc:
            raise OptionError(f"--ismcts {ismcts!r}: {exc}") from None
    smallest = min(info.min_players for info in list_games())
    if len(specs) > smallest:
        raise OptionError(f"--bots lists {len(specs)} bots; with --all every game is played "
                          f"at {smallest} players too, so list at most {smallest}")
    if ismcts_games_of and not ismcts_games:
        raise OptionError("--ismcts-games-of goes with --ismcts-games (the other games' "
                          "number of ISMCTS games)")
    return suite_runs(SuitePlan(seed, games, tuple(specs), ismcts_games, ismcts,
                                strategy_games, ending_games, games_of, ismcts_games_of))


def _per_game(flag: str, given: list[str] | None) -> tuple[tuple[str, int], ...]:
    """FLAG GAME=K (--ending-games, --games-of, ...): each game once, K a positive whole
    number."""
    known = {info.id for info in list_games()}
    pairs: dict[str, int] = {}
    for text in given or []:
        name, sep, count = text.partition("=")
        if not sep or name not in known or not count.isdigit() or int(count) < 1:
            raise OptionError(f"{flag} {text!r}: write GAME=K, a game id (see "
                              "'belle games') and a positive number of games")
        if name in pairs:
            raise OptionError(f"{flag} names {name!r} twice")
        pairs[name] = int(count)
    return tuple(sorted(pairs.items()))


def _check_writable(path: Path, flag: str) -> None:
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir() or not os.access(directory, os.W_OK):
        fail(f"{flag} {str(path)!r}: the directory is missing or not writable")


# -- playing ----------------------------------------------------------------------
def _measure(runs: list[Run], jobs: int, quiet: bool,
             cache: Path | None = None) -> list[dict[str, Any]]:
    console = stderr_console()
    total = sum(run.games for run in runs)
    if not console.is_terminal:
        on_game = _progress_lines(total) if total >= LOG_FROM else None
        return measure(runs, jobs, on_game=on_game, cache=cache)
    if quiet:
        return measure(runs, jobs, cache=cache)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"balance: {len(runs)} runs", total=total)
        return measure(runs, jobs, on_game=lambda _: progress.advance(task), cache=cache)


def _progress_lines(total: int) -> Callable[[int], None]:
    """Without a terminal (a log file): one line on stderr at every tenth of the games."""
    done = [0]
    started = time.monotonic()

    def advance(_: int) -> None:
        done[0] += 1
        if done[0] * 10 // total != (done[0] - 1) * 10 // total:
            minutes = (time.monotonic() - started) / 60
            stderr_console().print(f"belle: {done[0]} of {total} games, {minutes:.0f} min",
                                   markup=False)

    return advance


def _finish(reports: list[dict[str, Any]], check: bool) -> None:
    errors = [(r, e) for r in reports for e in r["errors"]]
    for report, error in errors:
        stderr_console().print(
            f"belle: {report['game']} {report['players']} players ({report['label']}) game "
            f"{error['game']} (seed {error['seed']}) failed: {one_line(error['error'])}",
            markup=False, soft_wrap=True)
    failed = sum(len(failures(r)) for r in reports)
    if check and failed:
        stderr_console().print(f"belle: {failed} bounds fail (see the report)", markup=False)
    if errors or (check and failed):
        raise typer.Exit(FAILED)


# -- output -----------------------------------------------------------------------
def _print_report(report: dict[str, Any]) -> None:
    console = stdout_console()
    console.print()
    console.print(Text(headline(report), style="bold"))
    for table in report_tables(report):
        rich_table = Table(title=table.title + (f" ({table.note})" if table.note else ""),
                           title_justify="left")
        for column in table.columns:
            rich_table.add_column(column)
        for row in table.rows:
            rich_table.add_row(*(Text(cell) for cell in row))
        console.print(rich_table)
    failed, leaning, passed = bound_lines(report)
    undecided = sum(1 for b in report["bounds"] if b["status"] == "undecided")
    console.print(f"Bounds: {len(failed)} fail, {undecided} undecided, {passed} pass.")
    for sentence in failed:
        console.print(Text("  fails: " + sentence, style="red"))
    for sentence in leaning:
        console.print(Text("  undecided, leaning to fail: " + sentence, style="yellow"))


def _print_strategies() -> None:
    console = stdout_console()
    table = Table(title="Scripted strategies (belle balance GAME --strategy NAME)",
                  title_justify="left")
    for column in ("game", "strategy", "what it does"):
        table.add_column(column)
    for info in list_games():
        for strategy in strategies_for(info.id):
            table.add_row(info.id, strategy.name, Text(strategy.summary))
    console.print(table)


def _command_line(given: dict[str, Any]) -> str:
    """The command that repeats this run (the seed always written), for the page's top;
    not `--note`, which says something of this measurement (how long it took, say)."""
    words = ["belle", "balance"]
    words += ["--all"] if given["all_games"] else [given["game"]]
    flags = (("players", "--players"), ("games", "--games"), ("bots", "--bots"),
             ("strategy", "--strategy"), ("ismcts_games", "--ismcts-games"),
             ("ismcts", "--ismcts"), ("strategy_games", "--strategy-games"),
             ("seed", "--seed"), ("jobs", "--jobs"), ("markdown", "--markdown"),
             ("summary", "--summary"))
    defaults = {"bots": "greedy", "ismcts": DEFAULT_ISMCTS, "jobs": 1,
                "ismcts_games": 0, "strategy_games": 0}
    for name, flag in flags:
        value = given[name]
        if value is None or defaults.get(name, object()) == value:
            continue
        if name == "ismcts" and not given["ismcts_games"]:
            continue
        words += [flag, str(value)]
    for key, flag in (("games_of", "--games-of"), ("ismcts_games_of", "--ismcts-games-of"),
                      ("ending_games", "--ending-games")):
        for assignment in given[key]:
            words += [flag, assignment]
    for assignment in given["option"] or []:
        words += ["--option", assignment]
    if given["check"]:
        words.append("--check")
    return shlex.join(words)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _commit() -> str:
    """The checkout's commit, and whether belle/ has changes not committed yet."""
    try:
        head = _git("rev-parse", "--short", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no", "--", "belle")
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return f"{head} (with uncommitted changes in belle/)" if dirty else head or "unknown"


def _git(*args: str) -> str:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          check=True, timeout=10)
    return done.stdout.strip()

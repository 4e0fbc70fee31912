"""The `belle` command line: games, play, simulate, tournament, replay, bench, serve,
export and import (belle.cli.backup).

Each command checks its arguments first (game, player count, options, seats, files);
a mistake ends in one line on stderr and exit status 2 (belle.cli.common.fail), and so
do click's own usage errors (BelleGroup).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from belle import __version__
from belle.cli import backup
from belle.cli import bench as bench_module
from belle.cli.admin import admin_app
from belle.cli.arguments import GameArg, OptionOpt, PlayersOpt, SeedOpt, fresh_seed
from belle.cli.balance import balance_command
from belle.cli.common import (
    check_positive,
    configured_game,
    database_url,
    fail,
    one_line,
    player_count,
    stderr_console,
    stdout_console,
    user_errors,
)
from belle.cli.matches import play_command, resume_command
from belle.cli.replay import load_position, show_position
from belle.cli.seats import bots_for_seats, split_bot_list
from belle.cli.simulate import Simulation, simulate
from belle.cli.tournament import Tournament, check_bots
from belle.engine.errors import RecordError
from belle.engine.game import Game, GameInfo
from belle.engine.referee import Bot
from belle.engine.registry import game_ids, list_games, load_game
from belle.i18n.say import terminal_language

PROGRESS_FROM = 20
"""`belle simulate` shows a progress bar (on stderr) from this many games."""


class BelleGroup(TyperGroup):
    """Click's usage errors (missing argument, non-integer...) as one line, exit 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help is already printed
                sys.exit(exc.exit_code)
            ctx = getattr(exc, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            message = one_line(exc.format_message())
            stderr_console().print(f"belle: {message}{hint}", markup=False, soft_wrap=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            stderr_console().print("belle: aborted", markup=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=BelleGroup,
    name="belle",
    help="Belle: an open-source table for Belle Époque board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def _version(value: bool) -> None:
    if value:
        typer.echo(f"belle {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Belle: an open-source table for Belle Époque board games."""


# -- games -----------------------------------------------------------------
@app.command()
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """The games, their player counts and options."""
    with user_errors():
        infos = list_games()
    if as_json:
        typer.echo(json.dumps([info.to_json() for info in infos], indent=1))
        return
    console = stdout_console()
    table = Table(title="Games", title_justify="left")
    for column in ("id", "title", "players", "chance", "hidden info"):
        table.add_column(column)
    for info in infos:
        table.add_row(
            f"[bold]{escape(info.id)}[/]",
            escape(info.title),
            f"{info.min_players}–{info.max_players}",
            _yes(info.has_chance),
            _yes(info.has_hidden_info),
        )
    console.print(table)
    for info in infos:
        console.print(f"\n[bold]{escape(info.id)}[/]: {escape(info.summary)}")
        console.print(_options_table(info))


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _options_table(info: GameInfo) -> Table | str:
    if not info.options:
        return "  [dim]no options[/]"
    table = Table(title=f"{info.id} options (--option NAME=VALUE)", title_justify="left")
    for column in ("option", "kind", "default", "help"):
        table.add_column(column)
    for spec in info.options:
        data = spec.to_json()
        kind: str = spec.kind
        if spec.choices:
            kind += ": " + ", ".join(spec.choices)
        elif spec.minimum is not None or spec.maximum is not None:
            kind += f" {spec.minimum}–{spec.maximum}"
        table.add_row(
            Text(spec.name, style="bold"), kind, json.dumps(data["default"]), Text(spec.help)
        )
    return table


# -- play and resume (belle.cli.matches) ---------------------------------------
app.command("play")(play_command)
app.command("resume")(resume_command)


# -- simulate --------------------------------------------------------------
@app.command("simulate")
def simulate_command(
    game: GameArg,
    players: PlayersOpt = None,
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="K", help="Number of matches.")
    ] = 10,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", "-b", metavar="BOTS", help="Bots cycled over the seats, e.g. random,greedy."
        ),
    ] = "random",
    seed: SeedOpt = None,
    option: OptionOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (and nothing else) on stdout.")
    ] = False,
) -> None:
    """Play many matches between bots and summarise wins, scores and speed."""
    with user_errors():
        configured = configured_game(game, option)
        count = player_count(configured, players)
        check_positive("--games", games)
        seat_bots = bots_for_seats(bots, count)
    run_seed = fresh_seed(seed)
    if as_json:
        run = simulate(configured, seat_bots, games, run_seed)
        if seed is None:
            note = f"belle: seed {run_seed} (--seed {run_seed} repeats this run)"
            stderr_console().print(note, markup=False)
        typer.echo(json.dumps(run.summary()))
    else:
        run = _simulate_with_progress(configured, seat_bots, games, run_seed)
        specs = split_bot_list(bots)
        _print_simulation(run, [specs[i % len(specs)] for i in range(count)], run_seed)
    for failure in run.failures:
        stderr_console().print(
            f"belle: match {failure.index} (seed {failure.seed}) failed: {one_line(failure.error)}",
            markup=False,
            soft_wrap=True,
        )
    if run.failures:
        raise typer.Exit(1)


def _simulate_with_progress(
    configured: Game[Any], seat_bots: Sequence[Bot], games: int, seed: int
) -> Simulation:
    if games < PROGRESS_FROM:
        return simulate(configured, seat_bots, games, seed)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=stderr_console(), transient=True) as progress:
        task = progress.add_task("simulating", total=games)
        return simulate(
            configured, seat_bots, games, seed, on_match=lambda _: progress.advance(task)
        )


def _print_simulation(run: Simulation, names: list[str], seed: int) -> None:
    summary = run.summary()
    console = stdout_console()
    speed, mean = summary["actions_per_second"], summary["mean_actions"]
    console.print(
        f"[bold]{run.game}[/], {run.players} players, seed {seed}: {run.completed} of "
        f"{run.games} matches completed, {len(run.failures)} errors."
    )
    if mean is not None:
        console.print(f"{mean:.1f} actions per match, {speed:,.0f} actions/s.")
    table = Table()
    for column in ("seat", "bot", "wins", "win rate", "mean score"):
        table.add_column(column, justify="left" if column in ("seat", "bot") else "right")
    for seat in range(run.players):
        rate = f"{run.wins[seat] / run.completed:.1%}" if run.completed else "–"
        score = summary["mean_scores"][seat]
        table.add_row(
            str(seat),
            names[seat],
            str(run.wins[seat]),
            rate,
            "–" if score is None else f"{score:.2f}",
        )
    console.print(table)


# -- tournament ------------------------------------------------------------
@app.command("tournament")
def tournament_command(
    game: GameArg,
    players: PlayersOpt = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", "-b", metavar="A,B,...",
            help="Bots cycled over the seats and rotated every match, e.g. "
            "ismcts:iterations=500,greedy.",
            show_default=False,
        ),
    ] = "greedy,random",
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="K", help="Number of matches.")
    ] = 12,
    seed: SeedOpt = None,
    option: OptionOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (and nothing else) on stdout.")
    ] = False,
) -> None:
    """Bots against bots with rotating seats: win rates and scores with 95% intervals."""
    with user_errors():
        configured = configured_game(game, option)
        count = player_count(configured, players)
        check_positive("--games", games)
        specs = split_bot_list(bots)
        check_bots(specs, count)
    run_seed = fresh_seed(seed)
    tournament = Tournament(configured, count, specs, games, run_seed)
    if as_json:
        tournament.run()
        typer.echo(json.dumps(tournament.summary()))
    else:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=stderr_console(), transient=True) as progress:
            task = progress.add_task("tournament", total=games)
            tournament.run(on_match=lambda _: progress.advance(task))
        _print_tournament(tournament.summary())
    for failure in tournament.failures:
        stderr_console().print(
            f"belle: match {failure.index} (seed {failure.seed}) failed: {one_line(failure.error)}",
            markup=False,
            soft_wrap=True,
        )
    if tournament.failures:
        raise typer.Exit(1)


def _print_tournament(summary: dict[str, Any]) -> None:
    console = stdout_console()
    console.print(
        f"[bold]{escape(summary['game'])}[/], {summary['players']} players, seed "
        f"{summary['seed']}: {summary['completed']} of {summary['games']} matches completed, "
        f"{summary['errors']} errors (seats rotate every match; a first place shared by k "
        "seats is 1/k of a win for each)."
    )
    table = Table()
    for column in ("#", "bot", "games", "wins", "win rate (95% CI)", "mean score (95% CI)",
                   "s/move"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot in summary["bots"]:
        rate, (low, high) = bot["win_rate"], bot["win_rate_ci95"]
        rate_text = "–" if rate is None else f"{rate:.1%} ({low:.1%}–{high:.1%})"
        mean, ci = bot["mean_score"], bot["mean_score_ci95"]
        mean_text = "–" if mean is None else f"{mean:.2f}"
        if ci is not None:
            mean_text += f" ({ci[0]:.2f}–{ci[1]:.2f})"
        per_move = bot["seconds_per_move"]
        table.add_row(
            str(bot["entry"]), Text(bot["bot"]), str(bot["games"]), f"{bot['wins']:g}",
            rate_text, mean_text, "–" if per_move is None else f"{per_move:.4f}",
        )
    console.print(table)


# -- replay ----------------------------------------------------------------
@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE", help="A match record (JSON) saved by belle.", show_default=False
        ),
    ],
    to: Annotated[
        int | None,
        typer.Option(
            "--to",
            metavar="N",
            help="Show the position after N actions (default: all).",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="K",
            help="See it as this seat, counted from 1 (default: a spectator).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Show a saved match as a seat (or a spectator) saw it, after N actions."""
    with user_errors(terminal_language()):
        try:
            index = None if seat is None else seat - 1
            record, state, count = load_position(file, to, index)
        except UnicodeDecodeError:
            raise RecordError(f"{str(file)!r} is not a match record (not UTF-8 text)") from None
    show_position(stdout_console(), record, state, count, index)


# -- bench -----------------------------------------------------------------
@app.command()
def bench(
    game: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[GAME]...", help="Games to measure (default: all).", show_default=False
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    runs: Annotated[
        int | None, typer.Option("--runs", "-r", metavar="R", show_default=False,
                                 help="Runs per figure (median; default 5, with --server 1).")
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", metavar="T", help="Minimum duration of each measured run.")
    ] = 0.5,
    ismcts_seconds: Annotated[
        float, typer.Option("--ismcts-seconds", metavar="T",
                            help="ISMCTS search time per measured move (0: skip ISMCTS).")
    ] = 1.0,
    server: Annotated[
        bool,
        typer.Option(
            "--server",
            help="Instead: load one `belle serve` on loopback with websocket clients at 50 "
            "and 500 concurrent tables (accepted actions/s, p50/p99 latency).",
        ),
    ] = False,
    tables: Annotated[
        str, typer.Option("--tables", metavar="N,N", help="With --server: table counts.")
    ] = "50,500",
    level_seconds: Annotated[
        float, typer.Option("--level-seconds", help="With --server: seconds per level.")
    ] = 20.0,
    think: Annotated[
        float,
        typer.Option(
            "--think", metavar="S",
            help="With --server: mean seconds a client thinks before each move (one seat "
            "moves per table, so the clients offer at most tables / S actions a second).",
        ),
    ] = 0.4,
    workers: Annotated[
        int, typer.Option("--workers", help="With --server: server processes to start "
                          "(several need --db postgresql://… and --redis).")
    ] = 1,
    db: Annotated[
        str | None, typer.Option("--db", help="With --server: the servers' database "
                                 "(with --closed-loop: PostgreSQL, a schema of its own).")
    ] = None,
    redis: Annotated[
        str | None, typer.Option("--redis", help="With --server: the workers' Redis.")
    ] = None,
    url: Annotated[
        list[str] | None,
        typer.Option("--url", help="With --server: load running servers instead (repeat; "
                     "tables are spread over them)."),
    ] = None,
    pid: Annotated[
        list[int] | None,
        typer.Option("--pid", help="With --url: each server's process id (CPU, memory)."),
    ] = None,
    idle_tables: Annotated[
        int, typer.Option("--idle-tables", metavar="N",
                          help="With --server: also memory per idle open table, over N.")
    ] = 0,
    spread_seats: Annotated[
        bool, typer.Option("--spread-seats",
                           help="With --server: each seat of a table on the next server.")
    ] = False,
    adapters: Annotated[
        bool, typer.Option("--adapters", help="Instead: the OpenSpiel adapter's playouts "
                           "and clone() against the native engine's (needs belle[openspiel]).")
    ] = False,
    abuse: Annotated[
        bool, typer.Option("--abuse", help="Instead: floods (hellos, silent sockets, huge "
                           "bodies, password guessing) beside --tables honest tables on one "
                           "loopback `belle serve`; their p99 quiet and under attack.")
    ] = False,
    baseline: Annotated[
        str | None, typer.Option("--baseline", metavar="REV", help="With --abuse: also a "
                                 "server of that git revision, in --rounds interleaved rounds.")
    ] = None,
    profile: Annotated[
        str | None, typer.Option("--profile", metavar="FILE", help="With --abuse: py-spy's "
                                 "samples of the server under the floods, to FILE.")
    ] = None,
    lobby_tables: Annotated[
        int, typer.Option("--lobby-tables", metavar="N", help="With --abuse: N more open "
                          "tables waiting in the lobby (a busy lobby's sync).")
    ] = 0,
    closed_loop: Annotated[
        bool, typer.Option("--closed-loop", help="With --server: boardgame.io's load shape "
                           "(no think time, one move in flight per table, --moves a table); "
                           "server CPU ms per move, p50/p99, messages, bytes, RSS.")
    ] = False,
    moves: Annotated[
        int, typer.Option("--moves", help="With --closed-loop: moves per table.")
    ] = 40,
    rounds: Annotated[
        int, typer.Option("--rounds", help="With --closed-loop (default 3) or --abuse "
                          "--baseline (default 1): interleaved rounds (median).")
    ] = 0,
    table_game: Annotated[
        str, typer.Option("--game", help="With --closed-loop: the tables' game.")
    ] = "paris_connection",
    players: Annotated[
        int, typer.Option("--players", help="With --closed-loop: seats per table.")
    ] = 3,
    bgio: Annotated[
        str | None, typer.Option("--bgio", metavar="DIR", help="With --closed-loop: also "
                                 "boardgame.io's stock server, from DIR's node_modules.")
    ] = None,
    bgio_players: Annotated[
        int | None, typer.Option("--bgio-players", metavar="N", help="With --bgio: "
                                 "boardgame.io's seats a table (default: --players).")
    ] = None,
    db_as_is: Annotated[
        bool, typer.Option("--db-as-is",
                           help="With --server --db: use that database itself (it must be "
                           "empty or an earlier benchmark's) instead of a schema of its own.")
    ] = False,
) -> None:
    """Engine speed: random playouts, clone() and legal_actions() per second, ISMCTS
    iterations per second."""
    if abuse:
        bench_module.bench_abuse(tables, level_seconds, think, as_json, baseline,
                                 rounds or 1, profile, lobby_tables)
        return
    if server and closed_loop:
        with user_errors():
            bench_module.bench_closed_loop(tables, moves, rounds or 3, table_game, players,
                                           bgio, as_json, db, bgio_players)
        return
    if server:
        _bench_server(tables, level_seconds, think, as_json, {
            "workers": workers, "db": db, "redis": redis, "urls": url, "pids": pid,
            "idle_tables": idle_tables, "spread_seats": spread_seats,
            "runs": 1 if runs is None else runs, "db_as_is": db_as_is})
        return
    runs = 5 if runs is None else runs
    with user_errors():
        ids = game or game_ids()
        for game_id in ids:
            load_game(game_id)
        check_positive("--runs", runs)
        if seconds <= 0:
            fail("--seconds must be positive")
        if not 0 <= ismcts_seconds <= 600:
            fail("--ismcts-seconds must be from 0 (skip ISMCTS) to 600")
    if adapters:  # belle/adapters/bench.py
        from belle.adapters.bench import report

        typer.echo(report(ids, runs, seconds, as_json))
        return
    results = []
    with stderr_console().status("") as spinner:
        for game_id in ids:
            spinner.update(f"measuring {game_id}…")
            results.append(bench_module.bench_game(game_id, runs, seconds,
                                                   ismcts_seconds=ismcts_seconds))
    if as_json:
        typer.echo(json.dumps(bench_module.bench_json(results)))
        return
    stdout_console().print(bench_module.engine_table(results, runs))


def _bench_server(tables: str, seconds: float, think: float, as_json: bool,
                  cluster: dict[str, Any]) -> None:
    from belle.server.bench.loadgen import run_server_bench
    from belle.server.bench.schema import BenchDatabaseError

    with user_errors():
        try:
            counts = [int(n) for n in tables.split(",") if n.strip()]
            report = run_server_bench(counts, seconds, think=think, **cluster)
        except ValueError as exc:
            fail(f"--tables/--level-seconds/--think/--workers/--runs: {exc}")
        except (RuntimeError, BenchDatabaseError) as exc:  # a server did not start
            fail(str(exc))
    if as_json:
        typer.echo(json.dumps(report))
        return
    table = Table(
        title=f"belle bench --server: {report['server']}, think {report['think_s']} s"
        + (f", median of {report['runs']} runs" if report.get("runs", 1) > 1 else ""),
        title_justify="left",
        caption="offered, sent, accepted: actions/s (offered = tables / think, the most "
        "the clients send: one seat moves per table); p50, p99, max: ms from sending an "
        "action to its own echo; cpu: server ms per accepted action",
        caption_justify="left",
    )
    for column in ("tables", "offered", "sent", "accepted", "p50", "p99", "max", "cpu"):
        table.add_column(column, justify="right", no_wrap=True)
    errors: list[str] = []
    for level in report["levels"]:
        cpu = level.get("server_cpu_ms_per_action")
        table.add_row(
            str(level.get("tables")),
            f"{level.get('offered_per_s', 0):,.0f}",
            f"{level.get('sent_per_s', 0):,.0f}",
            f"{level.get('accepted_per_s', 0):,.0f}",
            f"{level.get('p50_ms', 0):.1f}",
            f"{level.get('p99_ms', 0):.1f}",
            f"{level.get('max_ms', 0):.0f}",
            f"{cpu:.2f}" if cpu is not None else "–",
        )
        if level.get("errors"):
            errors.append(f"{level.get('tables')} tables: {level['errors']}")
    stdout_console().print(table)
    for line in errors:
        stdout_console().print(f"refused actions at {line}")
    memory = report.get("memory")
    if memory and memory.get("kib_per_idle_table") is not None:
        stdout_console().print(
            f"memory: {memory['kib_per_idle_table']:,.1f} KiB per idle open table "
            f"({memory['idle_tables']} tables; RSS {memory['rss_before_mib']} → "
            f"{memory['rss_after_mib']} MiB)")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database URL (default sqlite:///belle.db, or "
                     "$BELLE_DATABASE_URL)."),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option("--bot-delay", help="Seconds before each bot move.")
    ] = None,
    smtp_url: Annotated[
        str | None,
        typer.Option("--smtp-url", help="SMTP server for 'your turn' e-mails: smtp://, "
                     "smtp+starttls:// or smtps://user:pass@host:port (or $BELLE_SMTP_URL)."),
    ] = None,
    mail_from: Annotated[
        str | None, typer.Option("--mail-from", help="Sender of e-mails (or $BELLE_MAIL_FROM).")
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option("--public-url", help="The address players open, for links in e-mails "
                     "(or $BELLE_PUBLIC_URL; default: the address served)."),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option("--redis", help="Redis URL (or $BELLE_REDIS_URL): run as one worker of "
                     "several on a shared PostgreSQL database."),
    ] = None,
    lease_seconds: Annotated[
        float | None,
        typer.Option("--lease-seconds", help="With --redis: a table's lease period; another "
                     "worker takes over a dead one's bots within about this long (10)."),
    ] = None,
) -> None:
    """Start the web table (lobby, tables, websockets) and print its address."""
    from belle.server import run
    from belle.server.app import display_url
    from belle.server.cluster.fanout import FanoutError
    from belle.server.notices.mail import MailConfigError, mail_config

    with user_errors():
        if not 0 < port < 65536:
            fail(f"--port must be from 1 to 65535, not {port}")
        if bot_delay is not None and bot_delay < 0:
            fail("--bot-delay must not be negative")
        public = public_url or os.environ.get("BELLE_PUBLIC_URL") or display_url(host, port)
        try:
            mail = mail_config(smtp_url, mail_from, public)
        except MailConfigError as exc:
            fail(str(exc))
        if lease_seconds is not None and not 0 < lease_seconds <= 3600:
            fail("--lease-seconds must be more than 0 and at most 3600")
    redis_url = redis or os.environ.get("BELLE_REDIS_URL") or None
    try:
        run(host, port, database_url(db), bot_delay=bot_delay, mail=mail, redis_url=redis_url,
            lease_seconds=lease_seconds)
    except FanoutError as exc:
        fail(str(exc))


app.command("export")(backup.export_command)
app.command("balance")(balance_command)
app.command("import")(backup.import_command)
app.add_typer(admin_app)


def main() -> None:
    """Console entry point (`belle` in pyproject.toml)."""
    app(prog_name="belle")


__all__ = ["app", "main"]

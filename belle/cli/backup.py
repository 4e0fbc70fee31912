"""`belle export` and `belle import`: match records as JSON lines between databases.

The logic is in belle.storage.backup; here are the arguments, the files and the report.
Export writes to stdout or, with `--output`, to a file that appears only once complete.
Import reports every skipped and refused line on stderr and exits with status 1 when it
refused any (the other lines are imported).
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from belle.cli.common import database_url, fail, stderr_console

if TYPE_CHECKING:
    from belle.storage import Store

DbOpt = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default $BELLE_DATABASE_URL, else "
                 "sqlite:///belle.db).", show_default=False),
]


def parse_since(text: str) -> datetime:
    """A date (YYYY-MM-DD) or an ISO 8601 time; without a UTC offset it is UTC."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        fail(f"--since must be a date like 2026-11-29 or a time like 2026-11-29T18:00, "
             f"not {text!r}")
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@contextmanager
def open_store(db: str | None, *, must_exist: bool) -> Iterator[Store]:
    """The Store at `db` (see `database_url`), migrated; a clear error if it cannot open."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from belle.storage import Store, sqlite

    url = database_url(db)
    if must_exist and url.startswith("sqlite") and sqlite.is_file_url(url):
        path = url.split("///", 1)[-1]
        if not Path(path).is_file():
            fail(f"there is no database file {path!r} (--db or $BELLE_DATABASE_URL)")
    try:
        store = Store(url)
    except ArgumentError as exc:
        fail(f"bad database URL {url!r}: {exc}")
    try:
        store.migrate()
        yield store
    except SQLAlchemyError as exc:
        fail(f"database {store.engine.url.render_as_string()}: {str(exc).splitlines()[0]}")
    finally:
        store.close()


def export_command(
    db: DbOpt = None,
    since: Annotated[
        str | None,
        typer.Option("--since", metavar="DATE", help="Only matches changed at or after DATE "
                     "(YYYY-MM-DD or an ISO time, UTC unless it says otherwise).",
                     show_default=False),
    ] = None,
    status: Annotated[
        str, typer.Option("--status", help="finished, running, open, closed or all.")
    ] = "finished",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="FILE", help="Write here instead of stdout.",
                     show_default=False),
    ] = None,
) -> None:
    """Write matches as JSON lines (one match a line) to stdout or --output."""
    from belle.storage.backup import EXPORT_STATUSES, dumps_line, export_matches

    if status not in EXPORT_STATUSES:
        fail(f"--status is one of {', '.join(EXPORT_STATUSES)}, not {status!r}")
    moment = parse_since(since) if since is not None else None
    with open_store(db, must_exist=True) as store:
        matches = export_matches(store, since=moment, status=status)
        if output is None:
            count = _write(sys.stdout, (dumps_line(m) for m in matches))
        else:
            count = _write_file(output, (dumps_line(m) for m in matches))
    stderr_console().print(f"exported {count} match{'' if count == 1 else 'es'}", markup=False)


def _write(stream: TextIO, lines: Iterator[str]) -> int:
    count = 0
    for line in lines:
        stream.write(line + "\n")
        count += 1
    stream.flush()
    return count


def _write_file(path: Path, lines: Iterator[str]) -> int:
    """Write to a temporary file beside `path`, renamed over it once complete."""
    directory = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.")
    except OSError as exc:
        fail(f"cannot write in {str(directory)!r}: {exc.strerror}")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            count = _write(stream, lines)
        os.replace(temporary, path)
    except OSError as exc:
        fail(f"cannot write {str(path)!r}: {exc.strerror}")
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
    return count


def import_command(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="JSON lines from 'belle export' ('-': stdin).")
    ],
    db: DbOpt = None,
) -> None:
    """Import matches from JSON lines; each is replayed and checked, present ones skipped."""
    from belle.storage.backup import import_lines

    with _lines(file) as lines, open_store(db, must_exist=False) as store:
        report = import_lines(store, lines)
    console = stderr_console()
    for origin in report.skipped:
        console.print(f"skipped {origin}: already present", markup=False)
    for number, reason in report.refused:
        console.print(f"belle: {file}: line {number} refused: {reason}", markup=False,
                      soft_wrap=True)
    console.print(f"imported {len(report.imported)}, skipped {len(report.skipped)}, "
                  f"refused {len(report.refused)}", markup=False)
    if report.refused:
        raise typer.Exit(1)


@contextmanager
def _lines(file: str) -> Iterator[Iterator[str]]:
    if file == "-":
        yield iter(sys.stdin)
        return
    try:
        stream = open(file, encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as exc:
        fail(f"cannot read {file!r}: {exc.strerror}")
    with stream:
        try:
            yield iter(stream)
        except UnicodeDecodeError:
            fail(f"{file!r} is not UTF-8 text (JSON lines from 'belle export')")

"""`belle admin`: the operator's commands (the web side is `/admin`, belle.server.moderation).

    belle admin password                 # set the operator's password (asked twice)
    belle admin reports                  # the open reports of chat lines
    belle admin resolve 12               # report 12 is dealt with
    belle admin mute NAME / unmute NAME  # NAME may not chat / may again
    belle admin ban NAME / unban NAME    # NAME may not sign in / may again
    belle admin sanctions                # every muted or banned name
    belle admin close-table 42 --url http://127.0.0.1:8000

Every command but `close-table` works on the database (`--db`, else
$BELLE_DATABASE_URL): whoever runs it holds the database, and a running server picks
mutes and bans up within seconds. `close-table` asks the running server (`--url`, else
$BELLE_PUBLIC_URL), which closes the table through its actor, with the operator's
password (`--password`, else $BELLE_OPERATOR_PASSWORD, else asked).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import urllib.error
import urllib.request
from typing import Annotated, Any

import typer
from rich.table import Table

from belle.cli.backup import DbOpt, open_store
from belle.cli.common import fail, stdout_console

admin_app = typer.Typer(name="admin", help="The operator's commands: reports, mutes, bans, "
                                            "tables, the operator's password.",
                        no_args_is_help=True)

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="A player's name.",
                                        show_default=False)]


def _moderation(store: Any) -> Any:
    from belle.storage.moderation import Moderation

    return Moderation(store.engine)


@admin_app.command("password")
def password_command(
    db: DbOpt = None,
    password: Annotated[str | None, typer.Option(
        "--password", help="The new password (default: asked, twice).",
        show_default=False)] = None,
) -> None:
    """Set the operator's password (ends every operator session)."""
    from belle.server.accounts.passwords import check_password, hash_password
    from belle.server.errors import ServerError

    if password is None:
        password = typer.prompt("Operator password", hide_input=True,
                                confirmation_prompt=True)
    try:
        checked = check_password(password)
    except ServerError as exc:
        fail(exc.message)
    with open_store(db, must_exist=False) as store:
        _moderation(store).set_operator_password_hash(hash_password(checked))
    stdout_console().print("The operator's password is set; sign in at /admin.", markup=False)


@admin_app.command("reports")
def reports_command(db: DbOpt = None) -> None:
    """List the reports not resolved yet."""
    with open_store(db, must_exist=True) as store:
        found = _moderation(store).open_reports()
    if not found:
        stdout_console().print("No open report.", markup=False)
        return
    table = Table("id", "where", "author", "line", "reported by", "reason")
    for report in found:
        where = f"table {report.table_id}" if report.table_id is not None else "lobby"
        table.add_row(str(report.id), where, report.author, report.text, report.reporter,
                      report.reason or "-")
    stdout_console().print(table)


@admin_app.command("resolve")
def resolve_command(report_id: Annotated[int, typer.Argument(metavar="ID")],
                    db: DbOpt = None) -> None:
    """Mark a report dealt with."""
    with open_store(db, must_exist=True) as store:
        if not _moderation(store).resolve(report_id):
            fail(f"there is no open report {report_id}")
    stdout_console().print(f"Report {report_id} is resolved.", markup=False)


def _sanction(db: str | None, name: str, **change: bool) -> None:
    with open_store(db, must_exist=True) as store:
        player = store.get_player_by_name(name)
        if player is None:
            fail(f"there is no player {name!r}")
        found = _moderation(store).sanction(player.id, **change)
    assert found is not None
    state = ", ".join(word for word, on in (("muted", found.muted), ("banned", found.banned))
                      if on) or "neither muted nor banned"
    stdout_console().print(f"{found.name}: {state}.", markup=False)


@admin_app.command("mute")
def mute_command(name: NameArg, db: DbOpt = None) -> None:
    """NAME may not chat any more."""
    _sanction(db, name, muted=True)


@admin_app.command("unmute")
def unmute_command(name: NameArg, db: DbOpt = None) -> None:
    """NAME may chat again."""
    _sanction(db, name, muted=False)


@admin_app.command("ban")
def ban_command(name: NameArg, db: DbOpt = None) -> None:
    """NAME is signed out everywhere and may not sign in any more."""
    _sanction(db, name, banned=True)


@admin_app.command("unban")
def unban_command(name: NameArg, db: DbOpt = None) -> None:
    """NAME may sign in again."""
    _sanction(db, name, banned=False)


@admin_app.command("sanctions")
def sanctions_command(db: DbOpt = None) -> None:
    """List every muted or banned name."""
    with open_store(db, must_exist=True) as store:
        found = _moderation(store).sanctions()
    if not found:
        stdout_console().print("Nobody is muted or banned.", markup=False)
        return
    table = Table("name", "muted", "banned")
    for row in found:
        table.add_row(row.name, "yes" if row.muted else "", "yes" if row.banned else "")
    stdout_console().print(table)


@admin_app.command("close-table")
def close_table_command(
    table_id: Annotated[int, typer.Argument(metavar="ID", help="The table's number.")],
    url: Annotated[str | None, typer.Option(
        "--url", help="The running server (default: $BELLE_PUBLIC_URL, else "
                      "http://127.0.0.1:8000).", show_default=False)] = None,
    password: Annotated[str | None, typer.Option(
        "--password", help="The operator's password (default: $BELLE_OPERATOR_PASSWORD, "
                           "else asked).", show_default=False)] = None,
) -> None:
    """Close an open table or stop a running one, on the running server."""
    base = (url or os.environ.get("BELLE_PUBLIC_URL") or "http://127.0.0.1:8000").rstrip("/")
    if not base.startswith(("http://", "https://")):
        fail(f"--url starts with http:// or https://, not {base!r}")
    secret = password or os.environ.get("BELLE_OPERATOR_PASSWORD")
    if secret is None:
        secret = typer.prompt("Operator password", hide_input=True)
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    _call(opener, f"{base}/api/admin/session", {"password": secret})
    answer = _call(opener, f"{base}/api/admin/tables/{table_id}/close", {})
    stdout_console().print(f"Table {table_id} is {answer['status']}.", markup=False)


def _call(opener: urllib.request.OpenerDirector, url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with opener.open(request, timeout=20) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            message = json.loads(exc.read())["error"]["message"]
        except (ValueError, KeyError, TypeError):
            message = f"HTTP {exc.code}"
        fail(f"the server refused: {message}")
    except OSError as exc:
        fail(f"cannot reach the server at {url.split('/api/')[0]}: {exc}")

"""Chat commands: `/join [seat]`, `/leave`, `/start`, `/close`, `/bot NAME [seat]`, `/claim`
(at a table: the seat of a person silent too long, belle.server.table.departures),
`/help`.

At a table they do exactly what the buttons do (they call the same actor methods, with
the same guards and errors). In the lobby the same commands name the table first, by
the number the lobby shows (`/join 12 1`, `/leave 12`, `/start #12`, `/bot 12 greedy`).
Seats are numbered from 1 here, as people count them (`/join 1` takes the first seat;
the HTTP and websocket messages count from 0). The reply is a `notice` only the sender
sees, a `Notice` (belle.server.announcements) that the browser words in its reader's
language; a refusal is an `error`, as for the buttons. The effect itself reaches
everyone as a `table` event (and the lobby's table list) and the table's chat line.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from belle.bots import BOT_NAMES
from belle.server.announcements import Notice, notice
from belle.server.errors import ServerError
from belle.server.table.actor import TableActor
from belle.storage import Player

COMMANDS = ("join", "leave", "start", "close", "bot", "claim")
MAX_SEAT_DIGITS = 3  # no table has 1000 seats: a longer number is refused, not parsed


def table_help() -> Notice:
    return notice("help_table", bots=list(BOT_NAMES))


def lobby_help() -> Notice:
    return notice("help_lobby", bots=list(BOT_NAMES))


def is_command(text: str) -> bool:
    return text.startswith("/")


def _words(text: str) -> tuple[str, list[str]]:
    words = text[1:].split()
    return (words[0].lower() if words else ""), words[1:]


def _seat(args: list[str], usage: str, where: str) -> int | None:
    """The seat index a command names (people write it from 1), or None for any. A full
    stop after the command is the sentence's, not a seat (the seed writes "/join .")."""
    if args == ["."]:
        args = []
    if not args:
        return None
    if len(args) != 1 or not args[0].isdigit() or len(args[0]) > MAX_SEAT_DIGITS:
        raise _usage_error(usage, where)
    return int(args[0]) - 1  # "/join 0" reaches the seat check: "there is no seat 0"


async def table_command(actor: TableActor, player: Player | None, text: str,
                        address: str | None = None) -> Notice:
    """Run one table command; the confirmation to show the sender."""
    name, args = _words(text)
    if name in ("help", "?", ""):
        return table_help()
    if player is None:
        raise ServerError("not_signed_in", notice=notice("sign_in_first"))
    if name not in COMMANDS:
        raise ServerError("malformed", notice=notice("unknown_command", command=name[:40]))
    return await _run(actor, player, name, args, None, address)


async def lobby_command(
    find: Callable[[int], Awaitable[TableActor]], player: Player | None, text: str,
    address: str | None = None,
) -> Notice:
    """Run one lobby command (`find` gives a table's actor); the confirmation."""
    name, args = _words(text)
    if name in ("help", "?", ""):
        return lobby_help()
    if name not in COMMANDS:
        raise ServerError("malformed", notice=notice("unknown_command", command=name[:40]))
    if not args or not _is_table_id(args[0]):
        raise _usage_error(_usage(name, f"/{name} ID"), "lobby")
    if player is None:
        raise ServerError("not_signed_in", notice=notice("sign_in_first"))
    actor = await find(int(args[0].removeprefix("#")))
    return await _run(actor, player, name, args[1:], actor.id, address)


async def _run(
    actor: TableActor, player: Player, name: str, args: list[str], table: int | None,
    address: str | None,
) -> Notice:
    """Do what the button does; `table` names the table in the reply (in the lobby)."""
    where = "lobby" if table is not None else "table"
    usage = _usage(name, f"/{name} ID" if table is not None else f"/{name}")
    if name == "join":
        await actor.seats.join(player, _seat(args, usage, where))
        seat = (actor.seat_of(player.id) or 0) + 1
        return _reply("you_sat", table, seat=seat)
    if name == "leave":
        _no_more(args, usage, table)
        await actor.seats.leave(player)
        return _reply("you_left", table)
    if name == "start":
        _no_more(args, usage, table)
        await actor.lifecycle.start(player, address)
        return _reply("game_starts", table)
    if name == "close":
        _no_more(args, usage, table)
        await actor.lifecycle.close_table(player)
        return _reply("you_closed", table)
    if name == "claim":
        _no_more(args, usage, table)
        await actor.departures.claim(player)
        return _reply("you_claimed", None)
    if not args:
        raise _usage_error(usage, where)
    await actor.seats.add_bot(player, args[0], _seat(args[1:], usage, where))
    return _reply("bot_sits", table, bot=args[0])


def _reply(notice_id: str, table: int | None, **params: str | int) -> Notice:
    """The confirmation; in the lobby it names the table (`…_at`)."""
    if table is None:
        return notice(notice_id, **params)
    return notice(notice_id + "_at", table=table, **params)


def _usage(name: str, prefix: str) -> str:
    return {"join": f"{prefix} [seat]", "bot": f"{prefix} NAME [seat]"}.get(name, prefix)


def _usage_error(usage: str, where: str) -> ServerError:
    said = notice("usage_table_id" if where == "lobby" else "usage", usage=usage)
    return ServerError("malformed", notice=said)


def _no_more(args: list[str], usage: str, table: int | None) -> None:
    """In the lobby, a word after /leave ID or /start ID is refused (a second table
    number, most likely); at a table extra words are ignored, as they always were."""
    if args and table is not None:
        raise _usage_error(usage, "lobby")


def _is_table_id(word: str) -> bool:
    digits = word.removeprefix("#")
    return digits.isdigit() and len(digits) <= 18

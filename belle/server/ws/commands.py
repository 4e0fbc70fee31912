"""Chat commands: `/join [seat]`, `/leave`, `/start`, `/close`, `/bot NAME [seat]`, `/help`.

At a table they do exactly what the buttons do (they call the same actor methods, with
the same guards and errors). In the lobby the same commands name the table first, by
the number the lobby shows (`/join 12 1`, `/leave 12`, `/start #12`, `/bot 12 greedy`).
Seats are numbered from 0, as everywhere in Belle. The reply is a `notice` only the
sender sees (a refusal: an `error`, as for the buttons); the effect itself reaches
everyone as a `table` event (and the lobby's table list).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from belle.bots import BOT_NAMES
from belle.server.errors import ServerError
from belle.server.table.actor import TableActor
from belle.storage import Player

TABLE_HELP = (
    "commands: /join [seat] takes a seat (numbered from 0; the first free one without a "
    "number) · /leave gives it up · /bot NAME [seat] adds a bot "
    f"({', '.join(BOT_NAMES)}) · /start starts once every seat is taken · /close closes "
    "a table you created that has not started · /help"
)
LOBBY_HELP = (
    "commands name a table by its number (#12 or 12): /join ID [seat] takes a seat (the "
    "first free one without a number) · /leave ID gives it up · /bot ID NAME [seat] adds "
    f"a bot ({', '.join(BOT_NAMES)}) · /start ID starts once every seat is taken · "
    "/close ID closes a table you created that has not started · /help; "
    "at a table the same commands need no ID"
)
COMMANDS = ("join", "leave", "start", "close", "bot")


def is_command(text: str) -> bool:
    return text.startswith("/")


def _words(text: str) -> tuple[str, list[str]]:
    words = text[1:].split()
    return (words[0].lower() if words else ""), words[1:]


def _seat(args: list[str], usage: str) -> int | None:
    if not args:
        return None
    if len(args) != 1 or not args[0].isdigit():
        raise ServerError("malformed", f"usage: {usage}")
    return int(args[0])


async def table_command(actor: TableActor, player: Player | None, text: str,
                        address: str | None = None) -> str:
    """Run one table command; the confirmation to show the sender."""
    name, args = _words(text)
    if name in ("help", "?", ""):
        return TABLE_HELP
    if player is None:
        raise ServerError("not_signed_in", "pick a name first")
    if name not in COMMANDS:
        raise ServerError("malformed", f"unknown command /{name}; {TABLE_HELP}")
    return await _run(actor, player, name, args, "", address)


async def lobby_command(
    find: Callable[[int], Awaitable[TableActor]], player: Player | None, text: str,
    address: str | None = None,
) -> str:
    """Run one lobby command (`find` gives a table's actor); the confirmation."""
    name, args = _words(text)
    if name in ("help", "?", ""):
        return LOBBY_HELP
    if name not in COMMANDS:
        raise ServerError("malformed", f"unknown command /{name}; {LOBBY_HELP}")
    if not args or not _is_table_id(args[0]):
        raise ServerError("malformed", f"usage: {_usage(name, '/' + name + ' ID')}; "
                                       "ID is the table's number, as the lobby shows it")
    if player is None:
        raise ServerError("not_signed_in", "pick a name first")
    actor = await find(int(args[0].removeprefix("#")))
    return await _run(actor, player, name, args[1:], f"table {actor.id}", address)


async def _run(
    actor: TableActor, player: Player, name: str, args: list[str], where: str,
    address: str | None,
) -> str:
    """Do what the button does; `where` names the table in the reply (in the lobby)."""
    prefix = f"/{name} ID" if where else f"/{name}"
    of, at = (f" of {where}", f" at {where}") if where else ("", "")
    if name == "join":
        await actor.seats.join(player, _seat(args, _usage(name, prefix)))
        return f"you sit at seat {actor.seat_of(player.id)}{of}"
    if name == "leave":
        _no_more(args, _usage(name, prefix), where)
        await actor.seats.leave(player)
        return f"you left your seat{at}"
    if name == "start":
        _no_more(args, _usage(name, prefix), where)
        await actor.seats.start(player, address)
        return f"the game{at} starts"
    if name == "close":
        _no_more(args, _usage(name, prefix), where)
        await actor.seats.close_table(player)
        return f"you closed {where or 'the table'}"
    if not args:
        raise ServerError("malformed", f"usage: {_usage(name, prefix)}; bots: "
                                       f"{', '.join(BOT_NAMES)}")
    await actor.seats.add_bot(player, args[0], _seat(args[1:], _usage(name, prefix)))
    return f"a {args[0]} bot sits down{at}"


def _usage(name: str, prefix: str) -> str:
    return {"join": f"{prefix} [seat]", "bot": f"{prefix} NAME [seat]"}.get(name, prefix)


def _no_more(args: list[str], usage: str, where: str) -> None:
    """In the lobby, a word after /leave ID or /start ID is refused (a second table
    number, most likely); at a table extra words are ignored, as they always were."""
    if args and where:
        raise ServerError("malformed", f"usage: {usage}")


def _is_table_id(word: str) -> bool:
    digits = word.removeprefix("#")
    return digits.isdigit() and len(digits) <= 18

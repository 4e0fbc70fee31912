"""Chat commands: `/join [seat]`, `/leave`, `/start`, `/bot NAME [seat]`, `/help`.

At a table they do exactly what the buttons do (they call the same actor methods, with
the same guards and errors). Seats are numbered from 0, as everywhere in Belle. The
reply is a `notice` only the sender sees; the effect itself reaches everyone as a
`table` event.
"""

from __future__ import annotations

from belle.bots import BOT_NAMES
from belle.server.errors import ServerError
from belle.server.table import TableActor
from belle.storage import Player

TABLE_HELP = (
    "commands: /join [seat] takes a seat (numbered from 0; the first free one without a "
    "number) · /leave gives it up · /bot NAME [seat] adds a bot "
    f"({', '.join(BOT_NAMES)}) · /start starts once every seat is taken · /help"
)
LOBBY_HELP = (
    "open a table from the list to play; at a table, /join, /leave, /bot NAME, /start "
    "and /help run it from the chat"
)


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


async def table_command(actor: TableActor, player: Player | None, text: str) -> str:
    """Run one table command; the confirmation to show the sender."""
    name, args = _words(text)
    if name in ("help", "?", ""):
        return TABLE_HELP
    if player is None:
        raise ServerError("not_signed_in", "pick a name first")
    if name == "join":
        await actor.join(player, _seat(args, "/join [seat]"))
        return f"you sit at seat {actor.seat_of(player.id)}"
    if name == "leave":
        await actor.leave(player)
        return "you left your seat"
    if name == "start":
        await actor.start(player)
        return "the game starts"
    if name == "bot":
        if not args:
            raise ServerError("malformed", f"usage: /bot NAME [seat]; bots: {', '.join(BOT_NAMES)}")
        await actor.add_bot(player, args[0], _seat(args[1:], "/bot NAME [seat]"))
        return f"a {args[0]} bot sits down"
    raise ServerError("malformed", f"unknown command /{name}; {TABLE_HELP}")


def lobby_command(text: str) -> str:
    """The lobby knows only /help; the reply to any command."""
    name, _ = _words(text)
    if name in ("help", "?", ""):
        return LOBBY_HELP
    return f"/{name} works at a table; {LOBBY_HELP}"

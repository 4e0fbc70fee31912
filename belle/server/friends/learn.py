"""Learn by playing (issue 20 item 5): a guided first game against bots, and "why can't I?"

`start` makes a private table of the game at its smallest player count, the learner in
the first seat and easy bots in the others, and starts it (a learner's unfinished table
of that game is reused). The table page then shows the rules page's summary step by
step as each rule first comes up in play (belle/web/js/learn.js).

`why` answers "why can't I do that?" for a move written in the game's notation, from
the engine's own refusal (`State.why_illegal`: the game's reason in the words of its rules,
such as "not enough francs: this costs 5, you have 3", else a general one) as a message of
the game's catalogue, worded in the asker's language by the page; and the legal moves of
the same kind instead. The engine reads only what the seat to move may know, and only
that seat gets an answer (the others hear that it is not their turn), so an answer never
tells what the asker may not know. Any seated player may ask, at any table (not only a
learning one).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from belle.engine.errors import GameError
from belle.engine.game import State
from belle.engine.registry import game_ids, load_game
from belle.engine.texts import TEXTS
from belle.i18n.games import texts_of
from belle.i18n.text import Message
from belle.i18n.text import seat as seat_param
from belle.server.errors import ServerError
from belle.server.table.chat import seat_names
from belle.storage import Player, TableRecord

if TYPE_CHECKING:
    from belle.server.hub import Hub
    from belle.server.table.actor import TableActor

LEARN_BOT = "easy"
ALTERNATIVES = 12  # legal moves of the same kind named in an answer


async def start(hub: Hub, player: Player, game_id: str, address: str | None) -> TableRecord:
    """The learner's table for `game_id`, started (made now unless one is unfinished)."""
    if game_id not in game_ids():
        raise ServerError("not_found", "there is no game '{game}'; the games are {games}",
                          params={"game": game_id[:40], "games": ", ".join(game_ids())})
    book = hub.friends.book
    found = await hub.db.read(book.learning_table, player.id, game_id)
    if found is not None:
        return (await hub.actor(found)).table
    most = hub.limits.max_open_tables
    if await hub.db.read(hub.store.count_open_tables, player.id) >= most:
        raise ServerError("too_many_tables", "you host {most} tables waiting for players: "
                                             "start or close one before creating another",
                          params={"most": most})
    game = load_game(game_id)
    create = functools.partial(hub.store.create_table, private=True)
    table = await hub.db.write(create, game_id, dict(game.options), game.info.min_players,
                               "live", player.id, None)
    await hub.db.write(book.add_member, table.id, player.id, "learn", None)
    await hub.db.write(book.set_origin, table.id, "learn", None, player.id)
    actor = await hub.actor(table.id)
    await actor.seats.join(player, 0)
    for seat in range(1, table.players):
        await actor.seats.add_bot(player, LEARN_BOT, seat)
    await actor.lifecycle.start(player, address)
    return actor.table


async def why(actor: TableActor, player: Player, text: str) -> dict[str, Any]:
    """Why the asker may not make the move written `text` now (or that they may)."""
    seat = actor.seat_of(player.id)
    if seat is None:
        raise ServerError("not_seated", "you have no seat at this table")
    state = actor.state
    if state is None or actor.setup.status not in ("running", "finished"):
        raise ServerError("not_ready", "the game is not under way")
    try:
        action = state.parse_action(text.strip())
    except GameError as exc:
        raise ServerError("malformed", "that is not a move of this game: {reason}",
                          refusal=exc.refusal(actor.setup.game),
                          params={"reason": str(exc)}) from exc
    move = state.action_to_string(action)
    mover = state.current_player()
    if not state.is_terminal() and mover != seat:
        reason = (TEXTS.message("engine.refuse.not_your_turn", player=seat_param(mover))
                  if mover >= 0 else state.why_illegal(action))
        return {"legal": False, "move": move, "why": _worded(actor, reason), "instead": []}
    refusal = state.why_illegal(action)
    if refusal is None:
        return {"legal": True, "move": move, "why": None, "instead": []}
    instead = [] if state.is_terminal() else alternatives(state, action)
    return {"legal": False, "move": move, "why": _worded(actor, refusal), "instead": instead}


def alternatives(state: State[Any], action: Any) -> list[str]:
    """The legal moves of the same kind as `action` (the first ALTERNATIVES), written."""
    wanted = state.action_kind(action)
    same = [a for a in state.legal_actions() if state.action_kind(a) == wanted]
    return [state.action_to_string(a) for a in same[:ALTERNATIVES]]


def _worded(actor: TableActor, message: Message | None) -> dict[str, Any] | None:
    """The refusal for the page: its message and game (the page words it in its reader's
    language) and the English sentence, seats named as at the table."""
    if message is None:
        return None
    game = actor.setup.game
    english = texts_of(game).english(message, seat_names(actor))
    return {"game": game, **message, "sentence": english}

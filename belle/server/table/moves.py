"""The move path of a table: guard → apply → persist → emit, then the server's own moves.

An action passes the ordered guards auth → seat → turn → version → legality, is
applied, persisted (one transaction; a `ConcurrencyError` means another writer won and
the table reloads), and only then broadcast. Chance is sampled here with an RNG derived
from the table's secret seed and the action number, so a restart continues exactly;
a finished game is stored with its result and its people's results before the end is
told.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from belle.engine.errors import IllegalActionError, InvalidActionError
from belle.engine.game import CHANCE, State
from belle.engine.record import RecordEntry
from belle.engine.referee import sample_chance
from belle.engine.rematch import forced_start, start_choice_set
from belle.server.errors import ServerError
from belle.server.table import notations, plans
from belle.server.table import undo as takeback
from belle.server.table.broadcast import result
from belle.storage import ConcurrencyError

if TYPE_CHECKING:
    from belle.server.table.actor import TableActor


class Moves:
    """Every change of the game state goes through here, under the table's lock."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def act(self, player_id: int | None, version: int, payload: Any,
                  plan: Any = None) -> None:
        """Play `payload` for the sender's seat, through the ordered guards; `plan`: the
        seat's plan, saved if the action ends its turn (belle.server.table.plans)."""
        actor = self.actor
        async with actor.command():
            state = self.guard(player_id, version)
            game = actor.setup.game
            if plan is not None:
                plan = plans.checked(game, plan)
            try:
                action = state.action_from_json(payload)
            except (InvalidActionError, ValueError, TypeError, KeyError) as exc:
                refusal = exc.refusal(game) if isinstance(exc, InvalidActionError) else None
                raise ServerError("malformed", "not an action of this game: {reason}",
                                  refusal=refusal, params={"reason": str(exc)}) from exc
            seat = state.current_player()
            saved = None
            if plan is not None and player_id is not None and plans.ends_turn(game, action):
                saved = plans.Saving(actor, seat, player_id, plan)
            await self.commit(action, saved)
            await self.advance()

    async def undo(self, player_id: int | None, version: int) -> None:
        """Take back the sender's last step: act's guards, then the undo policy."""
        async with self.actor.command():
            await takeback.take_back(self.actor, self.guard(player_id, version))

    def guard(self, player_id: int | None, version: int) -> State[Any]:
        """The live state, if `player_id` may move on `version` now; else ServerError."""
        actor = self.actor
        if player_id is None:
            raise ServerError("not_signed_in", "pick a name before playing")
        seat = actor.seat_of(player_id)
        if seat is None:
            raise ServerError("not_seated", "you have no seat at this table")
        state = actor.state
        if state is None:
            raise ServerError("not_ready", "the game has not started")
        if state.is_terminal():
            raise ServerError("game_over", "the game is over")
        if actor.setup.status == "aborted":
            raise ServerError("not_ready", "this game was aborted: it does not go on")
        seats = actor.setup.seats  # current (the record's event number may not be)
        if seats[seat].forfeited:  # for good: "take it back first" would mislead
            raise ServerError("forfeited", "you forfeited this seat: a bot plays it to the end")
        if state.current_player() != seat:
            raise ServerError("not_your_turn", "it is not your turn")
        if seats[seat].bot_plays:
            raise ServerError("away", "a bot plays your seat now: take it back first")
        if actor.timekeeper.expired():
            raise ServerError("time_out", "your time ran out")
        if version != actor.version:
            raise ServerError(
                "stale", "your action was made on version {sent}; the table is at "
                "{version}: resync", params={"sent": version, "version": actor.version}
            )
        return state

    async def commit(self, action: Any, saved: plans.Saving | None = None) -> None:
        """Apply (legality), persist, then broadcast one action, with the chance outcomes
        that follow it at once (one transaction, one event message where everyone may see
        them: belle.server.table.broadcast); `saved`: the plan its turn ends with, stored
        before anyone hears of the action."""
        actor = self.actor
        state = actor.state
        assert state is not None
        revealed = state.reveals_to_mover(action)
        entries = [self.apply(action)]
        if state.current_player() == CHANCE and actor.setup.status == "running":
            entries += await self._draw(state, pending=1)
        n = await self.persist(entries)
        if saved is not None:
            await saved.save()
        actor.reveals.note(len(actor.entries) - len(entries), revealed)
        self.emit(n, entries)

    def apply(self, action: Any) -> RecordEntry:
        """Apply `action` to the live state (IllegalActionError: `illegal`); its entry."""
        state = self.actor.state
        assert state is not None
        entry = _entry(state, action)
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise ServerError("illegal", str(exc),
                              refusal=_why_refused(exc, self.actor.setup.game)) from exc
        return entry

    async def persist(self, entries: list[RecordEntry]) -> int:
        """Store actions applied to the live state (one transaction); the last event number.

        On any failure the table reloads from the database, dropping what was applied.
        """
        actor = self.actor
        host = actor.host
        try:
            n = await host.db.append(actor.id, len(actor.entries), entries)
        except ConcurrencyError as exc:
            await actor.reload()
            raise ServerError("stale", "another move was stored first: resync") from exc
        except BaseException:
            await actor.reload()
            raise
        actor.entries.extend(entries)
        actor.progressed_to(n)
        return n

    def emit(self, n: int, entries: list[RecordEntry]) -> None:
        """Tell the members and the other workers about actions stored up to event `n`."""
        self.actor.events.actions(n, entries)
        self.actor.remote.share_actions(n, entries)

    async def advance(self) -> None:
        """Resolve chance, finish a terminal game, and wake the bot to move."""
        actor = self.actor
        state = actor.state
        if state is None or actor.setup.status != "running":
            return
        if state.current_player() == CHANCE:
            await self._resolve_chance(state)
        if state.is_terminal():
            await self._finish(state)
        else:
            await actor.timekeeper.follow()
            await actor.host.progressed(actor)
            actor.bots.wake()

    async def _resolve_chance(self, state: State[Any]) -> None:
        """Sample every chance node in a row; persist them together and tell them."""
        entries = await self._draw(state)
        n = await self.persist(entries)
        self.emit(n, entries)

    async def _draw(self, state: State[Any], pending: int = 0) -> list[RecordEntry]:
        """Sample and apply every chance node in a row, after `pending` entries applied
        but not yet persisted; their entries (not persisted either).

        The RNG of action k is derived from the secret seed and k, so a restart in the
        middle draws exactly what an uninterrupted table would have drawn.
        """
        actor = self.actor
        entries: list[RecordEntry] = []
        while state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            forced = await self._start_draw(state, outcomes)
            k = actor.version + pending + len(entries)
            rng = random.Random(f"{actor.setup.seed}/chance/{k}")
            entries.append(self.apply(forced if forced is not None
                                      else sample_chance(state, rng, outcomes)))
        return entries

    async def _start_draw(self, state: State[Any], outcomes: list[tuple[Any, float]]
                          ) -> Any | None:
        """At a rematch's start-player draw, the outcome its game's rule names
        (belle.engine.rematch); None at every other chance node (`outcomes`: its
        outcomes)."""
        if start_choice_set(self.actor.setup.game).isdisjoint(a for a, _p in outcomes):
            return None
        host = self.actor.host
        seat = await host.db.read(host.store.rematches.start_seat, self.actor.id)
        return forced_start(state, seat) if seat is not None else None

    async def _finish(self, state: State[Any]) -> None:
        """Store the end with each person's result (one transaction: `Host.store_end`),
        then tell everyone: whoever sees the game over can read their statistics; the
        listeners (notices, tournaments, the chat's last line) come after."""
        actor = self.actor
        host = actor.host
        outcome = result(actor, state)
        n = await host.store_end(actor, outcome)
        actor.changed(n, status="finished", result=outcome)
        await actor.timekeeper.follow()
        actor.events.over(n, state)
        host.share({"table": actor.id, "kind": "over", "n": n, "result": outcome})
        host.table_changed(actor.table)
        await host.finished(actor)


def _why_refused(exc: IllegalActionError, game: str) -> dict[str, Any] | None:
    """What a client words for a move the rules refuse: why (`State.why_illegal`: "not
    enough francs", "this move is not possible now") when the state said, else the
    engine's refusal. The moves in notation that the refusal quotes are the terminal's
    words, not a sentence for a table's player; the English `message` keeps them."""
    if exc.reason is not None:
        return {"game": game, **exc.reason}
    return exc.refusal(game)


def _entry(state: State[Any], action: Any) -> RecordEntry:
    """The record entry of `action` about to be applied to `state` (with its visibility;
    its JSON and text shared with equal actions: belle.server.table.notations)."""
    json_value, text = notations.notation(state, action)
    seen_by = state.action_visibility(action)
    return RecordEntry(state.current_player(), json_value, text,
                       sorted(seen_by) if seen_by is not None else None)

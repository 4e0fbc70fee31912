"""Match records: the action log plus metadata, as JSON; `replay` rebuilds the state.

A record is the source of truth for a match (snapshots are caches). It notes the
engine version that wrote it, which picks the game's rules revision on replay. Each
entry keeps the acting seat (or "chance"), the action in the game's JSON codec, its
notation and who may see it; `redacted_for(seat)` hides the outcomes that seat may
not see.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from belle import __version__
from belle.engine.errors import GameError, RecordError
from belle.engine.game import CHANCE, State
from belle.engine.registry import load_recorded_game
from belle.engine.texts import TEXTS, typed

RECORD_FORMAT = 1


@dataclass(slots=True)
class RecordEntry:
    """One action of a match."""

    player: int  # seat index, or CHANCE
    action: Any  # the game's JSON codec; None where redacted
    text: str  # notation; "?" where redacted
    visible_to: list[int] | None = None  # None: public

    def to_json(self) -> dict[str, Any]:
        return {
            "player": "chance" if self.player == CHANCE else self.player,
            "action": self.action,
            "text": self.text,
            "visible_to": self.visible_to,
        }

    @classmethod
    def from_json(cls, data: Any, number: int = 1) -> RecordEntry:
        """An entry from its JSON; `number` (from 1) names it in a refusal."""
        if not isinstance(data, dict) or "action" not in data or "player" not in data:
            raise TEXTS.error(RecordError, "engine.record.entry",
                              f"a record entry needs 'player' and 'action': {data!r}",
                              number=number)
        player = CHANCE if data["player"] == "chance" else data["player"]
        if not isinstance(player, int):
            raise TEXTS.error(RecordError, "engine.record.entry",
                              f"bad player in record entry: {data['player']!r}",
                              number=number)
        visible = data.get("visible_to")
        return cls(player, data["action"], str(data.get("text", "")), visible)


@dataclass(slots=True)
class MatchRecord:
    """A whole match: game, engine version, options, seats, seed and action log."""

    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int | None = None
    actions: list[RecordEntry] = field(default_factory=list)
    engine_version: str = __version__
    result: dict[str, Any] | None = None

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def append(self, state: State[Any], action: Any) -> None:
        """Record `action` as about to be applied to `state`."""
        player = state.current_player()
        seen_by = state.action_visibility(action)
        self.actions.append(
            RecordEntry(
                player,
                state.action_to_json(action),
                state.action_to_string(action),
                sorted(seen_by) if seen_by is not None else None,
            )
        )

    def finish(self, state: State[Any]) -> None:
        self.result = {
            "returns": state.returns(),
            "ranking": state.ranking(),
            "breakdown": state.score_breakdown(),
        }

    def redacted_for(self, seat: int | None) -> MatchRecord:
        """A copy where outcomes `seat` may not see are hidden (None = spectator)."""
        entries = [
            entry
            if entry.visible_to is None or (seat is not None and seat in entry.visible_to)
            else RecordEntry(entry.player, None, "?", entry.visible_to)
            for entry in self.actions
        ]
        return MatchRecord(
            self.game, dict(self.options), list(self.seats), None, entries,
            self.engine_version, self.result,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "engine_version": self.engine_version,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seats": self.seats,
            "seed": self.seed,
            "actions": [entry.to_json() for entry in self.actions],
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict):
            raise TEXTS.error(RecordError, "engine.record.not_object")
        game, options, seats = data.get("game"), data.get("options") or {}, data.get("seats")
        actions, seed = data.get("actions", []), data.get("seed")
        if not isinstance(game, str):
            raise TEXTS.error(RecordError, "engine.record.field",
                              "record field 'game' must be a game id (a string)",
                              field="game")
        if not isinstance(options, dict):
            raise TEXTS.error(RecordError, "engine.record.field",
                              "record field 'options' must be an object",
                              field="options")
        if not isinstance(seats, list) or not seats:
            raise TEXTS.error(RecordError, "engine.record.field",
                              "record field 'seats' must be a non-empty list of seat names",
                              field="seats")
        if not isinstance(actions, list):
            raise TEXTS.error(RecordError, "engine.record.field",
                              "record field 'actions' must be a list",
                              field="actions")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TEXTS.error(RecordError, "engine.record.field",
                              "record field 'seed' must be an integer or null",
                              field="seed")
        return cls(
            game=game,
            options=dict(options),
            seats=[str(s) for s in seats],
            seed=seed,
            actions=[RecordEntry.from_json(e, n) for n, e in enumerate(actions, 1)],
            engine_version=str(data.get("engine_version", "unknown")),
            result=data.get("result"),
        )

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise TEXTS.error(RecordError, "engine.record.unreadable",
                              f"cannot read record {str(path)!r}: {exc.strerror}",
                              path=str(path), reason=exc.strerror or str(exc)) from exc
        except UnicodeDecodeError as exc:
            raise TEXTS.error(RecordError, "engine.record.not_text",
                              f"{str(path)!r} is not a text file (a JSON match record)",
                              path=str(path)) from exc
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TEXTS.error(RecordError, "engine.record.not_json",
                              f"{str(path)!r} is not JSON: {exc.msg} at line {exc.lineno}",
                              path=str(path), line=exc.lineno) from exc
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")


def new_state(record: MatchRecord) -> State[Any]:
    """The initial state of the match `record` describes, under the rules revision of
    the engine version that recorded it (belle.engine.load_recorded_game)."""
    game = load_recorded_game(record.game, record.options, record.engine_version)
    return game.new_initial_state(record.num_players)


def replay(record: MatchRecord, upto: int | None = None) -> State[Any]:
    """Rebuild the state after the first `upto` actions (all by default), checking each."""
    state = new_state(record)
    entries = record.actions if upto is None else record.actions[:upto]
    for index, entry in enumerate(entries):
        if entry.action is None:
            raise TEXTS.error(RecordError, "engine.record.redacted",
                              f"action {index} is redacted; this record cannot be replayed",
                              number=index + 1)
        try:
            action = state.action_from_json(entry.action)
            if state.current_player() != entry.player:
                raise TEXTS.error(
                    RecordError, "engine.record.wrong_player",
                    f"action {index} is recorded for player {entry.player} "
                    f"but player {state.current_player()} is to move", number=index + 1)
            state.apply_action(action)
        except GameError as exc:
            if isinstance(exc, RecordError):
                raise
            message = TEXTS.message("engine.record.does_not_replay", number=index + 1,
                                    move=typed(entry.text), reason=exc.message or str(exc))
            raise RecordError(f"action {index} ({entry.text}) does not replay: {exc}",
                              message=message, domain=exc.domain or TEXTS.game) from exc
    return state

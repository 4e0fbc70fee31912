"""Turn notices noted while storage does not answer are kept and written once it answers
(belle.server.notices.turns): an outage must not lose a player's "your turn"."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

from belle.server.database import StorageUnavailable
from belle.server.notices.turns import TurnNotifier
from belle.storage.notices import TurnChange


class RefusingDb:
    """Refuses writes while `down`, else runs them (as Database.write would)."""

    def __init__(self) -> None:
        self.down = True

    async def write(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self.down:
            raise StorageUnavailable()
        return fn(*args)


class Notices:
    def __init__(self) -> None:
        self.noted: list[TurnChange] = []

    def note_turns(self, changes: Sequence[TurnChange]) -> None:
        self.noted.extend(changes)

    def set_turns(self, changes: Sequence[TurnChange]) -> list[int]:
        self.noted.extend(changes)
        return []


def actor_at(table_id: int, seat: int) -> Any:
    """A live table whose `seat` (a person, id 10 + seat) is to move after another's move."""
    state = SimpleNamespace(is_terminal=lambda: False, current_player=lambda: seat)
    seats = [SimpleNamespace(bot_plays=False, player_id=10 + s) for s in range(3)]
    return SimpleNamespace(id=table_id, state=state,
                           entries=[SimpleNamespace(player=(seat + 1) % 3)],
                           setup=SimpleNamespace(seats=seats, mode="live",
                                                 game="paris_connection"))


def test_turns_noted_in_an_outage_are_written_when_storage_answers() -> None:
    async def run() -> list[TurnChange]:
        db, notices = RefusingDb(), Notices()
        notifier = TurnNotifier(SimpleNamespace(db=db), notices, None,  # type: ignore[arg-type]
                                batch_seconds=0.01)
        await notifier.progressed(actor_at(1, 0))
        await notifier.progressed(actor_at(2, 1))
        await asyncio.sleep(0.05)  # several batches refused
        assert notices.noted == []
        db.down = False
        for _ in range(200):
            if len(notices.noted) == 2:
                break
            await asyncio.sleep(0.01)
        await notifier.stop()
        return notices.noted

    noted = asyncio.run(run())
    assert [(change[0], change[1], change[2]) for change in noted] == [(1, 0, 10), (2, 1, 11)]
